/**
 * The admission dry-run of `celgate check` (issue 6 §2–3): every sample resource of the
 * repository created through the repository's MutatingAdmissionPolicies and
 * ValidatingAdmissionPolicies, as the apiserver would admit it — bindings, params and Namespace
 * objects taken from the repository. Each outcome becomes a finding on the resource (deny =
 * error, Warn = warning, Audit and mutations = notice) and a cell of the policy × resource matrix.
 */
import { internalErrorFinding, makeFinding } from '../../findings/make.js'
import type { Finding } from '../../findings/model.js'
import type { LoadedDocument } from '../../workspace/load.js'
import type { Workspace } from '../../workspace/workspace.js'
import { formatPath } from '../../workspace/value-path.js'
import type { OfflineAuthorizer } from '../cel/index.js'
import { DEFAULT_VERSIONS, type KubernetesVersion } from '../versions.js'
import { AdmissionEvaluator, type AdmissionResponse } from './dispatcher.js'
import { readBinding, readPolicy, withBindingDefaults, withPolicyDefaults } from './api.js'
import { validateAdmissionPolicy, validatePolicyBinding } from './api-validation.js'

export interface AdmissionDryRunOptions {
  kubernetesVersions: readonly KubernetesVersion[]
  authorizer?: OfflineAuthorizer
}

export type DryRunOutcome =
  'denied' | 'warned' | 'audited' | 'admitted' | 'skipped' | 'mutated' | 'error'

/** One cell of the policy × resource matrix. */
export interface AdmissionMatrixEntry {
  policy: string
  binding?: string
  resource: {
    file: string
    document: number
    line: number
    kind: string
    name: string
    namespace?: string
  }
  outcome: DryRunOutcome
  message?: string
}

export interface AdmissionDryRun {
  findings: Finding[]
  matrix: AdmissionMatrixEntry[]
  /** The release whose semantics the dry-run used. */
  kubernetesVersion: KubernetesVersion
}

export const DRY_RUN_RULE_IDS = {
  denied: 'admission/denied',
  warned: 'admission/warned',
  audited: 'admission/audited',
  mutated: 'admission/mutated'
} as const

const POLICY_KINDS = new Set([
  'validating-admission-policy',
  'validating-admission-policy-binding',
  'mutating-admission-policy',
  'mutating-admission-policy-binding'
])

export function dryRunAdmissionPolicies(
  ws: Workspace,
  options: AdmissionDryRunOptions
): AdmissionDryRun {
  const version =
    options.kubernetesVersions[options.kubernetesVersions.length - 1] ??
    DEFAULT_VERSIONS[DEFAULT_VERSIONS.length - 1]!
  const result: AdmissionDryRun = { findings: [], matrix: [], kubernetesVersion: version }
  const of = (...kinds: string[]): LoadedDocument[] =>
    ws.documents.filter((d) => kinds.includes(d.kind))
  // Only objects the apiserver accepts take part: the static checks report the others.
  const policies = of('validating-admission-policy', 'mutating-admission-policy').filter(
    (d) =>
      validateAdmissionPolicy(withPolicyDefaults(readPolicy(d.value)), version).problems.length ===
      0
  )
  const bindings = of(
    'validating-admission-policy-binding',
    'mutating-admission-policy-binding'
  ).filter((d) => validatePolicyBinding(withBindingDefaults(readBinding(d.value))).length === 0)
  if (policies.length === 0 || bindings.length === 0) return result
  const samples = of('resource', 'namespace')
  const evaluator = new AdmissionEvaluator(
    {
      policies: policies.map((d) => d.value),
      bindings: bindings.map((d) => d.value),
      params: samples.map((d) => d.value),
      namespaces: of('namespace').map((d) => d.value),
      crds: of('crd').map((d) => d.value)
    },
    {
      kubernetesVersion: version,
      ...(options.authorizer ? { authorizer: options.authorizer } : {})
    }
  )
  for (const doc of samples) {
    if (POLICY_KINDS.has(doc.kind)) continue
    try {
      const response = evaluator.evaluate({ operation: 'CREATE', object: doc.value })
      report(ws, doc, response, version, result)
    } catch (err) {
      result.findings.push(internalErrorFinding(ws.locate(doc, []), err))
    }
  }
  return result
}

function report(
  ws: Workspace,
  doc: LoadedDocument,
  response: AdmissionResponse,
  version: KubernetesVersion,
  out: AdmissionDryRun
): void {
  const where = ws.locate(doc, ['metadata', 'name'])
  const versions = { kubernetesVersions: [version] }
  const resource = {
    file: doc.file,
    document: doc.index,
    line: doc.line,
    kind: doc.objectKind ?? '',
    name: doc.name ?? '',
    ...(doc.namespace ? { namespace: doc.namespace } : {})
  }
  for (const m of response.mutations) {
    const outcome: DryRunOutcome =
      m.errors.length > 0
        ? 'error'
        : m.changes.length > 0
          ? 'mutated'
          : m.skippedByCondition !== undefined
            ? 'skipped'
            : 'admitted'
    out.matrix.push({
      policy: m.policy,
      binding: m.binding,
      resource,
      outcome,
      ...(m.errors.length > 0 ? { message: m.errors.join('; ') } : {})
    })
    if (m.changes.length > 0)
      out.findings.push(
        makeFinding(
          DRY_RUN_RULE_IDS.mutated,
          where,
          [
            `MutatingAdmissionPolicy '${m.policy}' with binding '${m.binding}' changes this ${resource.kind} on create:`,
            ...m.changes.map(
              (c) =>
                `  ${c.op} ${formatPath(c.path)}${c.op === '-' ? '' : `: ${JSON.stringify(c.value)}`}`
            )
          ].join('\n'),
          versions
        )
      )
  }
  for (const e of response.evaluations) {
    const decisions = e.result?.decisions ?? []
    const denied = decisions.filter((d) => d.action === 'deny')
    const actions = e.validationActions ?? []
    let outcome: DryRunOutcome
    if (e.configurationError !== undefined) outcome = 'error'
    else if (e.result?.failedMatchCondition !== undefined) outcome = 'skipped'
    else if (denied.length === 0) outcome = 'admitted'
    else if (actions.includes('Deny')) outcome = 'denied'
    else if (actions.includes('Warn')) outcome = 'warned'
    else outcome = 'audited'
    out.matrix.push({
      policy: e.policy,
      ...(e.binding ? { binding: e.binding } : {}),
      resource,
      outcome,
      ...(e.configurationError !== undefined
        ? { message: e.configurationError }
        : denied[0]
          ? { message: denied[0].message }
          : {})
    })
  }
  if (!response.allowed && response.error)
    out.findings.push(
      makeFinding(
        DRY_RUN_RULE_IDS.denied,
        where,
        `The apiserver would reject this ${resource.kind} (${response.reason ?? 'Invalid'}, ${response.code ?? 422}): ${response.error}`,
        versions
      )
    )
  for (const warning of response.warnings)
    out.findings.push(makeFinding(DRY_RUN_RULE_IDS.warned, where, `Warning: ${warning}`, versions))
  for (const [key, value] of Object.entries(response.auditAnnotations)) {
    if (key === VALIDATION_FAILURE_KEY) continue
    out.findings.push(
      makeFinding(DRY_RUN_RULE_IDS.audited, where, `Audit annotation ${key}: ${value}`, versions)
    )
  }
  const failures = response.auditAnnotations[VALIDATION_FAILURE_KEY]
  if (failures) {
    for (const f of parseFailures(failures))
      out.findings.push(
        makeFinding(
          DRY_RUN_RULE_IDS.audited,
          where,
          `Audited by ValidatingAdmissionPolicy '${f.policy}' with binding '${f.binding}' (validations[${f.expressionIndex}]): ${f.message}`,
          versions
        )
      )
  }
}

const VALIDATION_FAILURE_KEY = 'validation.policy.admission.k8s.io/validation_failure'

interface Failure {
  message: string
  policy: string
  binding: string
  expressionIndex: number
}

function parseFailures(text: string): Failure[] {
  try {
    const parsed: unknown = JSON.parse(text)
    return Array.isArray(parsed) ? (parsed as Failure[]) : []
  } catch {
    return []
  }
}
