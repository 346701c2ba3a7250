/**
 * What one `check` run produces: findings plus facts. Every reporter (annotations, summary,
 * PR comment, SARIF, JSON, text) is a view of this and decides nothing of its own.
 */
import type { Finding, Severity } from '../findings/model.js'
import type { DocumentKind, SkipReason } from '../workspace/classify.js'

export type FailOn = 'error' | 'warning' | 'never'

export interface PhaseTiming {
  phase: string
  ms: number
}

export interface CheckSummary {
  /** Scanned root, relative to the repository root ('.' when they are the same). */
  root: string
  files: number
  bytes: number
  /** Every YAML document found, analysed or not (List items count one each). */
  documents: number
  skipped: Partial<Record<SkipReason, number>>
  kinds: Partial<Record<DocumentKind, number>>
  /** CEL rules (`x-kubernetes-validations`) in the CRDs' schemas. */
  celRules: number
  findings: Record<Severity, number>
  timings: PhaseTiming[]
}

export interface GateResult {
  failOn: FailOn
  failed: boolean
  /** One sentence saying why the gate passed or failed. */
  reason: string
}

/** The size of one part of a CRD, in bytes of compact JSON. */
export interface SizePart {
  name: string
  bytes: bigint
  /** Bytes of `description` fields inside this part. */
  descriptionBytes: bigint
}

export interface SizeLimitCheck {
  /** Which limit: `last-applied`, `etcd-request`, `request-body`, `helm-release`, `budget`. */
  limit: string
  limitBytes: bigint
  bytes: bigint
  exceeded: boolean
}

export interface CrdManifestSize {
  /** Compact JSON as the client sends it. */
  jsonBytes: bigint
  /** What `kubectl apply` puts in metadata.annotations (annotation key and value included). */
  lastAppliedAnnotationBytes: bigint
  descriptionBytes: bigint
  /** Estimated Secret bytes when the CRD ships inside a Helm chart. */
  helmReleaseBytes?: bigint
  versions: SizePart[]
  /** Top-level schema properties (spec, status, …) of the largest version. */
  largestVersionProperties: SizePart[]
  limits: SizeLimitCheck[]
}

export interface CrdReport {
  name: string
  group?: string
  kind?: string
  apiVersion: string
  file: string
  document: number
  line: number
  versions: string[]
  size: CrdManifestSize
}

export interface CheckResult {
  tool: { name: string; version: string }
  summary: CheckSummary
  gate: GateResult
  findings: Finding[]
  crds: CrdReport[]
  /** Filled by the policy dry-run issues. */
  policies: unknown[]
}
