// Object types with declared fields, as the checker sees them (cel-go types.Provider). The
// Kubernetes layer implements TypeProvider for CRD schema types; the protobuf well-known
// message types cel-go always registers are built in.

import {
  BOOL,
  BYTES,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  LIST_DYN,
  MAP_DYN,
  NULL,
  STRING,
  TIMESTAMP,
  TYPE,
  UINT,
  mapType,
  objectType,
  type Type
} from '../common/types.js'

export interface TypeProvider {
  /**
   * The type of values of the object type `typeName` (a struct type, or the CEL type a
   * well-known protobuf message stands for), or undefined when no such object type exists.
   */
  findStructType(typeName: string): Type | undefined
  /** The declared type of a field, or undefined when the type has no such field. */
  findStructFieldType(typeName: string, fieldName: string): Type | undefined
  /** Other types known by name (cel-go Registry.FindIdent for types), e.g. abstract types. */
  findNamedType?(name: string): Type | undefined
  /** The value of a fully qualified enum constant name. */
  findEnumValue?(name: string): bigint | undefined
}

const STRUCT = mapType(STRING, DYN)

/** Fields of the well-known protobuf messages cel-go's registry always describes. */
const WELL_KNOWN_FIELDS: ReadonlyMap<string, ReadonlyMap<string, Type>> = new Map(
  Object.entries({
    'google.protobuf.Any': { type_url: STRING, value: BYTES },
    'google.protobuf.Duration': { seconds: INT, nanos: INT },
    'google.protobuf.Timestamp': { seconds: INT, nanos: INT },
    'google.protobuf.Empty': {},
    'google.protobuf.Struct': { fields: STRUCT },
    'google.protobuf.Value': {
      // NullValue is an enum, and enum fields are typed int.
      null_value: INT,
      number_value: DOUBLE,
      string_value: STRING,
      bool_value: BOOL,
      struct_value: STRUCT,
      list_value: LIST_DYN
    },
    'google.protobuf.ListValue': { values: LIST_DYN },
    'google.protobuf.BoolValue': { value: BOOL },
    'google.protobuf.BytesValue': { value: BYTES },
    'google.protobuf.DoubleValue': { value: DOUBLE },
    'google.protobuf.FloatValue': { value: DOUBLE },
    'google.protobuf.Int32Value': { value: INT },
    'google.protobuf.Int64Value': { value: INT },
    'google.protobuf.StringValue': { value: STRING },
    'google.protobuf.UInt32Value': { value: UINT },
    'google.protobuf.UInt64Value': { value: UINT }
  }).map(([name, fields]) => [name, new Map(Object.entries(fields))])
)

/**
 * Named types every cel-go registry knows: the standard types by their runtime names, plus the
 * non-sanitized well-known message types.
 */
const STANDARD_NAMED_TYPES: ReadonlyMap<string, Type> = new Map(
  [BOOL, BYTES, DOUBLE, DURATION, INT, LIST_DYN, MAP_DYN, NULL, STRING, TIMESTAMP, TYPE, UINT]
    .map((t): [string, Type] => [t.name, t])
    .concat([['google.protobuf.Empty', objectType('google.protobuf.Empty')]])
)

/** The well-known protobuf types (Any, Duration, Timestamp, Struct, Value, wrappers, ...). */
export const WELL_KNOWN_TYPES: TypeProvider = {
  findStructType(typeName) {
    if (!WELL_KNOWN_FIELDS.has(typeName)) return undefined
    return objectType(typeName)
  },
  findStructFieldType(typeName, fieldName) {
    return WELL_KNOWN_FIELDS.get(typeName)?.get(fieldName)
  },
  findNamedType(name) {
    return STANDARD_NAMED_TYPES.get(name)
  },
  findEnumValue(name) {
    return name === 'google.protobuf.NullValue.NULL_VALUE' ? 0n : undefined
  }
}

/** Providers consulted in order; the first answer wins. */
export function combineProviders(...providers: TypeProvider[]): TypeProvider {
  return combineProviderList(providers)
}

/** combineProviders for a computed list of providers. */
export function combineProviderList(providers: readonly TypeProvider[]): TypeProvider {
  if (providers.length === 1) return providers[0]!
  return {
    findStructType: (name) => first(providers, (p) => p.findStructType(name)),
    findStructFieldType: (name, field) => {
      // Fields come from the provider that knows the type, as in a single registry.
      for (const p of providers) {
        if (p.findStructType(name) !== undefined) return p.findStructFieldType(name, field)
      }
      return undefined
    },
    findNamedType: (name) => first(providers, (p) => p.findNamedType?.(name)),
    findEnumValue: (name) => first(providers, (p) => p.findEnumValue?.(name))
  }
}

function first<T>(
  providers: readonly TypeProvider[],
  f: (p: TypeProvider) => T | undefined
): T | undefined {
  for (const p of providers) {
    const v = f(p)
    if (v !== undefined) return v
  }
  return undefined
}

/** Named types registered by libraries (e.g. `optional_type`), looked up by name. */
export function namedTypesProvider(types: readonly Type[]): TypeProvider {
  const byName = new Map(types.map((t) => [t.name, t]))
  return {
    findStructType: () => undefined,
    findStructFieldType: () => undefined,
    findNamedType: (name) => byName.get(name)
  }
}
