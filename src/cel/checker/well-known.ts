// Message construction of well-known protobuf types (`google.protobuf.Int32Value{value: 1}`):
// which CEL types stand for a well-known message, and the message whose fields then apply.

import { NULL, isAssignableType, type Type, type TypeKind } from '../common/types.js'

/** cel-go keys the message name by kind, so Int32Value constructions use Int64Value's fields. */
const WELL_KNOWN_TYPE_NAMES: Partial<Record<TypeKind, string>> = {
  any: 'google.protobuf.Any',
  bool: 'google.protobuf.BoolValue',
  bytes: 'google.protobuf.BytesValue',
  double: 'google.protobuf.DoubleValue',
  duration: 'google.protobuf.Duration',
  dyn: 'google.protobuf.Value',
  int: 'google.protobuf.Int64Value',
  list: 'google.protobuf.ListValue',
  null_type: 'google.protobuf.NullValue',
  map: 'google.protobuf.Struct',
  string: 'google.protobuf.StringValue',
  timestamp: 'google.protobuf.Timestamp',
  uint: 'google.protobuf.UInt64Value'
}

/** Whether a type is what a well-known message name resolves to (cel-go isWellKnownType). */
export function isWellKnownType(t: Type): boolean {
  switch (t.kind) {
    case 'any':
    case 'timestamp':
    case 'duration':
    case 'dyn':
    case 'null_type':
      return true
    case 'bool':
    case 'bytes':
    case 'double':
    case 'int':
    case 'string':
    case 'uint':
      return isAssignableType(t, NULL)
    case 'list':
      return t.params[0]!.kind === 'dyn'
    case 'map':
      return t.params[0]!.kind === 'string' && t.params[1]!.kind === 'dyn'
    default:
      return false
  }
}

/** The message name whose fields a construction of a well-known type is checked against. */
export function wellKnownTypeName(t: Type): string {
  return WELL_KNOWN_TYPE_NAMES[t.kind] ?? ''
}
