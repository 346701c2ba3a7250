/**
 * Builds every report Kyverno would create for a set of resources and their policy results
 * (policy-dryrun-spec.md §3.2):
 *
 * - admission: policies with admission processing on; a request an Enforce failure blocks
 *   creates nothing (the resource is never stored), every other request one ephemeral report
 *   with all the results (enforce passes and audit results alike);
 * - background scan: policies with `background` on, the resource as it exists;
 * - the final reports aggregated from them, per the layout.
 *
 * Reports without results are not created, as in Kyverno. Events are never reported on.
 */
import { isBlocked, type PolicyOutcome } from '../admission.js'
import { objectKey } from '../exceptions.js'
import { VALIDATING_POLICY_KINDS } from '../validating-policy.js'
import type { JsonMap, KyvernoPolicy, RuleResult } from '../types.js'
import {
  objectReferenceOf,
  resourceHash,
  resourceIdentity,
  type ResourceIdentity
} from './identity.js'
import { LABEL_REPORTS_DISABLED, policyLabels } from './metadata.js'
import {
  aggregatedAdmissionReport,
  backgroundScanReport,
  ephemeralAdmissionReport,
  type PerResourceInput
} from './per-resource.js'
import { ResultMerger, aggregatedPolicyReports, resourcePolicyReport } from './policy-reports.js'
import { entryResult, formattedEntry, type EntryOptions } from './results.js'
import type { ReportResult } from '../report.js'
import { jsonTextOf } from '../../common/json-text.js'
import type { ReportEntryFeatures } from '../versions.js'
import { reportEntryFeatures } from './entry-features.js'
import { reportBytes, sameButSubject, sameFields } from './sizes.js'
import {
  DEFAULT_CHUNK_SIZE,
  type BuildReportsOptions,
  type GeneratedReport,
  type ReportFormat,
  type ReportLayout,
  type ReportRole,
  type ReportSet,
  type ReportSubject
} from './types.js'
import { pushAll } from '../../common/arrays.js'

interface Processing {
  spec?: {
    background?: boolean
    admission?: boolean
    evaluation?: { background?: { enabled?: boolean }; admission?: { enabled?: boolean } }
  }
}

/** The CEL policy kinds whose spec.evaluation says where they run (BackgroundEnabled, AdmissionEnabled). */
const EVALUATION_KINDS: ReadonlySet<string> = new Set([
  ...VALIDATING_POLICY_KINDS,
  'MutatingPolicy',
  'NamespacedMutatingPolicy',
  'ImageValidatingPolicy',
  'NamespacedImageValidatingPolicy'
])

/**
 * Kinds whose results only the background scan reports: the apiserver, not Kyverno, admits
 * through admission policies (their bindings only label the scan's reports).
 */
const SCAN_ONLY_KINDS: ReadonlySet<string> = new Set([
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionPolicyBinding',
  'MutatingAdmissionPolicy',
  'MutatingAdmissionPolicyBinding'
])

/**
 * GeneratingPolicy results go into a background-scan report the generate controller makes after
 * the admission request (BuildGenerateReport): there when the policy runs on admission.
 */
const GENERATING_KINDS: ReadonlySet<string> = new Set([
  'GeneratingPolicy',
  'NamespacedGeneratingPolicy'
])

/** BackgroundProcessingEnabled: `spec.background` (CEL policies: evaluation.background). */
export function backgroundEnabled(policy: KyvernoPolicy): boolean {
  const kind = policy.kind ?? ''
  const spec = (policy as Processing).spec
  if (SCAN_ONLY_KINDS.has(kind)) return true
  if (GENERATING_KINDS.has(kind)) return spec?.evaluation?.admission?.enabled !== false
  return EVALUATION_KINDS.has(kind)
    ? spec?.evaluation?.background?.enabled !== false
    : spec?.background !== false
}

/** AdmissionProcessingEnabled: `spec.admission` (CEL policies: evaluation.admission). */
export function admissionEnabled(policy: KyvernoPolicy): boolean {
  const kind = policy.kind ?? ''
  const spec = (policy as Processing).spec
  if (SCAN_ONLY_KINDS.has(kind) || GENERATING_KINDS.has(kind)) return false
  return EVALUATION_KINDS.has(kind)
    ? spec?.evaluation?.admission?.enabled !== false
    : spec?.admission !== false
}

/** IsGvkSupported: Events never own reports. */
const supported = (id: ResourceIdentity): boolean =>
  !(id.kind === 'Event' && (id.group === '' || id.group === 'events.k8s.io'))

/** The policies whose results are reported: Kyverno 1.16+ skips `reports.kyverno.io/disabled`. */
function reportable(policy: KyvernoPolicy, layout: ReportLayout): boolean {
  const labels = policy.metadata?.labels ?? {}
  return layout === 'aggregated' || !(LABEL_REPORTS_DISABLED in labels)
}

export function buildReports(
  subjects: readonly ReportSubject[],
  options: BuildReportsOptions = {},
  memo?: SubjectReportsMemo
): ReportSet {
  const layout = options.layout ?? 'aggregated'
  const format = options.format ?? 'wgpolicyk8s'
  const now = options.now ?? new Date()
  const builder = new ReportBuilder(layout, format, now, options)
  const settings = JSON.stringify([
    layout,
    format,
    options.kyvernoVersion ?? '',
    now.getTime(),
    options.admissionReports !== false,
    options.backgroundScan !== false
  ])
  for (const subject of subjects) {
    const known = memo?.get(subject, settings)
    if (known !== undefined) builder.replay(known)
    else {
      const made = builder.add(subject)
      memo?.set(subject, settings, made)
    }
  }
  return {
    layout,
    format,
    reports: builder.finish(options.chunkSize ?? DEFAULT_CHUNK_SIZE),
    built: { subjects, options: { ...options, layout, format, now } }
  }
}

/** What one subject adds to a build: its per-resource reports and its final-report entries. */
interface SubjectReports {
  /** The reportable policies (their labels go on the aggregated reports). */
  readonly policies: readonly KyvernoPolicy[]
  /** The per-resource reports (and, `per-resource` layout, the resource's PolicyReport). */
  readonly reports: readonly GeneratedReport[]
  /** `aggregated` layout: the resource's merged entries, for its namespace's reports. */
  readonly aggregated?: {
    readonly namespace: string
    readonly uid: string
    readonly entries: readonly JsonMap[]
  }
}

/**
 * The per-subject part of builds, reused by later builds with the same settings (`check` builds
 * the repository's reports, then the sizing set, which starts with the same subjects). Keyed by
 * the subject object: its results are not changed once evaluated.
 */
export class SubjectReportsMemo {
  private readonly bySubject = new WeakMap<
    ReportSubject,
    { settings: string; made: SubjectReports }
  >()

  get(subject: ReportSubject, settings: string): SubjectReports | undefined {
    const known = this.bySubject.get(subject)
    return known !== undefined && known.settings === settings ? known.made : undefined
  }

  set(subject: ReportSubject, settings: string, made: SubjectReports): void {
    this.bySubject.set(subject, { settings, made })
  }
}

class ReportBuilder {
  private readonly reports: GeneratedReport[] = []
  private readonly policies = new Map<string, KyvernoPolicy>()
  /** `aggregated` layout: merged entries (with subjects) per namespace. */
  private readonly namespaces = new Map<string, ResultMerger>()
  private readonly timestamp: number
  /** Intermediate reports hold the entry type of their API version. */
  private readonly intermediateFormat: ReportFormat
  private readonly features: ReportEntryFeatures
  private readonly entryOptions: EntryOptions

  constructor(
    private readonly layout: ReportLayout,
    private readonly format: ReportFormat,
    private readonly now: Date,
    private readonly options: BuildReportsOptions
  ) {
    this.timestamp = Math.floor(now.getTime() / 1000)
    this.intermediateFormat = layout === 'per-resource' ? 'openreports' : 'wgpolicyk8s'
    this.features = reportEntryFeatures(options.kyvernoVersion)
    this.entryOptions = { layout, timestamp: this.timestamp, features: this.features }
  }

  /** Adds a subject's reports and entries; returns them for `replay` in another build. */
  add(subject: ReportSubject): SubjectReports {
    const id = resourceIdentity(subject.resource)
    if (!supported(id)) return { policies: [], reports: [] }
    const outcomes = subject.outcomes.filter((o) => reportable(o.policy, this.layout))
    for (const o of outcomes) this.policies.set(objectKey(o.policy), o.policy)
    const firstReport = this.reports.length
    const made = (aggregated?: SubjectReports['aggregated']): SubjectReports => ({
      policies: outcomes.map((o) => o.policy),
      reports: this.reports.slice(firstReport),
      ...(aggregated !== undefined ? { aggregated } : {})
    })
    const admission = outcomes.filter((o) => admissionEnabled(o.policy))
    const background = outcomes.filter((o) => backgroundEnabled(o.policy))
    const blocked = isBlocked(admission, subject.resource, subject.namespaceLabels ?? {})
    const admitted = this.options.admissionReports !== false && !blocked && hasResults(admission)
    const scanned = this.options.backgroundScan !== false && hasResults(background)
    // The admission and background lists are usually all the outcomes: their labels are made once.
    let allLabels: Record<string, string> | undefined
    const labelsOf = (list: readonly PolicyOutcome[]): Record<string, string> =>
      list.length === outcomes.length
        ? (allLabels ??= policyLabels(outcomes.map((o) => o.policy)))
        : policyLabels(list.map((o) => o.policy))
    const input = (list: readonly PolicyOutcome[], format: ReportFormat): PerResourceInput => ({
      layout: this.layout,
      id,
      entries: (subject) => this.entries(list, format, subject),
      policyLabels: labelsOf(list),
      now: this.now
    })
    const subjectRef = objectReferenceOf(id)
    if (admitted) {
      const admissionInput = input(admission, this.intermediateFormat)
      this.push('ephemeral-admission', false, ephemeralAdmissionReport(admissionInput), id)
      if (this.layout === 'aggregated')
        this.push('aggregated-admission', true, aggregatedAdmissionReport(admissionInput), id)
    }
    if (scanned) {
      const report = backgroundScanReport({
        ...input(background, this.intermediateFormat),
        hash: resourceHash(subject.resource)
      })
      this.push('background-scan', this.layout === 'aggregated', report, id)
    }
    const merged = new ResultMerger()
    const sources = [...(admitted ? admission : []), ...(scanned ? background : [])]
    if (this.layout === 'aggregated') {
      for (const e of this.entries(sources, this.format, subjectRef))
        merged.add(entryKey(e, id.uid), e)
      let namespace = this.namespaces.get(id.namespace)
      if (namespace === undefined)
        this.namespaces.set(id.namespace, (namespace = new ResultMerger()))
      const entries = merged.entries
      for (const e of entries) namespace.add(entryKey(e, id.uid), e)
      return made({ namespace: id.namespace, uid: id.uid, entries })
    }
    for (const e of this.entries(sources, this.format))
      merged.add(`${text(e.source)}/${entryKey(e, id.uid)}`, e)
    const entries = merged.entries
    if (entries.length === 0) return made()
    const report = resourcePolicyReport(id, entries, { format: this.format, now: this.now })
    this.push(id.namespace === '' ? 'cluster-policy-report' : 'policy-report', true, report, id)
    return made()
  }

  /** What `add` did for a subject in another build with the same settings, again. */
  replay(made: SubjectReports): void {
    for (const p of made.policies) this.policies.set(objectKey(p), p)
    pushAll(this.reports, made.reports)
    const aggregated = made.aggregated
    if (aggregated === undefined) return
    let namespace = this.namespaces.get(aggregated.namespace)
    if (namespace === undefined)
      this.namespaces.set(aggregated.namespace, (namespace = new ResultMerger()))
    for (const e of aggregated.entries) namespace.add(entryKey(e, aggregated.uid), e)
  }

  finish(chunkSize: number): GeneratedReport[] {
    const namespaces = [...this.namespaces].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    for (const [namespace, merger] of namespaces) {
      const reports = aggregatedPolicyReports(namespace, merger.entries, this.policies, {
        format: this.format,
        chunkSize,
        now: this.now
      })
      for (const r of reports)
        this.reports.push({
          role: namespace === '' ? 'cluster-policy-report' : 'policy-report',
          persistent: true,
          object: r.object,
          bytes: reportBytes(r.object),
          results: r.results,
          namespace,
          policy: r.policy
        })
    }
    return this.reports
  }

  /**
   * Per outcome: its entries' fields (the same in every report) and its entries by format and
   * whether they name their subject: a resource's reports (ephemeral, aggregated admission,
   * background scan, final) repeat the same results, in one or both report APIs. The subjects
   * of one outcome's entries are all the reference of its one resource. Kept by the outcome's
   * results: the outcomes of policies with the same content share them (SubjectEvaluator), and
   * their entries are the same too.
   */
  private readonly entryCache = new WeakMap<readonly RuleResult[], OutcomeEntries>()

  private entries(
    outcomes: readonly PolicyOutcome[],
    format: ReportFormat,
    subject?: JsonMap
  ): JsonMap[] {
    const key = `${format}/${subject !== undefined}`
    return outcomes.flatMap((o) => {
      let cached = this.entryCache.get(o.rules)
      if (cached !== undefined && !sameEntryFields(cached.policy, o.policy)) cached = undefined
      if (cached === undefined) {
        const policy = o.policy
        cached = {
          policy,
          results: o.rules.map((rule) => this.resultOf(policy, rule)),
          lists: new Map<string, readonly JsonMap[]>()
        }
        this.entryCache.set(o.rules, cached)
      }
      let list = cached.lists.get(key)
      if (list === undefined) {
        list = cached.results.map((result) => this.entryOf(result, format, subject))
        cached.lists.set(key, list)
      }
      return list
    })
  }

  /**
   * The entry fields of a policy's rule result, shared by the equal results of other resources
   * (a rule passes on many with the same message): made, shaped and measured once. Results with
   * properties or exceptions are made each time.
   */
  private readonly resultsByPolicy = new WeakMap<KyvernoPolicy, Map<string, ReportResult>>()

  private resultOf(policy: KyvernoPolicy, rule: RuleResult): ReportResult {
    const options = this.entryOptions
    if (rule.properties !== undefined || rule.exceptions !== undefined)
      return entryResult(policy, rule, options)
    let byContent = this.resultsByPolicy.get(policy)
    if (byContent === undefined)
      this.resultsByPolicy.set(policy, (byContent = new Map<string, ReportResult>()))
    const key = `${rule.status}\u0000${rule.rule}\u0000${rule.message}`
    let result = byContent.get(key)
    if (result === undefined) byContent.set(key, (result = entryResult(policy, rule, options)))
    return result
  }

  /** Subject-less entries by result and format: shared like their results. */
  private readonly plainEntries = new WeakMap<ReportResult, Map<ReportFormat, JsonMap>>()

  /**
   * A result's entry in `format`. Its size is recorded as its twin's (sizes.ts), made earlier:
   * the subject-less entry of the format (or of the other) for one naming its subject; the other
   * format's for a subject-less one.
   */
  private entryOf(result: ReportResult, format: ReportFormat, subject?: JsonMap): JsonMap {
    let plain = this.plainEntries.get(result)
    if (plain === undefined)
      this.plainEntries.set(result, (plain = new Map<ReportFormat, JsonMap>()))
    if (subject !== undefined) {
      const entry = formattedEntry(result, format, subject)
      const twin = plain.get(format) ?? plain.get(otherFormat(format))
      if (twin !== undefined) sameButSubject(entry, twin, subject)
      return entry
    }
    let entry = plain.get(format)
    if (entry === undefined) {
      entry = formattedEntry(result, format, undefined)
      const twin = plain.get(otherFormat(format))
      if (twin !== undefined) sameFields(entry, twin)
      plain.set(format, entry)
    }
    return entry
  }

  private push(role: ReportRole, persistent: boolean, object: JsonMap, id: ResourceIdentity): void {
    const spec = object.spec as { results?: unknown[] } | undefined
    const results = Array.isArray(spec?.results)
      ? spec.results.length
      : Array.isArray(object.results)
        ? object.results.length
        : 0
    this.reports.push({
      role,
      persistent,
      object,
      bytes: reportBytes(object),
      results,
      namespace: id.namespace,
      resource: id
    })
  }
}

/** What the build keeps of an outcome's entries (ReportBuilder.entries). */
interface OutcomeEntries {
  /** The policy they were made for. */
  readonly policy: KyvernoPolicy
  readonly results: readonly ReportResult[]
  readonly lists: Map<string, readonly JsonMap[]>
}

/** Whether entries made for `a`'s results are `b`'s: the same policy, or one with its content. */
const sameEntryFields = (a: KyvernoPolicy, b: KyvernoPolicy): boolean =>
  a === b || (jsonTextOf(a) ?? a) === (jsonTextOf(b) ?? b)

const otherFormat = (format: ReportFormat): ReportFormat =>
  format === 'openreports' ? 'wgpolicyk8s' : 'openreports'

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

/** The aggregation key of an entry: policy/rule/resource UID. */
const entryKey = (e: JsonMap, uid: string): string => `${text(e.policy)}/${text(e.rule)}/${uid}`

const hasResults = (outcomes: readonly PolicyOutcome[]): boolean =>
  outcomes.some((o) => o.rules.length > 0)
