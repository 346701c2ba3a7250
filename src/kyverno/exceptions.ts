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
  return namingPolicy(exceptions, key).filter((e) =>
    (e.spec?.exceptions ?? []).some(
      (x) => x.policyName === key && (x.ruleNames ?? []).some((r) => wildcardMatch(r, ruleName))
    )
  )
}

const NONE: readonly PolicyException[] = []

/** Per exception list: its exceptions by the policy names they name (null: a malformed list). */
const byPolicyName = new WeakMap<
  readonly PolicyException[],
  ReadonlyMap<string, readonly PolicyException[]> | null
>()

/**
 * The exceptions that name policy `key` at all, in order: asked for every rule of every
 * evaluation, and most policies have none. Indexed once per exception list, which is not changed
 * once evaluations use it; a list the index cannot hold is filtered as before, each time.
 */
function namingPolicy(
  exceptions: readonly PolicyException[],
  key: string
): readonly PolicyException[] {
  let index = byPolicyName.get(exceptions)
  if (index === undefined) byPolicyName.set(exceptions, (index = exceptionIndex(exceptions)))
  if (index === null)
    return exceptions.filter((e) => (e.spec?.exceptions ?? []).some((x) => x.policyName === key))
  return index.get(key) ?? NONE
}

/**
 * The exceptions by the policy names they name; null when filtering them would throw for some
 * key (an exception or entry that is null, a list that is not one), so that it still does.
 */
function exceptionIndex(
  exceptions: readonly PolicyException[]
): ReadonlyMap<string, readonly PolicyException[]> | null {
  const index = new Map<string, PolicyException[]>()
  for (const e of exceptions) {
    if (e === null || e === undefined) return null
    const entries: unknown = e.spec?.exceptions ?? []
    if (!Array.isArray(entries)) return null
    for (const x of entries) {
      if (x === null || x === undefined) return null
      const name = (x as { policyName?: unknown }).policyName
      if (typeof name !== 'string') continue
      const named = index.get(name)
      if (named === undefined) index.set(name, [e])
      else if (named[named.length - 1] !== e) named.push(e)
    }
  }
  return index
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
