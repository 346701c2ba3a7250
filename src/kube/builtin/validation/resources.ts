/**
 * A container's `resources` (kubernetes pkg/apis/core/validation/validation.go at 000f26050b9b:
 * ValidateContainerResourceRequirements, validateContainerResourceName,
 * ValidateResourceQuantityValue): resource names, non-negative quantities, and each request at
 * most its limit — equal to it for resources that cannot be overcommitted (extended resources,
 * hugepages), which also need a limit. Not modelled: the integer rule of extended resources, the
 * extended-resource name rule, hugepages values, and `claims`.
 */
import { invalid, required } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { isQualifiedName } from '../../apimachinery/names.js'
import { Quantity } from '../../cel/go/resource-quantity.js'
import { isJsonObject, ownValue } from '../../../common/json.js'
import type { JsonObject } from '../../../common/json.js'
import { fieldOf } from './json.js'

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage'])

const isHugePages = (name: string): boolean => name.startsWith('hugepages-')
/** `IsNativeResource`: no domain, or a kubernetes.io one. */
const isNative = (name: string): boolean => !name.includes('/') || name.includes('kubernetes.io/')
/** `IsOvercommitAllowed`. */
const overcommitAllowed = (name: string): boolean => isNative(name) && !isHugePages(name)

/** `validateContainerResourceName` (the standard-name part). */
function validateResourceName(name: string, path: FieldPath, errs: FieldError[]): void {
  for (const msg of isQualifiedName(name)) errs.push(invalid(path, name, msg))
  if (!name.includes('/') && !STANDARD_CONTAINER_RESOURCES.has(name) && !isHugePages(name))
    errs.push(invalid(path, name, 'must be a standard resource for containers'))
}

/** The quantities of a ResourceList (values that decoding accepted; others are left out). */
function quantities(list: unknown): Array<[string, Quantity]> {
  if (!isJsonObject(list)) return []
  const out: Array<[string, Quantity]> = []
  for (const name of Object.keys(list).sort()) {
    const v = ownValue(list, name)
    const text = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined
    if (text === undefined) continue
    try {
      out.push([name, Quantity.parse(text)])
    } catch {
      // Decoding reports an unparsable quantity.
    }
  }
  return out
}

export function validateResources(resources: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = []
  const limPath = path.child('limits')
  const reqPath = path.child('requests')
  const limits = new Map(quantities(fieldOf(resources, 'limits')))
  for (const [name, q] of limits) {
    const at = limPath.key(name)
    validateResourceName(name, at, errs)
    if (q.sign() < 0) errs.push(invalid(at, q.toString(), 'must be greater than or equal to 0'))
  }
  for (const [name, q] of quantities(fieldOf(resources, 'requests'))) {
    const at = reqPath.key(name)
    validateResourceName(name, at, errs)
    if (q.sign() < 0) errs.push(invalid(at, q.toString(), 'must be greater than or equal to 0'))
    const limit = limits.get(name)
    if (limit !== undefined) {
      const cmp = q.cmp(limit)
      if (cmp !== 0 && !overcommitAllowed(name))
        errs.push(
          invalid(reqPath, q.toString(), `must be equal to ${name} limit of ${limit.toString()}`)
        )
      else if (cmp > 0)
        errs.push(
          invalid(
            reqPath,
            q.toString(),
            `must be less than or equal to ${name} limit of ${limit.toString()}`
          )
        )
    } else if (!overcommitAllowed(name))
      errs.push(required(limPath, 'Limit must be set for non overcommitable resources'))
  }
  return errs
}
