/**
 * celgate's CEL engine, behaving as cel-go does: parse, check, plan, evaluate with runtime
 * cost. `CelEnv` ties the stages together; the stages are exported for finer control (the
 * Kubernetes layer adds its own libraries, type providers and cost hooks through them).
 */
export { CelEnv } from './env.js'
export type { CelEnvOptions, CompileResult } from './env.js'
export { defaultLibraries } from './libraries.js'

export { parse, standardMacros, allMacros, unparse, UnparseError } from './parser/index.js'
export type { ParseResult, ParserOptions, UnparserOptions } from './parser/index.js'

export {
  check,
  CheckerEnv,
  fn,
  memberOverload,
  overload,
  typeVariable,
  variable,
  constant,
  printChecked,
  DeclarationError
} from './checker/index.js'
export type {
  CelGoVersion,
  CheckerEnvConfig,
  DeclarationLibrary,
  TypeProvider
} from './checker/index.js'

export * as types from './common/types.js'
export type { Type } from './common/types.js'
export type { CheckedExpr, Reference } from './common/checked.js'
export type { Expr, ParsedExpr } from './common/ast.js'
export type { CelError } from './common/errors.js'

export {
  plan,
  Program,
  Activation,
  AttributePattern,
  residualAst,
  toJs,
  toValue,
  PlanError
} from './interpreter/index.js'
export type { EvalError, EvalOptions, EvalResult, PlanOptions, Value } from './interpreter/index.js'

export { standardLibrary } from './lib/std-decls.js'
export { optionalLibrary } from './lib/optional-decls.js'
export { stringsLibrary } from './lib/strings-decls.js'
export { setsLibrary } from './lib/sets-decls.js'
export { listsLibrary } from './lib/lists-decls.js'
export { twoVarComprehensionsLibrary } from './lib/comprehensions-decls.js'
export { mathLibrary } from './lib/math-decls.js'
export { encodersLibrary } from './lib/encoders-decls.js'
export { bindingsLibrary } from './lib/bindings-decls.js'
