/**
 * A container's `resources` (kubernetes pkg/apis/core/validation/validation.go at 000f26050b9b:
 * ValidateContainerResourceRequirements): each name a container resource name
 * (validateContainerResourceName, in the release's label-key wording: the content package's from
 * 1.35), each quantity non-negative and whole where it must be (ValidateResourceQuantityValue),
 * and each request at most its limit — equal to it for resources that cannot be overcommitted
 * (extended resources, hugepages), which also need a limit. Not modelled: hugepages values (a
 * multiple of the page size, and "HugePages require cpu or memory") and `claims`.
 */
import { invalid, required } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import type { Quantity } from '../../cel/go/resource-quantity.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import {
  isOvercommitAllowed,
  resourceListOf,
  validateContainerResourceName,
  validateResourceQuantityValue
} from './resource-lists.js'

/** An absent ResourceList. */
const NONE: ReadonlyMap<string, Quantity> = new Map()

export function validateResources(
  resources: JsonObject,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] {
  const errs: FieldError[] = []
  const limPath = path.child('limits')
  const reqPath = path.child('requests')
  const limits = resourceListOf(resources, 'limits') ?? NONE
  for (const [name, q] of limits) {
    const at = limPath.key(name)
    for (const e of validateContainerResourceName(name, at, ctx)) errs.push(e)
    for (const e of validateResourceQuantityValue(name, q, at, ctx)) errs.push(e)
  }
  for (const [name, q] of resourceListOf(resources, 'requests') ?? NONE) {
    const at = reqPath.key(name)
    for (const e of validateContainerResourceName(name, at, ctx)) errs.push(e)
    for (const e of validateResourceQuantityValue(name, q, at, ctx)) errs.push(e)
    const limit = limits.get(name)
    if (limit !== undefined) {
      // Each side prints through a copy, as upstream's range and map-lookup copies do.
      const cmp = q.cmp(limit)
      const request = q.shallowCopy().toString()
      const of = `${name} limit of ${limit.shallowCopy().toString()}`
      if (cmp !== 0 && !isOvercommitAllowed(name))
        errs.push(invalid(reqPath, request, `must be equal to ${of}`))
      else if (cmp > 0) errs.push(invalid(reqPath, request, `must be less than or equal to ${of}`))
    } else if (!isOvercommitAllowed(name))
      errs.push(required(limPath, 'Limit must be set for non overcommitable resources'))
  }
  return errs
}
