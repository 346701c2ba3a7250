/**
 * The PolicyReports Kyverno would create from the dry-run (issue 7 item 4; policy-dryrun-spec.md
 * §3): per-resource admission (ephemeral and aggregated) and background-scan reports, and the
 * final PolicyReports / ClusterPolicyReports, with the labels, annotations and owner references
 * Kyverno writes, measured as the compact JSON etcd stores; `writeReports` puts them in a folder.
 */
export { buildReports, admissionEnabled, backgroundEnabled, SubjectReportsMemo } from './build.js'
export { writeReports } from './write.js'
export { repositoryReports } from './repository-reports.js'
export type { RepositoryReportsOptions } from './repository-reports.js'
export type { ReportFileWriter, WrittenReport } from './write.js'
export { SubjectEvaluator, assumedPassSubject, isCandidate, matchingRules } from './subjects.js'
export type { PolicySet } from './subjects.js'
export { workloadChildren, workloadDescendants } from './workloads.js'
export type { WorkloadChild } from './workloads.js'
export { resourceIdentity, resourceHash, deterministicUid, goJsonSize } from './identity.js'
export type { ResourceIdentity } from './identity.js'
export { policyLabel } from './metadata.js'
export { summaryOf } from './results.js'
export type { ReportSummary } from './results.js'
export {
  DEFAULT_CHUNK_SIZE,
  LAYOUT_DESCRIPTION,
  REPORT_APIS,
  REPORT_LAYOUTS,
  REPORT_ROLES
} from './types.js'
export type {
  BuildReportsOptions,
  GeneratedReport,
  ReportFormat,
  ReportLayout,
  ReportRole,
  ReportSet,
  ReportSubject
} from './types.js'
