// Public API of the CEL parser: cel-go compatible parsing, macros, AST and debug forms.

export { parse, type ParseResult } from './parser.js'
export { cachedParser } from './cache.js'
export { UnparseError, unparse, type UnparserOptions } from './unparser.js'
export {
  allMacros,
  resolveParserOptions,
  standardMacros,
  type CelGoVersion,
  type ParserOptions,
  type ResolvedParserOptions
} from './options.js'
export {
  ACCUMULATOR_NAME,
  ALL_MACRO,
  BIND_MACRO,
  EXISTS_MACRO,
  EXISTS_ONE_MACRO,
  EXISTS_ONE_NEW_MACRO,
  FILTER_MACRO,
  HAS_MACRO,
  HIDDEN_ACCUMULATOR_NAME,
  MAP_FILTER_MACRO,
  MAP_MACRO,
  MATH_GREATEST_MACRO,
  MATH_LEAST_MACRO,
  MacroError,
  OPT_FLAT_MAP_MACRO,
  OPT_MAP_MACRO,
  SORT_BY_MACRO,
  TWO_VAR_COMPREHENSION_MACROS,
  type Macro,
  type MacroExpander,
  type ComprehensionFold,
  type MacroExprHelper,
  type MacroStyle
} from './macros.js'
export {
  Ast,
  SourceInfo,
  type CallExpr,
  type ComprehensionExpr,
  type ConstExpr,
  type Constant,
  type Expr,
  type ExprKind,
  type IdentExpr,
  type ListExpr,
  type MapEntry,
  type MapExpr,
  type OffsetRange,
  type ParsedExpr,
  type SelectExpr,
  type StructExpr,
  type StructField,
  type UnspecifiedExpr
} from '../common/ast.js'
export { NO_LOCATION, Source, type Location } from '../common/source.js'
export { Errors, formatError, type CelError } from '../common/errors.js'
export {
  EMPTY_ADORNER,
  formatConstant,
  kindAdorner,
  kindAndIdAdorner,
  locationAdorner,
  toDebugString,
  type Adorner,
  type DebugElement
} from '../common/debug.js'
