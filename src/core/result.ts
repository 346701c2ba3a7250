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

/** One rule's (or messageExpression's) numbers on one Kubernetes version. */
export interface CelExpressionCost {
  kubernetesVersion: string
  /** Estimated cost of one evaluation; absent when the expression does not compile. */
  cost?: bigint
  /** Times it can run per object (the fallback when an ancestor is unbounded). */
  cardinality?: bigint
  /** False when an ancestor array or map has no maxItems/maxProperties. */
  cardinalityBounded?: boolean
  /** cost × cardinality, what the apiserver compares with the 10,000,000 limit. */
  totalCost?: bigint
  /** totalCost / 10,000,000. */
  budgetRatio?: number
  /** The apiserver's error when it does not compile. */
  error?: string
}

/** A rule or messageExpression of a CRD version schema. */
export interface CelRuleReport {
  /** Value path of the expression in the document. */
  path: string
  /** The apiserver's field path, e.g. `spec.validation.openAPIV3Schema.properties[spec]…rule`. */
  apiPath: string
  field: 'rule' | 'messageExpression'
  rule: string
  costs: CelExpressionCost[]
}

/** The per-schema total of one version schema on one Kubernetes version. */
export interface CelSchemaTotal {
  kubernetesVersion: string
  totalCost: bigint
  /** totalCost / 100,000,000. */
  budgetRatio: number
  /** Whether that apiserver rejects the schema (any CEL error in it). */
  rejected: boolean
}

export interface CrdVersionReport {
  name: string
  /** The version's CEL rules and messageExpressions with their costs. */
  rules: CelRuleReport[]
  /** The schema's total cost per Kubernetes version (absent without rules). */
  totals: CelSchemaTotal[]
  /** The smallest and largest objects its schema admits (absent without a schema). */
  objectSize?: ObjectSizeReport
}

/** A value of a version schema that no maxLength/maxItems/maxProperties bounds. */
export interface UnboundedValue {
  /** `spec.hosts[*].name`. */
  path: string
  /** The keyword that would bound it, or why none can. */
  reason: string
}

/** Worst-case object size of one CRD version, as Go's JSON writes it (metadata not counted). */
export interface ObjectSizeReport {
  minBytes: bigint
  /** Absent when some value is unbounded. */
  maxBytes?: bigint
  /** Whether the largest object fits etcd's 1,572,864-byte request limit (false when unbounded). */
  fitsEtcd: boolean
  /** How many unbounded values there are, by reason. */
  unboundedCounts: Record<string, number>
  /** The first unbounded values (at most 50), in schema order. */
  unbounded: UnboundedValue[]
}

export interface CrdReport {
  name: string
  group?: string
  kind?: string
  apiVersion: string
  file: string
  document: number
  line: number
  versions: CrdVersionReport[]
  size: CrdManifestSize
}

export interface CheckResult {
  tool: { name: string; version: string }
  summary: CheckSummary
  gate: GateResult
  findings: Finding[]
  crds: CrdReport[]
  /**
   * The largest budget ratio of any CEL rule, messageExpression (of 10,000,000) or schema
   * total (of 100,000,000) over the checked Kubernetes versions; 0 without rules.
   */
  worstBudgetRatio: number
  /** The Kubernetes versions the CEL checks ran for. */
  kubernetesVersions: string[]
  /** The headroom gate the CEL checks applied (cost-warn-ratio, cost-fail-ratio). */
  costGate: { warnRatio: number; failRatio: number }
  /** Filled by the policy dry-run issues. */
  policies: unknown[]
}
