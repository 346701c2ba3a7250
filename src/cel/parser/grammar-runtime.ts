/**
 * The ANTLR runtime and the parsers generated from grammar/CEL.g4 and grammar/CELLegacy.g4: the
 * CEL parser's slow path, run only for what the hand-written parser (fast-parser.ts) leaves to
 * it, such as syntax errors. A corpus check never needs it.
 *
 * The bundles do not carry this module: scripts/build.mjs builds it on its own into
 * dist/cel-grammar.cjs and gives the bundles a `grammarRuntime` that requires that file the
 * first time it is called. Loading the runtime and the generated parsers (their ATNs are read
 * when their modules run) cost every run about 0.08 s of start-up (docs/performance.md).
 */
import * as antlr from 'antlr4ng'
import { CELLegacyLexer } from './generated/CELLegacyLexer.js'
import * as legacy from './generated/CELLegacyParser.js'
import { CELLexer } from './generated/CELLexer.js'
import * as modern from './generated/CELParser.js'

const runtime = { antlr, CELLexer, CELLegacyLexer, modern, legacy }

export type GrammarRuntime = typeof runtime

/** The runtime and generated parsers. */
export function grammarRuntime(): GrammarRuntime {
  return runtime
}
