/**
 * The dry-run behind the reports: each resource evaluated against the policies Kyverno's policy
 * cache would return for its kind (pkg/policycache: ClusterPolicies and the Policies of its
 * namespace whose computed rules — autogen included — match the kind), as `kyverno apply` does
 * (operation CREATE, namespace labels from the repository's Namespace objects).
 *
 * Also the stand-in for kinds a cluster has but the repository holds no sample of: every rule
 * that matches the kind assumed to pass, so its reports can still be sized.
 */
import { computeRules } from '../autogen.js'
import { cliResource } from '../cli-values.js'
import { evaluatePolicy, type EvaluationOptions } from '../engine.js'
import { checkKind, kindsOf, resourceKindOf, resourceNamespace } from '../match.js'
import type { ResourceKind } from '../match.js'
import { evaluateValidatingPolicy, VALIDATING_POLICY_KINDS } from '../validating-policy.js'
import type { PolicyOutcome } from '../admission.js'
import type { JsonMap, KyvernoPolicy, PolicyException, Rule, RuleResult } from '../types.js'
import type { ReportSubject } from './types.js'

export interface PolicySet {
  /** ClusterPolicies, Policies and (Namespaced)ValidatingPolicies. */
  readonly policies: readonly KyvernoPolicy[]
  readonly exceptions?: readonly PolicyException[]
  /** Namespace objects (labels for namespaceSelector, `namespaceObject`). */
  readonly namespaces?: readonly JsonMap[]
}

const hasValidate = (rule: Rule): boolean =>
  rule.validate !== undefined && rule.validate !== null && Object.keys(rule.validate).length > 0

/** The validate rules of `policy` whose match kinds select `kind` (autogen rules included). */
export function matchingRules(policy: KyvernoPolicy, kind: ResourceKind): Rule[] {
  return computeRules(policy, kind.kind).filter(
    (r) => hasValidate(r) && checkKind(kindsOf(r.match), kind, false)
  )
}

/** Whether the policy cache returns `policy` for a resource of `kind` in `namespace`. */
export function isCandidate(policy: KyvernoPolicy, kind: ResourceKind, namespace: string): boolean {
  if (VALIDATING_POLICY_KINDS.has(policy.kind ?? '')) return true
  if (policy.kind === 'Policy' && (policy.metadata?.namespace || 'default') !== namespace)
    return false
  return matchingRules(policy, kind).length > 0
}

/** Evaluates resources against a policy set, reusing what does not depend on the resource. */
export class SubjectEvaluator {
  private readonly namespaceLabels = new Map<string, Record<string, string>>()
  private readonly namespaceObjects: Record<string, JsonMap> = {}

  constructor(private readonly set: PolicySet) {
    for (const ns of set.namespaces ?? []) {
      const meta = (ns.metadata ?? {}) as { name?: unknown; labels?: unknown }
      if (typeof meta.name !== 'string') continue
      const labels =
        meta.labels !== null && typeof meta.labels === 'object'
          ? (meta.labels as Record<string, string>)
          : {}
      this.namespaceLabels.set(meta.name, labels)
      this.namespaceObjects[meta.name] = ns
    }
  }

  private readonly byKind = new Map<string, KyvernoPolicy[]>()

  /** The policies the cache returns for a kind in a namespace (computed once per kind). */
  candidates(kind: ResourceKind, namespace: string): readonly KyvernoPolicy[] {
    const key = `${kind.group}/${kind.version}/${kind.kind}/${kind.subresource}\u0000${namespace}`
    let list = this.byKind.get(key)
    if (list === undefined) {
      list = this.set.policies.filter((p) => isCandidate(p, kind, namespace))
      this.byKind.set(key, list)
    }
    return list
  }

  /** The policies the cache returns for this resource, with their rule results. */
  evaluate(resource: JsonMap): ReportSubject {
    const normalized = cliResource(resource)
    const kind = resourceKindOf(normalized)
    const namespace = resourceNamespace(normalized)
    const namespaceLabels = this.namespaceLabels.get(namespace) ?? {}
    const options: EvaluationOptions = {
      operation: 'CREATE',
      namespaceLabels,
      namespaces: this.namespaceObjects,
      exceptions: this.set.exceptions ?? []
    }
    const outcomes: PolicyOutcome[] = []
    for (const policy of this.candidates(kind, namespace)) {
      if (VALIDATING_POLICY_KINDS.has(policy.kind ?? '')) {
        const evaluation = evaluateValidatingPolicy(policy, normalized, options)
        if (evaluation.rules.length > 0) outcomes.push({ policy, rules: evaluation.rules })
        continue
      }
      outcomes.push({ policy, rules: evaluatePolicy(policy, normalized, options).rules })
    }
    return { resource: normalized, outcomes, namespaceLabels }
  }
}

/** A resource of `kind` no file shows, with every matching rule assumed to pass. */
export function assumedPassSubject(
  policies: readonly KyvernoPolicy[],
  apiVersion: string,
  kindName: string,
  namespace: string
): ReportSubject {
  const resource: JsonMap = {
    apiVersion,
    kind: kindName,
    metadata: {
      name: `example-${kindName.toLowerCase()}`,
      ...(namespace !== '' ? { namespace } : {})
    }
  }
  const kind = resourceKindOf(resource)
  const outcomes: PolicyOutcome[] = []
  for (const policy of policies) {
    if (VALIDATING_POLICY_KINDS.has(policy.kind ?? '')) continue
    if (!isCandidate(policy, kind, namespace)) continue
    const rules: RuleResult[] = matchingRules(policy, kind).map((r) => ({
      rule: r.name,
      status: 'pass',
      message: `validation rule '${r.name}' passed.`
    }))
    outcomes.push({ policy, rules })
  }
  return { resource, outcomes }
}
