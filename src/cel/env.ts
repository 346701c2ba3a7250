/**
 * One object for the whole CEL pipeline, like cel-go's cel.Env: declarations and libraries,
 * compile (parse + check) with positioned errors, and programs to evaluate with a cost limit.
 */
import { check, CheckerEnv } from './checker/index.js'
import type { CelGoVersion, CheckerEnvConfig, DeclarationLibrary } from './checker/index.js'
import type { CheckedExpr } from './common/checked.js'
import type { CelError } from './common/errors.js'
import type { Source } from './common/source.js'
import { plan } from './interpreter/index.js'
import type { EvalResult, PlanOptions, Program } from './interpreter/index.js'
import { defaultLibraries } from './libraries.js'
import { parse } from './parser/index.js'
import type { ParseResult, ParserOptions } from './parser/index.js'

export interface CelEnvOptions extends Omit<CheckerEnvConfig, 'libraries'> {
  /** Declaration libraries; default: the standard library and optionals of `celGoVersion`. */
  libraries?: readonly DeclarationLibrary[]
  /** Parser options beyond the version defaults (macros, optional syntax, limits). */
  parser?: ParserOptions
  /** Defaults for every program planned from this environment. */
  plan?: PlanOptions
}

export interface CompileResult {
  /** The checked AST; absent when parsing or checking failed. */
  ast?: CheckedExpr
  /** Errors with positions (code-point offsets into the source). */
  errors: readonly CelError[]
  /** cel-go's display form (`ERROR: <input>:1:5: …` plus the caret line). */
  errorText: string
  source: Source
}

/**
 * Parses and type-checks, as cel-go's Env.Compile: the one compile step every environment
 * (this one, the Kubernetes one) runs with its own parser options and declarations.
 */
export function compileExpression(
  expression: string,
  parserOptions: ParserOptions,
  checker: CheckerEnv
): CompileResult {
  return checkParsed(parse(expression, parserOptions), checker)
}

/** The type-checking half of compileExpression, for callers that parse (and cache) apart. */
export function checkParsed(parsed: ParseResult, checker: CheckerEnv): CompileResult {
  if (!parsed.ast)
    return { errors: parsed.errors, errorText: parsed.errorText, source: parsed.source }
  const checked = check(parsed.ast, checker, { source: parsed.source })
  const { errors, errorText } = checked
  // Literals rather than a conditional spread (several times faster on Node 20).
  if (!checked.checked) return { errors, errorText, source: parsed.source }
  return { ast: checked.checked, errors, errorText, source: parsed.source }
}

export class CelEnv {
  readonly checker: CheckerEnv
  private readonly parserOptions: ParserOptions
  private readonly planDefaults: PlanOptions

  constructor(options: CelEnvOptions = {}) {
    const { libraries, parser, plan: planOptions, ...config } = options
    const version: CelGoVersion | undefined = config.celGoVersion
    this.checker = new CheckerEnv({ ...config, libraries: libraries ?? defaultLibraries(version) })
    this.parserOptions = {
      enableOptionalSyntax: true,
      ...(version ? { celGoVersion: version } : {}),
      ...parser
    }
    // The runtime follows the same cel-go release as the parser and checker unless told otherwise.
    this.planDefaults = { ...(version ? { celGoVersion: version } : {}), ...planOptions }
  }

  /** Parses and type-checks, as cel-go's Env.Compile. */
  compile(expression: string): CompileResult {
    return compileExpression(expression, this.parserOptions, this.checker)
  }

  /** Plans a checked expression into a reusable program. */
  program(ast: CheckedExpr, options: PlanOptions = {}): Program {
    return plan(ast, { ...this.planDefaults, ...options })
  }

  /**
   * Compile, plan and evaluate in one go, for tools and tests (hot paths keep their programs).
   * A compile failure comes back as the error, with cel-go's display text.
   */
  evaluate(
    expression: string,
    variables: Record<string, unknown> = {},
    costLimit?: bigint
  ): EvalResult {
    const compiled = this.compile(expression)
    if (!compiled.ast) return { error: { message: compiled.errorText, exprId: 0 }, cost: 0n }
    return this.program(compiled.ast).eval(variables, costLimit === undefined ? {} : { costLimit })
  }
}
