// Static cost of cel-go's ext.Lists functions from library version 3 (ext/lists.go, cel-go
// v0.25+; Kubernetes 1.34+; cel-cost-model.md §3.4). Every one allocates a list: cost
// `size × factor + 1 + 10`, result size `size`.

import type { Type } from '../common/types.js'
import {
  LISTS_LIBRARY_LATEST,
  LIST_DISTINCT,
  LIST_FLATTEN,
  LIST_FLATTEN_INT,
  LIST_REVERSE,
  LIST_SLICE,
  LISTS_RANGE,
  SORTABLE_TYPES,
  listSortByAssociatedKeysOverloadId,
  listSortOverloadId
} from '../lib/lists-decls.js'
import { LIST_CREATE_BASE_COST, STRING_TRAVERSAL_COST_FACTOR } from './constants.js'
import {
  nodeSize,
  type CallEstimate,
  type EstimatorHooks,
  type EstimatorNode,
  type OverloadEstimator
} from './hooks.js'
import {
  ONE,
  U64_MAX,
  add,
  fixed,
  multiply,
  multiplyRangeByFactor,
  wrapUint64,
  type SizeRange
} from './range.js'

/** cel-go estimateAllocatingListCall: the call, the new list, and `factor` per element. */
function allocatingListCall(factor: number, listSize: SizeRange): CallEstimate {
  const cost = add(add(multiplyRangeByFactor(listSize, factor), ONE), LIST_CREATE_BASE_COST)
  return { cost, resultSize: listSize }
}

/** An int literal argument as uint64 (negative → 0); `fallback` for anything else. */
export function literalUint(node: EstimatorNode, fallback: bigint): bigint {
  const e = node.expr
  if (e?.kind !== 'const' || e.value.type !== 'int') return fallback
  return e.value.value < 0n ? 0n : e.value.value
}

/** `l.slice(a, b)`: b − a elements from literal bounds (Go's unsigned, wrapping subtraction). */
const estimateSlice: OverloadEstimator = (hooks, target, args) => {
  if (target === undefined || args.length !== 2) return undefined
  const size = nodeSize(hooks, target)
  const start = literalUint(args[0]!, 0n)
  const end = literalUint(args[1]!, size.max)
  return allocatingListCall(1, fixed(wrapUint64(end - start)))
}

/** `lists.range(n)`: n elements; unbounded when n is not a literal. */
const estimateRange: OverloadEstimator = (_hooks, _target, args, site) => {
  if (site.hasTargetPointer || args.length !== 1) return undefined
  return allocatingListCall(1, fixed(literalUint(args[0]!, U64_MAX)))
}

const estimateReverse: OverloadEstimator = (hooks, target, args) => {
  if (target === undefined || args.length !== 0) return undefined
  return allocatingListCall(1, nodeSize(hooks, target))
}

/** `l.flatten([depth])`: the depth is the factor (float64 of the literal; U when computed). */
const estimateFlatten: OverloadEstimator = (hooks, target, args) => {
  if (target === undefined || args.length > 1) return undefined
  const depth = args.length === 1 ? literalUint(args[0]!, U64_MAX) : 1n
  return allocatingListCall(Number(depth), nodeSize(hooks, target))
}

/** `l.distinct()`: O(n²) comparisons at factor 2. */
const estimateDistinct: OverloadEstimator = (hooks, target, args) => {
  if (target === undefined || args.length !== 0) return undefined
  const size = nodeSize(hooks, target)
  return allocatingListCall(2, multiply(size, size))
}

/** O(n²) comparisons at factor 2, plus string traversal for string and bytes elements. */
function sortCost(hooks: EstimatorHooks, list: EstimatorNode, elemType: Type): CallEstimate {
  const size = nodeSize(hooks, list)
  let factor = 2.0
  if (elemType.kind === 'string' || elemType.kind === 'bytes') {
    factor += STRING_TRAVERSAL_COST_FACTOR
  }
  return allocatingListCall(factor, multiply(size, size))
}

function estimateSort(elemType: Type): OverloadEstimator {
  return (hooks, target, args) => {
    if (target === undefined || args.length !== 0) return undefined
    return sortCost(hooks, target, elemType)
  }
}

/** sortBy's hidden `@sortByAssociatedKeys(keys)`: sized by the key list, not the receiver. */
function estimateSortBy(keyType: Type): OverloadEstimator {
  return (hooks, target, args) => {
    if (target === undefined || args.length !== 1) return undefined
    return sortCost(hooks, args[0]!, keyType)
  }
}

/** The estimators ext.Lists(ListsVersion(version)) registers: none before version 3. */
export function listsCostEstimators(
  version: number = LISTS_LIBRARY_LATEST
): ReadonlyMap<string, OverloadEstimator> {
  const estimators = new Map<string, OverloadEstimator>()
  if (version < 3) return estimators
  estimators.set(LIST_SLICE, estimateSlice)
  estimators.set(LIST_FLATTEN, estimateFlatten)
  estimators.set(LIST_FLATTEN_INT, estimateFlatten)
  estimators.set(LISTS_RANGE, estimateRange)
  estimators.set(LIST_REVERSE, estimateReverse)
  estimators.set(LIST_DISTINCT, estimateDistinct)
  for (const t of SORTABLE_TYPES) {
    estimators.set(listSortOverloadId(t), estimateSort(t))
    estimators.set(listSortByAssociatedKeysOverloadId(t), estimateSortBy(t))
  }
  return estimators
}
