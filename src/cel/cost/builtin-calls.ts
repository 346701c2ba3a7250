// cel-go's own call cost rules, used when neither a library estimator nor the environment's
// hooks answer for an overload (the switch of checker/cost.go functionCost;
// cel-cost-model.md §2.5 step 3).

import * as ov from '../common/overloads.js'
import { REGEX_STRING_LENGTH_COST_FACTOR, STRING_TRAVERSAL_COST_FACTOR } from './constants.js'
import type { CallEstimate, EstimatorNode } from './hooks.js'
import {
  ONE,
  UNKNOWN,
  add,
  multiply,
  multiplyRangeByFactor,
  sum,
  union,
  wrapUint64,
  type CostRange,
  type SizeRange
} from './range.js'

export interface BuiltinCall {
  readonly overloadId: string
  /** The receiver; undefined for global calls. */
  readonly target: EstimatorNode | undefined
  /** Whether cel-go's `target != nil` holds (also for global calls before v0.26). */
  readonly hasTargetPointer: boolean
  readonly args: readonly EstimatorNode[]
  readonly argCosts: readonly CostRange[]
  /** How the release sizes an operand (sizeOrUnknown, or the legacy sizeEstimate). */
  readonly sizeOf: (node: EstimatorNode) => SizeRange
  /** cel-go ≥ v0.29 costs the global `matches(s, re)` like the member form. */
  readonly globalMatchesCosted: boolean
}

/** The cost of the call including its arguments (not its target), and its result size. */
export function builtinCallEstimate(call: BuiltinCall): CallEstimate {
  return specificEstimate(call) ?? { cost: add(ONE, sum(call.argCosts)) }
}

function specificEstimate(call: BuiltinCall): CallEstimate | undefined {
  const { overloadId, args, argCosts } = call
  const argSum = (): CostRange => sum(argCosts)
  // A target pointer wrapping nothing (global calls before v0.26) sizes as unknown.
  const targetSize = (): SizeRange =>
    call.target === undefined ? UNKNOWN : call.sizeOf(call.target)
  const traversal = (size: SizeRange): CostRange =>
    multiplyRangeByFactor(size, STRING_TRAVERSAL_COST_FACTOR)
  switch (overloadId) {
    case ov.EXT_FORMAT_STRING:
      // The result size is not bounded, so none is given.
      if (call.hasTargetPointer) return { cost: add(traversal(targetSize()), argSum()) }
      return undefined
    case ov.STRING_TO_BYTES:
      if (args.length !== 1) return undefined
      return conversion(call, (sz) => ({ min: sz.min, max: wrapUint64(sz.max * 4n) }))
    case ov.BYTES_TO_STRING:
      if (args.length !== 1) return undefined
      return conversion(call, (sz) => ({ min: sz.min / 4n, max: sz.max }))
    case ov.EXT_QUOTE_STRING:
      if (args.length !== 1) return undefined
      return conversion(call, (sz) => ({
        min: wrapUint64(sz.min + 2n),
        max: wrapUint64(sz.max * 2n + 2n)
      }))
    case ov.STARTS_WITH_STRING:
    case ov.ENDS_WITH_STRING:
      // The prefix or suffix is scanned, not the receiver.
      if (args.length !== 1) return undefined
      return { cost: add(traversal(call.sizeOf(args[0]!)), argSum()) }
    case ov.IN_LIST:
      if (args.length !== 2) return undefined
      return { cost: add(multiplyRangeByFactor(call.sizeOf(args[1]!), 1), argSum()) }
    case ov.MATCHES:
    case ov.MATCHES_STRING:
      return matchesEstimate(call, targetSize)
    case ov.CONTAINS_STRING:
      if (!call.hasTargetPointer || args.length !== 1) return undefined
      return {
        cost: add(multiply(traversal(targetSize()), traversal(call.sizeOf(args[0]!))), argSum())
      }
    case ov.LOGICAL_OR:
    case ov.LOGICAL_AND: {
      // Short-circuiting: the minimum is the left operand's; no cost of its own.
      const lhs = argCosts[0]!
      const rhs = argCosts[1]!
      return { cost: { min: lhs.min, max: add(lhs, rhs).max } }
    }
    case ov.CONDITIONAL: {
      const resultSize = union(call.sizeOf(args[1]!), call.sizeOf(args[2]!))
      return { cost: add(argCosts[0]!, union(argCosts[1]!, argCosts[2]!)), resultSize }
    }
    case ov.ADD_STRING:
    case ov.ADD_BYTES:
    case ov.ADD_LIST: {
      if (args.length !== 2) return undefined
      const resultSize = add(call.sizeOf(args[0]!), call.sizeOf(args[1]!))
      // List concatenation is O(1); it is handled here to track the size.
      const own = overloadId === ov.ADD_LIST ? ONE : traversal(resultSize)
      return { cost: add(own, argSum()), resultSize }
    }
    case ov.LESS_STRING:
    case ov.GREATER_STRING:
    case ov.LESS_EQUALS_STRING:
    case ov.GREATER_EQUALS_STRING:
    case ov.LESS_BYTES:
    case ov.GREATER_BYTES:
    case ov.LESS_EQUALS_BYTES:
    case ov.GREATER_EQUALS_BYTES:
    case ov.EQUALS:
    case ov.NOT_EQUALS: {
      const lhsMax = call.sizeOf(args[0]!).max
      const rhsMax = call.sizeOf(args[1]!).max
      const smallestMax = rhsMax < lhsMax ? rhsMax : lhsMax
      // Comparing two scalars (size 1) costs 1; an operand of size 0 costs nothing.
      const compared = { min: smallestMax > 0n ? 1n : 0n, max: smallestMax }
      return { cost: add(traversal(compared), argSum()) }
    }
    default:
      return undefined
  }
}

/** O(n) string/bytes conversions: the argument is scanned once. */
function conversion(call: BuiltinCall, resultSize: (sz: SizeRange) => SizeRange): CallEstimate {
  const sz = call.sizeOf(call.args[0]!)
  return {
    cost: add(multiplyRangeByFactor(sz, STRING_TRAVERSAL_COST_FACTOR), sum(call.argCosts)),
    resultSize: resultSize(sz)
  }
}

/** RE2 matching: O(string length × regex length); the string gets +1 so an empty one costs. */
function matchesEstimate(call: BuiltinCall, targetSize: () => SizeRange): CallEstimate | undefined {
  const { overloadId, args } = call
  let strSize: SizeRange
  let regexSize: SizeRange
  if (overloadId === ov.MATCHES_STRING && call.hasTargetPointer && args.length === 1) {
    strSize = targetSize()
    regexSize = call.sizeOf(args[0]!)
  } else if (
    call.globalMatchesCosted &&
    overloadId === ov.MATCHES &&
    call.target === undefined &&
    !call.hasTargetPointer &&
    args.length === 2
  ) {
    strSize = call.sizeOf(args[0]!)
    regexSize = call.sizeOf(args[1]!)
  } else {
    return undefined
  }
  const strCost = multiplyRangeByFactor(add(strSize, ONE), STRING_TRAVERSAL_COST_FACTOR)
  const regexCost = multiplyRangeByFactor(regexSize, REGEX_STRING_LENGTH_COST_FACTOR)
  return { cost: add(multiply(strCost, regexCost), sum(call.argCosts)) }
}
