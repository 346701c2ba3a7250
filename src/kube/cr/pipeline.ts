/**
 * A custom resource through the apiserver's create/update pipeline, in its order
 * (crd-validation-spec.md §10):
 *
 *   decode (served version) → prune → drop disallowed nulls → coerce metadata → default
 *   → prepare (namespace, generated name, status subresource, generation)
 *   → validate: TypeMeta, root ObjectMeta, OpenAPI schema (ratcheting on update), scale,
 *     embedded ObjectMeta, list-type uniqueness, CEL rules (blocked by earlier errors)
 *
 * The result carries the field errors (422 Invalid), what was pruned and defaulted, the
 * warnings, and the object the apiserver would store. Bad input never throws.
 */
import { FieldPath, invalid, valueStyleFor } from '../fielderrors/index.js'
import type { FieldError, FieldErrorType } from '../fielderrors/index.js'
import { validateListSetsAndMaps } from '../schema/listtype.js'
import { validateEmbeddedObjectMeta } from '../schema/objectmeta.js'
import { deepCopyJson, deepEqualJson, isJsonObject } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'
import { DEFAULT_VERSIONS, releaseFeatures } from '../versions.js'
import type { KubernetesVersion } from '../versions.js'
import { decodeCustomResource } from './decode.js'
import {
  applyRequestNamespace,
  generatedNameSuffix,
  prepareCreateMetadata,
  prepareUpdateMetadata,
  validateCreateMetadata,
  validateUpdateMetadata
} from './root-metadata.js'
import { validateScaleSpec, validateScaleStatus } from './scale.js'
import { crdGroupKind, servedVersion } from './served-version.js'
import type { ServedVersion } from './served-version.js'
import type { Structural } from '../schema/structural.js'
import { runCelStage, runSchemaStage } from './stages.js'
import { validatorRuntimeId } from '../celvalidation/runtime-key.js'
import type { StageResult } from './stages.js'
import { finalizerWarnings, unknownFieldWarning } from './warnings.js'
import { pushAll } from '../../common/arrays.js'

export interface ValidateCustomResourceOptions {
  /** The stored object: the request becomes an UPDATE of it. */
  oldObject?: unknown
  /** Whose apiserver to reproduce (messages and CEL libraries differ); default the newest. */
  kubernetesVersion?: KubernetesVersion
  /** The CRD version to validate against; default the version of the object's apiVersion. */
  version?: string
  /** `status`: an update through the status subresource (needs `oldObject`). */
  subresource?: 'status'
  /** The request namespace (namespaced kinds); default the object's, else `default`. */
  namespace?: string
  /** The suffix a `generateName` gets; default a deterministic one. */
  generateNameSuffix?: string
}

export type Operation = 'CREATE' | 'UPDATE'

/** Why the request failed before (or instead of) field validation. */
export interface Rejection {
  code: 400 | 404 | 422 | 500
  reason: 'BadRequest' | 'NotFound' | 'Invalid' | 'InternalError'
  message: string
}

/** Which stage produced an error (crd-validation-spec.md §10 step 6). */
export type ErrorSource =
  'typemeta' | 'metadata' | 'schema' | 'scale' | 'embedded-metadata' | 'list-type' | 'cel'

export interface CustomResourceResult {
  operation: Operation
  subresource?: 'status'
  kubernetesVersion: KubernetesVersion
  /** The CRD's group and kind (the status message names them). */
  group: string
  kind: string
  /** The CRD version the object was validated as, when one was found. */
  version?: string
  /** The object's name after name generation. */
  name: string
  /** Field errors in the apiserver's order; non-empty means 422 Invalid. */
  errors: FieldError[]
  /** The stage of each error (same order as `errors`). */
  errorSources: ErrorSource[]
  /** A failure that is not a list of field errors (decoding, unknown version). */
  rejection?: Rejection
  warnings: string[]
  /** Fields the decoder dropped (pruning, unknown metadata): users lose this data. */
  pruned: string[]
  /** Fields the schema's defaults filled in. */
  defaulted: string[]
  /** The object as it would be stored (also when validation failed, for diagnosis). */
  object?: JsonObject
  /** Validation stages that could not run, so their errors are missing. */
  notChecked: string[]
}

/** The default Kubernetes version of the library API: the newest of the defaults. */
export const DEFAULT_KUBERNETES_VERSION: KubernetesVersion =
  DEFAULT_VERSIONS[DEFAULT_VERSIONS.length - 1]!

/** Error types that make the registry skip the CEL rules (`hasBlockingErr`). */
const BLOCKING: ReadonlySet<FieldErrorType> = new Set([
  'FieldValueNotSupported',
  'FieldValueRequired',
  'FieldValueTooLong',
  'FieldValueTooMany',
  'FieldValueTypeInvalid'
])

const RULES_NOT_CHECKED =
  'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation'

/** Whether the request is accepted (no rejection, no field errors). */
export const isAccepted = (r: CustomResourceResult): boolean =>
  r.rejection === undefined && r.errors.length === 0

const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const nameOf = (o: unknown): string =>
  isJsonObject(o) && isJsonObject(o.metadata) ? str(o.metadata.name) : ''

function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/')
  return slash < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) }
}

/**
 * Runs `object` through the apiserver's pipeline for `crd` (a CRD manifest, v1 or v1beta1):
 * a CREATE, or an UPDATE of `options.oldObject`.
 */
export function validateCustomResource(
  crd: unknown,
  object: unknown,
  options: ValidateCustomResourceOptions = {}
): CustomResourceResult {
  const { group, kind } = crdGroupKind(crd)
  const isUpdate = options.oldObject !== undefined
  const result: CustomResourceResult = {
    operation: isUpdate ? 'UPDATE' : 'CREATE',
    ...(options.subresource ? { subresource: options.subresource } : {}),
    kubernetesVersion: options.kubernetesVersion ?? DEFAULT_KUBERNETES_VERSION,
    group,
    kind,
    name: nameOf(object),
    errors: [],
    errorSources: [],
    warnings: [],
    pruned: [],
    defaulted: [],
    notChecked: []
  }
  const reject = (code: Rejection['code'], message: string): CustomResourceResult => {
    const reason = (
      { 400: 'BadRequest', 404: 'NotFound', 422: 'Invalid', 500: 'InternalError' } as const
    )[code]
    result.rejection = { code, reason, message }
    return result
  }

  if (!isJsonObject(object)) return reject(400, 'Object is not a JSON object')
  const requested = splitApiVersion(str(object.apiVersion))
  if (str(object.apiVersion) === '') return reject(400, `Object 'apiVersion' is missing`)
  if (str(object.kind) === '') return reject(400, `Object 'Kind' is missing`)
  if (requested.group !== group)
    return reject(
      400,
      `the API version in the data (${str(object.apiVersion)}) does not match the expected API version (${group}/${options.version ?? requested.version})`
    )
  const versionName = options.version ?? requested.version
  const served = servedVersion(crd, versionName)
  if (!served || !served.served)
    return reject(404, 'the server could not find the requested resource')
  result.version = served.version
  if (served.structuralError !== undefined)
    return reject(
      500,
      `the CustomResourceDefinition ${served.crdName} cannot serve version ${served.version}: ${served.structuralError}`
    )
  if (options.subresource === 'status' && !served.statusSubresource)
    return reject(404, 'the server could not find the requested resource')

  // Decode (§10 1–3). Objects of another kind pass through unpruned, as the coercer skips them.
  const matches = str(object.kind) === served.kind
  const decodeAs: ServedVersion = matches ? served : { ...served, preserveUnknownFields: true }
  const sharedFrom = matches && sharingDecodings ? sharedDecoding(served, object) : undefined
  const decoded = sharedFrom ? copyOf(sharedFrom) : decodeCustomResource(decodeAs, object)
  if ('error' in decoded) return reject(400, decoded.error)
  result.pruned = decoded.unknownFields
  result.defaulted = decoded.defaulted
  pushAll(result.warnings, decoded.unknownFields.map(unknownFieldWarning))
  const obj = decoded.object

  if (!isUpdate) return create(served, obj, result, options, reject, sharedFrom)

  // The stored object, read back through the same version (pruned and defaulted again).
  const stored = isJsonObject(options.oldObject)
    ? { ...(deepCopyJson(options.oldObject) as JsonObject), apiVersion: obj.apiVersion }
    : undefined
  const old = stored ? decodeCustomResource(decodeAs, stored, { fromStorage: true }) : undefined
  if (!old || 'error' in old)
    return reject(500, `the stored object cannot be decoded: ${old ? old.error : 'not an object'}`)
  // It was stored by a create into the request's namespace: a manifest without
  // `metadata.namespace` lives in the one kubectl sent it to (`default` unless configured), so
  // the same manifest applied again keeps its namespace instead of "changing" it.
  applyRequestNamespace(old.object, {
    namespaced: served.namespaced,
    ...(options.namespace !== undefined ? { namespace: options.namespace } : {})
  })
  return options.subresource === 'status'
    ? updateStatus(served, obj, old.object, result, options, reject)
    : update(served, obj, old.object, result, options, reject)
}

type Reject = (code: Rejection['code'], message: string) => CustomResourceResult

/**
 * Decoding depends on the served version and the object, not on the release. Inside
 * withSharedDecoding an object validated for several releases in turn is decoded once, and
 * each release gets its own copy to prepare and store (decoding was 15% of the custom-resource
 * check, three times per object with the default releases).
 */
let lastDecoding: { served: ServedVersion; object: JsonObject; decoded: Decoded } | undefined
let sharingDecodings = false

/**
 * The CEL stage of the last create prepared from a shared decoding, with what its outcome takes
 * from the release and the request (`key`): releases with one validator runtime (1.35 and 1.36)
 * evaluate the rules of an object once, as every release's copy is prepared alike.
 */
let lastCel: { from: Decoded; served: ServedVersion; key: string; result: StageResult } | undefined

type Decoded = ReturnType<typeof decodeCustomResource>

/**
 * Runs `validate` (validateCustomResource calls) sharing the decoding of an object between
 * consecutive calls; the caller must not change the objects meanwhile.
 */
export function withSharedDecoding<T>(validate: () => T): T {
  const outer = sharingDecodings
  sharingDecodings = true
  try {
    return validate()
  } finally {
    sharingDecodings = outer
    if (!outer) {
      lastDecoding = undefined
      lastCel = undefined
    }
  }
}

/** The decoding of `object` as `served`, shared with the previous call for the same pair. */
function sharedDecoding(served: ServedVersion, object: JsonObject): Decoded {
  if (lastDecoding?.served !== served || lastDecoding.object !== object)
    lastDecoding = { served, object, decoded: decodeCustomResource(served, object) }
  return lastDecoding.decoded
}

/** A copy of a shared decoding for one request to prepare and store. */
function copyOf(decoded: Decoded): Decoded {
  if ('error' in decoded) return decoded
  return {
    object: deepCopyJson(decoded.object) as JsonObject,
    unknownFields: decoded.unknownFields.slice(),
    defaulted: decoded.defaulted.slice()
  }
}

/** Errors with the stage that produced each. */
class Collected {
  readonly errors: FieldError[] = []
  readonly sources: ErrorSource[] = []
  add(source: ErrorSource, errors: readonly FieldError[]): void {
    for (const e of errors) {
      this.errors.push(e)
      this.sources.push(source)
    }
  }
  /** `before` first (the registry's common metadata checks precede the strategy's). */
  finish(result: CustomResourceResult, before?: Collected): void {
    result.errors = [...(before?.errors ?? []), ...this.errors]
    result.errorSources = [...(before?.sources ?? []), ...this.sources]
  }
}

function create(
  served: ServedVersion,
  obj: JsonObject,
  result: CustomResourceResult,
  options: ValidateCustomResourceOptions,
  reject: Reject,
  sharedFrom: Decoded | undefined
): CustomResourceResult {
  const release = releaseFeatures(result.kubernetesVersion)
  const conflict = applyRequestNamespace(obj, { namespaced: served.namespaced, ...ns(options) })
  if (conflict) return reject(400, conflict)
  // PrepareForCreate: a create cannot set status through the main resource.
  if (served.statusSubresource) delete obj.status
  prepareCreateMetadata(
    obj,
    options.generateNameSuffix ??
      generatedNameSuffix(`${str(obj.kind)}/${JSON.stringify(obj.metadata)}`)
  )
  result.name = nameOf(obj)
  result.object = obj

  const errors = new Collected()
  const typeMeta = validateTypeMeta(obj, served)
  if (typeMeta.length > 0) errors.add('typemeta', typeMeta)
  else {
    errors.add('metadata', validateCreateMetadata(obj, served.namespaced, release))
    errors.add(
      'schema',
      stage(result, SCHEMA_STAGE, runSchemaStage(schemaInput(served, obj, undefined, result)))
    )
    errors.add('scale', [
      ...validateScaleSpec(obj, served.scale),
      ...validateScaleStatus(obj, served.scale)
    ])
  }
  errors.add(
    'embedded-metadata',
    validateEmbeddedObjectMeta(FieldPath.nil, obj, served.structural, false, release)
  )
  errors.add('list-type', validateListSetsAndMaps(FieldPath.nil, served.structural, obj))
  errors.add(
    'cel',
    celOrBlocked(result, errors.errors, served, obj, undefined, (run) =>
      sharedFrom !== undefined
        ? sharedCel(sharedFrom, served, celKey(result.kubernetesVersion, options), run)
        : run()
    )
  )
  errors.finish(result)
  if (result.errors.length === 0) pushAll(result.warnings, finalizerWarnings(obj))
  return result
}

function update(
  served: ServedVersion,
  obj: JsonObject,
  old: JsonObject,
  result: CustomResourceResult,
  options: ValidateCustomResourceOptions,
  reject: Reject
): CustomResourceResult {
  const release = releaseFeatures(result.kubernetesVersion)
  const conflict = applyRequestNamespace(obj, {
    namespaced: served.namespaced,
    ...ns(options, old)
  })
  if (conflict) return reject(400, conflict)
  // PrepareForUpdate: with a status subresource the main resource keeps the stored status.
  if (served.statusSubresource) {
    if (Object.hasOwn(old, 'status')) obj.status = deepCopyJson(old.status)
    else delete obj.status
  }
  prepareUpdateMetadata(obj, old)
  bumpGeneration(obj, old)
  result.name = nameOf(obj)
  result.object = obj

  const common = new Collected()
  common.add('metadata', validateUpdateMetadata(obj, old, served.namespaced, release))
  const errors = new Collected()
  const typeMeta = validateTypeMeta(obj, served)
  if (typeMeta.length > 0) errors.add('typemeta', typeMeta)
  else {
    errors.add(
      'schema',
      stage(result, SCHEMA_STAGE, runSchemaStage(schemaInput(served, obj, old, result)))
    )
    errors.add('scale', [
      ...validateScaleSpec(obj, served.scale),
      ...validateScaleStatus(obj, served.scale)
    ])
  }
  errors.add(
    'embedded-metadata',
    validateEmbeddedObjectMeta(FieldPath.nil, obj, served.structural, false, release)
  )
  // List-type uniqueness ratchets as a whole: skipped when the stored object already broke it.
  if (validateListSetsAndMaps(FieldPath.nil, served.structural, old).length === 0)
    errors.add('list-type', validateListSetsAndMaps(FieldPath.nil, served.structural, obj))
  errors.add('cel', celOrBlocked(result, errors.errors, served, obj, old))
  errors.finish(result, common)
  if (result.errors.length === 0) pushAll(result.warnings, finalizerWarnings(obj, old))
  return result
}

function updateStatus(
  served: ServedVersion,
  obj: JsonObject,
  old: JsonObject,
  result: CustomResourceResult,
  options: ValidateCustomResourceOptions,
  reject: Reject
): CustomResourceResult {
  const release = releaseFeatures(result.kubernetesVersion)
  const conflict = applyRequestNamespace(obj, {
    namespaced: served.namespaced,
    ...ns(options, old)
  })
  if (conflict) return reject(400, conflict)
  // The status strategy keeps everything of the stored object but the status.
  const next = deepCopyJson(old) as JsonObject
  if (Object.hasOwn(obj, 'status')) next.status = obj.status
  else delete next.status
  result.name = nameOf(next)
  result.object = next

  const common = new Collected()
  common.add('metadata', validateUpdateMetadata(next, old, served.namespaced, release))
  const errors = new Collected()
  const typeMeta = validateTypeMeta(next, served)
  if (typeMeta.length > 0) errors.add('typemeta', typeMeta)
  else {
    if (Object.hasOwn(next, 'status')) {
      const input = { ...schemaInput(served, next.status, old.status, result), pathRoot: 'status' }
      errors.add('schema', stage(result, SCHEMA_STAGE, runSchemaStage(input)))
    }
    errors.add('scale', validateScaleStatus(next, served.scale))
  }
  const listErrors = validateListSetsAndMaps(FieldPath.nil, served.structural, next)
  if (
    listErrors.length > 0 &&
    validateListSetsAndMaps(FieldPath.nil, served.structural, old).length === 0
  )
    errors.add('list-type', listErrors)
  errors.add('cel', celOrBlocked(result, errors.errors, served, next, old))
  errors.finish(result, common)
  return result
}

const SCHEMA_STAGE = 'OpenAPI schema validation'
const CEL_STAGE = 'CEL validation rules'

const ns = (options: ValidateCustomResourceOptions, old?: JsonObject): { namespace?: string } => {
  const stored = old && isJsonObject(old.metadata) ? str(old.metadata.namespace) : ''
  const namespace = options.namespace ?? (stored !== '' ? stored : undefined)
  return namespace !== undefined ? { namespace } : {}
}

/** `ValidateTypeMeta`: kind and apiVersion must name the served version. */
function validateTypeMeta(obj: JsonObject, served: ServedVersion): FieldError[] {
  const errors: FieldError[] = []
  const kind = str(obj.kind)
  const apiVersion = str(obj.apiVersion)
  const expected = `${served.group}/${served.version}`
  if (kind !== served.kind)
    errors.push(invalid(FieldPath.of('kind'), kind, `must be ${served.kind}`))
  if (apiVersion !== expected)
    errors.push(invalid(FieldPath.of('apiVersion'), apiVersion, `must be ${expected}`))
  return errors
}

/** Any change outside metadata bumps the generation. */
function bumpGeneration(obj: JsonObject, old: JsonObject): void {
  const strip = (o: JsonObject): JsonObject => {
    const copy: JsonObject = { ...o }
    delete copy.metadata
    return copy
  }
  if (deepEqualJson(strip(obj), strip(old))) return
  const meta = obj.metadata as JsonObject
  const oldGeneration = isJsonObject(old.metadata) ? old.metadata.generation : undefined
  meta.generation = (typeof oldGeneration === 'number' ? oldGeneration : 0) + 1
}

function schemaInput(
  served: ServedVersion,
  value: unknown,
  oldValue: unknown,
  result: CustomResourceResult
): Parameters<typeof runSchemaStage>[0] {
  return {
    served,
    value,
    ...(oldValue !== undefined ? { oldValue } : {}),
    kubernetesVersion: result.kubernetesVersion
  }
}

/** A stage's errors; its ratcheted errors become warnings; a missing stage is recorded. */
function stage(result: CustomResourceResult, name: string, got: StageResult): FieldError[] {
  if (!got.wired) {
    if (!result.notChecked.includes(name)) result.notChecked.push(name)
    return []
  }
  pushAll(result.warnings, got.warnings)
  return got.errors
}

/** CEL runs only when the earlier stages produced no blocking error (`hasBlockingErr`). */
function celOrBlocked(
  result: CustomResourceResult,
  errors: readonly FieldError[],
  served: ServedVersion,
  obj: JsonObject,
  old: JsonObject | undefined,
  reuse: (run: () => StageResult) => StageResult = (run) => run()
): FieldError[] {
  if (!hasRules(served)) return []
  if (errors.some((e) => BLOCKING.has(e.type)))
    return [invalid(FieldPath.nil, null, RULES_NOT_CHECKED)]
  const input = {
    served,
    object: obj,
    ...(old ? { oldObject: old } : {}),
    kubernetesVersion: result.kubernetesVersion
  }
  return stage(
    result,
    CEL_STAGE,
    reuse(() => runCelStage(input))
  )
}

/**
 * What a create's CEL stage takes from the release (the validator runtime, the value style of
 * its warnings) and from the request options that prepare the object.
 */
function celKey(version: KubernetesVersion, options: ValidateCustomResourceOptions): string {
  return JSON.stringify([
    validatorRuntimeId(version),
    valueStyleFor(version),
    options.namespace,
    options.generateNameSuffix
  ])
}

/** `run`'s stage, or the last one for a copy of the same decoding with the same key. */
function sharedCel(
  from: Decoded,
  served: ServedVersion,
  key: string,
  run: () => StageResult
): StageResult {
  if (lastCel?.from !== from || lastCel.served !== served || lastCel.key !== key)
    lastCel = { from, served, key, result: run() }
  return lastCel.result
}

/**
 * Whether any node of the version schema has `x-kubernetes-validations`; once per schema (the
 * pipeline asks for every object in every release).
 */
function hasRules(served: ServedVersion): boolean {
  const root = served.structural
  if (!root) return false
  let has = schemasWithRules.get(root)
  if (has === undefined) schemasWithRules.set(root, (has = anyRules(root)))
  return has
}

const schemasWithRules = new WeakMap<Structural, boolean>()

function anyRules(root: Structural): boolean {
  const work = [root]
  while (work.length > 0) {
    const s = work.pop()!
    if ((s.xValidations?.length ?? 0) > 0) return true
    if (s.items) work.push(s.items)
    if (s.additionalProperties?.structural) work.push(s.additionalProperties.structural)
    for (const p of s.properties?.values() ?? []) work.push(p)
  }
  return false
}

/** The value style of the result's Kubernetes version (for rendering its errors). */
export const resultValueStyle = (r: CustomResourceResult): ReturnType<typeof valueStyleFor> =>
  valueStyleFor(r.kubernetesVersion)
