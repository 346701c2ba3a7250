// cel-go's OptOptimize decorators (interpreter/decorators.go), which Kubernetes enables: constant
// list and map literals and conversions of constants are computed once at plan time (and cost
// nothing), `x in [constants]` becomes a hash lookup without call cost, and `matches` with a
// constant pattern compiles it once (an invalid pattern fails planning).

import { EMPTY_ACTIVATION } from './activation.js'
import type { Binding } from './dispatch.js'
import { EvalContext } from './eval-context.js'
import { ListValue } from './list-value.js'
import { doubleToInt64Lossless, doubleToUint64Lossless, storeKey } from './map-value.js'
import { PlanError } from './plan-errors.js'
import type { CallNode, ConstNode, PlanNode } from './plan-node.js'
import { compileRegexTest } from './regex.js'
import { ErrorValue, isAbnormal, MAX_INT64, UintValue, type Value } from './values.js'

const TYPE_CONVERSIONS = new Set([
  'bool',
  'bytes',
  'double',
  'duration',
  'dyn',
  'int',
  'string',
  'timestamp',
  'type',
  'uint'
])

export function isTypeConversion(fn: string): boolean {
  return TYPE_CONVERSIONS.has(fn)
}

/** Evaluates a node whose inputs are all constants (cel-go uses an empty activation). */
export function constantFolding(node: PlanNode): Value {
  return node.eval(new EvalContext(EMPTY_ACTIVATION, 0, undefined))
}

/** The keys a constant element answers to: itself plus its lossless numeric equivalents. */
function membershipKeys(elem: Value): unknown[] | undefined {
  switch (typeof elem) {
    case 'string':
    case 'boolean':
      return [elem]
    case 'bigint': {
      const keys: unknown[] = [elem, Number(elem)]
      if (elem >= 0n) keys.push(storeKey(new UintValue(elem)))
      return keys
    }
    case 'number': {
      if (Number.isNaN(elem)) return []
      const keys: unknown[] = [elem]
      const i = doubleToInt64Lossless(elem)
      if (i !== undefined) keys.push(i)
      const u = doubleToUint64Lossless(elem)
      if (u !== undefined) keys.push(storeKey(new UintValue(u)))
      return keys
    }
  }
  if (elem instanceof UintValue) {
    const keys: unknown[] = [storeKey(elem), Number(elem.value)]
    if (elem.value <= MAX_INT64) keys.push(elem.value)
    return keys
  }
  return undefined
}

/** `x in [c1, c2, …]` as a set lookup (cel-go maybeOptimizeSetMembership). */
export function setMembershipNode(
  node: CallNode,
  constNode: (id: number, v: Value) => ConstNode
): PlanNode {
  const list = (node.args[1] as ConstNode).value
  if (!(list instanceof ListValue)) return node
  if (list.size === 0) return constNode(node.id, false)
  const set = new Set<unknown>()
  for (const elem of list.items) {
    const keys = membershipKeys(elem)
    if (keys === undefined) return node
    for (const k of keys) set.add(k)
  }
  const lhs = node.args[0]!.eval
  return {
    kind: 'other',
    id: node.id,
    eval: (ctx) => {
      const v = lhs(ctx)
      if (isAbnormal(v)) return v
      return set.has(storeKey(v))
    }
  }
}

/** A binding matching against a constant pattern compiled once (MatchesRegexOptimization). */
export function regexCall(node: CallNode): Binding | undefined {
  const pattern = node.args[1]
  if (pattern?.kind !== 'const' || typeof pattern.value !== 'string') return undefined
  const test = compileRegexTest(pattern.value)
  if (test instanceof ErrorValue) throw new PlanError(test.message)
  return {
    name: node.fn,
    fn: (args) => {
      const s = args[0]
      if (args.length !== 2 || typeof s !== 'string') return new ErrorValue('no such overload')
      return test(s)
    }
  }
}
