/**
 * ResourceQuotas and LimitRanges on create (kubernetes pkg/apis/core/validation/validation.go at
 * 000f26050b9b: ValidateResourceQuota with validateResourceQuotaScopes and
 * validateScopedResourceSelectorRequirement, ValidateLimitRange), after v1 defaulting
 * (pkg/apis/core/v1/defaults.go SetDefaults_LimitRangeItem: a Container item's default limit
 * comes from max, its default request from the default limit, then from min). A quota's status is
 * reset on create, so only its spec is checked. Partly modelled: which resources the
 * VolumeAttributesClass scope (1.33+) applies to is not checked, and a quantity held as a
 * decimal (beyond int64 or finer than nano) prints differently up to 1.33.
 */
import {
  FieldPath,
  GoPointer,
  GoStruct,
  GoTypedMap,
  GoTypedSlice,
  duplicate,
  forbidden,
  invalid,
  required
} from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import { isQualifiedName } from '../../apimachinery/names.js'
import { Quantity } from '../../cel/go/resource-quantity.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { fieldOf, itemsOf, listOf, objectOf, stringOf } from './json.js'
import { messageStyle } from './labels.js'
import {
  isOvercommitAllowed,
  isStandardQuotaResourceName,
  quantityErrorValue,
  resourceListOf,
  scaledValue,
  validateContainerResourceName,
  validateQuotaResourceName,
  validateResourceName,
  validateResourceQuantityValue
} from './resource-lists.js'

const SPEC = FieldPath.of('spec')

// ---------------------------------------------------------------------------------------------
// ResourceQuota

/** The scopes the release knows (helper.IsStandardResourceQuotaScope). */
function isStandardScope(scope: string, ctx: ValidationContext): boolean {
  switch (scope) {
    case 'Terminating':
    case 'NotTerminating':
    case 'BestEffort':
    case 'NotBestEffort':
    case 'PriorityClass':
    case 'CrossNamespacePodAffinity':
      return true
    case 'VolumeAttributesClass':
      return ctx.release.quotaVolumeAttributesClassScope
    default:
      return false
  }
}

const POD_COUNT = new Set(['pods'])
const POD_COMPUTE = new Set([
  'cpu',
  'memory',
  'limits.cpu',
  'limits.memory',
  'requests.cpu',
  'requests.memory'
])

/** helper.IsResourceQuotaScopeValidForResource (the VolumeAttributesClass scope: not checked). */
function scopeAppliesTo(scope: string, resource: string): boolean {
  switch (scope) {
    case 'Terminating':
    case 'NotTerminating':
    case 'NotBestEffort':
    case 'PriorityClass':
    case 'CrossNamespacePodAffinity':
      return POD_COUNT.has(resource) || POD_COMPUTE.has(resource)
    case 'BestEffort':
      return POD_COUNT.has(resource)
    default:
      return true
  }
}

/** Scopes that only Exists may select (the operator message lists them). */
const EXISTS_ONLY_SCOPES = new Set([
  'BestEffort',
  'NotBestEffort',
  'Terminating',
  'NotTerminating',
  'CrossNamespacePodAffinity'
])

const CONFLICTING_SCOPES: ReadonlyArray<readonly [string, string]> = [
  ['BestEffort', 'NotBestEffort'],
  ['Terminating', 'NotTerminating']
]

const strings = (items: readonly unknown[]): string[] =>
  items.map((v) => (typeof v === 'string' ? v : ''))

/** A `[]T` field as an error value (a nil slice prints `[]T(nil)` / `null`). */
function typedSlice(o: JsonObject | undefined, key: string, elementType: string): unknown {
  return fieldOf(o, key) === undefined
    ? new GoTypedMap(`[]${elementType}`, undefined)
    : new GoTypedSlice(elementType, strings(listOf(o, key)))
}

/** `*core.ScopeSelector` as an error value (internal type: Go field names). */
function scopeSelectorValue(selector: JsonObject): GoPointer {
  const requirements = itemsOf(selector, 'matchExpressions').map(
    ([, r]) =>
      new GoStruct('core.ScopedResourceSelectorRequirement', [
        ['ScopeName', stringOf(r, 'scopeName')],
        ['Operator', stringOf(r, 'operator')],
        ['Values', typedSlice(r, 'values', 'string')]
      ])
  )
  const expressions =
    fieldOf(selector, 'matchExpressions') === undefined
      ? new GoTypedMap('[]core.ScopedResourceSelectorRequirement', undefined)
      : new GoTypedSlice('core.ScopedResourceSelectorRequirement', requirements)
  return new GoPointer(
    'core.ScopeSelector',
    new GoStruct('core.ScopeSelector', [['MatchExpressions', expressions]])
  )
}

export function validateResourceQuota(quota: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  const spec = objectOf(quota, 'spec') ?? {}
  const hard = resourceListOf(spec, 'hard') ?? new Map<string, Quantity>()
  for (const [name, q] of hard) {
    const at = SPEC.child('hard').key(name)
    for (const e of validateQuotaResourceName(name, at, ctx)) errs.push(e)
    for (const e of validateResourceQuantityValue(name, q, at, ctx)) errs.push(e)
  }
  const hardNames = Array.from(hard.keys())
  const scopesValue = typedSlice(spec, 'scopes', 'core.ResourceQuotaScope')

  // validateResourceQuotaScopes.
  const scopes = strings(listOf(spec, 'scopes'))
  if (scopes.length > 0) {
    const at = SPEC.child('scopes')
    for (const scope of scopes) {
      if (!isStandardScope(scope, ctx)) errs.push(invalid(at, scopesValue, 'unsupported scope'))
      for (const name of hardNames)
        if (isStandardQuotaResourceName(name) && !scopeAppliesTo(scope, name))
          errs.push(invalid(at, scopesValue, 'unsupported scope applied to resource'))
    }
    for (const [a, b] of CONFLICTING_SCOPES)
      if (scopes.includes(a) && scopes.includes(b))
        errs.push(invalid(at, scopesValue, 'conflicting scopes'))
  }

  // validateScopeSelector.
  const selector = objectOf(spec, 'scopeSelector')
  if (selector !== undefined) {
    const at = SPEC.child('scopeSelector', 'matchExpressions')
    const selected = new Set<string>()
    for (const [, requirement] of itemsOf(selector, 'matchExpressions')) {
      const scope = stringOf(requirement, 'scopeName')
      const operator = stringOf(requirement, 'operator')
      const values = listOf(requirement, 'values')
      if (!isStandardScope(scope, ctx))
        errs.push(invalid(at.child('scopeName'), scope, 'unsupported scope'))
      for (const name of hardNames)
        if (isStandardQuotaResourceName(name) && !scopeAppliesTo(scope, name))
          errs.push(
            invalid(at, scopeSelectorValue(selector), 'unsupported scope applied to resource')
          )
      if (EXISTS_ONLY_SCOPES.has(scope) && operator !== 'Exists')
        errs.push(
          invalid(
            at.child('operator'),
            operator,
            "must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity"
          )
        )
      if (operator === 'In' || operator === 'NotIn') {
        if (values.length === 0)
          errs.push(
            required(
              at.child('values'),
              "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"
            )
          )
      } else if (operator === 'Exists' || operator === 'DoesNotExist') {
        if (values.length > 0)
          errs.push(
            invalid(
              at.child('values'),
              typedSlice(requirement, 'values', 'string'),
              "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"
            )
          )
      } else errs.push(invalid(at.child('operator'), operator, 'not a valid selector operator'))
      selected.add(scope)
    }
    // Upstream prints spec.scopes here, not the selector.
    for (const [a, b] of CONFLICTING_SCOPES)
      if (selected.has(a) && selected.has(b))
        errs.push(invalid(at, scopesValue, 'conflicting scopes'))
  }
  return errs
}

// ---------------------------------------------------------------------------------------------
// LimitRange

const STANDARD_LIMIT_TYPES = new Set(['Pod', 'Container', 'PersistentVolumeClaim'])

/** `validateLimitRangeTypeName`. */
function validateLimitType(type: string, path: FieldPath, ctx: ValidationContext): FieldError[] {
  const errs = isQualifiedName(type, messageStyle(ctx)).map((msg) => invalid(path, type, msg))
  if (errs.length === 0 && !type.includes('/') && !STANDARD_LIMIT_TYPES.has(type))
    errs.push(invalid(path, type, 'must be a standard limit type or fully qualified'))
  return errs
}

/** `validateLimitRangeResourceName`: container resources for Pod and Container items. */
const validateLimitResourceName = (
  type: string,
  name: string,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] =>
  type === 'Pod' || type === 'Container'
    ? validateContainerResourceName(name, path, ctx)
    : validateResourceName(name, path, ctx)

/** SetDefaults_LimitRangeItem for a Container item (each default a copy of its source). */
function defaultContainerItem(
  max: Map<string, Quantity>,
  min: Map<string, Quantity>,
  defaults: Map<string, Quantity>,
  defaultRequests: Map<string, Quantity>
): void {
  for (const [k, q] of max) if (!defaults.has(k)) defaults.set(k, q.deepCopy())
  for (const [k, q] of defaults) if (!defaultRequests.has(k)) defaultRequests.set(k, q.deepCopy())
  for (const [k, q] of min) if (!defaultRequests.has(k)) defaultRequests.set(k, q.deepCopy())
}

/** resource.MaxMilliValue: the largest value whose milli-units fit an int64. */
const MAX_MILLI_VALUE = ((1n << 63n) - 1n) / 1000n

/** Go's `%f`. */
const goFloatF = (f: number): string =>
  Number.isNaN(f) ? 'NaN' : !Number.isFinite(f) ? (f > 0 ? '+Inf' : '-Inf') : f.toFixed(6)

export function validateLimitRange(limitRange: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  const spec = objectOf(limitRange, 'spec') ?? {}
  const types = new Set<string>()
  for (const [i, item] of itemsOf(spec, 'limits')) {
    const at = SPEC.child('limits').index(i)
    const type = stringOf(item, 'type')
    for (const e of validateLimitType(type, at.child('type'), ctx)) errs.push(e)
    if (types.has(type)) errs.push(duplicate(at.child('type'), type))
    types.add(type)

    const max = resourceListOf(item, 'max') ?? new Map<string, Quantity>()
    const min = resourceListOf(item, 'min') ?? new Map<string, Quantity>()
    const defaults = resourceListOf(item, 'default') ?? new Map<string, Quantity>()
    const defaultRequests = resourceListOf(item, 'defaultRequest') ?? new Map<string, Quantity>()
    const ratios = resourceListOf(item, 'maxLimitRequestRatio') ?? new Map<string, Quantity>()
    if (type === 'Container') defaultContainerItem(max, min, defaults, defaultRequests)

    const keys = new Set<string>()
    const names = (list: Map<string, Quantity>, field: string): void => {
      for (const k of list.keys()) {
        for (const e of validateLimitResourceName(type, k, at.child(field).key(k), ctx))
          errs.push(e)
        keys.add(k)
      }
    }
    names(max, 'max')
    names(min, 'min')
    if (type === 'Pod') {
      if (defaults.size > 0)
        errs.push(forbidden(at.child('default'), "may not be specified when `type` is 'Pod'"))
      if (defaultRequests.size > 0)
        errs.push(
          forbidden(at.child('defaultRequest'), "may not be specified when `type` is 'Pod'")
        )
    } else {
      names(defaults, 'default')
      names(defaultRequests, 'defaultRequest')
    }
    if (type === 'PersistentVolumeClaim' && !min.has('storage') && !max.has('storage'))
      errs.push(
        required(
          at.child('limits'),
          'either minimum or maximum storage value is required, but neither was provided'
        )
      )
    names(ratios, 'maxLimitRequestRatio')

    for (const k of Array.from(keys).sort()) {
      const lo = min.get(k)
      const hi = max.get(k)
      // A Pod item's defaults are forbidden above and take no part in the comparisons.
      const dflt = type === 'Pod' ? undefined : defaults.get(k)
      const dreq = type === 'Pod' ? undefined : defaultRequests.get(k)
      const ratio = ratios.get(k)
      // Each message calls String() on the quantity it prints, which caches its text first.
      const value = (q: Quantity): unknown => {
        q.toString()
        return quantityErrorValue(q, ctx)
      }
      if (lo && hi && lo.cmp(hi) > 0)
        errs.push(
          invalid(
            at.child('min').key(k),
            value(lo),
            `min value ${lo.toString()} is greater than max value ${hi.toString()}`
          )
        )
      if (dreq && lo && lo.cmp(dreq) > 0)
        errs.push(
          invalid(
            at.child('defaultRequest').key(k),
            value(dreq),
            `min value ${lo.toString()} is greater than default request value ${dreq.toString()}`
          )
        )
      if (dreq && hi && dreq.cmp(hi) > 0)
        errs.push(
          invalid(
            at.child('defaultRequest').key(k),
            value(dreq),
            `default request value ${dreq.toString()} is greater than max value ${hi.toString()}`
          )
        )
      if (dreq && dflt && dreq.cmp(dflt) > 0)
        errs.push(
          invalid(
            at.child('defaultRequest').key(k),
            value(dreq),
            `default request value ${dreq.toString()} is greater than default limit value ${dflt.toString()}`
          )
        )
      if (dflt && lo && lo.cmp(dflt) > 0)
        errs.push(
          invalid(
            at.child('default').key(k),
            value(lo),
            `min value ${lo.toString()} is greater than default value ${dflt.toString()}`
          )
        )
      if (dflt && hi && dflt.cmp(hi) > 0)
        errs.push(
          invalid(
            at.child('default').key(k),
            value(hi),
            `default value ${dflt.toString()} is greater than max value ${hi.toString()}`
          )
        )
      if (ratio && ratio.cmp(Quantity.fromInt64(1n, 'DecimalSI')) < 0)
        errs.push(
          invalid(
            at.child('maxLimitRequestRatio').key(k),
            value(ratio),
            `ratio ${ratio.toString()} is less than 1`
          )
        )
      if (ratio && lo && hi) {
        let ratioValue = Number(scaledValue(ratio, 0))
        let loValue = scaledValue(lo, 0)
        let hiValue = scaledValue(hi, 0)
        if (
          scaledValue(ratio, 0) < MAX_MILLI_VALUE &&
          loValue < MAX_MILLI_VALUE &&
          hiValue < MAX_MILLI_VALUE
        ) {
          ratioValue = Number(scaledValue(ratio, -3)) / 1000
          loValue = scaledValue(lo, -3)
          hiValue = scaledValue(hi, -3)
        }
        const limit = Number(hiValue) / Number(loValue)
        if (ratioValue > limit)
          errs.push(
            invalid(
              at.child('maxLimitRequestRatio').key(k),
              value(ratio),
              `ratio ${ratio.toString()} is greater than max/min = ${goFloatF(limit)}`
            )
          )
      }
      if (!isOvercommitAllowed(k) && dflt && dreq && dflt.cmp(dreq) !== 0)
        errs.push(
          invalid(
            at.child('defaultRequest').key(k),
            value(dreq),
            `default value ${dflt.toString()} must equal to defaultRequest value ${dreq.toString()} in ${k}`
          )
        )
    }
  }
  return errs
}
