/**
 * The admission dry-run of `celgate check` (issue 6 §2–3): every sample resource of the
 * repository created through the repository's MutatingAdmissionPolicies and
 * ValidatingAdmissionPolicies, as the apiserver would admit it — bindings, params and Namespace
 * objects taken from the repository. Each outcome becomes a finding on the resource (deny =
 * error, Warn = warning, Audit and mutations = notice) and a cell of the policy × resource matrix.
 */
import { internalErrorFinding, makeFinding } from '../../findings/make.js'
import type { Finding, Location } from '../../findings/model.js'
import type { LoadedDocument } from '../../workspace/load.js'
import type { Workspace } from '../../workspace/workspace.js'
import { formatPath } from '../../workspace/value-path.js'
import type { OfflineAuthorizer } from '../cel/index.js'
import { ResultsByContent } from '../schema/structural-json.js'
import { DEFAULT_VERSIONS, type KubernetesVersion } from '../versions.js'
import { refusedBeforeAdmission } from '../builtin/analyze.js'
import type { FieldValidation } from '../builtin/field-validation.js'
import { AdmissionEvaluator, auditedFailures, type AdmissionResponse } from './dispatcher.js'
import { readBinding, withBindingDefaults } from './api.js'
import { validatePolicyBinding, validatePolicyDocument } from './api-validation.js'
import { refusesStaticName } from './static-suffix.js'
import { CreateScopes } from './create-scope.js'
import { ADMISSION_DRY_RUN_MAX_EVALUATIONS } from '../../common/limits.js'
import type { RuleId } from '../../findings/catalogue.js'

export interface AdmissionDryRunOptions {
  kubernetesVersions: readonly KubernetesVersion[]
  authorizer?: OfflineAuthorizer
  /** How unknown fields of built-in objects are treated (kube/builtin; default strict). */
  fieldValidation?: FieldValidation
  /**
   * Policy-binding × resource evaluations (matrix cells) before the dry-run stops (default
   * ADMISSION_DRY_RUN_MAX_EVALUATIONS).
   */
  maxEvaluations?: number
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
  /** Set when the evaluation limit stopped the dry-run. */
  truncated?: { evaluations: number; resourcesLeft: number }
}

export const DRY_RUN_RULE_IDS = {
  denied: 'admission/denied',
  warned: 'admission/warned',
  audited: 'admission/audited',
  mutated: 'admission/mutated',
  limit: 'admission/dry-run-limit'
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
  // The documents taking part, by role, in workspace order (one pass over the documents).
  const policyDocs: LoadedDocument[] = []
  const bindingDocs: LoadedDocument[] = []
  const samples: LoadedDocument[] = []
  const namespaces: LoadedDocument[] = []
  const crds: LoadedDocument[] = []
  for (const d of ws.documents) {
    switch (d.kind) {
      case 'validating-admission-policy':
      case 'mutating-admission-policy':
        policyDocs.push(d)
        break
      case 'validating-admission-policy-binding':
      case 'mutating-admission-policy-binding':
        bindingDocs.push(d)
        break
      case 'namespace':
        namespaces.push(d)
        samples.push(d)
        break
      case 'resource':
        samples.push(d)
        break
      case 'crd':
        crds.push(d)
        break
    }
  }
  // Only objects the apiserver accepts take part: the static checks report the others.
  const policies = policyDocs.filter(
    (d) =>
      validatePolicyDocument(d.value, version).problems.length === 0 &&
      !refusesStaticName(d.name ?? '', version)
  )
  const bindings = bindingDocs.filter(
    (d) =>
      validatePolicyBinding(withBindingDefaults(readBinding(d.value))).length === 0 &&
      !refusesStaticName(d.name ?? '', version)
  )
  if (policies.length === 0 || bindings.length === 0) return result
  // An object the apiserver refuses at decoding never reaches admission (kube/builtin reports it).
  const admitted = (d: LoadedDocument): boolean =>
    !refusedBeforeAdmission(d, [version], options.fieldValidation)
  filterInPlace(samples, admitted)
  filterInPlace(namespaces, admitted)
  const evaluator = new AdmissionEvaluator(
    {
      policies: policies.map((d) => d.value),
      bindings: bindings.map((d) => d.value),
      params: samples.map((d) => d.value),
      namespaces: namespaces.map((d) => d.value),
      crds: crds.map((d) => d.value)
    },
    {
      kubernetesVersion: version,
      ...(options.authorizer ? { authorizer: options.authorizer } : {})
    }
  )
  const versions = { kubernetesVersions: [version] }
  // Created as `kubectl apply` would: a namespaced object without a namespace lands in `default`
  // (its namespaceSelectors match that namespace), a cluster-scoped one has none.
  const scopes = new CreateScopes(
    version,
    crds.map((d) => d.value)
  )
  // With the policies, bindings, params and namespaces fixed, a response depends on the object
  // alone: equal objects are evaluated once.
  const responses = new ResultsByContent((object) =>
    evaluator.evaluate({ operation: 'CREATE', object: scopes.asCreated(object) })
  )
  const limit = options.maxEvaluations ?? ADMISSION_DRY_RUN_MAX_EVALUATIONS
  let evaluations = 0
  for (const [i, doc] of samples.entries()) {
    if (POLICY_KINDS.has(doc.kind)) continue
    try {
      const response = responses.of(doc.value)
      // Each policy binding (and mutating policy) evaluated on the object is one matrix cell.
      const cells = response.evaluations.length + response.mutations.length
      if (evaluations + cells > limit) {
        result.truncated = {
          evaluations,
          resourcesLeft: samples.slice(i).filter((d) => !POLICY_KINDS.has(d.kind)).length
        }
        result.findings.push(limitFinding(ws, doc, result.truncated))
        break
      }
      evaluations += cells
      report(ws, doc, response, versions, result)
    } catch (err) {
      result.findings.push(internalErrorFinding(ws.locate(doc, []), err))
    }
  }
  return result
}

function limitFinding(
  ws: Workspace,
  doc: LoadedDocument,
  truncated: { evaluations: number; resourcesLeft: number }
): Finding {
  return makeFinding(
    DRY_RUN_RULE_IDS.limit,
    ws.locate(doc, []),
    `The admission dry-run stopped at this resource after ${truncated.evaluations} policy binding × resource evaluations (the limit): ${truncated.resourcesLeft} resources from here on were not checked against the ValidatingAdmissionPolicies and MutatingAdmissionPolicies.`,
    { data: { evaluations: truncated.evaluations, resourcesLeft: truncated.resourcesLeft } }
  )
}

function report(
  ws: Workspace,
  doc: LoadedDocument,
  response: AdmissionResponse,
  versions: { kubernetesVersions: KubernetesVersion[] },
  out: AdmissionDryRun
): void {
  // Located on the first finding only: most resources are admitted without one.
  let location: Location | undefined
  const where = (): Location => (location ??= ws.locate(doc, ['metadata', 'name']))
  const finding = (ruleId: RuleId, message: string): void => {
    out.findings.push(makeFinding(ruleId, where(), message, versions))
  }
  const kind = doc.objectKind ?? ''
  const resource: AdmissionMatrixEntry['resource'] = doc.namespace
    ? {
        file: doc.file,
        document: doc.index,
        line: doc.line,
        kind,
        name: doc.name ?? '',
        namespace: doc.namespace
      }
    : { file: doc.file, document: doc.index, line: doc.line, kind, name: doc.name ?? '' }
  for (const m of response.mutations) {
    const outcome: DryRunOutcome =
      m.errors.length > 0
        ? 'error'
        : m.changes.length > 0
          ? 'mutated'
          : m.skippedByCondition !== undefined
            ? 'skipped'
            : 'admitted'
    out.matrix.push(
      matrixEntry(
        m.policy,
        m.binding,
        resource,
        outcome,
        m.errors.length > 0 ? m.errors.join('; ') : undefined
      )
    )
    if (m.changes.length > 0) {
      let message = `MutatingAdmissionPolicy '${m.policy}' with binding '${m.binding}' changes this ${kind} on create:`
      for (const c of m.changes)
        message += `\n  ${c.op} ${formatPath(c.path)}${c.op === '-' ? '' : `: ${JSON.stringify(c.value)}`}`
      finding(DRY_RUN_RULE_IDS.mutated, message)
    }
  }
  for (const e of response.evaluations) {
    const decisions = e.result?.decisions ?? []
    const denied = decisions.find((d) => d.action === 'deny')
    const actions = e.validationActions ?? []
    let outcome: DryRunOutcome
    if (e.configurationError !== undefined) outcome = 'error'
    else if (e.result?.failedMatchCondition !== undefined) outcome = 'skipped'
    else if (denied === undefined) outcome = 'admitted'
    else if (actions.includes('Deny')) outcome = 'denied'
    else if (actions.includes('Warn')) outcome = 'warned'
    else outcome = 'audited'
    out.matrix.push(
      matrixEntry(
        e.policy,
        e.binding ? e.binding : undefined,
        resource,
        outcome,
        e.configurationError ?? denied?.message
      )
    )
  }
  if (!response.allowed && response.error)
    finding(
      DRY_RUN_RULE_IDS.denied,
      `The apiserver would reject this ${kind} (${response.reason ?? 'Invalid'}, ${response.code ?? 422}): ${response.error}`
    )
  for (const warning of response.warnings) finding(DRY_RUN_RULE_IDS.warned, `Warning: ${warning}`)
  for (const key in response.auditAnnotations) {
    if (key === VALIDATION_FAILURE_KEY) continue
    finding(DRY_RUN_RULE_IDS.audited, `Audit annotation ${key}: ${response.auditAnnotations[key]}`)
  }
  const failures = response.auditAnnotations[VALIDATION_FAILURE_KEY]
  if (failures) {
    for (const f of auditedFailures(response) ?? parseFailures(failures))
      finding(
        DRY_RUN_RULE_IDS.audited,
        `Audited by ValidatingAdmissionPolicy '${f.policy}' with binding '${f.binding}' (validations[${f.expressionIndex}]): ${f.message}`
      )
  }
}

/** A matrix cell; `binding` and `message` only when given (keys in the documented order). */
function matrixEntry(
  policy: string,
  binding: string | undefined,
  resource: AdmissionMatrixEntry['resource'],
  outcome: DryRunOutcome,
  message: string | undefined
): AdmissionMatrixEntry {
  if (binding === undefined)
    return message === undefined
      ? { policy, resource, outcome }
      : { policy, resource, outcome, message }
  return message === undefined
    ? { policy, binding, resource, outcome }
    : { policy, binding, resource, outcome, message }
}

const VALIDATION_FAILURE_KEY = 'validation.policy.admission.k8s.io/validation_failure'

interface Failure {
  message: string
  policy: string
  binding: string
  expressionIndex: number
}

/** The annotation's entries read back (when a policy's own annotation took the key). */
function parseFailures(text: string): Failure[] {
  try {
    const parsed: unknown = JSON.parse(text)
    return Array.isArray(parsed) ? (parsed as Failure[]) : []
  } catch {
    return []
  }
}

function filterInPlace<T>(items: T[], keep: (item: T) => boolean): void {
  let kept = 0
  for (const item of items) if (keep(item)) items[kept++] = item
  items.length = kept
}
