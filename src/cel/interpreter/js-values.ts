// Conversions between plain JavaScript data and CEL values, for activations and results.
//
// JS → CEL: null → null; boolean → bool; bigint → int; a number that is an integer within the
// int64 range → int, any other number → double; string → string; Uint8Array → bytes; Date →
// timestamp; arrays → list; Map and plain objects → map (object keys are strings; properties
// whose value is undefined are left out); CEL value instances (UintValue, DurationValue, …) are
// taken as they are.

import { formatDuration } from './duration.js'
import { formatTimestamp } from './timestamp.js'
import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import {
  DurationValue,
  ErrorValue,
  MAX_INT64,
  MIN_INT64,
  ObjectValue,
  OptionalValue,
  TimestampValue,
  TypeValue,
  UintValue,
  UnknownValue,
  type Value
} from './values.js'

const TWO_POW_63 = 9223372036854775808

function isCelObject(v: object): v is Value & object {
  return (
    v instanceof UintValue ||
    v instanceof ListValue ||
    v instanceof MapValue ||
    v instanceof TimestampValue ||
    v instanceof DurationValue ||
    v instanceof TypeValue ||
    v instanceof OptionalValue ||
    v instanceof ObjectValue ||
    v instanceof ErrorValue ||
    v instanceof UnknownValue
  )
}

/** Converts JS data to a CEL value; throws TypeError for data CEL cannot represent. */
export function toValue(js: unknown): Value {
  return convert(js, [])
}

function convert(js: unknown, ancestors: object[]): Value {
  switch (typeof js) {
    case 'boolean':
    case 'string':
      return js
    case 'number':
      // Integers become ints; fractions, NaN, ±Infinity and integers beyond int64 become doubles.
      return Number.isInteger(js) && js > -TWO_POW_63 && js < TWO_POW_63 ? BigInt(js) : js
    case 'bigint':
      if (js > MAX_INT64 || js < MIN_INT64) throw new RangeError(`int out of int64 range: ${js}`)
      return js
    case 'undefined':
      return null
    case 'object':
      break
    default:
      throw new TypeError(`cannot convert a ${typeof js} to a CEL value`)
  }
  if (js === null) return null
  if (js instanceof Uint8Array) return js
  if (isCelObject(js)) return js
  if (ancestors.includes(js))
    throw new TypeError('cannot convert a cyclic structure to a CEL value')
  ancestors.push(js)
  try {
    return convertObject(js, ancestors)
  } finally {
    ancestors.pop()
  }
}

function convertObject(js: object, ancestors: object[]): Value {
  const sub = (v: unknown): Value => convert(v, ancestors)
  if (Array.isArray(js)) return new ListValue(js.map(sub))
  if (js instanceof Date) {
    const ms = js.getTime()
    const seconds = Math.floor(ms / 1000)
    return new TimestampValue(seconds, (ms - seconds * 1000) * 1_000_000)
  }
  const map = new MapValue()
  if (js instanceof Map) {
    for (const [k, v] of js as Map<unknown, unknown>) map.set(sub(k), sub(v))
    return map
  }
  // Keys, not entries: every object of every request converts here (no pair per key).
  const record = js as Record<string, unknown>
  for (const k of Object.keys(record)) {
    const v = record[k]
    if (v !== undefined) map.set(k, sub(v))
  }
  return map
}

export interface ToJsOptions {
  /** How ints and uints come back: 'bigint' (exact, default) or 'number' (exact when safe, else bigint). */
  readonly integers?: 'bigint' | 'number'
}

/**
 * Converts a CEL value to JS data: int and uint → bigint (or number, see options), double →
 * number, bytes → Uint8Array, list → array, map → plain object when every key is a string (else
 * a Map), optional → its value or undefined, timestamp and duration → their CEL string forms
 * (`2024-01-01T00:00:00Z`, `1.5s`), type → its name. Errors and unknowns throw.
 */
export function toJs(v: Value, options: ToJsOptions = {}): unknown {
  const integer = (i: bigint): bigint | number =>
    options.integers === 'number' && i >= -9007199254740991n && i <= 9007199254740991n
      ? Number(i)
      : i
  switch (typeof v) {
    case 'boolean':
    case 'string':
    case 'number':
      return v
    case 'bigint':
      return integer(v)
  }
  if (v === null || v instanceof Uint8Array) return v
  if (v instanceof UintValue) return integer(v.value)
  if (v instanceof ListValue) return v.items.map((item) => toJs(item, options))
  if (v instanceof MapValue) {
    const entries = [...v.entries()]
    if (entries.every(([k]) => typeof k === 'string')) {
      const out: Record<string, unknown> = {}
      for (const [k, val] of entries) out[k as string] = toJs(val, options)
      return out
    }
    return new Map(entries.map(([k, val]) => [toJs(k, options), toJs(val, options)]))
  }
  if (v instanceof OptionalValue) return v.value === undefined ? undefined : toJs(v.value, options)
  if (v instanceof TimestampValue) return formatTimestamp(v)
  if (v instanceof DurationValue) return formatDuration(v)
  if (v instanceof TypeValue) return v.name
  if (v instanceof ObjectValue) {
    const out: Record<string, unknown> = {}
    for (const [k, val] of v.fields) out[k] = toJs(val, options)
    return out
  }
  if (v instanceof ErrorValue) throw new Error(v.message)
  throw new Error('unknown value')
}
