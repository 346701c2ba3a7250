/**
 * `kubeOpenAPIResultToFieldErrors` (apiextensions-apiserver validation.go,
 * crd-validation-spec.md §7.2): each validator error becomes one field error. The validator's
 * dotted path is one path element (its leading dot trimmed); required → Required, enum →
 * NotSupported, maxLength → TooLong, maxItems/maxProperties → TooMany, type and format →
 * TypeInvalid, every other coded error → Invalid with the validator's message; uncoded errors
 * (composition summaries, numeric ranges) → Invalid at the root path with value "".
 */
import {
  invalid,
  notSupported,
  required,
  tooFew,
  tooLong,
  tooMany,
  typeInvalid,
  goJson
} from '../fielderrors/index.js'
import type { FieldError, FieldPath, TooLongWording, ValueStyle } from '../fielderrors/index.js'
import type { OpenApiError } from './result.js'

export function toFieldErrors(
  root: FieldPath,
  errors: readonly OpenApiError[],
  style: ValueStyle,
  tooLongWording: TooLongWording = 'bytes',
  tooFewErrors = false
): FieldError[] {
  return errors.map((e) => toFieldError(root, e, style, tooLongWording, tooFewErrors))
}

function toFieldError(
  root: FieldPath,
  e: OpenApiError,
  style: ValueStyle,
  tooLongWording: TooLongWording,
  tooFewErrors: boolean
): FieldError {
  if (e.kind === 'plain') return invalid(root, '', e.message)
  const path = e.name.length > 0 && e.name !== '.' ? root.child(trimDot(e.name)) : root
  switch (e.code) {
    case 'Required':
      return required(path, '')
    case 'Enum':
      return notSupported(
        path,
        e.value === undefined ? null : e.value,
        (e.values ?? []).map((v) => (typeof v === 'string' ? v : (goJson(v) ?? '')))
      )
    case 'TooLong':
      return tooLong(path, e.valid ?? -1, { style, wording: tooLongWording })
    case 'MaxItems':
    case 'TooManyProperties':
      return tooMany(path, typeof e.value === 'number' ? e.value : -1, e.valid ?? -1, { style })
    // minItems / minProperties: field.TooFew from 1.38 (kubernetes #141641); before, the default
    // Invalid with the validator's message.
    case 'MinItems':
    case 'TooFewProperties':
      if (tooFewErrors)
        return tooFew(path, typeof e.value === 'number' ? e.value : -1, e.valid ?? -1)
      return invalid(path, e.value === undefined ? '' : e.value, e.message)
    case 'InvalidType':
      return typeInvalid(path, e.value === undefined ? '' : e.value, e.message)
    default:
      return invalid(path, e.value === undefined ? '' : e.value, e.message)
  }
}

const trimDot = (name: string): string => (name.startsWith('.') ? name.slice(1) : name)
