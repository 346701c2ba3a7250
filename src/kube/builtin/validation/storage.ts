/**
 * PersistentVolumeClaims and StorageClasses on create.
 *
 * Claims: kubernetes pkg/apis/core/validation/validation.go at 000f26050b9b
 * (ValidatePersistentVolumeClaimSpec, validateDataSource, validateDataSourceRef) after v1
 * defaulting (volumeMode Filesystem) and the registry's PrepareForCreate (pkg/api/
 * persistentvolumeclaim/util.go: a dataSourceRef with a namespace is dropped while the alpha
 * CrossNamespaceVolumeDataSource gate is off; without a dataSourceRef, a dataSource other than a
 * PersistentVolumeClaim or a snapshot.storage.k8s.io VolumeSnapshot is dropped; then each of
 * dataSource and dataSourceRef is copied from the other when left out, so an error in one is
 * reported for both). `volumeAttributesClassName` is dropped while its gate is off (up to 1.33).
 *
 * StorageClasses: pkg/apis/storage/validation/validation.go (ValidateStorageClass) after v1
 * defaulting (reclaimPolicy Delete, volumeBindingMode Immediate).
 *
 * Partly modelled: up to 1.33 the value of `spec: Invalid value: …: must match dataSourceRef` is
 * a field path printed with a pointer address, which cannot be known.
 */
import {
  FieldPath,
  GoPointer,
  GoStruct,
  duplicate,
  forbidden,
  invalid,
  notSupported,
  required,
  tooLong
} from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import {
  isDNS1123Subdomain,
  isQualifiedName,
  nameIsDNSSubdomain
} from '../../apimachinery/names.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { fieldOf, itemsOf, listOf, objectOf, stringMapOf, stringOf } from './json.js'
import { messageStyle, validateLabelSelector } from './labels.js'
import { resourceListOf } from './resource-lists.js'

const SPEC = FieldPath.of('spec')

const strings = (items: readonly unknown[]): string[] =>
  items.map((v) => (typeof v === 'string' ? v : ''))

/** A `*string` field: undefined when nil. */
function optionalString(o: JsonObject | undefined, key: string): string | undefined {
  const v = fieldOf(o, key)
  return typeof v === 'string' ? v : undefined
}

// ---------------------------------------------------------------------------------------------
// PersistentVolumeClaim

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod']
const VOLUME_MODES = ['Block', 'Filesystem']

/** A TypedLocalObjectReference / TypedObjectReference as the registry leaves it. */
interface DataSource {
  kind: string
  name: string
  /** Nil when undefined (a pointer: nil and "" differ when the two are compared). */
  apiGroup: string | undefined
}

const readDataSource = (o: JsonObject): DataSource => ({
  kind: stringOf(o, 'kind'),
  name: stringOf(o, 'name'),
  apiGroup: optionalString(o, 'apiGroup')
})

/** `dataSourceIsPvcOrSnapshot`. */
const isClaimOrSnapshot = (ds: DataSource): boolean =>
  (ds.kind === 'PersistentVolumeClaim' && !ds.apiGroup) ||
  (ds.kind === 'VolumeSnapshot' && ds.apiGroup === 'snapshot.storage.k8s.io')

/** The claim's data sources after PrepareForCreate (DropDisabledFields, Enforce…, Normalize…). */
function preparedDataSources(spec: JsonObject): {
  dataSource: DataSource | undefined
  dataSourceRef: DataSource | undefined
} {
  const source = objectOf(spec, 'dataSource')
  const ref = objectOf(spec, 'dataSourceRef')
  let dataSource = source === undefined ? undefined : readDataSource(source)
  // CrossNamespaceVolumeDataSource (alpha, off): a namespaced reference is dropped.
  let dataSourceRef =
    ref === undefined || stringOf(ref, 'namespace') !== '' ? undefined : readDataSource(ref)
  if (dataSourceRef === undefined && dataSource !== undefined && !isClaimOrSnapshot(dataSource))
    dataSource = undefined
  if (dataSource !== undefined && dataSourceRef === undefined) dataSourceRef = { ...dataSource }
  else if (dataSourceRef !== undefined && dataSource === undefined)
    dataSource = { ...dataSourceRef }
  return { dataSource, dataSourceRef }
}

/** `validateDataSource` / `validateDataSourceRef` (the namespace of a reference never remains). */
function validateDataSource(ds: DataSource, path: FieldPath): FieldError[] {
  const errs: FieldError[] = []
  if (ds.name === '') errs.push(required(path.child('name')))
  if (ds.kind === '') errs.push(required(path.child('kind')))
  const apiGroup = ds.apiGroup ?? ''
  if (apiGroup === '' && ds.kind !== 'PersistentVolumeClaim')
    errs.push(
      invalid(
        path,
        ds.kind,
        "must be 'PersistentVolumeClaim' when referencing the default apiGroup"
      )
    )
  if (apiGroup !== '')
    for (const msg of isDNS1123Subdomain(apiGroup))
      errs.push(invalid(path.child('apiGroup'), apiGroup, msg))
  return errs
}

/** A `*field.Path` as an error value: JSON has no exported field to show. */
const fieldPathValue = (): GoPointer => new GoPointer('field.Path', new GoStruct('field.Path', []))

/** `ValidatePersistentVolumeClaimSpec` for a claim being created. */
export function validatePersistentVolumeClaimSpec(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] {
  const errs: FieldError[] = []
  const modes = strings(listOf(spec, 'accessModes'))
  if (modes.length === 0)
    errs.push(required(path.child('accessModes'), 'at least 1 access mode is required'))
  const selector = objectOf(spec, 'selector')
  if (selector !== undefined)
    for (const e of validateLabelSelector(selector, path.child('selector'), ctx)) errs.push(e)

  let readWriteOncePod = false
  let otherMode = false
  for (const mode of modes) {
    if (!ACCESS_MODES.includes(mode))
      errs.push(notSupported(path.child('accessModes'), mode, ACCESS_MODES))
    if (mode === 'ReadWriteOncePod') readWriteOncePod = true
    else if (ACCESS_MODES.includes(mode)) otherMode = true
  }
  if (readWriteOncePod && otherMode)
    errs.push(
      forbidden(path.child('accessModes'), 'may not use ReadWriteOncePod with other access modes')
    )

  // Upstream's path is resources[storage], not resources.requests[storage].
  const storagePath = path.child('resources').key('storage')
  const storage = resourceListOf(objectOf(spec, 'resources'), 'requests')?.get('storage')
  if (storage === undefined) errs.push(required(storagePath))
  else if (storage.sign() <= 0)
    errs.push(invalid(storagePath, storage.shallowCopy().toString(), 'must be greater than zero'))

  const className = optionalString(spec, 'storageClassName') ?? ''
  if (className !== '')
    for (const msg of nameIsDNSSubdomain(className, false))
      errs.push(invalid(path.child('storageClassName'), className, msg))
  const volumeMode = optionalString(spec, 'volumeMode') ?? 'Filesystem'
  if (!VOLUME_MODES.includes(volumeMode))
    errs.push(notSupported(path.child('volumeMode'), volumeMode, VOLUME_MODES))

  const { dataSource, dataSourceRef } = preparedDataSources(spec)
  if (dataSource !== undefined)
    for (const e of validateDataSource(dataSource, path.child('dataSource'))) errs.push(e)
  if (dataSourceRef !== undefined)
    for (const e of validateDataSource(dataSourceRef, path.child('dataSourceRef'))) errs.push(e)
  if (
    dataSource !== undefined &&
    dataSourceRef !== undefined &&
    (dataSource.kind !== dataSourceRef.kind ||
      dataSource.name !== dataSourceRef.name ||
      dataSource.apiGroup !== dataSourceRef.apiGroup)
  )
    errs.push(invalid(path, fieldPathValue(), 'must match dataSourceRef'))

  const attributesClass = optionalString(spec, 'volumeAttributesClassName') ?? ''
  if (ctx.release.volumeAttributesClassEnabled && attributesClass !== '')
    for (const msg of nameIsDNSSubdomain(attributesClass, false))
      errs.push(invalid(path.child('volumeAttributesClassName'), attributesClass, msg))
  return errs
}

export function validatePersistentVolumeClaim(
  claim: JsonObject,
  ctx: ValidationContext
): FieldError[] {
  return validatePersistentVolumeClaimSpec(objectOf(claim, 'spec') ?? {}, SPEC, ctx)
}

// ---------------------------------------------------------------------------------------------
// StorageClass

const MAX_PARAMETERS = 512
const MAX_PARAMETERS_SIZE = 256 * 1024
const RECLAIM_POLICIES = ['Delete', 'Retain']
const BINDING_MODES = ['Immediate', 'WaitForFirstConsumer']

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8')

function validateParameters(
  parameters: Readonly<Record<string, string>>,
  ctx: ValidationContext
): FieldError[] {
  const path = FieldPath.of('parameters')
  const wording = ctx.release.tooLongInBytes ? 'bytes' : 'at-most-bytes'
  const keys = Object.keys(parameters).sort()
  if (keys.length > MAX_PARAMETERS) return [tooLong(path, MAX_PARAMETERS, { wording })]
  const errs: FieldError[] = []
  let size = 0
  for (const k of keys) {
    if (k === '') errs.push(invalid(path, k, 'field can not be empty.'))
    size += utf8Length(k) + utf8Length(parameters[k]!)
  }
  if (size > MAX_PARAMETERS_SIZE) errs.push(tooLong(path, MAX_PARAMETERS_SIZE, { wording }))
  return errs
}

/**
 * `ValidateTopologySelectorTerm`: each requirement's values (required, a set) and key (a label
 * name), keys unique; returns the term as key → values for the duplicate-term check.
 */
function validateTopologyTerm(
  term: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): Map<string, Set<string>> {
  const expressions = new Map<string, Set<string>>()
  for (const [j, requirement] of itemsOf(term, 'matchLabelExpressions')) {
    const at = path.child('matchLabelExpressions').index(j)
    const values = strings(listOf(requirement, 'values'))
    if (values.length === 0) errs.push(required(at.child('values')))
    const set = new Set<string>()
    values.forEach((v, k) => {
      if (set.has(v)) errs.push(duplicate(at.child('values').index(k), v))
      set.add(v)
    })
    const key = stringOf(requirement, 'key')
    for (const msg of isQualifiedName(key, messageStyle(ctx)))
      errs.push(invalid(at.child('key'), key, msg))
    if (expressions.has(key)) errs.push(duplicate(at.child('key'), key))
    expressions.set(key, set)
  }
  return expressions
}

/** Semantic.DeepEqual of two terms (an empty term equals a nil one). */
function sameTerm(a: Map<string, Set<string>>, b: Map<string, Set<string>>): boolean {
  if (a.size !== b.size) return false
  for (const [key, values] of a) {
    const other = b.get(key)
    if (other === undefined || other.size !== values.size) return false
    for (const v of values) if (!other.has(v)) return false
  }
  return true
}

function validateAllowedTopologies(sc: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  const terms = itemsOf(sc, 'allowedTopologies')
  if (terms.length === 0) return errs
  // Upstream's list starts with one nil entry per term (make(…, len) then append), so a term
  // without expressions is reported once per term as a duplicate.
  const seen: Array<Map<string, Set<string>>> = terms.map(() => new Map<string, Set<string>>())
  for (const [i, term] of terms) {
    const at = FieldPath.of('allowedTopologies').index(i)
    const expressions = validateTopologyTerm(term, at, ctx, errs)
    for (const other of seen)
      if (sameTerm(expressions, other)) errs.push(duplicate(at.child('matchLabelExpressions'), ''))
    seen.push(expressions)
  }
  return errs
}

export function validateStorageClass(sc: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  const provisioner = stringOf(sc, 'provisioner')
  if (provisioner === '') errs.push(required(FieldPath.of('provisioner')))
  else {
    const lower = provisioner.toLowerCase()
    for (const msg of isQualifiedName(lower, messageStyle(ctx)))
      errs.push(invalid(FieldPath.of('provisioner'), lower, msg))
  }
  for (const e of validateParameters(stringMapOf(sc, 'parameters') ?? {}, ctx)) errs.push(e)
  const reclaimPolicy = optionalString(sc, 'reclaimPolicy') ?? 'Delete'
  if (reclaimPolicy !== '' && !RECLAIM_POLICIES.includes(reclaimPolicy))
    errs.push(notSupported(FieldPath.of('reclaimPolicy'), reclaimPolicy, RECLAIM_POLICIES))
  const bindingMode = optionalString(sc, 'volumeBindingMode') ?? 'Immediate'
  if (!BINDING_MODES.includes(bindingMode))
    errs.push(notSupported(FieldPath.of('volumeBindingMode'), bindingMode, BINDING_MODES))
  for (const e of validateAllowedTopologies(sc, ctx)) errs.push(e)
  return errs
}
