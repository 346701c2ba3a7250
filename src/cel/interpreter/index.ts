// The CEL interpreter: plan an AST once, evaluate it many times, with cel-go's semantics and
// runtime cost accounting.

export { plan, Program } from './program.js'
export type { EvalError, EvalOptions, EvalResult, PlanOptions } from './program.js'
export { PlanError } from './plan-errors.js'
export { Activation, type VariableResolver } from './activation.js'
export { toJs, toValue, type ToJsOptions } from './js-values.js'
export type { CallCostEstimator, CostModelVersion, OverloadCostTracker } from './cost.js'
export { actualSize } from './cost.js'
export type { FunctionDef, OverloadDef, ArgType, Binding } from './dispatch.js'
export { Trait } from './dispatch.js'
export { SimpleTypeProvider, type TypeProvider } from './type-provider.js'
export { ListValue } from './list-value.js'
export { MapValue } from './map-value.js'
export { valuesEqual } from './equality.js'
export { typeOf } from './type-of.js'
export {
  DurationValue,
  ErrorValue,
  ObjectValue,
  OptionalValue,
  OPTIONAL_NONE,
  TimestampValue,
  TypeValue,
  TYPES,
  UintValue,
  UnknownValue,
  type StructField,
  type StructType,
  type Value
} from './values.js'
export { AttributePattern } from './attribute-patterns.js'
export { residualAst } from './residual.js'
