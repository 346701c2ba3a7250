/**
 * The reports Kyverno creates from policy results (policy-dryrun-spec.md §3; the reports design
 * doc docs/dev/reports/README.md), in one of two layouts:
 *
 * - `aggregated` — Kyverno 1.10–1.11, the layout the reports design doc describes: per resource
 *   an ephemeral AdmissionReport per admission request, the resource's aggregated
 *   AdmissionReport and its BackgroundScanReport (kyverno.io/v1alpha2), and PolicyReports /
 *   ClusterPolicyReports aggregated per namespace and policy, split at 1,000 results.
 * - `per-resource` — Kyverno 1.12 and later: EphemeralReports (reports.kyverno.io/v1) from
 *   admission and background scans, merged into one PolicyReport per resource and deleted.
 */
import type { PolicyOutcome } from '../admission.js'
import type { JsonMap } from '../types.js'
import type { ResourceIdentity } from './identity.js'
import type { KyvernoVersion } from '../versions.js'

export type ReportLayout = 'aggregated' | 'per-resource'

/** The API of the final reports: wgpolicyk8s.io/v1alpha2, or openreports.io/v1alpha1 (1.15+). */
export type ReportFormat = 'wgpolicyk8s' | 'openreports'

export const REPORT_LAYOUTS: readonly ReportLayout[] = ['aggregated', 'per-resource']
export const REPORT_APIS: readonly ReportFormat[] = ['wgpolicyk8s', 'openreports']

/**
 * What a layout is, in words (summary, JSON report). Kept to Latin-1: one character past U+00FF
 * anywhere makes a large JSON report a two-byte string, twice the memory and slower to write.
 */
export const LAYOUT_DESCRIPTION: Readonly<Record<ReportLayout, string>> = {
  aggregated:
    'Kyverno 1.10-1.11: admission and background-scan reports per resource, PolicyReports per namespace and policy split at 1,000 results',
  'per-resource': 'Kyverno 1.12+: ephemeral reports merged into one PolicyReport per resource'
}

/** The role of a report object in Kyverno's reporting. */
export type ReportRole =
  /** One per admission request, deleted once aggregated. */
  | 'ephemeral-admission'
  /** `aggregated` layout: the merged admission results of one resource. */
  | 'aggregated-admission'
  /** One per resource; ephemeral in the `per-resource` layout. */
  | 'background-scan'
  /** Namespaced final report: per namespace and policy, or per resource. */
  | 'policy-report'
  /** Cluster-scoped final report. */
  | 'cluster-policy-report'

export const REPORT_ROLES: readonly ReportRole[] = [
  'ephemeral-admission',
  'aggregated-admission',
  'background-scan',
  'policy-report',
  'cluster-policy-report'
]

export interface GeneratedReport {
  readonly role: ReportRole
  /** Lives as long as its resource (or policy); false for reports deleted once aggregated. */
  readonly persistent: boolean
  readonly object: JsonMap
  /** Bytes of the object as compact JSON, as Go clients send it and etcd stores it. */
  readonly bytes: number
  readonly results: number
  /** Empty for cluster-scoped reports. */
  readonly namespace: string
  /** The resource of a per-resource report. */
  readonly resource?: ResourceIdentity
  /** The policy key (`name`, `namespace/name`) of a report aggregated per policy. */
  readonly policy?: string
}

export interface ReportSet {
  readonly layout: ReportLayout
  readonly format: ReportFormat
  readonly reports: readonly GeneratedReport[]
  /**
   * What the set was built from, so that `reports-dir` can build it again with the results of
   * the policies the dry-run does not evaluate added (absent for an empty set made by hand).
   */
  readonly built?: {
    readonly subjects: readonly ReportSubject[]
    readonly options: BuildReportsOptions
  }
}

/** One resource and the results of the policies that apply to its kind. */
export interface ReportSubject {
  readonly resource: JsonMap
  /**
   * Every policy Kyverno's policy cache returns for the resource's kind (its label goes on the
   * reports), with its rule results (possibly none).
   */
  readonly outcomes: readonly PolicyOutcome[]
  /** Labels of the resource's namespace (failure action overrides). */
  readonly namespaceLabels?: Readonly<Record<string, string>>
}

export interface BuildReportsOptions {
  /** Default `aggregated`, the layout of the reports design doc. */
  readonly layout?: ReportLayout
  /** Default `wgpolicyk8s`. */
  readonly format?: ReportFormat
  /** Results per aggregated report before it is split (Kyverno's reportsChunkSize, 1,000). */
  readonly chunkSize?: number
  /** The time results and reports are stamped with (default: now). */
  readonly now?: Date
  /** Whether admission reports are created (Kyverno's --admissionReports, default true). */
  readonly admissionReports?: boolean
  /** Whether the background scan runs (Kyverno's --backgroundScan, default true). */
  readonly backgroundScan?: boolean
  /** The Kyverno release whose entries are written (versions.ts `reports`; default the newest). */
  readonly kyvernoVersion?: KyvernoVersion
}

export const DEFAULT_CHUNK_SIZE = 1000
