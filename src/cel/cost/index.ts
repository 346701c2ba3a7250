// Public API of the static cost estimator (cel-go checker.Cost and the ext libraries'
// estimators; cel-cost-model.md §1–§3.4, §9).

import type { OverloadEstimator } from './hooks.js'

export { estimateCost } from './estimator.js'
export type { EstimateOptions } from './options.js'
export {
  NO_HOOKS,
  listElementNode,
  nodeSize,
  type CallEstimate,
  type CallSite,
  type EstimatorHooks,
  type EstimatorNode,
  type OverloadEstimator
} from './hooks.js'
export {
  ONE,
  U64_MAX,
  UNKNOWN,
  ZERO,
  add,
  addSaturating,
  fixed,
  formatRange,
  multiply,
  multiplyByFactor,
  multiplyRangeByFactor,
  multiplySaturating,
  rangesEqual,
  union,
  type CostRange,
  type Range,
  type SizeRange
} from './range.js'
export {
  DEFAULT_ESTIMATOR_VERSION,
  estimatorBehaviour,
  type CelGoVersion,
  type EstimatorBehaviour
} from './versions.js'
export {
  CONST_COST,
  LIST_CREATE_BASE_COST,
  MAP_CREATE_BASE_COST,
  REGEX_STRING_LENGTH_COST_FACTOR,
  SELECT_AND_IDENT_COST,
  STRING_TRAVERSAL_COST_FACTOR,
  STRUCT_CREATE_BASE_COST
} from './constants.js'
export { setsCostEstimators } from './ext-sets.js'
export { listsCostEstimators } from './ext-lists.js'
export { stringsCostEstimators } from './ext-strings.js'

/** Merges per-overload estimators; later maps win, as later cel.CostEstimatorOptions do. */
export function combineOverloadEstimators(
  ...maps: readonly ReadonlyMap<string, OverloadEstimator>[]
): ReadonlyMap<string, OverloadEstimator> {
  const combined = new Map<string, OverloadEstimator>()
  for (const m of maps) for (const [id, estimator] of m) combined.set(id, estimator)
  return combined
}
