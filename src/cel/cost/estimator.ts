// estimateCost(): the static cost range of a checked expression (cel-go checker.Cost), with
// the estimator of the cel-go release chosen in the options (cel-cost-model.md §2, §9).

import type { CheckedExpr } from '../common/checked.js'
import type { EstimatorHooks } from './hooks.js'
import { LegacyEstimator } from './legacy-estimator.js'
import { ModernEstimator } from './modern-estimator.js'
import { estimatorContext, type EstimateOptions } from './options.js'
import type { CostRange } from './range.js'

/**
 * The estimated cost [min, max] of evaluating `checked` once. Kubernetes uses the max: it is
 * what CRD rule limits compare against (cel-cost-model.md §4.3, §5).
 */
export function estimateCost(
  checked: CheckedExpr,
  hooks: EstimatorHooks,
  options: EstimateOptions = {}
): CostRange {
  const ctx = estimatorContext(checked, hooks, options)
  const estimator = ctx.behaviour.legacy ? new LegacyEstimator(ctx) : new ModernEstimator(ctx)
  return estimator.estimate()
}
