/**
 * What kube-apiserver's create validation says about a decoded built-in object: the ObjectMeta
 * checks first (object-meta.ts), then the kind's hand-written spec validation where it is
 * modelled (validation/), then the field rules found along the OpenAPI definitions
 * (schema-checks.ts); plus the warnings it returns with an accepted object (none with a
 * refused one).
 */
import { errorString, valueStyleFor } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { valuePathOfField } from '../cr/field-location.js'
import { isJsonObject, ownValue } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'
import { releaseFeatures } from '../versions.js'
import type { KubernetesVersion } from '../versions.js'
import type { PathSegment } from '../../workspace/value-path.js'
import type { ReleaseApi, ServedKind } from './facts.js'
import { validateBuiltinObjectMeta } from './object-meta.js'
import { checkBuiltinSchema } from './schema-checks.js'
import type { ApiserverWarning } from './pod-spec.js'
import { validateKind } from './validation/index.js'
import type { BuiltinValidationRelease, KindValidation } from './validation/index.js'
import { VALIDATION_FEATURES } from './validation/context.js'
import { SharedByReads } from './release-reads.js'

interface BuiltinValidation {
  errors: FieldError[]
  warnings: ApiserverWarning[]
}

/** Create-time validation of `object`, a decoded `served` kind of the release `api` describes. */
export function validateBuiltinCreate(
  object: JsonObject,
  served: ServedKind,
  api: ReleaseApi,
  release: BuiltinValidationRelease
): BuiltinValidation {
  // A copy: the shared list stays as other releases get it.
  const errors = sharedMetaValidation(object, served, release).slice()
  const kind = sharedKindValidation(object, served, release)
  for (const e of kind.errors) errors.push(e)
  if (served.definition !== undefined) {
    const schema = checkBuiltinSchema(object, served.definition, api)
    for (const e of schema.errors) errors.push(e)
  }
  // BeforeCreate (pkg/registry/rest/create.go) returns the Invalid error before it asks the
  // strategy for WarningsOnCreate: a refused object gets no warnings.
  return { errors, warnings: errors.length === 0 ? kind.warnings : [] }
}

type SharedResults = Map<string, SharedByReads<BuiltinValidationRelease, unknown>>

/** Results by object, then by what was validated (kind, ObjectMeta), shared across releases. */
const sharedResults = new WeakMap<JsonObject, SharedResults>()

/** `compute` for `object` once per `what` and release values read (release-reads.ts). */
function sharedByReads<T>(
  object: JsonObject,
  what: string,
  release: BuiltinValidationRelease,
  compute: (release: BuiltinValidationRelease) => T
): T {
  let byWhat = sharedResults.get(object)
  if (byWhat === undefined)
    sharedResults.set(
      object,
      (byWhat = new Map<string, SharedByReads<BuiltinValidationRelease, unknown>>())
    )
  let shared = byWhat.get(what)
  if (shared === undefined) byWhat.set(what, (shared = new SharedByReads()))
  return shared.of(release, compute) as T
}

/**
 * validateKind, once per object for the releases that print values alike and agree on the
 * features it read: it reads no API facts, so 1.35 and 1.36 validate a Deployment alike although
 * their PodSpec definitions and their Ingress checks differ. It is given the value style, so
 * that it need not read the version (which would tell every release apart).
 */
function sharedKindValidation(
  object: JsonObject,
  served: ServedKind,
  release: BuiltinValidationRelease
): KindValidation {
  const style = valueStyleFor(release.version)
  const what = `kind\u0000${served.group}\u0000${served.kind}\u0000${style}`
  return sharedByReads(object, what, release, (r) =>
    validateKind(object, served.group, served.kind, r, style)
  )
}

/** validateBuiltinObjectMeta, likewise (it reads two features and the kind's scope). */
function sharedMetaValidation(
  object: JsonObject,
  served: ServedKind,
  release: BuiltinValidationRelease
): readonly FieldError[] {
  const what = `meta\u0000${served.group}\u0000${served.kind}\u0000${served.namespaced}`
  return sharedByReads(object, what, release, (r) => validateBuiltinObjectMeta(object, served, r))
}

const behaviourKeys = new WeakMap<BuiltinValidationRelease, string>()

/** A release's value style and validation features (all validateKind reads of it), as one string. */
function behaviourKey(release: BuiltinValidationRelease): string {
  let key = behaviourKeys.get(release)
  if (key === undefined) {
    const parts = VALIDATION_FEATURES.map((f) => String(release[f]))
    key = [valueStyleFor(release.version), ...parts].join('\u0000')
    behaviourKeys.set(release, key)
  }
  return key
}

/**
 * Kinds another analyzer already validates as the apiserver does (metadata included): CRDs
 * (src/kube/crd/validation) and admission policies and bindings (src/kube/admission). Checking
 * them here too would report each error twice.
 */
const VALIDATED_ELSEWHERE = new Set([
  'apiextensions.k8s.io/CustomResourceDefinition',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
  'admissionregistration.k8s.io/MutatingAdmissionPolicy',
  'admissionregistration.k8s.io/MutatingAdmissionPolicyBinding'
])

/** Whether this analyzer runs the create validation of objects of `group` `kind`. */
export function validatedHere(group: string, kind: string): boolean {
  return !VALIDATED_ELSEWHERE.has(`${group}/${kind}`)
}

/** A finding-to-be of the built-in analyzer (analyze.ts's Outcome). */
interface ValidationOutcome {
  ruleId: 'builtin/invalid' | 'builtin/warning'
  message: string
  path: PathSegment[]
  target: 'key'
  /** Invalid objects never reach validating admission; warned ones do. */
  refused: boolean
  fromSchemas: true
}

/**
 * Some upstream errors about a label or an annotation name it without `metadata.`
 * (`annotations.kubernetes.io/ingress.class`, as ValidateIngressCreate writes it): such a field
 * of an object with no top-level `annotations`/`labels` is the one under `metadata`.
 */
function metadataField(object: JsonObject, field: string): string {
  const map = /^(annotations|labels)\./.exec(field)?.[1]
  return map !== undefined && !Object.hasOwn(object, map) ? `metadata.${field}` : field
}

/**
 * Where an error's field is in the object as written: its path cut to the part that exists, so
 * a finding about a missing field sits on the line of the nearest field present (its key: the
 * line a reader looks for, not the first line of its value). A Secret's `stringData` is merged
 * into `data` before validation, so `data[key]` errors point at `stringData` when `data` lacks
 * the key.
 */
function writtenPath(object: JsonObject, field: string): PathSegment[] {
  let path = valuePathOfField(object, metadataField(object, field))
  const stringData = object.kind === 'Secret' ? ownValue(object, 'stringData') : undefined
  if (path[0] === 'data' && isJsonObject(stringData)) {
    const data = ownValue(object, 'data')
    const key = path[1]
    if (!isJsonObject(data) || typeof key !== 'string' || !Object.hasOwn(data, key)) {
      const rest = path.slice(1)
      rest.unshift('stringData')
      path = rest
    }
  }
  const present: PathSegment[] = []
  let value: unknown = object
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(value) || segment >= value.length) break
      value = value[segment]
    } else {
      if (!isJsonObject(value) || !Object.hasOwn(value, segment)) break
      value = value[segment]
    }
    present.push(segment)
  }
  return present
}

/**
 * The create validation of a decoded object as findings: each field error as the apiserver
 * prints it (`metadata.name: Invalid value: …`), at its field (or the nearest field present),
 * and each warning it returns with an accepted object.
 */
export function validationOutcomes(
  object: JsonObject,
  served: ServedKind,
  api: ReleaseApi,
  version: KubernetesVersion
): ValidationOutcome[] {
  if (!validatedHere(served.group, served.kind)) return []
  let byKind = validated.get(object)
  if (byKind === undefined)
    validated.set(object, (byKind = new Map<ServedKind, Map<string, ValidationOutcome[]>>()))
  let byRelease = byKind.get(served)
  if (byRelease === undefined)
    byKind.set(served, (byRelease = new Map<string, ValidationOutcome[]>()))
  const key = validationKey(api, version)
  let outcomes = byRelease.get(key)
  if (outcomes === undefined)
    byRelease.set(key, (outcomes = validate(object, served, api, version)))
  return outcomes
}

/**
 * Outcomes by object, kind (of one release's facts) and what else the validation depends on: the
 * API facts, the value style and the release's validation features. Releases that agree on all of
 * them validate an object alike (1.37, checked with 1.36's facts, agrees with 1.36), so it is
 * validated once for them (two validations instead of three with the default releases).
 */
const validated = new WeakMap<JsonObject, Map<ServedKind, Map<string, ValidationOutcome[]>>>()

const validationKeys = new WeakMap<ReleaseApi, Map<KubernetesVersion, string>>()

/** The facts' release, value style and validation features of a release, as one string. */
function validationKey(api: ReleaseApi, version: KubernetesVersion): string {
  let byVersion = validationKeys.get(api)
  if (byVersion === undefined)
    validationKeys.set(api, (byVersion = new Map<KubernetesVersion, string>()))
  let key = byVersion.get(version)
  if (key === undefined) {
    key = `${api.factsRelease}\u0000${behaviourKey(releaseFeatures(version))}`
    byVersion.set(version, key)
  }
  return key
}

function validate(
  object: JsonObject,
  served: ServedKind,
  api: ReleaseApi,
  version: KubernetesVersion
): ValidationOutcome[] {
  const result = validateBuiltinCreate(object, served, api, releaseFeatures(version))
  const style = valueStyleFor(version)
  const outcomes: ValidationOutcome[] = []
  for (const e of result.errors)
    outcomes.push({
      ruleId: 'builtin/invalid',
      message: errorString(e, { style }),
      path: writtenPath(object, e.field),
      target: 'key',
      refused: true,
      fromSchemas: true
    })
  for (const w of result.warnings)
    outcomes.push({
      ruleId: 'builtin/warning',
      message: `Warning: ${w.message}`,
      path: writtenPath(object, w.field),
      target: 'key',
      refused: false,
      fromSchemas: true
    })
  return outcomes
}
