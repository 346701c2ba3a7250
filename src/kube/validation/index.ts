/**
 * OpenAPI schema value validation of custom resources, as kube-apiserver performs it
 * (apiextensions-apiserver `validation.ValidateCustomResource` / `ValidateCustomResourceUpdate`
 * over kube-openapi's validate package; crd-validation-spec.md §7): types and nullable, enum,
 * minimum/maximum (exclusive), multipleOf, numeric format ranges, minLength/maxLength (counting
 * runes), pattern (Go RE2 via re2js), minItems/maxItems/uniqueItems, min/maxProperties,
 * required, properties/additionalProperties/patternProperties, items, allOf/anyOf/oneOf/not,
 * and the string formats Kubernetes registers (per compatibility version), with the apiserver's
 * error types, paths and texts — e.g.
 * `field: Invalid value: "string": field in body must be of type object: "string"`.
 *
 * Public API (stable; src/kube/cr composes it into the admission pipeline):
 *
 *   validateValue(schema, value, options?): FieldError[]
 *     Validates a create: `schema` is the CRD version's `openAPIV3Schema` as JSON (v1
 *     JSONSchemaProps), `value` the decoded object (see go-kinds.ts for how numbers are read:
 *     integral numbers are int64, `GoFloat` marks an integral float64, bigint holds int64 beyond
 *     2^53). Errors come in validator order; a non-object schema validates nothing.
 *
 *   validateValueUpdate(schema, value, oldValue, options?): { errors, ratcheted }
 *     Validates an update with CRD validation ratcheting (KEP-4008, on in every supported
 *     release): errors of unchanged correlated nodes are returned as `ratcheted` (the apiserver
 *     drops them), the rest as `errors`.
 *
 *   options.pathRoot            the field path errors hang under (default: the nil path, as the
 *                               apiserver validates custom resources; e.g. `status` for a
 *                               status-only schema)
 *   options.kubernetesVersion   the apiserver release (default: the newest supported); decides
 *                               which formats are enforced (string formats by its compatibility
 *                               version, one minor back; int32/int64/float/double only from 1.36)
 *                               and how TooLong/TooMany details read
 *   options.compatibilityVersion  overrides the compatibility version, e.g. '1.34'
 *
 * Values and schemas nested deeper than MAX_VALIDATION_DEPTH stop with one InternalError (so does
 * any unexpected failure); the functions never throw. Embedded resources (`x-kubernetes-embedded-resource`)
 * and list-type uniqueness are not part of this stage (src/kube/schema objectmeta, listtype).
 */
import { FieldPath, internalError, valueStyleFor } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { NEWEST_RELEASE, releaseFeatures } from '../versions.js'
import type { KubernetesVersion } from '../versions.js'
import { Correlation } from './correlation.js'
import { toFieldErrors } from './field-errors.js'
import type { Result } from './result.js'
import { convertSchema } from './schema.js'
import type { OpenApiSchema } from './schema.js'
import { NESTED_TOO_DEEPLY, SchemaWalk, ValidationDepthExceeded } from './walk.js'

export { MAX_VALIDATION_DEPTH } from './walk.js'

export interface ValueValidationOptions {
  /** Field path the errors are rooted at; default the nil path. */
  pathRoot?: FieldPath
  /** The apiserver release; default the newest supported one. */
  kubernetesVersion?: KubernetesVersion
  /** The compatibility version (`1.<minor>`) when it is not the release's default (n-1). */
  compatibilityVersion?: string
}

export interface ValueUpdateResult {
  /** What the apiserver reports. */
  errors: FieldError[]
  /** Errors of unchanged values that ratcheting let through. */
  ratcheted: FieldError[]
}

const NEWEST = NEWEST_RELEASE

/** Validates a value on create (`ValidateCustomResource`). */
export function validateValue(
  schema: unknown,
  value: unknown,
  options: ValueValidationOptions = {}
): FieldError[] {
  return run(schema, options, (walk, root) => walk.validate(root, '', value)).errors
}

/** Validates a value on update with ratcheting (`ValidateCustomResourceUpdate`). */
export function validateValueUpdate(
  schema: unknown,
  value: unknown,
  oldValue: unknown,
  options: ValueValidationOptions = {}
): ValueUpdateResult {
  return run(schema, options, (walk, root) =>
    walk.validateRatcheting(root, '', new Correlation(value, oldValue, root))
  )
}

function run(
  schema: unknown,
  options: ValueValidationOptions,
  validate: (walk: SchemaWalk, root: OpenApiSchema) => Result
): ValueUpdateResult {
  const pathRoot = options.pathRoot ?? FieldPath.nil
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { errors: [], ratcheted: [] }
  }
  const version = options.kubernetesVersion ?? NEWEST
  const style = valueStyleFor(version)
  const features = releaseFeatures(version)
  const root = convertSchema(schema as Record<string, unknown>, {
    compatibilityMinor: compatibilityMinor(options),
    numericFormatsValidated: features.numericFormatsValidated
  })
  // Up to 1.31 the validator's maxLength errors came from `field.TooLongMaxLength`.
  const wording = features.tooLongInBytes ? 'bytes' : 'longer-than'
  try {
    const result = validate(new SchemaWalk(), root)
    return {
      errors: toFieldErrors(pathRoot, result.errors, style, wording, features.tooFewErrors),
      ratcheted: toFieldErrors(pathRoot, result.warnings, style, wording, features.tooFewErrors)
    }
  } catch (error) {
    // Hostile nesting (or a stack that runs out first): one clear error, not an exception.
    if (error instanceof ValidationDepthExceeded) {
      const at = error.path === '' ? pathRoot : pathRoot.child(error.path.replace(/^\./, ''))
      return { errors: [internalError(at, error.message)], ratcheted: [] }
    }
    // A stack overflow ends as the depth limit does; anything else is our bug, reported the same
    // way so that one document cannot stop a run.
    const detail =
      error instanceof RangeError ? NESTED_TOO_DEEPLY : `validation failed: ${String(error)}`
    return { errors: [internalError(pathRoot, detail)], ratcheted: [] }
  }
}

function compatibilityMinor(options: ValueValidationOptions): number {
  const explicit = /^v?1\.(\d+)$/.exec(options.compatibilityVersion ?? '')
  if (explicit !== null) return Number(explicit[1])
  return releaseFeatures(options.kubernetesVersion ?? NEWEST).newExpressionsCompatibility
}
