/**
 * Validation failure actions (policy-dryrun-spec.md §2.11): `Enforce` blocks the request,
 * `Audit` (the default) only reports. A rule's `validate.failureAction` wins over the policy's
 * `validationFailureAction`; for the admission decision the first matching override wins.
 */
import { wildcardMatch } from './go/wildcard.js'
import type { PolicyContext } from './policy-context.js'
import { selectorMatches } from './selector.js'
import type { FailureActionOverride, KyvernoPolicy, Rule } from './types.js'

export type FailureAction = 'Enforce' | 'Audit'

const normalise = (action: string | undefined): FailureAction | undefined => {
  if (action === undefined || action === '') return undefined
  return action.toLowerCase() === 'enforce' ? 'Enforce' : 'Audit'
}

/** The action the engine itself uses (no overrides): rule, then policy, then Audit. */
export function failureActionOf(context: PolicyContext, rule: Rule): FailureAction {
  return ruleFailureAction(context.policy, rule)
}

export function ruleFailureAction(policy: KyvernoPolicy, rule: Rule): FailureAction {
  return (
    normalise(rule.validate?.failureAction) ??
    normalise(policy.spec?.validationFailureAction) ??
    'Audit'
  )
}

function overrideFor(
  overrides: readonly FailureActionOverride[] | undefined,
  namespace: string,
  namespaceLabels: Readonly<Record<string, string>>
): FailureAction | undefined {
  for (const o of overrides ?? []) {
    const inNamespaces = (o.namespaces ?? []).some((n) => wildcardMatch(n, namespace))
    let bySelector = false
    if (o.namespaceSelector !== undefined && o.namespaceSelector !== null) {
      try {
        bySelector = selectorMatches(o.namespaceSelector, namespaceLabels)
      } catch {
        bySelector = false
      }
    }
    if (inNamespaces || bySelector) return normalise(o.action)
  }
  return undefined
}

/** The action that decides admission for a resource in `namespace` (§2.11 order). */
export function admissionFailureAction(
  policy: KyvernoPolicy,
  rule: Rule,
  namespace: string,
  namespaceLabels: Readonly<Record<string, string>> = {}
): FailureAction {
  return (
    overrideFor(rule.validate?.failureActionOverrides, namespace, namespaceLabels) ??
    normalise(rule.validate?.failureAction) ??
    overrideFor(policy.spec?.validationFailureActionOverrides, namespace, namespaceLabels) ??
    normalise(policy.spec?.validationFailureAction) ??
    'Audit'
  )
}
