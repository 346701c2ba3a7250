// Parser options, with the defaults and version-dependent behaviour of the cel-go releases
// Kubernetes vendors (see docs: cel-cost-model.md §0 and §9 for the version table).

import { CEL_GO_VERSIONS, celGoAtLeast as atLeast } from '../common/cel-go-versions.js'
import type { CelGoVersion } from '../common/cel-go-versions.js'
import {
  ALL_MACRO,
  EXISTS_MACRO,
  EXISTS_ONE_MACRO,
  EXISTS_ONE_NEW_MACRO,
  FILTER_MACRO,
  HAS_MACRO,
  HIDDEN_ACCUMULATOR_NAME,
  ACCUMULATOR_NAME,
  MAP_FILTER_MACRO,
  MAP_MACRO,
  macroKey,
  type Macro,
  type MacroStyle
} from './macros.js'

/** Grammars: cel-go <= 0.22 (grammar/CELLegacy.g4) and >= 0.23 (grammar/CEL.g4). */
export const GrammarVariant = { LEGACY: 0, ESCAPED_IDENTS: 1 } as const
export type GrammarVariant = (typeof GrammarVariant)[keyof typeof GrammarVariant]

export type { CelGoVersion }

export interface ParserOptions {
  /** The cel-go release to behave like (grammar, macro shapes, escapes). Default '0.26'. */
  celGoVersion?: CelGoVersion
  /** Name of the source in error messages. Default '<input>'. */
  description?: string
  /**
   * Macros to expand. Default: allMacros(version), cel-go's parser.AllMacros (what
   * parser.Parse and cel-go's parser tests use). Environments built with cel.NewEnv, as
   * Kubernetes does, expand standardMacros(version) plus their libraries' macros instead.
   */
  macros?: readonly Macro[]
  /** Comprehension accumulator name. Default: '@result' from 0.23 (cel-go's default), else '__result__'. */
  accumulatorName?: string
  /** `a.?b`, `a[?b]`, `[?a]`, `{?k: v}`, `Msg{?f: v}`. Default false. */
  enableOptionalSyntax?: boolean
  /** Backtick-quoted field names (grammar of 0.23+ only). Default: true from 0.29, else false. */
  enableIdentEscapeSyntax?: boolean
  /** Chains of && / || as one call with many arguments. Default false. */
  enableVariadicOperatorASTs?: boolean
  /** Record the original call of expanded macros in SourceInfo.macroCalls. Default false. */
  populateMacroCalls?: boolean
  /** Nesting limit; -1 for none. Default 250. */
  maxRecursionDepth?: number
  /** Syntax error recovery attempts before giving up; -1 for none. Default 30. */
  errorRecoveryLimit?: number
  /** Tokens one error recovery may skip. Default 256. */
  errorRecoveryLookaheadTokenLimit?: number
  /** Syntax errors reported before giving up. Default 100. */
  errorReportingLimit?: number
  /** Longest expression accepted, in code points; -1 for none. Default 100000. */
  expressionSizeCodePointLimit?: number
}

export interface ResolvedParserOptions {
  readonly celGoVersion: CelGoVersion
  readonly description: string
  readonly macros: ReadonlyMap<string, Macro>
  readonly accumulatorName: string
  readonly enableOptionalSyntax: boolean
  readonly enableIdentEscapeSyntax: boolean
  readonly enableVariadicOperatorASTs: boolean
  readonly populateMacroCalls: boolean
  readonly maxRecursionDepth: number
  readonly errorRecoveryLimit: number
  readonly errorRecoveryLookaheadTokenLimit: number
  readonly errorReportingLimit: number
  readonly expressionSizeCodePointLimit: number
  readonly grammar: GrammarVariant
  readonly macroStyle: MacroStyle
  /** \u escapes of surrogates are errors (0.23+) instead of becoming U+FFFD. */
  readonly rejectSurrogates: boolean
  /** The id of a call replaced by its macro expansion is given back (0.22+). */
  readonly releaseMacroCallId: boolean
}

const MAX_INT = Number.MAX_SAFE_INTEGER

/**
 * cel.StandardMacros: the macros of cel-go's standard environment (cel.StdLib), the set
 * Kubernetes gets. It has no two-argument `existsOne` in any release.
 */
export function standardMacros(_version: CelGoVersion = '0.26'): readonly Macro[] {
  return [
    HAS_MACRO,
    ALL_MACRO,
    EXISTS_MACRO,
    EXISTS_ONE_MACRO,
    MAP_MACRO,
    MAP_FILTER_MACRO,
    FILTER_MACRO
  ]
}

/** parser.AllMacros: the standard macros plus `existsOne` (an alias of exists_one) from 0.23. */
export function allMacros(version: CelGoVersion = '0.26'): readonly Macro[] {
  const macros = [HAS_MACRO, ALL_MACRO, EXISTS_MACRO, EXISTS_ONE_MACRO]
  if (atLeast(version, '0.23')) macros.push(EXISTS_ONE_NEW_MACRO)
  macros.push(MAP_MACRO, MAP_FILTER_MACRO, FILTER_MACRO)
  return macros
}

function limit(value: number | undefined, fallback: number, min: number, name: string): number {
  if (value === undefined || value === 0) return fallback
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be greater than or equal to ${min}: ${value}`)
  }
  return value === -1 ? MAX_INT : value
}

const resolvedCache = new WeakMap<ParserOptions, ResolvedParserOptions>()
const DEFAULT_OPTIONS: ParserOptions = {}

/** Validates options and fills in defaults; results are cached per options object. */
export function resolveParserOptions(
  options: ParserOptions = DEFAULT_OPTIONS
): ResolvedParserOptions {
  let resolved = resolvedCache.get(options)
  if (resolved === undefined) {
    resolved = resolve(options)
    resolvedCache.set(options, resolved)
  }
  return resolved
}

function resolve(options: ParserOptions): ResolvedParserOptions {
  const version = options.celGoVersion ?? '0.26'
  if (!CEL_GO_VERSIONS.includes(version))
    throw new RangeError(`unsupported cel-go version ${version}`)
  const macros = new Map<string, Macro>()
  for (const m of options.macros ?? allMacros(version)) {
    macros.set(macroKey(m.function, m.argCount, m.receiverStyle), m)
  }
  const modern = atLeast(version, '0.23')
  const macroStyle: MacroStyle = modern
    ? '0.23'
    : version === '0.22'
      ? '0.22'
      : version === '0.20'
        ? '0.20'
        : '0.17'
  return {
    celGoVersion: version,
    description: options.description ?? '<input>',
    macros,
    accumulatorName:
      options.accumulatorName ?? (modern ? HIDDEN_ACCUMULATOR_NAME : ACCUMULATOR_NAME),
    enableOptionalSyntax: options.enableOptionalSyntax ?? false,
    enableIdentEscapeSyntax: options.enableIdentEscapeSyntax ?? atLeast(version, '0.29'),
    enableVariadicOperatorASTs: options.enableVariadicOperatorASTs ?? false,
    populateMacroCalls: options.populateMacroCalls ?? false,
    maxRecursionDepth: limit(options.maxRecursionDepth, 250, -1, 'max recursion depth'),
    errorRecoveryLimit: limit(options.errorRecoveryLimit, 30, -1, 'error recovery limit'),
    errorRecoveryLookaheadTokenLimit: limit(
      options.errorRecoveryLookaheadTokenLimit,
      256,
      1,
      'error recovery lookahead token limit'
    ),
    errorReportingLimit: limit(options.errorReportingLimit, 100, 1, 'error reporting limit'),
    expressionSizeCodePointLimit: limit(
      options.expressionSizeCodePointLimit,
      100_000,
      -1,
      'expression size code point limit'
    ),
    grammar: modern ? GrammarVariant.ESCAPED_IDENTS : GrammarVariant.LEGACY,
    macroStyle,
    rejectSurrogates: modern,
    releaseMacroCallId: atLeast(version, '0.22')
  }
}
