/**
 * The decoding half of the custom-resource request pipeline (crd-validation-spec.md §10 steps
 * 1–3): the body read as the served version, unknown fields pruned (§4.1) and reported, nulls
 * the schema does not allow dropped (§4.2), TypeMeta/ObjectMeta coerced (§4.3), then the
 * schema's defaults applied (§5.1). The same steps run when an object is read back from
 * storage, with malformed metadata dropped instead of rejected.
 *
 * Works on a deep copy; the caller's object is never changed.
 */
import { FieldPath, errorString } from '../fielderrors/index.js'
import { applyDefaults, pruneNonNullableNullsWithoutDefaults } from '../schema/defaulting.js'
import { coerceObjectMeta, getObjectMeta } from '../schema/objectmeta.js'
import { encodeObjectMeta } from '../schema/structural-metadata-codec.js'
import { prune } from '../schema/pruning.js'
import { deepCopyJson, isJsonObject, setOwn } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'
import { defaultedPaths } from './defaulted-paths.js'
import type { ServedVersion } from './served-version.js'
import { pushAll } from '../../common/arrays.js'

export interface DecodedObject {
  object: JsonObject
  /** Every field the decoder dropped (`unknown field` warnings), in the apiserver's order. */
  unknownFields: string[]
  /** The paths the defaults filled in. */
  defaulted: string[]
}

export interface DecodeOptions {
  /** Reading from storage: malformed metadata fields are dropped instead of failing. */
  fromStorage?: boolean
}

/** Decodes `body` as `served` would; a string is the decode error (HTTP 400). */
export function decodeCustomResource(
  served: ServedVersion,
  body: unknown,
  options: DecodeOptions = {}
): DecodedObject | { error: string } {
  if (!isJsonObject(body)) return { error: 'Object is not a JSON object' }
  const object = deepCopyJson(body) as JsonObject
  const drop = options.fromStorage === true
  const unknownFields: string[] = []

  // §10 2a: the root TypeMeta and ObjectMeta are read first and written back at the end.
  const kind = object.kind
  const apiVersion = object.apiVersion
  if (Object.hasOwn(object, 'kind') && typeof kind !== 'string')
    return {
      error: `.kind accessor error: ${String(kind)} is of the type ${goType(kind)}, expected string`
    }
  if (Object.hasOwn(object, 'apiVersion') && typeof apiVersion !== 'string')
    return {
      error: `.apiVersion accessor error: ${String(apiVersion)} is of the type ${goType(apiVersion)}, expected string`
    }
  const meta = getObjectMeta(object, { dropMalformedFields: drop, returnUnknownFieldPaths: true })
  if ('error' in meta) {
    if (!drop || meta.found) return { error: meta.error }
  } else if (meta.found) pushAll(unknownFields, meta.unknownFieldPaths)

  const schema = served.structural
  if (!served.preserveUnknownFields) {
    pushAll(unknownFields, prune(object, schema, true))
    pruneNonNullableNullsWithoutDefaults(object, schema)
  }
  const coerced = coerceObjectMeta(FieldPath.nil, object, schema, false, {
    dropInvalidFields: drop,
    returnUnknownFieldPaths: true
  })
  if (coerced.error) return { error: errorString(coerced.error) }
  pushAll(unknownFields, coerced.unknownFieldPaths)

  if (typeof kind === 'string') object.kind = kind
  if (typeof apiVersion === 'string') object.apiVersion = apiVersion
  if (!('error' in meta) && meta.found) setOwn(object, 'metadata', encodeObjectMeta(meta.meta))

  // §10 3: defaults, with the schema whose defaults were themselves pruned (§5.4).
  const before = deepCopyJson(object)
  applyDefaults(object, schema)
  return { object, unknownFields, defaulted: defaultedPaths(before, object) }
}

/** `%T` of a decoded JSON value, for accessor errors. */
function goType(v: unknown): string {
  if (typeof v === 'boolean') return 'bool'
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64'
  if (Array.isArray(v)) return '[]interface {}'
  if (v === null) return '<nil>'
  return 'map[string]interface {}'
}
