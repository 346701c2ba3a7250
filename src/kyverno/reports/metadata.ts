/**
 * The labels and annotations Kyverno puts on its reports (pkg/utils/report/metadata.go, and
 * labels.go of 1.10–1.11), and the metadata the apiserver adds when it stores them (uid,
 * resourceVersion, generation, creationTimestamp: part of every object in etcd).
 */
import { VALIDATING_POLICY_KINDS } from '../validating-policy.js'
import type { JsonMap, KyvernoPolicy } from '../types.js'
import {
  deterministicResourceVersion,
  deterministicUid,
  rfc3339,
  type ResourceIdentity
} from './identity.js'
import type { ReportLayout } from './types.js'

const LABEL_MANAGED_BY = 'app.kubernetes.io/managed-by'
export const VALUE_KYVERNO = 'kyverno'
export const LABEL_RESOURCE_HASH = 'audit.kyverno.io/resource.hash'
export const LABEL_RESOURCE_UID = 'audit.kyverno.io/resource.uid'
const LABEL_RESOURCE_GVR = 'audit.kyverno.io/resource.gvr'
const LABEL_RESOURCE_GROUP = 'audit.kyverno.io/resource.group'
const LABEL_RESOURCE_VERSION = 'audit.kyverno.io/resource.version'
const LABEL_RESOURCE_KIND = 'audit.kyverno.io/resource.kind'
export const LABEL_SOURCE = 'audit.kyverno.io/source'
/** A label in 1.10–1.11, an annotation since. */
const KEY_RESOURCE_NAMESPACE = 'audit.kyverno.io/resource.namespace'
const KEY_RESOURCE_NAME = 'audit.kyverno.io/resource.name'
export const LABEL_AGGREGATED_REPORT = 'audit.kyverno.io/report.aggregate'
export const ANNOTATION_LAST_SCAN_TIME = 'audit.kyverno.io/last-scan-time'
/** A policy with this label produces no reports (Kyverno 1.16+). */
export const LABEL_REPORTS_DISABLED = 'reports.kyverno.io/disabled'

/**
 * The label prefix of each kind whose results are reported (PolicyLabelPrefix), and of the
 * admission policy bindings the background scan labels its reports with
 * (ValidatingAdmissionPolicyBindingLabel, MutatingAdmissionPolicyBindingLabel).
 */
const LABEL_PREFIXES: Readonly<Record<string, string>> = {
  Policy: 'pol.kyverno.io/',
  ImageValidatingPolicy: 'ivpol.kyverno.io/',
  NamespacedImageValidatingPolicy: 'ivpol.kyverno.io/',
  GeneratingPolicy: 'gpol.kyverno.io/',
  NamespacedGeneratingPolicy: 'gpol.kyverno.io/',
  MutatingPolicy: 'mpol.kyverno.io/',
  NamespacedMutatingPolicy: 'mpol.kyverno.io/',
  ValidatingAdmissionPolicy: 'validatingadmissionpolicy.apiserver.io/',
  ValidatingAdmissionPolicyBinding: 'validatingadmissionpolicybinding.apiserver.io/',
  MutatingAdmissionPolicy: 'mutatingadmissionpolicy.apiserver.io/',
  MutatingAdmissionPolicyBinding: 'mutatingadmissionpolicybinding.apiserver.io/'
}

/** PolicyLabel: `cpol.kyverno.io/<name>`, `pol.kyverno.io/<name>`, `vpol.kyverno.io/<name>`… */
export function policyLabel(policy: KyvernoPolicy): string {
  const name = policy.metadata?.name ?? ''
  if (VALIDATING_POLICY_KINDS.has(policy.kind ?? '')) return `vpol.kyverno.io/${name}`
  const kind = policy.kind ?? ''
  // Own keys only: a kind named `constructor` is a ClusterPolicy's label, not Object's.
  const prefix = Object.hasOwn(LABEL_PREFIXES, kind) ? LABEL_PREFIXES[kind]! : 'cpol.kyverno.io/'
  return `${prefix}${name}`
}

/** The policy's resourceVersion, the value of its label (derived when the file has none). */
export function policyResourceVersion(policy: KyvernoPolicy): string {
  const meta = policy.metadata as { resourceVersion?: unknown } | undefined
  if (typeof meta?.resourceVersion === 'string' && meta.resourceVersion !== '')
    return meta.resourceVersion
  let version = derivedVersions.get(policy)
  if (version === undefined) {
    version = deterministicResourceVersion(
      `${policy.kind ?? ''}/${policy.metadata?.namespace ?? ''}/${policy.metadata?.name ?? ''}`
    )
    derivedVersions.set(policy, version)
  }
  return version
}

const derivedVersions = new WeakMap<KyvernoPolicy, string>()

/** SetPolicyLabel for each policy. */
export function policyLabels(policies: readonly KyvernoPolicy[]): Record<string, string> {
  const labels: Record<string, string> = {}
  for (const p of policies) labels[policyLabel(p)] = policyResourceVersion(p)
  return labels
}

/** SetResourceGVR: `pods.v1`, `deployments.v1.apps`; split in three labels past 63 characters. */
export function resourceGvrLabels(id: ResourceIdentity): Record<string, string> {
  const gvr = `${id.resource}.${id.version}.${id.group}`
  if (gvr.length > 63) {
    // Kyverno writes the resource name under the annotation key here, as a label.
    return {
      [LABEL_RESOURCE_GROUP]: id.group,
      [LABEL_RESOURCE_VERSION]: id.version,
      [KEY_RESOURCE_NAME]: id.resource
    }
  }
  return {
    [LABEL_RESOURCE_GVR]:
      id.group !== '' ? `${id.resource}.${id.version}.${id.group}` : `${id.resource}.${id.version}`
  }
}

/** SetResourceGVK. */
export function resourceGvkLabels(id: ResourceIdentity): Record<string, string> {
  return {
    [LABEL_RESOURCE_GROUP]: id.group,
    [LABEL_RESOURCE_VERSION]: id.version,
    [LABEL_RESOURCE_KIND]: id.kind
  }
}

/** Where the resource's namespace and name go: labels in 1.10–1.11, annotations later. */
export function resourceNameKeys(id: ResourceIdentity): Record<string, string> {
  return { [KEY_RESOURCE_NAMESPACE]: id.namespace, [KEY_RESOURCE_NAME]: id.name }
}

export interface MetadataParts {
  readonly name: string
  readonly generateName?: string
  readonly namespace: string
  readonly labels: Record<string, string>
  readonly annotations?: Record<string, string>
  readonly ownerReferences?: JsonMap[]
}

/**
 * ObjectMeta as stored: Kyverno's fields plus what the apiserver sets on create, in Go's field
 * order (name, generateName, namespace, uid, resourceVersion, generation, creationTimestamp,
 * labels, annotations, ownerReferences).
 */
export function storedMetadata(kind: string, parts: MetadataParts, now: Date): JsonMap {
  const seed = `${kind}/${parts.namespace}/${parts.name}`
  const meta: JsonMap = { name: parts.name }
  if (parts.generateName !== undefined) meta.generateName = parts.generateName
  if (parts.namespace !== '') meta.namespace = parts.namespace
  meta.uid = deterministicUid(`report/${seed}`)
  meta.resourceVersion = deterministicResourceVersion(`report/${seed}`)
  meta.generation = 1
  meta.creationTimestamp = rfc3339(now)
  meta.labels = parts.labels
  if (parts.annotations !== undefined && Object.keys(parts.annotations).length > 0)
    meta.annotations = parts.annotations
  if (parts.ownerReferences !== undefined && parts.ownerReferences.length > 0)
    meta.ownerReferences = parts.ownerReferences
  return meta
}

/** The managed-by label every report carries, first. */
export const managedBy = (): Record<string, string> => ({ [LABEL_MANAGED_BY]: VALUE_KYVERNO })

/** Layout-specific API versions and kinds of the per-resource reports. */
export function intermediateKind(
  layout: ReportLayout,
  role: 'admission' | 'background',
  clusterScoped: boolean
): { apiVersion: string; kind: string } {
  if (layout === 'per-resource')
    return {
      apiVersion: 'reports.kyverno.io/v1',
      kind: clusterScoped ? 'ClusterEphemeralReport' : 'EphemeralReport'
    }
  const base = role === 'admission' ? 'AdmissionReport' : 'BackgroundScanReport'
  return { apiVersion: 'kyverno.io/v1alpha2', kind: clusterScoped ? `Cluster${base}` : base }
}
