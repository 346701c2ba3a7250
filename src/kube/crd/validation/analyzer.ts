/**
 * The CRD validity check of `celgate check` (issue 5 item 1): every CRD document validated as
 * each selected Kubernetes release's apiserver validates it on create, one finding per distinct
 * apiserver error, at the YAML line of its field path (internal-form paths mapped back to the
 * document), naming the releases that reject the CRD.
 *
 * With a base ref, a CRD whose name exists at the merge base is validated as an update of that
 * version (`ValidateCustomResourceDefinitionUpdate`) on every release that could have stored it
 * (../crd-update.ts), and its findings say so.
 *
 * CEL compile and cost errors are left to the CEL cost check (analyzeCrdCosts), which reports
 * them with cost explanations and fixes; `includeCelErrors` adds them here too.
 */
import { internalErrorFinding, makeFinding } from '../../../findings/make.js'
import type { Finding } from '../../../findings/model.js'
import type { LoadedDocument } from '../../../workspace/load.js'
import type { Workspace } from '../../../workspace/workspace.js'
import { errorString, valueStyleFor } from '../../fielderrors/index.js'
import { withSchemaMemo } from '../../schema/memo.js'
import type { FieldError } from '../../fielderrors/index.js'
import type { KubernetesVersion } from '../../versions.js'
import { baseCrdLookup } from '../base-crds.js'
import type { BaseCrdLookup, StoredRevision } from '../base-crds.js'
import { crdUpdateOn, crdValidationBehaviourKey } from '../crd-update.js'
import { isCelError } from './cel-errors.js'
import { internalPathToDocumentPath } from './document-paths.js'
import { validateCRD } from './validate-crd.js'
import { crdCreateWarnings, crdUpdateWarnings, type CrdWarning } from './warnings.js'
import { pushAll } from '../../../common/arrays.js'
import { isJsonObject } from '../../../common/json.js'
import type { RuleId } from '../../../findings/catalogue.js'

export const CRD_VALIDITY_RULE_IDS = {
  schema: 'crd/invalid-schema',
  default: 'crd/invalid-default',
  rule: 'crd/invalid-validation-rule',
  spec: 'crd/invalid-spec',
  immutable: 'crd/immutable-field',
  removedApi: 'crd/removed-api-version',
  warning: 'crd/apiserver-warning'
} as const

export interface CrdValidityOptions {
  kubernetesVersions: readonly KubernetesVersion[]
  /** Also report CEL compile, type and cost errors (default false: the cost check has them). */
  includeCelErrors?: boolean
  /**
   * The stored version of a CRD document: validates an update on every release (no lookup at
   * the base ref then).
   */
  oldObject?: (doc: LoadedDocument) => unknown
  /**
   * Validate CRDs that exist at the merge base of this ref and HEAD as updates of that version,
   * on the releases that could have stored it.
   */
  baseRef?: string
  /** The files are this revision as stored: each CRD is an update of itself (base-crds.ts). */
  storedAt?: StoredRevision
}

export interface CrdValidityAnalysis {
  findings: Finding[]
  /** The releases that reject each CRD document (absent when all accept it). */
  rejectedBy: Map<LoadedDocument, KubernetesVersion[]>
}

export { isCelError }

function ruleIdOf(e: FieldError): RuleId {
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

export function analyzeCrdValidity(
  ws: Workspace,
  options: CrdValidityOptions
): CrdValidityAnalysis {
  // The releases of a CRD share what does not depend on them (../../schema/memo.ts).
  return withSchemaMemo(ws, () => analyzeAllDocuments(ws, options))
}

function analyzeAllDocuments(ws: Workspace, options: CrdValidityOptions): CrdValidityAnalysis {
  const findings: Finding[] = []
  const rejectedBy = new Map<LoadedDocument, KubernetesVersion[]>()
  const base = options.oldObject ? undefined : baseCrdLookup(ws, options.baseRef, options.storedAt)
  for (const doc of ws.documents) {
    if (doc.kind !== 'crd') continue
    try {
      pushAll(findings, analyzeDocument(ws, doc, options, rejectedBy, base))
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
  rejectedBy: Map<LoadedDocument, KubernetesVersion[]>,
  base: BaseCrdLookup | undefined
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
  const given = options.oldObject?.(doc)
  const stored = given === undefined ? base?.find(doc) : undefined
  const byBehaviour = new Map<string, FieldError[]>()
  const groups = new Map<
    string,
    { error: FieldError; text: string; versions: KubernetesVersion[] }
  >()
  const warned = new Map<string, CrdWarning & { note: string; versions: KubernetesVersion[] }>()
  for (const version of versions) {
    const update = crdUpdateOn(doc.value, stored, version)
    const old = given ?? update?.base.object
    const note = update ? ` (an update from ${update.base.ref})` : ''
    const key = `${crdValidationBehaviourKey(version)}|${note}`
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
    // Warnings come only with a CRD the apiserver stores.
    else
      for (const w of isJsonObject(old)
        ? crdUpdateWarnings(doc.value, old, version)
        : crdCreateWarnings(doc.value, version)) {
        const key = `${note}\u0000${w.warning}`
        const group = warned.get(key)
        if (group) group.versions.push(version)
        else warned.set(key, { ...w, note, versions: [version] })
      }
    const style = valueStyleFor(version)
    const seen = new Set<string>()
    for (const error of errors) {
      if (options.includeCelErrors !== true && isCelError(error)) continue
      const text = `${note}: ${errorString(error, { style })}`
      if (seen.has(text)) continue
      seen.add(text)
      const group = groups.get(text)
      if (group) group.versions.push(version)
      else groups.set(text, { error, text, versions: [version] })
    }
  }
  const out: Finding[] = []
  for (const { warning, path, note, versions: warningVersions } of warned.values())
    out.push(
      makeFinding(
        CRD_VALIDITY_RULE_IDS.warning,
        ws.locate(doc, path),
        `Kubernetes ${listVersions(warningVersions)} ${warningVersions.length === 1 ? 'warns' : 'warn'} when this CRD is ${note === '' ? 'created' : `applied${note}`}: ${warning}`,
        { kubernetesVersions: [...warningVersions] }
      )
    )
  for (const { error, text, versions: rejecting } of groups.values()) {
    const path = internalPathToDocumentPath(error.field, doc.value)
    const verb = rejecting.length === 1 ? 'rejects' : 'reject'
    out.push(
      makeFinding(
        ruleIdOf(error),
        ws.locate(doc, path),
        `Kubernetes ${listVersions(rejecting)} ${verb} this CRD${text}`,
        {
          kubernetesVersions: [...rejecting],
          data: { field: error.field, errorType: error.type }
        }
      )
    )
  }
  return out
}
