// The CEL type of a runtime value (cel-go ref.Val.Type()).

import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import {
  DurationValue,
  ErrorValue,
  ObjectValue,
  OptionalValue,
  TimestampValue,
  TYPES,
  TypeValue,
  UintValue,
  objectType,
  type Value
} from './values.js'

export function typeOf(v: Value): TypeValue {
  switch (typeof v) {
    case 'boolean':
      return TYPES.bool
    case 'bigint':
      return TYPES.int
    case 'number':
      return TYPES.double
    case 'string':
      return TYPES.string
  }
  if (v === null) return TYPES.null
  if (v instanceof ListValue) return TYPES.list
  if (v instanceof MapValue) return TYPES.map
  if (v instanceof UintValue) return TYPES.uint
  if (v instanceof Uint8Array) return TYPES.bytes
  if (v instanceof TimestampValue) return TYPES.timestamp
  if (v instanceof DurationValue) return TYPES.duration
  if (v instanceof TypeValue) return TYPES.type
  if (v instanceof OptionalValue) return TYPES.optional
  if (v instanceof ObjectValue) return objectType(v.typeName)
  if (v instanceof ErrorValue) return TYPES.error
  return TYPES.unknown
}

export function typeNameOf(v: Value): string {
  return typeOf(v).name
}

/** Go's %T of the cel-go value type, used in a few cel-go error messages. */
export function goTypeNameOf(v: Value): string {
  switch (typeof v) {
    case 'boolean':
      return 'types.Bool'
    case 'bigint':
      return 'types.Int'
    case 'number':
      return 'types.Double'
    case 'string':
      return 'types.String'
  }
  if (v === null) return 'types.Null'
  if (v instanceof UintValue) return 'types.Uint'
  if (v instanceof Uint8Array) return 'types.Bytes'
  if (v instanceof TimestampValue) return 'types.Timestamp'
  if (v instanceof DurationValue) return 'types.Duration'
  if (v instanceof TypeValue) return '*types.Type'
  if (v instanceof OptionalValue) return '*types.Optional'
  if (v instanceof ObjectValue) return '*types.protoObj'
  if (v instanceof ErrorValue) return '*types.Err'
  if (v instanceof ListValue) return '*types.baseList'
  if (v instanceof MapValue) return '*types.baseMap'
  return '*types.Unknown'
}
