/**
 * The root `metadata` of a custom resource around validation: what the registry sets before
 * validating (the namespace from the request, a name from `generateName`, the generation), and
 * the ObjectMeta checks of a create (DNS-1123 subdomain names, namespace required or forbidden
 * by scope; crd-validation-spec.md §9.3) and of an update (immutable identity fields).
 */
import { FieldPath, invalid } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { dnsSubdomainName, getObjectMeta, validateObjectMeta } from '../schema/objectmeta.js'
import type { MetadataRelease, ObjectMeta } from '../schema/objectmeta.js'
import { isJsonObject, setOwn } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'
import { pushAll } from '../../common/arrays.js'

/** The characters `names.SimpleNameGenerator` draws from (no vowels, no confusable digits). */
const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789'
const GENERATED_SUFFIX_LENGTH = 5
const MAX_GENERATED_NAME_LENGTH = 63 - GENERATED_SUFFIX_LENGTH

/** A deterministic stand-in for the apiserver's random 5-character suffix. */
export function generatedNameSuffix(seed: string): string {
  let h = 2166136261
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619) >>> 0
  let out = ''
  for (let i = 0; i < GENERATED_SUFFIX_LENGTH; i++) {
    out += NAME_ALPHABET[h % NAME_ALPHABET.length]
    h = Math.floor(h / NAME_ALPHABET.length) + 7919 * (i + 1)
  }
  return out
}

const metadataOf = (object: JsonObject): JsonObject => {
  if (!isJsonObject(object.metadata)) setOwn(object, 'metadata', {})
  return object.metadata as JsonObject
}

/** The namespace kubectl sends a namespaced object without `metadata.namespace` to. */
export const DEFAULT_NAMESPACE = 'default'

export interface RequestScope {
  namespaced: boolean
  /** The namespace of the request URL (namespaced kinds); the object's own when absent. */
  namespace?: string
}

/**
 * `EnsureObjectNamespaceMatchesRequestNamespace`: cluster-scoped objects lose their namespace,
 * namespaced ones take the request's. Returns the BadRequest text on a conflict.
 */
export function applyRequestNamespace(object: JsonObject, scope: RequestScope): string | undefined {
  const meta = metadataOf(object)
  const own = typeof meta.namespace === 'string' ? meta.namespace : ''
  if (!scope.namespaced) {
    delete meta.namespace
    return undefined
  }
  const requested = scope.namespace ?? (own !== '' ? own : DEFAULT_NAMESPACE)
  if (own !== '' && own !== requested)
    return 'the namespace of the provided object does not match the namespace sent on the request'
  meta.namespace = requested
  return undefined
}

/** A create: a name from `generateName` when none is given, and generation 1. */
export function prepareCreateMetadata(object: JsonObject, suffix: string): void {
  const meta = metadataOf(object)
  const name = typeof meta.name === 'string' ? meta.name : ''
  const generateName = typeof meta.generateName === 'string' ? meta.generateName : ''
  if (name === '' && generateName !== '')
    meta.name = generateName.slice(0, MAX_GENERATED_NAME_LENGTH) + suffix
  meta.generation = 1
}

/** An update keeps the stored identity fields the request left out. */
export function prepareUpdateMetadata(object: JsonObject, old: JsonObject): void {
  const meta = metadataOf(object)
  const oldMeta = isJsonObject(old.metadata) ? old.metadata : {}
  for (const key of ['uid', 'creationTimestamp'] as const)
    if (meta[key] === undefined && oldMeta[key] !== undefined) meta[key] = oldMeta[key]
  if (oldMeta.generation !== undefined) meta.generation = oldMeta.generation
}

/** The object's metadata as ObjectMeta, or the error the strategy reports for it. */
function readMeta(object: JsonObject): { meta: ObjectMeta } | { errors: FieldError[] } {
  const raw = object.metadata
  if (raw === undefined || raw === null) return { meta: {} }
  const got = getObjectMeta(object)
  if ('error' in got) return { errors: [invalid(FieldPath.of('metadata'), raw, got.error)] }
  return { meta: got.found ? got.meta : {} }
}

/**
 * The root ObjectMeta checks of a create (`ValidateObjectMeta` with DNS-1123 subdomain names),
 * in the words of `release`.
 */
export function validateCreateMetadata(
  object: JsonObject,
  namespaced: boolean,
  release: MetadataRelease
): FieldError[] {
  const read = readMeta(object)
  if ('errors' in read) return read.errors
  return validateObjectMeta(read.meta, FieldPath.of('metadata'), {
    requiresNamespace: namespaced,
    nameFn: dnsSubdomainName,
    release
  })
}

/** `ValidateObjectMetaUpdate`: identity fields are immutable; the rest is checked as on create. */
export function validateUpdateMetadata(
  object: JsonObject,
  old: JsonObject,
  namespaced: boolean,
  release: MetadataRelease
): FieldError[] {
  const read = readMeta(object)
  if ('errors' in read) return read.errors
  const oldRead = readMeta(old)
  if ('errors' in oldRead) return oldRead.errors
  const path = FieldPath.of('metadata')
  const errors: FieldError[] = []
  for (const key of ['name', 'namespace', 'uid'] as const) {
    const now = read.meta[key] ?? ''
    const before = oldRead.meta[key] ?? ''
    if (now !== before) errors.push(invalid(path.child(key), now, 'field is immutable'))
  }
  // The common checks, without the name rules (a stored name was valid when it was created).
  const common = validateObjectMeta(read.meta, path, {
    requiresNamespace: namespaced,
    nameFn: () => [],
    release
  }).filter((e) => e.field !== 'metadata.name')
  pushAll(errors, common)
  return errors
}
