/**
 * PodDisruptionBudgets on create (kubernetes pkg/apis/policy/validation/validation.go,
 * ValidatePodDisruptionBudgetSpec with supportedUnhealthyPodEvictionPolicies, as in every supported
 * release; policy/v1 has no defaulting that validation sees).
 * minAvailable and maxUnavailable exclude each other, and each is a count ≥ 0 or a percent ≤ 100%
 * (apps' ValidatePositiveIntOrPercent and IsNotMoreThan100Percent).
 *
 * Partly modelled: when both are set the apiserver prints the whole spec, a Go struct whose pointer
 * fields Go syntax (up to 1.33) shows as memory addresses (`(*intstr.IntOrString)(0xc000…)`); those
 * are printed as `&` and the value they point to instead. From 1.34 the JSON is exact.
 */
import { FieldPath, GoPointer, GoStruct, invalid, notSupported } from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import {
  intOrStringValue,
  notMoreThan100Percent,
  validatePositiveIntOrPercent
} from './int-or-percent.js'
import type { IntOrString } from './int-or-percent.js'
import { fieldOf, objectOf } from './json.js'
import { labelSelectorValue, validateLabelSelector } from './labels.js'

const SPEC = FieldPath.of('spec')
const EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget']

const intOrStringOf = (spec: JsonObject, key: string): IntOrString | undefined => {
  const v = fieldOf(spec, key)
  if (typeof v === 'bigint') return Number(v)
  return typeof v === 'number' || typeof v === 'string' ? v : undefined
}

/** The internal `policy.PodDisruptionBudgetSpec` as an error value. */
function specValue(spec: JsonObject, ctx: ValidationContext): GoStruct {
  const intOrString = (v: IntOrString | undefined): GoPointer =>
    new GoPointer('intstr.IntOrString', v === undefined ? undefined : intOrStringValue(v, ctx))
  const selector = objectOf(spec, 'selector')
  let selectorValue: unknown = new GoPointer('v1.LabelSelector', undefined)
  if (selector !== undefined) {
    const value = labelSelectorValue(selector, ctx)
    selectorValue = value instanceof GoPointer ? value : new GoPointer('v1.LabelSelector', value)
  }
  const policy = fieldOf(spec, 'unhealthyPodEvictionPolicy')
  return new GoStruct('policy.PodDisruptionBudgetSpec', [
    ['MinAvailable', intOrString(intOrStringOf(spec, 'minAvailable'))],
    ['Selector', selectorValue],
    ['MaxUnavailable', intOrString(intOrStringOf(spec, 'maxUnavailable'))],
    [
      'UnhealthyPodEvictionPolicy',
      new GoPointer(
        'policy.UnhealthyPodEvictionPolicyType',
        typeof policy === 'string' ? policy : undefined
      )
    ]
  ])
}

export function validatePodDisruptionBudget(
  object: JsonObject,
  ctx: ValidationContext
): FieldError[] {
  const spec = objectOf(object, 'spec') ?? {}
  const errs: FieldError[] = []
  const minAvailable = intOrStringOf(spec, 'minAvailable')
  const maxUnavailable = intOrStringOf(spec, 'maxUnavailable')
  if (minAvailable !== undefined && maxUnavailable !== undefined)
    errs.push(
      invalid(SPEC, specValue(spec, ctx), 'minAvailable and maxUnavailable cannot be both set')
    )
  for (const [key, value] of [
    ['minAvailable', minAvailable],
    ['maxUnavailable', maxUnavailable]
  ] as const) {
    if (value === undefined) continue
    validatePositiveIntOrPercent(value, SPEC.child(key), ctx, errs)
    notMoreThan100Percent(value, SPEC.child(key), ctx, errs)
  }
  for (const e of validateLabelSelector(objectOf(spec, 'selector'), SPEC.child('selector'), ctx))
    errs.push(e)
  const policy = fieldOf(spec, 'unhealthyPodEvictionPolicy')
  if (typeof policy === 'string' && !EVICTION_POLICIES.includes(policy))
    errs.push(notSupported(SPEC.child('unhealthyPodEvictionPolicy'), policy, EVICTION_POLICIES))
  return errs
}
