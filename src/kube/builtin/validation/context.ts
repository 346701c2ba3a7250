/**
 * What the built-in kinds' validation needs of a release: the message wording of names and labels,
 * field.TooLong's wording, how error values print (%#v up to 1.33, JSON from 1.34), and the
 * validation changes listed in src/kube/versions.ts.
 */
import type { ValueStyle } from '../../fielderrors/index.js'
import { BUILTIN_KIND_FEATURES } from '../../versions.js'
import type { ReleaseFeatures } from '../../versions.js'

/**
 * The release features the validation reads, besides the version (which only selects the value
 * style). Listed as a value so that validate.ts can tell releases that validate alike.
 */
export const VALIDATION_FEATURES = [
  'labelKeyContentMessages',
  'tooLongInBytes',
  ...BUILTIN_KIND_FEATURES
] as const satisfies ReadonlyArray<keyof ReleaseFeatures>

export type BuiltinValidationRelease = Pick<
  ReleaseFeatures,
  'version' | (typeof VALIDATION_FEATURES)[number]
>

export interface ValidationContext {
  release: BuiltinValidationRelease
  /** How the release prints error values. */
  style: ValueStyle
}
