/**
 * kubectl apply's --validate, the apiserver's fieldValidation: how unknown fields are treated,
 * and the texts the apiserver answers with.
 */
import { goQuote } from '../../go/strconv.js'
import type { UnknownField } from './decode.js'

export type FieldValidation = 'strict' | 'warn' | 'ignore'
export const FIELD_VALIDATIONS: readonly FieldValidation[] = ['strict', 'warn', 'ignore']

/**
 * One strict error as sigs.k8s.io/json words it (kubernetes_patch.go strictError.Error: its
 * type, a space, the field path through strconv.Quote): `unknown field "spec.replica"`. Under
 * `warn` the apiserver sends each as a warning of its own (endpoints/handlers
 * addStrictDecodingWarnings).
 */
export function strictFieldErrorText(field: UnknownField): string {
  return `unknown field ${goQuote(field.field)}`
}

/**
 * What the apiserver answers under `strict` for an object with unknown fields: one error for the
 * object, its strict errors joined with ", " in decoding order (apimachinery
 * pkg/runtime/error.go strictDecodingError.Error), after the handler's `<Kind> in version "v1"
 * cannot be handled as a <Kind>: ` (`handled`).
 *
 * Duplicate fields (`duplicate field "x"`), the other strict error, never reach the apiserver
 * from kubectl: it reads a manifest with a repeated key as an error of its own before sending
 * anything (yaml/duplicate-key), and sends the object it decoded, whose keys are unique.
 */
export function strictDecodingErrorText(handled: string, fields: readonly UnknownField[]): string {
  return `${handled}: strict decoding error: ${fields.map(strictFieldErrorText).join(', ')}`
}
