/**
 * Every report Kyverno would create for a repository's resources (`reports-dir`): the Kyverno
 * dry-run's subjects (ClusterPolicies, Policies, ValidatingPolicies) with the results of the
 * other kinds Kyverno reports on added — ValidatingAdmissionPolicies with their bindings,
 * MutatingAdmissionPolicies (when the cluster enables their reports), MutatingPolicies,
 * GeneratingPolicies, ImageValidatingPolicies — and the CEL policies' audit annotations as
 * properties, all as the selected Kyverno release writes them (versions.ts `reports`).
 *
 * Without Kyverno policies the dry-run made no subjects: the resources are picked as it picks
 * them (resources outside Kyverno's own groups and test folders, scanned-resources.ts, past
 * the resourceFilters, that the apiserver takes).
 */
import { CreateScopes } from '../../kube/admission/create-scope.js'
import type { KubernetesVersion } from '../../kube/versions.js'
import type { LoadedDocument } from '../../workspace/load.js'
import { isJsonObject } from '../../common/json.js'
import { unexpiredCelExceptions } from '../cel-exceptions.js'
import type { PolicyOutcome } from '../admission.js'
import type { JsonMap } from '../types.js'
import { VALIDATING_POLICY_KINDS } from '../validating-policy.js'
import { kyvernoFeatures, type KyvernoVersion } from '../versions.js'
import { AdmissionPolicyOutcomes } from './admission-policy-outcomes.js'
import { buildReports } from './build.js'
import { CelPolicyOutcomes } from './cel-policy-outcomes.js'
import type { ClusterProfileConfig } from './cluster-profile.js'
import { resolveClusterProfile } from './cluster-profile.js'
import { reportEntryFeatures, reportedCelKind } from './entry-features.js'
import { resourceIdentity } from './identity.js'
import { ResourceFilters } from './resource-filters.js'
import { INFRASTRUCTURE_GROUPS, apiGroupOf, testFixtureMatcher } from './scanned-resources.js'
import { SubjectEvaluator } from './subjects.js'
import type {
  BuildReportsOptions,
  ReportFormat,
  ReportLayout,
  ReportSet,
  ReportSubject
} from './types.js'

export interface RepositoryReportsOptions {
  readonly kyvernoVersion: KyvernoVersion
  /** The release the admission policies are evaluated with (the newest checked). */
  readonly kubernetesVersion: KubernetesVersion
  readonly reportLayout?: ReportLayout
  readonly reportFormat?: ReportFormat
  readonly clusterProfile?: ClusterProfileConfig
  /** Whether the apiserver takes a document at all (one it refuses is never scanned). */
  readonly admits?: (doc: LoadedDocument) => boolean
  readonly now?: Date
}

const valuesOf = (docs: readonly LoadedDocument[], kind: LoadedDocument['kind']): JsonMap[] =>
  docs.filter((d) => d.kind === kind && isJsonObject(d.value)).map((d) => d.value as JsonMap)

/** The subjects of a repository without Kyverno policies: its resources, with no results yet. */
function resourceSubjects(
  files: readonly string[],
  documents: readonly LoadedDocument[],
  options: RepositoryReportsOptions,
  scopes: CreateScopes
): ReportSubject[] {
  const evaluator = new SubjectEvaluator({
    policies: [],
    namespaces: valuesOf(documents, 'namespace'),
    scopes,
    kyvernoVersion: options.kyvernoVersion
  })
  const isFixture = testFixtureMatcher(files, documents)
  const filters = new ResourceFilters()
  const subjects: ReportSubject[] = []
  for (const doc of documents) {
    if (doc.kind !== 'resource' && doc.kind !== 'namespace') continue
    if (INFRASTRUCTURE_GROUPS.has(apiGroupOf(doc.apiVersion)) || isFixture(doc.file)) continue
    if (!isJsonObject(doc.value) || options.admits?.(doc) === false) continue
    const id = resourceIdentity(doc.value)
    const namespace = id.namespace || (scopes.isNamespaced(id.apiVersion, id.kind) ? 'default' : '')
    if (filters.ignores(id.kind, namespace, id.name)) continue
    subjects.push(evaluator.evaluate(doc.value))
  }
  return subjects
}

/**
 * The Kyverno dry-run's reports (`base`, when it ran) built again with every other reported
 * kind's results added, for the release in `options`.
 */
export function repositoryReports(
  files: readonly string[],
  documents: readonly LoadedDocument[],
  base: ReportSet | undefined,
  options: RepositoryReportsOptions
): ReportSet {
  const features = reportEntryFeatures(options.kyvernoVersion)
  const scopes = new CreateScopes(options.kubernetesVersion)
  const subjects = base?.built?.subjects ?? resourceSubjects(files, documents, options, scopes)
  const profileConfig = options.clusterProfile ?? {}
  const profile = resolveClusterProfile(
    options.clusterProfile,
    subjects.map((s) => s.resource)
  )
  const buildOptions: BuildReportsOptions = {
    ...(base?.built?.options ?? {
      layout: options.reportLayout ?? kyvernoFeatures(options.kyvernoVersion).reportsLayout,
      format: options.reportFormat ?? 'wgpolicyk8s',
      now: options.now ?? new Date(),
      admissionReports: profile.admissionReports,
      backgroundScan: profile.backgroundScan
    }),
    kyvernoVersion: options.kyvernoVersion
  }

  const celPolicies = documents
    .filter(
      (d) => d.kind === 'kyverno-cel-policy' && !VALIDATING_POLICY_KINDS.has(d.objectKind ?? '')
    )
    .map((d) => d.value as JsonMap)
  const allCelExceptions = documents
    .filter(
      (d) =>
        d.kind === 'kyverno-policy-exception' && apiGroupOf(d.apiVersion) === 'policies.kyverno.io'
    )
    .map((d) => d.value as JsonMap)
  const now = buildOptions.now ?? new Date()
  const celExceptions = kyvernoFeatures(options.kyvernoVersion).celExceptionsExpire
    ? unexpiredCelExceptions(allCelExceptions, now)
    : allCelExceptions
  const namespaces: Record<string, JsonMap> = {}
  for (const ns of valuesOf(documents, 'namespace')) {
    const name = isJsonObject(ns.metadata) ? ns.metadata.name : undefined
    if (typeof name === 'string') namespaces[name] = ns
  }
  const cel = new CelPolicyOutcomes({
    policies: celPolicies,
    celExceptions,
    namespaces,
    kyvernoVersion: options.kyvernoVersion,
    features
  })
  // --validatingAdmissionPolicyReports / --mutatingAdmissionPolicyReports (and the Helm chart).
  const validating =
    profileConfig['validating-admission-policy-reports'] ?? features.admissionPolicyReportsByDefault
  const mutating =
    features.mutatingAdmissionPolicyReports &&
    (profileConfig['mutating-admission-policy-reports'] ?? false)
  const admission = new AdmissionPolicyOutcomes({
    validating: valuesOf(documents, 'validating-admission-policy'),
    validatingBindings: valuesOf(documents, 'validating-admission-policy-binding'),
    mutating: valuesOf(documents, 'mutating-admission-policy'),
    mutatingBindings: valuesOf(documents, 'mutating-admission-policy-binding'),
    objects: documents.filter((d) => isJsonObject(d.value)).map((d) => d.value as JsonMap),
    crds: valuesOf(documents, 'crd'),
    kubernetesVersion: options.kubernetesVersion
  })

  const extended = subjects.map((subject): ReportSubject => {
    const labels = subject.namespaceLabels ?? {}
    try {
      // A release before the (Namespaced)ValidatingPolicy kinds has no results of them.
      const own = subject.outcomes
        .filter(
          (o) =>
            !VALIDATING_POLICY_KINDS.has(o.policy.kind ?? '') ||
            reportedCelKind(o.policy.kind, features) !== undefined
        )
        .map((o) =>
          VALIDATING_POLICY_KINDS.has(o.policy.kind ?? '')
            ? cel.withAuditAnnotations(o, subject.resource, labels)
            : o
        )
      const more: PolicyOutcome[] = cel.outcomes(subject.resource, labels)
      for (const o of admission.outcomes(subject.resource, labels, { validating, mutating }))
        if (features.admissionPolicyBindingLabels || !o.policy.kind?.endsWith('Binding'))
          more.push(o)
      const same =
        own.length === subject.outcomes.length && own.every((o, i) => o === subject.outcomes[i])
      if (more.length === 0 && same) return subject
      return { ...subject, outcomes: own.concat(more) }
    } catch {
      // `check` reported what it could not evaluate; the reports keep the dry-run's results.
      return subject
    }
  })
  return buildReports(extended, buildOptions)
}
