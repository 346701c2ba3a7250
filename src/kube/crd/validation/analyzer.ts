/**
 * The CRD validity check of `celgate check` (issue 5 item 1): every CRD document validated as
 * each selected Kubernetes release's apiserver validates it on create, one finding per distinct
 * apiserver error, at the YAML line of its field path (internal-form paths mapped back to the
 * document), naming the releases that reject the CRD.
 *
 * CEL compile and cost errors are left to the CEL cost check (analyzeCrdCosts), which reports
 * them with cost explanations and fixes; `includeCelErrors` adds them here too.
 */
import { internalErrorFinding, makeFinding } from '../../../findings/make.js'
import type { Finding } from '../../../findings/model.js'
import type { LoadedDocument } from '../../../workspace/load.js'
import type { Workspace } from '../../../workspace/workspace.js'
import { errorString, valueStyleFor } from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import { celBehaviourKey, releaseFeatures } from '../../versions.js'
import type { KubernetesVersion } from '../../versions.js'
import { internalPathToDocumentPath } from './document-paths.js'
import { validateCRD } from './validate-crd.js'

export const CRD_VALIDITY_RULE_IDS = {
  schema: 'crd/invalid-schema',
  default: 'crd/invalid-default',
  rule: 'crd/invalid-validation-rule',
  spec: 'crd/invalid-spec',
  immutable: 'crd/immutable-field',
  removedApi: 'crd/removed-api-version'
} as const

export interface CrdValidityOptions {
  kubernetesVersions: readonly KubernetesVersion[]
  /** Also report CEL compile, type and cost errors (default false: the cost check has them). */
  includeCelErrors?: boolean
  /** The stored version of a CRD document (e.g. from the merge base): validates an update. */
  oldObject?: (doc: LoadedDocument) => unknown
}

export interface CrdValidityAnalysis {
  findings: Finding[]
  /** The releases that reject each CRD document (absent when all accept it). */
  rejectedBy: Map<LoadedDocument, KubernetesVersion[]>
}

/** CEL details the CEL cost check reports (compile, type, transition and cost errors). */
const CEL_DETAIL =
  /^(compilation failed: |messageExpression compilation failed: |cel expression must evaluate to a bool|messageExpression must evaluate to a string|program instantiation failed|messageExpression instantiation failed|estimated rule cost exceeds budget|estimated messageExpression cost exceeds budget|contributed to estimated rule cost total|x-kubernetes-validations estimated rule cost total|oldSelf cannot be used on the uncorrelatable portion|may not be set if oldSelf is not used in rule|internal error: failed to (construct|retrieve) type information)/

export const isCelError = (e: FieldError): boolean => CEL_DETAIL.test(e.detail)

function ruleIdOf(e: FieldError): string {
  if (e.detail === 'field is immutable') return CRD_VALIDITY_RULE_IDS.immutable
  const field = e.field
  if (/\.default(\.|\[|$)/.test(field) && field.includes('openAPIV3Schema'))
    return CRD_VALIDITY_RULE_IDS.default
  if (field.includes('x-kubernetes-validations')) return CRD_VALIDITY_RULE_IDS.rule
  if (field.includes('openAPIV3Schema')) return CRD_VALIDITY_RULE_IDS.schema
  return CRD_VALIDITY_RULE_IDS.spec
}

/** `1.35`, `1.35 and 1.36`, `1.35, 1.36 and 1.37`. */
function listVersions(versions: readonly string[]): string {
  if (versions.length <= 1) return versions.join('')
  return `${versions.slice(0, -1).join(', ')} and ${versions[versions.length - 1]}`
}

/** Releases that validate CRDs identically share one run. */
function behaviourKey(version: KubernetesVersion): string {
  const release = releaseFeatures(version)
  return [
    celBehaviourKey(version, 'NewExpressions'),
    celBehaviourKey(version, 'StoredExpressions'),
    valueStyleFor(version),
    release.crdSelectableFields,
    release.celFailureValues
  ].join('|')
}

export function analyzeCrdValidity(
  ws: Workspace,
  options: CrdValidityOptions
): CrdValidityAnalysis {
  const findings: Finding[] = []
  const rejectedBy = new Map<LoadedDocument, KubernetesVersion[]>()
  for (const doc of ws.documents) {
    if (doc.kind !== 'crd') continue
    try {
      findings.push(...analyzeDocument(ws, doc, options, rejectedBy))
    } catch (err) {
      findings.push(internalErrorFinding(ws.locate(doc, []), err))
    }
  }
  return { findings, rejectedBy }
}

function analyzeDocument(
  ws: Workspace,
  doc: LoadedDocument,
  options: CrdValidityOptions,
  rejectedBy: Map<LoadedDocument, KubernetesVersion[]>
): Finding[] {
  const versions = options.kubernetesVersions
  if (doc.value.apiVersion === 'apiextensions.k8s.io/v1beta1') {
    rejectedBy.set(doc, [...versions])
    return [
      makeFinding(
        CRD_VALIDITY_RULE_IDS.removedApi,
        ws.locate(doc, ['apiVersion']),
        `Kubernetes ${listVersions(versions)} ${versions.length === 1 ? 'does' : 'do'} not serve apiextensions.k8s.io/v1beta1 (removed in 1.22): applying this CRD fails with no matches for kind "CustomResourceDefinition" in version "apiextensions.k8s.io/v1beta1".`,
        { kubernetesVersions: [...versions] }
      )
    ]
  }
  const old = options.oldObject?.(doc)
  const byBehaviour = new Map<string, FieldError[]>()
  const groups = new Map<
    string,
    { error: FieldError; text: string; versions: KubernetesVersion[] }
  >()
  for (const version of versions) {
    const key = behaviourKey(version)
    let errors = byBehaviour.get(key)
    if (errors === undefined) {
      errors = validateCRD(doc.value, {
        kubernetesVersion: version,
        ...(old !== undefined ? { oldCRD: old } : {})
      })
      byBehaviour.set(key, errors)
    }
    // The CRD is rejected whatever the errors are; CEL ones may be reported elsewhere.
    if (errors.length > 0) rejectedBy.set(doc, [...(rejectedBy.get(doc) ?? []), version])
    const style = valueStyleFor(version)
    const seen = new Set<string>()
    for (const error of errors) {
      if (options.includeCelErrors !== true && isCelError(error)) continue
      const text = errorString(error, { style })
      if (seen.has(text)) continue
      seen.add(text)
      const group = groups.get(text)
      if (group) group.versions.push(version)
      else groups.set(text, { error, text, versions: [version] })
    }
  }
  const out: Finding[] = []
  for (const { error, text, versions: rejecting } of groups.values()) {
    const path = internalPathToDocumentPath(error.field, doc.value)
    const verb = rejecting.length === 1 ? 'rejects' : 'reject'
    out.push(
      makeFinding(
        ruleIdOf(error),
        ws.locate(doc, path),
        `Kubernetes ${listVersions(rejecting)} ${verb} this CRD: ${text}`,
        {
          kubernetesVersions: [...rejecting],
          data: { field: error.field, errorType: error.type }
        }
      )
    )
  }
  return out
}
