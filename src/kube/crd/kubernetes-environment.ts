/**
 * Adapter from the Kubernetes CEL environment (src/kube/cel/environment.ts) to what the CRD
 * rule compiler needs (rule-environment.ts): one base environment per release and mode, and per
 * rule node only `self`/`oldSelf` and its object types on top — cheaply, since a CRD corpus has
 * thousands of rule nodes.
 */
import type { CheckerEnv } from '../../cel/checker/index.js'
import { checkParsed, type CompileResult } from '../../cel/env.js'
import { parse, resolveParserOptions } from '../../cel/parser/index.js'
import type { ParserOptions, ResolvedParserOptions } from '../../cel/parser/index.js'
import type { Macro } from '../../cel/parser/macros.js'
import { kubernetesCelEnvironment } from '../cel/environment.js'
import type { KubernetesCelEnvironment } from '../cel/environment.js'
import type { KubernetesVersion } from '../versions.js'
import type {
  ExpressionEnvironment,
  RuleDeclarations,
  RuleEnvironment
} from './rule-environment.js'

export function kubernetesRuleEnvironment(
  version: KubernetesVersion,
  kind: ExpressionEnvironment
): RuleEnvironment {
  const base = kubernetesCelEnvironment({
    version,
    mode: kind === 'NewExpressions' ? 'new' : 'stored'
  })
  // Parsing does not depend on the rule's node, nor on the environment beyond its parser
  // options: the same text parses once per parsing behaviour (e.g. once for New and Stored,
  // and for releases whose cel-go parses alike).
  const parseCached = parserFor(base.parserOptions)
  return {
    version,
    kind,
    celEnvironment: base,
    parse: parseCached,
    checker: (declarations) => withDeclarations(base.checker, declarations),
    compile(expression: string, declarations: RuleDeclarations): CompileResult {
      return checkParsed(parseCached(expression), withDeclarations(base.checker, declarations))
    },
    estimateCost(ast, estimateSize) {
      return base.estimateCost(ast, estimateSize)
    }
  }
}

export type { KubernetesCelEnvironment }

type ParseResult = ReturnType<typeof parse>
const parseCaches = new Map<string, Map<string, ParseResult>>()

const macroIds = new WeakMap<Macro, number>()
let nextMacroId = 0

function macroId(macro: Macro): number {
  let id = macroIds.get(macro)
  if (id === undefined) macroIds.set(macro, (id = nextMacroId++))
  return id
}

/**
 * A cached parse under `options`, shared with every environment whose options parse alike:
 * keyed by the resolved behaviour, not by the cel-go release that implies it (the parser reads
 * only the former). Identifier escapes, which 0.29 turns on, matter only to texts with a
 * backquote, so only those are told apart by them.
 */
function parserFor(options: ParserOptions): (expression: string) => ParseResult {
  const resolved = resolveParserOptions(options)
  const cache = parseCacheFor(resolved)
  const escapes = resolved.enableIdentEscapeSyntax ? '`1\u0000' : '`0\u0000'
  const parser = (expression: string): ParseResult => {
    const key = expression.includes('`') ? escapes + expression : expression
    let parsed = cache.get(key)
    if (!parsed) {
      if (cache.size >= 50_000) cache.clear()
      parsed = parse(expression, options)
      cache.set(key, parsed)
    }
    return parsed
  }
  return parser
}

/** The parse cache of every environment whose resolved options parse texts alike. */
function parseCacheFor(options: ResolvedParserOptions): Map<string, ParseResult> {
  const key = JSON.stringify([
    options.description,
    // Macros by identity: two with the same name and arity may expand differently.
    [...options.macros.values()].map(macroId),
    options.accumulatorName,
    options.enableOptionalSyntax,
    options.enableVariadicOperatorASTs,
    options.populateMacroCalls,
    options.maxRecursionDepth,
    options.errorRecoveryLimit,
    options.errorRecoveryLookaheadTokenLimit,
    options.errorReportingLimit,
    options.expressionSizeCodePointLimit,
    options.grammar,
    options.macroStyle,
    options.rejectSurrogates,
    options.releaseMacroCallId
  ])
  let cache = parseCaches.get(key)
  if (cache === undefined) parseCaches.set(key, (cache = new Map<string, ParseResult>()))
  return cache
}

const overlays = new WeakMap<RuleDeclarations, { base: CheckerEnv; env: CheckerEnv }>()

/**
 * The base checker plus one node's `self`/`oldSelf` and object types. CheckerEnv.extend
 * re-merges every library's functions (~0.1–0.3 ms), too slow for thousands of rule nodes; a
 * node adds only variables and a type provider, which CheckerEnv.overlay adds cheaply. The
 * overlay is kept per node's declarations, which the rule compiler reuses.
 */
function withDeclarations(base: CheckerEnv, declarations: RuleDeclarations): CheckerEnv {
  const cached = overlays.get(declarations)
  if (cached && cached.base === base) return cached.env
  const env = base.overlay(declarations)
  overlays.set(declarations, { base, env })
  return env
}
