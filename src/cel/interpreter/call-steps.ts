// Evaluation closures for calls (cel-go evalZeroArity / evalUnary / evalBinary / evalVarArgs,
// evalEq / evalNe, evalAnd / evalOr) and the charge of their call cost.

import type { RuntimeBehaviour } from './versions.js'
import { isReceiver, receive } from '../lib/std-impl.js'
import {
  actualSize,
  defaultBinaryCost,
  defaultCallCost,
  ONE_CALL_COST,
  type CallCostEstimator,
  type CostModelVersion,
  type OverloadCostTracker
} from './cost.js'
import type { Binding } from './dispatch.js'
import { passesGuard1, passesGuard2, traitsOf } from './dispatch.js'
import { valuesEqual } from './equality.js'
import type { EvalContext } from './eval-context.js'
import { codePointLength } from './text.js'
import type { PlanNode, Step } from './plan-node.js'
import {
  labelError,
  maybeNoSuchOverload,
  mergeUnknowns,
  noMatchingOverload
} from './value-errors.js'
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

/** A two-argument call's charge, without an argument array when only default rules apply. */
export type BinaryCharger =
  ((ctx: EvalContext, a: Value, b: Value, result: Value) => void) | undefined

/** callCharger for a two-argument call site; `constantRhs` when the right side is a constant. */
export function binaryCharger(
  fn: string,
  overloadId: string,
  rules: CostRules,
  constantRhs?: { readonly value: Value }
): BinaryCharger {
  const general = callCharger(fn, overloadId, rules)
  if (general === undefined) return undefined
  const tracked = overloadId !== '' && rules.trackers?.has(overloadId) === true
  if (tracked || rules.estimator !== undefined) return (ctx, a, b, r) => general(ctx, [a, b], r)
  const cost = defaultBinaryCost(overloadId, rules.version, constantRhs)
  if (cost === undefined) return undefined
  return (ctx, a, b) => ctx.charge(cost(a, b))
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
  const guard = binding?.guard
  const raw = guard?.overload.unary
  if (guard !== undefined && raw !== undefined && guard.overload.args.length === 1 && trait === 0) {
    // A guarded overload: the guard tested here, the implementation called directly.
    const name = guard.function
    return (ctx) => {
      const a = argEval(ctx)
      let r: Value
      if (strict && isAbnormal(a)) r = a
      else r = labelError(passesGuard1(guard, a) ? raw(a) : noMatchingOverload(name, [a]), id)
      if (charge === undefined) ctx.charge(1)
      else charge(ctx, [a], r)
      return r
    }
  }
  if (impl !== undefined && trait === 0 && charge === undefined) {
    // Most functions: no operand trait to test and a cost of 1.
    return strict
      ? (ctx) => {
          const a = argEval(ctx)
          const r = isAbnormal(a) ? a : labelError(impl(a), id)
          ctx.charge(1)
          return r
        }
      : (ctx) => {
          const r = labelError(impl(argEval(ctx)), id)
          ctx.charge(1)
          return r
        }
  }
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
  charge: BinaryCharger,
  constantRhs?: { readonly value: Value }
): Step {
  const impl = binding?.binary
  const trait = binding?.trait ?? 0
  const strict = binding?.nonStrict !== true
  const lhsEval = lhs.eval
  const rhsEval = rhs.eval
  const constant = constantRhs !== undefined
  const rhsValue = constantRhs?.value ?? null
  const guard = binding?.guard
  const raw = guard?.overload.binary
  if (guard !== undefined && raw !== undefined && guard.overload.args.length === 2 && trait === 0) {
    // A guarded overload: the guard tested here, the implementation called directly.
    const name = guard.function
    return (ctx) => {
      const a = lhsEval(ctx)
      const b = constant ? rhsValue : rhsEval(ctx)
      let r: Value
      if (strict && isAbnormal(a)) r = a
      else if (strict && isAbnormal(b)) r = b
      else {
        const ok = passesGuard2(guard, a, b)
        r = labelError(ok ? raw(a, b) : noMatchingOverload(name, [a, b]), id)
      }
      if (charge === undefined) ctx.charge(1)
      else charge(ctx, a, b, r)
      return r
    }
  }
  if (impl !== undefined && trait === 0 && strict) {
    // Most functions: no operand trait to test.
    return (ctx) => {
      const a = lhsEval(ctx)
      const b = constant ? rhsValue : rhsEval(ctx)
      const r = isAbnormal(a) ? a : isAbnormal(b) ? b : labelError(impl(a, b), id)
      if (charge === undefined) ctx.charge(1)
      else charge(ctx, a, b, r)
      return r
    }
  }
  return (ctx) => {
    const a = lhsEval(ctx)
    const b = constant ? rhsValue : rhsEval(ctx)
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
    else charge(ctx, a, b, r)
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
  charge: CallCharger,
  constantRhs?: { readonly value: Value }
): Step {
  const lhsEval = lhs.eval
  const rhsEval = rhs.eval
  const constant = constantRhs !== undefined
  const rhsValue = constantRhs?.value ?? null
  if (charge === undefined) {
    // The default rule, ceil(min(size) × 0.1), computed without building an argument array.
    return (ctx) => {
      const a = lhsEval(ctx)
      const b = constant ? rhsValue : rhsEval(ctx)
      const r = isAbnormal(a) ? a : isAbnormal(b) ? b : valuesEqual(a, b) !== negate
      ctx.charge(equalityCost(a, b))
      return r
    }
  }
  return (ctx) => {
    const a = lhsEval(ctx)
    const b = constant ? rhsValue : rhsEval(ctx)
    let r: Value
    if (isAbnormal(a)) r = a
    else if (isAbnormal(b)) r = b
    else r = valuesEqual(a, b) !== negate
    charge(ctx, [a, b], r)
    return r
  }
}

/** cel-go's default cost of `==`: ceil(min(size(a), size(b)) × 0.1). */
function equalityCost(a: Value, b: Value): number {
  if (typeof a === 'string' && typeof b === 'string') {
    // Sizes up to 10 code points (a string has at most as many as UTF-16 units) cost 1, or 0 if empty.
    const la = a.length
    const lb = b.length
    if (la <= 10 || lb <= 10) return la === 0 || lb === 0 ? 0 : 1
    // Equal strings have one size; a string at most half as long (in UTF-16 units) as the
    // other has the fewer code points.
    if (a === b || la * 2 <= lb) return Math.ceil(codePointLength(a) * 0.1)
    if (lb * 2 <= la) return Math.ceil(codePointLength(b) * 0.1)
    return Math.ceil(Math.min(codePointLength(a), codePointLength(b)) * 0.1)
  } else if (isScalar(a) && isScalar(b)) return 1
  return Math.ceil(Math.min(actualSize(a), actualSize(b)) * 0.1)
}

/** bool, int and double values, whose size is 1. */
function isScalar(v: Value): boolean {
  const t = typeof v
  return t === 'boolean' || t === 'bigint' || t === 'number'
}

/**
 * `&&` (stop = false) and `||` (stop = true): the first term equal to `stop` decides; otherwise
 * unknowns, then the first error, win over the other value (cel-go evalAnd / evalOr).
 */
export function logicalStep(id: number, terms: readonly PlanNode[], stop: boolean): Step {
  const evals = terms.map((t) => t.eval)
  if (evals.length === 2) {
    // The parser's binary form: decided in line whenever both sides are booleans.
    const [lhs, rhs] = evals as [Step, Step]
    return (ctx) => {
      const a = lhs(ctx)
      if (a === stop) return stop
      const b = rhs(ctx)
      if (b === stop) return stop
      if (typeof a === 'boolean' && typeof b === 'boolean') return !stop
      return logicalOutcome(id, [a, b], stop)
    }
  }
  return (ctx) => {
    const values: Value[] = []
    for (const e of evals) {
      const v = e(ctx)
      if (v === stop) return stop
      values.push(v)
    }
    return logicalOutcome(id, values, stop)
  }
}

/** Terms none of which is `stop`: unknowns, then the first error, win over the other value. */
function logicalOutcome(id: number, values: readonly Value[], stop: boolean): Value {
  let err: Value | undefined
  let unknown: UnknownValue | undefined
  for (const v of values) {
    if (typeof v === 'boolean') continue
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

/**
 * `opt.or(other)` and `opt.orValue(value)`: the right side is evaluated only when needed
 * (cel-go's evalOptionalOr / evalOptionalOrValue in cel/library.go). A receiver that is not an
 * optional value is `no such overload` from v0.28 and is the result itself before.
 */
export function optionalOrStep(
  lhs: PlanNode,
  rhs: PlanNode,
  orValue: boolean,
  runtime: Pick<RuntimeBehaviour, 'optionalOrChecksReceiver'>
): Step {
  const lhsEval = lhs.eval
  const rhsEval = rhs.eval
  const checksReceiver = runtime.optionalOrChecksReceiver
  return (ctx) => {
    const v = lhsEval(ctx)
    if (isAbnormal(v)) return v
    if (!(v instanceof OptionalValue))
      return checksReceiver ? new ErrorValue('no such overload') : v
    if (v.value !== undefined) return orValue ? v.value : v
    return rhsEval(ctx)
  }
}
