/**
 * Decides what each document is, from its apiVersion and kind (never from its folder:
 * real repositories keep policies next to CRDs and samples next to tests).
 */
import { asJsonObject } from '../common/json.js'

export type DocumentKind =
  | 'crd'
  | 'validating-admission-policy'
  | 'validating-admission-policy-binding'
  | 'mutating-admission-policy'
  | 'mutating-admission-policy-binding'
  | 'kyverno-policy'
  | 'kyverno-cel-policy'
  | 'kyverno-policy-exception'
  | 'kyverno-test'
  | 'cel-test-suite'
  | 'namespace'
  | 'resource'

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  crd: 'CustomResourceDefinitions',
  'validating-admission-policy': 'ValidatingAdmissionPolicies',
  'validating-admission-policy-binding': 'ValidatingAdmissionPolicyBindings',
  'mutating-admission-policy': 'MutatingAdmissionPolicies',
  'mutating-admission-policy-binding': 'MutatingAdmissionPolicyBindings',
  'kyverno-policy': 'Kyverno policies',
  'kyverno-cel-policy': 'Kyverno CEL policies',
  'kyverno-policy-exception': 'Kyverno PolicyExceptions',
  'kyverno-test': 'Kyverno CLI tests',
  'cel-test-suite': 'CRD test suites',
  namespace: 'Namespaces',
  resource: 'Sample resources'
}

export interface Classification {
  kind: DocumentKind
  apiVersion?: string
  objectKind?: string
  name?: string
  namespace?: string
}

/** Why a document is not analysed; the summary counts these. */
export type SkipReason =
  | 'empty document'
  | 'not a Kubernetes object (no apiVersion or kind)'
  | 'YAML syntax error'
  | 'too many aliases'
  | 'rejected by kubectl'
  | 'nested too deeply'
  | 'Helm template'
  | 'file too large'
  | 'unreadable file'

const ADMISSION_GROUP = 'admissionregistration.k8s.io'
const ADMISSION_VERSIONS = new Set(['v1', 'v1beta1', 'v1alpha1'])
const ADMISSION_KINDS: Record<string, DocumentKind> = {
  ValidatingAdmissionPolicy: 'validating-admission-policy',
  ValidatingAdmissionPolicyBinding: 'validating-admission-policy-binding',
  MutatingAdmissionPolicy: 'mutating-admission-policy',
  MutatingAdmissionPolicyBinding: 'mutating-admission-policy-binding'
}
const KYVERNO_POLICY_KINDS = new Set(['ClusterPolicy', 'Policy'])
const KYVERNO_CEL_POLICY_KINDS = new Set([
  'ValidatingPolicy',
  'NamespacedValidatingPolicy',
  'MutatingPolicy',
  'NamespacedMutatingPolicy',
  'GeneratingPolicy',
  'NamespacedGeneratingPolicy',
  'DeletingPolicy',
  'NamespacedDeletingPolicy',
  'ImageValidatingPolicy',
  'NamespacedImageValidatingPolicy'
])

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return asJsonObject(value)
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** Classifies one document, or says why it is not an object celgate analyses. */
export function classify(value: unknown): Classification | { skip: SkipReason } {
  const obj = asRecord(value)
  if (!obj)
    return {
      skip:
        value === null || value === undefined
          ? 'empty document'
          : 'not a Kubernetes object (no apiVersion or kind)'
    }
  if (isCelTestSuite(obj))
    return { kind: 'cel-test-suite', apiVersion: str(obj.apiVersion), name: str(obj.name) }
  const apiVersion = str(obj.apiVersion)
  const objectKind = str(obj.kind)
  if (!apiVersion || !objectKind) return { skip: 'not a Kubernetes object (no apiVersion or kind)' }
  const metadata = asRecord(obj.metadata)
  const base = {
    apiVersion,
    objectKind,
    name: str(metadata?.name),
    namespace: str(metadata?.namespace)
  }
  const slash = apiVersion.indexOf('/')
  const group = slash < 0 ? '' : apiVersion.slice(0, slash)
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1)
  return { kind: kindOf(group, version, objectKind), ...base }
}

function kindOf(group: string, version: string, kind: string): DocumentKind {
  if (
    group === 'apiextensions.k8s.io' &&
    kind === 'CustomResourceDefinition' &&
    (version === 'v1' || version === 'v1beta1')
  )
    return 'crd'
  if (group === ADMISSION_GROUP && ADMISSION_VERSIONS.has(version) && ADMISSION_KINDS[kind])
    return ADMISSION_KINDS[kind]
  if (group === 'kyverno.io') {
    if (KYVERNO_POLICY_KINDS.has(kind)) return 'kyverno-policy'
    if (kind === 'PolicyException') return 'kyverno-policy-exception'
  }
  if (group === 'policies.kyverno.io') {
    if (KYVERNO_CEL_POLICY_KINDS.has(kind)) return 'kyverno-cel-policy'
    if (kind === 'PolicyException') return 'kyverno-policy-exception'
  }
  if (group === 'cli.kyverno.io' && kind === 'Test') return 'kyverno-test'
  // 14 MutatingAdmissionPolicy tests upstream declare their Test as kyverno.io/v1.
  if (group === 'kyverno.io' && kind === 'Test') return 'kyverno-test'
  if (group === '' && version === 'v1' && kind === 'Namespace') return 'namespace'
  return 'resource'
}

/** openshift/api-style CRD test suites: `tests.onCreate/onUpdate`, with `crdName` (or legacy `crd`). */
function isCelTestSuite(obj: Record<string, unknown>): boolean {
  const tests = asRecord(obj.tests)
  // Without `crdName` it is still a suite: `celgate test` reports it as one that cannot run.
  return tests !== undefined && (Array.isArray(tests.onCreate) || Array.isArray(tests.onUpdate))
}

/** `kind: List` and `*List` kinds wrap their objects in `items`; those are expanded. */
export function listItems(value: unknown): unknown[] | undefined {
  const obj = asRecord(value)
  if (!obj) return undefined
  const kind = str(obj.kind)
  if (!kind || !(kind === 'List' || kind.endsWith('List')) || !Array.isArray(obj.items))
    return undefined
  return obj.items as unknown[]
}
