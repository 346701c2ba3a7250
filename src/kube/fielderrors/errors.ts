/**
 * The apiserver's field errors (`field.Error`): a type, the rendered path, the offending value
 * and a detail, printed as `<path>: <type text>[: <value>][: <detail>]`
 * (crd-validation-spec.md §1.2).
 */
import type { FieldPath } from './path.js'
import { OMIT_VALUE, compareGoStrings, formatBadValue, goQuote } from './go-values.js'
import type { ValueStyle } from './go-values.js'

/** The Go `field.ErrorType` constants (also the `reason` of a status cause). */
export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'FieldValueTooFew'
  | 'InternalError'
  | 'FieldValueTypeInvalid'
  | 'FieldValueTooShort'

export interface FieldError {
  type: FieldErrorType
  /** The rendered path (`field.Path.String()`). */
  field: string
  /** The offending value (see go-values.ts for how values are printed). */
  badValue: unknown
  detail: string
}

const TYPE_TEXT: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  FieldValueTooFew: 'Too few',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
  FieldValueTooShort: 'Too short'
}

/** The display text of an error type (`ErrorType.String()`). */
export function errorTypeText(type: FieldErrorType): string {
  return TYPE_TEXT[type]
}

/** Types whose body never shows the value. */
const VALUELESS = new Set<FieldErrorType>([
  'FieldValueRequired',
  'FieldValueForbidden',
  'FieldValueTooLong',
  'FieldValueTooShort',
  'InternalError'
])

export interface RenderOptions {
  /** 'current' (1.34+, the default) or 'legacy' (≤1.33) value printing. */
  style?: ValueStyle
}

/** `e.ErrorBody()`: the text after the path. */
export function errorBody(e: FieldError, options: RenderOptions = {}): string {
  let body = TYPE_TEXT[e.type]
  // Up to 1.33 TooShort still printed its value; it is not produced on the CRD paths.
  if (!VALUELESS.has(e.type)) {
    const value = formatBadValue(e.badValue, options.style ?? 'current')
    if (value !== undefined) body += `: ${value}`
  }
  if (e.detail.length > 0) body += `: ${e.detail}`
  return body
}

/** `e.Error()`: `<path>: <body>`. */
export function errorString(e: FieldError, options: RenderOptions = {}): string {
  return `${e.field}: ${errorBody(e, options)}`
}

const make = (
  type: FieldErrorType,
  path: FieldPath,
  badValue: unknown,
  detail: string
): FieldError => ({ type, field: path.toString(), badValue, detail })

export const required = (path: FieldPath, detail = ''): FieldError =>
  make('FieldValueRequired', path, '', detail)

export const forbidden = (path: FieldPath, detail: string): FieldError =>
  make('FieldValueForbidden', path, '', detail)

export const invalid = (path: FieldPath, value: unknown, detail: string): FieldError =>
  make('FieldValueInvalid', path, value, detail)

export const typeInvalid = (path: FieldPath, value: unknown, detail: string): FieldError =>
  make('FieldValueTypeInvalid', path, value, detail)

export const duplicate = (path: FieldPath, value: unknown): FieldError =>
  make('FieldValueDuplicate', path, value, '')

export const notFound = (path: FieldPath, value: unknown): FieldError =>
  make('FieldValueNotFound', path, value, '')

/** `field.NotSupported`: detail lists the valid values, each Go-quoted. */
export function notSupported(
  path: FieldPath,
  value: unknown,
  validValues: readonly string[]
): FieldError {
  const detail =
    validValues.length > 0 ? `supported values: ${validValues.map(goQuote).join(', ')}` : ''
  return make('FieldValueNotSupported', path, value, detail)
}

/** Options of the constructors whose detail text changed in 1.34 (singular `byte`/`item`). */
export interface DetailOptions {
  style?: ValueStyle
}

/**
 * How `field.TooLong` words its detail: `bytes` from 1.32 on; up to 1.31, `longer-than` for
 * `TooLongMaxLength` (the CRD value validator) and `at-most-bytes` for `TooLong` (metadata).
 */
export type TooLongWording = 'bytes' | 'longer-than' | 'at-most-bytes'

/** `field.TooLong` (`TooLongMaxLength` up to 1.31): the value is never printed. */
export function tooLong(
  path: FieldPath,
  maxLength: number,
  options: DetailOptions & { wording?: TooLongWording } = {}
): FieldError {
  const unit = maxLength === 1 && options.style !== 'legacy' ? 'byte' : 'bytes'
  let detail: string
  switch (options.wording ?? 'bytes') {
    case 'longer-than':
      detail = maxLength >= 0 ? `may not be longer than ${maxLength}` : 'value is too long'
      break
    case 'at-most-bytes':
      detail = `must have at most ${maxLength} bytes`
      break
    default:
      detail = maxLength >= 0 ? `may not be more than ${maxLength} ${unit}` : 'value is too long'
  }
  return make('FieldValueTooLong', path, '<value omitted>', detail)
}

/** `field.TooMany`: the actual count is printed when known (>= 0). */
export function tooMany(
  path: FieldPath,
  actualQuantity: number,
  maxQuantity: number,
  options: DetailOptions = {}
): FieldError {
  const unit = maxQuantity === 1 && options.style !== 'legacy' ? 'item' : 'items'
  const detail =
    maxQuantity >= 0 ? `must have at most ${maxQuantity} ${unit}` : 'has too many items'
  return make('FieldValueTooMany', path, actualQuantity >= 0 ? actualQuantity : OMIT_VALUE, detail)
}

/**
 * `field.TooFew` (apimachinery pkg/util/validation/field/errors.go): unlike TooMany, the actual
 * count is always the value, and the unit is `item` for a minimum of exactly 1.
 */
export function tooFew(path: FieldPath, actualQuantity: number, minQuantity: number): FieldError {
  const detail =
    minQuantity >= 0
      ? `must have at least ${minQuantity} ${minQuantity === 1 ? 'item' : 'items'}`
      : 'has too few items'
  return make('FieldValueTooFew', path, actualQuantity, detail)
}

/** `field.InternalError`: the detail is the error text. */
export function internalError(path: FieldPath, error: Error | string): FieldError {
  const text = typeof error === 'string' ? error : error.message
  return make('InternalError', path, text, text)
}

/**
 * The errors sorted by their full error string in Go's byte order, as `ValidateStructural`
 * sorts its errors (crd-validation-spec.md §3.2).
 */
export function sortByErrorString(
  errors: readonly FieldError[],
  options: RenderOptions = {}
): FieldError[] {
  return errors
    .map((e) => ({ e, key: errorString(e, options) }))
    .sort((a, b) => compareGoStrings(a.key, b.key))
    .map(({ e }) => e)
}
