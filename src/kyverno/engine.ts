/**
 * The validate engine for one policy and one resource (policy-dryrun-spec.md §2.1; Kyverno
 * pkg/engine/validation.go, engine.go, the CLI's makePolicyContext): builds the JSON context
 * the way `kyverno apply/test` does, checks the policy applies at all, then runs every rule of
 * the computed rule set (autogen included) — match/exclude, context, preconditions,
 * exceptions, handler — into rule results. A rule that does not match has no result.
 *
 * Bad input never throws: an unexpected failure becomes an `error` result of that rule.
 */
import { computeRules } from './autogen.js'
import { CelEvaluator, kyvernoCelRelease, matchConditions } from './cel.js'
import { validateCelRule } from './cel-rule.js'
import { evaluateConditions, joinNonEmpty } from './conditions/evaluate.js'
import { JsonContext, namesEntry } from './context.js'
import type { RequestUserInfo } from './context.js'
import { exceptionSkip, exceptionsFor, matchingExceptions } from './exceptions.js'
import { isJsonObject } from '../common/json.js'
import {
  cannotSelectKind,
  kindKey,
  resourceKindOf,
  resourceNamespace,
  ruleSelects
} from './match.js'
import type { MatchRequest, ResourceKind } from './match.js'
import { PolicyContext, messageOf } from './policy-context.js'
import type { ContextEntryResolver, EngineInputs } from './policy-context.js'
import type { ContextDataSource } from './context-loaders.js'
import type { KyvernoCelData } from './cel-libraries.js'
import { admissionRequest } from './admission-request.js'
import type { JsonMap, KyvernoPolicy, PolicyException, Rule, RuleResult } from './types.js'
import { ruleError, validateRule } from './validate.js'
import { MAX_VALUE_SIZE, valueLimitHits } from './value-limit.js'
import { validatePodSecurity } from './pod-security/rule.js'
import type { JsonValueCache } from '../kube/admission/value-cache.js'
import type { KyvernoVersion } from './versions.js'
import { pushAll } from '../common/arrays.js'

/** Why a rule that hit the bound on built values has no verdict (value-limit.ts). */
const VALUE_LIMIT_REASON = `evaluating it builds a value past celgate's bound of ${MAX_VALUE_SIZE.toLocaleString('en-US')} elements and characters, which Kyverno would spend minutes and gigabytes on`

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT'

export interface EvaluationOptions {
  /** The admission operation (default CREATE). */
  operation?: Operation
  /** The old object of an UPDATE (default: the resource itself, as `kyverno apply` does). */
  oldResource?: JsonMap
  /** Admission user info; absent for background scans and CLI runs without a user file. */
  userInfo?: RequestUserInfo
  /** Labels of the resource's namespace (for namespaceSelector). */
  namespaceLabels?: Record<string, string>
  /** Namespace objects by name (ValidatingPolicy `namespaceObject`). */
  namespaces?: Record<string, JsonMap>
  /** The request's kind when it is not the resource's own (subresources: Scale of Deployment). */
  kind?: ResourceKind
  /** Variables set on the context before evaluation (values-file resource values). */
  variables?: Record<string, unknown>
  /** Variables set when a rule's context loads, by rule name (values-file rule values). */
  ruleValues?: Record<string, Record<string, unknown>>
  exceptions?: readonly PolicyException[]
  /** Supplies configMap / apiCall / globalReference / imageRegistry data, if known. */
  resolveContextEntry?: ContextEntryResolver
  /** Cluster objects and mocks (a test's clusterResources, apiCallResponses, …) for context entries. */
  contextData?: ContextDataSource
  /** What Kyverno's CEL libraries read (ValidatingPolicies and the other CEL policy kinds). */
  celData?: KyvernoCelData
  /** policies.kyverno.io PolicyExceptions (for the CEL policy kinds). */
  celExceptions?: readonly JsonMap[]
  /** The Kyverno release whose CEL environment expressions run in (default: the newest). */
  kyvernoVersion?: KyvernoVersion
  /**
   * CEL values shared by the evaluations of one resource (its object converted once for all
   * policies); only while the resource and namespace objects stay unchanged.
   */
  values?: JsonValueCache
}

/** What evaluating a policy on a resource produced. */
export interface PolicyEvaluation {
  readonly policy: KyvernoPolicy
  /** The rule results, in rule order (autogen rules after the policy's own). */
  readonly rules: readonly RuleResult[]
  /** The resource as evaluated (after values-file variables were applied). */
  readonly resource: JsonMap
}

/** Evaluates the validate rules of a ClusterPolicy / Policy on a resource. */
export function evaluatePolicy(
  policy: KyvernoPolicy,
  resource: JsonMap,
  options: EvaluationOptions = {}
): PolicyEvaluation {
  let context: PolicyContext
  let ruleSet: readonly Rule[]
  try {
    context = buildPolicyContext(policy, resource, options)
    if (!policyApplies(context))
      return { policy, rules: [], resource: context.newResource ?? resource }
    ruleSet = computeRules(policy, context.inputs.kind.kind)
  } catch (error) {
    // Malformed input: one error result for the policy instead of an exception.
    const result: RuleResult = {
      rule: '',
      status: 'error',
      message: `invalid policy or resource: ${messageOf(error)}`
    }
    return { policy, rules: [result], resource }
  }
  const evaluated = context.newResource ?? context.oldResource ?? resource
  const rules: RuleResult[] = []
  const applyOne = policy.spec?.applyRules === 'One'
  // Malformed rule lists (a string, an object) are iterated as they always were.
  const unselectable = Array.isArray(ruleSet)
    ? unselectableRules(ruleSet, context.inputs.kind)
    : NO_FLAGS
  let index = -1
  for (const rule of ruleSet) {
    // Such a rule has no result (evaluateRule: ruleMatches is false, nothing throws).
    if (unselectable[++index] === true) continue
    try {
      pushAll(rules, evaluateRule(context, rule))
    } catch (error) {
      rules.push(
        ruleError(
          { name: String((rule as Partial<Rule> | null)?.name ?? '') },
          'internal error',
          error
        )
      )
    }
    if (applyOne && rules.some((r) => r.status === 'pass' || r.status === 'fail')) break
  }
  return { policy, rules, resource: evaluated }
}

/**
 * Which rules of a rule set cannot match any resource of `kind` (cannotSelectKind), per rule-set
 * array (computeRules keeps one per policy and kind) and kind: most rules of a policy name other
 * kinds than the resource's, and matching them again for every resource was a tenth of the
 * dry-run. The proof only reads the rules' match blocks, which nothing rewrites.
 */
const NO_FLAGS: readonly boolean[] = []

const unselectableByRuleSet = new WeakMap<readonly Rule[], Map<string, readonly boolean[]>>()

function unselectableRules(ruleSet: readonly Rule[], kind: ResourceKind): readonly boolean[] {
  let byKind = unselectableByRuleSet.get(ruleSet)
  if (byKind === undefined)
    unselectableByRuleSet.set(ruleSet, (byKind = new Map<string, readonly boolean[]>()))
  const key = kindKey(kind)
  let flags = byKind.get(key)
  if (flags === undefined) {
    flags = ruleSet.map((rule) => isJsonObject(rule) && cannotSelectKind(rule.match, kind))
    byKind.set(key, flags)
  }
  return flags
}

/** makePolicyContext + NewPolicyContext: the context the CLI evaluates with. */
export function buildPolicyContext(
  policy: KyvernoPolicy,
  resource: JsonMap,
  options: EvaluationOptions
): PolicyContext {
  const operation = options.operation ?? 'CREATE'
  const userInfo = options.userInfo
  const namespace = resourceNamespace(resource)
  // With nothing to add between the resource and the operation, one document holds both.
  const operationWithResource = operation !== 'DELETE' && userInfo === undefined
  let json: JsonContext
  if (operation !== 'DELETE')
    json = JsonContext.forRequest(
      resource,
      namespace,
      operationWithResource ? operation : undefined
    )
  else {
    json = new JsonContext()
    json.addOldResource(resource)
    json.addNamespace(namespace)
  }
  json.addImageInfos(resource)
  if (userInfo !== undefined) {
    json.addUserInfo(userInfo)
    json.addServiceAccount(userInfo.userInfo?.username ?? '')
  }
  if (!operationWithResource) json.addOperation(operation)
  if (operation === 'UPDATE') json.addOldResource(options.oldResource ?? resource)
  if (options.variables !== undefined)
    for (const [key, value] of Object.entries(options.variables)) json.addVariable(key, value)

  // The resources as the context now has them (values may have changed fields).
  const request = json.document().request
  const fromContext = (key: string): JsonMap | undefined => {
    const value = isJsonObject(request) ? request[key] : undefined
    return isJsonObject(value) ? value : undefined
  }
  const newResource = operation === 'DELETE' ? undefined : fromContext('object')
  const oldResource =
    operation === 'CREATE' || operation === 'CONNECT' ? undefined : fromContext('oldObject')
  const kind = options.kind ?? resourceKindOf(newResource ?? oldResource ?? resource)
  return new PolicyContext(
    json,
    engineInputs(policy, kind, options),
    newResource,
    oldResource,
    operation
  )
}

/**
 * The engine inputs of one evaluation. Optional fields are set, not spread in: this runs for
 * every policy × resource pair.
 */
function engineInputs(
  policy: KyvernoPolicy,
  kind: ResourceKind,
  options: EvaluationOptions
): EngineInputs {
  const inputs: { -readonly [K in keyof EngineInputs]: EngineInputs[K] } = {
    policy,
    kind,
    namespaceLabels: options.namespaceLabels ?? {},
    namespaces: options.namespaces ?? {},
    exceptions: options.exceptions ?? [],
    ruleValues: options.ruleValues ?? {}
  }
  if (options.userInfo !== undefined) inputs.userInfo = options.userInfo
  if (options.resolveContextEntry !== undefined)
    inputs.resolveContextEntry = options.resolveContextEntry
  if (options.contextData !== undefined) inputs.contextData = options.contextData
  if (options.values !== undefined) inputs.values = options.values
  if (options.kyvernoVersion !== undefined) inputs.kyvernoVersion = options.kyvernoVersion
  return inputs
}

/** MatchPolicyContext: namespaced policies only see their namespace; webhook matchConditions. */
export function policyApplies(context: PolicyContext): boolean {
  const policy = context.policy
  if (policy.kind === 'Policy') {
    const namespace = policy.metadata?.namespace || 'default'
    for (const r of [context.newResource, context.oldResource]) {
      if (r === undefined) continue
      const ns = resourceNamespace(r)
      if (ns !== namespace || ns === '') return false
    }
  }
  const conditions = policy.spec?.webhookConfiguration?.matchConditions
  if (conditions !== undefined && conditions.length > 0) {
    const reference = context.newResource ?? context.oldResource ?? {}
    const evaluator = new CelEvaluator({
      object: context.newResource ?? null,
      oldObject: context.oldResource ?? null,
      request: admissionRequest(context, reference),
      namespaceObject: null,
      celRelease: kyvernoCelRelease(context.inputs.kyvernoVersion),
      ...(context.inputs.values !== undefined ? { values: context.inputs.values } : {})
    })
    const outcome = matchConditions(evaluator, conditions)
    if (!outcome.matches) return false
  }
  return true
}

/** A non-empty `validate` (checked for every rule of every pair: no key list is made). */
const hasValidate = (rule: Rule): boolean => isJsonObject(rule.validate) && hasOwnKey(rule.validate)

function hasOwnKey(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true
  return false
}

/** invokeRuleHandler for one rule. */
function evaluateRule(policyContext: PolicyContext, rule: Rule): RuleResult[] {
  if (!hasValidate(rule)) return []
  if (!ruleMatches(policyContext, rule)) return []
  const scoped = policyContext.forRule()
  const firstQuery = scoped.json.queries.length
  const limitHitsBefore = valueLimitHits()
  scoped.json.checkpoint()
  let results: RuleResult[]
  try {
    results = runRule(scoped, rule)
  } catch (error) {
    results = [ruleError(rule, 'internal error', error)]
  } finally {
    scoped.json.restore()
  }
  // Some paths turn the limit's error into an ordinary result (a null, a failed condition):
  // whatever the rule reports then is not Kyverno's verdict.
  if (valueLimitHits() !== limitHitsBefore)
    return results.map((r) => ({ ...r, undecidable: VALUE_LIMIT_REASON }))
  // Entries nothing could load are rare: the rule's queries are only read when there are some.
  const missing =
    scoped.unresolvedEntries.size === 0
      ? undefined
      : missingClusterData(scoped, scoped.json.queries.slice(firstQuery))
  return missing === undefined ? results : results.map((r) => ({ ...r, undecidable: missing }))
}

function runRule(context: PolicyContext, rule: Rule): RuleResult[] {
  try {
    context.loadContext(rule.name, rule.context)
  } catch (error) {
    return [ruleError(rule, 'failed to load context', error)]
  }
  let preconditions
  try {
    preconditions = evaluateConditions(context.json, rule.preconditions)
  } catch (error) {
    return [ruleError(rule, 'failed to evaluate preconditions', error)]
  }
  if (!preconditions.passed) {
    return [
      {
        rule: rule.name,
        status: 'skip',
        message: joinNonEmpty(['preconditions not met', preconditions.message], '; '),
        ...(rule.reportProperties !== undefined ? { properties: rule.reportProperties } : {})
      }
    ]
  }
  const validate = rule.validate!
  const exceptions = matchingExceptions(
    context,
    exceptionsFor(context.inputs.exceptions, context.policy, rule.name)
  )
  if (validate.manifests !== undefined && validate.manifests !== null) {
    const why = 'manifest verification needs signatures and keys; it cannot be decided offline'
    return [{ ...ruleError(rule, why), undecidable: why }]
  }
  if (validate.podSecurity !== undefined && validate.podSecurity !== null) {
    // podSecurity exceptions exempt single controls (validate_pss.go).
    const response = validatePodSecurity(context, rule, exceptions)
    return response === undefined ? [] : [response]
  }
  if (exceptions.length > 0) return [exceptionSkip(rule, exceptions)]
  if (validate.cel !== undefined && validate.cel !== null) return [validateCelRule(context, rule)]
  const response = validateRule(context, rule)
  return response === undefined ? [] : [response]
}

/** engine.matches: the new resource, else (DELETE) the old one. */
export function ruleMatches(context: PolicyContext, rule: Rule): boolean {
  const resource = context.newResource ?? context.oldResource
  if (resource === undefined) return false
  const policyNamespace =
    context.policy.kind === 'Policy' ? (context.policy.metadata?.namespace ?? '') : ''
  // userInfo set, not spread in: this runs for every rule of every policy × resource pair.
  const request: { -readonly [K in keyof MatchRequest]: MatchRequest[K] } = {
    resource,
    kind: context.inputs.kind,
    operation: context.operation,
    namespaceLabels: context.inputs.namespaceLabels
  }
  if (context.inputs.userInfo !== undefined) request.userInfo = context.inputs.userInfo
  return ruleSelects(rule.match, rule.exclude, request, policyNamespace)
}

/**
 * Why a rule's result is not a verdict: it queried a context entry that needs data from a live
 * cluster (configMap, apiCall, globalReference, imageRegistry) which nothing supplied.
 */
function missingClusterData(
  context: PolicyContext,
  queries: readonly string[]
): string | undefined {
  for (const name of context.unresolvedEntries) {
    const matcher = namesEntry(name)
    if (queries.some((q) => matcher.test(q))) {
      return `context entry "${name}" needs data from a live cluster (configMap, apiCall, globalReference or imageRegistry); it cannot be decided offline`
    }
  }
  return undefined
}

export { messageOf }
