/**
 * TypeMeta/ObjectMeta of embedded resources (crd-validation-spec.md §4.3, §9.2):
 * - `coerceObjectMeta` (`objectmeta.CoerceWithOptions`): apiVersion/kind must be strings, and
 *   `metadata` is round-tripped through the real ObjectMeta type (unknown fields dropped and
 *   reported, zero creationTimestamp removed);
 * - `validateEmbeddedObjectMeta` (`objectmeta.Validate`): apiVersion/kind present and valid,
 *   metadata valid as for any object (path-segment names, labels, annotations, owner
 *   references, finalizers, managed fields).
 * Both walk iteratively; coercion works in place.
 */
import {
  FieldPath,
  GoStruct,
  GoTypedSlice,
  compareGoStrings,
  forbidden,
  invalid,
  notSupported,
  required,
  tooLong
} from '../fielderrors/index.js'
import type { FieldError, TooLongWording } from '../fielderrors/index.js'
import {
  CONTENT_MESSAGES,
  LEGACY_MESSAGES,
  isDNS1035Label,
  isQualifiedName,
  isValidLabelValue,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  nameIsPathSegment
} from '../apimachinery/names.js'
import type { MessageStyle } from '../apimachinery/names.js'
import type { ReleaseFeatures } from '../versions.js'
import { parseGroupVersion } from './structural-names.js'
import { decodeObjectMeta, encodeObjectMeta } from './structural-metadata-codec.js'
import type { ObjectMeta, OwnerReference } from './structural-metadata-codec.js'
import { isJsonObject, ownValue, setOwn } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'
import { asResourceRoot } from './structural.js'
import type { Structural } from './structural.js'
import { pushAll } from '../../common/arrays.js'

export type { ObjectMeta } from './structural-metadata-codec.js'

// ---------------------------------------------------------------------------------------------
// Reading metadata (`GetObjectMetaWithOptions`)

export interface ObjectMetaOptions {
  /** Drop malformed fields instead of failing (field by field decoding). */
  dropMalformedFields?: boolean
  /** Report unknown metadata fields as `<parent>.metadata.<field>`. */
  returnUnknownFieldPaths?: boolean
  /** The path of the object holding `metadata` (nil at the root). */
  parentPath?: FieldPath
}

export type GetObjectMetaResult =
  | { found: false }
  | { found: true; meta: ObjectMeta; unknownFieldPaths: string[] }
  | { found: boolean; error: string }

/** `%T` of a decoded JSON value. */
const goTypeName = (v: unknown): string =>
  typeof v === 'string'
    ? 'string'
    : typeof v === 'boolean'
      ? 'bool'
      : typeof v === 'number'
        ? Number.isInteger(v)
          ? 'int64'
          : 'float64'
        : Array.isArray(v)
          ? '[]interface {}'
          : v === null
            ? '<nil>'
            : 'map[string]interface {}'

/** Reads `obj.metadata` as ObjectMeta. */
export function getObjectMeta(
  obj: JsonObject,
  options: ObjectMetaOptions = {}
): GetObjectMetaResult {
  if (!Object.hasOwn(obj, 'metadata')) return { found: false }
  const metadata = obj.metadata
  const prefix = (options.parentPath ?? FieldPath.nil).child('metadata').toString()
  const unknownPaths = (fields: string[]): string[] =>
    options.returnUnknownFieldPaths === true ? fields.map((f) => `${prefix}.${f}`) : []
  const whole = decodeObjectMeta(metadata)
  if (whole.ok)
    return { found: true, meta: whole.meta, unknownFieldPaths: unknownPaths(whole.unknownFields) }
  if (options.dropMalformedFields !== true) return { found: true, error: whole.error }
  if (!isJsonObject(metadata))
    return { found: false, error: `invalid metadata: expected object, got ${goTypeName(metadata)}` }
  // Field by field: keep what decodes, drop what does not.
  const meta: Record<string, unknown> = {}
  const unknownFields: string[] = []
  for (const [k, v] of Object.entries(metadata)) {
    const single = decodeObjectMeta({ [k]: v })
    if (!single.ok) continue
    pushAll(unknownFields, single.unknownFields)
    for (const [mk, mv] of Object.entries(single.meta)) setOwn(meta, mk, mv)
  }
  return { found: true, meta: meta, unknownFieldPaths: unknownPaths(unknownFields) }
}

// ---------------------------------------------------------------------------------------------
// Coercion (§4.3)

export interface CoerceOptions {
  /** Drop wrongly typed apiVersion/kind and malformed metadata fields instead of failing. */
  dropInvalidFields?: boolean
  /** Collect unknown metadata fields (`pruned.metadata.unspecified`), sorted. */
  returnUnknownFieldPaths?: boolean
}

export interface CoerceResult {
  /** The first problem; coercion stops there. */
  error?: FieldError
  unknownFieldPaths: string[]
}

/**
 * `CoerceWithOptions(pth, obj, s, isResourceRoot, opts)`: normalises TypeMeta/ObjectMeta of the
 * root (when `isResourceRoot`) and of every embedded resource, in place.
 */
export function coerceObjectMeta(
  path: FieldPath,
  obj: unknown,
  schema: Structural | undefined,
  isResourceRoot: boolean,
  options: CoerceOptions = {}
): CoerceResult {
  const drop = options.dropInvalidFields === true
  const unknownFieldPaths: string[] = []
  const result = (error?: FieldError): CoerceResult => {
    unknownFieldPaths.sort(compareGoStrings)
    return error === undefined ? { unknownFieldPaths } : { error, unknownFieldPaths }
  }
  const root = isResourceRoot ? asResourceRoot(schema) : schema
  const work: Array<[FieldPath, unknown, Structural | undefined]> = [[path, obj, root]]
  while (work.length > 0) {
    const [p, x, s] = work.pop()!
    if (s === undefined) continue
    if (Array.isArray(x)) {
      for (let i = x.length - 1; i >= 0; i--) work.push([p.index(i), x[i], s.items])
      continue
    }
    if (!isJsonObject(x)) continue
    const children: Array<[FieldPath, unknown, Structural | undefined]> = []
    for (const k of Object.keys(x)) {
      const v = ownValue(x, k)
      if (s.xEmbeddedResource && (k === 'apiVersion' || k === 'kind') && typeof v !== 'string') {
        if (!drop) return result(invalid(p.child(k), v, 'must be a string'))
        delete x[k]
      } else if (s.xEmbeddedResource && k === 'metadata') {
        const got = getObjectMeta(x, {
          dropMalformedFields: drop,
          returnUnknownFieldPaths: options.returnUnknownFieldPaths === true,
          parentPath: p
        })
        if ('error' in got) {
          if (!drop) return result(invalid(p.child('metadata'), v, got.error))
        } else if (got.found) {
          pushAll(unknownFieldPaths, got.unknownFieldPaths)
          // Written back normalised; a zero creationTimestamp is not written at all.
          setOwn(x, 'metadata', encodeObjectMeta(got.meta))
        }
      }
      const property = s.properties?.get(k)
      if (property !== undefined) children.push([p.child(k), ownValue(x, k), property])
      else if (s.additionalProperties !== undefined)
        children.push([p.key(k), ownValue(x, k), s.additionalProperties.structural])
    }
    for (let i = children.length - 1; i >= 0; i--) work.push(children[i]!)
  }
  return result()
}

// ---------------------------------------------------------------------------------------------
// Validation (§9.2)

/**
 * What of a release changes the texts of ObjectMeta validation (src/kube/versions.ts): label-key
 * wording (1.35+) and `field.TooLong` ("must have at most N bytes" up to 1.31, "may not be more
 * than N bytes" from 1.32) for the annotation size and managed-field manager and subresource.
 */
export type MetadataRelease = Pick<ReleaseFeatures, 'labelKeyContentMessages' | 'tooLongInBytes'>

/** The newest releases' texts: what a caller that names no release gets. */
export const NEWEST_METADATA_TEXTS: MetadataRelease = {
  labelKeyContentMessages: true,
  tooLongInBytes: true
}

/**
 * `objectmeta.Validate(pth, obj, s, isResourceRoot)`: TypeMeta and ObjectMeta of every embedded
 * resource (and of the root when `isResourceRoot`).
 */
export function validateEmbeddedObjectMeta(
  path: FieldPath,
  obj: unknown,
  schema: Structural | undefined,
  isResourceRoot: boolean,
  release: MetadataRelease = NEWEST_METADATA_TEXTS
): FieldError[] {
  const errors: FieldError[] = []
  const root = isResourceRoot ? asResourceRoot(schema) : schema
  const work: Array<[FieldPath, unknown, Structural | undefined]> = [[path, obj, root]]
  while (work.length > 0) {
    const [p, x, s] = work.pop()!
    if (s === undefined) continue
    const children: Array<[FieldPath, unknown, Structural | undefined]> = []
    if (Array.isArray(x)) {
      x.forEach((v, i) => children.push([p.index(i), v, s.items]))
    } else if (isJsonObject(x)) {
      if (s.xEmbeddedResource) pushAll(errors, validateEmbeddedResource(p, x, release))
      for (const k of Object.keys(x)) {
        const property = s.properties?.get(k)
        if (property !== undefined) children.push([p.child(k), ownValue(x, k), property])
        else if (s.additionalProperties !== undefined)
          children.push([p.key(k), ownValue(x, k), s.additionalProperties.structural])
      }
    }
    for (let i = children.length - 1; i >= 0; i--) work.push(children[i]!)
  }
  return errors
}

/** `validateEmbeddedResource`: apiVersion, kind and metadata of one embedded object. */
export function validateEmbeddedResource(
  path: FieldPath,
  x: JsonObject,
  release: MetadataRelease = NEWEST_METADATA_TEXTS
): FieldError[] {
  const errs: FieldError[] = []
  if (!Object.hasOwn(x, 'apiVersion')) errs.push(required(path.child('apiVersion')))
  if (!Object.hasOwn(x, 'kind')) errs.push(required(path.child('kind')))
  for (const [k, v] of Object.entries(x)) {
    if (k === 'apiVersion') {
      if (typeof v !== 'string') errs.push(invalid(path.child(k), v, 'must be a string'))
      else if (v.length === 0) errs.push(invalid(path.child(k), v, 'must not be empty'))
      else {
        const gv = parseGroupVersion(v)
        if ('error' in gv) errs.push(invalid(path.child(k), v, gv.error))
      }
    } else if (k === 'kind') {
      if (typeof v !== 'string') errs.push(invalid(path.child(k), v, 'must be a string'))
      else if (v.length === 0) errs.push(invalid(path.child(k), v, 'must not be empty'))
      else {
        const problems = isDNS1035Label(v.toLowerCase())
        if (problems.length > 0)
          errs.push(
            invalid(
              path.child(k),
              v,
              `may have mixed case, but should otherwise match: ${problems.join(',')}`
            )
          )
      }
    } else if (k === 'metadata') {
      const got = getObjectMeta(x)
      if ('error' in got) errs.push(invalid(path.child('metadata'), v, got.error))
      else if (got.found) {
        const meta = { ...got.meta }
        if ((meta.name ?? '') === '') meta.name = 'fakename' // something valid must be set
        pushAll(
          errs,
          validateObjectMeta(meta, path.child('metadata'), {
            requiresNamespace: (meta.namespace ?? '') !== '',
            nameFn: pathSegmentName,
            release
          })
        )
      }
    }
  }
  return errs
}

/** A `ValidateNameFunc`: problems with a name (or a generateName prefix). */
export type NameValidator = (name: string, prefix: boolean) => string[]

/** Names that must be a single URL path segment (embedded resources). */
export const pathSegmentName: NameValidator = nameIsPathSegment

/** Names that must be DNS-1123 subdomains (`NameIsDNSSubdomain`: root metadata of a CR, §9.3). */
export const dnsSubdomainName: NameValidator = nameIsDNSSubdomain

const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024
const FIELD_MANAGER_MAX_LENGTH = 128
const MAX_SUBRESOURCE_NAME_LENGTH = 256
const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8')

/** Go's `unicode.IsPrint`. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u

/**
 * `ValidateObjectMeta` for a create (`ValidateObjectMetaAccessor` and the common checks):
 * generateName/name, namespace, generation, labels, annotations, owner references, finalizers
 * and managed fields.
 */
export function validateObjectMeta(
  meta: ObjectMeta,
  path: FieldPath,
  options: {
    requiresNamespace: boolean
    nameFn: NameValidator
    /** Whose texts to print; the newest releases' by default. */
    release?: MetadataRelease
  }
): FieldError[] {
  const release = options.release ?? NEWEST_METADATA_TEXTS
  const style = release.labelKeyContentMessages ? CONTENT_MESSAGES : LEGACY_MESSAGES
  const tooLongWording = release.tooLongInBytes ? 'bytes' : 'at-most-bytes'
  const errs: FieldError[] = []
  const generateName = meta.generateName ?? ''
  if (generateName.length > 0)
    for (const msg of options.nameFn(generateName, true))
      errs.push(invalid(path.child('generateName'), generateName, msg))
  const name = meta.name ?? ''
  if (name.length === 0) errs.push(required(path.child('name'), 'name or generateName is required'))
  else
    for (const msg of options.nameFn(name, false)) errs.push(invalid(path.child('name'), name, msg))

  const namespace = meta.namespace ?? ''
  if (options.requiresNamespace) {
    if (namespace.length === 0) errs.push(required(path.child('namespace')))
    else
      for (const msg of nameIsDNSLabel(namespace, false))
        errs.push(invalid(path.child('namespace'), namespace, msg))
  } else if (namespace.length > 0) {
    errs.push(forbidden(path.child('namespace'), 'not allowed on this type'))
  }
  if ((meta.generation ?? 0) < 0)
    errs.push(
      invalid(path.child('generation'), meta.generation, 'must be greater than or equal to 0')
    )

  for (const [k, v] of Object.entries(meta.labels ?? {})) {
    for (const msg of isQualifiedName(k, style)) errs.push(invalid(path.child('labels'), k, msg))
    for (const msg of isValidLabelValue(v, style)) errs.push(invalid(path.child('labels'), v, msg))
  }
  const annotations = Object.entries(meta.annotations ?? {})
  for (const [k] of annotations)
    for (const msg of isQualifiedName(k.toLowerCase(), style))
      errs.push(invalid(path.child('annotations'), k, msg))
  const annotationSize = annotations.reduce((n, [k, v]) => n + utf8Length(k) + utf8Length(v), 0)
  if (annotationSize > TOTAL_ANNOTATION_SIZE_LIMIT)
    errs.push(
      tooLong(path.child('annotations'), TOTAL_ANNOTATION_SIZE_LIMIT, { wording: tooLongWording })
    )

  pushAll(errs, validateOwnerReferences(meta.ownerReferences ?? [], path.child('ownerReferences')))
  pushAll(errs, validateFinalizers(meta.finalizers ?? [], path.child('finalizers'), style))
  pushAll(errs, validateManagedFields(meta, path.child('managedFields'), tooLongWording))
  return errs
}

/** An owner reference as its JSON (the struct has JSON tags). */
const ownerReferenceValue = (ref: OwnerReference): unknown => {
  const out: Record<string, unknown> = {
    apiVersion: ref.apiVersion,
    kind: ref.kind,
    name: ref.name,
    uid: ref.uid
  }
  if (ref.controller !== undefined) out.controller = ref.controller
  if (ref.blockOwnerDeletion !== undefined) out.blockOwnerDeletion = ref.blockOwnerDeletion
  return new GoStruct('v1.OwnerReference', Object.entries(out))
}

function validateOwnerReferences(refs: readonly OwnerReference[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = []
  let firstController = ''
  // A field left out decodes as Go's zero value, the empty string.
  const zeroFilled = refs.map((ref): OwnerReference => ({
    ...ref,
    apiVersion: ref.apiVersion ?? '',
    kind: ref.kind ?? '',
    name: ref.name ?? '',
    uid: ref.uid ?? ''
  }))
  // validateOwnerReference is called with the list's path, not the item's: its errors name
  // `ownerReferences.uid` (apimachinery pkg/api/validation/objectmeta.go).
  zeroFilled.forEach((ref) => {
    const gv = parseGroupVersion(ref.apiVersion)
    // schema.FromAPIVersionAndKind: an unparsable apiVersion leaves the version empty.
    const version = 'error' in gv ? '' : gv.version
    if (version.length === 0)
      errs.push(invalid(path.child('apiVersion'), ref.apiVersion, 'version must not be empty'))
    if (ref.kind.length === 0) errs.push(invalid(path.child('kind'), ref.kind, 'must not be empty'))
    if (ref.name.length === 0) errs.push(invalid(path.child('name'), ref.name, 'must not be empty'))
    if (ref.uid.length === 0) errs.push(invalid(path.child('uid'), ref.uid, 'must not be empty'))
    if ('group' in gv && gv.group === '' && gv.version === 'v1' && ref.kind === 'Event')
      errs.push(
        invalid(path, ownerReferenceValue(ref), '/v1, Kind=Event is disallowed from being an owner')
      )
    if (ref.controller === true) {
      const current = `${ref.kind}/${ref.name}`
      if (firstController !== '')
        errs.push(
          invalid(
            path,
            new GoTypedSlice('v1.OwnerReference', zeroFilled.map(ownerReferenceValue)),
            `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`
          )
        )
      else firstController = current
    }
  })
  return errs
}

function validateFinalizers(
  finalizers: readonly string[],
  path: FieldPath,
  style: MessageStyle
): FieldError[] {
  const errs: FieldError[] = []
  for (const f of finalizers)
    for (const msg of isQualifiedName(f, style)) errs.push(invalid(path, f, msg))
  if (finalizers.includes('orphan') && finalizers.includes('foregroundDeletion'))
    errs.push(
      invalid(
        path,
        new GoTypedSlice('string', finalizers),
        'finalizer orphan and foregroundDeletion cannot be both set'
      )
    )
  return errs
}

function validateManagedFields(
  meta: ObjectMeta,
  path: FieldPath,
  wording: TooLongWording
): FieldError[] {
  const errs: FieldError[] = []
  ;(meta.managedFields ?? []).forEach((entry, i) => {
    const p = path.index(i)
    const operation = entry.operation ?? ''
    if (operation === '') errs.push(required(p.child('operation'), 'must not be empty'))
    else if (operation !== 'Apply' && operation !== 'Update')
      errs.push(notSupported(p.child('operation'), operation, ['Apply', 'Update']))
    const fieldsType = entry.fieldsType ?? ''
    if (fieldsType.length > 0 && fieldsType !== 'FieldsV1')
      errs.push(invalid(p.child('fieldsType'), fieldsType, 'must be `FieldsV1`'))
    const manager = entry.manager ?? ''
    if (utf8Length(manager) > FIELD_MANAGER_MAX_LENGTH)
      errs.push(tooLong(p.child('manager'), FIELD_MANAGER_MAX_LENGTH, { wording }))
    let byteOffset = 0
    for (const r of manager) {
      if (!PRINTABLE.test(r)) {
        const code = r.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
        errs.push(
          invalid(
            p.child('manager'),
            manager,
            `invalid character U+${code} (at position ${byteOffset})`
          )
        )
      }
      byteOffset += utf8Length(r)
    }
    if (utf8Length(entry.subresource ?? '') > MAX_SUBRESOURCE_NAME_LENGTH)
      errs.push(tooLong(p.child('subresource'), MAX_SUBRESOURCE_NAME_LENGTH, { wording }))
  })
  return errs
}
