/**
 * What a cluster would fill in that sample files do not have: resource UIDs, resource
 * versions, creation timestamps, names the apiserver generates, and the resource hash Kyverno
 * labels its reports with. Offline they are derived deterministically from the object's
 * identity, so the same repository always produces the same reports (and the same sizes: a UID
 * is always 36 characters, a resource version 6 digits, as in the reports design doc's example).
 */
import { createHash } from 'node:crypto'
import { resourceOfKind } from '../admission-request.js'
import { isClusterScopedKind } from '../cli-values.js'
import type { JsonMap } from '../types.js'
import { isJsonObject } from '../../common/json.js'

/** The identity of a resource a report is about. */
export interface ResourceIdentity {
  readonly apiVersion: string
  readonly group: string
  readonly version: string
  readonly kind: string
  /** The plural resource name (`pods`, `deployments`). */
  readonly resource: string
  /** Empty for cluster-scoped resources. */
  readonly namespace: string
  readonly name: string
  readonly uid: string
}

const hex = (text: string, algorithm = 'sha1'): string =>
  createHash(algorithm).update(text).digest('hex')

/** A UUID-shaped value (8-4-4-4-12 hex, version 5 layout) derived from `seed`. */
export function deterministicUid(seed: string): string {
  const h = hex(seed)
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** A 6-digit resource version derived from `seed` (etcd revisions of a busy cluster). */
export function deterministicResourceVersion(seed: string): string {
  return String(100_000 + (parseInt(hex(seed).slice(0, 8), 16) % 900_000))
}

/** The characters and length of the suffix `generateName` gets (apiserver SimpleNameGenerator). */
const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789'
const GENERATED_SUFFIX_LENGTH = 5

export function generatedName(prefix: string, seed: string): string {
  const h = hex(seed)
  let suffix = ''
  for (let i = 0; i < GENERATED_SUFFIX_LENGTH; i++)
    suffix += NAME_ALPHABET[parseInt(h.slice(i * 2, i * 2 + 2), 16) % NAME_ALPHABET.length]
  return `${prefix}${suffix}`
}

/** `2023-04-16T15:37:53Z`: RFC 3339 with seconds, as metav1.Time and time.RFC3339 write it. */
export function rfc3339(time: Date): string {
  return `${time.toISOString().slice(0, 19)}Z`
}

const identities = new WeakMap<JsonMap, ResourceIdentity>()

/**
 * The identity of a resource as Kyverno sees it; a missing UID is derived from its name. Kept
 * per resource object (resources are never changed): the dry-run asks for it several times per
 * resource, and deriving the UID hashes.
 */
export function resourceIdentity(resource: JsonMap): ResourceIdentity {
  let id = identities.get(resource)
  if (id === undefined) identities.set(resource, (id = identityOf(resource)))
  return id
}

function identityOf(resource: JsonMap): ResourceIdentity {
  const apiVersion = typeof resource.apiVersion === 'string' ? resource.apiVersion : ''
  const kind = typeof resource.kind === 'string' ? resource.kind : ''
  const meta = isJsonObject(resource.metadata) ? resource.metadata : {}
  const slash = apiVersion.indexOf('/')
  const group = slash < 0 ? '' : apiVersion.slice(0, slash)
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1)
  const namespace =
    typeof meta.namespace === 'string' && !isClusterScopedKind(apiVersion, kind)
      ? meta.namespace
      : ''
  const name =
    typeof meta.name === 'string'
      ? meta.name
      : typeof meta.generateName === 'string'
        ? meta.generateName
        : ''
  const uid =
    typeof meta.uid === 'string' && meta.uid !== ''
      ? meta.uid
      : deterministicUid(`${apiVersion}/${kind}/${namespace}/${name}`)
  return { apiVersion, group, version, kind, resource: resourceOfKind(kind), namespace, name, uid }
}

/** `metav1.ObjectReference` of a resource, in Go's field order (report subjects and scope). */
export function objectReferenceOf(id: ResourceIdentity): JsonMap {
  return {
    kind: id.kind,
    ...(id.namespace !== '' ? { namespace: id.namespace } : {}),
    name: id.name,
    uid: id.uid,
    apiVersion: id.apiVersion
  }
}

/** The single owner reference Kyverno sets on a resource's reports (controllerutils.SetOwner). */
export function ownerReferenceOf(id: ResourceIdentity): JsonMap {
  return { apiVersion: id.apiVersion, kind: id.kind, name: id.name, uid: id.uid }
}

/**
 * CalculateResourceHash (pkg/utils/report): md5 of Go's JSON of [labels, annotations, the
 * object without metadata, status, scale and spec.nodeName].
 */
export function resourceHash(resource: JsonMap): string {
  const meta = isJsonObject(resource.metadata) ? resource.metadata : {}
  const rest: JsonMap = {}
  for (const [key, value] of Object.entries(resource)) {
    if (key === 'metadata' || key === 'status' || key === 'scale') continue
    rest[key] = value
  }
  if (isJsonObject(rest.spec) && 'nodeName' in rest.spec) {
    const spec = { ...rest.spec }
    delete spec.nodeName
    rest.spec = spec
  }
  const labels = isJsonObject(meta.labels) ? meta.labels : null
  const annotations = isJsonObject(meta.annotations) ? meta.annotations : null
  return hex(goJsonMarshal([labels, annotations, rest]), 'md5')
}

/**
 * encoding/json.Marshal of unstructured data: map keys sorted, `<`, `>`, `&`, U+2028 and
 * U+2029 escaped as \u sequences.
 */
export function goJsonMarshal(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return goString(value)
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) return `[${value.map(goJsonMarshal).join(',')}]`
  const entries = Object.entries(value as JsonMap)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${goString(k)}:${goJsonMarshal(v)}`).join(',')}}`
}

function goString(text: string): string {
  return JSON.stringify(text).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

const GO_ESCAPED = /[<>&\u2028\u2029]/g
const HAS_GO_ESCAPED = /[<>&\u2028\u2029]/

/**
 * Bytes of `json.Marshal(value)` in Go, from the native JSON.stringify: Go also escapes `<`, `>`,
 * `&` (6 bytes instead of 1) and U+2028/U+2029 (6 instead of 3); these characters only occur
 * inside strings. Reports are measured by the thousand, so this avoids a per-node walk.
 */
export function goJsonSize(value: unknown): number {
  const text = JSON.stringify(value) ?? 'null'
  let bytes = Buffer.byteLength(text)
  // Most texts have none of these: one test, no match iterator.
  if (!HAS_GO_ESCAPED.test(text)) return bytes
  for (const m of text.matchAll(GO_ESCAPED))
    bytes += m[0] === '<' || m[0] === '>' || m[0] === '&' ? 5 : 3
  return bytes
}
