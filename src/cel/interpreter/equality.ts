// Heterogeneous equality and ordering (cel-go types.Equal, Compare and common/types/compare.go):
// numbers compare by value across int, uint and double; values of other different types are
// simply unequal.

import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import { compareBytes, compareStrings, bytesEqual } from './text.js'
import { maybeNoSuchOverload } from './value-errors.js'
import {
  DurationValue,
  ErrorValue,
  ObjectValue,
  OptionalValue,
  TimestampValue,
  TypeValue,
  UintValue,
  MAX_INT64,
  type UnknownValue,
  type Value
} from './values.js'

export type Ordering = -1 | 0 | 1

const TWO_POW_63 = 9223372036854775808
const TWO_POW_64 = 18446744073709551616

function compareNumbers(a: number, b: number): Ordering {
  return a < b ? -1 : a > b ? 1 : 0
}

/** compareDoubleInt: doubles beyond the int64 range sort outside it; else compare as doubles. */
export function compareDoubleInt(d: number, i: bigint): Ordering {
  if (d < -TWO_POW_63) return -1
  if (d > TWO_POW_63) return 1
  return compareNumbers(d, Number(i))
}

export function compareDoubleUint(d: number, u: bigint): Ordering {
  if (d < 0) return -1
  if (d > TWO_POW_64) return 1
  return compareNumbers(d, Number(u))
}

export function compareIntUint(i: bigint, u: bigint): Ordering {
  if (i < 0n || u > MAX_INT64) return -1
  return i < u ? -1 : i > u ? 1 : 0
}

function negate(o: Ordering): Ordering {
  return (o === 0 ? 0 : -o) as Ordering
}

/** types.Equal for non-error values. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (a === null || b === null) return a === b
  switch (typeof a) {
    case 'boolean':
    case 'string':
      return a === b
    case 'bigint':
      if (typeof b === 'bigint') return a === b
      if (typeof b === 'number') return !Number.isNaN(b) && compareDoubleInt(b, a) === 0
      if (b instanceof UintValue) return compareIntUint(a, b.value) === 0
      return false
    case 'number':
      if (typeof b === 'number') return a === b
      if (Number.isNaN(a)) return false
      if (typeof b === 'bigint') return compareDoubleInt(a, b) === 0
      if (b instanceof UintValue) return compareDoubleUint(a, b.value) === 0
      return false
  }
  if (a instanceof UintValue) {
    if (b instanceof UintValue) return a.value === b.value
    if (typeof b === 'bigint') return compareIntUint(b, a.value) === 0
    if (typeof b === 'number') return !Number.isNaN(b) && compareDoubleUint(b, a.value) === 0
    return false
  }
  if (a instanceof ListValue) {
    if (!(b instanceof ListValue) || a.size !== b.size) return false
    for (let i = 0; i < a.items.length; i++) {
      if (!valuesEqual(a.items[i]!, b.items[i]!)) return false
    }
    return true
  }
  if (a instanceof MapValue) {
    if (!(b instanceof MapValue) || a.size !== b.size) return false
    const layout = a.layout
    if (layout !== undefined && layout === b.layout) {
      // The same keys in the same order: compare values slot by slot.
      const x = a.slots
      const y = b.slots
      for (let i = 0; i < x.length; i++) if (!valuesEqual(x[i]!, y[i]!)) return false
      return true
    }
    for (const [k, v] of a.entries()) {
      const other = b.find(k)
      if (other === undefined || !valuesEqual(v, other)) return false
    }
    return true
  }
  if (a instanceof Uint8Array) return b instanceof Uint8Array && bytesEqual(a, b)
  if (a instanceof TimestampValue) {
    return b instanceof TimestampValue && a.seconds === b.seconds && a.nanos === b.nanos
  }
  if (a instanceof DurationValue) return b instanceof DurationValue && a.nanos === b.nanos
  if (a instanceof TypeValue) return b instanceof TypeValue && a.name === b.name
  if (a instanceof OptionalValue) {
    if (!(b instanceof OptionalValue)) return false
    if (a.value === undefined || b.value === undefined) return a.value === b.value
    return valuesEqual(a.value, b.value)
  }
  if (a instanceof ObjectValue) {
    if (!(b instanceof ObjectValue) || a.typeName !== b.typeName) return false
    for (const [name, field] of a.type.fields) {
      const x = a.fields.get(name) ?? field.defaultValue
      const y = b.fields.get(name) ?? field.defaultValue
      if (!valuesEqual(x, y)) return false
    }
    return true
  }
  return a === b
}

const NAN_ORDER = 'NaN values cannot be ordered'

/**
 * traits.Comparer.Compare: -1, 0 or 1, or an error (`no such overload` for unordered type
 * pairs, `NaN values cannot be ordered`). The receiver must be of an ordered type.
 */
export function compareValues(a: Value, b: Value): Ordering | ErrorValue | UnknownValue {
  switch (typeof a) {
    case 'bigint':
      if (typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0
      if (typeof b === 'number') {
        if (Number.isNaN(b)) return new ErrorValue(NAN_ORDER)
        return negate(compareDoubleInt(b, a))
      }
      if (b instanceof UintValue) return compareIntUint(a, b.value)
      return maybeNoSuchOverload(b)
    case 'number':
      if (Number.isNaN(a)) return new ErrorValue(NAN_ORDER)
      if (typeof b === 'number') {
        if (Number.isNaN(b)) return new ErrorValue(NAN_ORDER)
        return compareNumbers(a, b)
      }
      if (typeof b === 'bigint') return compareDoubleInt(a, b)
      if (b instanceof UintValue) return compareDoubleUint(a, b.value)
      return maybeNoSuchOverload(b)
    case 'string':
      return typeof b === 'string' ? compareStrings(a, b) : maybeNoSuchOverload(b)
    case 'boolean':
      if (typeof b !== 'boolean') return maybeNoSuchOverload(b)
      return a === b ? 0 : !a && b ? -1 : 1
  }
  if (a instanceof UintValue) {
    if (b instanceof UintValue) return a.value < b.value ? -1 : a.value > b.value ? 1 : 0
    if (typeof b === 'bigint') return negate(compareIntUint(b, a.value))
    if (typeof b === 'number') {
      if (Number.isNaN(b)) return new ErrorValue(NAN_ORDER)
      return negate(compareDoubleUint(b, a.value))
    }
    return maybeNoSuchOverload(b)
  }
  if (a instanceof Uint8Array) {
    return b instanceof Uint8Array ? compareBytes(a, b) : maybeNoSuchOverload(b)
  }
  if (a instanceof TimestampValue) {
    if (!(b instanceof TimestampValue)) return maybeNoSuchOverload(b)
    if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1
    return compareNumbers(a.nanos, b.nanos)
  }
  if (a instanceof DurationValue) {
    if (!(b instanceof DurationValue)) return maybeNoSuchOverload(b)
    return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0
  }
  return maybeNoSuchOverload(b)
}

/** Whether values of this kind can be ordered (cel-go's Comparer trait). */
export function isComparable(v: Value): boolean {
  switch (typeof v) {
    case 'bigint':
    case 'number':
    case 'string':
    case 'boolean':
      return true
  }
  return (
    v instanceof UintValue ||
    v instanceof Uint8Array ||
    v instanceof TimestampValue ||
    v instanceof DurationValue
  )
}
