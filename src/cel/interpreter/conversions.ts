// Type conversions with cel-go's rules and messages (ref.Val.ConvertToType of each type, with
// Go's strconv and time parsing underneath).

import { formatDouble } from '../../go/strconv.js'
import { doubleToInt, doubleToUint, intToUint, toDouble, uintToInt } from './numeric.js'
import { formatDuration, parseDuration } from './duration.js'
import {
  checkTimestampRange,
  formatTimestamp,
  MAX_UNIX_SECONDS,
  MIN_UNIX_SECONDS,
  stringToTimestamp
} from './timestamp.js'
import { utf8DecodeStrict, utf8Encode } from './text.js'
import { typeOf } from './type-of.js'
import { TIMESTAMP_OVERFLOW } from './value-errors.js'
import {
  DurationValue,
  ErrorValue,
  MAX_INT64,
  MAX_UINT64,
  MIN_INT64,
  TimestampValue,
  TYPES,
  UintValue,
  type TypeValue,
  type Value
} from './values.js'

function conversionError(from: Value, to: TypeValue): ErrorValue {
  return new ErrorValue(`type conversion error from '${typeOf(from).name}' to '${to.name}'`)
}

/** strconv.ParseInt(s, 10, 64). */
export function parseGoInt(s: string): bigint | undefined {
  if (!/^[+-]?\d+$/u.test(s)) return undefined
  const n = BigInt(s)
  return n > MAX_INT64 || n < MIN_INT64 ? undefined : n
}

/** strconv.ParseUint(s, 10, 64). */
export function parseGoUint(s: string): bigint | undefined {
  if (!/^\d+$/u.test(s)) return undefined
  const n = BigInt(s)
  return n > MAX_UINT64 ? undefined : n
}

const DECIMAL_FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/u
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)$/u
const SPECIAL_FLOAT = /^([+-]?)(inf|infinity|nan)$/iu

/** strconv.ParseFloat(s, 64); undefined for syntax errors and overflow (ErrRange). */
export function parseGoFloat(s: string): number | undefined {
  const special = SPECIAL_FLOAT.exec(s)
  if (special !== null) {
    if (special[2]!.toLowerCase() === 'nan') return special[1] === '' ? NaN : undefined
    return special[1] === '-' ? -Infinity : Infinity
  }
  let value: number
  if (DECIMAL_FLOAT.test(s)) {
    value = Number(s)
  } else {
    const hex = HEX_FLOAT.exec(s)
    if (hex === null || hex[2]! + hex[3]! === '') return undefined
    const mantissa = parseInt(hex[2]! + hex[3]!, 16)
    value = mantissa * Math.pow(2, Number(hex[4]) - 4 * hex[3]!.length)
    if (hex[1] === '-') value = -value
  }
  return Number.isFinite(value) ? value : undefined
}

const GO_BOOLS: ReadonlyMap<string, boolean> = new Map([
  ['1', true],
  ['t', true],
  ['T', true],
  ['TRUE', true],
  ['true', true],
  ['True', true],
  ['0', false],
  ['f', false],
  ['F', false],
  ['FALSE', false],
  ['false', false],
  ['False', false]
])

export function convertToInt(v: Value): Value {
  if (typeof v === 'bigint') return v
  if (v instanceof UintValue) return uintToInt(v)
  if (typeof v === 'number') return doubleToInt(v)
  if (typeof v === 'string') return parseGoInt(v) ?? conversionError(v, TYPES.int)
  if (v instanceof TimestampValue) return BigInt(v.seconds)
  if (v instanceof DurationValue) return v.nanos
  return conversionError(v, TYPES.int)
}

export function convertToUint(v: Value): Value {
  if (v instanceof UintValue) return v
  if (typeof v === 'bigint') return intToUint(v)
  if (typeof v === 'number') return doubleToUint(v)
  if (typeof v === 'string') {
    const n = parseGoUint(v)
    return n === undefined ? conversionError(v, TYPES.uint) : new UintValue(n)
  }
  return conversionError(v, TYPES.uint)
}

export function convertToDouble(v: Value): Value {
  if (typeof v === 'number') return v
  if (typeof v === 'bigint') return toDouble(v)
  if (v instanceof UintValue) return toDouble(v.value)
  if (typeof v === 'string') return parseGoFloat(v) ?? conversionError(v, TYPES.double)
  return conversionError(v, TYPES.double)
}

export function convertToString(v: Value): Value {
  switch (typeof v) {
    case 'string':
      return v
    case 'bigint':
      return v.toString()
    case 'number':
      return formatDouble(v)
    case 'boolean':
      return v ? 'true' : 'false'
  }
  if (v === null) return 'null'
  if (v instanceof UintValue) return v.value.toString()
  if (v instanceof Uint8Array) {
    return utf8DecodeStrict(v) ?? new ErrorValue('invalid UTF-8 in bytes, cannot convert to string')
  }
  if (v instanceof TimestampValue) return formatTimestamp(v)
  if (v instanceof DurationValue) return formatDuration(v)
  return conversionError(v, TYPES.string)
}

export function convertToBytes(v: Value): Value {
  if (v instanceof Uint8Array) return v
  if (typeof v === 'string') return utf8Encode(v)
  return conversionError(v, TYPES.bytes)
}

export function convertToBool(v: Value): Value {
  if (typeof v === 'boolean') return v
  if (typeof v === 'string') return GO_BOOLS.get(v) ?? conversionError(v, TYPES.bool)
  return conversionError(v, TYPES.bool)
}

export function convertToTimestamp(v: Value): Value {
  if (v instanceof TimestampValue) return v
  if (typeof v === 'string') return stringToTimestamp(v)
  if (typeof v === 'bigint') {
    if (v < BigInt(MIN_UNIX_SECONDS) || v > BigInt(MAX_UNIX_SECONDS)) {
      return new ErrorValue(TIMESTAMP_OVERFLOW)
    }
    return checkTimestampRange(new TimestampValue(Number(v), 0))
  }
  return conversionError(v, TYPES.timestamp)
}

export function convertToDuration(v: Value): Value {
  if (v instanceof DurationValue) return v
  if (typeof v === 'string') return parseDuration(v) ?? conversionError(v, TYPES.duration)
  return conversionError(v, TYPES.duration)
}

export function convertToType(v: Value): Value {
  return typeOf(v)
}
