/**
 * The final API error of a failed create/update (crd-validation-spec.md §1.3): the aggregate
 * message (identical error strings de-duplicated, one error printed bare, several as
 * `[e1, e2]`) and the 422 `Invalid` status with one cause per error.
 */
import { errorBody, errorString } from './errors.js'
import type { FieldError, FieldErrorType, RenderOptions } from './errors.js'
import { goQuote } from './go-values.js'

/** `errs.ToAggregate().Error()`; undefined for an empty list. */
export function aggregateMessage(
  errors: readonly FieldError[],
  options: RenderOptions = {}
): string | undefined {
  const seen = new Set<string>()
  for (const e of errors) seen.add(errorString(e, options))
  if (seen.size === 0) return undefined
  const messages = [...seen]
  return messages.length === 1 ? messages[0] : `[${messages.join(', ')}]`
}

export interface StatusCause {
  reason: FieldErrorType
  message: string
  field: string
}

export interface InvalidStatus {
  code: 422
  reason: 'Invalid'
  message: string
  details: { group: string; kind: string; name: string; causes: StatusCause[] }
}

/** `apierrors.NewInvalid(groupKind, name, errs)`. */
export function invalidStatus(
  groupKind: { group: string; kind: string },
  name: string,
  errors: readonly FieldError[],
  options: RenderOptions = {}
): InvalidStatus {
  const qualifiedKind =
    groupKind.group === '' ? groupKind.kind : `${groupKind.kind}.${groupKind.group}`
  const aggregate = aggregateMessage(errors, options)
  const head = `${qualifiedKind} ${goQuote(name)} is invalid`
  return {
    code: 422,
    reason: 'Invalid',
    message: aggregate === undefined ? head : `${head}: ${aggregate}`,
    details: {
      group: groupKind.group,
      kind: groupKind.kind,
      name,
      causes: errors.map((e) => ({
        reason: e.type,
        message: errorBody(e, options),
        field: e.field
      }))
    }
  }
}
