/**
 * A PodSpec and a pod template as kube-apiserver validates them (kubernetes pkg/apis/core/
 * validation/validation.go at 000f26050b9b: ValidatePodSpec, validateContainers,
 * validateInitContainers, checkHostPortConflicts, validatePodHostNetworkDeps,
 * ValidateTolerations, validateReadinessGates, validateSchedulingGates, ValidatePreemptionPolicy,
 * ValidatePodTemplateSpec), after v1 defaulting (restartPolicy Always, dnsPolicy ClusterFirst,
 * terminationGracePeriodSeconds 30). Security contexts are in security-context.ts, affinity and
 * spread constraints in affinity.ts, DNS and host aliases in pod-dns.ts, a template's
 * pod-specific annotations in pod-annotations.ts (a Pod's own in core-kinds.ts). Not modelled:
 * resource claims, pod-level resources, overhead and ephemeral containers of Pods.
 */
import {
  GoPointer,
  GoStruct,
  duplicate,
  forbidden,
  invalid,
  notSupported,
  required
} from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { isQualifiedName, isValidLabelValue, nameIsDNSSubdomain } from '../../apimachinery/names.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import type { VolumeNames } from './containers.js'
import { dns1123Label, hasField, validateContainerCommon } from './containers.js'
import { fieldOf, intOf, itemsOf, listOf, objectOf, stringMapOf, stringOf } from './json.js'
import {
  messageStyle,
  templateAnnotations,
  templateLabels,
  validateAnnotations,
  validateLabels
} from './labels.js'
import { validateAffinity, validateTopologySpreadConstraints } from './affinity.js'
import type { PodLabels } from './affinity.js'
import {
  validatePodSpecificAnnotations,
  validateProfileAnnotationsMatch
} from './pod-annotations.js'
import { validateHostAliases, validatePodDNSConfig } from './pod-dns.js'
import { validateLifecycle, validateProbe } from './probes.js'
import type { ProbeKind } from './probes.js'
import { inclusiveRangeError } from './strings.js'
import {
  podHostUsers,
  validateContainerSecurityContext,
  validateHostUsers,
  validatePodOS,
  validatePodSecurityContext,
  validateWindowsHostProcess
} from './security-context.js'
import { validateVolumes } from './volumes.js'

const PROBES: readonly ProbeKind[] = ['livenessProbe', 'readinessProbe', 'startupProbe']
const MAX_INT32 = 2147483647

export interface PodSpecOptions {
  /** The PodSpec is a Pod's, not a template's (hostNetwork ports). */
  resourceIsPod: boolean
  /** Volume names a StatefulSet's volumeClaimTemplates add. */
  extraVolumes?: ReadonlySet<string>
  /** Do not check that volume mounts name a volume. */
  skipMountNames?: boolean
  /** A Pod's own labels, merged into its affinity terms for their label keys on create. */
  podLabels?: PodLabels
}

/** Every name is a volume: what mounts see when their names are not checked. */
const ANY_VOLUME = { has: (): boolean => true }

/** `AccumulateUniqueHostPorts` over `containers`, indexed from 0 as upstream. */
function hostPortConflicts(
  containers: Array<[number, JsonObject]>,
  path: FieldPath,
  errs: FieldError[]
) {
  const seen = new Set<string>()
  containers.forEach(([, container], ci) => {
    for (const [pi, port] of itemsOf(container, 'ports')) {
      const hostPort = intOf(port, 'hostPort') ?? 0
      if (hostPort === 0) continue
      const key = `${stringOf(port, 'protocol') || 'TCP'}/${stringOf(port, 'hostIP')}/${hostPort}`
      if (seen.has(key))
        errs.push(duplicate(path.index(ci).child('ports').index(pi).child('hostPort'), key))
      else seen.add(key)
    }
  })
}

/** The lifecycle handlers and probes of a regular or restartable init container. */
function validateLifecycleAndProbes(container: JsonObject, at: FieldPath, errs: FieldError[]) {
  const lifecycle = objectOf(container, 'lifecycle')
  if (lifecycle !== undefined)
    for (const e of validateLifecycle(lifecycle, at.child('lifecycle'))) errs.push(e)
  for (const kind of PROBES) {
    const probe = objectOf(container, kind)
    if (probe !== undefined)
      for (const e of validateProbe(probe, kind, at.child(kind))) errs.push(e)
  }
}

function validateContainers(
  spec: JsonObject,
  path: FieldPath,
  volumes: VolumeNames,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const hostUsers = podHostUsers(spec, ctx)
  const containers = itemsOf(spec, 'containers')
  if (containers.length === 0) {
    errs.push(required(path))
    return
  }
  const names = new Set<string>()
  for (const [i, container] of containers) {
    const at = path.index(i)
    for (const e of validateContainerCommon(container, at, volumes, ctx)) errs.push(e)
    validateContainerSecurityContext(container, at, hostUsers, ctx, errs)
    const name = stringOf(container, 'name')
    if (names.has(name)) errs.push(duplicate(at.child('name'), name))
    else names.add(name)
    validateLifecycleAndProbes(container, at, errs)
    if (hasField(container, 'restartPolicy'))
      errs.push(forbidden(at.child('restartPolicy'), 'may not be set for non-init containers'))
  }
  hostPortConflicts(containers, path, errs)
}

function validateInitContainers(
  spec: JsonObject,
  path: FieldPath,
  volumes: VolumeNames,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const hostUsers = podHostUsers(spec, ctx)
  const names = new Set<string>()
  for (const [, c] of itemsOf(spec, 'containers')) names.add(stringOf(c, 'name'))
  for (const [i, container] of itemsOf(spec, 'initContainers')) {
    const at = path.index(i)
    for (const e of validateContainerCommon(container, at, volumes, ctx)) errs.push(e)
    validateContainerSecurityContext(container, at, hostUsers, ctx, errs)
    const restartPolicy = fieldOf(container, 'restartPolicy')
    const restartAlways = restartPolicy === 'Always'
    if (restartPolicy !== undefined && !restartAlways)
      errs.push(notSupported(at.child('restartPolicy'), restartPolicy, ['Always']))
    const name = stringOf(container, 'name')
    if (names.has(name)) errs.push(duplicate(at.child('name'), name))
    else if (name !== '') names.add(name)
    // Init containers run one by one: their host ports are checked each on its own.
    hostPortConflicts([[i, container]], path, errs)
    if (restartAlways) validateLifecycleAndProbes(container, at, errs)
    else {
      for (const f of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'])
        if (hasField(container, f))
          errs.push(
            forbidden(
              at.child(f),
              'may not be set for init containers without restartPolicy=Always'
            )
          )
    }
  }
}

/** `validatePodHostNetworkDeps`: with hostNetwork, a set hostPort must equal containerPort. */
function validateHostNetworkPorts(spec: JsonObject, path: FieldPath, errs: FieldError[]): void {
  if (fieldOf(spec, 'hostNetwork') !== true) return
  for (const [i, container] of itemsOf(spec, 'containers'))
    for (const [j, port] of itemsOf(container, 'ports')) {
      // Defaulting copies containerPort into an unset hostPort of a Pod, so 0 never fails.
      const hostPort = intOf(port, 'hostPort') ?? 0
      if (hostPort !== 0 && hostPort !== (intOf(port, 'containerPort') ?? 0))
        errs.push(
          invalid(
            path.child('containers').index(i).child('ports').index(j).child('hostPort'),
            hostPort,
            'must match `containerPort` when `hostNetwork` is true'
          )
        )
    }
}

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never']
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None']
const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute']

function validateTolerations(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
) {
  const style = messageStyle(ctx)
  for (const [i, t] of itemsOf(spec, 'tolerations')) {
    const at = path.index(i)
    const key = stringOf(t, 'key')
    const operator = stringOf(t, 'operator')
    const effect = stringOf(t, 'effect')
    const value = stringOf(t, 'value')
    if (key !== '')
      for (const msg of isQualifiedName(key, style)) errs.push(invalid(at.child('key'), key, msg))
    if (key === '' && operator !== 'Exists')
      errs.push(
        invalid(
          at.child('operator'),
          operator,
          'operator must be Exists when `key` is empty, which means "match all values and all keys"'
        )
      )
    if (fieldOf(t, 'tolerationSeconds') !== undefined && effect !== 'NoExecute')
      errs.push(
        invalid(
          at.child('effect'),
          effect,
          "effect must be 'NoExecute' when `tolerationSeconds` is set"
        )
      )
    if (operator === 'Equal' || operator === '') {
      const msgs = isValidLabelValue(value, style)
      if (msgs.length > 0) errs.push(invalid(at.child('operator'), value, msgs.join(';')))
    } else if (operator === 'Exists') {
      if (value !== '') {
        const exists = "value must be empty when `operator` is 'Exists'"
        if (ctx.release.tolerationValueInExistsError)
          errs.push(invalid(at.child('operator'), value, exists))
        // Up to 1.31 the whole toleration; with tolerationSeconds set, Go syntax would print
        // its pointer's address, so that case is not reported.
        else if (fieldOf(t, 'tolerationSeconds') === undefined)
          errs.push(
            invalid(
              at.child('operator'),
              new GoStruct('core.Toleration', [
                ['Key', key],
                ['Operator', operator],
                ['Value', value],
                ['Effect', effect],
                ['TolerationSeconds', new GoPointer('int64', undefined)]
              ]),
              exists
            )
          )
      }
    } else errs.push(notSupported(at.child('operator'), operator, ['Equal', 'Exists']))
    if (effect !== '' && !TAINT_EFFECTS.includes(effect))
      errs.push(notSupported(at.child('effect'), effect, TAINT_EFFECTS))
  }
}

const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never']

/** validateReadinessGates, validateSchedulingGates, runtimeClassName and preemptionPolicy. */
function validateSchedulingFields(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const style = messageStyle(ctx)
  for (const [i, gate] of itemsOf(spec, 'readinessGates')) {
    const type = stringOf(gate, 'conditionType')
    for (const msg of isQualifiedName(type, style))
      errs.push(invalid(path.child('readinessGates').index(i).child('conditionType'), type, msg))
  }
  const gates = new Set<string>()
  for (const [i, gate] of itemsOf(spec, 'schedulingGates')) {
    const at = path.child('schedulingGates').index(i)
    const name = stringOf(gate, 'name')
    for (const msg of isQualifiedName(name, style)) errs.push(invalid(at, name, msg))
    if (gates.has(name)) errs.push(duplicate(at, name))
    gates.add(name)
  }
  const runtimeClass = fieldOf(spec, 'runtimeClassName')
  if (typeof runtimeClass === 'string')
    for (const msg of nameIsDNSSubdomain(runtimeClass, false))
      errs.push(invalid(path.child('runtimeClassName'), runtimeClass, msg))
  const preemption = fieldOf(spec, 'preemptionPolicy')
  if (typeof preemption === 'string') {
    const at = path.child('preemptionPolicy')
    if (preemption === '') errs.push(required(at))
    else if (!PREEMPTION_POLICIES.includes(preemption))
      errs.push(
        notSupported(at, new GoPointer('core.PreemptionPolicy', preemption), PREEMPTION_POLICIES)
      )
  }
}

/** `ValidatePodSpec` for a spec at `path`. */
export function validatePodSpec(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  options: PodSpecOptions
): FieldError[] {
  const errs: FieldError[] = []
  const volumes = validateVolumes(spec, path.child('volumes'))
  for (const e of volumes.errors) errs.push(e)
  const known = new Set(volumes.valid)
  for (const extra of options.extraVolumes ?? []) known.add(extra)
  const names = options.skipMountNames === true ? ANY_VOLUME : known
  validateContainers(spec, path.child('containers'), names, ctx, errs)
  validateInitContainers(spec, path.child('initContainers'), names, ctx, errs)
  validateHostNetworkPorts(spec, path, errs)
  const restartPolicy = stringOf(spec, 'restartPolicy')
  if (restartPolicy !== '' && !RESTART_POLICIES.includes(restartPolicy))
    errs.push(notSupported(path.child('restartPolicy'), restartPolicy, RESTART_POLICIES))
  const dnsPolicy = stringOf(spec, 'dnsPolicy')
  if (dnsPolicy !== '' && !DNS_POLICIES.includes(dnsPolicy))
    errs.push(notSupported(path.child('dnsPolicy'), dnsPolicy, DNS_POLICIES))
  for (const e of validateLabels(
    stringMapOf(spec, 'nodeSelector'),
    path.child('nodeSelector'),
    ctx
  ))
    errs.push(e)
  validatePodSecurityContext(spec, path, ctx, errs)
  validateAffinity(spec, path.child('affinity'), ctx, options.podLabels, errs)
  validatePodDNSConfig(spec, path.child('dnsConfig'), ctx, errs)
  validateSchedulingFields(spec, path, ctx, errs)
  validateTopologySpreadConstraints(spec, path.child('topologySpreadConstraints'), ctx, errs)
  validateWindowsHostProcess(spec, path, errs)
  validateHostUsers(spec, path, ctx, errs)
  for (const field of ['serviceAccountName', 'nodeName', 'priorityClassName']) {
    const value = stringOf(spec, field)
    if (value !== '')
      for (const msg of nameIsDNSSubdomain(value, false))
        errs.push(invalid(path.child(field), value, msg))
  }
  const deadline = intOf(spec, 'activeDeadlineSeconds')
  if (deadline !== undefined && (deadline < 1 || deadline > MAX_INT32))
    errs.push(
      invalid(path.child('activeDeadlineSeconds'), deadline, inclusiveRangeError(1, MAX_INT32))
    )
  for (const field of ['hostname', 'subdomain']) {
    const value = stringOf(spec, field)
    if (value !== '') dns1123Label(value, path.child(field), errs)
  }
  validateTolerations(spec, path.child('tolerations'), ctx, errs)
  validateHostAliases(spec, path.child('hostAliases'), errs)
  validatePodOS(spec, path, ctx, errs)
  // ValidatePodCreate: a Pod is bound to a node only once its scheduling gates are gone.
  if (
    options.resourceIsPod &&
    stringOf(spec, 'nodeName') !== '' &&
    listOf(spec, 'schedulingGates').length > 0
  )
    errs.push(
      forbidden(path.child('nodeName'), 'cannot be set until all schedulingGates have been cleared')
    )
  return errs
}

/**
 * `ValidatePodTemplateSpec` for the template at `path`: its labels and annotations (at
 * `<path>.labels` and `<path>.annotations`, as upstream names them) and its spec.
 */
export function validatePodTemplateSpec(
  template: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  options: Omit<PodSpecOptions, 'resourceIsPod' | 'podLabels'> = {}
): FieldError[] {
  const errs = validateLabels(templateLabels(template), path.child('labels'), ctx)
  for (const e of validateAnnotations(
    templateAnnotations(template),
    path.child('annotations'),
    ctx
  ))
    errs.push(e)
  const spec = objectOf(template, 'spec') ?? {}
  const annotations = templateAnnotations(template) ?? {}
  validatePodSpecificAnnotations(annotations, spec, path.child('annotations'), errs)
  for (const e of validatePodSpec(spec, path.child('spec'), ctx, {
    ...options,
    resourceIsPod: false
  }))
    errs.push(e)
  validateProfileAnnotationsMatch(annotations, spec, path.child('spec'), errs)
  if (listOf(spec, 'ephemeralContainers').length > 0)
    errs.push(
      forbidden(
        path.child('spec', 'ephemeralContainers'),
        'ephemeral containers not allowed in pod template'
      )
    )
  return errs
}

/** A template's restart policy after defaulting (SetDefaults_PodSpec: `Always`). */
export const templateRestartPolicy = (template: JsonObject | undefined): string =>
  stringOf(objectOf(template, 'spec'), 'restartPolicy') || 'Always'

/**
 * What ReplicationController, ReplicaSet, DaemonSet and StatefulSet each check of their
 * template after ValidatePodTemplateSpec (upstream repeats it per kind): it restarts `Always`
 * and sets no `activeDeadlineSeconds`.
 */
export function validateAlwaysRestartingTemplate(
  template: JsonObject,
  at: FieldPath,
  kind: string,
  errs: FieldError[]
): void {
  const restartPolicy = templateRestartPolicy(template)
  if (restartPolicy !== 'Always')
    errs.push(notSupported(at.child('spec', 'restartPolicy'), restartPolicy, ['Always']))
  if (fieldOf(objectOf(template, 'spec'), 'activeDeadlineSeconds') !== undefined)
    errs.push(
      forbidden(
        at.child('spec', 'activeDeadlineSeconds'),
        `activeDeadlineSeconds in ${kind} is not Supported`
      )
    )
}
