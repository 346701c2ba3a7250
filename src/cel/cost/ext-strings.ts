// Static cost of cel-go's ext.Strings functions from library version 5 (ext/strings.go, cel-go
// v0.29; not used by Kubernetes, which runs version 2 whose costs come from its own library
// table and cel-go's defaults — cel-cost-model.md §3.4).

import { LIST_CREATE_BASE_COST, STRING_TRAVERSAL_COST_FACTOR } from './constants.js'
import { literalUint } from './ext-lists.js'
import { nodeSize, type CallEstimate, type EstimatorNode, type OverloadEstimator } from './hooks.js'
import {
  ONE,
  add,
  addSaturating,
  fixed,
  multiply,
  multiplyRangeByFactor,
  multiplySaturating,
  wrapUint64,
  type CostRange,
  type Range,
  type SizeRange
} from './range.js'

function scan(size: SizeRange): CostRange {
  return multiplyRangeByFactor(size, STRING_TRAVERSAL_COST_FACTOR)
}

/** cel-go SizeEstimate.AsCost: the size as a cost (through the float factor 1). */
function asCost(size: SizeRange): CostRange {
  return multiplyRangeByFactor(size, 1)
}

function atLeastOne(size: SizeRange): SizeRange {
  return { min: size.min === 0n ? 1n : size.min, max: size.max === 0n ? 1n : size.max }
}

function estimate(cost: CostRange, resultSize?: SizeRange): CallEstimate {
  return resultSize === undefined ? { cost } : { cost, resultSize }
}

/** lowerAscii, upperAscii, reverse: one scan, a result as long as the input. */
const fixedTransform: OverloadEstimator = (hooks, target) => {
  if (target === undefined) return undefined
  const size = nodeSize(hooks, target)
  return estimate(add(add(scan(size), ONE), asCost(size)), size)
}

/** trim: one scan, a result up to as long as the input. */
const variableTransform: OverloadEstimator = (hooks, target) => {
  if (target === undefined) return undefined
  const size = nodeSize(hooks, target)
  const resultSize: Range = { min: 0n, max: size.max }
  return estimate(add(add(scan(size), ONE), asCost(resultSize)), resultSize)
}

const charAt: OverloadEstimator = (hooks, target, args) => {
  if (target === undefined || args.length !== 1) return undefined
  const cost = add(add(scan(nodeSize(hooks, target)), ONE), ONE)
  return estimate(cost, { min: 0n, max: 1n })
}

/** substring(start[, end]): literal bounds give the result length (wrapping subtraction). */
const substring: OverloadEstimator = (hooks, target, args) => {
  if (target === undefined || args.length < 1 || args.length > 2) return undefined
  const targetSize = nodeSize(hooks, target)
  const start = literalUint(args[0]!, 0n)
  const end = args.length === 2 ? literalUint(args[1]!, targetSize.max) : targetSize.max
  const resultSize = fixed(wrapUint64(end - start))
  return estimate(add(add(scan(targetSize), ONE), asCost(resultSize)), resultSize)
}

/** indexOf, lastIndexOf: O(n·m). */
const search: OverloadEstimator = (hooks, target, args) => {
  if (target === undefined || args.length < 1) return undefined
  const searchSize = multiply(nodeSize(hooks, target), nodeSize(hooks, args[0]!))
  return estimate(add(scan(searchSize), ONE))
}

const replace: OverloadEstimator = (hooks, target, args) => {
  if (target === undefined || args.length < 2) return undefined
  const targetSize = nodeSize(hooks, target)
  const needleSize = atLeastOne(nodeSize(hooks, args[0]!))
  const searchCost = scan(multiply(atLeastOne(targetSize), needleSize))
  const replacementSize = add(nodeSize(hooks, args[1]!), ONE)
  const allReplaced = multiplySaturating(addSaturating(targetSize.max, 1n), replacementSize.max)
  const resultMin = targetSize.min > replacementSize.min ? replacementSize.min : targetSize.min
  const resultSize: Range = { min: resultMin, max: allReplaced }
  return estimate(add(add(searchCost, asCost(resultSize)), ONE), resultSize)
}

/** split: a scan plus a list of up to one element per character. */
const split: OverloadEstimator = (hooks, target, args) => {
  if (target === undefined || args.length < 1) return undefined
  const targetSize = nodeSize(hooks, target)
  const traversal = scan(add(targetSize, ONE))
  const resultSize: Range = { min: 0n, max: targetSize.max }
  const allocation = add(asCost(resultSize), LIST_CREATE_BASE_COST)
  return estimate(add(add(traversal, allocation), ONE), resultSize)
}

const join: OverloadEstimator = (hooks, target, args) => {
  if (target === undefined) return undefined
  const targetSize = nodeSize(hooks, target)
  const separator: EstimatorNode | undefined = args[0]
  const sepSize = separator === undefined ? fixed(0n) : nodeSize(hooks, separator)
  const traversal = scan(add(targetSize, ONE))
  const maxResult = addSaturating(
    multiplySaturating(targetSize.max, addSaturating(1n, sepSize.max)),
    sepSize.max
  )
  const resultSize: Range = { min: 0n, max: maxResult }
  return estimate(add(add(traversal, asCost(resultSize)), ONE), resultSize)
}

/** The estimators ext.Strings(StringsVersion(version)) registers: none before version 5. */
export function stringsCostEstimators(version: number): ReadonlyMap<string, OverloadEstimator> {
  if (version < 5) return new Map()
  return new Map([
    ['string_char_at_int', charAt],
    ['string_index_of_string', search],
    ['string_index_of_string_int', search],
    ['string_last_index_of_string', search],
    ['string_last_index_of_string_int', search],
    ['string_lower_ascii', fixedTransform],
    ['string_upper_ascii', fixedTransform],
    ['string_replace_string_string', replace],
    ['string_replace_string_string_int', replace],
    ['string_split_string', split],
    ['string_split_string_int', split],
    ['string_substring_int', substring],
    ['string_substring_int_int', substring],
    ['string_trim', variableTransform],
    ['string_reverse', fixedTransform],
    ['list_join', join],
    ['list_join_string', join]
  ])
}
