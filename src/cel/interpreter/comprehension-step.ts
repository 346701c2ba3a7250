// Comprehension evaluation (cel-go evalFold and its folder): the range once, then per element
// the loop condition and, while it holds, the step; the accumulator starts lazily on first read;
// iteration stops as soon as the condition is a boolean other than true.

import type { PlanNode, Step } from './plan-node.js'
import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import { goTypeNameOf } from './type-of.js'
import { valOrErr } from './value-errors.js'
import { ErrorValue, isAbnormal, type Value } from './values.js'

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

/** The private mutable accumulator becomes an ordinary value once the loop is done. */
function finish(result: Value): Value {
  if (result instanceof ListValue || result instanceof MapValue) result.mutable = false
  return result
}

export function comprehensionStep(plan: ComprehensionPlan): Step {
  const { id, accuSlot, iterSlot, iter2Slot } = plan
  const rangeEval = plan.iterRange.eval
  const condEval = plan.cond.eval
  const stepEval = plan.step.eval
  const resultEval = plan.result.eval
  const twoVariables = iter2Slot >= 0

  return (ctx) => {
    const range = rangeEval(ctx)
    if (isAbnormal(range)) return range
    const slots = ctx.slots
    slots[accuSlot] = undefined
    if (range instanceof ListValue) {
      // A snapshot of the length: the range may be an accumulator that grows while looping.
      const items = range.items
      const n = items.length
      for (let i = 0; i < n; i++) {
        if (twoVariables) {
          slots[iterSlot] = BigInt(i)
          slots[iter2Slot] = items[i]!
        } else slots[iterSlot] = items[i]!
        // The loop condition ends the iteration unless it is true (or not a boolean).
        const c = condEval(ctx)
        if (c === false) break
        slots[accuSlot] = stepEval(ctx)
      }
      return finish(resultEval(ctx))
    }
    if (range instanceof MapValue) {
      const layout = range.layout
      if (layout !== undefined) {
        // Keys and values by slot; an accumulator map may grow meanwhile, so its values are copied.
        const keys = layout.keys
        const values = range.mutable ? [...range.slots] : range.slots
        const n = keys.length
        for (let i = 0; i < n; i++) {
          slots[iterSlot] = keys[i]!
          if (twoVariables) slots[iter2Slot] = values[i]!
          const c = condEval(ctx)
          if (c === false) break
          slots[accuSlot] = stepEval(ctx)
        }
        return finish(resultEval(ctx))
      }
      const entries = range.mutable ? [...range.entries()] : range.entries()
      for (const [k, v] of entries) {
        slots[iterSlot] = k
        if (twoVariables) slots[iter2Slot] = v
        const c = condEval(ctx)
        if (c === false) break
        slots[accuSlot] = stepEval(ctx)
      }
      return finish(resultEval(ctx))
    }
    if (twoVariables) {
      return new ErrorValue(`unsupported comprehension range type: ${goTypeNameOf(range)}`, id)
    }
    return valOrErr(range, `got '${goTypeNameOf(range)}', expected iterable type`)
  }
}
