/**
 * The admission decision and the texts Kyverno's webhook returns (policy-dryrun-spec.md §2.11):
 * a request is blocked when a failing rule resolves to Enforce (or a rule errors under
 * failurePolicy Fail); the denial lists every rule that did not pass or skip; warnings are
 * `policy <policy>.<rule>: <message>`.
 */
import { stringify } from 'yaml'
import { computeRules } from './autogen.js'
import { admissionFailureAction, type FailureAction } from './failure-action.js'
import { resourceName, resourceNamespace } from './match.js'
import type { JsonMap, KyvernoPolicy, Rule, RuleResult } from './types.js'

export interface PolicyOutcome {
  readonly policy: KyvernoPolicy
  readonly rules: readonly RuleResult[]
}

export interface AdmissionDecision {
  readonly blocked: boolean
  /** The denial message when blocked. */
  readonly message?: string
  /** Admission warnings (`spec.emitWarning` policies). */
  readonly warnings: readonly string[]
}

/** Whether a rule result blocks the request. */
function blocks(
  outcome: PolicyOutcome,
  result: RuleResult,
  resource: JsonMap,
  namespaceLabels: Readonly<Record<string, string>>
): boolean {
  if (result.status === 'error') return (outcome.policy.spec?.failurePolicy ?? 'Fail') === 'Fail'
  if (result.status !== 'fail') return false
  return resultFailureAction(outcome.policy, result, resource, namespaceLabels) === 'Enforce'
}

/** The action deciding a rule result of `policy` on `resource`: its computed rule's (§2.11). */
export function resultFailureAction(
  policy: KyvernoPolicy,
  result: RuleResult,
  resource: JsonMap,
  namespaceLabels: Readonly<Record<string, string>>
): FailureAction {
  const kind = typeof resource.kind === 'string' ? resource.kind : ''
  const rule = ruleNamed(computeRules(policy, kind), result.rule)
  return admissionFailureAction(policy, rule, resourceNamespace(resource), namespaceLabels)
}

/**
 * The first rule of a rule set with a name (a bare rule when none has it), looked up once per
 * rule set (computeRules keeps one per policy and kind) and name: the reports and the findings
 * ask for every failing result.
 */
const rulesByName = new WeakMap<readonly Rule[], Map<string, Rule>>()

function ruleNamed(rules: readonly Rule[], name: string): Rule {
  let byName = rulesByName.get(rules)
  if (byName === undefined) rulesByName.set(rules, (byName = new Map<string, Rule>()))
  let rule = byName.get(name)
  if (rule === undefined) byName.set(name, (rule = rules.find((r) => r.name === name) ?? { name }))
  return rule
}

/** The policies whose results block the request. */
function blockingOutcomes(
  outcomes: readonly PolicyOutcome[],
  resource: JsonMap,
  namespaceLabels: Readonly<Record<string, string>>
): PolicyOutcome[] {
  return outcomes.filter((o) => o.rules.some((r) => blocks(o, r, resource, namespaceLabels)))
}

/**
 * Whether the webhook blocks the request: admissionDecision's `blocked` without the denial
 * text (reports ask for every resource; the text is a YAML rendering).
 */
export function isBlocked(
  outcomes: readonly PolicyOutcome[],
  resource: JsonMap,
  namespaceLabels: Readonly<Record<string, string>> = {}
): boolean {
  return blockingOutcomes(outcomes, resource, namespaceLabels).length > 0
}

/** The webhook's decision for a resource given each policy's rule results. */
export function admissionDecision(
  outcomes: readonly PolicyOutcome[],
  resource: JsonMap,
  namespaceLabels: Readonly<Record<string, string>> = {}
): AdmissionDecision {
  const blocking = blockingOutcomes(outcomes, resource, namespaceLabels)
  const warnings = outcomes
    .filter((o) => o.policy.spec?.emitWarning === true)
    .flatMap((o) =>
      o.rules
        .filter((r) => r.status !== 'pass' && r.status !== 'skip')
        .map((r) => `policy ${o.policy.metadata?.name ?? ''}.${r.rule}: ${r.message}`)
    )
  if (blocking.length === 0) return { blocked: false, warnings }
  return { blocked: true, message: blockMessage(blocking, resource), warnings }
}

/** `resource <Kind>/<ns>/<name> was blocked due to the following policies` and a YAML listing. */
function blockMessage(outcomes: readonly PolicyOutcome[], resource: JsonMap): string {
  const listing: Record<string, Record<string, string>> = {}
  for (const o of outcomes) {
    const failures: Record<string, string> = {}
    for (const r of o.rules)
      if (r.status !== 'pass' && r.status !== 'skip') failures[r.rule] = r.message
    listing[o.policy.metadata?.name ?? ''] = failures
  }
  const kind = typeof resource.kind === 'string' ? resource.kind : ''
  const header = `\n\nresource ${kind}/${resourceNamespace(resource)}/${resourceName(resource)} was blocked due to the following policies \n\n`
  return header + stringify(listing, { lineWidth: 0 })
}
