// Evaluation closures for calls (cel-go evalZeroArity / evalUnary / evalBinary / evalVarArgs,
// evalEq / evalNe, evalAnd / evalOr) and the charge of their call cost.

import { isReceiver, receive } from '../lib/std-impl.js'
import {
  actualSize,
  defaultCallCost,
  ONE_CALL_COST,
  type CallCostEstimator,
  type CostModelVersion,
  type OverloadCostTracker
} from './cost.js'
import type { Binding } from './dispatch.js'
import { traitsOf } from './dispatch.js'
import { valuesEqual } from './equality.js'
import type { EvalContext } from './eval-context.js'
import type { PlanNode, Step } from './plan-node.js'
import { labelError, maybeNoSuchOverload, mergeUnknowns } from './value-errors.js'
import { ErrorValue, isAbnormal, OptionalValue, UnknownValue, type Value } from './values.js'

export interface CostRules {
  readonly version: CostModelVersion
  readonly estimator?: CallCostEstimator
  readonly trackers?: ReadonlyMap<string, OverloadCostTracker>
}

/** Charges a call's cost from its arguments and result; undefined when it is always 1. */
export type CallCharger =
  ((ctx: EvalContext, args: readonly Value[], result: Value) => void) | undefined

function chargeBig(ctx: EvalContext, cost: bigint): void {
  if (cost >= 0n && cost < 0x100000000n) ctx.charge(Number(cost))
  else ctx.chargeBig(cost)
}

/** The charger of `==` / `!=`: undefined when only cel-go's default size rule applies. */
export function equalityCharger(fn: string, overloadId: string, rules: CostRules): CallCharger {
  if (rules.estimator === undefined && rules.trackers?.has(overloadId) !== true) return undefined
  return callCharger(fn, overloadId, rules)
}

/** cel-go CostTracker.costCall for one call site: trackers, then the estimator, then defaults. */
export function callCharger(fn: string, overloadId: string, rules: CostRules): CallCharger {
  const tracker = overloadId === '' ? undefined : rules.trackers?.get(overloadId)
  const estimator = rules.estimator
  const fallback = defaultCallCost(overloadId, rules.version)
  if (tracker === undefined && estimator === undefined && fallback === ONE_CALL_COST) {
    return undefined
  }
  return (ctx, args, result) => {
    if (tracker !== undefined) {
      const c = tracker(args, result)
      if (c !== undefined) return chargeBig(ctx, c)
    }
    if (estimator !== undefined) {
      const c = estimator(fn, overloadId, args, result)
      if (c !== undefined) return chargeBig(ctx, c)
    }
    ctx.charge(fallback(args))
  }
}

function noSuchOverload(fn: string, id: number): ErrorValue {
  return new ErrorValue(`no such overload: ${fn}`, id)
}

export function zeroArityStep(
  id: number,
  impl: (args: readonly Value[]) => Value,
  charge: CallCharger
): Step {
  return (ctx) => {
    const r = labelError(impl([]), id)
    if (charge === undefined) ctx.charge(1)
    else charge(ctx, [], r)
    return r
  }
}

export function unaryStep(
  id: number,
  fn: string,
  binding: Binding | undefined,
  arg: PlanNode,
  charge: CallCharger
): Step {
  const impl = binding?.unary
  const trait = binding?.trait ?? 0
  const strict = binding?.nonStrict !== true
  const argEval = arg.eval
  return (ctx) => {
    const a = argEval(ctx)
    let r: Value
    if (strict && isAbnormal(a)) r = a
    else if (
      impl !== undefined &&
      (trait === 0 || (!strict && isAbnormal(a)) || (traitsOf(a) & trait) === trait)
    ) {
      r = labelError(impl(a), id)
    } else if (isReceiver(a)) r = labelError(receive(fn, a, []), id)
    else r = noSuchOverload(fn, id)
    if (charge === undefined) ctx.charge(1)
    else charge(ctx, [a], r)
    return r
  }
}

export function binaryStep(
  id: number,
  fn: string,
  binding: Binding | undefined,
  lhs: PlanNode,
  rhs: PlanNode,
  charge: CallCharger
): Step {
  const impl = binding?.binary
  const trait = binding?.trait ?? 0
  const strict = binding?.nonStrict !== true
  const lhsEval = lhs.eval
  const rhsEval = rhs.eval
  return (ctx) => {
    const a = lhsEval(ctx)
    const b = rhsEval(ctx)
    let r: Value
    if (strict && isAbnormal(a)) r = a
    else if (strict && isAbnormal(b)) r = b
    else if (
      impl !== undefined &&
      (trait === 0 || (!strict && isAbnormal(a)) || (traitsOf(a) & trait) === trait)
    ) {
      r = labelError(impl(a, b), id)
    } else if (isReceiver(a)) r = labelError(receive(fn, a, [b]), id)
    else r = noSuchOverload(fn, id)
    if (charge === undefined) ctx.charge(1)
    else charge(ctx, [a, b], r)
    return r
  }
}

/**
 * Calls with any number of arguments. Strict calls stop at the first error or unknown argument;
 * then the remaining arguments are not evaluated and, as in cel-go (whose tracker cannot find
 * them), no call cost is charged.
 */
export function varArgsStep(
  id: number,
  fn: string,
  binding: Binding | undefined,
  args: readonly PlanNode[],
  charge: CallCharger
): Step {
  const impl = binding?.fn
  const trait = binding?.trait ?? 0
  const strict = binding?.nonStrict !== true
  const evals = args.map((a) => a.eval)
  const n = evals.length
  return (ctx) => {
    const values = new Array<Value>(n)
    for (let i = 0; i < n; i++) {
      const v = evals[i]!(ctx)
      values[i] = v
      if (strict && isAbnormal(v)) {
        if (i === n - 1) {
          if (charge === undefined) ctx.charge(1)
          else charge(ctx, values, v)
        }
        return v
      }
    }
    const a0 = values[0]!
    let r: Value
    if (
      impl !== undefined &&
      (trait === 0 || (!strict && isAbnormal(a0)) || (traitsOf(a0) & trait) === trait)
    ) {
      r = labelError(impl(values), id)
    } else if (isReceiver(a0)) r = labelError(receive(fn, a0, values.slice(1)), id)
    else r = new ErrorValue(`no such overload: ${fn} ${id}`, id)
    if (charge === undefined) ctx.charge(1)
    else charge(ctx, values, r)
    return r
  }
}

/** `==` and `!=`: errors and unknowns win, else heterogeneous equality (cel-go evalEq/evalNe). */
export function equalityStep(
  lhs: PlanNode,
  rhs: PlanNode,
  negate: boolean,
  charge: CallCharger
): Step {
  const lhsEval = lhs.eval
  const rhsEval = rhs.eval
  if (charge === undefined) {
    // The default rule, ceil(min(size) × 0.1), computed without building an argument array.
    return (ctx) => {
      const a = lhsEval(ctx)
      const b = rhsEval(ctx)
      const r = isAbnormal(a) ? a : isAbnormal(b) ? b : valuesEqual(a, b) !== negate
      ctx.charge(Math.ceil(Math.min(actualSize(a), actualSize(b)) * 0.1))
      return r
    }
  }
  return (ctx) => {
    const a = lhsEval(ctx)
    const b = rhsEval(ctx)
    let r: Value
    if (isAbnormal(a)) r = a
    else if (isAbnormal(b)) r = b
    else r = valuesEqual(a, b) !== negate
    charge(ctx, [a, b], r)
    return r
  }
}

/**
 * `&&` (stop = false) and `||` (stop = true): the first term equal to `stop` decides; otherwise
 * unknowns, then the first error, win over the other value (cel-go evalAnd / evalOr).
 */
export function logicalStep(id: number, terms: readonly PlanNode[], stop: boolean): Step {
  const evals = terms.map((t) => t.eval)
  return (ctx) => {
    let err: Value | undefined
    let unknown: UnknownValue | undefined
    for (const e of evals) {
      const v = e(ctx)
      if (typeof v === 'boolean') {
        if (v === stop) return stop
        continue
      }
      if (v instanceof UnknownValue) {
        unknown = unknown === undefined ? v : mergeUnknowns(unknown, v)
      } else if (err === undefined) {
        err = labelError(maybeNoSuchOverload(v), id)
      }
    }
    if (unknown !== undefined) return unknown
    if (err !== undefined) return err
    return !stop
  }
}

/** `opt.or(other)` and `opt.orValue(value)`: the right side is evaluated only when needed. */
export function optionalOrStep(lhs: PlanNode, rhs: PlanNode, orValue: boolean): Step {
  const lhsEval = lhs.eval
  const rhsEval = rhs.eval
  return (ctx) => {
    const v = lhsEval(ctx)
    if (isAbnormal(v)) return v
    if (!(v instanceof OptionalValue)) return new ErrorValue('no such overload')
    if (v.value !== undefined) return orValue ? v.value : v
    return rhsEval(ctx)
  }
}
