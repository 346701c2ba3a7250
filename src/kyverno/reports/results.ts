/**
 * Report result entries as Kyverno writes them (pkg/utils/report/results.go), in the field order
 * of the API's Go struct, and what every report computes from its entries: the sort order
 * (SortReportResults) and the summary (CalculateSummary).
 *
 * The two layouts differ in the entries too: Kyverno 1.10–1.11 wrote neither `properties`
 * (`process`, `exceptions`, reportProperties) nor message overrides; later releases do.
 */
import { reportResultWithoutProperties, toReportResult } from '../report.js'
import type { ReportResult } from '../report.js'
import type { JsonMap, KyvernoPolicy, RuleResult } from '../types.js'
import type { ReportEntryFeatures } from '../versions.js'
import { reportEntryFeatures } from './entry-features.js'
import type { ReportFormat, ReportLayout } from './types.js'

export interface EntryOptions {
  readonly layout: ReportLayout
  /** Seconds since the epoch. */
  readonly timestamp: number
  /** What the Kyverno release's entries hold (default: the newest release's). */
  readonly features?: ReportEntryFeatures
}

const ADMISSION_POLICY_KINDS: ReadonlySet<string> = new Set([
  'ValidatingAdmissionPolicy',
  'MutatingAdmissionPolicy'
])

/**
 * What an entry of `rule` says, in either report API: a build makes it once per rule result and
 * shapes it for each report (formattedEntry) — making it was most of an entry's cost.
 */
export function entryResult(
  policy: KyvernoPolicy,
  rule: RuleResult,
  options: EntryOptions
): ReportResult {
  return reportResult(policy, rule, options, options.features ?? reportEntryFeatures())
}

/** The entry of `result` in the report API `format`, naming `subject` when given. */
export function formattedEntry(
  result: ReportResult,
  format: ReportFormat,
  subject: JsonMap | undefined
): JsonMap {
  return format === 'openreports'
    ? openReportsEntry(result, subject)
    : wgPolicyEntry(result, subject)
}

/** ToPolicyReportResult of the release (pkg/utils/report/results.go on its branch). */
function reportResult(
  policy: KyvernoPolicy,
  rule: RuleResult,
  options: Pick<EntryOptions, 'layout' | 'timestamp'>,
  features: ReportEntryFeatures
): ReportResult {
  const admissionPolicy = ADMISSION_POLICY_KINDS.has(policy.kind ?? '')
  if (admissionPolicy && features.admissionPolicyEntry === 'bare')
    return bareAdmissionPolicyResult(rule, options.timestamp)
  // Kyverno ≤ 1.11 (aggregated layout): the engine's message, no properties.
  if (options.layout === 'aggregated' && !admissionPolicy)
    return reportResultWithoutProperties(policy, rule, rule.message, options.timestamp)
  const result = toReportResult(policy, rule, { timestamp: options.timestamp })
  if (!features.messageOverrides) result.message = rule.message
  // toReportResult made this object for this result alone: it is changed in place.
  const properties = result.properties ?? {}
  if (!features.processProperty) delete properties.process
  else if (admissionPolicy) properties.process = features.admissionPolicyProcess
  result.properties = withSortedKeys(properties)
  return result
}

/**
 * Go writes a map's keys sorted. Most entries hold `process` alone: their object is kept as it
 * is, not rebuilt (Object.fromEntries of sorted entries, for every entry, was measurable).
 */
function withSortedKeys(map: Record<string, string>): Record<string, string> {
  const keys = Object.keys(map)
  let sorted = true
  for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! < keys[i]!
  if (sorted) return map
  // fromEntries defines every key as its own (a `__proto__` key from a policy's reportProperties too).
  return Object.fromEntries(keys.sort().map((key) => [key, map[key]!]))
}

/**
 * Kyverno ≤ 1.12's entry of a ValidatingAdmissionPolicy result (EngineResponseToReportResults):
 * the policy named by the rule, the message and result as they are, the binding's name.
 */
function bareAdmissionPolicyResult(rule: RuleResult, timestamp: number): ReportResult {
  const binding = rule.properties?.binding
  return {
    source: 'ValidatingAdmissionPolicy',
    policy: rule.rule,
    rule: '',
    message: rule.message,
    result: rule.status,
    scored: false,
    timestamp: { seconds: timestamp, nanos: 0 },
    ...(binding !== undefined ? { properties: { binding } } : {})
  }
}

/** wgpolicyk8s.io/v1alpha2 PolicyReportResult field order; empty values are omitted. */
function wgPolicyEntry(r: ReportResult, subject: JsonMap | undefined): JsonMap {
  const e: JsonMap = { source: r.source, policy: r.policy }
  if (r.rule) e.rule = r.rule
  if (subject !== undefined) e.resources = [subject]
  if (r.message) e.message = r.message
  e.result = r.result
  if (r.scored) e.scored = true
  if (r.properties !== undefined && Object.keys(r.properties).length > 0)
    e.properties = r.properties
  e.timestamp = r.timestamp ?? { seconds: 0, nanos: 0 }
  if (r.category) e.category = r.category
  if (r.severity) e.severity = r.severity
  return e
}

/** openreports.io/v1alpha1 ReportResult field order. */
function openReportsEntry(r: ReportResult, subject: JsonMap | undefined): JsonMap {
  const e: JsonMap = { source: r.source, policy: r.policy }
  if (r.rule) e.rule = r.rule
  if (r.category) e.category = r.category
  if (r.severity) e.severity = r.severity
  e.timestamp = r.timestamp ?? { seconds: 0, nanos: 0 }
  e.result = r.result
  if (r.scored) e.scored = true
  if (subject !== undefined) e.resources = [subject]
  if (r.message) e.message = r.message
  if (r.properties !== undefined && Object.keys(r.properties).length > 0)
    e.properties = r.properties
  return e
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

const NO_SUBJECTS: readonly unknown[] = []
const subjectsOf = (entry: JsonMap): readonly unknown[] =>
  Array.isArray(entry.resources) ? entry.resources : NO_SUBJECTS
const uidOf = (subject: unknown): string => text((subject as JsonMap | null)?.uid)

const seconds = (entry: JsonMap): number => {
  const t = entry.timestamp as { seconds?: unknown } | undefined
  return typeof t?.seconds === 'number' ? t.seconds : 0
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** SortReportResults: by policy, rule, source, subjects (count, then UIDs), timestamp. */
export function compareEntries(a: JsonMap, b: JsonMap): number {
  const order =
    compareText(text(a.policy), text(b.policy)) ||
    compareText(text(a.rule), text(b.rule)) ||
    compareText(text(a.source), text(b.source))
  if (order !== 0) return order
  // Sorting compares often: the subjects are read in place, not copied into UID lists.
  const sa = subjectsOf(a)
  const sb = subjectsOf(b)
  if (sa.length !== sb.length) return sa.length - sb.length
  for (let i = 0; i < sa.length; i++) {
    const c = compareText(uidOf(sa[i]), uidOf(sb[i]))
    if (c !== 0) return c
  }
  return seconds(a) - seconds(b)
}

export interface ReportSummary {
  pass: number
  fail: number
  warn: number
  error: number
  skip: number
}

/** CalculateSummary. */
export function summaryOf(entries: readonly JsonMap[]): ReportSummary {
  const summary: ReportSummary = { pass: 0, fail: 0, warn: 0, error: 0, skip: 0 }
  for (const e of entries) {
    const result = e.result
    if (result === 'pass' || result === 'fail' || result === 'warn' || result === 'error')
      summary[result]++
    else if (result === 'skip') summary.skip++
  }
  return summary
}

/** SetResults: the entries sorted, and their summary. */
export function sortedResults(entries: readonly JsonMap[]): {
  results: JsonMap[]
  summary: ReportSummary
} {
  const results = [...entries].sort(compareEntries)
  return { results, summary: summaryOf(results) }
}
