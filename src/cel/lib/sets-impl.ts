// cel-go's ext.Sets functions (ext/sets.go) and their runtime cost trackers.

import { actualSize, type OverloadCostTracker } from '../interpreter/cost.js'
import type { FunctionDef } from '../interpreter/dispatch.js'
import { valuesEqual } from '../interpreter/equality.js'
import type { ListValue } from '../interpreter/list-value.js'
import type { Value } from '../interpreter/values.js'

function contains(list: ListValue, elem: Value): boolean {
  for (const item of list.items) if (valuesEqual(elem, item)) return true
  return false
}

/** sets.contains(list, sublist): every element of sublist is in list. */
export function setsContains(list: ListValue, sublist: ListValue): boolean {
  for (const item of sublist.items) if (!contains(list, item)) return false
  return true
}

export function setsIntersects(a: ListValue, b: ListValue): boolean {
  for (const item of a.items) if (contains(b, item)) return true
  return false
}

const LIST = { list: 'dyn' } as const

export const SETS_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'sets.contains',
    overloads: [
      {
        id: 'list_sets_contains_list',
        args: [LIST, LIST],
        binary: (a, b) => setsContains(a as ListValue, b as ListValue)
      }
    ]
  },
  {
    name: 'sets.equivalent',
    overloads: [
      {
        id: 'list_sets_equivalent_list',
        args: [LIST, LIST],
        binary: (a, b) =>
          setsContains(a as ListValue, b as ListValue) &&
          setsContains(b as ListValue, a as ListValue)
      }
    ]
  },
  {
    name: 'sets.intersects',
    overloads: [
      {
        id: 'list_sets_intersects_list',
        args: [LIST, LIST],
        binary: (a, b) => setsIntersects(a as ListValue, b as ListValue)
      }
    ]
  }
]

/** 1 + size(a)·size(b)·factor, truncated (cel-go trackSetsCost). */
function trackSetsCost(factor: number): OverloadCostTracker {
  return (args) => 1n + BigInt(Math.trunc(actualSize(args[0]!) * actualSize(args[1]!) * factor))
}

export const SETS_COST_TRACKERS: ReadonlyMap<string, OverloadCostTracker> = new Map([
  ['list_sets_contains_list', trackSetsCost(1)],
  ['list_sets_intersects_list', trackSetsCost(1)],
  ['list_sets_equivalent_list', trackSetsCost(2)]
])
