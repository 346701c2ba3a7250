/**
 * The CLI's policy processor for one resource (Kyverno cmd/cli/kubectl-kyverno/processor
 * `PolicyProcessor.ApplyPoliciesOnResource` and test.go's image-validating and deleting
 * passes): ClusterPolicy mutate, verifyImages and validate rules in that order (each sees the
 * resource the previous policies patched), MutatingAdmissionPolicies, MutatingPolicies,
 * ValidatingPolicies, GeneratingPolicies, generate rules, ImageValidatingPolicies,
 * DeletingPolicies, and the ValidatingAdmissionPolicies last.
 *
 * The result is the list of engine responses `kyverno test` compares its results with.
 */
import { evaluateVapAsKyverno } from '../../kube/admission/kyverno-cli.js'
import { computeRules } from '../autogen.js'
import { celAutogenVariants } from '../cel-autogen.js'
import { cliEvaluationOptions, namespaceLabelsByName } from '../cli-values.js'
import type { CliInputs } from '../cli-values.js'
import type { EvaluationOptions, Operation } from '../engine.js'
import { evaluatePolicy } from '../engine.js'
import { mutatePolicy, mutatesExisting } from '../mutation.js'
import { generatePolicy } from '../generation.js'
import { evaluateDeletingPolicy } from '../deleting-policy.js'
import { evaluateGeneratingPolicy } from '../generating-policy.js'
import { applyMapAsKyverno } from '../mutating-admission-policy.js'
import { evaluateMutatingPolicy, mutatingPolicyVariants } from '../mutating-policy.js'
import { stringField } from '../go/format.js'
import { isJsonObject } from '../../common/json.js'
import { resourceKindOf, resourceNamespace, ruleMismatch } from '../match.js'
import type { MatchRequest } from '../match.js'
import type { JsonMap, KyvernoPolicy, Rule } from '../types.js'
import { evaluateValidatingPolicy } from '../validating-policy.js'
import { precheckImageValidatingPolicy } from '../image-validating-policy.js'
import type { TestInputs } from './inputs.js'
import type { EngineResponse, RuleResponse, RuleType } from './responses.js'

export interface ProcessorOptions {
  inputs: TestInputs
  /**
   * The policies whose responses will be read (by name); others are skipped unless they change
   * the resource later policies see. Default: every policy.
   */
  wanted?: (policyName: string) => boolean
  /** The clone sources the test's results name for a policy's rule (cloneSourceResource). */
  cloneSources?: (policy: KyvernoPolicy, rule: string) => JsonMap[]
  /** Extra evaluation options (context data for configMap/apiCall entries, …). */
  evaluation?: Partial<EvaluationOptions>
}

const RULE_KINDS: ReadonlyArray<[keyof Rule, RuleType]> = [
  ['mutate', 'Mutation'],
  ['verifyImages', 'ImageVerify'],
  ['validate', 'Validation'],
  ['generate', 'Generation']
]

/**
 * The engine's rule results as rule responses of one type. Object.assign rather than
 * `{ ...r, type }`: V8 (Node 20) adds a property that follows a spread through a runtime call,
 * and every rule result of every evaluation goes through here.
 */
const typedRules = <R extends object>(
  rules: readonly R[],
  type: RuleType
): Array<R & { type: RuleType }> => rules.map((r) => Object.assign({}, r, { type }))

const hasRuleOf = (policy: KyvernoPolicy, key: keyof Rule): boolean =>
  (policy.spec?.rules ?? []).some((r) => isJsonObject(r) && isPresent(r[key]))

const isPresent = (v: unknown): boolean =>
  v !== undefined && v !== null && !(isJsonObject(v) && Object.keys(v).length === 0)

/**
 * Evaluates every policy of the test on one resource. `operation` is the test result's
 * explicit operation ('' for the default run, which honours the values file); deleting
 * policies only run in the default run.
 */
export function processResource(
  original: JsonMap,
  operation: Operation | '',
  options: ProcessorOptions
): EngineResponse[] {
  const { inputs } = options
  const cliInputs: CliInputs = {
    ...(inputs.values !== undefined ? { values: inputs.values } : {}),
    ...(inputs.userInfo !== undefined ? { userInfo: inputs.userInfo } : {}),
    exceptions: inputs.exceptions,
    ...(operation !== '' ? { operation } : {})
  }
  // A fresh object per call (cliEvaluationOptions makes one), completed in place.
  const evaluationOptions = (policy: KyvernoPolicy, resource: JsonMap): EvaluationOptions =>
    Object.assign(
      cliEvaluationOptions(policy.metadata?.name ?? '', resource, cliInputs),
      { celExceptions: inputs.celExceptions },
      options.evaluation
    )
  const responses: EngineResponse[] = []
  const wanted = (policy: JsonMap): boolean =>
    options.wanted === undefined ||
    options.wanted(isJsonObject(policy.metadata) ? stringField(policy.metadata.name) : '')
  let resource = original
  // Mutate rules first: each policy sees the previous one's patched resource.
  for (const policy of inputs.policies) {
    if (!hasRuleOf(policy, 'mutate')) continue
    const options = evaluationOptions(policy, resource)
    const mutation = mutatePolicy(policy, resource, options)
    // Without cluster objects mutate-existing rules cannot find their targets.
    const existing =
      options.contextData?.clusterObjects !== undefined
        ? []
        : notEvaluated(policy, resource, 'mutate', options).rules.filter((r) =>
            (policy.spec?.rules ?? []).some(
              (rule) =>
                mutatesExisting(rule) && (r.rule === rule.name || r.rule.endsWith(`-${rule.name}`))
            )
          )
    responses.push({
      policy,
      resource,
      patchedResource: mutation.patchedResource,
      rules: [...typedRules(mutation.rules, 'Mutation'), ...existing]
    })
    resource = mutation.patchedResource
  }
  for (const policy of inputs.policies) {
    if (!hasRuleOf(policy, 'verifyImages') || !wanted(policy)) continue
    responses.push(
      notEvaluated(policy, resource, 'verifyImages', evaluationOptions(policy, resource))
    )
  }
  for (const policy of inputs.policies) {
    if (!hasRuleOf(policy, 'validate') || !wanted(policy)) continue
    const evaluation = evaluatePolicy(policy, resource, evaluationOptions(policy, resource))
    responses.push({
      policy,
      resource,
      patchedResource: resource,
      rules: typedRules(evaluation.rules, 'Validation')
    })
  }
  // MutatingAdmissionPolicies: a response only when one applied (the CLI drops empty ones).
  for (const policy of inputs.maps) {
    const outcome = mapResponse(policy, resource, inputs)
    if (outcome.rules.length === 0) continue
    responses.push({
      policy,
      resource,
      patchedResource: outcome.patchedResource,
      rules: typedRules(outcome.rules, 'Mutation')
    })
    resource = outcome.patchedResource
  }
  // MutatingPolicies (and their autogen copies) in order; every response carries the object
  // as all of them left it (the engine's PatchedResource).
  const mutating: EngineResponse[] = []
  for (const policy of inputs.celPolicies.MutatingPolicy ?? []) {
    for (const variant of [policy, ...mutatingPolicyVariants(policy)]) {
      const outcome = evaluateMutatingPolicy(variant, resource, evaluationOptions(policy, resource))
      if (outcome.rules.length > 0) resource = outcome.patchedResource
      if (outcome.rules.length === 0 && isSingleRuleConstraint(variant)) continue
      mutating.push({
        policy: variant,
        resource: original,
        patchedResource: resource,
        rules: typedRules(outcome.rules, 'Mutation')
      })
    }
  }
  for (const r of mutating) responses.push({ ...r, patchedResource: resource })
  for (const policy of inputs.celPolicies.ValidatingPolicy ?? []) {
    if (!wanted(policy)) continue
    // The policy, then its autogen copies for Pod controllers (each a policy of the same name).
    for (const variant of [policy, ...celAutogenVariants(policy)]) {
      const response = validatingPolicyResponse(
        variant,
        resource,
        evaluationOptions(policy, resource)
      )
      if (response !== undefined) responses.push(response)
    }
  }
  for (const policy of (inputs.celPolicies.GeneratingPolicy ?? []).filter(wanted)) {
    const rules = evaluateGeneratingPolicy(policy, resource, evaluationOptions(policy, resource))
    if (rules.length === 0) continue
    responses.push({
      policy,
      resource,
      patchedResource: resource,
      rules: typedRules(rules, 'Generation')
    })
  }
  for (const policy of inputs.policies) {
    if (!hasRuleOf(policy, 'generate') || !wanted(policy)) continue
    const options0 = evaluationOptions(policy, resource)
    const rulesWithSources = (policy.spec?.rules ?? []).map((r) => r.name)
    const sources = rulesWithSources.flatMap((name) => options.cloneSources?.(policy, name) ?? [])
    const generation = generatePolicy(policy, resource, options0, sources)
    if (generation.rules.length === 0) continue
    responses.push({
      policy,
      resource,
      patchedResource: resource,
      rules: typedRules(generation.rules, 'Generation')
    })
  }
  // ImageValidatingPolicies: matching and exceptions are decided here; the verification
  // itself needs a registry.
  for (const policy of (inputs.celPolicies.ImageValidatingPolicy ?? []).filter(wanted)) {
    const precheck = precheckImageValidatingPolicy(
      policy,
      resource,
      evaluationOptions(policy, resource)
    )
    if (precheck.kind === 'unmatched') continue
    if (precheck.kind === 'decided')
      responses.push({
        policy,
        resource,
        patchedResource: resource,
        rules: [{ ...precheck.result, type: 'ImageVerify' }]
      })
    else responses.push(notEvaluatedPolicy(policy, resource, 'ImageVerify'))
  }
  if (operation === '')
    for (const policy of (inputs.celPolicies.DeletingPolicy ?? []).filter(wanted)) {
      // Deleting policies see the resource as loaded, not as mutated.
      const rules = evaluateDeletingPolicy(policy, original, evaluationOptions(policy, original))
      if (rules.length === 0) continue
      responses.push({
        policy,
        resource: original,
        patchedResource: original,
        rules: typedRules(rules, 'Deletion')
      })
    }
  for (const policy of inputs.vaps.filter(wanted))
    responses.push(vapResponse(policy, resource, inputs))
  return responses
}

/**
 * ValidatingPolicies: a policy that did not match gives an empty response (which `kyverno
 * test` reads as "excluded"), except when its matchConstraints are a single plain resource
 * rule: then the processor drops the response (policy_processor.go `hasSelector`).
 */
function validatingPolicyResponse(
  policy: JsonMap,
  resource: JsonMap,
  options: EvaluationOptions
): EngineResponse | undefined {
  const evaluation = evaluateValidatingPolicy(policy, resource, options)
  if (evaluation.rules.length === 0 && isSingleRuleConstraint(policy)) return undefined
  return {
    policy,
    resource,
    patchedResource: resource,
    rules: typedRules(evaluation.rules, 'Validation')
  }
}

/** hasSelector: no selectors with terms, no excludes, exactly one rule without resourceNames. */
export function isSingleRuleConstraint(policy: JsonMap): boolean {
  const spec = isJsonObject(policy.spec) ? policy.spec : {}
  const match = spec.matchConstraints
  if (!isJsonObject(match)) return false
  const hasTerms = (selector: unknown): boolean =>
    isJsonObject(selector) &&
    ((isJsonObject(selector.matchLabels) && Object.keys(selector.matchLabels).length > 0) ||
      (Array.isArray(selector.matchExpressions) && selector.matchExpressions.length > 0))
  if (hasTerms(match.namespaceSelector) || hasTerms(match.objectSelector)) return false
  if (Array.isArray(match.excludeResourceRules) && match.excludeResourceRules.length > 0)
    return false
  const rules = Array.isArray(match.resourceRules) ? match.resourceRules : []
  if (rules.length !== 1) return false
  const rule: unknown = rules[0]
  return !(isJsonObject(rule) && Array.isArray(rule.resourceNames) && rule.resourceNames.length > 0)
}

/**
 * What a VAP or MAP runs on in a test: its bindings among the test's, the test's params,
 * namespace labels, user info and CRDs.
 */
function admissionPolicyInput(
  policy: JsonMap,
  resource: JsonMap,
  inputs: TestInputs,
  bindings: readonly JsonMap[]
) {
  const name = isJsonObject(policy.metadata) ? stringField(policy.metadata.name) : ''
  const user = inputs.userInfo?.userInfo
  return {
    policy,
    bindings: bindings.filter((b) => isJsonObject(b.spec) && b.spec.policyName === name),
    resource,
    params: inputs.params,
    namespaceLabels: namespaceLabelsByName(inputs.values),
    ...(user !== undefined
      ? {
          userInfo: {
            ...(user.username !== undefined ? { username: user.username } : {}),
            ...(user.uid !== undefined ? { uid: user.uid } : {}),
            ...(user.groups !== undefined ? { groups: user.groups } : {}),
            ...(user.extra !== undefined ? { extra: user.extra } : {})
          }
        }
      : {}),
    crds: inputs.crds
  }
}

function mapResponse(policy: JsonMap, resource: JsonMap, inputs: TestInputs) {
  return applyMapAsKyverno(admissionPolicyInput(policy, resource, inputs, inputs.mapBindings))
}

/** admissionpolicy.Validate as the CLI runs it; one response per policy, even without a match. */
function vapResponse(policy: JsonMap, resource: JsonMap, inputs: TestInputs): EngineResponse {
  const outcome = evaluateVapAsKyverno(
    admissionPolicyInput(policy, resource, inputs, inputs.vapBindings)
  )
  const rules: RuleResponse[] =
    outcome.result === undefined
      ? []
      : [
          {
            rule: isJsonObject(policy.metadata) ? stringField(policy.metadata.name) : '',
            type: 'Validation',
            status: outcome.result,
            message: outcome.message ?? '',
            ...(outcome.binding !== undefined ? { properties: { binding: outcome.binding } } : {})
          }
        ]
  return { policy, resource, patchedResource: resource, rules }
}

const NOT_EVALUATED: Readonly<Record<string, string>> = {
  mutate:
    'rules that mutate existing resources (targets) need a cluster; celgate does not evaluate them',
  verifyImages:
    'verifyImages rules need image signatures from a registry; celgate does not evaluate them',
  generate: 'generate rules are not evaluated by celgate yet'
}

/** A response naming the rules of one type that match the resource, none evaluated. */
function notEvaluated(
  policy: KyvernoPolicy,
  resource: JsonMap,
  key: 'mutate' | 'verifyImages' | 'generate',
  options: EvaluationOptions
): EngineResponse {
  const type = RULE_KINDS.find(([k]) => k === key)![1]
  const request: MatchRequest = {
    resource,
    kind: options.kind ?? resourceKindOf(resource),
    operation: options.operation ?? 'CREATE',
    namespaceLabels: options.namespaceLabels ?? {},
    ...(options.userInfo !== undefined ? { userInfo: options.userInfo } : {})
  }
  const policyNamespace = policy.kind === 'Policy' ? (policy.metadata?.namespace ?? '') : ''
  const rules: RuleResponse[] = []
  let ruleSet: readonly Rule[]
  try {
    ruleSet = computeRules(policy, request.kind.kind)
  } catch {
    ruleSet = []
  }
  for (const rule of ruleSet) {
    if (!isPresent(rule[key])) continue
    if (policyNamespace !== '' && resourceNamespace(resource) !== policyNamespace) continue
    if (ruleMismatch(rule.name, rule.match, rule.exclude, request, policyNamespace) !== undefined)
      continue
    rules.push({
      rule: rule.name,
      type,
      status: 'skip',
      message: NOT_EVALUATED[key]!,
      notEvaluated: NOT_EVALUATED[key]!
    })
  }
  return { policy, resource, patchedResource: resource, rules }
}

/** A response of a CEL policy kind celgate does not evaluate yet. */
function notEvaluatedPolicy(policy: JsonMap, resource: JsonMap, type: RuleType): EngineResponse {
  const message = `${String(policy.kind)} verifies image signatures and attestations in a registry; celgate does not evaluate it`
  return {
    policy,
    resource,
    patchedResource: resource,
    rules: [{ rule: '', type, status: 'skip', message, notEvaluated: message }]
  }
}
