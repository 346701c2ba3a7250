/**
 * The CRD's own ObjectMeta (crd-validation-spec.md §2.3 step 1): on create the generic rules with
 * a name that must be a DNS-1123 subdomain equal to `<plural>.<group>`; on update the
 * immutability rules of `ValidateObjectMetaUpdate`.
 */
import { FieldPath, invalid } from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import { dnsSubdomainName, validateObjectMeta } from '../../schema/objectmeta.js'
import type { MetadataRelease, NameValidator, ObjectMeta } from '../../schema/objectmeta.js'
import { decodeObjectMeta } from '../../schema/structural-metadata-codec.js'
import { deepEqualJson } from '../../../common/json.js'
import type { InternalCRD } from './internal.js'
import { pushAll } from '../../../common/arrays.js'

const METADATA = FieldPath.of('metadata')

/** The metadata as ObjectMeta, or the decode error as a field error. */
function decode(value: unknown): { meta: ObjectMeta } | { error: FieldError } {
  const decoded = decodeObjectMeta(value)
  if (!decoded.ok) return { error: invalid(METADATA, '', decoded.error) }
  return { meta: decoded.meta }
}

/** `ValidateObjectMeta` with the CRD name rule, in the words of `release`. */
export function validateCrdMetadata(crd: InternalCRD, release: MetadataRelease): FieldError[] {
  const decoded = decode(crd.metadata)
  if ('error' in decoded) return [decoded.error]
  const requiredName = `${crd.spec.names.plural}.${crd.spec.group}`
  const nameFn: NameValidator = (name, prefix) => {
    const errs = dnsSubdomainName(name, prefix)
    if (name !== requiredName) errs.push('must be spec.names.plural+"."+spec.group')
    return errs
  }
  return validateObjectMeta(decoded.meta, METADATA, { requiresNamespace: false, nameFn, release })
}

/** `ValidateImmutableField`. */
function immutable(newValue: unknown, oldValue: unknown, path: FieldPath): FieldError[] {
  const empty = (v: unknown): unknown => (v === undefined ? '' : v)
  return deepEqualJson(empty(newValue), empty(oldValue))
    ? []
    : [invalid(path, newValue ?? '', 'field is immutable')]
}

/** Paths of the checks `ValidateObjectMetaUpdate` repeats from `ValidateObjectMeta`. */
const REPEATED_CHECKS = ['labels', 'annotations', 'ownerReferences', 'managedFields'].map(
  (k) => `metadata.${k}`
)

/** `ValidateObjectMetaUpdate(new, old)`. */
export function validateCrdMetadataUpdate(
  crd: InternalCRD,
  old: InternalCRD,
  release: MetadataRelease
): FieldError[] {
  const decoded = decode(crd.metadata)
  if ('error' in decoded) return [decoded.error]
  const oldDecoded = decode(old.metadata)
  const meta = decoded.meta
  const oldMeta = 'meta' in oldDecoded ? oldDecoded.meta : {}
  const errs: FieldError[] = []
  if ((meta.resourceVersion ?? '') === '')
    errs.push(
      invalid(
        METADATA.child('resourceVersion'),
        meta.resourceVersion ?? '',
        'must be specified for an update'
      )
    )
  if ((meta.generation ?? 0) < (oldMeta.generation ?? 0))
    errs.push(
      invalid(METADATA.child('generation'), meta.generation ?? 0, 'must not be decremented')
    )
  for (const k of [
    'name',
    'namespace',
    'uid',
    'creationTimestamp',
    'deletionTimestamp',
    'deletionGracePeriodSeconds'
  ] as const)
    pushAll(errs, immutable(meta[k], oldMeta[k], METADATA.child(k)))
  // Labels, annotations, owner references and managed fields are checked as on create.
  const repeated = validateObjectMeta(
    { ...meta, name: 'x', generateName: '', namespace: '' },
    METADATA,
    {
      requiresNamespace: false,
      nameFn: () => [],
      release
    }
  ).filter((e) =>
    REPEATED_CHECKS.some(
      (p) => e.field === p || e.field.startsWith(`${p}[`) || e.field.startsWith(`${p}.`)
    )
  )
  pushAll(errs, repeated)
  return errs
}
