/**
 * The two validation stages the pipeline borrows from their own packages: OpenAPI value
 * validation of the object against the version schema (crd-validation-spec.md §7, ratcheting
 * §7.5) and the `x-kubernetes-validations` rules (§8, ratcheting §8.4). Kept behind this one
 * port so the pipeline reads in the apiserver's order and each engine stays replaceable.
 *
 * A stage that is not available reports `wired: false`; the pipeline then records it in
 * `CustomResourceResult.notChecked` instead of claiming the object passed it.
 */
import { validateCelRules } from '../celvalidation/index.js'
import { FieldPath } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { isJsonObject } from '../../common/json.js'
import { validateValue, validateValueUpdate } from '../validation/index.js'
import type { KubernetesVersion } from '../versions.js'
import type { JsonObject } from '../../common/json.js'
import type { ServedVersion } from './served-version.js'

export interface StageResult {
  wired: boolean
  errors: FieldError[]
  /** Errors demoted by ratcheting, as the apiserver's warning texts. */
  warnings: string[]
}

export interface SchemaStageInput {
  served: ServedVersion
  /** The value to validate: the whole object, or its `status` for a status update. */
  value: unknown
  /** The stored value it replaces (updates; ratcheting). */
  oldValue?: unknown
  /** `status` for status updates (errors print `status.…`), nil otherwise. */
  pathRoot?: string
  kubernetesVersion: KubernetesVersion
}

export interface CelStageInput {
  served: ServedVersion
  object: JsonObject
  oldObject?: JsonObject
  kubernetesVersion: KubernetesVersion
}

/** OpenAPI value validation of `value` (§7). */
export function runSchemaStage(input: SchemaStageInput): StageResult {
  const root = input.served.schema
  if (!root) return { wired: true, errors: [], warnings: [] }
  // A status update validates the status against the status schema alone (an empty schema
  // when the CRD has none), with errors under `status`.
  let schema: unknown = root
  if (input.pathRoot === 'status') {
    const properties = isJsonObject(root.properties) ? root.properties : {}
    schema = isJsonObject(properties.status) ? properties.status : {}
  }
  const options = {
    kubernetesVersion: input.kubernetesVersion,
    ...(input.pathRoot !== undefined ? { pathRoot: FieldPath.of(input.pathRoot) } : {})
  }
  if (input.oldValue === undefined)
    return { wired: true, errors: validateValue(schema, input.value, options), warnings: [] }
  // Ratcheted errors (unchanged invalid values) are dropped, not returned as warnings.
  const update = validateValueUpdate(schema, input.value, input.oldValue, options)
  return { wired: true, errors: update.errors, warnings: [] }
}

/** The CEL rules of the whole object (§8), with `oldSelf` and ratcheting on updates. */
export function runCelStage(input: CelStageInput): StageResult {
  if (!input.served.schema) return { wired: true, errors: [], warnings: [] }
  const result = validateCelRules(input.served.schema, input.object, input.oldObject, {
    kubernetesVersion: input.kubernetesVersion
  })
  return { wired: true, errors: result.errors, warnings: result.warnings }
}
