// Runtime cost rules of cel-go's CostTracker (interpreter/runtimecost.go; cel-cost-model.md §6).

import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import { codePointLength } from './text.js'
import { OptionalValue, type Value } from './values.js'
export const LIST_CREATE_BASE_COST = 10
export const MAP_CREATE_BASE_COST = 30
export const STRUCT_CREATE_BASE_COST = 40
export const STRING_TRAVERSAL_COST_FACTOR = 0.1
export const REGEX_STRING_LENGTH_COST_FACTOR = 0.25

/** cel-go releases whose runtime cost rules differ (cel-cost-model.md §9). */
export type CostModelVersion = '0.26' | '0.29'

/**
 * Extra cost of one call, given the runtime arguments (receiver first) and result; undefined
 * defers to the next rule (cel-go ActualCostEstimator.CallCost, e.g. Kubernetes' library costs).
 */
export type CallCostEstimator = (
  fn: string,
  overloadId: string,
  args: readonly Value[],
  result: Value
) => bigint | undefined

/** cel-go FunctionTracker, registered per overload id (interpreter.OverloadCostTracker). */
export type OverloadCostTracker = (args: readonly Value[], result: Value) => bigint | undefined

/** cel-go actualSize: size of strings (code points), bytes, lists, maps, optionals; else 1. */
export function actualSize(v: Value): number {
  if (typeof v === 'string') return codePointLength(v)
  if (v instanceof ListValue || v instanceof MapValue) return v.size
  if (v instanceof Uint8Array) return v.length
  if (v instanceof OptionalValue && v.value !== undefined) return actualSize(v.value)
  return 1
}

function traversal(size: number): number {
  return Math.ceil(size * STRING_TRAVERSAL_COST_FACTOR)
}

/** How a call's default cost is computed, chosen once per call site from its overload id. */
export type DefaultCallCost = (args: readonly Value[]) => number

/** The cost of most calls. */
export const ONE_CALL_COST: DefaultCallCost = () => 1

const minSizeTraversal: DefaultCallCost = (args) =>
  traversal(Math.min(actualSize(args[0]!), actualSize(args[1]!)))

const firstArgTraversal: DefaultCallCost = (args) => traversal(actualSize(args[0]!))

const matchesCost: DefaultCallCost = (args) =>
  Math.ceil((1 + actualSize(args[0]!)) * STRING_TRAVERSAL_COST_FACTOR) *
  Math.ceil(actualSize(args[1]!) * REGEX_STRING_LENGTH_COST_FACTOR)

/** The default cost rule of an overload id (the switch at the end of CostTracker.costCall). */
export function defaultCallCost(overloadId: string, version: CostModelVersion): DefaultCallCost {
  switch (overloadId) {
    case 'starts_with_string':
    case 'ends_with_string':
      // v0.29 charges the prefix / suffix, earlier releases the receiver.
      return version === '0.29' ? (args) => traversal(actualSize(args[1]!)) : firstArgTraversal
    case 'string_to_bytes':
    case 'bytes_to_string':
    case 'strings_quote':
    case 'string_format':
      return firstArgTraversal
    case 'in_list':
      return (args) => actualSize(args[1]!)
    case 'less_string':
    case 'greater_string':
    case 'less_equals_string':
    case 'greater_equals_string':
    case 'less_bytes':
    case 'greater_bytes':
    case 'less_equals_bytes':
    case 'greater_equals_bytes':
    case 'equals':
    case 'not_equals':
      return minSizeTraversal
    case 'add_string':
    case 'add_bytes':
      return (args) => traversal(actualSize(args[0]!) + actualSize(args[1]!))
    case 'matches_string':
      return matchesCost
    case 'matches':
      return version === '0.29' ? matchesCost : ONE_CALL_COST
    case 'contains_string':
      return (args) => traversal(actualSize(args[0]!)) * traversal(actualSize(args[1]!))
    default:
      return ONE_CALL_COST
  }
}

/** A two-argument call's default cost; undefined when it is always 1. */
export type DefaultBinaryCost = ((a: Value, b: Value) => number) | undefined

/**
 * defaultCallCost for two-argument calls, taking the arguments without an array; a constant
 * right-hand side (a pattern, a prefix) has its size computed once.
 */
export function defaultBinaryCost(
  overloadId: string,
  version: CostModelVersion,
  constantRhs?: { readonly value: Value }
): DefaultBinaryCost {
  const rhsSize = constantRhs === undefined ? undefined : actualSize(constantRhs.value)
  switch (overloadId) {
    case 'starts_with_string':
    case 'ends_with_string':
      if (version !== '0.29') return (a) => traversal(actualSize(a))
      if (rhsSize !== undefined) return constantCost(traversal(rhsSize))
      return (_, b) => traversal(actualSize(b))
    case 'string_to_bytes':
    case 'bytes_to_string':
    case 'strings_quote':
    case 'string_format':
      return (a) => traversal(actualSize(a))
    case 'in_list':
      return (_, b) => actualSize(b)
    case 'less_string':
    case 'greater_string':
    case 'less_equals_string':
    case 'greater_equals_string':
    case 'less_bytes':
    case 'greater_bytes':
    case 'less_equals_bytes':
    case 'greater_equals_bytes':
    case 'equals':
    case 'not_equals':
      return (a, b) => traversal(Math.min(actualSize(a), actualSize(b)))
    case 'add_string':
    case 'add_bytes':
      return (a, b) => traversal(actualSize(a) + actualSize(b))
    case 'matches':
      return version === '0.29' ? binaryMatchesCost(rhsSize) : undefined
    case 'matches_string':
      return binaryMatchesCost(rhsSize)
    case 'contains_string': {
      if (rhsSize === undefined)
        return (a, b) => traversal(actualSize(a)) * traversal(actualSize(b))
      const rhsFactor = traversal(rhsSize)
      return (a) => traversal(actualSize(a)) * rhsFactor
    }
    default:
      return undefined
  }
}

function binaryMatchesCost(patternSize: number | undefined): (a: Value, b: Value) => number {
  if (patternSize === undefined) return (a, b) => matchesCost([a, b])
  const patternFactor = Math.ceil(patternSize * REGEX_STRING_LENGTH_COST_FACTOR)
  return (a) => Math.ceil((1 + actualSize(a)) * STRING_TRAVERSAL_COST_FACTOR) * patternFactor
}

function constantCost(cost: number): (a: Value, b: Value) => number {
  return () => cost
}
