/**
 * Whole-CRD validation as the apiserver runs it on create and update
 * (`ValidateCustomResourceDefinition` / `ValidateCustomResourceDefinitionUpdate`,
 * crd-validation-spec.md §2): metadata, spec, accepted names, stored versions, API approval and
 * preserveUnknownFields, in that order, on the internal CRD.
 *
 * `validateCRD` takes a CRD as written (apiextensions.k8s.io/v1, or v1beta1) and does what the
 * apiserver does before validating: decode with defaults, convert to the internal form, and the
 * registry's PrepareForCreate/PrepareForUpdate (status reset or copied, the storage version
 * recorded, fields of disabled features dropped).
 */
import { FieldPath, internalError } from '../../fielderrors/index.js'
import { SchemaTooDeepError } from '../../schema/structural.js'
import type { FieldError } from '../../fielderrors/index.js'
import { DEFAULT_VERSIONS, releaseFeatures } from '../../versions.js'
import type { KubernetesVersion } from '../../versions.js'
import { convertV1ToInternal, convertV1beta1ToInternal } from './internal.js'
import type { InternalCRD } from './internal.js'
import { validateCrdMetadata, validateCrdMetadataUpdate } from './metadata.js'
import { createOptions, updateOptions } from './options.js'
import type { ValidationOptions } from './options.js'
import { validateApiApproval, validatePreserveUnknownFields } from './approval.js'
import { validateStoredVersions } from './crd-versions.js'
import { validateNames } from './names.js'
import { validateSpec, validateSpecUpdate } from './spec.js'
import { pushAll } from '../../../common/arrays.js'
import { isJsonObject } from '../../../common/json.js'

/** The newest supported release: what a CRD is validated for unless told otherwise. */
export const LATEST_KUBERNETES_VERSION: KubernetesVersion =
  DEFAULT_VERSIONS[DEFAULT_VERSIONS.length - 1]!

export interface InternalValidationOptions {
  kubernetesVersion?: KubernetesVersion
  /** The stored object: validates an update instead of a create. */
  oldCRD?: InternalCRD
  /** Replaces the derived option set (e.g. the options an upstream test passes). */
  options?: Partial<ValidationOptions>
}

/** Validation of an internal CRD exactly as given (no defaults, no registry preparation). */
export function validateInternalCRD(
  crd: InternalCRD,
  options: InternalValidationOptions = {}
): FieldError[] {
  const version = options.kubernetesVersion ?? LATEST_KUBERNETES_VERSION
  const old = options.oldCRD
  const opts: ValidationOptions = {
    ...(old === undefined ? createOptions(version) : updateOptions(crd, old, version)),
    ...options.options
  }
  const status = FieldPath.of('status')
  const errs: FieldError[] =
    old === undefined
      ? validateCrdMetadata(crd, releaseFeatures(version))
      : validateCrdMetadataUpdate(crd, old, releaseFeatures(version))
  pushAll(
    errs,
    old === undefined
      ? validateSpec(crd.spec, opts, FieldPath.of('spec'))
      : validateSpecUpdate(crd.spec, old.spec, opts, FieldPath.of('spec'))
  )
  pushAll(errs, validateNames(crd.status.acceptedNames, status.child('acceptedNames')))
  pushAll(
    errs,
    validateStoredVersions(
      crd.status.storedVersions,
      crd.spec.versions,
      status.child('storedVersions')
    )
  )
  pushAll(errs, validateApiApproval(crd, old))
  pushAll(errs, validatePreserveUnknownFields(crd, old))
  return errs
}

export interface ValidateCRDOptions {
  /** Default: the newest supported release. */
  kubernetesVersion?: KubernetesVersion
  /** The CRD as it was before (as written, like `crd`): validates an update. */
  oldCRD?: unknown
  /**
   * Apply the registry's PrepareForCreate/PrepareForUpdate first (default true). Off, the
   * decoded object is validated as it is — what the apiserver's unit tests do.
   */
  prepare?: boolean
  /**
   * false: leave out the CEL compile, type and cost checks of x-kubernetes-validations (and
   * their errors); everything else is validated as usual.
   */
  compileCelRules?: boolean
}

/** Decodes a CRD as written into the internal form (v1 or v1beta1 defaults and conversion). */
export function decodeCRD(crd: unknown): InternalCRD {
  const apiVersion = isJsonObject(crd) ? crd.apiVersion : undefined
  return apiVersion === 'apiextensions.k8s.io/v1beta1'
    ? convertV1beta1ToInternal(crd)
    : convertV1ToInternal(crd)
}

/** The first storage version, as the registry appends it to `status.storedVersions`. */
function recordStorageVersion(crd: InternalCRD): void {
  const storage = crd.spec.versions.find((v) => v.storage)
  if (storage !== undefined && !crd.status.storedVersions.includes(storage.name))
    crd.status.storedVersions.push(storage.name)
}

/** Fields of features the release has off are dropped on write (`dropDisabledFields`). */
function dropDisabledFields(
  crd: InternalCRD,
  old: InternalCRD | undefined,
  version: KubernetesVersion
): void {
  if (releaseFeatures(version).crdSelectableFields) return
  const oldUses =
    old !== undefined &&
    (old.spec.selectableFields.length > 0 ||
      old.spec.versions.some((v) => v.selectableFields.length > 0))
  if (oldUses) return
  crd.spec.selectableFields = []
  for (const v of crd.spec.versions) v.selectableFields = []
}

/** `PrepareForCreate`: status cleared, the storage version recorded. */
function prepareForCreate(crd: InternalCRD, version: KubernetesVersion): void {
  crd.status = {
    conditions: [],
    acceptedNames: {
      plural: '',
      singular: '',
      shortNames: [],
      kind: '',
      listKind: '',
      categories: []
    },
    storedVersions: []
  }
  recordStorageVersion(crd)
  dropDisabledFields(crd, undefined, version)
}

/**
 * `PrepareForUpdate` after a `kubectl apply`: the stored status (an established CRD) is kept,
 * and the server-managed metadata the file does not carry comes from the stored object.
 */
function prepareForUpdate(crd: InternalCRD, old: InternalCRD, version: KubernetesVersion): void {
  crd.status = structuredClone(old.status)
  for (const k of ['resourceVersion', 'uid', 'creationTimestamp', 'generation'])
    if (crd.metadata[k] === undefined && old.metadata[k] !== undefined)
      crd.metadata = { ...crd.metadata, [k]: old.metadata[k] }
  recordStorageVersion(crd)
  dropDisabledFields(crd, old, version)
}

/** The stored object an earlier create left behind: prepared, established, with a version. */
function asStored(old: InternalCRD, version: KubernetesVersion): InternalCRD {
  prepareForCreate(old, version)
  old.status.conditions.push({ type: 'Established', status: 'True' })
  old.status.acceptedNames = structuredClone(old.spec.names)
  if (old.metadata.resourceVersion === undefined)
    old.metadata = { ...old.metadata, resourceVersion: '1' }
  return old
}

/**
 * Library API: the apiserver's field errors for creating `crd` (or updating `options.oldCRD`
 * to it) on a Kubernetes release. An empty list means the apiserver accepts it.
 */
export function validateCRD(crd: unknown, options: ValidateCRDOptions = {}): FieldError[] {
  try {
    return validateDecoded(crd, options)
  } catch (error) {
    // Input nested beyond what the walks follow: one error, never an exception.
    if (error instanceof SchemaTooDeepError || error instanceof RangeError)
      return [internalError(FieldPath.of('spec'), error.message)]
    throw error
  }
}

function validateDecoded(crd: unknown, options: ValidateCRDOptions): FieldError[] {
  const version = options.kubernetesVersion ?? LATEST_KUBERNETES_VERSION
  const prepare = options.prepare ?? true
  const internal = decodeCRD(crd)
  let old: InternalCRD | undefined
  if (options.oldCRD !== undefined) {
    old = decodeCRD(options.oldCRD)
    if (prepare) old = asStored(old, version)
  }
  if (prepare) {
    if (old === undefined) prepareForCreate(internal, version)
    else prepareForUpdate(internal, old, version)
  }
  return validateInternalCRD(internal, {
    kubernetesVersion: version,
    ...(old ? { oldCRD: old } : {}),
    ...(options.compileCelRules === false ? { options: { compileCelRules: false } } : {})
  })
}
