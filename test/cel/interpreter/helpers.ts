// Compile-and-run helpers for the interpreter tests: parse with cel-go's macros (standard,
// bind, two-variable comprehensions, optionals, sortBy, math), check in an environment with the
// libraries the interpreter implements, plan and evaluate.

import {
  CheckerEnv,
  check,
  variable,
  type DeclarationLibrary
} from '../../../src/cel/checker/index.js'
import type { Type } from '../../../src/cel/common/types.js'
import { twoVarComprehensionsLibrary } from '../../../src/cel/lib/comprehensions-decls.js'
import { listsLibrary } from '../../../src/cel/lib/lists-decls.js'
import { optionalLibrary } from '../../../src/cel/lib/optional-decls.js'
import { setsLibrary } from '../../../src/cel/lib/sets-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { stringsLibrary } from '../../../src/cel/lib/strings-decls.js'
import {
  Activation,
  plan,
  type EvalOptions,
  type EvalResult,
  type PlanOptions,
  type Program,
  type Value
} from '../../../src/cel/interpreter/index.js'
import {
  BIND_MACRO,
  OPT_FLAT_MAP_MACRO,
  OPT_MAP_MACRO,
  SORT_BY_MACRO,
  TWO_VAR_COMPREHENSION_MACROS,
  parse,
  standardMacros
} from '../../../src/cel/parser/index.js'
import { MATH_GREATEST_MACRO, MATH_LEAST_MACRO } from '../../../src/cel/parser/macros.js'

export const ALL_MACROS = [
  ...standardMacros('0.26'),
  BIND_MACRO,
  ...TWO_VAR_COMPREHENSION_MACROS,
  OPT_MAP_MACRO,
  OPT_FLAT_MAP_MACRO,
  SORT_BY_MACRO,
  MATH_GREATEST_MACRO,
  MATH_LEAST_MACRO
]

/** Every library the interpreter implements (declarations for the checker). */
export const ALL_LIBRARIES: readonly DeclarationLibrary[] = [
  standardLibrary(),
  optionalLibrary(),
  stringsLibrary(),
  setsLibrary(),
  listsLibrary(),
  twoVarComprehensionsLibrary()
]

const ENV = new CheckerEnv({ libraries: ALL_LIBRARIES })

export interface CompileOptions extends PlanOptions {
  /** Variables to declare; without them the expression is planned unchecked. */
  readonly declarations?: Readonly<Record<string, Type>>
  /** Plan the parsed AST even when declarations are given. */
  readonly unchecked?: boolean
  /** Comprehension accumulator name (cel-go: '@result' unless a test says otherwise). */
  readonly accumulatorName?: string
  /** Checker libraries, when a test needs cel-go's narrower environment (overloads differ). */
  readonly libraries?: readonly DeclarationLibrary[]
}

export function compile(expr: string, options: CompileOptions = {}): Program {
  const parsed = parse(expr, {
    macros: ALL_MACROS,
    enableOptionalSyntax: true,
    ...(options.accumulatorName !== undefined ? { accumulatorName: options.accumulatorName } : {})
  })
  if (parsed.ast === undefined) throw new Error(`parse ${expr}: ${parsed.errorText}`)
  if (options.declarations === undefined || options.unchecked === true) {
    return plan(parsed.ast, options)
  }
  const base =
    options.libraries === undefined ? ENV : new CheckerEnv({ libraries: options.libraries })
  const env = base.extend({
    variables: Object.entries(options.declarations).map(([name, type]) => variable(name, type))
  })
  const checked = check(parsed.ast, env, { source: parsed.source })
  if (checked.checked === undefined) throw new Error(`check ${expr}: ${checked.errorText}`)
  return plan(checked.checked, options)
}

/** Compiles and evaluates; `vars` are JS data or CEL values (js-values.ts rules). */
export function run(
  expr: string,
  vars: Readonly<Record<string, unknown>> = {},
  options: CompileOptions & EvalOptions = {}
): EvalResult {
  return compile(expr, options).eval(Activation.fromJs(vars), options)
}

/** The value of an expression, throwing on evaluation errors. */
export function value(expr: string, vars: Readonly<Record<string, unknown>> = {}): Value {
  const r = run(expr, vars)
  if (r.error !== undefined) throw new Error(`${expr}: ${r.error.message}`)
  return r.value!
}

/** The error message of an expression that must fail. */
export function errorOf(expr: string, vars: Readonly<Record<string, unknown>> = {}): string {
  const r = run(expr, vars)
  if (r.error === undefined) throw new Error(`${expr}: expected an error`)
  return r.error.message
}
