/**
 * Structural defaulting (`defaulting.Default`, crd-validation-spec.md §5.1) and the removal of
 * non-nullable nulls that have no default (`PruneNonNullableNullsWithoutDefaults`, §4.2).
 *
 * Both work in place on decoded JSON, top-down, iteratively (deep objects are safe).
 */
import { FieldPath, errorString } from '../fielderrors/index.js'
import { coerceObjectMeta } from './objectmeta.js'
import { prune } from './pruning.js'
import { deepCopyJson, deepEqualJson, isJsonObject, ownValue, setOwn } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'
import { MAX_SCHEMA_DEPTH, SchemaTooDeepError } from './structural.js'
import type { Structural } from './structural.js'

/** A null the schema does not allow (the schema exists and is not nullable). */
const isNonNullableNull = (x: unknown, s: Structural | undefined): boolean =>
  x === null && s !== undefined && !s.nullable

/**
 * Applies the schema's defaults to `x` in place: absent properties, and nulls where the schema
 * is not nullable, get a copy of the default; defaults inserted at a parent are then descended
 * into, so nested defaults fill inside them (§5.1).
 */
export function applyDefaults(x: unknown, s: Structural | undefined): void {
  const work: Array<[unknown, Structural | undefined]> = [[x, s]]
  while (work.length > 0) {
    const [value, schema] = work.pop()!
    if (schema === undefined) continue
    if (Array.isArray(value)) {
      const items = schema.items
      for (let i = 0; i < value.length; i++) {
        if (isNonNullableNull(value[i], items)) value[i] = deepCopyJson(items!.default ?? null)
        work.push([value[i], items])
      }
      continue
    }
    if (!isJsonObject(value)) continue
    for (const [k, property] of schema.properties ?? []) {
      if (property.default === undefined) continue
      if (!Object.hasOwn(value, k) || isNonNullableNull(value[k], property))
        setOwn(value, k, deepCopyJson(property.default))
    }
    for (const k of Object.keys(value)) {
      const property = schema.properties?.get(k)
      if (property !== undefined) {
        work.push([ownValue(value, k), property])
      } else if (schema.additionalProperties !== undefined) {
        const additional = schema.additionalProperties.structural
        if (isNonNullableNull(ownValue(value, k), additional))
          setOwn(value, k, deepCopyJson(additional!.default ?? null))
        work.push([ownValue(value, k), additional])
      }
    }
  }
}

/**
 * Deletes object keys whose value is null where the key's schema (property, else
 * additionalProperties) exists, is not nullable and has no default (§4.2). Array elements are
 * never deleted.
 */
export function pruneNonNullableNullsWithoutDefaults(x: unknown, s: Structural | undefined): void {
  const work: Array<[unknown, Structural | undefined]> = [[x, s]]
  while (work.length > 0) {
    const [value, schema] = work.pop()!
    if (Array.isArray(value)) {
      const items = schema?.items
      for (const element of value) work.push([element, items])
      continue
    }
    if (!isJsonObject(value)) continue
    for (const k of Object.keys(value)) {
      const fieldSchema = schema?.properties?.get(k) ?? schema?.additionalProperties?.structural
      const v = ownValue(value, k)
      if (
        v === null &&
        fieldSchema !== undefined &&
        !fieldSchema.nullable &&
        fieldSchema.default === undefined
      )
        delete value[k]
      else work.push([v, fieldSchema])
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Defaults inside their surrounding object (§5.4, §6)

/** Where a default sits below its root: object keys (`*` for additionalProperties) and items. */
export type DefaultStep = { key: string } | { index: true }

/**
 * The object surrounding `focus` at `steps` (`SurroundingObjectFunc`): `{k: x}` per key,
 * `[x]` per items step. With `typeMeta`, missing root `kind`/`apiVersion` are filled in.
 */
export function surroundingObject(
  steps: readonly DefaultStep[],
  focus: unknown,
  typeMeta?: { apiVersion: string; kind: string }
): { object: JsonObject } | { error: string } {
  let value = focus
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!
    if ('key' in step) {
      const o: JsonObject = {}
      setOwn(o, step.key, value)
      value = o
    } else value = [value]
  }
  if (!isJsonObject(value)) return { error: 'object root default value must be of object type' }
  if (typeMeta !== undefined) {
    if (!Object.hasOwn(value, 'kind')) value.kind = typeMeta.kind
    if (!Object.hasOwn(value, 'apiVersion')) value.apiVersion = typeMeta.apiVersion
  }
  return { object: value }
}

/** The value at `steps` inside `root` again (the accessor), with the apiserver's errors. */
function valueAt(
  steps: readonly DefaultStep[],
  root: JsonObject
): { found: false } | { found: true; value: unknown } | { error: string } {
  let value: unknown = root
  let trail = ''
  for (const step of steps) {
    if ('key' in step) {
      if (!isJsonObject(value)) return { error: `${trail}.${step.key} must be of object type` }
      if (!Object.hasOwn(value, step.key)) return { found: false }
      value = value[step.key]
      trail += `.${step.key}`
    } else {
      if (!Array.isArray(value)) return { error: `${trail}[] must be of array type` }
      if (value.length === 0) return { found: false }
      value = value[0]
      trail += '[]'
    }
  }
  return { found: true, value }
}

export type PrunedDefaults =
  { structural: Structural | undefined; changed: boolean } | { error: string }

/**
 * `PruneDefaults` (§5.4): every default embedded at its position in a root object, coerced and
 * pruned with the root schema, and extracted again. Returns a new schema (the input is unchanged)
 * and whether any default changed.
 */
export function pruneDefaults(root: Structural | undefined): PrunedDefaults {
  if (root === undefined) return { structural: undefined, changed: false }
  let changed = false
  const visit = (
    s: Structural,
    steps: readonly DefaultStep[],
    depth: number
  ): Structural | string => {
    if (depth > MAX_SCHEMA_DEPTH) throw new SchemaTooDeepError(MAX_SCHEMA_DEPTH)
    const out: Structural = { ...s }
    if (s.default !== undefined) {
      const original = s.default
      const surrounding = surroundingObject(steps, deepCopyJson(original))
      if ('error' in surrounding) return `failed to prune default value: ${surrounding.error}`
      const obj = surrounding.object
      const coerced = coerceObjectMeta(FieldPath.nil, obj, root, true, { dropInvalidFields: true })
      if (coerced.error !== undefined)
        return `failed to prune default value: ${errorString(coerced.error)}`
      prune(obj, root, true, { trackUnknownFieldPaths: false })
      const extracted = valueAt(steps, obj)
      if ('error' in extracted) return `failed to prune default value: ${extracted.error}`
      if (extracted.found) out.default = extracted.value
      else delete out.default
      if (!deepEqualJson(original, out.default)) changed = true
    }
    const additional = s.additionalProperties?.structural
    if (additional !== undefined) {
      const pruned = visit(additional, [...steps, { key: '*' }], depth + 1)
      if (typeof pruned === 'string') return pruned
      out.additionalProperties = { ...s.additionalProperties!, structural: pruned }
    }
    if (s.items !== undefined) {
      const pruned = visit(s.items, [...steps, { index: true }], depth + 1)
      if (typeof pruned === 'string') return pruned
      out.items = pruned
    }
    if (s.properties !== undefined) {
      const properties = new Map<string, Structural>()
      for (const [k, child] of s.properties) {
        const pruned = visit(child, [...steps, { key: k }], depth + 1)
        if (typeof pruned === 'string') return pruned
        properties.set(k, pruned)
      }
      out.properties = properties
    }
    return out
  }
  const result = visit(root, [], 0)
  return typeof result === 'string' ? { error: result } : { structural: result, changed }
}
