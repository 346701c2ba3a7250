// Static cost of cel-go's ext.Sets functions (ext/sets.go estimateSetsCost; every release
// Kubernetes vendors; cel-cost-model.md §3.4).

import { nodeSize, type OverloadEstimator } from './hooks.js'
import { ONE, add, multiply, multiplyRangeByFactor } from './range.js'

/** (size(a) · size(b)) × factor + 1: every element of one list is compared with the other's. */
function setsEstimator(factor: number): OverloadEstimator {
  return (hooks, _target, args) => {
    if (args.length !== 2) return undefined
    const product = multiply(nodeSize(hooks, args[0]!), nodeSize(hooks, args[1]!))
    return { cost: add(multiplyRangeByFactor(product, factor), ONE) }
  }
}

/** The estimators ext.Sets() registers, by overload id. */
export function setsCostEstimators(): ReadonlyMap<string, OverloadEstimator> {
  return new Map([
    ['list_sets_contains_list', setsEstimator(1)],
    ['list_sets_intersects_list', setsEstimator(1)],
    // equivalent checks containment both ways.
    ['list_sets_equivalent_list', setsEstimator(2)]
  ])
}
