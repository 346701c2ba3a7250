/**
 * Checks of the version list that are not about schemas (crd-validation-spec.md §2.4 item 5,
 * §2.7): the deprecation warning of a version and `status.storedVersions`.
 */
import { GoPointer, GoTypedSlice, invalid } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import type { CrdVersion } from './internal.js'

/** Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u

/** UTF-8 decoding rune by rune as Go ranges over a string (invalid bytes → U+FFFD, width 1). */
function* runes(bytes: Uint8Array): Generator<{ rune: string; offset: number; valid: boolean }> {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    const width = b < 0x80 ? 1 : b >> 5 === 0x6 ? 2 : b >> 4 === 0xe ? 3 : b >> 3 === 0x1e ? 4 : 0
    const chunk = width > 0 ? bytes.subarray(i, i + width) : undefined
    const text = chunk ? new TextDecoder('utf-8', { fatal: false }).decode(chunk) : '\ufffd'
    const valid = chunk !== undefined && chunk.length === width && !text.includes('\ufffd')
    yield { rune: valid ? text : '\ufffd', offset: i, valid }
    i += valid ? width : 1
  }
}

/** `validateDeprecationWarning`: the details, each reported as Invalid by the caller. */
export function validateDeprecationWarning(
  deprecated: boolean,
  warning: string | Uint8Array | undefined
): string[] {
  if (!deprecated && warning !== undefined) return ['can only be set for deprecated versions']
  if (warning === undefined) return []
  const bytes = typeof warning === 'string' ? new TextEncoder().encode(warning) : warning
  const errors: string[] = []
  if (bytes.length > 256) errors.push('must be <= 256 characters long')
  if (bytes.length === 0) errors.push('must not be an empty string')
  let allValid = true
  let reported = false
  for (const { rune, offset, valid } of runes(bytes)) {
    if (!valid) allValid = false
    if (!reported && !PRINTABLE.test(rune)) {
      errors.push(
        `must only contain printable UTF-8 characters; non-printable character found at index ${offset}`
      )
      reported = true
    }
  }
  if (!allValid) errors.push('must only contain printable UTF-8 characters')
  return errors
}

/** The deprecation warning as the error value: a Go `*string`. */
export const warningValue = (w: string | Uint8Array | undefined): GoPointer =>
  new GoPointer('string', w instanceof Uint8Array ? new TextDecoder().decode(w) : w)

/** `ValidateCustomResourceDefinitionStoredVersions`. */
export function validateStoredVersions(
  stored: readonly string[],
  versions: readonly Pick<CrdVersion, 'name' | 'storage'>[],
  path: FieldPath
): FieldError[] {
  const value = new GoTypedSlice('string', stored)
  if (stored.length === 0) return [invalid(path, value, 'must have at least one stored version')]
  const errs: FieldError[] = []
  const remaining = new Map<string, number>()
  stored.forEach((v, i) => remaining.set(v, i))
  for (const v of versions) {
    const present = remaining.has(v.name)
    if (v.storage && !present)
      errs.push(invalid(path, value, `must have the storage version ${v.name}`))
    if (present) remaining.delete(v.name)
  }
  for (const [v, i] of [...remaining].sort((a, b) => a[1] - b[1]))
    errs.push(
      invalid(
        path.index(i),
        v,
        `missing from spec.versions; ${v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in ${v} and removes ${v} from status.storedVersions`
      )
    )
  return errs
}
