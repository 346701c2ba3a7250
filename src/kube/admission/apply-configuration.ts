import { pushAll } from '../../common/arrays.js'
import { isJsonObject } from '../../common/json.js'
/**
 * Merging an apply configuration into an object the way server-side apply merges it
 * (structured-merge-diff, as MutatingAdmissionPolicy's ApplyConfiguration patches use it):
 * structs and maps merge field by field, lists merge by their keys when they are map lists
 * (`x-kubernetes-list-type: map`; built-in ones such as `containers` by `name`), union when they
 * are sets, and are replaced when atomic.
 *
 * celgate carries no OpenAPI document: list semantics come from the CRD schema when the object's
 * CRD is known, else from a table of the built-in map lists; any other list is treated as atomic.
 */

type Json = unknown
type JsonObject = Record<string, Json>

/** The merge keys of the built-in map lists, by field name (Kubernetes OpenAPI list-map-keys). */
const BUILT_IN_MAP_LISTS: Readonly<Record<string, readonly string[]>> = {
  containers: ['name'],
  initContainers: ['name'],
  ephemeralContainers: ['name'],
  volumes: ['name'],
  env: ['name'],
  volumeMounts: ['mountPath'],
  volumeDevices: ['devicePath'],
  imagePullSecrets: ['name'],
  hostAliases: ['ip'],
  ownerReferences: ['uid'],
  resourceClaims: ['name'],
  topologySpreadConstraints: ['topologyKey', 'whenUnsatisfiable'],
  conditions: ['type']
}

/** List semantics of a schema node: keys of a map list, `set`, or atomic. */
type ListKind = { kind: 'map'; keys: readonly string[] } | { kind: 'set' } | { kind: 'atomic' }

function listKindOf(
  field: string,
  schema: JsonObject | undefined,
  items: readonly Json[]
): ListKind {
  if (schema) {
    const type = schema['x-kubernetes-list-type']
    if (type === 'map' && Array.isArray(schema['x-kubernetes-list-map-keys']))
      return { kind: 'map', keys: schema['x-kubernetes-list-map-keys'] as string[] }
    if (type === 'set') return { kind: 'set' }
    return { kind: 'atomic' }
  }
  if (field === 'ports') {
    // Container ports merge by containerPort and protocol, service ports by port and protocol.
    const first = items.find(isJsonObject)
    if (first && 'containerPort' in first)
      return { kind: 'map', keys: ['containerPort', 'protocol'] }
    if (first && 'port' in first) return { kind: 'map', keys: ['port', 'protocol'] }
  }
  if (field === 'finalizers') return { kind: 'set' }
  const keys = BUILT_IN_MAP_LISTS[field]
  return keys ? { kind: 'map', keys } : { kind: 'atomic' }
}

const childSchema = (schema: JsonObject | undefined, field: string): JsonObject | undefined => {
  if (!schema) return undefined
  const props = isJsonObject(schema.properties) ? schema.properties : undefined
  const prop = props?.[field]
  if (isJsonObject(prop)) return prop
  return isJsonObject(schema.additionalProperties) ? schema.additionalProperties : undefined
}

const itemSchema = (schema: JsonObject | undefined): JsonObject | undefined =>
  schema && isJsonObject(schema.items) ? schema.items : undefined

/** `live` merged with `patch` (neither is modified). */
export function mergeApplyConfiguration(live: Json, patch: Json, schema?: JsonObject): Json {
  return mergeValue(live, patch, schema, '')
}

function mergeValue(live: Json, patch: Json, schema: JsonObject | undefined, field: string): Json {
  if (isJsonObject(patch) && isJsonObject(live)) {
    const out: JsonObject = { ...live }
    for (const [k, v] of Object.entries(patch)) {
      out[k] = k in live ? mergeValue(live[k], v, childSchema(schema, k), k) : structuredClone(v)
    }
    return out
  }
  if (Array.isArray(patch) && Array.isArray(live)) {
    const liveItems: Json[] = live
    const patchItems: Json[] = patch
    const kind = listKindOf(field, schema, [...liveItems, ...patchItems])
    if (kind.kind === 'set') {
      const out = [...liveItems]
      for (const item of patchItems) if (!out.some((x) => sameJson(x, item))) out.push(item)
      return out
    }
    if (kind.kind === 'map') {
      const out = liveItems.map((x) => structuredClone(x))
      for (const item of patchItems) {
        const index = out.findIndex((x) => kind.keys.every((k) => sameKey(x, item, k)))
        if (index >= 0) out[index] = mergeValue(out[index], item, itemSchema(schema), '')
        else out.push(structuredClone(item))
      }
      return out
    }
  }
  return structuredClone(patch)
}

function sameKey(a: Json, b: Json, key: string): boolean {
  const av = isJsonObject(a) ? a[key] : undefined
  const bv = isJsonObject(b) ? b[key] : undefined
  // protocol defaults to TCP in the built-in port lists.
  if (key === 'protocol') return (av ?? 'TCP') === (bv ?? 'TCP')
  return sameJson(av, bv)
}

function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((k) => sameJson(a[k], b[k]))
  }
  return false
}

export interface JsonChange {
  /** `+` added, `-` removed, `~` changed. */
  op: '+' | '-' | '~'
  path: Array<string | number>
  /** The new value (added and changed). */
  value?: Json
}

/** Where two JSON values differ, down to the smallest changed members of objects. */
export function jsonChanges(
  before: Json,
  after: Json,
  path: Array<string | number> = []
): JsonChange[] {
  if (sameJson(before, after)) return []
  if (isJsonObject(before) && isJsonObject(after)) {
    const out: JsonChange[] = []
    for (const k of Object.keys(after)) {
      if (!(k in before)) out.push({ op: '+', path: [...path, k], value: after[k] })
      else pushAll(out, jsonChanges(before[k], after[k], [...path, k]))
    }
    for (const k of Object.keys(before))
      if (!(k in after)) out.push({ op: '-', path: [...path, k] })
    return out
  }
  return [{ op: '~', path, value: after }]
}
