/**
 * What kube-apiserver's create validation says about a decoded built-in object: the ObjectMeta
 * checks first (object-meta.ts), then the schema checks (schema-checks.ts), as
 * `Validate<Kind>` orders them; plus the warnings it returns with an accepted object.
 */
import { errorString, valueStyleFor } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { valuePathOfField } from '../cr/field-location.js'
import type { JsonObject } from '../schema/structural-json.js'
import { releaseFeatures } from '../versions.js'
import type { KubernetesVersion, ReleaseFeatures } from '../versions.js'
import type { PathSegment } from '../../workspace/value-path.js'
import type { ReleaseApi, ServedKind } from './facts.js'
import { validateBuiltinObjectMeta } from './object-meta.js'
import { checkBuiltinSchema } from './schema-checks.js'
import type { ApiserverWarning } from './pod-spec.js'

interface BuiltinValidation {
  errors: FieldError[]
  warnings: ApiserverWarning[]
}

/** Create-time validation of `object`, a decoded `served` kind of the release `api` describes. */
export function validateBuiltinCreate(
  object: JsonObject,
  served: ServedKind,
  api: ReleaseApi,
  release: Pick<ReleaseFeatures, 'labelKeyContentMessages' | 'tooLongInBytes'>
): BuiltinValidation {
  const errors = validateBuiltinObjectMeta(object, served, release)
  if (served.definition === undefined) return { errors, warnings: [] }
  const schema = checkBuiltinSchema(object, served.definition, api)
  for (const e of schema.errors) errors.push(e)
  return { errors, warnings: schema.warnings }
}

/**
 * Kinds another analyzer already validates as the apiserver does (metadata included): CRDs
 * (src/kube/crd/validation) and admission policies and bindings (src/kube/admission). Checking
 * them here too would report each error twice.
 */
const VALIDATED_ELSEWHERE = new Set([
  'apiextensions.k8s.io/CustomResourceDefinition',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
  'admissionregistration.k8s.io/MutatingAdmissionPolicy',
  'admissionregistration.k8s.io/MutatingAdmissionPolicyBinding'
])

/** A finding-to-be of the built-in analyzer (analyze.ts's Outcome). */
interface ValidationOutcome {
  ruleId: 'builtin/invalid' | 'builtin/warning'
  message: string
  path: PathSegment[]
  target: 'value'
  /** Invalid objects never reach validating admission; warned ones do. */
  refused: boolean
  fromSchemas: true
}

/**
 * The create validation of a decoded object as findings: each field error as the apiserver
 * prints it (`metadata.name: Invalid value: …`), at its field (or the nearest value present),
 * and each warning it returns with an accepted object.
 */
export function validationOutcomes(
  object: JsonObject,
  served: ServedKind,
  api: ReleaseApi,
  version: KubernetesVersion
): ValidationOutcome[] {
  if (VALIDATED_ELSEWHERE.has(`${served.group}/${served.kind}`)) return []
  const result = validateBuiltinCreate(object, served, api, releaseFeatures(version))
  const style = valueStyleFor(version)
  const outcomes: ValidationOutcome[] = []
  for (const e of result.errors)
    outcomes.push({
      ruleId: 'builtin/invalid',
      message: errorString(e, { style }),
      path: valuePathOfField(object, e.field),
      target: 'value',
      refused: true,
      fromSchemas: true
    })
  for (const w of result.warnings)
    outcomes.push({
      ruleId: 'builtin/warning',
      message: `Warning: ${w.message}`,
      path: valuePathOfField(object, w.field),
      target: 'value',
      refused: false,
      fromSchemas: true
    })
  return outcomes
}
