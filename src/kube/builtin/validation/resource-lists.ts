/**
 * ResourceLists outside containers (quotas, limit ranges, claims) as kubernetes pkg/apis/core/
 * validation/validation.go at 000f26050b9b reads them: the resource-name rules
 * (validateResourceName, validateContainerResourceName, ValidateResourceQuotaResourceName with
 * pkg/apis/core/helper's name sets), `ValidateResourceQuantityValue`, and how a
 * `resource.Quantity` prints as an error value.
 */
import { GoPointer, GoStringer, GoStruct, invalid } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { isQualifiedName } from '../../apimachinery/names.js'
import { Quantity } from '../../cel/go/resource-quantity.js'
import { isJsonObject, ownValue } from '../../../common/json.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { fieldOf } from './json.js'
import { messageStyle } from './labels.js'

/** helper.standardResources. */
const STANDARD_RESOURCES = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'storage',
  'requests.storage',
  'services.nodeports',
  'services.loadbalancers'
])

/** helper.standardQuotaResources: the standard resources but `storage`. */
const STANDARD_QUOTA_RESOURCES = new Set(
  Array.from(STANDARD_RESOURCES).filter((r) => r !== 'storage')
)

/** helper.integerResources: object counts. */
const INTEGER_RESOURCES = new Set([
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'services.nodeports',
  'services.loadbalancers'
])

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage'])

const isHugePages = (name: string): boolean => name.startsWith('hugepages-')
const isQuotaHugePages = (name: string): boolean =>
  isHugePages(name) || name.startsWith('requests.hugepages-')

export const isStandardQuotaResourceName = (name: string): boolean =>
  STANDARD_QUOTA_RESOURCES.has(name) || isQuotaHugePages(name)

/** `IsNativeResource`: no domain, or a kubernetes.io one. */
export const isNativeResource = (name: string): boolean =>
  !name.includes('/') || name.includes('kubernetes.io/')

/** `IsOvercommitAllowed`. */
export const isOvercommitAllowed = (name: string): boolean =>
  isNativeResource(name) && !isHugePages(name)

/** `IsExtendedResourceName` (its quota form must be a qualified name too). */
function isExtendedResourceName(name: string, ctx: ValidationContext): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false
  return isQualifiedName(`requests.${name}`, messageStyle(ctx)).length === 0
}

/** `validateResourceName`: a qualified name, and a standard one when it has no domain. */
export function validateResourceName(
  name: string,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] {
  const value = new GoStringer(name)
  const errs = isQualifiedName(name, messageStyle(ctx)).map((msg) => invalid(path, value, msg))
  if (errs.length > 0) return errs
  if (!name.includes('/') && !STANDARD_RESOURCES.has(name) && !isQuotaHugePages(name))
    errs.push(invalid(path, value, 'must be a standard resource type or fully qualified'))
  return errs
}

/** `validateContainerResourceName`. */
export function validateContainerResourceName(
  name: string,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] {
  const errs = validateResourceName(name, path, ctx)
  const value = new GoStringer(name)
  if (!name.includes('/')) {
    if (!STANDARD_CONTAINER_RESOURCES.has(name) && !isHugePages(name))
      errs.push(invalid(path, value, 'must be a standard resource for containers'))
  } else if (!isNativeResource(name) && !isExtendedResourceName(name, ctx))
    errs.push(invalid(path, value, "doesn't follow extended resource name standard"))
  return errs
}

/** `ValidateResourceQuotaResourceName`. */
export function validateQuotaResourceName(
  name: string,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] {
  const errs = validateResourceName(name, path, ctx)
  const value = new GoStringer(name)
  if (!name.includes('/') && !isStandardQuotaResourceName(name))
    errs.push(invalid(path, value, 'must be a standard resource for quota'))
  return errs
}

/**
 * The quantities of a ResourceList field, by name in byte order (values decoding refused are left
 * out: the apiserver stops at decoding). Undefined when the list is nil.
 */
export function resourceListOf(
  o: JsonObject | undefined,
  key: string
): Map<string, Quantity> | undefined {
  const list = fieldOf(o, key)
  if (!isJsonObject(list)) return undefined
  const out = new Map<string, Quantity>()
  for (const name of Object.keys(list).sort()) {
    const v = ownValue(list, name)
    const text = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined
    if (text === undefined) continue
    try {
      out.set(name, Quantity.parse(text))
    } catch {
      // Decoding reports an unparsable quantity.
    }
  }
  return out
}

/** `ScaledValue(scale)`: ceil(q / 10^scale), exact. */
export function scaledValue(q: Quantity, scale: number): bigint {
  const [unscaled, exponent] =
    q.dec !== undefined ? [q.dec.unscaled, -q.dec.scale - scale] : [q.i.value, q.i.scale - scale]
  if (exponent >= 0) return unscaled * 10n ** BigInt(exponent)
  const divisor = 10n ** BigInt(-exponent)
  const quotient = unscaled / divisor
  return unscaled % divisor > 0n ? quotient + 1n : quotient
}

/**
 * A `resource.Quantity` passed by value as an error value: its JSON (the canonical string) from
 * 1.34; up to 1.33 Go syntax of the struct, whose cached string `s` is what the caller's copy
 * holds (set by parsing canonical text, or by a `String()` call on it before). A quantity held
 * as a decimal prints a pointer whose address cannot be known: that form is shown with its
 * target instead.
 */
export function quantityErrorValue(q: Quantity, ctx: ValidationContext): unknown {
  if (ctx.style !== 'legacy') return q.shallowCopy().toString()
  return new GoStruct('resource.Quantity', [
    [
      'i',
      new GoStruct('resource.int64Amount', [
        ['value', q.i.value],
        ['scale', q.i.scale]
      ])
    ],
    [
      'd',
      new GoStruct('resource.infDecAmount', [
        [
          'Dec',
          new GoPointer(
            'inf.Dec',
            q.dec === undefined
              ? undefined
              : new GoStruct('inf.Dec', [
                  ['unscaled', q.dec.unscaled],
                  ['scale', q.dec.scale]
                ])
          )
        ]
      ])
    ],
    ['s', q.s],
    ['Format', q.format]
  ])
}

/**
 * `ValidateResourceQuantityValue`: not negative, and whole for object counts and extended
 * resources (whose value is printed as the Quantity the caller passed).
 */
export function validateResourceQuantityValue(
  name: string,
  q: Quantity,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] {
  const errs: FieldError[] = []
  // ValidateNonnegativeQuantity works on a copy: its String() call leaves the caller's cache.
  if (q.sign() < 0)
    errs.push(invalid(path, q.shallowCopy().toString(), 'must be greater than or equal to 0'))
  if (
    (INTEGER_RESOURCES.has(name) || isExtendedResourceName(name, ctx)) &&
    scaledValue(q, -3) % 1000n !== 0n
  )
    errs.push(invalid(path, quantityErrorValue(q, ctx), 'must be an integer'))
  return errs
}
