// The standard library's runtime implementations (cel-go common/stdlib and the value methods of
// common/types), keyed by cel-go overload ids and function names.

import {
  convertToBool,
  convertToBytes,
  convertToDouble,
  convertToDuration,
  convertToInt,
  convertToString,
  convertToTimestamp,
  convertToType,
  convertToUint
} from '../interpreter/conversions.js'
import { Trait, type FunctionDef, type OverloadDef } from '../interpreter/dispatch.js'
import { compareValues, valuesEqual } from '../interpreter/equality.js'
import { ListValue } from '../interpreter/list-value.js'
import { MapValue } from '../interpreter/map-value.js'
import {
  addInt,
  addUint,
  divideInt,
  divideUint,
  moduloInt,
  moduloUint,
  multiplyInt,
  multiplyUint,
  negateInt,
  subtractInt,
  subtractUint
} from '../interpreter/numeric.js'
import { regexMatches } from '../interpreter/regex.js'
import { codePointLength, concatBytes } from '../interpreter/text.js'
import { zoneOffsetAt } from '../interpreter/time-zones.js'
import {
  addToTimestamp,
  checkedDuration,
  fieldsAt,
  subtractFromTimestamp,
  timestampDifference,
  type TimeFields
} from '../interpreter/timestamp.js'
import { maybeNoSuchOverload, NO_SUCH_OVERLOAD, valOrErr } from '../interpreter/value-errors.js'
import type { RuntimeBehaviour } from '../interpreter/versions.js'
import {
  DurationValue,
  ErrorValue,
  TimestampValue,
  UintValue,
  type Value
} from '../interpreter/values.js'

// Operators (singleton implementations dispatching on the runtime type of the left operand).

export function add(a: Value, b: Value): Value {
  switch (typeof a) {
    case 'bigint':
      return typeof b === 'bigint' ? addInt(a, b) : maybeNoSuchOverload(b)
    case 'number':
      return typeof b === 'number' ? a + b : maybeNoSuchOverload(b)
    case 'string':
      return typeof b === 'string' ? a + b : maybeNoSuchOverload(b)
  }
  if (a instanceof ListValue) {
    if (!(b instanceof ListValue)) return maybeNoSuchOverload(b)
    if (a.mutable) return a.appendInPlace(b)
    // cel-go's concatenation returns an operand as is when the other one is empty.
    if (a.size === 0) return b
    if (b.size === 0) return a
    return new ListValue([...a.items, ...b.items])
  }
  if (a instanceof UintValue) return b instanceof UintValue ? addUint(a, b) : maybeNoSuchOverload(b)
  if (a instanceof Uint8Array) {
    return b instanceof Uint8Array ? concatBytes(a, b) : valOrErr(b, NO_SUCH_OVERLOAD)
  }
  if (a instanceof DurationValue) {
    if (b instanceof DurationValue) return checkedDuration(a.nanos + b.nanos)
    if (b instanceof TimestampValue) return addToTimestamp(b, a.nanos)
    return maybeNoSuchOverload(b)
  }
  if (a instanceof TimestampValue) {
    return b instanceof DurationValue ? addToTimestamp(a, b.nanos) : maybeNoSuchOverload(b)
  }
  return maybeNoSuchOverload(b)
}

type Operator = (a: Value, b: Value) => Value

/**
 * An arithmetic operator on two ints, two doubles (where CEL defines it) or two uints; `other`
 * handles the remaining left operands (no such overload by default).
 */
function numericOperator(
  int: (a: bigint, b: bigint) => Value,
  double: ((a: number, b: number) => Value) | undefined,
  uint: (a: UintValue, b: UintValue) => Value,
  other: Operator = (_a, b) => maybeNoSuchOverload(b)
): Operator {
  return (a, b) => {
    if (typeof a === 'bigint') return typeof b === 'bigint' ? int(a, b) : maybeNoSuchOverload(b)
    if (typeof a === 'number' && double !== undefined) {
      return typeof b === 'number' ? double(a, b) : maybeNoSuchOverload(b)
    }
    if (a instanceof UintValue) {
      return b instanceof UintValue ? uint(a, b) : maybeNoSuchOverload(b)
    }
    return other(a, b)
  }
}

/** Timestamp − duration, timestamp − timestamp and duration − duration. */
function subtractTemporal(a: Value, b: Value): Value {
  if (a instanceof TimestampValue) {
    if (b instanceof DurationValue) return subtractFromTimestamp(a, b.nanos)
    if (b instanceof TimestampValue) return timestampDifference(a, b)
    return maybeNoSuchOverload(b)
  }
  if (a instanceof DurationValue) {
    return b instanceof DurationValue ? checkedDuration(a.nanos - b.nanos) : maybeNoSuchOverload(b)
  }
  return maybeNoSuchOverload(b)
}

export const subtract = numericOperator(
  subtractInt,
  (a, b) => a - b,
  subtractUint,
  subtractTemporal
)
export const multiply = numericOperator(multiplyInt, (a, b) => a * b, multiplyUint)
export const divide = numericOperator(divideInt, (a, b) => a / b, divideUint)
// CEL has no double modulo.
export const modulo = numericOperator(moduloInt, undefined, moduloUint)

export function negate(a: Value): Value {
  if (typeof a === 'bigint') return negateInt(a)
  if (typeof a === 'number') return -a
  if (a instanceof DurationValue) {
    return a.nanos === -(1n << 63n)
      ? new ErrorValue('integer overflow')
      : new DurationValue(-a.nanos)
  }
  return maybeNoSuchOverload(a)
}

export function logicalNot(a: Value): Value {
  return typeof a === 'boolean' ? !a : maybeNoSuchOverload(a)
}

export function notStrictlyFalse(a: Value): Value {
  return typeof a === 'boolean' ? a : true
}

function relation(test: (o: number) => boolean): (a: Value, b: Value) => Value {
  return (a, b) => {
    const o = compareValues(a, b)
    return typeof o === 'number' ? test(o) : o
  }
}

export const less = relation((o) => o < 0)
export const lessEquals = relation((o) => o <= 0)
export const greater = relation((o) => o > 0)
export const greaterEquals = relation((o) => o >= 0)

/** Size of a string (code points), bytes, list or map. */
export function size(v: Value): Value {
  if (typeof v === 'string') return BigInt(codePointLength(v))
  if (v instanceof ListValue || v instanceof MapValue) return BigInt(v.size)
  if (v instanceof Uint8Array) return BigInt(v.length)
  return maybeNoSuchOverload(v)
}

/** `x in container` (cel-go inAggregate with Container.Contains). */
export function inAggregate(elem: Value, container: Value): Value {
  if (container instanceof ListValue) {
    for (const item of container.items) if (valuesEqual(elem, item)) return true
    return false
  }
  if (container instanceof MapValue) return container.has(elem)
  return valOrErr(container, NO_SUCH_OVERLOAD)
}

export function matches(str: Value, pattern: Value): Value {
  if (typeof str !== 'string') return maybeNoSuchOverload(str)
  if (typeof pattern !== 'string') return maybeNoSuchOverload(pattern)
  return regexMatches(pattern, str)
}

function stringTest(test: (s: string, t: string) => boolean): (a: Value, b: Value) => Value {
  return (a, b) => {
    if (typeof a !== 'string') return maybeNoSuchOverload(a)
    if (typeof b !== 'string') return maybeNoSuchOverload(b)
    return test(a, b)
  }
}

export const contains = stringTest((s, t) => s.includes(t))
export const endsWith = stringTest((s, t) => s.endsWith(t))
export const startsWith = stringTest((s, t) => s.startsWith(t))

// Timestamp and duration accessors.

type FieldOf = (f: TimeFields) => number

const TIMESTAMP_FIELDS: ReadonlyMap<string, FieldOf> = new Map<string, FieldOf>([
  ['getFullYear', (f) => f.year],
  ['getMonth', (f) => f.month - 1],
  ['getDayOfYear', (f) => f.yearDay - 1],
  ['getDayOfMonth', (f) => f.day - 1],
  ['getDate', (f) => f.day],
  ['getDayOfWeek', (f) => f.weekday],
  ['getHours', (f) => f.hour],
  ['getMinutes', (f) => f.minute],
  ['getSeconds', (f) => f.second],
  ['getMilliseconds', (f) => Math.floor(f.nanos / 1_000_000)]
])

function timestampField(
  field: FieldOf,
  checkZoneMinutes = false
): (ts: Value, tz?: Value) => Value {
  return (ts, tz) => {
    if (!(ts instanceof TimestampValue)) return maybeNoSuchOverload(ts)
    if (tz === undefined) return BigInt(field(fieldsAt(ts, 0)))
    if (typeof tz !== 'string') return maybeNoSuchOverload(tz)
    const offset = zoneOffsetAt(tz, ts, checkZoneMinutes)
    if (typeof offset === 'string') return new ErrorValue(offset)
    return BigInt(field(fieldsAt(ts, offset)))
  }
}

const DURATION_FIELDS: ReadonlyMap<string, bigint> = new Map([
  ['getHours', 3_600_000_000_000n],
  ['getMinutes', 60_000_000_000n],
  ['getSeconds', 1_000_000_000n],
  ['getMilliseconds', 1_000_000n]
])

function durationField(unit: bigint): (d: Value) => Value {
  // Truncating division, like Go's int64(d.Hours()) etc.
  return (d) => (d instanceof DurationValue ? d.nanos / unit : maybeNoSuchOverload(d))
}

/**
 * traits.Receiver: what cel-go does for a call whose implementation is missing or does not apply
 * to arg 0 (strings answer contains/endsWith/startsWith, timestamps and durations their getters).
 */
export function receive(fn: string, target: Value, args: readonly Value[]): Value {
  if (typeof target === 'string' && args.length === 1) {
    if (fn === 'contains') return contains(target, args[0]!)
    if (fn === 'endsWith') return endsWith(target, args[0]!)
    if (fn === 'startsWith') return startsWith(target, args[0]!)
  }
  if (target instanceof TimestampValue && args.length <= 1) {
    const field = TIMESTAMP_FIELDS.get(fn)
    if (field !== undefined) return timestampField(field)(target, args[0])
  }
  if (target instanceof DurationValue && args.length === 0) {
    const unit = DURATION_FIELDS.get(fn)
    if (unit !== undefined) return durationField(unit)(target)
  }
  return new ErrorValue(NO_SUCH_OVERLOAD)
}

/** Whether values of this kind answer receiver-style calls (cel-go ReceiverType trait). */
export function isReceiver(v: Value): boolean {
  return typeof v === 'string' || v instanceof TimestampValue || v instanceof DurationValue
}

// Declarations with their bindings.

const TS = 'google.protobuf.Timestamp'
const DUR = 'google.protobuf.Duration'

function identity(v: Value): Value {
  return v
}

function unary(id: string, arg: string, impl: (v: Value) => Value): OverloadDef {
  return { id, args: [arg], unary: impl }
}

/** How cel-go's conversion overload ids name a runtime type (`int64_to_string`, …). */
const OVERLOAD_TYPE_NAMES: Readonly<Record<string, string>> = {
  int: 'int64',
  uint: 'uint64',
  [DUR]: 'duration',
  [TS]: 'timestamp'
}
const overloadTypeName = (type: string): string => OVERLOAD_TYPE_NAMES[type] ?? type

/**
 * A type conversion function: the identity overload on its own type first, then one overload
 * from each of `from` (cel-go's ids `<from>_to_<to>`, in its order), all converting with `convert`.
 */
function conversion(
  name: string,
  type: string,
  convert: (v: Value) => Value,
  from: readonly string[]
): FunctionDef {
  const to = overloadTypeName(type)
  return {
    name,
    overloads: [
      unary(`${to}_to_${to}`, type, identity),
      ...from.map((source) => unary(`${overloadTypeName(source)}_to_${to}`, source, convert))
    ]
  }
}

function timestampGetter(
  checkZoneMinutes: boolean,
  name: string,
  id: string,
  tzId: string,
  durationId?: string
): FunctionDef {
  const field = timestampField(TIMESTAMP_FIELDS.get(name)!, checkZoneMinutes)
  const overloads: OverloadDef[] = [
    { id, args: [TS], unary: (ts) => field(ts) },
    { id: tzId, args: [TS, 'string'], binary: (ts, tz) => field(ts, tz) }
  ]
  if (durationId !== undefined) {
    overloads.push({
      id: durationId,
      args: [DUR],
      unary: durationField(DURATION_FIELDS.get(name)!)
    })
  }
  return { name, overloads }
}

const OPERATORS_AND_CONVERSIONS: readonly FunctionDef[] = [
  { name: '!_', singleton: { unary: logicalNot } },
  {
    name: '@not_strictly_false',
    overloads: [
      { id: 'not_strictly_false', args: ['bool'], unary: notStrictlyFalse, nonStrict: true }
    ]
  },
  {
    name: '__not_strictly_false__',
    overloads: [
      { id: '__not_strictly_false__', args: ['bool'], unary: notStrictlyFalse, nonStrict: true }
    ]
  },
  { name: '_+_', singleton: { binary: add, trait: Trait.adder } },
  { name: '_-_', singleton: { binary: subtract, trait: Trait.subtractor } },
  { name: '_*_', singleton: { binary: multiply, trait: Trait.multiplier } },
  { name: '_/_', singleton: { binary: divide, trait: Trait.divider } },
  { name: '_%_', singleton: { binary: modulo, trait: Trait.modder } },
  { name: '-_', singleton: { unary: negate, trait: Trait.negater } },
  { name: '_<_', singleton: { binary: less, trait: Trait.comparer } },
  { name: '_<=_', singleton: { binary: lessEquals, trait: Trait.comparer } },
  { name: '_>_', singleton: { binary: greater, trait: Trait.comparer } },
  { name: '_>=_', singleton: { binary: greaterEquals, trait: Trait.comparer } },
  { name: '@in', singleton: { binary: inAggregate } },
  { name: '_in_', singleton: { binary: inAggregate } },
  { name: 'in', singleton: { binary: inAggregate } },
  { name: 'size', singleton: { unary: size, trait: Trait.sizer } },
  { name: 'matches', singleton: { binary: matches, trait: Trait.matcher } },
  {
    name: 'contains',
    overloads: [{ id: 'contains_string', args: ['string', 'string'], binary: contains }],
    disableTypeGuards: true
  },
  {
    name: 'endsWith',
    overloads: [{ id: 'ends_with_string', args: ['string', 'string'], binary: endsWith }],
    disableTypeGuards: true
  },
  {
    name: 'startsWith',
    overloads: [{ id: 'starts_with_string', args: ['string', 'string'], binary: startsWith }],
    disableTypeGuards: true
  },
  { name: 'type', singleton: { unary: convertToType } },
  { name: 'dyn', singleton: { unary: identity } },
  conversion('bool', 'bool', convertToBool, ['string']),
  conversion('bytes', 'bytes', convertToBytes, ['string']),
  conversion('double', 'double', convertToDouble, ['int', 'string', 'uint']),
  // int → duration is declared through cel-go v0.27 but is not a valid conversion at runtime.
  conversion('duration', DUR, convertToDuration, ['int', 'string']),
  conversion('int', 'int', convertToInt, ['double', DUR, 'string', TS, 'uint']),
  conversion('string', 'string', convertToString, [
    'bool',
    'bytes',
    'double',
    DUR,
    'int',
    TS,
    'uint'
  ]),
  conversion('timestamp', TS, convertToTimestamp, ['int', 'string']),
  conversion('uint', 'uint', convertToUint, ['double', 'int', 'string'])
]

/** The timestamp and duration getters; `checkZoneMinutes` as RuntimeBehaviour says. */
const timestampGetters = (checkZoneMinutes: boolean): FunctionDef[] => [
  timestampGetter(
    checkZoneMinutes,
    'getFullYear',
    'timestamp_to_year',
    'timestamp_to_year_with_tz'
  ),
  timestampGetter(checkZoneMinutes, 'getMonth', 'timestamp_to_month', 'timestamp_to_month_with_tz'),
  timestampGetter(
    checkZoneMinutes,
    'getDayOfYear',
    'timestamp_to_day_of_year',
    'timestamp_to_day_of_year_with_tz'
  ),
  timestampGetter(
    checkZoneMinutes,
    'getDayOfMonth',
    'timestamp_to_day_of_month',
    'timestamp_to_day_of_month_with_tz'
  ),
  timestampGetter(
    checkZoneMinutes,
    'getDate',
    'timestamp_to_day_of_month_1_based',
    'timestamp_to_day_of_month_1_based_with_tz'
  ),
  timestampGetter(
    checkZoneMinutes,
    'getDayOfWeek',
    'timestamp_to_day_of_week',
    'timestamp_to_day_of_week_with_tz'
  ),
  timestampGetter(
    checkZoneMinutes,
    'getHours',
    'timestamp_to_hours',
    'timestamp_to_hours_with_tz',
    'duration_to_hours'
  ),
  timestampGetter(
    checkZoneMinutes,
    'getMinutes',
    'timestamp_to_minutes',
    'timestamp_to_minutes_with_tz',
    'duration_to_minutes'
  ),
  timestampGetter(
    checkZoneMinutes,
    'getSeconds',
    'timestamp_to_seconds',
    'timestamp_to_seconds_tz',
    'duration_to_seconds'
  ),
  timestampGetter(
    checkZoneMinutes,
    'getMilliseconds',
    'timestamp_to_milliseconds',
    'timestamp_to_milliseconds_with_tz',
    'duration_to_milliseconds'
  )
]

const standardByBehaviour = new Map<boolean, readonly FunctionDef[]>()

/** cel-go's standard library at run time, as the emulated release behaves (runtimeBehaviour). */
export function standardFunctions(behaviour: RuntimeBehaviour): readonly FunctionDef[] {
  const check = behaviour.zoneOffsetMinutesChecked
  let functions = standardByBehaviour.get(check)
  if (functions === undefined) {
    functions = [...OPERATORS_AND_CONVERSIONS, ...timestampGetters(check)]
    standardByBehaviour.set(check, functions)
  }
  return functions
}
