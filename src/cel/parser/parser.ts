// parse(): CEL source text to AST, with cel-go's errors (parser.Parse).

import { Ast, type Expr, type ParsedExpr } from '../common/ast.js'
import { Errors, type CelError } from '../common/errors.js'
import { NO_LOCATION, Source } from '../common/source.js'
import { AstBuilder } from './builder.js'
import { fastParse } from './fast-parser.js'
import { ParserHelper } from './helper.js'
import {
  GrammarVariant,
  resolveParserOptions,
  type ParserOptions,
  type ResolvedParserOptions
} from './options.js'
import { ParseAbort } from './recognition.js'
import { grammarRules, recognize } from './recognize.js'

export interface ParseResult {
  /** The AST; present only when there are no errors. */
  readonly ast?: ParsedExpr
  /** Errors in display order (by line, then column), at most 100 of them. */
  readonly errors: readonly CelError[]
  readonly source: Source
  /** The errors as cel-go prints them (common.Errors.ToDisplayString); '' when none. */
  readonly errorText: string
}

// cel-go keeps "mismatched input 'true' expecting IDENTIFIER" for reserved words after '.'.
const RESERVED_AFTER_DOT = /no viable alternative at input '[^\n](true|false|null)'/gu

export function parse(input: string | Source, options?: ParserOptions): ParseResult {
  const opts = resolveParserOptions(options)
  const source = typeof input === 'string' ? new Source(input, opts.description) : input
  // Inputs without any error take the fast path; everything else the generated parser.
  if (source.size <= opts.expressionSizeCodePointLimit) {
    const fast = fastParse(source, opts)
    if (fast !== undefined) {
      const ast = { expr: fast.expr, sourceInfo: fast.helper.sourceInfo }
      return { ast, errors: [], source, errorText: '' }
    }
  }
  return parseWithRecognizer(source, opts)
}

/**
 * parse() through the parser generated from grammar/CEL.g4 only (whose errors are cel-go's, and
 * which the fast path is tested against).
 */
export function parseWithRecognizer(
  input: string | Source,
  options?: ParserOptions | ResolvedParserOptions
): ParseResult {
  const opts = isResolved(options) ? options : resolveParserOptions(options)
  const source = typeof input === 'string' ? new Source(input, opts.description) : input
  const errors = new Errors(source)
  const helper = new ParserHelper(source)
  let expr: Expr | undefined
  if (source.size > opts.expressionSizeCodePointLimit) {
    const id = helper.locationId(NO_LOCATION)
    errors.report(
      NO_LOCATION,
      `expression code point size exceeds limit: size: ${source.size}, limit ${opts.expressionSizeCodePointLimit}`,
      id
    )
    expr = Ast.unspecified(id)
  } else {
    expr = parseSource(source, opts, helper, errors)
  }
  if (errors.reported === 0 && expr !== undefined) {
    return { ast: { expr, sourceInfo: helper.sourceInfo }, errors: [], source, errorText: '' }
  }
  return { errors: errors.sorted(), source, errorText: errors.toDisplayString() }
}

function isResolved(
  options: ParserOptions | ResolvedParserOptions | undefined
): options is ResolvedParserOptions {
  return options !== undefined && 'grammar' in options
}

function parseSource(
  source: Source,
  opts: ResolvedParserOptions,
  helper: ParserHelper,
  errors: Errors
): Expr | undefined {
  let errorReports = 0
  const syntaxError = (line: number, column: number, message: string): void => {
    const location = helper.locationOfOffset(helper.sourceInfo.computeOffset(line, column))
    let msg = message
    if (msg.includes('no viable alternative')) {
      msg = msg.replace(RESERVED_AFTER_DOT, "mismatched input '$1' expecting IDENTIFIER")
    }
    if (errorReports < opts.errorReportingLimit) {
      errorReports++
      errors.report(location, `Syntax error: ${msg}`)
      return
    }
    errors.report(location, `Syntax error: More than ${opts.errorReportingLimit} syntax errors`)
    throw new ParseAbort(undefined)
  }
  const escapedIdentifiers = opts.grammar === GrammarVariant.ESCAPED_IDENTS
  try {
    const tree = recognize(
      source,
      escapedIdentifiers,
      {
        maxRecursionDepth: opts.maxRecursionDepth,
        errorRecoveryLimit: opts.errorRecoveryLimit,
        errorRecoveryLookaheadTokenLimit: opts.errorRecoveryLookaheadTokenLimit
      },
      syntaxError
    )
    const { rules, ruleNames } = grammarRules(escapedIdentifiers)
    return new AstBuilder(helper, errors, opts, rules, ruleNames).build(tree)
  } catch (e) {
    if (e instanceof ParseAbort) {
      if (e.internalMessage !== undefined) errors.reportInternal(e.internalMessage)
      return undefined
    }
    // Safety net for a JavaScript stack overflow when limits are disabled (-1).
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      errors.reportInternal('max recursion depth exceeded')
      return undefined
    }
    throw e
  }
}
