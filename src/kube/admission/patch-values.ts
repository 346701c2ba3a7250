/**
 * The runtime side of mutation expressions (apiserver `cel/mutation`): `Object{…}` literals
 * (schemaless apply configurations, any field allowed) and `JSONPatch{op, path, from, value}`
 * operations, as map values that remember their type name.
 */
import {
  ErrorValue,
  MapValue,
  type StructType,
  type TypeProvider,
  type Value
} from '../../cel/interpreter/index.js'

/** An `Object.<path>{…}` literal; the type name must follow the field path (checked on apply). */
export class ObjectLiteralValue extends MapValue {
  constructor(readonly typeName: string) {
    super()
  }
}

/** A `JSONPatch{…}` operation. */
export class JsonPatchValue extends MapValue {}

const JSON_PATCH_STRUCT: StructType = {
  name: 'JSONPatch',
  fields: new Map([
    ['op', { defaultValue: '' }],
    ['path', { defaultValue: '' }],
    ['from', { defaultValue: '' }],
    ['value', { defaultValue: null }]
  ])
}

const STRING_FIELDS = new Set(['op', 'path', 'from'])

/** The interpreter's provider of `Object` and `JSONPatch` construction. */
export const PATCH_RUNTIME_TYPES: TypeProvider = {
  findStructType(name) {
    if (name === 'JSONPatch') return JSON_PATCH_STRUCT
    if (name === 'Object' || name.startsWith('Object.')) return { name, fields: new Map() }
    return undefined
  },
  newValue(type, fieldValues: ReadonlyMap<string, Value>) {
    if (type.name === 'JSONPatch') {
      const patch = new JsonPatchValue()
      for (const [name, value] of fieldValues) {
        if (STRING_FIELDS.has(name) && typeof value !== 'string')
          return new ErrorValue(
            `unexpected type ${goTypeName(value)} for JSONPatchType '${name}' field`
          )
        if (!JSON_PATCH_STRUCT.fields.has(name))
          return new ErrorValue(`unexpected JSONPatchType field: ${name}`)
        patch.set(name, value)
      }
      return patch
    }
    const obj = new ObjectLiteralValue(type.name)
    for (const [name, value] of fieldValues) obj.set(name, value)
    return obj
  }
}

function goTypeName(v: Value): string {
  if (typeof v === 'bigint') return 'int64'
  if (typeof v === 'number') return 'float64'
  if (typeof v === 'boolean') return 'bool'
  return 'object'
}
