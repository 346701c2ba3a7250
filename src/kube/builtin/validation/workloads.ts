/**
 * The workload kinds' specs on create: Deployment, ReplicaSet, DaemonSet and StatefulSet
 * (kubernetes pkg/apis/apps/validation/validation.go at 2dd1588c4907), Job and CronJob
 * (pkg/apis/batch/validation/validation.go at 3989b1858620), after apps/v1 and batch/v1
 * defaulting (replicas 1, revisionHistoryLimit 10, progressDeadlineSeconds 600, strategies
 * RollingUpdate with 25%/25% for Deployments and maxUnavailable 1 for DaemonSets,
 * podManagementPolicy OrderedReady, concurrencyPolicy Allow). A selector is never defaulted in
 * apps/v1: left out, it is required and matches no template. Not modelled: a Job's generated
 * selector, pod failure and success policies, and
 * (up to 1.33) a strategy of an unknown type that also sets its rolling-update parameters.
 */
import {
  FieldPath,
  GoPointer,
  GoStruct,
  forbidden,
  invalid,
  notSupported,
  required
} from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import { parseLabelSelector, selectorMatches } from '../../apimachinery/label-selector.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { dns1123Label } from './containers.js'
import { validateJobTemplateSelector, validateSchedule, validateTimeZone } from './cron-job.js'
import { fieldOf, intOf, itemsOf, objectOf, stringOf } from './json.js'
import {
  labelSelectorValue,
  readLabelSelector,
  stringMapValue,
  templateAnnotations,
  templateLabels,
  validateAnnotations,
  validateLabelSelector,
  validateLabels
} from './labels.js'
import {
  intOrPercentValue,
  intOrStringValue,
  notMoreThan100Percent,
  validatePositiveIntOrPercent
} from './int-or-percent.js'
import type { IntOrString } from './int-or-percent.js'
import {
  templateRestartPolicy,
  validateAlwaysRestartingTemplate,
  validatePodTemplateSpec
} from './pod-spec.js'
import { nonnegative } from './probes.js'

const SPEC = FieldPath.of('spec')
const MISMATCH = '`selector` does not match template `labels`'

const intOrString = (
  o: JsonObject | undefined,
  key: string,
  fallback: IntOrString
): IntOrString => {
  const v = fieldOf(o, key)
  return typeof v === 'number' || typeof v === 'string' ? v : fallback
}

type SelectorCheck = 'required' | 'optional'

/**
 * The selector checks every controller shares: required (Deployment, ReplicaSet, StatefulSet),
 * valid, not empty; then whether it parses. Returns the parsed selector, or undefined when it
 * does not parse (upstream then skips the template).
 */
function checkSelector(
  spec: JsonObject,
  ctx: ValidationContext,
  kindWord: string,
  check: SelectorCheck,
  errs: FieldError[]
): ReturnType<typeof parseLabelSelector> {
  const selector = objectOf(spec, 'selector')
  const at = SPEC.child('selector')
  if (selector === undefined) {
    if (check === 'required') errs.push(required(at))
  } else {
    for (const e of validateLabelSelector(selector, at, ctx)) errs.push(e)
    if (
      itemsOf(selector, 'matchExpressions').length +
        Object.keys(objectOf(selector, 'matchLabels') ?? {}).length ===
      0
    )
      errs.push(invalid(at, labelSelectorValue(selector, ctx), `empty selector is ${kindWord}`))
  }
  return parseLabelSelector(selector === undefined ? undefined : readLabelSelector(selector))
}

function templateMismatch(
  parsed: ReturnType<typeof parseLabelSelector>,
  template: JsonObject | undefined,
  errs: FieldError[],
  skipEmpty: boolean
): void {
  if ('error' in parsed) return
  if (skipEmpty && parsed.kind === 'everything') return
  const labels = templateLabels(template)
  if (!selectorMatches(parsed, labels))
    errs.push(
      invalid(SPEC.child('template', 'metadata', 'labels'), stringMapValue(labels), MISMATCH)
    )
}

/** ValidatePodTemplateSpecForReplicaSet (Deployments and ReplicaSets). */
function replicaSetTemplate(
  spec: JsonObject,
  parsed: ReturnType<typeof parseLabelSelector>,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const template = objectOf(spec, 'template') ?? {}
  const at = SPEC.child('template')
  templateMismatch(parsed, template, errs, true)
  for (const e of validatePodTemplateSpec(template, at, ctx)) errs.push(e)
  validateAlwaysRestartingTemplate(template, at, 'ReplicaSet', errs)
}

function invalidSelector(spec: JsonObject, ctx: ValidationContext, errs: FieldError[]): void {
  const selector = objectOf(spec, 'selector') ?? {}
  errs.push(
    invalid(SPEC.child('selector'), labelSelectorValue(selector, ctx), 'invalid label selector')
  )
}

function validateDeploymentStrategy(spec: JsonObject, ctx: ValidationContext, errs: FieldError[]) {
  const strategy = objectOf(spec, 'strategy')
  const at = SPEC.child('strategy')
  const type = stringOf(strategy, 'type') || 'RollingUpdate'
  const rollingUpdate = objectOf(strategy, 'rollingUpdate')
  if (type === 'Recreate') {
    if (rollingUpdate !== undefined)
      errs.push(
        forbidden(
          at.child('rollingUpdate'),
          "may not be specified when strategy `type` is 'Recreate'"
        )
      )
  } else if (type === 'RollingUpdate') {
    const ru = at.child('rollingUpdate')
    const maxUnavailable = intOrString(rollingUpdate, 'maxUnavailable', '25%')
    const maxSurge = intOrString(rollingUpdate, 'maxSurge', '25%')
    validatePositiveIntOrPercent(maxUnavailable, ru.child('maxUnavailable'), ctx, errs)
    validatePositiveIntOrPercent(maxSurge, ru.child('maxSurge'), ctx, errs)
    if (intOrPercentValue(maxUnavailable) === 0 && intOrPercentValue(maxSurge) === 0)
      errs.push(
        invalid(
          ru.child('maxUnavailable'),
          intOrStringValue(maxUnavailable, ctx),
          'may not be 0 when `maxSurge` is 0'
        )
      )
    notMoreThan100Percent(maxUnavailable, ru.child('maxUnavailable'), ctx, errs)
  } else if (ctx.style !== 'legacy') {
    // The whole internal (untagged) strategy as JSON; rollingUpdate is not defaulted for an
    // unknown type, so a left-out parameter is IntOrString's zero value.
    const parameters =
      rollingUpdate === undefined
        ? null
        : new GoStruct('apps.RollingUpdateDeployment', [
            ['MaxUnavailable', intOrString(rollingUpdate, 'maxUnavailable', 0)],
            ['MaxSurge', intOrString(rollingUpdate, 'maxSurge', 0)]
          ])
    const value = new GoStruct('apps.DeploymentStrategy', [
      ['Type', type],
      ['RollingUpdate', parameters]
    ])
    errs.push(notSupported(at, value, ['Recreate', 'RollingUpdate']))
  } else if (rollingUpdate === undefined) {
    // Up to 1.33 Go syntax: with rollingUpdate set it would print the pointer's address, which
    // cannot be reproduced, so only this case is reported.
    const value = new GoStruct('apps.DeploymentStrategy', [
      ['Type', type],
      ['RollingUpdate', new GoPointer('apps.RollingUpdateDeployment', undefined)]
    ])
    errs.push(notSupported(at, value, ['Recreate', 'RollingUpdate']))
  }
}

export function validateDeploymentSpec(spec: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  nonnegative(intOf(spec, 'replicas'), SPEC.child('replicas'), errs)
  const parsed = checkSelector(spec, ctx, 'invalid for deployment', 'required', errs)
  if ('error' in parsed) invalidSelector(spec, ctx, errs)
  else replicaSetTemplate(spec, parsed, ctx, errs)
  validateDeploymentStrategy(spec, ctx, errs)
  const minReady = intOf(spec, 'minReadySeconds') ?? 0
  nonnegative(minReady, SPEC.child('minReadySeconds'), errs)
  nonnegative(intOf(spec, 'revisionHistoryLimit'), SPEC.child('revisionHistoryLimit'), errs)
  const progressDeadline = intOf(spec, 'progressDeadlineSeconds') ?? 600
  nonnegative(progressDeadline, SPEC.child('progressDeadlineSeconds'), errs)
  if (progressDeadline <= minReady)
    errs.push(
      invalid(
        SPEC.child('progressDeadlineSeconds'),
        progressDeadline,
        'must be greater than minReadySeconds'
      )
    )
  return errs
}

export function validateReplicaSetSpec(spec: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  nonnegative(intOf(spec, 'replicas'), SPEC.child('replicas'), errs)
  nonnegative(intOf(spec, 'minReadySeconds'), SPEC.child('minReadySeconds'), errs)
  // Upstream's ReplicaSet message says "deployment" too.
  const parsed = checkSelector(spec, ctx, 'invalid for deployment', 'required', errs)
  if ('error' in parsed) invalidSelector(spec, ctx, errs)
  else replicaSetTemplate(spec, parsed, ctx, errs)
  return errs
}

export function validateDaemonSetSpec(spec: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  const selector = objectOf(spec, 'selector')
  for (const e of validateLabelSelector(selector, SPEC.child('selector'), ctx)) errs.push(e)
  const parsed = parseLabelSelector(
    selector === undefined ? undefined : readLabelSelector(selector)
  )
  const template = objectOf(spec, 'template') ?? {}
  templateMismatch(parsed, template, errs, false)
  if (
    selector !== undefined &&
    itemsOf(selector, 'matchExpressions').length +
      Object.keys(objectOf(selector, 'matchLabels') ?? {}).length ===
      0
  )
    errs.push(
      invalid(
        SPEC.child('selector'),
        labelSelectorValue(selector, ctx),
        'empty selector is invalid for daemonset'
      )
    )
  const at = SPEC.child('template')
  for (const e of validatePodTemplateSpec(template, at, ctx)) errs.push(e)
  validateAlwaysRestartingTemplate(template, at, 'DaemonSet', errs)
  nonnegative(intOf(spec, 'minReadySeconds'), SPEC.child('minReadySeconds'), errs)
  nonnegative(intOf(spec, 'templateGeneration'), SPEC.child('templateGeneration'), errs)
  const strategy = objectOf(spec, 'updateStrategy')
  const type = stringOf(strategy, 'type') || 'RollingUpdate'
  if (type === 'RollingUpdate') {
    const rollingUpdate = objectOf(strategy, 'rollingUpdate')
    const ru = SPEC.child('updateStrategy', 'rollingUpdate')
    const maxUnavailable = intOrString(rollingUpdate, 'maxUnavailable', 1)
    const maxSurge = intOrString(rollingUpdate, 'maxSurge', 0)
    validatePositiveIntOrPercent(maxUnavailable, ru.child('maxUnavailable'), ctx, errs)
    validatePositiveIntOrPercent(maxSurge, ru.child('maxSurge'), ctx, errs)
    notMoreThan100Percent(maxUnavailable, ru.child('maxUnavailable'), ctx, errs)
    notMoreThan100Percent(maxSurge, ru.child('maxSurge'), ctx, errs)
    const hasUnavailable = intOrPercentValue(maxUnavailable) !== 0
    const hasSurge = intOrPercentValue(maxSurge) !== 0
    if (hasUnavailable && hasSurge)
      errs.push(
        invalid(
          ru.child('maxSurge'),
          intOrStringValue(maxSurge, ctx),
          'may not be set when maxUnavailable is non-zero'
        )
      )
    else if (!hasUnavailable && !hasSurge)
      errs.push(required(ru.child('maxUnavailable'), 'cannot be 0 when maxSurge is 0'))
  }
  nonnegative(intOf(spec, 'revisionHistoryLimit'), SPEC.child('revisionHistoryLimit'), errs)
  return errs
}

const RETENTION_POLICIES = ['Retain', 'Delete']

export function validateStatefulSetSpec(spec: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  const policy = stringOf(spec, 'podManagementPolicy')
  if (policy !== '' && policy !== 'OrderedReady' && policy !== 'Parallel')
    errs.push(
      invalid(SPEC.child('podManagementPolicy'), policy, "must be 'OrderedReady' or 'Parallel'")
    )
  const strategy = objectOf(spec, 'updateStrategy')
  const type = stringOf(strategy, 'type') || 'RollingUpdate'
  const rollingUpdate = objectOf(strategy, 'rollingUpdate')
  const su = SPEC.child('updateStrategy')
  if (type === 'RollingUpdate') {
    if (rollingUpdate !== undefined) {
      const ru = su.child('rollingUpdate')
      nonnegative(intOf(rollingUpdate, 'partition'), ru.child('partition'), errs)
      const v = fieldOf(rollingUpdate, 'maxUnavailable')
      if (typeof v === 'number' || typeof v === 'string') {
        validatePositiveIntOrPercent(v, ru.child('maxUnavailable'), ctx, errs)
        if (intOrPercentValue(v) === 0)
          errs.push(invalid(ru.child('maxUnavailable'), intOrStringValue(v, ctx), 'cannot be 0'))
        notMoreThan100Percent(v, ru.child('maxUnavailable'), ctx, errs)
      }
    }
  } else if (type === 'OnDelete') {
    // Reported only without maxUnavailable: Go syntax would print its pointer's address.
    if (rollingUpdate !== undefined && fieldOf(rollingUpdate, 'maxUnavailable') === undefined) {
      const partition = intOf(rollingUpdate, 'partition') ?? 0
      const value =
        ctx.style === 'legacy'
          ? new GoStruct('apps.RollingUpdateStatefulSetStrategy', [
              ['Partition', partition],
              ['MaxUnavailable', new GoPointer('intstr.IntOrString', undefined)]
            ])
          : new GoPointer(
              'apps.RollingUpdateStatefulSetStrategy',
              new GoStruct('apps.RollingUpdateStatefulSetStrategy', [
                ['Partition', partition],
                ['MaxUnavailable', null]
              ])
            )
      errs.push(
        invalid(su.child('rollingUpdate'), value, "only allowed for updateStrategy 'RollingUpdate'")
      )
    }
  } else if (rollingUpdate === undefined) {
    const value =
      ctx.style === 'legacy'
        ? new GoStruct('apps.StatefulSetUpdateStrategy', [
            ['Type', type],
            ['RollingUpdate', new GoPointer('apps.RollingUpdateStatefulSetStrategy', undefined)]
          ])
        : new GoStruct('apps.StatefulSetUpdateStrategy', [
            ['Type', type],
            ['RollingUpdate', null]
          ])
    errs.push(invalid(su, value, "must be 'RollingUpdate' or 'OnDelete'"))
  }
  const retention = objectOf(spec, 'persistentVolumeClaimRetentionPolicy')
  for (const f of ['whenDeleted', 'whenScaled']) {
    const v = stringOf(retention, f)
    if (v !== '' && !RETENTION_POLICIES.includes(v))
      errs.push(
        notSupported(SPEC.child('persistentVolumeClaimRetentionPolicy', f), v, RETENTION_POLICIES)
      )
  }
  nonnegative(intOf(spec, 'replicas'), SPEC.child('replicas'), errs)
  nonnegative(intOf(spec, 'minReadySeconds'), SPEC.child('minReadySeconds'), errs)
  nonnegative(intOf(objectOf(spec, 'ordinals'), 'start'), SPEC.child('ordinals.start'), errs)
  const serviceName = stringOf(spec, 'serviceName')
  if (ctx.release.statefulSetServiceNameValidated && serviceName !== '')
    dns1123Label(serviceName, SPEC.child('serviceName'), errs)
  const parsed = checkSelector(spec, ctx, 'invalid for statefulset', 'required', errs)
  const template = objectOf(spec, 'template') ?? {}
  const at = SPEC.child('template')
  if ('error' in parsed) {
    const selector = objectOf(spec, 'selector') ?? {}
    errs.push(invalid(SPEC.child('selector'), labelSelectorValue(selector, ctx), ''))
  } else {
    templateMismatch(parsed, template, errs, true)
    if (ctx.release.statefulSetPodTemplateValidated) {
      // Volume mounts may name the claim templates; which mounts 1.34 checks is not modelled,
      // so mount names are not checked here.
      const claims = new Set<string>()
      for (const [, claim] of itemsOf(spec, 'volumeClaimTemplates'))
        claims.add(stringOf(objectOf(claim, 'metadata'), 'name'))
      for (const e of validatePodTemplateSpec(template, at, ctx, {
        extraVolumes: claims,
        skipMountNames: true
      }))
        errs.push(e)
    } else {
      // Before 1.34 only the template's labels and annotations were validated.
      for (const e of validateLabels(templateLabels(template), at.child('labels'), ctx))
        errs.push(e)
      for (const e of validateAnnotations(
        templateAnnotations(template),
        at.child('annotations'),
        ctx
      ))
        errs.push(e)
    }
  }
  validateAlwaysRestartingTemplate(template, at, 'StatefulSet', errs)
  return errs
}

const COMPLETION_MODES = ['NonIndexed', 'Indexed']

/** validateJobSpec at `path` (a Job's `spec`, a CronJob's `spec.jobTemplate.spec`). */
export function validateJobSpec(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] {
  const errs: FieldError[] = []
  for (const f of [
    'parallelism',
    'completions',
    'activeDeadlineSeconds',
    'backoffLimit',
    'ttlSecondsAfterFinished'
  ])
    nonnegative(intOf(spec, f), path.child(f), errs)
  const mode = stringOf(spec, 'completionMode')
  if (mode !== '' && !COMPLETION_MODES.includes(mode))
    errs.push(notSupported(path.child('completionMode'), mode, COMPLETION_MODES))
  if (mode === 'Indexed' && fieldOf(spec, 'completions') === undefined)
    errs.push(required(path.child('completions'), 'when completion mode is Indexed'))
  const template = objectOf(spec, 'template') ?? {}
  const at = path.child('template')
  for (const e of validatePodTemplateSpec(template, at, ctx)) errs.push(e)
  // Defaulting makes a missing restartPolicy Always, which Jobs refuse.
  const restartPolicy = templateRestartPolicy(template)
  if (restartPolicy === 'Always')
    errs.push(required(at.child('spec', 'restartPolicy'), 'valid values: "OnFailure", "Never"'))
  else if (restartPolicy !== 'OnFailure' && restartPolicy !== 'Never')
    errs.push(
      notSupported(at.child('spec', 'restartPolicy'), restartPolicy, ['OnFailure', 'Never'])
    )
  return errs
}

const CONCURRENCY_POLICIES = ['Allow', 'Forbid', 'Replace']

export function validateCronJobSpec(spec: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  if (stringOf(spec, 'schedule') === '') errs.push(required(SPEC.child('schedule')))
  validateSchedule(spec, SPEC.child('schedule'), errs)
  validateTimeZone(spec, SPEC.child('timeZone'), errs)
  const policy = stringOf(spec, 'concurrencyPolicy')
  if (policy !== '' && !CONCURRENCY_POLICIES.includes(policy))
    errs.push(notSupported(SPEC.child('concurrencyPolicy'), policy, CONCURRENCY_POLICIES))
  for (const f of [
    'startingDeadlineSeconds',
    'successfulJobsHistoryLimit',
    'failedJobsHistoryLimit'
  ])
    nonnegative(intOf(spec, f), SPEC.child(f), errs)
  const jobSpec = objectOf(objectOf(spec, 'jobTemplate'), 'spec') ?? {}
  for (const e of validateJobSpec(jobSpec, SPEC.child('jobTemplate', 'spec'), ctx)) errs.push(e)
  validateJobTemplateSelector(jobSpec, SPEC.child('jobTemplate', 'spec'), ctx, errs)
  return errs
}
