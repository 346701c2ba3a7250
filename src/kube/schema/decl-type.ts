/**
 * The CEL view of a CRD schema, as the apiserver declares it for rules (cel-cost-model.md §4.1):
 * which CEL type each schema node has, and the two numbers the cost estimator sizes values
 * with — the smallest JSON a value can serialise to, and the largest number of elements
 * (characters, bytes, items, properties) it can hold in one 3 MiB request.
 */
import type { ReleaseFeatures } from '../versions.js'
import { escapePropertyName } from './escape.js'
import { isJsonObject } from '../../common/json.js'
import { MAX_REQUEST_SIZE } from '../limits.js'

export type DeclKind =
  | 'bool'
  | 'int'
  | 'double'
  | 'string'
  | 'bytes'
  | 'duration'
  | 'timestamp'
  | 'dyn'
  | 'list'
  | 'map'
  | 'object'

export interface DeclField {
  /** The CEL field name (escaped). */
  name: string
  /** The property name in the schema. */
  propertyName: string
  type: DeclType
  required: boolean
}

export interface DeclType {
  kind: DeclKind
  minSerializedSize: bigint
  /** The size bound the estimator returns for values of this type. */
  maxElements: bigint
  /** List items or map values. */
  elem?: DeclType
  /** Map keys: always strings the estimator sizes as 0. */
  key?: DeclType
  /** Object properties by CEL field name. */
  fields?: ReadonlyMap<string, DeclField>
  /** The schema node the type was declared from (absent for injected and key types). */
  schema?: Schema
}

/** A raw OpenAPI v3 schema node as written in the CRD. */
export type Schema = Record<string, unknown>

const MIN_STRING_SIZE = 2n
const MIN_DURATION_SIZE = 3n
const MAX_DURATION_SIZE = 32n
const DATE_SIZE = 12n
const MIN_DATETIME_SIZE = 21n
const MAX_DATETIME_SIZE = 32n

const scalar = (kind: DeclKind, minSerializedSize: bigint, maxElements = 0n): DeclType => ({
  kind,
  minSerializedSize,
  maxElements
})

/** Map keys are strings whose size the estimator reports as 0 (§4.2, consequence 5). */
export const MAP_KEY_TYPE: DeclType = scalar('string', MIN_STRING_SIZE, 0n)

const int = (v: unknown): bigint | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? BigInt(Math.trunc(v))
    : typeof v === 'bigint'
      ? v
      : undefined
const zeroIfNegative = (n: bigint): bigint => (n < 0n ? 0n : n)

/**
 * Declared types already derived, by schema object, for one release: callers that derive types
 * of the same schema repeatedly (e.g. while trying bounds) pass one and delete the entries of
 * the schema objects they change and of their ancestors.
 */
export type DeclTypeCache = Map<Schema, DeclType | null>

/**
 * The declared type of `schema`, or undefined when the apiserver does not expose it to CEL
 * (no type and not int-or-string, or a list/map whose items/values are not exposed).
 * `isResourceRoot` for the CRD root and for x-kubernetes-embedded-resource objects.
 */
export function schemaDeclType(
  schema: Schema,
  isResourceRoot: boolean,
  release: ReleaseFeatures,
  cache?: DeclTypeCache
): DeclType | undefined {
  // Resource roots are derived from a copy with injected metadata; only the others are cached.
  if (!cache || isResourceRoot) return deriveDeclType(schema, isResourceRoot, release, cache)
  const cached = cache.get(schema)
  if (cached !== undefined) return cached ?? undefined
  const decl = deriveDeclType(schema, false, release, cache)
  cache.set(schema, decl ?? null)
  return decl
}

function deriveDeclType(
  schema: Schema,
  isResourceRoot: boolean,
  release: ReleaseFeatures,
  cache: DeclTypeCache | undefined
): DeclType | undefined {
  if (schema['x-kubernetes-int-or-string'] === true) {
    const maxLength = int(schema.maxLength)
    const bounded = release.intOrStringMaxLength && maxLength !== undefined
    return {
      kind: 'dyn',
      minSerializedSize: 1n,
      maxElements: bounded ? zeroIfNegative(maxLength) * 4n : MAX_REQUEST_SIZE - 2n,
      schema
    }
  }
  const s = isResourceRoot ? withTypeAndObjectMeta(schema, release) : schema
  switch (s.type) {
    case 'array':
      return listType(s, release, cache)
    case 'object':
      return isJsonObject(s.additionalProperties)
        ? mapType(s, release, cache)
        : objectType(s, release, cache)
    case 'string':
      return stringType(s)
    case 'boolean':
      return { ...scalar('bool', 4n), schema: s }
    case 'number':
      return { ...scalar('double', 1n), schema: s }
    case 'integer':
      return { ...scalar('int', 1n), schema: s }
    default:
      return undefined
  }
}

const isEmbedded = (s: Schema): boolean => s['x-kubernetes-embedded-resource'] === true

function listType(
  s: Schema,
  release: ReleaseFeatures,
  cache: DeclTypeCache | undefined
): DeclType | undefined {
  if (!isJsonObject(s.items)) return undefined
  const elem = schemaDeclType(s.items, isEmbedded(s.items), release, cache)
  if (!elem) return undefined
  const maxItems = int(s.maxItems)
  // An item takes at least its minimum size plus a comma; [ and ] take 2 bytes.
  const maxElements =
    maxItems !== undefined
      ? zeroIfNegative(maxItems)
      : (MAX_REQUEST_SIZE - 2n) / (elem.minSerializedSize + 1n)
  return { kind: 'list', minSerializedSize: 2n, maxElements, elem, schema: s }
}

function mapType(
  s: Schema,
  release: ReleaseFeatures,
  cache: DeclTypeCache | undefined
): DeclType | undefined {
  const valueSchema = s.additionalProperties as Schema
  const elem = schemaDeclType(valueSchema, isEmbedded(valueSchema), release, cache)
  if (!elem) return undefined
  const maxProperties = int(s.maxProperties)
  // A property takes at least "": plus a comma plus its value: 6 bytes beyond the value.
  const maxElements =
    maxProperties !== undefined
      ? zeroIfNegative(maxProperties)
      : (MAX_REQUEST_SIZE - 2n) / (elem.minSerializedSize + 6n)
  return { kind: 'map', minSerializedSize: 2n, maxElements, elem, key: MAP_KEY_TYPE, schema: s }
}

function objectType(
  s: Schema,
  release: ReleaseFeatures,
  cache: DeclTypeCache | undefined
): DeclType {
  const required = new Set(
    Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []
  )
  const fields = new Map<string, DeclField>()
  let minSerializedSize = 2n
  for (const [propertyName, prop] of Object.entries(
    isJsonObject(s.properties) ? s.properties : {}
  )) {
    if (!isJsonObject(prop)) continue
    const type = schemaDeclType(prop, isEmbedded(prop), release, cache)
    if (!type) continue
    const name = escapePropertyName(propertyName)
    if (name !== undefined)
      fields.set(name, { name, propertyName, type, required: required.has(propertyName) })
    // Required properties without a default are always serialised: "name": value plus separators.
    if (required.has(propertyName) && prop.default === undefined)
      minSerializedSize += BigInt(Buffer.byteLength(propertyName)) + type.minSerializedSize + 4n
  }
  return { kind: 'object', minSerializedSize, maxElements: 0n, fields, schema: s }
}

function stringType(s: Schema): DeclType {
  switch (s.format) {
    case 'byte': {
      const maxLength = int(s.maxLength)
      return {
        kind: 'bytes',
        minSerializedSize: MIN_STRING_SIZE,
        maxElements: maxLength !== undefined ? zeroIfNegative(maxLength) : MAX_REQUEST_SIZE - 2n,
        schema: s
      }
    }
    case 'duration':
      return {
        kind: 'duration',
        minSerializedSize: MIN_DURATION_SIZE,
        maxElements: MAX_DURATION_SIZE,
        schema: s
      }
    case 'date':
      return { kind: 'timestamp', minSerializedSize: DATE_SIZE, maxElements: DATE_SIZE, schema: s }
    case 'date-time':
      return {
        kind: 'timestamp',
        minSerializedSize: MIN_DATETIME_SIZE,
        maxElements: MAX_DATETIME_SIZE,
        schema: s
      }
    default:
      return {
        kind: 'string',
        minSerializedSize: MIN_STRING_SIZE,
        maxElements: stringMaxElements(s),
        schema: s
      }
  }
}

/** maxLength counts code points, which take up to 4 bytes; an enum bounds by its longest value. */
function stringMaxElements(s: Schema): bigint {
  const maxLength = int(s.maxLength)
  if (maxLength !== undefined) return zeroIfNegative(maxLength) * 4n
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    let longest = 0
    for (const v of s.enum)
      if (typeof v === 'string') longest = Math.max(longest, Buffer.byteLength(v))
    return BigInt(longest)
  }
  return MAX_REQUEST_SIZE - 2n
}

const typeIs = (s: unknown, type: string): boolean => isJsonObject(s) && s.type === type

/**
 * Resource roots always expose apiVersion, kind, metadata.name and metadata.generateName,
 * even when the schema does not declare them; other metadata properties are then replaced.
 */
function withTypeAndObjectMeta(s: Schema, release: ReleaseFeatures): Schema {
  const props = isJsonObject(s.properties) ? s.properties : undefined
  const metadata = props?.metadata
  const metaProps =
    isJsonObject(metadata) && isJsonObject(metadata.properties) ? metadata.properties : undefined
  if (
    props &&
    typeIs(props.kind, 'string') &&
    typeIs(props.apiVersion, 'string') &&
    typeIs(metadata, 'object') &&
    typeIs(metaProps?.name, 'string') &&
    typeIs(metaProps?.generateName, 'string')
  )
    return s
  const name: Schema = { type: 'string' }
  const generateName: Schema = { type: 'string' }
  if (release.boundedInjectedMetadata) {
    name.maxLength = smallerMaxLength(metaProps?.name, 253)
    generateName.maxLength = smallerMaxLength(metaProps?.generateName, 252)
  }
  return {
    ...s,
    properties: {
      ...props,
      kind: { type: 'string' },
      apiVersion: { type: 'string' },
      metadata: { type: 'object', properties: { name, generateName } }
    }
  }
}

function smallerMaxLength(schema: unknown, cap: number): number {
  const declared =
    isJsonObject(schema) && typeof schema.maxLength === 'number' ? schema.maxLength : undefined
  return declared !== undefined && declared < cap ? declared : cap
}
