/**
 * Parses shared by every caller whose options parse alike: an admission policy is compiled once
 * per release (and per typed kind), and each compile used to parse the same texts again.
 * Results are shared, so callers must not change them (the checker and planner only read ASTs).
 */
import type { Macro } from './macros.js'
import type { ParserOptions, ResolvedParserOptions } from './options.js'
import { resolveParserOptions } from './options.js'
import { parse, type ParseResult } from './parser.js'

/** Entries per parsing behaviour before its cache starts over (bounds the memory kept). */
const CACHE_LIMIT = 50_000

const caches = new Map<string, Map<string, ParseResult>>()
const parsers = new WeakMap<ParserOptions, (expression: string) => ParseResult>()

/**
 * parse() under `options`, cached by text. The cache is keyed by the resolved behaviour, not by
 * the cel-go release that implies it (the parser reads only the former). Identifier escapes,
 * which 0.29 turns on, matter only to texts with a backquote, so only those are told apart by
 * them.
 */
export function cachedParser(options: ParserOptions): (expression: string) => ParseResult {
  let parser = parsers.get(options)
  if (parser === undefined) {
    parser = newCachedParser(options)
    parsers.set(options, parser)
  }
  return parser
}

function newCachedParser(options: ParserOptions): (expression: string) => ParseResult {
  const resolved = resolveParserOptions(options)
  const cache = cacheFor(resolved)
  const escapes = resolved.enableIdentEscapeSyntax ? '`1\u0000' : '`0\u0000'
  return (expression) => {
    const key = expression.includes('`') ? escapes + expression : expression
    let parsed = cache.get(key)
    if (parsed === undefined) {
      if (cache.size >= CACHE_LIMIT) cache.clear()
      parsed = parse(expression, options)
      cache.set(key, parsed)
    }
    return parsed
  }
}

const macroIds = new WeakMap<Macro, number>()
let nextMacroId = 0

function macroId(macro: Macro): number {
  let id = macroIds.get(macro)
  if (id === undefined) macroIds.set(macro, (id = nextMacroId++))
  return id
}

/** The cache of every option set whose resolved options parse texts alike. */
function cacheFor(options: ResolvedParserOptions): Map<string, ParseResult> {
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
  let cache = caches.get(key)
  if (cache === undefined) caches.set(key, (cache = new Map<string, ParseResult>()))
  return cache
}
