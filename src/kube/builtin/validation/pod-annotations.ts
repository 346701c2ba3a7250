/**
 * The annotations a pod template's metadata may carry with meaning for the pod (kubernetes
 * pkg/apis/core/validation/validation.go at 000f26050b9b: ValidatePodSpecificAnnotations,
 * ValidateSeccompPodAnnotations, ValidateSeccompProfile, ValidateAppArmorPodAnnotations,
 * ValidateAppArmorProfileFormat, validateSeccompAnnotationsAndFields,
 * validateAppArmorAnnotationsAndFieldsMatchOnCreate; pkg/apis/core/helper
 * GetDeletionCostFromPodAnnotations): the mirror-pod, deletion-cost, seccomp and AppArmor keys, and
 * profiles given both as annotation and as field agreeing; for a Pod's create, the AppArmor sync
 * that runs before (pkg/registry/core/pod/strategy.go applyAppArmorVersionSkew). Not modelled:
 * the JSON of the `scheduler.alpha.kubernetes.io/tolerations` annotation.
 */
import { forbidden, goQuote, invalid } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { isJsonObject } from '../../../common/json.js'
import type { JsonObject } from '../../../common/json.js'
import { trimSpace } from '../../../cel/interpreter/text.js'
import { fieldOf, itemsOf, listOf, objectOf, stringOf } from './json.js'
import { containerPath, specContainers } from './containers.js'

const MIRROR_POD = 'kubernetes.io/config.mirror'
const DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost'
const SECCOMP_POD = 'seccomp.security.alpha.kubernetes.io/pod'
const SECCOMP_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/'
const APPARMOR_CONTAINER_PREFIX = 'container.apparmor.security.beta.kubernetes.io/'
const LOCALHOST = 'localhost/'
const RUNTIME_DEFAULT = 'runtime/default'
const UNCONFINED = 'unconfined'

type Annotations = Readonly<Record<string, string>>

/** `GetDeletionCostFromPodAnnotations`: an int32 without `+` or leading zeros. */
function isDeletionCost(value: string): boolean {
  if (!/^-?(0|[1-9][0-9]*)$/.test(value) && !/^-0[0-9]+$/.test(value)) return false
  const n = BigInt(value)
  return n >= -(2n ** 31n) && n < 2n ** 31n
}

/** `ValidateSeccompProfile`: an annotation's profile name. */
function validateSeccompAnnotation(value: string, path: FieldPath, errs: FieldError[]): void {
  if (value === RUNTIME_DEFAULT || value === 'docker/default' || value === UNCONFINED) return
  if (value.startsWith(LOCALHOST)) {
    const target = value.slice(LOCALHOST.length)
    if (target.startsWith('/')) errs.push(invalid(path, target, 'must be a relative path'))
    if (target.split('/').includes('..')) errs.push(invalid(path, target, "must not contain '..'"))
    return
  }
  errs.push(invalid(path, value, 'must be a valid seccomp profile'))
}

/** `ValidatePodSpecificAnnotations` for the annotations at `path` of a pod's `spec`. */
export function validatePodSpecificAnnotations(
  annotations: Annotations,
  spec: JsonObject,
  path: FieldPath,
  errs: FieldError[]
): void {
  const has = (key: string): boolean => Object.hasOwn(annotations, key)
  if (has(MIRROR_POD) && stringOf(spec, 'nodeName') === '')
    errs.push(
      invalid(
        path.key(MIRROR_POD),
        annotations[MIRROR_POD],
        'must set spec.nodeName if mirror pod annotation is set'
      )
    )
  if (has(DELETION_COST) && !isDeletionCost(annotations[DELETION_COST]!))
    errs.push(
      invalid(path.key(DELETION_COST), annotations[DELETION_COST], 'must be a 32bit integer')
    )
  if (has(SECCOMP_POD))
    validateSeccompAnnotation(annotations[SECCOMP_POD]!, path.child(SECCOMP_POD), errs)
  // The container names, for AppArmor annotations only (few pods have one).
  let names: Set<string> | undefined
  for (const [key, value] of Object.entries(annotations)) {
    if (key.startsWith(SECCOMP_CONTAINER_PREFIX))
      validateSeccompAnnotation(value, path.child(key), errs)
    if (!key.startsWith(APPARMOR_CONTAINER_PREFIX)) continue
    const container = key.slice(APPARMOR_CONTAINER_PREFIX.length)
    names ??= new Set(specContainers(spec).map((c) => stringOf(c.container, 'name')))
    if (!names.has(container)) errs.push(invalid(path.key(key), container, 'container not found'))
    if (
      value !== '' &&
      value !== RUNTIME_DEFAULT &&
      value !== UNCONFINED &&
      !value.startsWith(LOCALHOST)
    )
      errs.push(invalid(path.key(key), value, `invalid AppArmor profile name: ${goQuote(value)}`))
  }
}

const profileOf = (o: JsonObject | undefined, key: string): JsonObject | undefined => {
  const v = fieldOf(objectOf(o, 'securityContext'), key)
  return isJsonObject(v) ? v : undefined
}

/** Whether an annotation names the same profile as a field (Localhost: the same file). */
function profileMismatch(
  annotation: string,
  profile: JsonObject,
  runtimeDefaults: readonly string[]
): 'type' | 'localhostProfile' | undefined {
  switch (stringOf(profile, 'type')) {
    case 'Unconfined':
      return annotation === UNCONFINED ? undefined : 'type'
    case 'RuntimeDefault':
      return runtimeDefaults.includes(annotation) ? undefined : 'type'
    case 'Localhost': {
      if (!annotation.startsWith(LOCALHOST)) return 'type'
      const file = fieldOf(profile, 'localhostProfile')
      return file === annotation.slice(LOCALHOST.length) ? undefined : 'localhostProfile'
    }
    default:
      return undefined
  }
}

/** Whether an annotation names a seccomp or AppArmor profile (of the pod or a container). */
const hasProfileAnnotations = (annotations: Annotations): boolean =>
  Object.keys(annotations).some(
    (key) =>
      key === SECCOMP_POD ||
      key.startsWith(SECCOMP_CONTAINER_PREFIX) ||
      key.startsWith(APPARMOR_CONTAINER_PREFIX)
  )

/**
 * validateSeccompAnnotationsAndFields and validateAppArmorAnnotationsAndFieldsMatchOnCreate for
 * a pod template (the strategy that syncs them runs for Pods only) whose spec is at `specPath`.
 */
export function validateProfileAnnotationsMatch(
  annotations: Annotations,
  spec: JsonObject,
  specPath: FieldPath,
  errs: FieldError[]
): void {
  // Every check compares a profile field with its annotation.
  if (!hasProfileAnnotations(annotations)) return
  const seccomp = (profile: JsonObject, key: string, path: FieldPath): void => {
    if (!Object.hasOwn(annotations, key)) return
    const mismatch = profileMismatch(annotations[key]!, profile, [
      RUNTIME_DEFAULT,
      'docker/default'
    ])
    if (mismatch === 'type')
      errs.push(forbidden(path.child('type'), 'seccomp type in annotation and field must match'))
    else if (mismatch !== undefined)
      errs.push(
        forbidden(
          path.child('localhostProfile'),
          'seccomp profile in annotation and field must match'
        )
      )
  }
  const podSeccomp = profileOf(spec, 'seccompProfile')
  if (podSeccomp !== undefined)
    seccomp(podSeccomp, SECCOMP_POD, specPath.child('securityContext', 'seccompProfile'))
  const windows = stringOf(objectOf(spec, 'os'), 'name') === 'windows'
  const podAppArmor = profileOf(spec, 'appArmorProfile')
  for (const c of specContainers(spec)) {
    const { container } = c
    const name = stringOf(container, 'name')
    const own = profileOf(container, 'seccompProfile')
    if (own !== undefined)
      seccomp(
        own,
        SECCOMP_CONTAINER_PREFIX + name,
        containerPath(specPath, c).child('securityContext', 'seccompProfile')
      )
    if (windows) continue
    const appArmor = profileOf(container, 'appArmorProfile') ?? podAppArmor
    const key = APPARMOR_CONTAINER_PREFIX + name
    if (appArmor === undefined || !Object.hasOwn(annotations, key)) continue
    const mismatch = profileMismatch(annotations[key]!, appArmor, [RUNTIME_DEFAULT])
    const path = containerPath(specPath, c).child('securityContext', 'appArmorProfile')
    if (mismatch === 'type')
      errs.push(forbidden(path.child('type'), 'apparmor type in annotation and field must match'))
    else if (mismatch !== undefined)
      errs.push(
        forbidden(
          path.child('localhostProfile'),
          'apparmor profile in annotation and field must match'
        )
      )
  }
}

/** PATH_MAX - 1, as ValidateAppArmorProfileField allows. */
const MAX_LOCALHOST_PROFILE = 4095

/**
 * The field an AppArmor annotation stands for (podutil.ApparmorFieldForAnnotation), kept only
 * when ValidateAppArmorProfileField accepts it (the sync skips an invalid one).
 */
function appArmorFieldForAnnotation(value: string): JsonObject | undefined {
  if (value === UNCONFINED) return { type: 'Unconfined' }
  if (value === RUNTIME_DEFAULT) return { type: 'RuntimeDefault' }
  if (!value.startsWith(LOCALHOST)) return undefined
  const file = value.slice(LOCALHOST.length)
  if (file === '' || trimSpace(file) !== file) return undefined
  if (Buffer.byteLength(file, 'utf8') > MAX_LOCALHOST_PROFILE) return undefined
  return { type: 'Localhost', localhostProfile: file }
}

/** Semantic equality of two AppArmorProfile fields (type and the localhostProfile pointer). */
function sameProfile(a: JsonObject, b: JsonObject | undefined): boolean {
  if (b === undefined || stringOf(a, 'type') !== stringOf(b, 'type')) return false
  const file = (p: JsonObject): unknown => fieldOf(p, 'localhostProfile') ?? undefined
  return file(a) === file(b)
}

/**
 * The spec a Pod's create validates after `applyAppArmorVersionSkew` (strategy.go): a container
 * with an AppArmor annotation and no `appArmorProfile` of its own gets the field the annotation
 * stands for, unless that is invalid or the pod's profile already; Windows pods are left alone.
 * Earlier releases also copied fields into missing annotations; such annotations pass (unless a
 * container's name makes no valid annotation key), so that direction is not modelled. `spec` is
 * not changed.
 */
export function applyAppArmorVersionSkew(annotations: Annotations, spec: JsonObject): JsonObject {
  if (stringOf(objectOf(spec, 'os'), 'name') === 'windows') return spec
  const podProfile = profileOf(spec, 'appArmorProfile')
  const synced: JsonObject = { ...spec }
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    const items = itemsOf(spec, list)
    if (items.length === 0) continue
    const copy = listOf(spec, list).slice()
    for (const [i, container] of items) {
      const key = APPARMOR_CONTAINER_PREFIX + stringOf(container, 'name')
      if (!Object.hasOwn(annotations, key) || profileOf(container, 'appArmorProfile') !== undefined)
        continue
      const field = appArmorFieldForAnnotation(annotations[key]!)
      if (field === undefined || sameProfile(field, podProfile)) continue
      const context = objectOf(container, 'securityContext') ?? {}
      copy[i] = { ...container, securityContext: { ...context, appArmorProfile: field } }
    }
    synced[list] = copy
  }
  return synced
}
