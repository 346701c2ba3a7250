/**
 * Namespaces on create (kubernetes pkg/apis/core/validation/validation.go at 000f26050b9b:
 * ValidateNamespace, validateFinalizerName, validateKubeFinalizerName): each `spec.finalizers`
 * entry a qualified name, and one without a domain a standard finalizer. Upstream reports them at
 * `spec.finalizers`, without the index. The registry's own `kubernetes` finalizer, added on
 * create, is always valid.
 */
import { FieldPath, invalid } from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import { isQualifiedName } from '../../apimachinery/names.js'
import { STANDARD_FINALIZERS } from '../../cr/warnings.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { listOf, objectOf } from './json.js'
import { messageStyle } from './labels.js'

export function validateNamespace(namespace: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  const path = FieldPath.of('spec', 'finalizers')
  for (const item of listOf(objectOf(namespace, 'spec'), 'finalizers')) {
    const finalizer = typeof item === 'string' ? item : ''
    for (const msg of isQualifiedName(finalizer, messageStyle(ctx)))
      errs.push(invalid(path, finalizer, msg))
    if (!finalizer.includes('/') && !STANDARD_FINALIZERS.has(finalizer))
      errs.push(
        invalid(
          path,
          finalizer,
          'name is neither a standard finalizer name nor is it fully qualified'
        )
      )
  }
  return errs
}
