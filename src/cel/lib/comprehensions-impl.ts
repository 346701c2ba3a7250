// Functions behind the two-variable comprehension macros (cel-go ext/comprehensions.go).

import type { FunctionDef } from '../interpreter/dispatch.js'
import { goValueString } from '../interpreter/go-value-format.js'
import { MapValue } from '../interpreter/map-value.js'
import { ErrorValue, type Value } from '../interpreter/values.js'

/** types.InsertMapKeyValue: in place for a comprehension's accumulator, else a copy. */
export function insertMapKeyValue(m: MapValue, k: Value, v: Value): Value {
  if (m.has(k)) return new ErrorValue(`insert failed: key ${goValueString(k)} already exists`)
  if (m.mutable) {
    m.set(k, v)
    return m
  }
  const copy = new MapValue()
  for (const [key, value] of m.entries()) copy.set(key, value)
  copy.set(k, v)
  return copy
}

export const COMPREHENSION_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'cel.@mapInsert',
    overloads: [
      {
        id: '@mapInsert_map_key_value',
        args: ['map', 'dyn', 'dyn'],
        fn: (args) => insertMapKeyValue(args[0] as MapValue, args[1]!, args[2]!)
      },
      {
        id: '@mapInsert_map_map',
        args: ['map', 'map'],
        binary: (target, update) => {
          let result: Value = target
          for (const [k, v] of (update as MapValue).entries()) {
            result = insertMapKeyValue(result as MapValue, k, v)
            if (result instanceof ErrorValue) return result
          }
          return result
        }
      }
    ]
  }
]
