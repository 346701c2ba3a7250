/**
 * The error a client sees for a rejected custom resource (crd-validation-spec.md §1.3):
 * `<Kind>.<group> "<name>" is invalid: <aggregate>` for field errors (422), or the plain
 * message of a decode or lookup failure. Test suites match their expected errors as
 * substrings of exactly this text.
 */
import { invalidStatus } from '../fielderrors/index.js'
import type { InvalidStatus } from '../fielderrors/index.js'
import { resultValueStyle } from './pipeline.js'
import type { CustomResourceResult } from './pipeline.js'

/** The full status of a rejected request; undefined when it was accepted. */
export function customResourceStatus(
  result: CustomResourceResult
): InvalidStatus | { code: number; reason: string; message: string } | undefined {
  if (result.rejection) return result.rejection
  if (result.errors.length === 0) return undefined
  return invalidStatus({ group: result.group, kind: result.kind }, result.name, result.errors, {
    style: resultValueStyle(result)
  })
}

/** `err.Error()` of the failed request; undefined when it was accepted. */
export function customResourceStatusMessage(result: CustomResourceResult): string | undefined {
  return customResourceStatus(result)?.message
}
