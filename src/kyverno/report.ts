/**
 * Policy report entries (policy-dryrun-spec.md §3.1; Kyverno pkg/utils/report/results.go): one
 * entry per rule result, with the policy's category/severity/scored annotations, the
 * `process` property, exception names and the message overrides of reportProperties. A failure
 * of an unscored policy is reported as `warn`. Also `kyverno test`'s reading of results
 * (§2.13). Aggregated reports build on these entries.
 */
import { objectKey } from './exceptions.js'
import type { JsonMap, KyvernoPolicy, RuleResult, RuleStatus } from './types.js'

export const ANNOTATION_SCORED = 'policies.kyverno.io/scored'
export const ANNOTATION_CATEGORY = 'policies.kyverno.io/category'
export const ANNOTATION_SEVERITY = 'policies.kyverno.io/severity'

/** A result's `source` (pkg/utils/report/source.go). */
export type ReportSource =
  | 'kyverno'
  | 'KyvernoValidatingPolicy'
  | 'KyvernoImageValidatingPolicy'
  | 'KyvernoGeneratingPolicy'
  | 'KyvernoMutatingPolicy'
  | 'ValidatingAdmissionPolicy'
  | 'MutatingAdmissionPolicy'

/** The source of each policy kind's results, and what `process` says of them (ToPolicyReportResult). */
const SOURCES: Readonly<
  Record<string, { source: ReportSource; process: 'background scan' | 'admission review' | 'spec' }>
> = {
  ValidatingAdmissionPolicy: { source: 'ValidatingAdmissionPolicy', process: 'background scan' },
  MutatingAdmissionPolicy: { source: 'MutatingAdmissionPolicy', process: 'background scan' },
  ValidatingPolicy: { source: 'KyvernoValidatingPolicy', process: 'spec' },
  NamespacedValidatingPolicy: { source: 'KyvernoValidatingPolicy', process: 'spec' },
  MutatingPolicy: { source: 'KyvernoMutatingPolicy', process: 'spec' },
  NamespacedMutatingPolicy: { source: 'KyvernoMutatingPolicy', process: 'spec' },
  ImageValidatingPolicy: { source: 'KyvernoImageValidatingPolicy', process: 'spec' },
  NamespacedImageValidatingPolicy: { source: 'KyvernoImageValidatingPolicy', process: 'spec' },
  GeneratingPolicy: { source: 'KyvernoGeneratingPolicy', process: 'admission review' },
  NamespacedGeneratingPolicy: { source: 'KyvernoGeneratingPolicy', process: 'admission review' }
}

const sourceOf = (policy: KyvernoPolicy): ReportSource =>
  SOURCES[policy.kind ?? '']?.source ?? 'kyverno'

/** VAP and MAP results name the admission policy by their rule name (`result.Policy = ruleResult.Name()`). */
const namedByRule = (policy: KyvernoPolicy): boolean =>
  policy.kind === 'ValidatingAdmissionPolicy' || policy.kind === 'MutatingAdmissionPolicy'

/** openreports / wgpolicyk8s ReportResult. */
export interface ReportResult {
  source: ReportSource
  policy: string
  rule: string
  message: string
  result: RuleStatus
  scored: boolean
  category?: string
  severity?: string
  timestamp?: { seconds: number; nanos: number }
  properties?: Record<string, string>
  resources?: JsonMap[]
}

const SEVERITIES = new Set(['critical', 'high', 'medium', 'low', 'info'])

const MESSAGE_OVERRIDES: Readonly<Record<RuleStatus, string>> = {
  pass: 'passMessage',
  fail: 'failMessage',
  warn: 'warnMessage',
  error: 'errorMessage',
  skip: 'skipMessage'
}

export interface ReportOptions {
  /** The resource the result is about (`resources` / subjects); omitted in per-resource reports. */
  resource?: JsonMap
  /** Seconds since the epoch for `timestamp`; omitted when undefined. */
  timestamp?: number
}

interface ProcessingSpec {
  background?: boolean
  admission?: boolean
  evaluation?: { background?: { enabled?: boolean }; admission?: { enabled?: boolean } }
}

/**
 * selectProcess: `background scan` when background processing is on, else `admission review`;
 * fixed for admission policies (background scan) and GeneratingPolicies (admission review).
 */
function processOf(policy: KyvernoPolicy): string {
  const fixed = SOURCES[policy.kind ?? '']?.process
  if (fixed !== undefined && fixed !== 'spec') return fixed
  const spec: ProcessingSpec | undefined = policy.spec
  // The CEL policy kinds read spec.evaluation (both default on), ClusterPolicies spec.background/admission.
  const isCelPolicy = fixed === 'spec'
  const background = isCelPolicy
    ? (spec?.evaluation?.background?.enabled ?? true)
    : (spec?.background ?? true)
  const admission = isCelPolicy
    ? (spec?.evaluation?.admission?.enabled ?? true)
    : (spec?.admission ?? true)
  if (background) return 'background scan'
  if (admission) return 'admission review'
  return ''
}

/** ToPolicyReportResult. */
export function toReportResult(
  policy: KyvernoPolicy,
  rule: RuleResult,
  options: ReportOptions = {}
): ReportResult {
  const properties: Record<string, string> | undefined =
    rule.properties !== undefined ? { ...rule.properties } : undefined
  let message = rule.message
  if (properties !== undefined) {
    const specific = properties[MESSAGE_OVERRIDES[rule.status]]
    if (specific) message = specific
    if (properties.message) message = properties.message
  }
  const entry = reportResultWithoutProperties(policy, rule, message, options.timestamp)
  const withProcess: Record<string, string> = { ...(properties ?? {}), process: processOf(policy) }
  if ((rule.exceptions ?? []).length > 0) {
    withProcess.exceptions = rule.exceptions!.map((k) => k.slice(k.lastIndexOf('/') + 1)).join(',')
  }
  entry.properties = withProcess
  if (options.resource !== undefined) entry.resources = [objectReference(options.resource)]
  return entry
}

/**
 * ToPolicyReportResult up to its properties, with `message` as given: all that Kyverno 1.10–1.11
 * reports held (the engine's message, no properties).
 */
export function reportResultWithoutProperties(
  policy: KyvernoPolicy,
  rule: RuleResult,
  message: string,
  timestamp?: number
): ReportResult {
  const annotations = policy.metadata?.annotations ?? {}
  const scored = annotations[ANNOTATION_SCORED] !== 'false'
  const entry: ReportResult = {
    source: sourceOf(policy),
    policy: namedByRule(policy) ? rule.rule : objectKey(policy),
    rule: rule.rule,
    message,
    result: rule.status === 'fail' && !scored ? 'warn' : rule.status,
    scored
  }
  const category = annotations[ANNOTATION_CATEGORY]
  if (category) entry.category = category
  const severity = annotations[ANNOTATION_SEVERITY]
  if (severity !== undefined && SEVERITIES.has(severity)) entry.severity = severity
  if (timestamp !== undefined) entry.timestamp = { seconds: timestamp, nanos: 0 }
  return entry
}

/** The ObjectReference of a resource (report subjects / scope). */
export function objectReference(resource: JsonMap): JsonMap {
  const meta = (resource.metadata ?? {}) as Record<string, unknown>
  const ref: JsonMap = {}
  if (typeof resource.kind === 'string') ref.kind = resource.kind
  if (typeof meta.namespace === 'string' && meta.namespace !== '') ref.namespace = meta.namespace
  if (typeof meta.name === 'string') ref.name = meta.name
  if (typeof meta.uid === 'string') ref.uid = meta.uid
  if (typeof resource.apiVersion === 'string') ref.apiVersion = resource.apiVersion
  if (typeof meta.resourceVersion === 'string') ref.resourceVersion = meta.resourceVersion
  return ref
}

/** Policy kinds whose responses carry no rule name (CEL policies and admission policies). */
export const RULELESS_KINDS: ReadonlySet<string> = new Set([
  'ValidatingPolicy',
  'NamespacedValidatingPolicy',
  'ValidatingAdmissionPolicy',
  'MutatingPolicy',
  'NamespacedMutatingPolicy',
  'MutatingAdmissionPolicy',
  'ImageValidatingPolicy',
  'NamespacedImageValidatingPolicy',
  'GeneratingPolicy',
  'NamespacedGeneratingPolicy',
  'DeletingPolicy',
  'NamespacedDeletingPolicy'
])

/**
 * What `kyverno test` compares for one result row: the report results of the responses named
 * `rule` (or `autogen-rule`, `autogen-cronjob-rule`; every response for rule-less policy
 * kinds), or `excluded` when there is none (counted as a passing skip).
 */
export function testResults(
  policy: KyvernoPolicy,
  rules: readonly RuleResult[],
  rule: string | undefined
): ReportResult[] | 'excluded' {
  const selected =
    rule === undefined || rule === '' || RULELESS_KINDS.has(policy.kind ?? '')
      ? rules
      : rules.filter(
          (r) =>
            r.rule === rule || r.rule === `autogen-${rule}` || r.rule === `autogen-cronjob-${rule}`
        )
  if (selected.length === 0) return 'excluded'
  return selected.map((r) => toReportResult(policy, r))
}
