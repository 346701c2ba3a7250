// What the estimator asks its environment (cel-go checker.CostEstimator, AstNode, CallEstimate
// and FunctionEstimator; cel-cost-model.md §2.1): how large a value can be, and what a call
// costs. Kubernetes answers from the CRD schema (§4.2) and its library cost table (§3).

import type { Expr } from '../common/ast.js'
import type { Type } from '../common/types.js'
import { UNKNOWN, type CostRange, type SizeRange } from './range.js'

/** An expression as the estimator hands it to the hooks (cel-go AstNode). */
export interface EstimatorNode {
  /**
   * Where the value comes from: a variable name, then field names and `@items`, `@values`,
   * `@keys`, `@indices` for comprehension variables (cel-go AstNode.Path()). Undefined for a
   * nil path. Read it when needed: like a Go slice it can share storage with later paths.
   */
  readonly path: readonly string[] | undefined
  /** The checked type of the expression. */
  readonly type: Type
  /** The expression; undefined for synthetic nodes (e.g. a list's element). */
  readonly expr: Expr | undefined
  /** The size known from the expression itself (literals, concatenations, call results). */
  readonly computedSize: SizeRange | undefined
}

/** Cost of a call (without its arguments) and, for strings, bytes, lists and maps, its size. */
export interface CallEstimate {
  readonly cost: CostRange
  readonly resultSize?: SizeRange
}

/** Facts about a call site beyond cel-go's (function, overload, target, args). */
export interface CallSite {
  /**
   * cel-go ≤ v0.23 passes a non-nil target pointer, wrapping nothing, for global calls too
   * (cel-cost-model.md §9), so an estimator that tests `target != nil` sees true. This says
   * what such a test would see; `target` itself is only set for member calls.
   */
  readonly hasTargetPointer: boolean
}

/** The environment's estimator (cel-go checker.CostEstimator). */
export interface EstimatorHooks {
  /** Size of a variable-length value, or undefined when unknown (EstimateSize). */
  estimateSize(node: EstimatorNode): SizeRange | undefined
  /** Cost of one overload of a call, or undefined to use the built-in rules (EstimateCallCost). */
  estimateCallCost(
    fn: string,
    overloadId: string,
    target: EstimatorNode | undefined,
    args: readonly EstimatorNode[],
    site: CallSite
  ): CallEstimate | undefined
}

/**
 * A library's estimator for one overload id (cel-go checker.FunctionEstimator registered with
 * OverloadCostEstimate); consulted before the environment's hooks.
 */
export type OverloadEstimator = (
  hooks: EstimatorHooks,
  target: EstimatorNode | undefined,
  args: readonly EstimatorNode[],
  site: CallSite
) => CallEstimate | undefined

/** Hooks that know nothing: every size unknown, every call costed by the built-in rules. */
export const NO_HOOKS: EstimatorHooks = {
  estimateSize: () => undefined,
  estimateCallCost: () => undefined
}

/**
 * Size of a node as library estimators compute it: its computed size, else the environment's
 * estimate, else unknown (ext/costs.go estimateSize; Kubernetes' sizeEstimate is the same).
 */
export function nodeSize(hooks: EstimatorHooks, node: EstimatorNode): SizeRange {
  return node.computedSize ?? hooks.estimateSize(node) ?? UNKNOWN
}

/**
 * A synthetic node for the elements of a list-typed node, as Kubernetes' and cel-go's test
 * estimators build it (listElementNode): the element type, the path `<list path> + @items`
 * when the list has a path (a copy, never shared), no expression and no computed size.
 * Undefined when the type has no parameter.
 */
export function listElementNode(list: EstimatorNode): EstimatorNode | undefined {
  const elementType = list.type.params[0]
  if (elementType === undefined) return undefined
  const path = list.path === undefined ? undefined : [...list.path, '@items']
  return { path, type: elementType, expr: undefined, computedSize: undefined }
}
