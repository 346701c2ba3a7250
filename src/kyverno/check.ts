/**
 * The Kyverno checks of `celgate check` (issue 7 item 5, issue 8 item 2): every sample resource
 * of the repository evaluated against every Kyverno policy of the repository that matches it,
 * as Kyverno's admission webhook and background scan would — failures of Enforce rules are
 * errors (the apiserver would reject the resource), of Audit rules warnings (a failing report
 * entry), on the resource's YAML (the failing field when Kyverno's message names its path) —
 * plus the policy × resource matrix, the reports Kyverno would create for these resources, and
 * what those reports cost a cluster like the configured profile.
 *
 * Kyverno's default resourceFilters apply (kube-system, Events, ReplicaSets… are never checked).
 * Policies are ClusterPolicies, Policies and (Namespaced)ValidatingPolicies; PolicyExceptions and
 * Namespace objects of the repository are used. Bad input never throws out: a failure on one
 * resource becomes an internal-error finding there.
 */
import { internalErrorFinding, makeFinding } from '../findings/make.js'
import { oneByte } from '../findings/one-byte.js'
import type { Finding, Location } from '../findings/model.js'
import type { RuleId } from '../findings/catalogue.js'
import {
  KIND_API_VERSIONS,
  resolveClusterProfile,
  type ClusterProfile,
  type ClusterProfileConfig
} from './reports/cluster-profile.js'
import { estimateReportFootprint, sampledKinds, type ReportFootprint } from './reports/footprint.js'
import type { LoadedDocument } from '../workspace/load.js'
import type { PathSegment } from '../workspace/value-path.js'
import type { Workspace } from '../workspace/workspace.js'
import { CreateScopes } from '../kube/admission/create-scope.js'
import { DEFAULT_VERSIONS, type KubernetesVersion } from '../kube/versions.js'
import { resultFailureAction } from './admission.js'
import { unexpiredCelExceptions } from './cel-exceptions.js'
import { deprecatedKindFindings } from './deprecations.js'
import { DEFAULT_KYVERNO_VERSION, kyvernoFeatures, type KyvernoVersion } from './versions.js'
import { objectKey } from './exceptions.js'
import type { FailureAction } from './failure-action.js'
import {
  LAYOUT_DESCRIPTION,
  SubjectEvaluator,
  SubjectReportsMemo,
  assumedPassSubject,
  buildReports,
  resourceIdentity,
  workloadDescendants,
  type GeneratedReport,
  type ReportFormat,
  type ReportLayout,
  type ReportRole,
  type ReportSet,
  type ReportSubject,
  type ResourceIdentity
} from './reports/index.js'
import { backgroundEnabled } from './reports/build.js'
import { ResourceFilters } from './reports/resource-filters.js'
import {
  INFRASTRUCTURE_GROUPS,
  apiGroupOf,
  testFixtureMatcher
} from './reports/scanned-resources.js'
import { VALIDATING_POLICY_KINDS } from './validating-policy.js'
import type { JsonMap, KyvernoPolicy, PolicyException, RuleResult, RuleStatus } from './types.js'
import { pushAll } from '../common/arrays.js'
import { KYVERNO_DRY_RUN_MAX_EVALUATIONS } from '../common/limits.js'

export const KYVERNO_RULE_IDS = {
  enforceFailed: 'kyverno/enforce-failed',
  auditFailed: 'kyverno/audit-failed',
  ruleError: 'kyverno/rule-error',
  undecidable: 'kyverno/undecidable',
  reportsQuota: 'kyverno/reports-etcd-quota',
  reportTooLarge: 'kyverno/report-object-size',
  dryRunLimit: 'kyverno/dry-run-limit'
} as const

/** Policy × resource candidate pairs per run before the dry-run stops (common/limits.ts). */
export const DEFAULT_MAX_EVALUATIONS = KYVERNO_DRY_RUN_MAX_EVALUATIONS

export interface KyvernoCheckOptions {
  /** The Kyverno release the cluster runs (default: the newest modelled, versions.ts). */
  readonly kyvernoVersion?: KyvernoVersion
  /** Default: the release's (`aggregated` up to 1.11, `per-resource` from 1.12). */
  readonly reportLayout?: ReportLayout
  /** Default `wgpolicyk8s`. */
  readonly reportFormat?: ReportFormat
  /** Results per aggregated report before splitting (default 1,000). */
  readonly reportsChunkSize?: number
  /** The cluster the footprint is sized for (default: the repository's samples ×100). */
  readonly clusterProfile?: ClusterProfileConfig
  /** The bytes of persistent reports in etcd that raise a finding (default: the 8 GiB quota). */
  readonly reportsBudgetBytes?: bigint
  /** etcd's quota (default 8 GiB). */
  readonly etcdQuotaBytes?: bigint
  /** The largest object etcd stores (default 1.5 MiB). */
  readonly maxObjectBytes?: bigint
  /** Kyverno's resourceFilters (default: its Helm chart's). */
  readonly resourceFilters?: readonly string[]
  /** Policy × resource evaluations before the dry-run stops (default 250,000). */
  readonly maxEvaluations?: number
  /**
   * Whether to size the reports for the profiled cluster (`facts.footprint` and its findings;
   * default true). It costs a second dry-run over the workloads' children: celgate check asks for
   * it only when its output is shown or its gate is set (issue 33).
   */
  readonly footprint?: boolean
  /**
   * Whether `reportSet` keeps the reports and what they were built from (default true): only
   * `reports-dir` writes them, and at 1x the corpus they held 27 MB until the reports were
   * written (issue 33). Without them `reportSet` is empty; `facts.reports` has the totals.
   */
  readonly keepReportSet?: boolean
  /** The time reports are stamped with and exceptions expire by (default: now). */
  readonly now?: Date
  /**
   * The cluster's Kubernetes release (default: the newest supported): which kinds are
   * namespaced, so that a resource without a namespace is evaluated in `default`.
   */
  readonly kubernetesVersion?: KubernetesVersion
  /**
   * Whether the apiserver takes a resource at all (default: every one): an object it refuses at
   * decoding never reaches admission, so it is not evaluated (kube/builtin reports it).
   */
  readonly admits?: (doc: LoadedDocument) => boolean
}

/** Where a document is, for the matrix and the JSON report. */
export interface DocumentRef {
  file: string
  document: number
  line: number
  kind: string
  name: string
  namespace?: string
}

export interface KyvernoPolicyFacts extends DocumentRef {
  /** The key in reports: `name`, or `namespace/name` for a namespaced Policy. */
  policy: string
  /** The policy-level action (rules may override it). */
  action: FailureAction
  background: boolean
  rules: number
}

/** The outcome of one policy on one resource: the worst rule result. */
export type MatrixOutcome = 'enforce-fail' | 'audit-fail' | 'error' | 'warn' | 'pass' | 'skip'

export interface KyvernoMatrixCell {
  policy: string
  resource: DocumentRef
  outcome: MatrixOutcome
  rules: Array<{ rule: string; status: RuleStatus; message: string; undecidable?: boolean }>
}

export interface KyvernoReportTotals {
  role: ReportRole
  objects: number
  bytes: bigint
  results: number
}

export interface KyvernoFacts {
  policies: KyvernoPolicyFacts[]
  /** Sample resources evaluated (after Kyverno's resourceFilters). */
  resources: number
  /** Resources Kyverno's resourceFilters leave out. */
  filtered: number
  /**
   * Resources in Kyverno or Chainsaw test folders (or named by a kyverno-test.yaml): test
   * fixtures, left to `celgate test`.
   */
  testFixtures: number
  /** Set when the evaluation limit stopped the dry-run. */
  truncated?: { evaluations: number; resourcesLeft: number }
  matrix: KyvernoMatrixCell[]
  layout: ReportLayout
  layoutDescription: string
  /** The reports Kyverno would create for the repository's own resources. */
  reports: KyvernoReportTotals[]
  /** What such reports cost the profiled cluster. */
  footprint?: ReportFootprint
}

export interface KyvernoAnalysis {
  findings: Finding[]
  facts: KyvernoFacts
  /** The repository's reports, for `writeReports(analysis.reportSet, reportsDir)`. */
  reportSet: ReportSet
}

const POLICY_DOC_KINDS = new Set(['kyverno-policy', 'kyverno-cel-policy'])

export function analyzeKyvernoPolicies(
  ws: Workspace,
  options: KyvernoCheckOptions = {}
): KyvernoAnalysis {
  const features = kyvernoFeatures(options.kyvernoVersion ?? DEFAULT_KYVERNO_VERSION)
  const layout = options.reportLayout ?? features.reportsLayout
  const format = options.reportFormat ?? 'wgpolicyk8s'
  const now = options.now ?? new Date()
  const facts: KyvernoFacts = {
    policies: [],
    resources: 0,
    filtered: 0,
    testFixtures: 0,
    matrix: [],
    layout,
    layoutDescription: LAYOUT_DESCRIPTION[layout],
    reports: []
  }
  const empty: ReportSet = { layout, format, reports: [] }
  const policyDocs = ws.documents.filter(
    (d) =>
      POLICY_DOC_KINDS.has(d.kind) &&
      (d.kind === 'kyverno-policy' || VALIDATING_POLICY_KINDS.has(d.objectKind ?? ''))
  )
  const findings: Finding[] = features.legacyKindsDeprecated
    ? deprecatedKindFindings(ws, features.version)
    : []
  if (policyDocs.length === 0) return { findings, facts, reportSet: empty }

  const policies = policyDocs.map((d) => d.value as KyvernoPolicy)
  const policyDocByKey = new Map(policyDocs.map((d) => [objectKey(d.value), d]))
  const ruleFindings = new RuleFindings(policyLocations(ws, policyDocByKey))
  facts.policies = policyDocs.map((d) => policyFacts(d))
  // kyverno.io exceptions name ClusterPolicies' rules; policies.kyverno.io ones the CEL policies.
  const exceptionDocs = ws.documents.filter((d) => d.kind === 'kyverno-policy-exception')
  const exceptions = exceptionDocs
    .filter((d) => apiGroupOf(d.apiVersion) === 'kyverno.io')
    .map((d) => d.value as PolicyException)
  const allCelExceptions = exceptionDocs
    .filter((d) => apiGroupOf(d.apiVersion) === 'policies.kyverno.io')
    .map((d) => d.value)
  const celExceptions = features.celExceptionsExpire
    ? unexpiredCelExceptions(allCelExceptions, now)
    : allCelExceptions
  const namespaces = ws.documents.filter((d) => d.kind === 'namespace').map((d) => d.value)
  const scopes = new CreateScopes(
    options.kubernetesVersion ?? DEFAULT_VERSIONS[DEFAULT_VERSIONS.length - 1]!
  )
  const evaluator = new SubjectEvaluator({
    policies,
    exceptions,
    celExceptions,
    namespaces,
    scopes,
    kyvernoVersion: features.version
  })
  const filters = new ResourceFilters(options.resourceFilters)
  const namespaceOf = (id: { apiVersion: string; kind: string; namespace: string }): string =>
    id.namespace || (scopes.isNamespaced(id.apiVersion, id.kind) ? 'default' : '')

  const isFixture = testFixtureMatcher(
    ws.files.map((f) => f.file),
    ws.documents
  )
  const budget = new EvaluationBudget(
    options.maxEvaluations ?? DEFAULT_MAX_EVALUATIONS,
    evaluator,
    namespaceOf
  )
  const samples: Array<{ doc: LoadedDocument; subject: ReportSubject }> = []
  const candidates = ws.documents.filter(
    (d) =>
      (d.kind === 'resource' || d.kind === 'namespace') &&
      !INFRASTRUCTURE_GROUPS.has(apiGroupOf(d.apiVersion)) &&
      (options.admits?.(d) ?? true)
  )
  for (const [i, doc] of candidates.entries()) {
    if (isFixture(doc.file)) {
      facts.testFixtures++
      continue
    }
    try {
      const id = resourceIdentity(doc.value)
      if (filters.ignores(id.kind, namespaceOf(id), id.name)) {
        facts.filtered++
        continue
      }
      const subject = budget.evaluate(doc.value)
      if (subject === undefined) {
        facts.truncated = {
          evaluations: budget.used,
          resourcesLeft: candidates.slice(i).filter((d) => !isFixture(d.file)).length
        }
        findings.push(truncatedFinding(ws, doc, facts.truncated))
        break
      }
      samples.push({ doc, subject })
      facts.resources++
      const actions = failureActions(subject)
      pushAll(findings, resourceFindings(ws, doc, subject, actions, ruleFindings))
      pushAll(facts.matrix, matrixCells(doc, subject, actions))
    } catch (err) {
      findings.push(internalErrorFinding(ws.locate(doc, []), err))
    }
  }

  const profile = resolveClusterProfile(
    options.clusterProfile,
    samples.map((s) => s.subject.resource)
  )
  const buildOptions = {
    layout,
    format,
    now,
    admissionReports: profile.admissionReports,
    backgroundScan: profile.backgroundScan,
    // The entries the selected release writes (versions.ts `reports`), as reports-dir does.
    kyvernoVersion: features.version,
    ...(options.reportsChunkSize !== undefined ? { chunkSize: options.reportsChunkSize } : {})
  }
  // The sizing set starts with the samples: their reports are made once, for both builds.
  const memo = new SubjectReportsMemo()
  const reportSet = buildReports(
    samples.map((s) => s.subject),
    buildOptions,
    memo
  )
  facts.reports = reportTotals(reportSet.reports)
  const kept = options.keepReportSet === false ? empty : reportSet
  if (options.footprint === false) return { findings, facts, reportSet: kept }

  try {
    const sizing = sizingSubjects(samples, budget, filters, profile, policies, scopes)
    const footprint = estimateReportFootprint({
      reports: buildReports(sizing.subjects, buildOptions, memo),
      sampled: sampledKinds(sizing.kinds),
      profile,
      ...(options.reportsChunkSize !== undefined ? { chunkSize: options.reportsChunkSize } : {}),
      limits: {
        ...(options.etcdQuotaBytes !== undefined ? { etcdQuotaBytes: options.etcdQuotaBytes } : {}),
        ...(options.maxObjectBytes !== undefined ? { maxObjectBytes: options.maxObjectBytes } : {})
      }
    })
    facts.footprint = footprint
    pushAll(findings, footprintFindings(ws, footprint, policyDocByKey, policyDocs[0]!, options))
  } catch (err) {
    findings.push(internalErrorFinding(ws.locate(policyDocs[0]!, []), err))
  }
  return { findings, facts, reportSet: kept }
}

function documentRef(doc: LoadedDocument): DocumentRef {
  return {
    file: doc.file,
    document: doc.index,
    line: doc.line,
    kind: doc.objectKind ?? '',
    name: doc.name ?? '',
    ...(doc.namespace ? { namespace: doc.namespace } : {})
  }
}

function policyFacts(doc: LoadedDocument): KyvernoPolicyFacts {
  const policy = doc.value as KyvernoPolicy
  const isVpol = VALIDATING_POLICY_KINDS.has(policy.kind ?? '')
  const actions = (policy.spec as { validationActions?: unknown } | undefined)?.validationActions
  const action: FailureAction = isVpol
    ? Array.isArray(actions) && actions.includes('Deny')
      ? 'Enforce'
      : 'Audit'
    : (policy.spec?.validationFailureAction ?? '').toLowerCase() === 'enforce'
      ? 'Enforce'
      : 'Audit'
  return {
    ...documentRef(doc),
    policy: objectKey(policy),
    action,
    background: backgroundEnabled(policy),
    rules: isVpol ? 1 : (policy.spec?.rules ?? []).length
  }
}

/** The action that decides a failing rule (overrides, rule, policy; vpol: validationActions). */
function actionOf(
  policy: KyvernoPolicy,
  rule: RuleResult,
  resource: JsonMap,
  labels: Readonly<Record<string, string>>
): FailureAction {
  if (VALIDATING_POLICY_KINDS.has(policy.kind ?? '')) {
    const actions = (policy.spec as { validationActions?: unknown } | undefined)?.validationActions
    return Array.isArray(actions) && actions.includes('Deny') ? 'Enforce' : 'Audit'
  }
  return resultFailureAction(policy, rule, resource, labels)
}

/**
 * The action of each failing rule result of a subject, by outcome and rule index (undefined for
 * the others): its findings and its matrix cells both ask.
 */
type FailureActions = ReadonlyArray<ReadonlyArray<FailureAction | undefined>>

function failureActions(subject: ReportSubject): FailureActions {
  const labels = subject.namespaceLabels ?? {}
  return subject.outcomes.map(({ policy, rules }) =>
    // Most outcomes fail no rule: one shared empty list reads undefined at every index.
    rules.some(isFailure)
      ? rules.map((rule) =>
          isFailure(rule) ? actionOf(policy, rule, subject.resource, labels) : undefined
        )
      : NO_FAILURES
  )
}

const NO_FAILURES: ReadonlyArray<FailureAction | undefined> = []
const isFailure = (rule: RuleResult): boolean => rule.status === 'fail'

const describePolicy = (policy: KyvernoPolicy): string =>
  `${policy.kind === 'Policy' ? 'Policy' : policy.kind === 'ClusterPolicy' ? 'ClusterPolicy' : (policy.kind ?? 'policy')} '${objectKey(policy)}'`

/** The findings of one resource: failing, erroring and undecidable rules. */
function resourceFindings(
  ws: Workspace,
  doc: LoadedDocument,
  subject: ReportSubject,
  actions: FailureActions,
  made: RuleFindings
): Finding[] {
  const out: Finding[] = []
  const kind = doc.objectKind ?? 'resource'
  const locate = failureLocator(ws, doc)
  subject.outcomes.forEach(({ policy, rules }, o) => {
    rules.forEach((rule, r) => {
      if (!makesFinding(rule)) return
      const where = locate(rule.message)
      const ruleName = rule.rule !== '' ? `, rule '${rule.rule}'` : ''
      if (rule.undecidable !== undefined) {
        out.push(
          made.of(
            policy,
            rule,
            KYVERNO_RULE_IDS.undecidable,
            `${describePolicy(policy)}${ruleName} cannot be decided offline for this ${kind}: ${rule.undecidable}. Offline it reports ${rule.status}: ${rule.message}`,
            where
          )
        )
        return
      }
      if (rule.status === 'fail' || rule.status === 'warn') {
        const action = rule.status === 'warn' ? 'Audit' : actions[o]![r]!
        if (action === 'Enforce')
          out.push(
            made.of(
              policy,
              rule,
              KYVERNO_RULE_IDS.enforceFailed,
              `Kyverno would reject this ${kind}: ${describePolicy(policy)}${ruleName} (Enforce) fails: ${rule.message}`,
              where
            )
          )
        else
          out.push(
            made.of(
              policy,
              rule,
              KYVERNO_RULE_IDS.auditFailed,
              `${describePolicy(policy)}${ruleName} (Audit) fails on this ${kind}; Kyverno admits it and reports the failure: ${rule.message}`,
              where
            )
          )
      } else {
        const ignore = policy.spec?.failurePolicy === 'Ignore'
        out.push(
          made.of(
            policy,
            rule,
            KYVERNO_RULE_IDS.ruleError,
            `${describePolicy(policy)}${ruleName} errors on this ${kind}${ignore ? ' (failurePolicy Ignore: the request is admitted)' : ' (failurePolicy Fail: the request is rejected)'}: ${rule.message}`,
            where,
            ignore ? 'warning' : undefined
          )
        )
      }
    })
  })
  return out
}

/**
 * The rule findings of a run, each text made once per policy: a policy fails the same way on
 * many resources (27,003 findings on the corpus, 827 distinct messages), and a finding from
 * makeFinding holds its own copy of its message, all kept to the end of the run. A later
 * finding with the same text is the first one at its own location: it shares its message, data
 * and related locations.
 */
class RuleFindings {
  private readonly byPolicy = new Map<KyvernoPolicy, Map<string, Finding>>()

  constructor(private readonly relatedOf: (policy: KyvernoPolicy) => Finding['related']) {}

  of(
    policy: KyvernoPolicy,
    rule: RuleResult,
    ruleId: RuleId,
    message: string,
    where: Location,
    severity?: Finding['severity']
  ): Finding {
    let made = this.byPolicy.get(policy)
    if (made === undefined) this.byPolicy.set(policy, (made = new Map<string, Finding>()))
    const key = `${ruleId}\u0000${rule.status}\u0000${rule.rule}\u0000${message}`
    const first = made.get(key)
    if (first !== undefined) return { ...first, location: where }
    const data = { policy: objectKey(policy), rule: rule.rule, status: rule.status }
    const extra: { data: typeof data; related?: Finding['related'] } = { data }
    const related = this.relatedOf(policy)
    if (related) extra.related = related
    let finding = makeFinding(ruleId, where, message, extra)
    if (severity !== undefined) finding = { ...finding, severity }
    made.set(key, finding)
    return finding
  }
}

/**
 * The related location of a policy's findings (its name in its file), looked up once per
 * policy: a policy fails on many resources.
 */
function policyLocations(
  ws: Workspace,
  policyDocs: ReadonlyMap<string, LoadedDocument>
): (policy: KyvernoPolicy) => Finding['related'] {
  const byPolicy = new Map<KyvernoPolicy, Finding['related']>()
  return (policy) => {
    if (byPolicy.has(policy)) return byPolicy.get(policy)
    const policyDoc = policyDocs.get(objectKey(policy))
    const related = policyDoc
      ? [{ ...ws.locate(policyDoc, ['metadata', 'name']), message: `${describePolicy(policy)}` }]
      : undefined
    byPolicy.set(policy, related)
    return related
  }
}

/** Whether a rule result becomes a finding: failures, warnings and errors (decidable or not). */
const makesFinding = (rule: RuleResult): boolean =>
  rule.status === 'fail' || rule.status === 'warn' || rule.status === 'error'

/**
 * locateFailure for one resource's findings, once per failing path: a resource fails many
 * policies (copies of one, rules on the same field) at the same few paths.
 */
function failureLocator(ws: Workspace, doc: LoadedDocument): (message: string) => Location {
  const byPath = new Map<string, Location>()
  return (message) => {
    const path = FAILED_AT_PATH.exec(message)?.[1] ?? ''
    let where = byPath.get(path)
    if (where === undefined) byPath.set(path, (where = locateFailure(ws, doc, path)))
    return where
  }
}

const FAILED_AT_PATH = /failed at path (\/\S*)/

/**
 * The failing field when Kyverno's message names it (`… failed at path /spec/containers/0/image/`:
 * `path` is that path, else empty), at its deepest part present in the file; else the
 * resource's name.
 */
function locateFailure(ws: Workspace, doc: LoadedDocument, path: string): Location {
  if (path !== '') {
    const segments = path
      .split('/')
      .filter((s) => s !== '')
      .map((s): PathSegment => (/^\d+$/.test(s) ? Number(s) : s))
    let value: unknown = doc.value
    const present: PathSegment[] = []
    for (const segment of segments) {
      if (value === null || typeof value !== 'object') break
      const next = (value as Record<string | number, unknown>)[segment]
      if (next === undefined) break
      present.push(segment)
      value = next
    }
    if (present.length > 0) return ws.locate(doc, present)
  }
  return ws.locate(doc, ['metadata', 'name'])
}

const OUTCOME_ORDER: readonly MatrixOutcome[] = [
  'enforce-fail',
  'error',
  'audit-fail',
  'warn',
  'pass',
  'skip'
]

/** Each outcome's place in OUTCOME_ORDER (the worst first). */
const OUTCOME_RANK: Readonly<Record<MatrixOutcome, number>> = {
  'enforce-fail': 0,
  error: 1,
  'audit-fail': 2,
  warn: 3,
  pass: 4,
  skip: 5
}

function matrixCells(
  doc: LoadedDocument,
  subject: ReportSubject,
  actions: FailureActions
): KyvernoMatrixCell[] {
  const cells: KyvernoMatrixCell[] = []
  const resource = documentRef(doc)
  subject.outcomes.forEach(({ policy, rules }, o) => {
    if (rules.length === 0) return
    let worst = OUTCOME_ORDER.length - 1
    rules.forEach((r, i) => {
      const outcome: MatrixOutcome =
        r.status === 'fail'
          ? actions[o]![i] === 'Enforce'
            ? 'enforce-fail'
            : 'audit-fail'
          : r.status
      worst = Math.min(worst, OUTCOME_RANK[outcome])
    })
    cells.push({
      policy: objectKey(policy),
      resource,
      outcome: OUTCOME_ORDER[worst]!,
      rules: matrixRules(rules)
    })
  })
  return cells
}

/**
 * The matrix rules of a result list, made once per list: policies of one content and equal
 * resources share their results (SubjectEvaluator), so many cells show the same list.
 */
const matrixRulesByResults = new WeakMap<readonly RuleResult[], KyvernoMatrixCell['rules']>()

function matrixRules(rules: readonly RuleResult[]): KyvernoMatrixCell['rules'] {
  let made = matrixRulesByResults.get(rules)
  if (made === undefined) matrixRulesByResults.set(rules, (made = rules.map(matrixRule)))
  return made
}

/** A rule result in a matrix cell (set, not spread in: one per rule result of the run). */
function matrixRule(r: RuleResult): KyvernoMatrixCell['rules'][number] {
  const rule: KyvernoMatrixCell['rules'][number] = {
    rule: r.rule,
    status: r.status,
    message: oneByte(r.message)
  }
  if (r.undecidable !== undefined) rule.undecidable = true
  return rule
}

function reportTotals(reports: readonly GeneratedReport[]): KyvernoReportTotals[] {
  const byRole = new Map<ReportRole, KyvernoReportTotals>()
  for (const r of reports) {
    const t = byRole.get(r.role) ?? { role: r.role, objects: 0, bytes: 0n, results: 0 }
    t.objects++
    t.bytes += BigInt(r.bytes)
    t.results += r.results
    byRole.set(r.role, t)
  }
  return [...byRole.values()]
}

/**
 * What the footprint is measured on: the samples, the objects their workloads create (one
 * representative each, evaluated like the samples), and for each kind the profile counts but no
 * file shows, a stand-in whose matching rules all pass.
 */
function sizingSubjects(
  samples: ReadonlyArray<{ subject: ReportSubject }>,
  budget: EvaluationBudget,
  filters: ResourceFilters,
  profile: ClusterProfile,
  policies: readonly KyvernoPolicy[],
  scopes: CreateScopes
): { subjects: ReportSubject[]; kinds: Array<{ kind: string; estimated?: boolean }> } {
  const subjects: ReportSubject[] = []
  const kinds: Array<{ kind: string; estimated?: boolean }> = []
  const add = (subject: ReportSubject, estimated = false): void => {
    subjects.push(subject)
    kinds.push({
      kind: typeof subject.resource.kind === 'string' ? subject.resource.kind : '',
      estimated
    })
  }
  for (const { subject } of samples) {
    add(subject)
    for (const child of workloadDescendants(subject.resource)) {
      const id = resourceIdentity(child.object)
      if (filters.ignores(id.kind, id.namespace, id.name)) continue
      // Past the limit, workloads' objects are sized from the samples alone.
      const evaluated = budget.evaluate(child.object)
      if (evaluated !== undefined) add(evaluated)
    }
  }
  const seen = new Set(kinds.map((k) => k.kind))
  for (const [kind, count] of Object.entries(profile.resources)) {
    const apiVersion = KIND_API_VERSIONS[kind]
    if (count <= 0 || seen.has(kind) || apiVersion === undefined) continue
    const namespace = scopes.isNamespaced(apiVersion, kind) ? 'default' : ''
    if (filters.ignores(kind, namespace, '')) continue
    add(assumedPassSubject(policies, apiVersion, kind, namespace), true)
  }
  return { subjects, kinds }
}

const formatGiB = (bytes: bigint): string => `${(Number(bytes) / 1024 ** 3).toFixed(2)} GiB`
const formatMiB = (bytes: bigint): string => `${(Number(bytes) / 1024 ** 2).toFixed(2)} MiB`

function footprintFindings(
  ws: Workspace,
  footprint: ReportFootprint,
  policyDocs: ReadonlyMap<string, LoadedDocument>,
  firstPolicy: LoadedDocument,
  options: KyvernoCheckOptions
): Finding[] {
  const out: Finding[] = []
  const top = footprint.policies[0]
  const doc = (top && policyDocs.get(top.policy)) ?? firstPolicy
  const where = ws.locate(doc, ['metadata', 'name'])
  const budget = options.reportsBudgetBytes ?? footprint.etcd.quotaBytes
  const profile = footprint.profile
  if (footprint.etcd.bytes > budget) {
    out.push(
      makeFinding(
        KYVERNO_RULE_IDS.reportsQuota,
        where,
        `Kyverno's reports for these policies would take ${formatGiB(footprint.etcd.bytes)} of etcd in a cluster like ${profile.name} (${profile.basis}), over the ${formatGiB(budget)} budget${budget === footprint.etcd.quotaBytes ? " (etcd's quota: past it the cluster turns read-only)" : ''}.${top ? ` Policy '${top.policy}' accounts for ${(top.share * 100).toFixed(1)}%.` : ''}`,
        {
          data: {
            bytes: footprint.etcd.bytes.toString(),
            budget: budget.toString(),
            objects: footprint.persistent.objects
          }
        }
      )
    )
  }
  for (const role of footprint.etcd.oversized) {
    const r = footprint.roles.find((x) => x.role === role)!
    out.push(
      makeFinding(
        KYVERNO_RULE_IDS.reportTooLarge,
        where,
        `A ${role} report would reach ${formatMiB(r.largestObjectBytes)} in a cluster like ${profile.name}, over etcd's ${formatMiB(footprint.etcd.maxObjectBytes)} per-object limit: Kyverno cannot store it.`,
        {
          data: {
            role,
            bytes: r.largestObjectBytes.toString(),
            limit: footprint.etcd.maxObjectBytes.toString()
          }
        }
      )
    )
  }
  return out
}

/** Counts policy × resource evaluations and refuses past the limit. */
class EvaluationBudget {
  used = 0

  constructor(
    private readonly limit: number,
    private readonly evaluator: SubjectEvaluator,
    private readonly namespaceOf: (id: ResourceIdentity) => string
  ) {}

  evaluate(resource: JsonMap): ReportSubject | undefined {
    const id = resourceIdentity(resource)
    const namespace = this.namespaceOf(id)
    const kind = { group: id.group, version: id.version, kind: id.kind, subresource: '' }
    const cost = this.evaluator.candidates(kind, namespace).length
    if (this.used + cost > this.limit) return undefined
    this.used += cost
    return this.evaluator.evaluate(resource)
  }
}

function truncatedFinding(
  ws: Workspace,
  doc: LoadedDocument,
  truncated: { evaluations: number; resourcesLeft: number }
): Finding {
  return makeFinding(
    KYVERNO_RULE_IDS.dryRunLimit,
    ws.locate(doc, []),
    `The Kyverno dry-run stopped at this resource after ${truncated.evaluations} policy × resource evaluations (the limit): ${truncated.resourcesLeft} resources from here on were not checked, and the report footprint is sized from the resources before it.`,
    { data: { evaluations: truncated.evaluations, resourcesLeft: truncated.resourcesLeft } }
  )
}
