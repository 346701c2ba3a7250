/**
 * HorizontalPodAutoscalers on create (kubernetes pkg/apis/autoscaling/validation/validation.go at
 * 0fec7b0f: ValidateHorizontalPodAutoscaler and the spec, metric and behavior validators it
 * calls), for an autoscaling/v2 object as the apiserver sees it: defaulted by
 * pkg/apis/autoscaling/v2/defaults.go (minReplicas 1; no metrics → CPU utilization 80%; a
 * behavior's scaleUp and scaleDown filled from the defaults field by field, so `policies: []`
 * stays empty while a missing list is defaulted), then converted to the internal type, whose
 * field names (and so the reported paths) are v2's. The HPAScaleToZero gate is alpha and off in
 * every release, so minReplicas must be at least 1.
 *
 * Not modelled: `behavior.scale{Up,Down}.tolerance` (HPAConfigurableTolerance; dropped on create
 * while the gate is off, 1.33–1.34; from 1.35 a negative value is refused, which is not checked
 * here), and up to 1.33 the Go-syntax value of a non-positive target quantity too large for an
 * int64 (it prints a pointer address).
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
import { isPathSegmentName } from '../../apimachinery/names.js'
import { pushAll } from '../../../common/arrays.js'
import { Quantity } from '../../cel/go/resource-quantity.js'
import type { JsonObject } from '../../../common/json.js'
import { ownValue } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { dns1123Label } from './containers.js'
import { fieldOf, intOf, itemsOf, objectOf, stringOf } from './json.js'
import { validateContainerResourceName } from './resource-lists.js'

const SPEC = FieldPath.of('spec')
/** MaxPeriodSeconds and MaxStabilizationWindowSeconds. */
const MAX_PERIOD_SECONDS = 1800
const MAX_STABILIZATION_WINDOW_SECONDS = 3600
/** sets.List order (sorted). */
const SELECT_POLICIES = ['Disabled', 'Max', 'Min']
const POLICY_TYPES = ['Percent', 'Pods']
const METRIC_SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource']
/** The metric source field of each source type, in the order validateMetricSpec looks at them. */
const SOURCE_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['object', 'Object'],
  ['external', 'External'],
  ['pods', 'Pods'],
  ['resource', 'Resource'],
  ['containerResource', 'ContainerResource']
]

/** ValidateCrossVersionObjectReference. */
function validateObjectReference(ref: JsonObject | undefined, path: FieldPath, errs: FieldError[]) {
  for (const field of ['kind', 'name']) {
    const value = stringOf(ref, field)
    if (value === '') errs.push(required(path.child(field)))
    else
      for (const msg of isPathSegmentName(value)) errs.push(invalid(path.child(field), value, msg))
  }
}

/** A target quantity as decoding reads it (a JSON string or number). */
function quantityOf(o: JsonObject, key: string): Quantity | undefined {
  const v = fieldOf(o, key)
  if (typeof v !== 'string' && typeof v !== 'number') return undefined
  try {
    return Quantity.parse(String(v).trim())
  } catch {
    return undefined // decoding refused it first
  }
}

/**
 * A `*resource.Quantity` as an error value: its JSON (the canonical string) from 1.34; up to 1.33
 * the dereferenced struct in Go syntax (String has a pointer receiver, so the value is no
 * Stringer).
 */
function quantityValue(q: Quantity, ctx: ValidationContext): unknown {
  if (ctx.style !== 'legacy') return q.toString()
  return new GoStruct('resource.Quantity', [
    [
      'i',
      new GoStruct('resource.int64Amount', [
        ['value', q.i.value],
        ['scale', q.i.scale]
      ])
    ],
    ['d', new GoStruct('resource.infDecAmount', [['Dec', new GoPointer('inf.Dec', undefined)]])],
    ['s', q.s],
    ['Format', q.format]
  ])
}

/** validateMetricTarget. */
function validateMetricTarget(
  target: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
) {
  const type = stringOf(target, 'type')
  if (type === '') errs.push(required(path.child('type'), 'must specify a metric target type'))
  if (!['Utilization', 'Value', 'AverageValue'].includes(type))
    errs.push(
      invalid(path.child('type'), type, 'must be either Utilization, Value, or AverageValue')
    )
  for (const field of ['value', 'averageValue']) {
    const q = quantityOf(target, field)
    if (q !== undefined && q.sign() !== 1)
      errs.push(invalid(path.child(field), quantityValue(q, ctx), 'must be positive'))
  }
  const utilization = intOf(target, 'averageUtilization')
  if (utilization !== undefined && utilization < 1)
    errs.push(invalid(path.child('averageUtilization'), utilization, 'must be greater than 0'))
}

/** validateMetricIdentifier. */
function validateMetricIdentifier(id: JsonObject | undefined, path: FieldPath, errs: FieldError[]) {
  const name = stringOf(id, 'name')
  if (name === '') errs.push(required(path.child('name'), 'must specify a metric name'))
  else for (const msg of isPathSegmentName(name)) errs.push(invalid(path.child('name'), name, msg))
}

const has = (o: JsonObject, key: string): boolean => fieldOf(o, key) !== undefined

/** The checks of one metric source (validateObjectSource … validateContainerResourceSource). */
function validateSource(
  field: string,
  source: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
) {
  const target = objectOf(source, 'target') ?? {}
  const targetPath = path.child('target')
  switch (field) {
    case 'object':
      validateObjectReference(
        objectOf(source, 'describedObject'),
        path.child('describedObject'),
        errs
      )
      validateMetricIdentifier(objectOf(source, 'metric'), path.child('metric'), errs)
      validateMetricTarget(target, targetPath, ctx, errs)
      if (!has(target, 'value') && !has(target, 'averageValue'))
        errs.push(
          required(
            targetPath.child('averageValue'),
            'must set either a target value or averageValue'
          )
        )
      break
    case 'external':
      validateMetricIdentifier(objectOf(source, 'metric'), path.child('metric'), errs)
      validateMetricTarget(target, targetPath, ctx, errs)
      if (!has(target, 'value') && !has(target, 'averageValue'))
        errs.push(
          required(
            targetPath.child('averageValue'),
            'must set either a target value for metric or a per-pod target'
          )
        )
      if (has(target, 'value') && has(target, 'averageValue'))
        errs.push(
          forbidden(
            targetPath.child('value'),
            'may not set both a target value for metric and a per-pod target'
          )
        )
      break
    case 'pods':
      validateMetricIdentifier(objectOf(source, 'metric'), path.child('metric'), errs)
      validateMetricTarget(target, targetPath, ctx, errs)
      if (!has(target, 'averageValue'))
        errs.push(
          required(targetPath.child('averageValue'), 'must specify a positive target averageValue')
        )
      break
    default: {
      // resource and containerResource
      const name = stringOf(source, 'name')
      if (name === '') errs.push(required(path.child('name'), 'must specify a resource name'))
      else if (field === 'containerResource')
        pushAll(errs, validateContainerResourceName(name, path.child('name'), ctx))
      if (field === 'containerResource') {
        const container = stringOf(source, 'container')
        if (container === '')
          errs.push(required(path.child('container'), 'must specify a container'))
        else dns1123Label(container, path.child('container'), errs)
      }
      validateMetricTarget(target, targetPath, ctx, errs)
      if (!has(target, 'averageUtilization') && !has(target, 'averageValue'))
        errs.push(
          required(
            targetPath.child('averageUtilization'),
            'must set either a target raw value or a target utilization'
          )
        )
      if (has(target, 'averageUtilization') && has(target, 'averageValue'))
        errs.push(
          forbidden(
            targetPath.child('averageValue'),
            'may not set both a target raw value and a target utilization'
          )
        )
    }
  }
}

/** validateMetricSpec. Only the first source present (in upstream's order) is validated. */
function validateMetricSpec(
  metric: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
) {
  const type = stringOf(metric, 'type')
  if (type === '') errs.push(required(path.child('type'), 'must specify a metric source type'))
  // Upstream reports an unknown type twice (the set check and the switch's default); the
  // apiserver's message lists identical errors once.
  if (!METRIC_SOURCE_TYPES.includes(type))
    errs.push(notSupported(path.child('type'), type, METRIC_SOURCE_TYPES))
  const present: string[] = []
  for (const [field] of SOURCE_FIELDS) {
    const source = objectOf(metric, field)
    if (source === undefined) continue
    present.push(field)
    if (present.length === 1) validateSource(field, source, path.child(field), ctx, errs)
  }
  const expected = SOURCE_FIELDS.find(([, t]) => t === type)?.[0]
  if (expected !== undefined && !present.includes(expected))
    errs.push(
      required(path.child(expected), 'must populate information for the given metric source')
    )
  if (present.length !== 1)
    for (const field of present)
      if (field !== expected)
        errs.push(forbidden(path.child(field), 'must populate the given metric source only'))
}

/** validateScalingRules of a defaulted rule set: only what the object sets can be invalid. */
function validateScalingRules(rules: JsonObject, path: FieldPath, errs: FieldError[]) {
  const window = intOf(rules, 'stabilizationWindowSeconds')
  if (window !== undefined && window < 0)
    errs.push(
      invalid(
        path.child('stabilizationWindowSeconds'),
        window,
        'must be greater than or equal to zero'
      )
    )
  if (window !== undefined && window > MAX_STABILIZATION_WINDOW_SECONDS)
    errs.push(
      invalid(
        path.child('stabilizationWindowSeconds'),
        window,
        `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`
      )
    )
  const selectPolicy = fieldOf(rules, 'selectPolicy')
  if (typeof selectPolicy === 'string' && !SELECT_POLICIES.includes(selectPolicy))
    errs.push(notSupported(path.child('selectPolicy'), selectPolicy, SELECT_POLICIES))
  // copyHPAScalingRules keeps a non-nil list, so only an explicit empty list stays empty.
  const written = Object.hasOwn(rules, 'policies') ? ownValue(rules, 'policies') : undefined
  if (Array.isArray(written) && written.length === 0)
    errs.push(required(path.child('policies'), 'must specify at least one Policy'))
  for (const [i, policy] of itemsOf(rules, 'policies')) {
    const at = path.child('policies').index(i)
    const type = stringOf(policy, 'type')
    if (!POLICY_TYPES.includes(type)) errs.push(notSupported(at.child('type'), type, POLICY_TYPES))
    const value = intOf(policy, 'value') ?? 0
    if (value <= 0) errs.push(invalid(at.child('value'), value, 'must be greater than zero'))
    const period = intOf(policy, 'periodSeconds') ?? 0
    if (period <= 0)
      errs.push(invalid(at.child('periodSeconds'), period, 'must be greater than zero'))
    if (period > MAX_PERIOD_SECONDS)
      errs.push(
        invalid(
          at.child('periodSeconds'),
          period,
          `must be less than or equal to ${MAX_PERIOD_SECONDS}`
        )
      )
  }
}

/**
 * An autoscaling/v1 spec as the internal type holds it (pkg/apis/autoscaling/v1/conversion.go):
 * `targetCPUUtilizationPercentage` becomes a CPU utilization metric, so its errors are reported
 * at `spec.metrics[0].resource.target.averageUtilization`. (The alpha annotations v1 used to carry
 * other metrics and conditions are not read.)
 */
function v1SpecAsInternal(hpa: JsonObject): JsonObject {
  const spec = objectOf(hpa, 'spec') ?? {}
  const internal: JsonObject = {}
  for (const key of ['scaleTargetRef', 'minReplicas', 'maxReplicas'])
    if (Object.hasOwn(spec, key)) internal[key] = ownValue(spec, key)
  const target = intOf(spec, 'targetCPUUtilizationPercentage')
  if (target !== undefined)
    internal.metrics = [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: target } }
      }
    ]
  return internal
}

export function validateHorizontalPodAutoscaler(
  hpa: JsonObject,
  ctx: ValidationContext
): FieldError[] {
  const errs: FieldError[] = []
  const spec =
    hpa.apiVersion === 'autoscaling/v1' ? v1SpecAsInternal(hpa) : (objectOf(hpa, 'spec') ?? {})
  const minReplicas = intOf(spec, 'minReplicas') ?? 1
  const maxReplicas = intOf(spec, 'maxReplicas') ?? 0
  if (minReplicas < 1)
    errs.push(invalid(SPEC.child('minReplicas'), minReplicas, 'must be greater than or equal to 1'))
  if (maxReplicas < 1)
    errs.push(invalid(SPEC.child('maxReplicas'), maxReplicas, 'must be greater than 0'))
  if (maxReplicas < minReplicas)
    errs.push(
      invalid(
        SPEC.child('maxReplicas'),
        maxReplicas,
        'must be greater than or equal to `minReplicas`'
      )
    )
  validateObjectReference(objectOf(spec, 'scaleTargetRef'), SPEC.child('scaleTargetRef'), errs)
  // No metrics (or `metrics: []`) default to CPU utilization, which is valid.
  const metrics = itemsOf(spec, 'metrics')
  for (const [i, metric] of metrics)
    validateMetricSpec(metric, SPEC.child('metrics').index(i), ctx, errs)
  // validateMetrics: checked whatever the HPAScaleToZero gate says.
  const scalesOnObjects = metrics.some(([, m]) =>
    ['Object', 'External'].includes(stringOf(m, 'type'))
  )
  if (minReplicas === 0 && !scalesOnObjects)
    errs.push(
      forbidden(
        SPEC.child('metrics'),
        'must specify at least one Object or External metric to support scaling to zero replicas'
      )
    )
  const behavior = objectOf(spec, 'behavior')
  if (behavior !== undefined)
    for (const direction of ['scaleUp', 'scaleDown']) {
      const rules = objectOf(behavior, direction)
      if (rules !== undefined) validateScalingRules(rules, SPEC.child('behavior', direction), errs)
    }
  return errs
}
