/**
 * Kyverno's Pod Security Standards evaluation with exclusions (pkg/pss/evaluate.go): the failing
 * checks of a level, then each exclusion (a rule's `podSecurity.exclude` or a PolicyException's
 * `podSecurity`) removes the field errors it covers — by control name, optionally one restricted
 * field and allowed values; with `images` only for the matching containers. A check whose field
 * errors are all removed no longer fails.
 *
 * Kyverno keeps results in a Go map (its order is random); we keep check order.
 */
import { isJsonObject } from '../../common/json.js'
import { wildcardMatch } from '../go/wildcard.js'
import type { JsonMap } from '../types.js'
import { evaluateChecks } from './checks.js'
import type { CheckResult, FieldErr, Level } from './checks.js'

/** A podSecurity exclusion (kyverno.io/v1 PodSecurityStandard). */
export interface PodSecurityExclusion {
  controlName?: string
  images?: string[]
  restrictedField?: string
  values?: string[]
}

export interface LevelVersion {
  level: Level
  version: number
}

/** A pod as the checks see it: its metadata and spec. */
export interface PodView {
  meta: JsonMap
  spec: JsonMap
}

/** pssutils.PSS_control_name_to_ids: a control name's check IDs. */
const CONTROL_CHECKS: Readonly<Record<string, readonly string[]>> = {
  Capabilities: ['capabilities_baseline', 'capabilities_restricted'],
  Seccomp: ['seccompProfile_baseline', 'seccompProfile_restricted'],
  'Privileged Containers': ['privileged'],
  'Host Ports': ['hostPorts'],
  '/proc Mount Type': ['procMount'],
  HostProcess: ['windowsHostProcess'],
  SELinux: ['seLinuxOptions'],
  'Host Namespaces': ['hostNamespaces'],
  'HostPath Volumes': ['hostPathVolumes'],
  Sysctls: ['sysctls'],
  AppArmor: ['appArmorProfile'],
  'Privilege Escalation': ['allowPrivilegeEscalation'],
  'Running as Non-root': ['runAsNonRoot'],
  'Running as Non-root user': ['runAsUser'],
  'Volume Types': ['restrictedVolumes']
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const anyPattern = (patterns: readonly string[], value: string): boolean =>
  patterns.some((p) => wildcardMatch(p, value))

/** evaluatePSS on a pod. */
export function evaluatePod(level: LevelVersion, pod: PodView): CheckResult[] {
  return evaluateChecks(level.level, level.version, pod.meta, pod.spec)
}

/** EvaluatePod: allowed when no check fails after the rule's own exclusions. */
export function evaluatePodWithExclusions(
  level: LevelVersion,
  excludes: readonly PodSecurityExclusion[],
  pod: PodView
): { allowed: boolean; checks: CheckResult[] } {
  let checks = evaluatePod(level, pod)
  if (excludes.length > 0) checks = applyExclusions(level, excludes, checks, pod)
  return { allowed: checks.length === 0, checks }
}

/** ApplyPodSecurityExclusion. */
export function applyExclusions(
  level: LevelVersion,
  excludes: readonly PodSecurityExclusion[],
  checks: CheckResult[],
  pod: PodView
): CheckResult[] {
  let out = checks
  for (const exclude of excludes) {
    const images = exclude.images ?? []
    if (images.length === 0) {
      // Pod-level: the pod with one empty container, so only pod fields fail.
      const podOnly: PodView = {
        meta: pod.meta,
        spec: { ...pod.spec, containers: [{ name: 'fake' }] }
      }
      delete podOnly.spec.initContainers
      delete podOnly.spec.ephemeralContainers
      out = exempt(out, evaluatePod(level, podOnly), exclude, pod, undefined)
    } else {
      const matching = matchingContainers(images, pod)
      out = exempt(out, evaluatePod(level, matching), exclude, pod, matching)
    }
  }
  return out
}

/** GetPodWithMatchingContainers: a pod of only the containers whose image matches. */
function matchingContainers(images: readonly string[], pod: PodView): PodView {
  const spec: JsonMap = {}
  for (const key of ['containers', 'initContainers', 'ephemeralContainers']) {
    const kept = list(pod.spec[key]).filter(
      (c) => isJsonObject(c) && anyPattern(images, typeof c.image === 'string' ? c.image : '')
    )
    if (kept.length > 0) spec[key] = kept
  }
  const meta: JsonMap = {}
  if (pod.meta.name !== undefined) meta.name = pod.meta.name
  if (pod.meta.namespace !== undefined) meta.namespace = pod.meta.namespace
  return { meta, spec }
}

interface ParsedField {
  field: string
  containerType?: string
  index?: number
}

/** parseField: indexes become `*`; the second word names the container list, if it is one. */
function parseField(field: string, containerLevel: boolean): ParsedField {
  const normalized = field.replace(/\d+/g, '*')
  if (!containerLevel) return { field: normalized }
  const words = field.match(/[a-zA-Z]+/g) ?? []
  const type = words[1] ?? ''
  if (type !== 'containers' && type !== 'initContainers' && type !== 'ephemeralContainers')
    return { field: normalized }
  return { field: normalized, containerType: type, index: Number(/\d+/.exec(field)?.[0] ?? 0) }
}

function containerName(pod: PodView, parsed: ParsedField): unknown {
  const c = list(pod.spec[parsed.containerType ?? ''])[parsed.index ?? 0]
  return isJsonObject(c) ? c.name : undefined
}

/** extractBadValues: strings (non-empty), booleans, integers and string lists. */
function badValues(err: FieldErr): string[] {
  const v = err.badValue
  if (typeof v === 'string') return v === '' ? [] : [v]
  if (typeof v === 'boolean') return [String(v)]
  if (typeof v === 'number') return [String(v)]
  if (Array.isArray(v)) return v.map(String)
  return []
}

/** exemptExclusions: removes the default checks' field errors the exclusion covers. */
function exempt(
  defaults: CheckResult[],
  excluded: readonly CheckResult[],
  exclude: PodSecurityExclusion,
  pod: PodView,
  matching: PodView | undefined
): CheckResult[] {
  const byId = new Map(defaults.map((c) => [c.id, c]))
  const containerLevel = matching !== undefined
  const ids = CONTROL_CHECKS[exclude.controlName ?? ''] ?? []
  const restricted = exclude.restrictedField ?? ''
  const values = exclude.values ?? []
  for (const excludeResult of excluded) {
    if (!ids.includes(excludeResult.id)) continue
    for (const excludeErr of excludeResult.errs) {
      const ex = parseField(excludeErr.field, containerLevel)
      const exName = ex.containerType !== undefined ? containerName(matching!, ex) : undefined
      if (restricted !== '' && ex.field !== restricted) continue
      if (values.length > 0 && !badValues(excludeErr).every((b) => anyPattern(values, b))) continue
      const target = byId.get(excludeResult.id)
      if (target === undefined) continue
      const errs = target.errs
      for (let i = 0; i < errs.length; i++) {
        const def = parseField(errs[i]!.field, containerLevel)
        const same =
          def.containerType !== undefined
            ? ex.field === def.field && exName === containerName(pod, def)
            : ex.field === def.field
        if (same) {
          // Go's swap-remove.
          errs[i] = errs[errs.length - 1]!
          errs.pop()
          break
        }
      }
      if (errs.length === 0) byId.delete(excludeResult.id)
    }
  }
  return defaults.filter((c) => byId.has(c.id))
}

/** Go's `%+v` of a bad value. */
const goValue = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(String).join(' ')}]` : String(v)

/** FormatChecksPrint: each failing check with its field errors. */
export function formatChecks(checks: readonly CheckResult[]): string {
  return checks
    .map((check) => {
      const errs = check.errs.map((e) => {
        if (e.type === 'required') return `${e.field}: Required value`
        if (e.badValue === undefined || e.badValue === '') return `${e.field}: Forbidden`
        return `${e.field} is forbidden, forbidden values found: ${goValue(e.badValue)}`
      })
      return `(Forbidden reason: ${check.reason}, field error list: [${errs.join(', ')}])`
    })
    .join('')
}

/** convertChecks: field paths as they are in the workload kind's pod template. */
export function convertChecks(checks: readonly CheckResult[], kind: string): CheckResult[] {
  const prefix = TEMPLATE_KINDS.has(kind)
    ? 'spec.template.spec'
    : kind === 'CronJob'
      ? 'spec.jobTemplate.spec.template.spec'
      : undefined
  return checks.map((c) => ({
    ...c,
    errs: c.errs.map((e) => {
      let field = prefix !== undefined ? e.field.replaceAll('spec', prefix) : e.field
      field = field.replaceAll('metadata', 'spec.template.metadata')
      return { ...e, field }
    })
  }))
}

const TEMPLATE_KINDS = new Set([
  'DaemonSet',
  'Deployment',
  'Job',
  'StatefulSet',
  'ReplicaSet',
  'ReplicationController'
])

/** getSpec: the pod metadata and spec of a Pod or a workload's pod template. */
export function podOf(resource: JsonMap): PodView | Error {
  const kind = typeof resource.kind === 'string' ? resource.kind : ''
  const obj = (v: unknown): JsonMap => (isJsonObject(v) ? v : {})
  if (TEMPLATE_KINDS.has(kind)) {
    const template = obj(obj(resource.spec).template)
    return { meta: obj(template.metadata), spec: obj(template.spec) }
  }
  if (kind === 'CronJob') {
    // Kyverno takes the job template's metadata here, not the pod template's.
    const jobTemplate = obj(obj(resource.spec).jobTemplate)
    return { meta: obj(jobTemplate.metadata), spec: obj(obj(obj(jobTemplate.spec).template).spec) }
  }
  if (kind === 'Pod') return { meta: obj(resource.metadata), spec: obj(resource.spec) }
  return new Error('could not find correct resource type')
}
