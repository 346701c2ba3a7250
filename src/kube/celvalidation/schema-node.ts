/**
 * Reading the raw OpenAPI schema nodes the CEL validator works on (the `x-kubernetes-*`
 * extensions and the structural spine), with JSON null read as absent — the accessors of the
 * apiserver's `model.Structural` adaptor.
 */
import { isJsonObject } from '../../common/json.js'

/** A raw OpenAPI v3 schema node as written in the CRD. */
export type RawSchema = Record<string, unknown>

const own = (s: RawSchema, key: string): unknown => (Object.hasOwn(s, key) ? s[key] : undefined)

export const schemaType = (s: RawSchema): string => {
  const t = own(s, 'type')
  return typeof t === 'string' ? t : ''
}

export const schemaFormat = (s: RawSchema): string => {
  const f = own(s, 'format')
  return typeof f === 'string' ? f : ''
}

export const isNullable = (s: RawSchema): boolean => own(s, 'nullable') === true
export const isIntOrString = (s: RawSchema): boolean =>
  own(s, 'x-kubernetes-int-or-string') === true
export const isEmbeddedResource = (s: RawSchema): boolean =>
  own(s, 'x-kubernetes-embedded-resource') === true
export const preservesUnknownFields = (s: RawSchema): boolean =>
  own(s, 'x-kubernetes-preserve-unknown-fields') === true

export const listType = (s: RawSchema): string => {
  const t = own(s, 'x-kubernetes-list-type')
  return typeof t === 'string' ? t : ''
}

export const listMapKeys = (s: RawSchema): string[] => {
  const keys = own(s, 'x-kubernetes-list-map-keys')
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : []
}

/** `x-kubernetes-map-type`, undefined when not set. */
export const mapType = (s: RawSchema): string | undefined => {
  const t = own(s, 'x-kubernetes-map-type')
  return typeof t === 'string' ? t : undefined
}

const propertyMaps = new WeakMap<RawSchema, ReadonlyMap<string, RawSchema> | null>()

/**
 * `properties` as a map, undefined when absent or empty (the structural form drops `{}`).
 * Schemas are treated as immutable: the map is derived once per schema object.
 */
export function properties(s: RawSchema): ReadonlyMap<string, RawSchema> | undefined {
  let map = propertyMaps.get(s)
  if (map === undefined) {
    const p = own(s, 'properties')
    const entries = isJsonObject(p)
      ? Object.entries(p).filter((e): e is [string, RawSchema] => isJsonObject(e[1]))
      : []
    map = entries.length === 0 ? null : new Map(entries)
    propertyMaps.set(s, map)
  }
  return map ?? undefined
}

/** The `additionalProperties` schema, undefined for `true`/`false`/absent. */
export function additionalProperties(s: RawSchema): RawSchema | undefined {
  const a = own(s, 'additionalProperties')
  return isJsonObject(a) ? a : undefined
}

export function items(s: RawSchema): RawSchema | undefined {
  const i = own(s, 'items')
  return isJsonObject(i) ? i : undefined
}

/** The schemas under `allOf`. */
export function allOf(s: RawSchema): RawSchema[] {
  const a = own(s, 'allOf')
  return Array.isArray(a) ? a.filter(isJsonObject) : []
}

/** The `x-kubernetes-validations` entries of a node. */
export function validationRules(s: RawSchema): RawSchema[] {
  const rules = own(s, 'x-kubernetes-validations')
  return Array.isArray(rules) ? rules.filter(isJsonObject) : []
}

const typeIs = (s: RawSchema | undefined, type: string): boolean =>
  s !== undefined && schemaType(s) === type

const withTypeMetaCache = new WeakMap<RawSchema, RawSchema>()

/**
 * model.WithTypeAndObjectMeta: a resource root (the CRD root, an embedded resource) exposes
 * `apiVersion`, `kind` and `metadata` with only `name` and `generateName` — unless the schema
 * already declares all of them as strings (then it is used as is).
 */
export function withTypeAndObjectMeta(s: RawSchema): RawSchema {
  const props = properties(s)
  const metadata = props?.get('metadata')
  const metaProps = metadata ? properties(metadata) : undefined
  if (
    typeIs(props?.get('kind'), 'string') &&
    typeIs(props?.get('apiVersion'), 'string') &&
    typeIs(metadata, 'object') &&
    typeIs(metaProps?.get('name'), 'string') &&
    typeIs(metaProps?.get('generateName'), 'string')
  )
    return s
  let result = withTypeMetaCache.get(s)
  if (!result) {
    const p: Record<string, unknown> = Object.fromEntries(props ?? [])
    p.kind = { type: 'string' }
    p.apiVersion = { type: 'string' }
    p.metadata = {
      type: 'object',
      properties: { name: { type: 'string' }, generateName: { type: 'string' } }
    }
    result = { ...s, properties: p }
    withTypeMetaCache.set(s, result)
  }
  return result
}
