/**
 * `x-kubernetes-list-type` uniqueness (`listtype.ValidateListSetsAndMaps`,
 * crd-validation-spec.md §9.1): a `set` list may not hold a value twice, a `map` list may not
 * hold two elements with the same key fields.
 *
 * Scalars compare by value; compound values by their JSON serialisation with sorted keys.
 * Known gap: the apiserver tells `1` (int64) from `1.0` (float64); decoded JSON cannot, so such
 * a pair counts as a duplicate here unless the float is given as a `GoFloat`.
 */
import { GoFloat, duplicate, goJson, invalid } from '../fielderrors/index.js'
import type { FieldError, FieldPath } from '../fielderrors/index.js'
import { isJsonObject, ownValue } from '../../common/json.js'
import type { Structural } from './structural.js'
import { pushAll } from '../../common/arrays.js'

/**
 * Validates the set and map lists in `obj` (the object at `path`; the apiserver passes the nil
 * path for a custom resource). Errors are in walk order: a list's own errors, then its items'.
 */
export function validateListSetsAndMaps(
  path: FieldPath,
  s: Structural | undefined,
  obj: unknown
): FieldError[] {
  if (s === undefined || !isJsonObject(obj)) return []
  const errors: FieldError[] = []
  // Depth-first in the apiserver's order; a stack of pending nodes, children pushed reversed.
  const work: Array<[FieldPath, Structural, unknown]> = []
  const pushObjectChildren = (p: FieldPath, schema: Structural, o: Record<string, unknown>) => {
    const children: Array<[FieldPath, Structural, unknown]> = []
    const additional = schema.additionalProperties?.structural
    if (additional !== undefined)
      for (const k of Object.keys(o)) children.push([p.key(k), additional, ownValue(o, k)])
    if (schema.properties !== undefined)
      for (const k of Object.keys(o)) {
        const property = schema.properties.get(k)
        if (property !== undefined) children.push([p.child(k), property, ownValue(o, k)])
      }
    for (let i = children.length - 1; i >= 0; i--) work.push(children[i]!)
  }
  pushObjectChildren(path, s, obj)
  while (work.length > 0) {
    const [p, schema, value] = work.pop()!
    if (isJsonObject(value)) {
      pushObjectChildren(p, schema, value)
      continue
    }
    if (!Array.isArray(value)) continue
    if (schema.xListType === 'set') {
      for (const i of nonUniqueIndices(value)) errors.push(duplicate(p.index(i), value[i]))
    } else if (schema.xListType === 'map') {
      pushAll(errors, validateListMap(p, schema, value))
    }
    if (schema.items !== undefined)
      for (let i = value.length - 1; i >= 0; i--) work.push([p.index(i), schema.items, value[i]])
  }
  return errors
}

/** A key under which equal values meet: scalars by type and value, compounds by JSON. */
function identity(x: unknown): string {
  if (x === UNSPECIFIED) return 'u'
  if (isJsonObject(x) || Array.isArray(x)) return `c${goJson(x) ?? ''}`
  if (x instanceof GoFloat) return `f${x.value}`
  if (typeof x === 'number') return Number.isInteger(x) ? `i${x}` : `f${x}`
  if (typeof x === 'bigint') return `i${x}`
  if (typeof x === 'string') return `s${x}`
  return `${typeof x}${String(x)}`
}

/** Indices of every occurrence after the first of a value seen exactly once before. */
function nonUniqueIndices(list: readonly unknown[]): number[] {
  if (list.length <= 1) return []
  const seen = new Map<string, number>()
  const indices: number[] = []
  list.forEach((x, i) => {
    const id = identity(x)
    const times = seen.get(id) ?? 0
    seen.set(id, times + 1)
    if (times === 1) indices.push(i)
  })
  return indices
}

/** An element without the key (or a null element): equal to each other, not to JSON null. */
const UNSPECIFIED = Symbol('unspecified key')

function validateListMap(path: FieldPath, s: Structural, list: readonly unknown[]): FieldError[] {
  for (let i = 0; i < list.length; i++) {
    const x = list[i]
    if (x !== null && !isJsonObject(x))
      return [invalid(path.index(i), x, 'must be an object for an array of list-type map')]
  }
  if (list.length <= 1) return []
  const keyFields = s.xListMapKeys ?? []
  if (keyFields.length === 1) {
    const keyField = keyFields[0]!
    const keys = list.map((x) =>
      isJsonObject(x) && Object.hasOwn(x, keyField) ? x[keyField] : UNSPECIFIED
    )
    return nonUniqueIndices(keys).map((i) => {
      const key = keys[i]
      return duplicate(path.index(i), key === UNSPECIFIED ? {} : { [keyField]: key })
    })
  }
  const keys = list.map((x) => {
    const key: Record<string, unknown> = {}
    if (isJsonObject(x))
      for (const keyField of keyFields)
        if (Object.hasOwn(x, keyField))
          Object.defineProperty(key, keyField, { value: x[keyField], enumerable: true })
    return key
  })
  return nonUniqueIndices(keys).map((i) => duplicate(path.index(i), keys[i]))
}
