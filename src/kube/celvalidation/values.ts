/**
 * A custom resource's JSON as CEL sees it (apiserver `cel/common/valuesunstructured.go`
 * UnstructuredToVal; crd-validation-spec.md §8.1): every value read by its schema node.
 *
 * - Objects are lazy maps (`CrdObjectValue`): a field is converted when a rule reads it, so a
 *   rule on a large object costs only what it touches. Objects with properties select by the
 *   escaped CEL name (`self.__namespace__`, `self.a__dash__b`), hide fields without a schema
 *   (they still count for size and equality) and read null fields as absent.
 * - Lists keep their `x-kubernetes-list-type` (`CrdListValue`): set and map lists compare and
 *   concatenate with set / map-list semantics (list-semantics.ts).
 * - Scalars follow the schema: integers under `number` are doubles, `date`/`date-time` strings
 *   timestamps, `duration` strings durations, `byte` strings bytes; a value that does not fit
 *   its schema is an error value with the apiserver's words, raised only when a rule reads it.
 *
 * Integers may be JS numbers or bigints (readers that keep int64 exactly hand over bigints).
 */
import {
  DurationValue,
  ErrorValue,
  ListValue,
  MapValue,
  TimestampValue
} from '../../cel/interpreter/index.js'
import type { Value } from '../../cel/interpreter/index.js'
import { parseDuration } from '../../cel/interpreter/duration.js'
import {
  checkTimestampRange,
  daysFromCivil,
  parseRfc3339
} from '../../cel/interpreter/timestamp.js'
import { escapePropertyName, unescapePropertyName } from '../schema/escape.js'
import {
  additionalProperties,
  isEmbeddedResource,
  isIntOrString,
  isNullable,
  items,
  listMapKeys,
  listType,
  preservesUnknownFields,
  properties,
  schemaFormat,
  schemaType,
  withTypeAndObjectMeta
} from './schema-node.js'
import type { RawSchema } from './schema-node.js'
import { isJsonObject } from '../../common/json.js'

type JsonObject = Record<string, unknown>

/** How a list compares and concatenates (its `x-kubernetes-list-type`). */
export type ListSemantics =
  { kind: 'atomic' } | { kind: 'set' } | { kind: 'map'; escapedKeys: readonly string[] }

/**
 * A list read from a custom resource, or the result of `+` on a set or map list
 * (refValSetList / refValMapList). `raw` and `itemsSchema` are present for lists read from the
 * object: map-list equality keys their elements by the raw JSON (unstructuredMapList).
 */
export class CrdListValue extends ListValue {
  constructor(
    items: readonly Value[],
    readonly semantics: ListSemantics,
    readonly raw?: readonly unknown[],
    readonly itemsSchema?: RawSchema
  ) {
    super(items)
  }
}

/** No entries: CrdObjectValue answers from its JSON and never stores into the base map. */
const NO_ENTRIES = new Map<unknown, [Value, Value]>()

/**
 * An object read from a custom resource (unstructuredMap): a JSON object with properties
 * (`isObject`) or a map (additionalProperties, or neither: an opaque object).
 */
export class CrdObjectValue extends MapValue {
  private converted: Map<string, Value> | undefined

  constructor(
    readonly raw: JsonObject,
    /** The node's schema (with apiVersion/kind/metadata for resource roots). */
    readonly schema: RawSchema,
    /** The properties of an object (fields selected by their escaped CEL names). */
    private readonly props: ReadonlyMap<string, RawSchema> | undefined,
    /** The schema of every entry of a map (additionalProperties). */
    private readonly values: RawSchema | undefined
  ) {
    super(NO_ENTRIES)
  }

  /** An object with properties: fields are selected by their escaped CEL names. */
  get isObject(): boolean {
    return this.props !== undefined
  }

  /** The schema of a key, undefined for a key CEL cannot see. */
  schemaOf(key: string): RawSchema | undefined {
    return this.props !== undefined ? this.props.get(key) : this.values
  }

  override get size(): number {
    return Object.keys(this.raw).length
  }

  override find(key: Value): Value | undefined {
    // A non-string key finds an error (unstructuredMap.Find returns MaybeNoSuchOverloadErr).
    if (typeof key !== 'string') return new ErrorValue('no such overload')
    // Escaped names contain `__`; any other name is its own property name.
    const name = this.isObject && key.includes('__') ? unescapePropertyName(key) : key
    if (name === undefined || !Object.hasOwn(this.raw, name)) return undefined
    return this.field(name)
  }

  /** The value of a JSON key, undefined when CEL cannot see it (no schema, or null field). */
  field(name: string): Value | undefined {
    const cached = this.converted?.get(name)
    if (cached !== undefined) return cached
    const json = this.raw[name]
    // Null fields of objects with properties read as absent optional fields.
    if (this.isObject && (json === null || json === undefined)) return undefined
    const schema = this.schemaOf(name)
    if (schema === undefined) return undefined
    const value = celValueOf(json, schema)
    ;(this.converted ??= new Map()).set(name, value)
    return value
  }

  override has(key: Value): boolean {
    return this.find(key) !== undefined
  }

  /** Visible keys (escaped for objects) with their values. */
  override *entries(): IterableIterator<[Value, Value]> {
    for (const name of Object.keys(this.raw)) {
      if (this.schemaOf(name) === undefined) continue
      const key = this.isObject ? (escapePropertyName(name) ?? name) : name
      yield [key, this.field(name) ?? null]
    }
  }

  override *keys(): IterableIterator<Value> {
    for (const [key] of this.entries()) yield key
  }

  /** Values read from an object are immutable. */
  override set(): ErrorValue {
    return new ErrorValue('internal error: custom resource values are immutable')
  }

  override delete(): void {}
}

const NON_NULLABLE_NULL = 'invalid data, got null for schema with nullable=false'

/** Go's `%T` of a decoded JSON value, for the apiserver's type-mismatch messages. */
export function goTypeOfJson(json: unknown): string {
  if (typeof json === 'string') return 'string'
  if (typeof json === 'boolean') return 'bool'
  if (typeof json === 'bigint') return 'int64'
  if (typeof json === 'number') return Number.isInteger(json) ? 'int64' : 'float64'
  if (Array.isArray(json)) return '[]interface {}'
  if (isJsonObject(json)) return 'map[string]interface {}'
  return '<nil>'
}

const isJsonInteger = (json: unknown): json is number | bigint =>
  typeof json === 'bigint' || (typeof json === 'number' && Number.isInteger(json))

const toInt = (json: number | bigint): bigint => (typeof json === 'bigint' ? json : BigInt(json))

/** UnstructuredToVal: the CEL value of `json` under `schema`. */
export function celValueOf(json: unknown, schema: RawSchema): Value {
  if (json === null || json === undefined)
    return isNullable(schema) ? null : new ErrorValue(NON_NULLABLE_NULL)
  if (isIntOrString(schema)) {
    if (typeof json === 'string') return json
    if (isJsonInteger(json)) return toInt(json)
    return new ErrorValue(
      'invalid data, expected XIntOrString value to be either a string or integer'
    )
  }
  switch (schemaType(schema)) {
    case 'object':
      return objectValue(json, schema)
    case 'array':
      return listValue(json, schema)
    case 'string':
      return typeof json === 'string'
        ? stringValue(json, schemaFormat(schema))
        : new ErrorValue(`invalid data, expected string, got ${goTypeOfJson(json)}`)
    case 'number':
      if (typeof json === 'bigint') return Number(json)
      return typeof json === 'number'
        ? json
        : new ErrorValue(`invalid data, expected float, got ${goTypeOfJson(json)}`)
    case 'integer':
      return isJsonInteger(json)
        ? toInt(json)
        : new ErrorValue(`invalid data, expected int, got ${goTypeOfJson(json)}`)
    case 'boolean':
      return typeof json === 'boolean'
        ? json
        : new ErrorValue(`invalid data, expected bool, got ${goTypeOfJson(json)}`)
  }
  // Data kept by x-kubernetes-preserve-unknown-fields: no declared type, only equality.
  if (preservesUnknownFields(schema)) return plainValue(json)
  return new ErrorValue(
    `invalid type, expected object, array, number, integer, boolean or string, or no type with x-kubernetes-int-or-string or x-kubernetes-preserve-unknown-fields is true, got ${schemaType(schema)}`
  )
}

function objectValue(json: unknown, schema: RawSchema): Value {
  if (!isJsonObject(json))
    return new ErrorValue('invalid data, expected a map for the provided schema with type=object')
  const embedded = isEmbeddedResource(schema)
  if (embedded || properties(schema) !== undefined) {
    const s = embedded ? withTypeAndObjectMeta(schema) : schema
    return new CrdObjectValue(json, s, properties(s), undefined)
  }
  // A map, or (neither properties nor additionalProperties) an object CEL cannot look into.
  return new CrdObjectValue(json, schema, undefined, additionalProperties(schema))
}

function listValue(json: unknown, schema: RawSchema): Value {
  if (!Array.isArray(json))
    return new ErrorValue('invalid data, expected an array for the provided schema with type=array')
  const itemSchema = items(schema)
  if (itemSchema === undefined)
    return new ErrorValue('invalid array type, expected Items with a non-empty Schema')
  const type = listType(schema)
  let semantics: ListSemantics
  switch (type) {
    case '':
    case 'atomic':
      semantics = { kind: 'atomic' }
      break
    case 'set':
      semantics = { kind: 'set' }
      break
    case 'map':
      semantics = {
        kind: 'map',
        escapedKeys: listMapKeys(schema).map((k) => escapePropertyName(k) ?? k)
      }
      break
    default:
      return new ErrorValue(
        `invalid x-kubernetes-list-type, expected 'map', 'set' or 'atomic' but got ${type}`
      )
  }
  const values = json.map((element: unknown) => celValueOf(element, itemSchema))
  return new CrdListValue(values, semantics, json, itemSchema)
}

function stringValue(text: string, format: string): Value {
  switch (format) {
    case 'duration':
      return (
        parseSchemaDuration(text) ??
        new ErrorValue(`Invalid duration ${text}: unable to parse ${text} as duration`)
      )
    case 'date':
      return (
        parseDate(text) ??
        new ErrorValue(
          `Invalid date formatted string ${text}: parsing time ${JSON.stringify(text)} as "2006-01-02": cannot parse ${JSON.stringify(text)} as "2006"`
        )
      )
    case 'date-time':
      return (
        parseDateTime(text) ??
        new ErrorValue(
          `Invalid date-time formatted string ${text}: parsing time ${JSON.stringify(text)} as "2006-01-02T15:04:05.000000Z07:00": cannot parse ${JSON.stringify(text)} as "2006"`
        )
      )
    case 'byte':
      return decodeBase64(text)
    default:
      return text
  }
}

/** A JSON value without a schema (preserve-unknown-fields data): numbers as JSON reads them. */
export function plainValue(json: unknown): Value {
  if (json === null || json === undefined) return null
  if (typeof json === 'bigint') return json
  if (typeof json === 'number') return Number.isInteger(json) ? BigInt(json) : json
  if (typeof json === 'string' || typeof json === 'boolean') return json
  if (Array.isArray(json)) return new ListValue(json.map(plainValue))
  if (isJsonObject(json)) return MapValue.fromStringEntries(entriesOf(json))
  return null
}

function* entriesOf(json: JsonObject): Iterable<[string, Value]> {
  for (const [k, v] of Object.entries(json)) yield [k, plainValue(v)]
}

// ---------------------------------------------------------------------------------------------
// Formats (kube-openapi strfmt, the parsers the apiserver reads these strings with).

const DURATION_UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  second: 1_000_000_000n,
  sec: 1_000_000_000n,
  m: 60_000_000_000n,
  minute: 60_000_000_000n,
  min: 60_000_000_000n,
  h: 3_600_000_000_000n,
  hr: 3_600_000_000_000n,
  hour: 3_600_000_000_000n,
  d: 86_400_000_000_000n,
  day: 86_400_000_000_000n,
  w: 604_800_000_000_000n,
  wk: 604_800_000_000_000n,
  week: 604_800_000_000_000n
}

/** strfmt.ParseDuration: Go's duration syntax, else `<n> <unit>` (`3d`, `2 weeks`). */
function parseSchemaDuration(text: string): DurationValue | undefined {
  const go = parseDuration(text)
  if (go !== undefined) return go
  const match = /^(\d+)\s*([a-zµ]+?)s?$/iu.exec(text.trim())
  if (!match) return undefined
  const unit = DURATION_UNITS[match[2]!.toLowerCase()]
  return unit === undefined ? undefined : new DurationValue(BigInt(match[1]!) * unit)
}

const validDay = (y: number, m: number, d: number): boolean => {
  if (m < 1 || m > 12 || d < 1) return false
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30]
  const all = [...days, 31, 31, 30, 31, 30, 31]
  return d <= all[m - 1]!
}

/** `2006-01-02`: midnight UTC. */
function parseDate(text: string): TimestampValue | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text)
  if (!m) return undefined
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (!validDay(y, mo, d)) return undefined
  return new TimestampValue(daysFromCivil(y, mo, d) * 86400, 0)
}

/**
 * strfmt.ParseDateTime: RFC 3339 (any fraction), offsets without a colon, and the ISO 8601
 * variants without zone (UTC), without seconds, or with a space instead of `T`.
 */
function parseDateTime(text: string): TimestampValue | undefined {
  const rfc = parseRfc3339(text)
  if (rfc !== undefined) return checkTimestampRange(rfc) instanceof TimestampValue ? rfc : undefined
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/u.exec(
      text
    )
  if (!m) return undefined
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number
  ]
  const s = m[6] === undefined ? 0 : Number(m[6])
  if (!validDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return undefined
  const nanos = m[7] === undefined ? 0 : Number(m[7].padEnd(9, '0'))
  let offset = 0
  const zone = m[8]
  if (zone !== undefined && zone !== 'Z') {
    const digits = zone.replace(':', '')
    const sign = digits[0] === '-' ? -1 : 1
    offset = sign * (Number(digits.slice(1, 3)) * 3600 + Number(digits.slice(3, 5)) * 60)
  }
  const seconds = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s - offset
  const value = new TimestampValue(seconds, nanos, offset)
  return checkTimestampRange(value) instanceof TimestampValue ? value : undefined
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/u

/** strfmt.Base64: standard, padded base64 (line breaks ignored, as Go's decoder does). */
function decodeBase64(text: string): Value {
  const compact = text.replace(/[\r\n]/gu, '')
  if (!BASE64.test(compact)) {
    const bad = firstBadBase64Byte(compact)
    return new ErrorValue(
      `Invalid byte formatted string ${text}: illegal base64 data at input byte ${bad}`
    )
  }
  return new Uint8Array(Buffer.from(compact, 'base64'))
}

function firstBadBase64Byte(text: string): number {
  for (let i = 0; i < text.length; i++) if (!/[A-Za-z0-9+/=]/u.test(text[i]!)) return i
  return Math.max(0, text.length - (text.length % 4 || 4))
}
