// Runtime values with cel-go semantics (common/types). Scalars are JS primitives so the hot paths
// stay cheap: bool → boolean, int → bigint (int64, always exact), double → number, string →
// string, bytes → Uint8Array, null → null. Everything else is a class below.

import type { ListValue } from './list-value.js'
import type { MapValue } from './map-value.js'

/** A CEL uint (uint64), kept exact. A class so it never mixes with an int at runtime. */
export class UintValue {
  constructor(readonly value: bigint) {}
}

/** A timestamp: Unix seconds and nanoseconds, plus the zone offset it was written with. */
export class TimestampValue {
  constructor(
    /** Seconds since the Unix epoch (within ±2^53, since CEL limits years to 1..9999). */
    readonly seconds: number,
    /** 0 ≤ nanos < 1e9. */
    readonly nanos: number,
    /**
     * Seconds east of UTC of the location cel-go keeps with the time (a parsed `+01:00` stays
     * `+01:00` when formatted); 0 for UTC. Never affects comparisons or arithmetic results.
     */
    readonly offset = 0
  ) {}
}

/** A duration in nanoseconds (int64 range, like Go's time.Duration). */
export class DurationValue {
  constructor(readonly nanos: bigint) {}
}

/** A type as a value (`type(1) == int`). Types are equal when their names are equal. */
export class TypeValue {
  constructor(readonly name: string) {}
}

/** optional(T): a value or none. */
export class OptionalValue {
  constructor(readonly value: Value | undefined) {}

  hasValue(): boolean {
    return this.value !== undefined
  }
}

/** A message (struct) value created through a TypeProvider. */
export class ObjectValue {
  constructor(
    readonly typeName: string,
    /** The fields that are set. */
    readonly fields: ReadonlyMap<string, Value>,
    readonly type: StructType
  ) {}
}

/** A runtime error, carried as a value so &&, || and ?: can absorb it (cel-go types.Err). */
export class ErrorValue {
  constructor(
    readonly message: string,
    /** Id of the expression that produced the error, 0 when unknown. */
    readonly exprId = 0
  ) {}
}

/** A set of expression ids whose values are unknown (cel-go types.Unknown). */
export class UnknownValue {
  constructor(readonly ids: readonly number[]) {}
}

export type Value =
  | null
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | UintValue
  | ListValue
  | MapValue
  | TimestampValue
  | DurationValue
  | TypeValue
  | OptionalValue
  | ObjectValue
  | ErrorValue
  | UnknownValue

/** The field set of a message type known to a TypeProvider. */
export interface StructType {
  readonly name: string
  /** Field names with the value an unset field reads as. */
  readonly fields: ReadonlyMap<string, StructField>
}

export interface StructField {
  /** Value of the field when it is not set (proto3 zero value). */
  readonly defaultValue: Value
}

export const OPTIONAL_NONE = new OptionalValue(undefined)

export function optionalOf(value: Value): OptionalValue {
  return new OptionalValue(value)
}

/** cel-go types.IsUnknownOrError: the values strict functions pass straight through. */
export function isAbnormal(v: Value): v is ErrorValue | UnknownValue {
  return v instanceof ErrorValue || v instanceof UnknownValue
}

export const MAX_INT64 = 9223372036854775807n
export const MIN_INT64 = -9223372036854775808n
export const MAX_UINT64 = 18446744073709551615n

/** Built-in type values; `type(x)` returns these singletons. */
export const TYPES = {
  bool: new TypeValue('bool'),
  int: new TypeValue('int'),
  uint: new TypeValue('uint'),
  double: new TypeValue('double'),
  string: new TypeValue('string'),
  bytes: new TypeValue('bytes'),
  null: new TypeValue('null_type'),
  list: new TypeValue('list'),
  map: new TypeValue('map'),
  timestamp: new TypeValue('google.protobuf.Timestamp'),
  duration: new TypeValue('google.protobuf.Duration'),
  type: new TypeValue('type'),
  optional: new TypeValue('optional_type'),
  dyn: new TypeValue('dyn'),
  error: new TypeValue('error'),
  unknown: new TypeValue('unknown')
} as const

const objectTypes = new Map<string, TypeValue>()

/** The type value of a message type name (one instance per name). */
export function objectType(name: string): TypeValue {
  let t = objectTypes.get(name)
  if (t === undefined) {
    t = new TypeValue(name)
    objectTypes.set(name, t)
  }
  return t
}
