/**
 * The JSON round trip of `metadata` through the real `metav1.ObjectMeta` type, which the decoder
 * performs at the resource root and for embedded resources (crd-validation-spec.md §4.3):
 * unknown fields are dropped (and reported with their paths in strict mode), wrongly typed
 * known fields are a decode error, and the value written back is normalised (zero fields
 * omitted, timestamps in UTC seconds).
 *
 * Decoding is case-sensitive, as the apiserver's JSON decoder is.
 */
import { isJsonObject, ownValue, setOwn } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'

type Kind = 'string' | 'int64' | 'bool' | 'time' | 'stringMap' | 'stringList' | 'raw' | Struct
interface FieldSpec {
  kind: Kind
  /** Pointer fields (`*int64`, `*Time`, `*bool`): a zero value is kept. */
  pointer?: boolean
  /** Written even when zero (no `omitempty`). */
  always?: boolean
  list?: boolean
}
interface Struct {
  name: string
  fields: ReadonlyArray<readonly [string, FieldSpec]>
}

const OWNER_REFERENCE: Struct = {
  name: 'OwnerReference',
  fields: [
    ['apiVersion', { kind: 'string', always: true }],
    ['kind', { kind: 'string', always: true }],
    ['name', { kind: 'string', always: true }],
    ['uid', { kind: 'string', always: true }],
    ['controller', { kind: 'bool', pointer: true }],
    ['blockOwnerDeletion', { kind: 'bool', pointer: true }]
  ]
}

const MANAGED_FIELDS_ENTRY: Struct = {
  name: 'ManagedFieldsEntry',
  fields: [
    ['manager', { kind: 'string' }],
    ['operation', { kind: 'string' }],
    ['apiVersion', { kind: 'string' }],
    ['time', { kind: 'time', pointer: true }],
    ['fieldsType', { kind: 'string' }],
    ['fieldsV1', { kind: 'raw', pointer: true }],
    ['subresource', { kind: 'string' }]
  ]
}

const OBJECT_META: Struct = {
  name: 'ObjectMeta',
  fields: [
    ['name', { kind: 'string' }],
    ['generateName', { kind: 'string' }],
    ['namespace', { kind: 'string' }],
    ['selfLink', { kind: 'string' }],
    ['uid', { kind: 'string' }],
    ['resourceVersion', { kind: 'string' }],
    ['generation', { kind: 'int64' }],
    ['creationTimestamp', { kind: 'time' }],
    ['deletionTimestamp', { kind: 'time', pointer: true }],
    ['deletionGracePeriodSeconds', { kind: 'int64', pointer: true }],
    ['labels', { kind: 'stringMap' }],
    ['annotations', { kind: 'stringMap' }],
    ['ownerReferences', { kind: OWNER_REFERENCE, list: true }],
    ['finalizers', { kind: 'stringList' }],
    ['managedFields', { kind: MANAGED_FIELDS_ENTRY, list: true }]
  ]
}

/** A decoded ObjectMeta: JSON names, absent for zero/unset. */
export interface ObjectMeta {
  name?: string
  generateName?: string
  namespace?: string
  selfLink?: string
  uid?: string
  resourceVersion?: string
  generation?: number
  creationTimestamp?: string
  deletionTimestamp?: string
  deletionGracePeriodSeconds?: number
  labels?: Record<string, string>
  annotations?: Record<string, string>
  ownerReferences?: OwnerReference[]
  finalizers?: string[]
  managedFields?: ManagedFieldsEntry[]
}

export interface OwnerReference {
  apiVersion: string
  kind: string
  name: string
  uid: string
  controller?: boolean
  blockOwnerDeletion?: boolean
}

export interface ManagedFieldsEntry {
  manager?: string
  operation?: string
  apiVersion?: string
  time?: string
  fieldsType?: string
  fieldsV1?: unknown
  subresource?: string
}

export type DecodeResult =
  { ok: true; meta: ObjectMeta; unknownFields: string[] } | { ok: false; error: string }

const jsonKind = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'object'
        ? 'object'
        : typeof v === 'boolean'
          ? 'bool'
          : typeof v

const goTypeOf = (spec: FieldSpec, asElement = false): string => {
  const base =
    spec.kind === 'stringMap'
      ? 'map[string]string'
      : spec.kind === 'stringList'
        ? '[]string'
        : spec.kind === 'time'
          ? 'v1.Time'
          : spec.kind === 'raw'
            ? 'v1.FieldsV1'
            : typeof spec.kind === 'string'
              ? spec.kind
              : `v1.${spec.kind.name}`
  return spec.list === true && !asElement ? `[]${base}` : base
}

/** `json: cannot unmarshal X into Go struct field S.path of type T`. */
const typeError = (value: unknown, struct: string, path: string, goType: string): string => {
  // Only integer targets quote the offending number.
  const described =
    typeof value === 'number'
      ? goType === 'int64'
        ? `number ${String(value)}`
        : 'number'
      : jsonKind(value)
  return `json: cannot unmarshal ${described} into Go struct field ${struct}.${path} of type ${goType}`
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

/** `time.Parse(time.RFC3339, s)` then UTC RFC3339 in seconds; undefined when it does not parse. */
function normaliseTime(s: string): string | undefined {
  const m = RFC3339.exec(s)
  if (m === null) return undefined
  const [, y, mo, d, h, mi, se, , zone] = m
  const offset =
    zone === 'Z' || zone === 'z'
      ? 0
      : (zone!.startsWith('-') ? -1 : 1) *
        (Number(zone!.slice(1, 3)) * 60 + Number(zone!.slice(4, 6)))
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se))
  const check = new Date(ms)
  if (
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(se) > 59
  )
    return undefined
  return new Date(ms - offset * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** Decodes one value of a known field; returns the decoded value or an error text. */
function decodeValue(
  spec: FieldSpec,
  value: unknown,
  struct: string,
  path: string,
  strictPath: string,
  unknown: string[]
): { value: unknown } | { error: string } {
  const kind = spec.kind
  if (value === null) return { value: undefined }
  if (spec.list === true && typeof kind !== 'string') {
    if (!Array.isArray(value)) return { error: typeError(value, struct, path, goTypeOf(spec)) }
    const out: unknown[] = []
    const list = value as unknown[]
    for (let i = 0; i < list.length; i++) {
      const element = list[i]
      if (element === null) {
        out.push({})
        continue
      }
      if (!isJsonObject(element))
        return { error: typeError(element, struct, path, goTypeOf(spec, true)) }
      const decoded = decodeStruct(kind, element, path, `${strictPath}[${i}]`, unknown)
      if ('error' in decoded) return decoded
      out.push(decoded.value)
    }
    return { value: out }
  }
  switch (kind) {
    case 'string':
      return typeof value === 'string'
        ? { value }
        : { error: typeError(value, struct, path, 'string') }
    case 'bool':
      return typeof value === 'boolean'
        ? { value }
        : { error: typeError(value, struct, path, 'bool') }
    case 'int64':
      return typeof value === 'number' && Number.isInteger(value)
        ? { value }
        : { error: typeError(value, struct, path, 'int64') }
    case 'time': {
      if (typeof value !== 'string')
        return { error: `json: cannot unmarshal ${jsonKind(value)} into Go value of type string` }
      const t = normaliseTime(value)
      return t === undefined
        ? {
            error: `parsing time ${JSON.stringify(value)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(value)} as "2006"`
          }
        : { value: t }
    }
    case 'raw':
      return { value }
    case 'stringMap': {
      if (!isJsonObject(value))
        return { error: typeError(value, struct, path, 'map[string]string') }
      const out: Record<string, string> = {}
      for (const [k, v] of Object.entries(value)) {
        if (v !== null && typeof v !== 'string')
          return { error: typeError(v, struct, path, 'string') }
        setOwn(out, k, v ?? '')
      }
      return { value: out }
    }
    case 'stringList': {
      if (!Array.isArray(value)) return { error: typeError(value, struct, path, '[]string') }
      const out: string[] = []
      for (const v of value as unknown[]) {
        if (v !== null && typeof v !== 'string')
          return { error: typeError(v, struct, path, 'string') }
        out.push(v ?? '')
      }
      return { value: out }
    }
    default:
      if (!isJsonObject(value)) return { error: typeError(value, struct, path, goTypeOf(spec)) }
      return decodeStruct(kind, value, path, strictPath, unknown)
  }
}

function decodeStruct(
  struct: Struct,
  obj: JsonObject,
  typePath: string,
  strictPath: string,
  unknown: string[]
): { value: JsonObject } | { error: string } {
  const out: JsonObject = {}
  const known = new Map(struct.fields)
  for (const [k, v] of Object.entries(obj)) {
    const spec = known.get(k)
    const strictChild = strictPath === '' ? k : `${strictPath}.${k}`
    if (spec === undefined) {
      unknown.push(strictChild)
      continue
    }
    const childTypePath = typePath === '' ? k : `${typePath}.${k}`
    // Type errors name the innermost struct and the field path from the root.
    const decoded = decodeValue(spec, v, struct.name, childTypePath, strictChild, unknown)
    if ('error' in decoded) return decoded
    if (decoded.value !== undefined) setOwn(out, k, decoded.value)
  }
  return { value: out }
}

/**
 * Decodes `metadata` into ObjectMeta. `unknownFields` are the strict-mode paths inside metadata
 * (`unspecified`, `ownerReferences[0].foo`). A JSON null decodes to an empty ObjectMeta.
 */
export function decodeObjectMeta(value: unknown): DecodeResult {
  if (value === null) return { ok: true, meta: {}, unknownFields: [] }
  if (!isJsonObject(value))
    return {
      ok: false,
      error: `json: cannot unmarshal ${jsonKind(value)} into Go value of type v1.ObjectMeta`
    }
  const unknownFields: string[] = []
  const decoded = decodeStruct(OBJECT_META, value, '', '', unknownFields)
  if ('error' in decoded) return { ok: false, error: decoded.error }
  return { ok: true, meta: decoded.value, unknownFields }
}

const isZero = (spec: FieldSpec, v: unknown): boolean => {
  if (v === undefined) return true
  if (spec.pointer === true || spec.always === true) return false
  if (v === '' || v === 0 || v === false) return true
  if (Array.isArray(v)) return v.length === 0
  if (isJsonObject(v) && (spec.kind === 'stringMap' || spec.kind === 'raw'))
    return Object.keys(v).length === 0
  return false
}

function encodeStruct(struct: Struct, obj: JsonObject): JsonObject {
  const out: JsonObject = {}
  for (const [k, spec] of struct.fields) {
    const v = ownValue(obj, k)
    if (isZero(spec, v)) {
      if (spec.always === true) setOwn(out, k, '')
      continue
    }
    if (spec.list === true && typeof spec.kind !== 'string') {
      const element = spec.kind
      setOwn(
        out,
        k,
        (v as JsonObject[]).map((e) => encodeStruct(element, e))
      )
    } else setOwn(out, k, v)
  }
  return out
}

/**
 * The unstructured form the apiserver writes back (`SetObjectMeta`): zero fields omitted. The
 * zero `creationTimestamp` the converter would write as null is left out (the coercion removes
 * it anyway).
 */
export function encodeObjectMeta(meta: ObjectMeta): JsonObject {
  return encodeStruct(OBJECT_META, meta as JsonObject)
}
