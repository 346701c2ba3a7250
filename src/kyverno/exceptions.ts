/**
 * PolicyExceptions (kyverno.io/v2; policy-dryrun-spec.md §2.1 step 3e): an exception names
 * policies and rules (rule names may use wildcards) and matches resources like a rule's match
 * block, optionally with conditions. A rule with a matching exception is skipped.
 */
import { evaluateConditions } from './conditions/evaluate.js'
import { wildcardMatch } from './go/wildcard.js'
import { exceptionMatches } from './match.js'
import type { MatchRequest } from './match.js'
import type { PolicyContext } from './policy-context.js'
import type { KyvernoPolicy, PolicyException, Rule, RuleResult } from './types.js'

/** cache.MetaNamespaceKeyFunc: `namespace/name`, or `name` for cluster-scoped objects. */
export const objectKey = (o: { metadata?: { name?: string; namespace?: string } }): string => {
  const name = o.metadata?.name ?? ''
  const namespace = o.metadata?.namespace ?? ''
  return namespace === '' ? name : `${namespace}/${name}`
}

/** The policy's key in exceptions: `name` for ClusterPolicies, `namespace/name` for Policies. */
export const policyKey = (policy: KyvernoPolicy): string =>
  policy.kind === 'Policy' ? objectKey(policy) : (policy.metadata?.name ?? '')

/** Exceptions that name this policy and rule (PolicyException.Contains). */
export function exceptionsFor(
  exceptions: readonly PolicyException[],
  policy: KyvernoPolicy,
  ruleName: string
): PolicyException[] {
  const key = policyKey(policy)
  return exceptions.filter((e) =>
    (e.spec?.exceptions ?? []).some(
      (x) => x.policyName === key && (x.ruleNames ?? []).some((r) => wildcardMatch(r, ruleName))
    )
  )
}

/** MatchesException: the exceptions whose match (and conditions) select the resource. */
export function matchingExceptions(
  context: PolicyContext,
  candidates: readonly PolicyException[]
): PolicyException[] {
  if (candidates.length === 0) return []
  const resource = context.newResource ?? context.oldResource ?? {}
  const request: MatchRequest = {
    resource,
    kind: context.inputs.kind,
    operation: context.operation,
    namespaceLabels: context.inputs.namespaceLabels,
    ...(context.inputs.userInfo !== undefined ? { userInfo: context.inputs.userInfo } : {})
  }
  return candidates.filter((exception) => {
    if (!exceptionMatches(exception.spec?.match, request)) return false
    const conditions = exception.spec?.conditions
    if (conditions === undefined || conditions === null) return true
    try {
      return evaluateConditions(context.json, conditions).passed
    } catch {
      return false
    }
  })
}

/** The skip response of a rule with matching exceptions (no space before the first key). */
export function exceptionSkip(rule: Rule, matched: readonly PolicyException[]): RuleResult {
  const keys = matched.map(objectKey)
  return {
    rule: rule.name,
    status: 'skip',
    message: `rule is skipped due to policy exceptions${keys.join(', ')}`,
    exceptions: keys,
    ...(rule.reportProperties !== undefined ? { properties: rule.reportProperties } : {})
  }
}
