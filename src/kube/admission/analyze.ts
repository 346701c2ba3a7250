/**
 * The admission policy checks of `celgate check` (issue 4 item 8, issue 6 §1): every
 * ValidatingAdmissionPolicy and MutatingAdmissionPolicy validated as the apiserver validates it
 * on create, per Kubernetes version — each CEL expression compiled with the admission variables,
 * errors in the apiserver's words at the expression (and the offending token inside it) — plus
 * the type checking the apiserver records in the policy status, the bindings' validation,
 * bindings without policies and policies without bindings, and each policy's static cost
 * estimate as information beside the runtime budgets it runs under.
 */
import { internalErrorFinding, makeFinding } from '../../findings/make.js'
import type { Finding, Location } from '../../findings/model.js'
import type { LoadedDocument } from '../../workspace/load.js'
import { formatPath, parsePath, type PathSegment } from '../../workspace/value-path.js'
import type { Workspace } from '../../workspace/workspace.js'
import type { CostRange } from '../../cel/cost/index.js'
import { errorString, valueStyleFor } from '../fielderrors/index.js'
import { formatCount } from '../crd/cost-format.js'
import type { KubernetesVersion } from '../versions.js'
import {
  readBinding,
  readPolicy,
  withBindingDefaults,
  withPolicyDefaults,
  type AdmissionPolicy
} from './api.js'

import {
  validatePolicyBinding,
  validatePolicyDocument,
  type PolicyProblem
} from './api-validation.js'
import type { CompiledPolicy } from './compile.js'
import type { CompiledExpression } from './environment.js'
import { staticSuffixOutcome } from './static-suffix.js'
import { PolicyTypeChecker } from './type-check.js'

import { pushAll } from '../../common/arrays.js'
import { MATCH_CONDITIONS_COST_BUDGET, PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET } from '../limits.js'
import { tokenEnd } from '../cel/token-end.js'

export interface AdmissionAnalysisOptions {
  kubernetesVersions: readonly KubernetesVersion[]
}

/** One expression's estimate (or compile error) per Kubernetes version, for the JSON report. */
export interface AdmissionExpressionReport {
  /** Where it is, e.g. `spec.validations[0].expression`. */
  path: string
  expression: string
  costs: Array<
    | { kubernetesVersion: KubernetesVersion; min: bigint; max: bigint }
    | { kubernetesVersion: KubernetesVersion; error: string }
  >
}

export interface AdmissionPolicyReport {
  file: string
  document: number
  line: number
  kind: string
  name: string
  expressions: AdmissionExpressionReport[]
}

export interface AdmissionAnalysis {
  findings: Finding[]
  policies: AdmissionPolicyReport[]
}

export const ADMISSION_RULE_IDS = {
  compile: 'admission/cel-compile-error',
  invalid: 'admission/invalid-object',
  typeWarning: 'admission/cel-type-warning',
  apiWarning: 'admission/apiserver-warning',
  cost: 'admission/cel-cost-estimate',
  bindingWithoutPolicy: 'admission/binding-without-policy',
  policyWithoutBinding: 'admission/policy-without-binding'
} as const

const POLICY_KINDS = new Set(['validating-admission-policy', 'mutating-admission-policy'])
const BINDING_KINDS = new Set([
  'validating-admission-policy-binding',
  'mutating-admission-policy-binding'
])

export function analyzeAdmissionPolicies(
  ws: Workspace,
  options: AdmissionAnalysisOptions
): AdmissionAnalysis {
  const findings: Finding[] = []
  const policies: AdmissionPolicyReport[] = []
  const crds = ws.documents.filter((d) => d.kind === 'crd').map((d) => d.value)
  const policyDocs = ws.documents.filter((d) => POLICY_KINDS.has(d.kind))
  const bindingDocs = ws.documents.filter((d) => BINDING_KINDS.has(d.kind))
  const newest = options.kubernetesVersions[options.kubernetesVersions.length - 1]
  const typeChecker = newest
    ? new PolicyTypeChecker({ kubernetesVersion: newest, crds })
    : undefined

  for (const doc of policyDocs) {
    try {
      const analysis = new PolicyAnalyzer(ws, doc, options, typeChecker)
      pushAll(findings, analysis.run())
      policies.push(analysis.report)
    } catch (err) {
      findings.push(internalErrorFinding(ws.locate(doc, []), err))
    }
  }
  for (const doc of bindingDocs) {
    try {
      pushAll(findings, bindingFindings(ws, doc, policyDocs, options))
    } catch (err) {
      findings.push(internalErrorFinding(ws.locate(doc, []), err))
    }
  }
  pushAll(findings, unboundPolicyFindings(ws, policyDocs, bindingDocs))
  return { findings, policies }
}

/** `Kubernetes 1.35`, `Kubernetes 1.35 and 1.36`, `Kubernetes 1.35, 1.36 and 1.37`. */
function kubernetes(versions: readonly string[]): string {
  const list =
    versions.length <= 1
      ? versions.join('')
      : `${versions.slice(0, -1).join(', ')} and ${versions[versions.length - 1]}`
  return `Kubernetes ${list}`
}

const reject = (versions: readonly string[]): string =>
  `${kubernetes(versions)} ${versions.length === 1 ? 'rejects' : 'reject'}`

class PolicyAnalyzer {
  readonly report: AdmissionPolicyReport
  private readonly policy: AdmissionPolicy
  private readonly findings: Finding[] = []

  constructor(
    private readonly ws: Workspace,
    private readonly doc: LoadedDocument,
    private readonly options: AdmissionAnalysisOptions,
    private readonly typeChecker: PolicyTypeChecker | undefined
  ) {
    this.policy = withPolicyDefaults(readPolicy(doc.value))
    this.report = {
      file: doc.file,
      document: doc.index,
      line: doc.line,
      kind: this.policy.kind,
      name: this.policy.name,
      expressions: []
    }
  }

  run(): Finding[] {
    const groups = new Map<string, { problem: PolicyProblem; versions: KubernetesVersion[] }>()
    const compiledByVersion: Array<[KubernetesVersion, CompiledPolicy]> = []
    // Releases that compile alike (e.g. 1.35 and 1.36) share one validation, which the dry-run
    // reuses (validatePolicyDocument).
    for (const version of this.options.kubernetesVersions) {
      const { problems, compiled } = validatePolicyDocument(this.doc.value, version)
      compiledByVersion.push([version, compiled])
      const style = valueStyleFor(version)
      for (const problem of problems) {
        const key = `${formatPath(problem.path)}\u0000${errorString(problem.error, { style })}`
        const group = groups.get(key)
        if (group) group.versions.push(version)
        else groups.set(key, { problem, versions: [version] })
      }
    }
    for (const { problem, versions } of groups.values()) {
      const text = errorString(problem.error, { style: valueStyleFor(versions[0]!) })
      const message = `${reject(versions)} this ${this.policy.kind}: ${text}`
      const ruleId = problem.compiled ? ADMISSION_RULE_IDS.compile : ADMISSION_RULE_IDS.invalid
      this.findings.push(
        makeFinding(ruleId, this.problemLocation(problem), message, {
          kubernetesVersions: versions
        })
      )
    }
    pushAll(
      this.findings,
      staticNameFindings(
        this.ws,
        this.doc,
        this.policy.kind,
        this.policy.name,
        this.options.kubernetesVersions
      )
    )
    const failing = new Set(
      [...groups.values()].filter((g) => g.problem.compiled).map((g) => formatPath(g.problem.path))
    )
    if (this.policy.kind === 'ValidatingAdmissionPolicy') this.typeWarnings(failing)
    this.costs(compiledByVersion)
    return this.findings
  }

  private problemLocation(problem: PolicyProblem): Location {
    const celError = problem.compiled?.error?.celErrors.find((e) => e.offset >= 0)
    const source = problem.compiled?.source
    if (celError && source) {
      const prefix = problem.trimmedPrefix ?? 0
      const start = source.utf16Offset(celError.offset) + prefix
      const end = source.utf16Offset(tokenEnd(source, celError.offset)) + prefix
      return this.ws.locateInString(this.doc, problem.path, start, end)
    }
    return this.locate(problem.path)
  }

  private locate(path: readonly PathSegment[]): Location {
    return this.ws.locate(this.doc, path)
  }

  /** status.typeChecking.expressionWarnings, typed by the matched kinds' schemas. */
  private typeWarnings(failing: ReadonlySet<string>): void {
    const versions = this.options.kubernetesVersions
    const newest = versions[versions.length - 1]
    if (newest === undefined || !this.typeChecker) return
    const warnings = this.typeChecker.check(this.policy)
    for (const w of warnings) {
      // An expression the apiserver rejects is reported as that, not warned about again.
      if (failing.has(w.fieldRef)) continue
      let path: PathSegment[]
      try {
        path = parsePath(w.fieldRef)
      } catch {
        path = []
      }
      this.findings.push(
        makeFinding(
          ADMISSION_RULE_IDS.typeWarning,
          this.locate(path),
          `The apiserver accepts this policy but records a type-checking warning for ${w.fieldRef} (status.typeChecking.expressionWarnings), and the expression fails at admission time:\n${w.warning.trimEnd()}`,
          { kubernetesVersions: [newest] }
        )
      )
    }
  }

  /** The estimates, as information next to the runtime budgets (cel-cost-model.md §6.4). */
  private costs(compiledByVersion: Array<[KubernetesVersion, CompiledPolicy]>): void {
    const byPath = new Map<string, AdmissionExpressionReport>()
    const summaries = new Map<
      string,
      { lines: string[]; versions: KubernetesVersion[]; data: Record<string, string> }
    >()
    for (const [version, compiled] of compiledByVersion) {
      const entries = expressionsOf(compiled)
      const estimates = entries.map((e) => ({
        ...e,
        cost: compiled.environment.estimate(e.compiled)
      }))
      for (const e of estimates) {
        let report = byPath.get(e.path)
        if (!report) {
          report = { path: e.path, expression: e.compiled.expression, costs: [] }
          byPath.set(e.path, report)
        }
        report.costs.push(
          e.compiled.error || !e.cost
            ? { kubernetesVersion: version, error: e.compiled.error?.detail ?? 'not compiled' }
            : { kubernetesVersion: version, min: e.cost.min, max: e.cost.max }
        )
      }
      const summary = costSummary(estimates)
      const key = summary.lines.join('\n')
      const group = summaries.get(key)
      if (group) group.versions.push(version)
      else summaries.set(key, { ...summary, versions: [version] })
    }
    this.report.expressions = [...byPath.values()]
    for (const { lines, versions, data } of summaries.values()) {
      if (lines.length === 0) continue
      this.findings.push(
        makeFinding(
          ADMISSION_RULE_IDS.cost,
          this.locate(['spec']),
          [
            `Estimated CEL cost of this policy on ${kubernetes(versions)}. Kubernetes has no static cost limit for admission policies; at admission each evaluation gets ${formatCount(RUNTIME_CEL_COST_BUDGET)} (validations, the variables they read and messageExpressions), matchConditions ${formatCount(MATCH_CONDITIONS_COST_BUDGET)}, and each expression at most ${formatCount(PER_CALL_LIMIT)}.`,
            ...lines
          ].join('\n'),
          { kubernetesVersions: versions, data }
        )
      )
    }
  }
}

interface PolicyExpression {
  path: string
  /** Which runtime budget the expression is charged to. */
  budget: 'evaluation' | 'matchConditions' | 'auditAnnotations' | 'mutation'
  compiled: CompiledExpression
}

function expressionsOf(compiled: CompiledPolicy): PolicyExpression[] {
  const p = compiled.policy
  const out: PolicyExpression[] = []
  compiled.matchConditions.forEach((c, i) =>
    out.push({
      path: `spec.matchConditions[${i}].expression`,
      budget: 'matchConditions',
      compiled: c
    })
  )
  compiled.variables.forEach((v, i) =>
    out.push({
      path: `spec.variables[${i}].expression`,
      budget: 'evaluation',
      compiled: v.compiled
    })
  )
  compiled.validations.forEach((c, i) => {
    out.push({ path: `spec.validations[${i}].expression`, budget: 'evaluation', compiled: c })
    const m = compiled.messageExpressions[i]
    if (m)
      out.push({
        path: `spec.validations[${i}].messageExpression`,
        budget: 'evaluation',
        compiled: m
      })
  })
  compiled.auditAnnotations.forEach((c, i) =>
    out.push({
      path: `spec.auditAnnotations[${i}].valueExpression`,
      budget: 'auditAnnotations',
      compiled: c
    })
  )
  compiled.mutations.forEach((c, i) => {
    if (!c) return
    const field = p.mutations[i]?.patchType === 'JSONPatch' ? 'jsonPatch' : 'applyConfiguration'
    out.push({ path: `spec.mutations[${i}].${field}.expression`, budget: 'mutation', compiled: c })
  })
  return out
}

/** Estimates beyond this come from values of unknown size (dyn `object` fields), not from work. */
const UNBOUNDED = 1_000_000_000_000_000n

const costText = (cost: bigint): string =>
  cost >= UNBOUNDED
    ? 'unbounded (sizes of object fields are unknown to the estimator)'
    : formatCount(cost)

function costSummary(estimates: Array<PolicyExpression & { cost: CostRange | undefined }>): {
  lines: string[]
  data: Record<string, string>
} {
  const lines: string[] = []
  const totals = new Map<PolicyExpression['budget'], bigint>()
  for (const e of estimates) {
    if (!e.cost) continue
    lines.push(
      `  ${e.path}: ${costText(e.cost.max)}${e.cost.max > PER_CALL_LIMIT && e.cost.max < UNBOUNDED ? ' (over the per-expression limit)' : ''}`
    )
    totals.set(e.budget, (totals.get(e.budget) ?? 0n) + e.cost.max)
  }
  const data: Record<string, string> = {}
  const total = (budget: PolicyExpression['budget'], label: string, limit: bigint): void => {
    const t = totals.get(budget)
    if (t === undefined) return
    data[`${budget}Cost`] = t.toString()
    lines.push(`  ${label}: ${costText(t)} of ${formatCount(limit)}`)
  }
  total(
    'evaluation',
    'per evaluation (validations, variables, messageExpressions)',
    RUNTIME_CEL_COST_BUDGET
  )
  total('matchConditions', 'matchConditions', MATCH_CONDITIONS_COST_BUDGET)
  total('auditAnnotations', 'auditAnnotations', RUNTIME_CEL_COST_BUDGET)
  total('mutation', 'mutations (each has its own budget)', RUNTIME_CEL_COST_BUDGET)
  return { lines, data }
}

function bindingFindings(
  ws: Workspace,
  doc: LoadedDocument,
  policyDocs: readonly LoadedDocument[],
  options: AdmissionAnalysisOptions
): Finding[] {
  const binding = withBindingDefaults(readBinding(doc.value))
  const findings: Finding[] = []
  for (const problem of validatePolicyBinding(binding)) {
    findings.push(
      makeFinding(
        ADMISSION_RULE_IDS.invalid,
        ws.locate(doc, problem.path),
        `${reject(options.kubernetesVersions)} this ${binding.kind}: ${errorString(problem.error)}`,
        { kubernetesVersions: [...options.kubernetesVersions] }
      )
    )
  }
  pushAll(
    findings,
    staticNameFindings(ws, doc, binding.kind, binding.name, options.kubernetesVersions)
  )
  const policyKind =
    binding.kind === 'MutatingAdmissionPolicyBinding'
      ? 'MutatingAdmissionPolicy'
      : 'ValidatingAdmissionPolicy'
  if (
    binding.policyName !== '' &&
    !policyDocs.some((p) => p.objectKind === policyKind && p.name === binding.policyName)
  )
    findings.push(
      makeFinding(
        ADMISSION_RULE_IDS.bindingWithoutPolicy,
        ws.locate(doc, ['spec', 'policyName']),
        `No ${policyKind} named '${binding.policyName}' is in the checked files; the apiserver ignores this binding until one exists.`
      )
    )
  return findings
}

/** The refusal (1.37+) or warning (1.36) for a policy or binding named `*.static.k8s.io`. */
function staticNameFindings(
  ws: Workspace,
  doc: LoadedDocument,
  kind: string,
  name: string,
  versions: readonly KubernetesVersion[]
): Finding[] {
  const { refused, warned } = staticSuffixOutcome(name, versions)
  const findings: Finding[] = []
  const at = ws.locate(doc, ['metadata', 'name'])
  if (refused)
    findings.push(
      makeFinding(
        ADMISSION_RULE_IDS.invalid,
        at,
        `${reject(refused.versions)} this ${kind}: ${errorString(refused.error)}`,
        { kubernetesVersions: refused.versions }
      )
    )
  if (warned) {
    const later = refused
      ? ` (${kubernetes(refused.versions)} ${refused.versions.length === 1 ? 'refuses' : 'refuse'} it)`
      : ''
    findings.push(
      makeFinding(
        ADMISSION_RULE_IDS.apiWarning,
        at,
        `${kubernetes(warned.versions)} ${warned.versions.length === 1 ? 'warns' : 'warn'} when this ${kind} is created: ${warned.warning}. Rename it${later}: the suffix is for manifests the apiserver loads from disk.`,
        { kubernetesVersions: warned.versions }
      )
    )
  }
  return findings
}

function unboundPolicyFindings(
  ws: Workspace,
  policyDocs: readonly LoadedDocument[],
  bindingDocs: readonly LoadedDocument[]
): Finding[] {
  const bound = new Set(
    bindingDocs.map((b) => {
      const binding = readBinding(b.value)
      return `${binding.kind}\u0000${binding.policyName}`
    })
  )
  const findings: Finding[] = []
  for (const doc of policyDocs) {
    const kind = doc.objectKind ?? ''
    if (bound.has(`${kind}Binding\u0000${doc.name ?? ''}`)) continue
    findings.push(
      makeFinding(
        ADMISSION_RULE_IDS.policyWithoutBinding,
        ws.locate(doc, ['metadata', 'name']),
        `No ${kind}Binding in the checked files names this policy, so it has no effect: a policy only runs through its bindings.`
      )
    )
  }
  return findings
}
