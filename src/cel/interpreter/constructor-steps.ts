// Evaluation closures of list, map and message literals (cel-go evalList / evalMap / evalObj):
// elements in order, an error or unknown element ends the construction, `?` entries are
// skipped when the optional is empty; the construction cost is charged in every case.

import { LIST_CREATE_BASE_COST, MAP_CREATE_BASE_COST, STRUCT_CREATE_BASE_COST } from './cost.js'
import { goValueString } from './go-value-format.js'
import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import { InternalEvalError } from './plan-errors.js'
import type { PlanNode, Step } from './plan-node.js'
import type { TypeProvider } from './type-provider.js'
import { labelError } from './value-errors.js'
import { ErrorValue, isAbnormal, OptionalValue, type StructType, type Value } from './values.js'

export function listStep(id: number, elements: readonly PlanNode[], optional: boolean[]): Step {
  const evals = elements.map((el) => el.eval)
  const hasOptionals = optional.includes(true)
  return (ctx) => {
    const out: Value[] = []
    for (let i = 0; i < evals.length; i++) {
      let v = evals[i]!(ctx)
      if (isAbnormal(v)) {
        ctx.charge(LIST_CREATE_BASE_COST)
        return v
      }
      if (hasOptionals && optional[i] === true) {
        if (!(v instanceof OptionalValue)) {
          ctx.charge(LIST_CREATE_BASE_COST)
          return new ErrorValue(
            `cannot initialize optional list element from non-optional value ${goValueString(v)}`,
            id
          )
        }
        if (v.value === undefined) continue
        v = v.value
      }
      out.push(v)
    }
    ctx.charge(LIST_CREATE_BASE_COST)
    return new ListValue(out)
  }
}

export function mapStep(
  id: number,
  keys: readonly PlanNode[],
  values: readonly PlanNode[],
  optional: readonly boolean[]
): Step {
  const keyEvals = keys.map((k) => k.eval)
  const valueEvals = values.map((v) => v.eval)
  return (ctx) => {
    const map = new MapValue()
    for (let i = 0; i < keyEvals.length; i++) {
      const k = keyEvals[i]!(ctx)
      if (isAbnormal(k)) {
        ctx.charge(MAP_CREATE_BASE_COST)
        return k
      }
      let v = valueEvals[i]!(ctx)
      if (isAbnormal(v)) {
        ctx.charge(MAP_CREATE_BASE_COST)
        return v
      }
      if (optional[i] === true) {
        if (!(v instanceof OptionalValue)) {
          ctx.charge(MAP_CREATE_BASE_COST)
          return new ErrorValue(
            `cannot initialize optional entry '${goValueString(k)}' from non-optional value ${goValueString(v)}`,
            id
          )
        }
        if (v.value === undefined) {
          map.delete(k)
          continue
        }
        v = v.value
      }
      const failed = map.set(k, v)
      if (failed !== undefined) throw new InternalEvalError(failed.message)
    }
    ctx.charge(MAP_CREATE_BASE_COST)
    return map
  }
}

export function structStep(
  id: number,
  provider: TypeProvider,
  type: StructType,
  fields: readonly { readonly field: string; readonly optional: boolean }[],
  values: readonly PlanNode[]
): Step {
  const evals = values.map((v) => v.eval)
  return (ctx) => {
    const set = new Map<string, Value>()
    for (let i = 0; i < evals.length; i++) {
      const { field, optional } = fields[i]!
      let v = evals[i]!(ctx)
      if (isAbnormal(v)) {
        ctx.charge(STRUCT_CREATE_BASE_COST)
        return v
      }
      if (optional) {
        if (!(v instanceof OptionalValue)) {
          ctx.charge(STRUCT_CREATE_BASE_COST)
          return new ErrorValue(
            `cannot initialize optional entry '${field}' from non-optional value ${goValueString(v)}`,
            id
          )
        }
        if (v.value === undefined) {
          set.delete(field)
          continue
        }
        v = v.value
      }
      set.set(field, v)
    }
    const result = labelError(provider.newValue(type, set), id)
    ctx.charge(STRUCT_CREATE_BASE_COST)
    return result
  }
}
