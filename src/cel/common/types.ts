// CEL types as cel-go's common/types.Type models them (v0.26): a kind, the runtime type name,
// type parameters, and a nullable flag for the protobuf wrapper types. Formatting, equality and
// assignability follow cel-go exactly because error messages and overload resolution depend on
// them.

export type TypeKind =
  | 'any'
  | 'bool'
  | 'bytes'
  | 'double'
  | 'duration'
  | 'dyn'
  | 'error'
  | 'int'
  | 'list'
  | 'map'
  | 'null_type'
  | 'opaque'
  | 'string'
  | 'struct'
  | 'timestamp'
  | 'type'
  | 'type_param'
  | 'uint'
  | 'unknown'

export class Type {
  /** Memoized formatType() result (the checker keys its substitutions on it). */
  private formatted: string | undefined

  constructor(
    readonly kind: TypeKind,
    /**
     * cel-go's TypeName(): 'int', 'list', 'google.protobuf.Timestamp', a message or abstract
     * type name, or a type parameter's name.
     */
    readonly name: string,
    readonly params: readonly Type[] = [],
    /** Protobuf wrapper types (google.protobuf.Int64Value, ...): the primitive, or null. */
    readonly nullable = false
  ) {}

  /** cel-go's FormatCELType: the form used in checker messages and debug output. */
  format(): string {
    this.formatted ??= formatUncached(this)
    return this.formatted
  }

  toString(): string {
    return typeToString(this)
  }
}

export const DYN = new Type('dyn', 'dyn')
export const ANY = new Type('any', 'google.protobuf.Any')
export const BOOL = new Type('bool', 'bool')
export const BYTES = new Type('bytes', 'bytes')
export const DOUBLE = new Type('double', 'double')
export const DURATION = new Type('duration', 'google.protobuf.Duration')
export const ERROR = new Type('error', 'error')
export const INT = new Type('int', 'int')
export const NULL = new Type('null_type', 'null_type')
export const STRING = new Type('string', 'string')
export const TIMESTAMP = new Type('timestamp', 'google.protobuf.Timestamp')
/** The type of types, without a parameter (prints as `type`). */
export const TYPE = new Type('type', 'type')
export const UINT = new Type('uint', 'uint')
export const UNKNOWN = new Type('unknown', 'unknown')

export function listType(elem: Type): Type {
  return new Type('list', 'list', [elem])
}

export function mapType(key: Type, value: Type): Type {
  return new Type('map', 'map', [key, value])
}

export const LIST_DYN = listType(DYN)
export const MAP_DYN = mapType(DYN, DYN)

/** `type(T)`; without a parameter, the plain `type` type. */
export function typeType(param?: Type): Type {
  return param === undefined ? TYPE : new Type('type', 'type', [param])
}

/** An abstract type a library adds, e.g. `optional_type(T)` or `set(T)`. */
export function opaqueType(name: string, ...params: Type[]): Type {
  return new Type('opaque', name, params)
}

export const OPTIONAL_TYPE_NAME = 'optional_type'

export function optionalType(param: Type): Type {
  return opaqueType(OPTIONAL_TYPE_NAME, param)
}

/** The `optional_type` type identifier the optional library registers (v0.26: no parameter). */
export const OPTIONAL_TYPE = opaqueType(OPTIONAL_TYPE_NAME)

export function typeParam(name: string): Type {
  return new Type('type_param', name)
}

/** A protobuf wrapper type: the primitive or null (cel-go NewNullableType). */
export function nullableType(wrapped: Type): Type {
  return new Type(wrapped.kind, wrapped.name, wrapped.params, true)
}

/** The CEL types cel-go substitutes for well-known protobuf message names. */
const WELL_KNOWN_MESSAGE_TYPES: ReadonlyMap<string, Type> = new Map([
  ['google.protobuf.BoolValue', nullableType(BOOL)],
  ['google.protobuf.BytesValue', nullableType(BYTES)],
  ['google.protobuf.DoubleValue', nullableType(DOUBLE)],
  ['google.protobuf.FloatValue', nullableType(DOUBLE)],
  ['google.protobuf.Int64Value', nullableType(INT)],
  ['google.protobuf.Int32Value', nullableType(INT)],
  ['google.protobuf.UInt64Value', nullableType(UINT)],
  ['google.protobuf.UInt32Value', nullableType(UINT)],
  ['google.protobuf.StringValue', nullableType(STRING)],
  ['google.protobuf.Any', ANY],
  ['google.protobuf.Duration', DURATION],
  ['google.protobuf.Timestamp', TIMESTAMP],
  ['google.protobuf.ListValue', LIST_DYN],
  ['google.protobuf.NullValue', NULL],
  ['google.protobuf.Struct', mapType(STRING, DYN)],
  ['google.protobuf.Value', DYN]
])

/** The CEL type of a well-known protobuf message name, if it is one. */
export function wellKnownMessageType(name: string): Type | undefined {
  return WELL_KNOWN_MESSAGE_TYPES.get(name)
}

/** A message (object) type; well-known protobuf names map to their CEL types (NewObjectType). */
export function objectType(name: string): Type {
  return WELL_KNOWN_MESSAGE_TYPES.get(name) ?? new Type('struct', name)
}

const FUNCTION_TYPE_NAME = 'function'

/** The checker's internal function type: an opaque `function(result, args...)`. */
export function functionType(result: Type, args: readonly Type[]): Type {
  return new Type('opaque', FUNCTION_TYPE_NAME, [result, ...args])
}

// Predicates.

/** cel-go's Type.isDyn(): dyn, any and type parameters accept every type. */
export function isDynOrTypeParam(t: Type): boolean {
  return t.kind === 'dyn' || t.kind === 'any' || t.kind === 'type_param'
}

/** The checker's isDyn: dyn or google.protobuf.Any. */
export function isDyn(t: Type): boolean {
  return t.kind === 'dyn' || t.kind === 'any'
}

export function isOptionalType(t: Type): boolean {
  return t.kind === 'opaque' && t.name === OPTIONAL_TYPE_NAME
}

// Equality (cel-go IsExactType / IsEquivalentType; the nullable flag is not compared).

export function isExactType(a: Type, b: Type): boolean {
  return sameType(a, b, true, false)
}

/** Like isExactType, but type parameters match regardless of their names. */
export function isEquivalentType(a: Type, b: Type): boolean {
  return sameType(a, b, false, false)
}

/** Like isExactType, and nullable at the same places (what the checker reads of a declaration). */
export function isIdenticalType(a: Type, b: Type): boolean {
  return sameType(a, b, true, true)
}

function sameType(a: Type, b: Type, checkParamNames: boolean, checkNullable: boolean): boolean {
  if (a === b) return true
  if (a.kind !== b.kind || a.params.length !== b.params.length) return false
  if ((checkParamNames || a.kind !== 'type_param') && a.name !== b.name) return false
  if (checkNullable && a.nullable !== b.nullable) return false
  for (let i = 0; i < a.params.length; i++) {
    if (!sameType(a.params[i]!, b.params[i]!, checkParamNames, checkNullable)) return false
  }
  return true
}

/**
 * cel-go's Type.IsAssignableType: whether a value of type `from` fits `to`, without type
 * inference (dyn, any and type parameters accept everything; wrappers also accept null).
 */
export function isAssignableType(to: Type, from: Type): boolean {
  if (to.nullable && (from === NULL || from.kind === 'null_type')) return true
  if (to === from || isDynOrTypeParam(to)) return true
  if (to.kind !== from.kind || to.name !== from.name || to.params.length !== from.params.length) {
    return false
  }
  for (let i = 0; i < to.params.length; i++) {
    if (!isAssignableType(to.params[i]!, from.params[i]!)) return false
  }
  return true
}

/**
 * Replaces type parameters bound in `bindings`; unbound ones become dyn when paramToDyn is set.
 * (The checker's own substitution, keyed as cel-go keys it, lives in checker/mapping.ts.)
 */
export function substituteTypeParams(
  t: Type,
  bindings: ReadonlyMap<string, Type>,
  paramToDyn = false
): Type {
  if (t.kind === 'type_param') return bindings.get(t.name) ?? (paramToDyn ? DYN : t)
  if (t.params.length === 0) return t
  let changed = false
  const params = t.params.map((p) => {
    const s = substituteTypeParams(p, bindings, paramToDyn)
    if (s !== p) changed = true
    return s
  })
  return changed ? new Type(t.kind, t.name, params, t.nullable) : t
}

// Formatting.

/** cel-go's DeclaredTypeName: `wrapper(int)` for wrapper types, else the type name. */
export function declaredTypeName(t: Type): string {
  if (t.nullable && t.kind !== 'null_type' && !isDynOrTypeParam(t)) return `wrapper(${t.name})`
  return t.name
}

/** cel-go's FormatCELType: `list(int)`, `map(string, dyn)`, `timestamp`, `wrapper(int)`, ... */
export function formatType(t: Type): string {
  return t.format()
}

function formatUncached(t: Type): string {
  switch (t.kind) {
    case 'any':
      return 'any'
    case 'duration':
      return 'duration'
    case 'error':
      return '!error!'
    case 'null_type':
      return 'null'
    case 'timestamp':
      return 'timestamp'
    case 'type_param':
      return t.name
    case 'opaque':
      if (t.name === FUNCTION_TYPE_NAME) {
        return formatFunctionSignature(t.params[0], t.params.slice(1), false)
      }
      break
    default:
      break
  }
  if (t.params.length === 0) return declaredTypeName(t)
  return `${t.name}(${t.params.map((p) => p.format()).join(', ')})`
}

/**
 * A call signature as cel-go's checker prints it: `(int, string)`, `string.(int)` for member
 * calls, `(int) -> bool` when a result is given.
 */
export function formatFunctionSignature(
  result: Type | undefined,
  args: readonly Type[],
  isInstance: boolean
): string {
  let out = ''
  let rest = args
  if (isInstance && args.length > 0) {
    out += args[0]!.format() + '.'
    rest = args.slice(1)
  }
  out += `(${rest.map((a) => a.format()).join(', ')})`
  if (result !== undefined) out += ` -> ${result.format()}`
  return out
}

/**
 * cel-go's Type.String(): runtime names (`google.protobuf.Timestamp`), `wrapper(int)`,
 * `<A>` for type parameters, `list(int)`.
 */
export function typeToString(t: Type): string {
  if (t.kind === 'type_param') return `<${declaredTypeName(t)}>`
  if (t.params.length === 0) return declaredTypeName(t)
  return `${declaredTypeName(t)}(${t.params.map(typeToString).join(', ')})`
}
