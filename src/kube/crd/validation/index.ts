/**
 * CRD validation as the apiserver performs it (issue 5 items 1 and 5), for `celgate check` and
 * for integrations:
 *
 *   validateCRD(crd, { kubernetesVersion, oldCRD })    → the apiserver's field errors
 *   validateStructural(schema)                         → ValidateStructural's errors
 *   analyzeCrdValidity(workspace, options)             → celgate findings
 */
import { FieldPath, invalid } from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import { validateStructural as validateStructuralSchema } from '../../schema/structural-validation.js'
import { tryNewStructural } from '../../schema/structural.js'
import type { RawSchema } from '../../schema/structural.js'
import { SUPPORTED_VERSIONS, isSupportedVersion } from '../../versions.js'
import type { KubernetesVersion } from '../../versions.js'
import { LATEST_KUBERNETES_VERSION } from './validate-crd.js'

export {
  decodeCRD,
  validateCRD,
  validateInternalCRD,
  LATEST_KUBERNETES_VERSION
} from './validate-crd.js'
export type { InternalValidationOptions, ValidateCRDOptions } from './validate-crd.js'
export { convertV1ToInternal, convertV1beta1ToInternal, readInternalCRD } from './internal.js'
export type { InternalCRD } from './internal.js'
export { createOptions, updateOptions } from './options.js'
export type { ValidationOptions } from './options.js'
export { defaultValueHooks, validateSchema, schemaHooks } from './schema.js'
export type { SchemaCheckOptions } from './schema.js'
export { validateDeprecationWarning, validateStoredVersions } from './crd-versions.js'
export { analyzeCrdValidity, CRD_VALIDITY_RULE_IDS } from './analyzer.js'
export type { CrdValidityAnalysis, CrdValidityOptions } from './analyzer.js'
export { internalPathToDocumentPath } from './document-paths.js'

/**
 * Library API: `ValidateStructural` of a raw `openAPIV3Schema` rooted at `path` (default
 * `openAPIV3Schema`); a schema that cannot be converted to the structural form reports the
 * conversion error (§3.1) as the apiserver does, at `path` with value `""`.
 */
export function validateStructural(
  schema: RawSchema,
  path: FieldPath = FieldPath.of('openAPIV3Schema')
): FieldError[] {
  const converted = tryNewStructural(schema)
  if ('error' in converted) return [invalid(path, '', converted.error)]
  return validateStructuralSchema(path, converted.structural)
}

/**
 * The release whose NewExpressions CEL environment is at `compatibility` (`1.31` → 1.32;
 * `default` → the newest supported release), clamped to the supported range.
 */
export function kubernetesVersionForCompatibility(compatibility: string): KubernetesVersion {
  const minor = /^v?1\.(\d+)$/.exec(compatibility)?.[1]
  if (minor === undefined) return LATEST_KUBERNETES_VERSION
  const candidate = `1.${Number(minor) + 1}`
  if (isSupportedVersion(candidate)) return candidate
  return Number(minor) + 1 < 30 ? SUPPORTED_VERSIONS[0] : LATEST_KUBERNETES_VERSION
}
