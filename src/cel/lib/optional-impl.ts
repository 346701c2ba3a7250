// The optional library's functions (cel-go cel/library.go optionalLib, version 2). `or` and
// `orValue` short-circuit and are planned by the interpreter itself.

import type { FunctionDef } from '../interpreter/dispatch.js'
import { ListValue } from '../interpreter/list-value.js'
import { MapValue } from '../interpreter/map-value.js'
import { goValueString } from '../interpreter/go-value-format.js'
import {
  DurationValue,
  ErrorValue,
  OPTIONAL_NONE,
  OptionalValue,
  optionalOf,
  TimestampValue,
  UintValue,
  type Value
} from '../interpreter/values.js'

/** traits.Zeroer.IsZeroValue for the values that have one. */
export function isZeroValue(v: Value): boolean {
  switch (typeof v) {
    case 'boolean':
      return !v
    case 'bigint':
      return v === 0n
    case 'number':
      return v === 0
    case 'string':
      return v === ''
  }
  if (v === null) return true
  if (v instanceof UintValue) return v.value === 0n
  if (v instanceof Uint8Array) return v.length === 0
  if (v instanceof ListValue || v instanceof MapValue) return v.size === 0
  if (v instanceof DurationValue) return v.nanos === 0n
  // Go's time.Time.IsZero: 0001-01-01T00:00:00Z.
  if (v instanceof TimestampValue) return v.seconds === -62135596800 && v.nanos === 0
  if (v instanceof OptionalValue) return false
  return false
}

function unwrapOptionals(v: Value): Value {
  const list = v as ListValue
  const out: Value[] = []
  for (const item of list.items) {
    if (!(item instanceof OptionalValue)) {
      return new ErrorValue(`value ${goValueString(item)} is not optional`)
    }
    if (item.value !== undefined) out.push(item.value)
  }
  return new ListValue(out)
}

export const OPTIONAL_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'optional.of',
    overloads: [{ id: 'optional_of', args: ['dyn'], unary: (v) => optionalOf(v) }]
  },
  {
    name: 'optional.ofNonZeroValue',
    overloads: [
      {
        id: 'optional_ofNonZeroValue',
        args: ['dyn'],
        unary: (v) => (isZeroValue(v) ? OPTIONAL_NONE : optionalOf(v))
      }
    ]
  },
  {
    name: 'optional.none',
    overloads: [{ id: 'optional_none', args: [], fn: () => OPTIONAL_NONE }]
  },
  {
    name: 'value',
    overloads: [
      {
        id: 'optional_value',
        args: ['optional_type'],
        unary: (v) => {
          const o = v as OptionalValue
          return o.value === undefined ? new ErrorValue('optional.none() dereference') : o.value
        }
      }
    ]
  },
  {
    name: 'hasValue',
    overloads: [
      {
        id: 'optional_hasValue',
        args: ['optional_type'],
        unary: (v) => (v as OptionalValue).hasValue()
      }
    ]
  },
  {
    name: 'last',
    overloads: [
      {
        id: 'list_last',
        args: [{ list: 'dyn' }],
        unary: (v) => {
          const items = (v as ListValue).items
          return items.length === 0 ? OPTIONAL_NONE : optionalOf(items[items.length - 1]!)
        }
      }
    ]
  },
  {
    name: 'first',
    overloads: [
      {
        id: 'list_first',
        args: [{ list: 'dyn' }],
        unary: (v) => {
          const items = (v as ListValue).items
          return items.length === 0 ? OPTIONAL_NONE : optionalOf(items[0]!)
        }
      }
    ]
  },
  {
    name: 'optional.unwrap',
    overloads: [
      { id: 'optional_unwrap', args: [{ list: 'optional_type' }], unary: unwrapOptionals }
    ]
  },
  {
    name: 'unwrapOpt',
    overloads: [
      { id: 'optional_unwrapOpt', args: [{ list: 'optional_type' }], unary: unwrapOptionals }
    ]
  }
]
