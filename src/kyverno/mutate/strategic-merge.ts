/**
 * `patchStrategicMerge` as Kyverno applies it: kustomize's patchstrategicmerge filter, i.e.
 * kyaml merge2 with lists prepended (sigs.k8s.io/kustomize/kyaml/yaml/merge2, walk), on plain
 * JSON values:
 *
 * - maps merge field by field; a `null` in the patch deletes the field; `$patch: delete` /
 *   `$patch: replace` directives delete or replace the map;
 * - scalars are replaced;
 * - a list is merged element by element only where the built-in type's schema says
 *   `x-kubernetes-patch-strategy: merge` (containers by name, env by name, volumeMounts by
 *   mountPath, ports by containerPort+protocol, finalizers by value, …): the patch's elements
 *   come first, then the resource's others, each present in both merged; every other list
 *   (and every list of a custom resource, which has no schema) is replaced by the patch's.
 *
 * A value of the wrong kind (a map where the resource has a string…) is an error, as in kyaml.
 */
import { isJsonObject } from '../../common/json.js'
import type { JsonMap } from '../types.js'
import { SMP_RESOURCES, SMP_TYPES } from './smp-schema-data.js'
import type { SmpField } from './smp-schema-data.js'

/** Where a value sits in the schema: a type, or a list field of a type. */
type Schema = { type: number } | { list: SmpField } | undefined

const DELETE = Symbol('delete')
/** A merged value, or DELETE for a key the patch removes (`unknown` already includes it). */
type Merged = unknown

const DIRECTIVE = '$patch'

const kindOf = (v: unknown): 'map' | 'list' | 'scalar' =>
  isJsonObject(v) ? 'map' : Array.isArray(v) ? 'list' : 'scalar'

const missingOrNull = (v: unknown): boolean => v === undefined || v === null

const KIND_NAMES = { map: 'MappingNode', list: 'SequenceNode', scalar: 'ScalarNode' } as const

/** Merges `patch` into `resource` (both JSON); the resource is not modified. */
export function strategicMerge(resource: JsonMap, patch: unknown): JsonMap {
  const apiVersion = typeof resource.apiVersion === 'string' ? resource.apiVersion : ''
  const kind = typeof resource.kind === 'string' ? resource.kind : ''
  const type = SMP_RESOURCES[`${apiVersion}/${kind}`]
  const merged = merge(resource, patch, type !== undefined ? { type } : undefined)
  return merged === DELETE || !isJsonObject(merged) ? {} : merged
}

function fieldSchema(schema: Schema, key: string): Schema {
  if (schema === undefined || !('type' in schema)) return undefined
  const field = SMP_TYPES[schema.type]?.[key]
  if (field === undefined) return undefined
  if (field.s !== undefined) return { list: field }
  if (field.r !== undefined) return { type: field.r }
  if (field.i !== undefined) return { list: field }
  return undefined
}

function itemSchema(schema: Schema): Schema {
  if (schema === undefined || !('list' in schema)) return undefined
  return schema.list.i !== undefined ? { type: schema.list.i } : undefined
}

function merge(dest: unknown, patch: unknown, schema: Schema): Merged {
  if (patch === undefined) return dest
  if (patch === null) return DELETE
  if (missingOrNull(dest)) return clean(patch, schema)
  const kind = kindOf(dest)
  if (kindOf(patch) !== kind) {
    throw new Error(
      `wrong Node Kind for  expected: ${KIND_NAMES[kind]} was ${KIND_NAMES[kindOf(patch)]}: value: {${JSON.stringify(patch)}}`
    )
  }
  if (kind === 'scalar') return patch
  if (kind === 'map') return mergeMap(dest as JsonMap, patch as JsonMap, schema)
  return mergeList(dest as unknown[], patch as unknown[], schema)
}

function mapDirective(patch: JsonMap): { directive: string; rest: JsonMap } {
  if (!Object.hasOwn(patch, DIRECTIVE)) return { directive: 'merge', rest: patch }
  const directive = String(patch[DIRECTIVE])
  if (directive !== 'delete' && directive !== 'replace' && directive !== 'merge')
    throw new Error(`unknown patch strategy '${directive}'`)
  const rest = { ...patch }
  delete rest[DIRECTIVE]
  return { directive, rest }
}

function mergeMap(dest: JsonMap, patch: JsonMap, schema: Schema): Merged {
  const { directive, rest } = mapDirective(patch)
  if (directive === 'delete') return DELETE
  if (directive === 'replace') return clean(rest, schema)
  const out: JsonMap = { ...dest }
  const keys = [...new Set([...Object.keys(dest), ...Object.keys(rest)])].sort()
  for (const key of keys) {
    const merged = merge(dest[key], rest[key], fieldSchema(schema, key))
    // The resource's own nulls stay (kyaml keeps a written null the patch does not touch).
    if (merged === DELETE || merged === undefined) delete out[key]
    else out[key] = merged
  }
  return out
}

/** A patch value where the resource has nothing: nulls dropped, directives elided. */
function clean(patch: unknown, schema: Schema): Merged {
  if (patch === null) return DELETE
  if (isJsonObject(patch)) {
    const { directive, rest } = mapDirective(patch)
    if (directive === 'delete') return DELETE
    const out: JsonMap = {}
    for (const key of Object.keys(rest).sort()) {
      const value = clean(rest[key], fieldSchema(schema, key))
      if (value !== DELETE && value !== null && value !== undefined) out[key] = value
    }
    return out
  }
  if (Array.isArray(patch)) {
    if (!isAssociative(schema)) return patch
    return mergeList([], patch, schema, true)
  }
  return patch
}

function isAssociative(schema: Schema): schema is { list: SmpField } {
  return (
    schema !== undefined && 'list' in schema && (schema.list.s ?? '').split(',').includes('merge')
  )
}

function listDirective(patch: unknown[]): { directive: string; rest: unknown[] } {
  const index = patch.findIndex((e) => isJsonObject(e) && Object.hasOwn(e, DIRECTIVE))
  if (index < 0) return { directive: 'merge', rest: patch }
  const element = patch[index] as JsonMap
  if (Object.keys(element).length > 1) return { directive: 'merge', rest: patch }
  const directive = String(element[DIRECTIVE])
  if (directive !== 'delete' && directive !== 'replace' && directive !== 'merge')
    throw new Error(`unknown patch strategy '${directive}'`)
  return { directive, rest: patch.filter((_, i) => i !== index) }
}

const scalarText = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v)

/** The values of `keys` in an element ('' where absent). */
const keyValues = (element: unknown, keys: readonly string[]): string[] =>
  keys.map((k) => (isJsonObject(element) ? scalarText(element[k]) : ''))

const isEmptyElement = (e: unknown): boolean =>
  missingOrNull(e) || (isJsonObject(e) && Object.keys(e).length === 0)

/**
 * An associative list: the element values of the patch, then of the resource, each merged
 * (walkAssociativeSequence with ListIncreaseDirection prepend).
 */
function mergeList(
  dest: unknown[],
  patch: unknown[],
  schema: Schema,
  fromPatchOnly = false
): Merged {
  if (!isAssociative(schema)) return patch
  const { directive, rest } = listDirective(patch)
  if (directive === 'delete') return DELETE
  if (directive === 'replace') return rest
  const keys = schema.list.k ?? []
  const elements = itemSchema(schema)
  if (keys.length === 0) {
    // A list of scalars (finalizers): the union, the patch's values first.
    const out: unknown[] = []
    const seen = new Set<string>()
    for (const v of [...rest, ...(fromPatchOnly ? [] : dest)]) {
      const text = scalarText(v)
      if (seen.has(text)) continue
      seen.add(text)
      out.push(v)
    }
    return out
  }
  const present = (values: string[]): string[] => keys.filter((_, i) => values[i] !== '')
  const matches = (element: unknown, values: string[]): boolean => {
    if (!isJsonObject(element)) return false
    return keys.every((k, i) => (values[i] === '' ? true : scalarText(element[k]) === values[i]))
  }
  // Merge value tuples that agree where both are set (mergeValues).
  const tuples: string[][] = []
  const add = (values: string[]): void => {
    for (const t of tuples) {
      if (
        t.every((v, i) => v === values[i] || v === '' || values[i] === '') &&
        t.some((v, i) => v === values[i] && v !== '')
      ) {
        values.forEach((v, i) => {
          if (t[i] === '') t[i] = v
        })
        return
      }
    }
    tuples.push([...values])
  }
  const keyless: unknown[] = []
  for (const e of rest) {
    const values = keyValues(e, keys)
    if (present(values).length === 0) keyless.push(e)
    else add(values)
  }
  const destElements = fromPatchOnly ? [] : dest
  for (const e of destElements) {
    const values = keyValues(e, keys)
    if (present(values).length > 0) add(values)
  }
  const out: unknown[] = []
  for (const values of tuples) {
    const destElement = destElements.find((e) => matches(e, values))
    const patchElement = rest.find((e) => matches(e, values))
    let merged: Merged =
      patchElement === undefined ? destElement : merge(destElement, patchElement, elements)
    if (merged === DELETE || isEmptyElement(merged)) continue
    if (isJsonObject(merged)) {
      const withKeys: JsonMap = { ...merged }
      keys.forEach((k, i) => {
        if (withKeys[k] === undefined && values[i] !== '') withKeys[k] = values[i]
      })
      merged = withKeys
    }
    out.push(merged)
  }
  // Elements without any key value: the resource's stay, the patch's are added.
  for (const e of destElements)
    if (present(keyValues(e, keys)).length === 0 && !isEmptyElement(e)) out.push(e)
  for (const e of keyless) if (!isEmptyElement(e)) out.push(clean(e, elements))
  return out
}
