// Comprehension evaluation (cel-go evalFold and its folder): the range once, then per element
// the loop condition and, while it holds, the step; the accumulator starts lazily on first read;
// iteration stops as soon as the condition is a boolean other than true.

import type { PlanNode, Step } from './plan-node.js'
import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import { goTypeNameOf } from './type-of.js'
import { valOrErr } from './value-errors.js'
import { ErrorValue, isAbnormal, type Value } from './values.js'
import type { EvalContext } from './eval-context.js'

export interface ComprehensionPlan {
  readonly id: number
  readonly iterRange: PlanNode
  readonly cond: PlanNode
  readonly step: PlanNode
  readonly result: PlanNode
  readonly accuSlot: number
  readonly iterSlot: number
  /** Slot of the second iteration variable, -1 for one-variable comprehensions. */
  readonly iter2Slot: number
}

export function comprehensionStep(plan: ComprehensionPlan): Step {
  const { id, accuSlot, iterSlot, iter2Slot } = plan
  const rangeEval = plan.iterRange.eval
  const condEval = plan.cond.eval
  const stepEval = plan.step.eval
  const resultEval = plan.result.eval
  const twoVariables = iter2Slot >= 0

  /** One element: false when the loop condition ends the iteration. */
  const visit = (ctx: EvalContext): boolean => {
    const c = condEval(ctx)
    if (typeof c === 'boolean' && !c) return false
    ctx.slots[accuSlot] = stepEval(ctx)
    return true
  }

  const finish = (ctx: EvalContext): Value => {
    const res = resultEval(ctx)
    // The private mutable accumulator becomes an ordinary value once the loop is done.
    if (res instanceof ListValue || res instanceof MapValue) res.mutable = false
    return res
  }

  return (ctx) => {
    const range = rangeEval(ctx)
    if (isAbnormal(range)) return range
    ctx.slots[accuSlot] = undefined
    const slots = ctx.slots
    if (range instanceof ListValue) {
      // A snapshot of the length: the range may be an accumulator that grows while looping.
      const items = range.items
      const n = items.length
      for (let i = 0; i < n; i++) {
        if (twoVariables) {
          slots[iterSlot] = BigInt(i)
          slots[iter2Slot] = items[i]!
        } else slots[iterSlot] = items[i]!
        if (!visit(ctx)) break
      }
      return finish(ctx)
    }
    if (range instanceof MapValue) {
      const entries = range.mutable ? [...range.entries()] : range.entries()
      for (const [k, v] of entries) {
        slots[iterSlot] = k
        if (twoVariables) slots[iter2Slot] = v
        if (!visit(ctx)) break
      }
      return finish(ctx)
    }
    if (twoVariables) {
      return new ErrorValue(`unsupported comprehension range type: ${goTypeNameOf(range)}`, id)
    }
    return valOrErr(range, `got '${goTypeNameOf(range)}', expected iterable type`)
  }
}
