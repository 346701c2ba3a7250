// Options of the static estimator (cel-go checker.CostOption and the release emulated).

import type { CheckedExpr } from '../common/checked.js'
import { DYN, type Type } from '../common/types.js'
import type { EstimatorHooks, OverloadEstimator } from './hooks.js'
import { ONE, ZERO, type CostRange } from './range.js'
import { estimatorBehaviour, type CelGoVersion, type EstimatorBehaviour } from './versions.js'

export interface EstimateOptions {
  /** The cel-go release whose estimator to reproduce (cel-cost-model.md §9). Default '0.26'. */
  readonly version?: CelGoVersion
  /**
   * Whether `has()` costs 1 (cel-go's default) or 0 (PresenceTestHasCost(false), which
   * Kubernetes sets).
   */
  readonly presenceTestHasCost?: boolean
  /**
   * Library estimators by overload id (cel-go OverloadCostEstimate), consulted before the
   * hooks; e.g. setsCostEstimators(), listsCostEstimators().
   */
  readonly overloadEstimators?: ReadonlyMap<string, OverloadEstimator>
}

/** What both estimators read from the checked expression and the options. */
export interface EstimatorContext {
  readonly checked: CheckedExpr
  readonly hooks: EstimatorHooks
  readonly overloadEstimators: ReadonlyMap<string, OverloadEstimator>
  readonly presenceTestCost: CostRange
  readonly behaviour: EstimatorBehaviour
}

export function estimatorContext(
  checked: CheckedExpr,
  hooks: EstimatorHooks,
  options: EstimateOptions
): EstimatorContext {
  return {
    checked,
    hooks,
    overloadEstimators: options.overloadEstimators ?? new Map(),
    presenceTestCost: (options.presenceTestHasCost ?? true) ? ONE : ZERO,
    behaviour: estimatorBehaviour(options.version)
  }
}

/** The checked type of a node; dyn when the checker recorded none (cel-go ast.AST.GetType). */
export function typeOf(checked: CheckedExpr, id: number): Type {
  return checked.typeMap.get(id) ?? DYN
}

/** The overload ids the checker chose for a call (cel-go ast.AST.GetOverloadIDs). */
export function overloadIdsOf(checked: CheckedExpr, id: number): readonly string[] {
  return checked.referenceMap.get(id)?.overloadIds ?? []
}
