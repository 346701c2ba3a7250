/**
 * The shape of the Kubernetes library cost functions (apiserver `library/cost.go`;
 * cel-cost-model.md §3.2, §3.5): per function NAME, an estimate for the static estimator and an
 * actual cost for the runtime tracker. Each library module declares the entries for its
 * functions; library-costs.ts dispatches over all of them.
 */
import {
  STRING_TRAVERSAL_COST_FACTOR,
  listElementNode,
  multiplyRangeByFactor,
  type CallEstimate,
  type EstimatorNode,
  type SizeRange
} from '../../cel/cost/index.js'
import { ListValue, MapValue, ObjectValue, OptionalValue } from '../../cel/interpreter/index.js'
import type { Value } from '../../cel/interpreter/index.js'
import type { ReleaseFeatures } from '../versions.js'
import { KubernetesValue } from './values.js'

/** What a static cost entry sees of one call (cel-go EstimateCallCost's arguments and more). */
export interface StaticCall {
  readonly fn: string
  readonly overloadId: string
  /** The receiver of a member call. */
  readonly target: EstimatorNode | undefined
  /** The explicit arguments (the receiver not included). */
  readonly args: readonly EstimatorNode[]
  /**
   * What `target != nil` tests in the apiserver of this release: true for member calls, and
   * for every call under cel-go ≤ v0.23, which passes a target pointer for global calls too
   * (cel-cost-model.md §9).
   */
  readonly targetPointer: boolean
  readonly release: ReleaseFeatures
  /** The library's sizeEstimate: computed size, else the size estimator, else unknown. */
  size(node: EstimatorNode): SizeRange
}

/** What a runtime cost entry sees of one call (cel-go CallCost's arguments). */
export interface RuntimeCall {
  readonly fn: string
  readonly overloadId: string
  /** The runtime arguments, the receiver of a member call first. */
  readonly args: readonly Value[]
  readonly result: Value
  readonly release: ReleaseFeatures
}

export interface FunctionCost {
  /** The estimate, or undefined to leave the call to cel-go's rules. */
  readonly estimate?: (call: StaticCall) => CallEstimate | undefined
  /** The actual cost, or undefined to leave the call to cel-go's rules. */
  readonly actual?: (call: RuntimeCall) => bigint | undefined
}

/** Cost entries by function name (several names may share one entry). */
export type CostTable = ReadonlyMap<string, FunctionCost>

/** Builds a table from [names, entry] pairs. */
export function costTable(
  entries: readonly (readonly [readonly string[], FunctionCost])[]
): CostTable {
  const table = new Map<string, FunctionCost>()
  for (const [names, cost] of entries) for (const name of names) table.set(name, cost)
  return table
}

export const fixedEstimate = (n: bigint): CallEstimate => ({ cost: { min: n, max: n } })

/** A nominal cost of 1, statically and at runtime. */
export const NOMINAL: FunctionCost = {
  estimate: () => fixedEstimate(1n),
  actual: () => 1n
}

/** The element node of a list-typed node (library listElementNode), never sized by literals. */
export function elementNode(list: EstimatorNode): EstimatorNode | undefined {
  return listElementNode(list)
}

const encoder = new TextEncoder()

/** cel-go traits.Sizer: strings (code points), bytes, lists, maps, and the sized library types. */
export function sizerSize(v: Value): number | undefined {
  if (typeof v === 'string') {
    let n = 0
    for (const _ of v) n++
    return n
  }
  if (v instanceof Uint8Array) return v.length
  if (v instanceof ListValue || v instanceof MapValue) return v.size
  if (v instanceof KubernetesValue) return v.sizerSize()
  if (v instanceof ObjectValue) return v.fields.size
  return undefined
}

/** The library's actualSize: a Sizer's size, else 1. */
export function actualSize(v: Value): number {
  return sizerSize(v) ?? 1
}

/** cel-go's runtime actualSize: like the library's, and optionals count as their value. */
export function celGoActualSize(v: Value): number {
  if (v instanceof OptionalValue && v.value !== undefined) return celGoActualSize(v.value)
  return actualSize(v)
}

/** ceil(x × 0.1) as Go computes `uint64(math.Ceil(float64(x) * 0.1))`. */
export function traverse(x: number, factor = STRING_TRAVERSAL_COST_FACTOR): bigint {
  return BigInt(Math.ceil(x * factor))
}

/**
 * The library's traversalCost: a data tree's strings and bytes at 0.1 per byte, truncated;
 * anything that is not a string, bytes, list or map costs 1.
 */
export function traversalCost(v: Value): bigint {
  if (typeof v === 'string') return BigInt(Math.trunc(encoder.encode(v).length * 0.1))
  if (v instanceof Uint8Array) return BigInt(Math.trunc(v.length * 0.1))
  if (v instanceof ListValue) {
    let cost = 0n
    for (const item of v.items) cost += traversalCost(item)
    return cost
  }
  if (v instanceof MapValue) {
    let cost = 0n
    for (const [k, item] of v.entries()) cost += traversalCost(k) + traversalCost(item)
    return cost
  }
  if (v instanceof ObjectValue && !(v instanceof KubernetesValue)) {
    let cost = 0n
    for (const [k, item] of v.fields) cost += traversalCost(k) + traversalCost(item)
    return cost
  }
  return 1n
}

/**
 * The guard of the IP, CIDR, quantity, semver and format estimates: `target != nil` in
 * 1.30–1.33 (true for every call there, cel-go ≤ v0.23 passing a target pointer even for global
 * calls), `len(args) >= minArgs` from 1.34 (cel-cost-model.md §9).
 */
export function argumentGuard(call: StaticCall, minArgs: number, legacyNeedsArgs = false): boolean {
  if (call.release.libraryCostGuardsOnArguments) return call.args.length >= minArgs
  return call.targetPointer && (!legacyNeedsArgs || call.args.length >= minArgs)
}

/**
 * A parse of the first argument (cidr, isIP, isCIDR, quantity, isQuantity, semver, isSemver):
 * one traversal of the string, statically and at runtime.
 */
export const STRING_PARSE_COST: FunctionCost = {
  estimate(call) {
    const arg = call.args[0]
    if (!argumentGuard(call, 1) || arg === undefined) return undefined
    return { cost: multiplyRangeByFactor(call.size(arg), STRING_TRAVERSAL_COST_FACTOR) }
  },
  actual: (call) => (call.args.length >= 1 ? traverse(actualSize(call.args[0]!)) : undefined)
}
