/**
 * Kyverno ValidatingPolicy (policies.kyverno.io; policy-dryrun-spec.md §2.10): matchConstraints
 * like a ValidatingAdmissionPolicy, matchConditions, variables and validations evaluated in
 * order, stopping at the first false or error. Results have an empty rule name: `pass`
 * (`success`), `fail` (the message), `error` (`error: <err>`), `skip` when match conditions
 * are false.
 */
import { CelEvaluator, kyvernoCelRelease, matchConditions } from './cel.js'
import type { CelInputs } from './cel.js'
import { celExceptionsFor, evaluateCelExceptions } from './cel-exceptions.js'
import { admissionCelInputs, resourceOfKind } from './admission-request.js'
import { sharedAdmissionCelInputs } from './request-values.js'
import { isJsonObject } from '../common/json.js'
import { resourceKindOf, resourceName, resourceNamespace } from './match.js'
import type { ResourceKind } from './match.js'
import { selectorMatches, stringMap } from './selector.js'
import type { LabelSelector } from './selector.js'
import type { EvaluationOptions, PolicyEvaluation } from './engine.js'
import type { JsonMap, KubernetesObject, RuleResult } from './types.js'

export interface NamedRuleWithOperations {
  apiGroups?: string[]
  apiVersions?: string[]
  operations?: string[]
  resources?: string[]
  resourceNames?: string[]
  scope?: string
}

export interface ValidatingPolicy extends KubernetesObject {
  spec?: {
    matchConstraints?: {
      resourceRules?: NamedRuleWithOperations[]
      excludeResourceRules?: NamedRuleWithOperations[]
      namespaceSelector?: LabelSelector
      objectSelector?: LabelSelector
    }
    matchConditions?: Array<{ name?: string; expression: string }>
    variables?: Array<{ name: string; expression: string }>
    validations?: Array<{ expression: string; message?: string; messageExpression?: string }>
    validationActions?: string[]
    failurePolicy?: string
    evaluation?: unknown
  }
}

export const VALIDATING_POLICY_KINDS = new Set(['ValidatingPolicy', 'NamespacedValidatingPolicy'])

const has = (list: readonly string[] | undefined, value: string): boolean =>
  (list ?? []).some((x) => x === '*' || x === value)

/** A resource rule (RuleWithOperations + resourceNames) matching the request. */
function ruleMatches(
  rule: NamedRuleWithOperations,
  kind: ResourceKind,
  operation: string,
  name: string,
  namespaced: boolean
): boolean {
  if (!ruleMatchesKind(rule, kind, operation)) return false
  if ((rule.resourceNames ?? []).length > 0 && !(rule.resourceNames ?? []).includes(name))
    return false
  const scope = rule.scope ?? '*'
  if (scope === 'Namespaced' && !namespaced) return false
  if (scope === 'Cluster' && namespaced) return false
  return true
}

/** The part of ruleMatches that depends on the request's kind and operation alone. */
function ruleMatchesKind(
  rule: NamedRuleWithOperations,
  kind: ResourceKind,
  operation: string
): boolean {
  if (!has(rule.operations, operation)) return false
  if (!has(rule.apiGroups, kind.group)) return false
  if (!has(rule.apiVersions, kind.version)) return false
  const resource = resourceOfKind(kind.kind)
  const full = kind.subresource === '' ? resource : `${resource}/${kind.subresource}`
  const resourceOk = (rule.resources ?? []).some((r) => {
    if (r === '*/*') return true
    if (r === '*') return kind.subresource === ''
    if (r === full) return true
    const [res, sub] = r.split('/') as [string, string?]
    if (sub === '*') return res === resource
    if (res === '*' && sub !== undefined) return sub === kind.subresource
    return false
  })
  return resourceOk
}

/**
 * Whether some resource rule of the policy's matchConstraints selects the kind and operation:
 * a necessary condition of constraintsMatch that does not depend on the resource, so a caller
 * evaluating many resources of one kind can skip the policies that never match it.
 */
export function mayMatchKind(
  policy: ValidatingPolicy,
  kind: ResourceKind,
  operation: string
): boolean {
  const rules = policy.spec?.matchConstraints?.resourceRules ?? []
  return rules.some((r) => ruleMatchesKind(r, kind, operation))
}

export function constraintsMatch(
  policy: ValidatingPolicy,
  kind: ResourceKind,
  operation: string,
  resource: JsonMap,
  namespaceLabels: Readonly<Record<string, string>>
): boolean {
  const constraints = policy.spec?.matchConstraints
  if (constraints === undefined) return false
  const name = resourceName(resource)
  const namespace = resourceNamespace(resource)
  const namespaced = namespace !== ''
  if (
    !(constraints.resourceRules ?? []).some((r) =>
      ruleMatches(r, kind, operation, name, namespaced)
    )
  )
    return false
  if (
    (constraints.excludeResourceRules ?? []).some((r) =>
      ruleMatches(r, kind, operation, name, namespaced)
    )
  )
    return false
  try {
    if (constraints.objectSelector !== undefined) {
      const labels = stringMap(
        isJsonObject(resource.metadata) ? resource.metadata.labels : undefined
      )
      if (!selectorMatches(constraints.objectSelector, labels)) return false
    }
    if (constraints.namespaceSelector !== undefined && namespaced) {
      if (!selectorMatches(constraints.namespaceSelector, namespaceLabels)) return false
    }
  } catch {
    return false
  }
  return true
}

const result = (
  status: RuleResult['status'],
  message: string,
  rule = '',
  properties?: Record<string, string>
): RuleResult => ({
  rule,
  status,
  message,
  ...(properties !== undefined ? { properties } : {})
})

/**
 * What the policy's expressions see. With a value cache (one resource, many policies) the
 * request is converted once for all of them. Fields are set, not spread in: this runs for every
 * policy × resource pair.
 */
function celInputs(
  resource: JsonMap,
  kind: ResourceKind,
  operation: string,
  options: EvaluationOptions
): CelInputs {
  const inputs: CelInputs =
    options.values !== undefined
      ? sharedAdmissionCelInputs(resource, kind, operation, options, options.values)
      : admissionCelInputs(resource, kind, operation, options)
  if (options.celData !== undefined) inputs.data = options.celData
  inputs.celRelease = kyvernoCelRelease(options.kyvernoVersion)
  return inputs
}

/** Evaluates a ValidatingPolicy on a resource; no results when it does not match. */
export function evaluateValidatingPolicy(
  policy: ValidatingPolicy,
  resource: JsonMap,
  options: EvaluationOptions = {}
): PolicyEvaluation {
  const operation = options.operation ?? 'CREATE'
  const kind = options.kind ?? resourceKindOf(resource)
  const none: PolicyEvaluation = { policy, rules: [], resource }
  if (!constraintsMatch(policy, kind, operation, resource, options.namespaceLabels ?? {}))
    return none
  const evaluator = new CelEvaluator(celInputs(resource, kind, operation, options))
  const exceptions = celExceptionsFor(policy, options.celExceptions ?? [])
  if (exceptions.length > 0) {
    const outcome = evaluateCelExceptions(evaluator, exceptions)
    if (outcome.kind === 'error')
      return {
        policy,
        rules: [result('error', `failed to load context: ${outcome.message}`, 'evaluation')],
        resource
      }
    if (outcome.kind === 'exempt') return { policy, rules: [outcome.result], resource }
  }
  const conditions = matchConditions(evaluator, policy.spec?.matchConditions ?? [])
  if (conditions.error !== undefined) {
    const ignore = policy.spec?.failurePolicy === 'Ignore'
    if (ignore) return { policy, rules: [result('skip', 'skip')], resource }
    return {
      policy,
      rules: [result('error', `failed to load context: ${conditions.error}`, 'evaluation')],
      resource
    }
  }
  if (!conditions.matches) return { policy, rules: [result('skip', 'skip')], resource }
  for (const v of policy.spec?.variables ?? []) evaluator.defineVariable(v.name, v.expression)
  const validations = policy.spec?.validations ?? []
  for (let index = 0; index < validations.length; index++) {
    const validation = validations[index]!
    const outcome = evaluator.evaluate(validation.expression)
    const indexProperty = { 'cel.validationIndex': String(index) }
    if ('error' in outcome) {
      return {
        policy,
        rules: [result('error', `error: ${outcome.error}`, '', indexProperty)],
        resource
      }
    }
    if (outcome.value === false) {
      let message = validation.message ?? ''
      if (validation.messageExpression) {
        const m = evaluator.evaluate(validation.messageExpression)
        if ('error' in m) message = `failed to evaluate message expression: ${m.error}`
        else if (typeof m.value !== 'string')
          message = `failed to convert message expression to string: type conversion error`
        else message = m.value
      }
      if (message === '') message = `CEL expression validation failed at index ${index}`
      return { policy, rules: [result('fail', message, '', indexProperty)], resource }
    }
    if (outcome.value !== true) {
      return {
        policy,
        rules: [result('error', 'error: type conversion error', '', indexProperty)],
        resource
      }
    }
  }
  return { policy, rules: [result('pass', 'success')], resource }
}

/** The webhook's denial text for a ValidatingPolicy (`Policy <name> failed: <message>`). */
export function validatingPolicyDenial(policy: ValidatingPolicy, message: string): string {
  const webhook =
    policy.spec?.failurePolicy === 'Ignore'
      ? 'vpol.validate.kyverno.svc-ignore'
      : 'vpol.validate.kyverno.svc-fail'
  return `admission webhook "${webhook}" denied the request: Policy ${policy.metadata?.name ?? ''} failed: ${message}`
}
