/**
 * The dry-run behind the reports: each resource evaluated against the policies Kyverno's policy
 * cache would return for its kind (pkg/policycache: ClusterPolicies and the Policies of its
 * namespace whose computed rules — autogen included — match the kind), as `kyverno apply` does
 * (operation CREATE, namespace labels from the repository's Namespace objects).
 *
 * Also the stand-in for kinds a cluster has but the repository holds no sample of: every rule
 * that matches the kind assumed to pass, so its reports can still be sized.
 */
import { computeRules, ownRulesOnly } from '../autogen.js'
import { cliResource, resourceInScope } from '../cli-values.js'
import { evaluatePolicy, type EvaluationOptions } from '../engine.js'
import {
  checkKind,
  kindKey,
  kindsOf,
  parseKindSelector,
  resourceKindOf,
  resourceNamespace
} from '../match.js'
import { hasWildcard } from '../go/wildcard.js'
import type { ResourceKind } from '../match.js'
import {
  evaluateValidatingPolicy,
  mayMatchKind,
  VALIDATING_POLICY_KINDS
} from '../validating-policy.js'
import type { PolicyOutcome } from '../admission.js'
import type { JsonMap, KyvernoPolicy, PolicyException, Rule, RuleResult } from '../types.js'
import type { ReportSubject } from './types.js'
import { JsonValueCache } from '../../kube/admission/value-cache.js'
import type { CreateScopes } from '../../kube/admission/create-scope.js'
import type { KyvernoVersion } from '../versions.js'
import { NAMESPACE_NAME_LABEL } from '../../kube/admission/request.js'
import { ResultsByContent } from '../../kube/schema/structural-json.js'

export interface PolicySet {
  /** ClusterPolicies, Policies and (Namespaced)ValidatingPolicies. */
  readonly policies: readonly KyvernoPolicy[]
  readonly exceptions?: readonly PolicyException[]
  /** policies.kyverno.io PolicyExceptions (of the CEL policy kinds). */
  readonly celExceptions?: readonly JsonMap[]
  /** Namespace objects (labels for namespaceSelector, `namespaceObject`). */
  readonly namespaces?: readonly JsonMap[]
  /**
   * Set for a cluster (`celgate check`): resources are created as `kubectl apply` creates them
   * (scope from the cluster's API, not the CLI's list), and every namespace exists with the
   * `kubernetes.io/metadata.name` label the apiserver gives it. Unset: as the Kyverno CLI.
   */
  readonly scopes?: CreateScopes
  /** The Kyverno release evaluated (its CEL environment; default: the newest). */
  readonly kyvernoVersion?: KyvernoVersion
}

const hasValidate = (rule: Rule): boolean =>
  rule.validate !== undefined && rule.validate !== null && Object.keys(rule.validate).length > 0

/** The kinds a rule's match names, per rule object (checkKind keeps their parsed forms). */
const matchKindsByRule = new WeakMap<Rule, readonly string[]>()

function matchKinds(rule: Rule): readonly string[] {
  let kinds = matchKindsByRule.get(rule)
  if (kinds === undefined) matchKindsByRule.set(rule, (kinds = kindsOf(rule.match)))
  return kinds
}

/** matchingRules per policy object and kind (match.ts kindKey). */
const matchingByPolicy = new WeakMap<KyvernoPolicy, Map<string, readonly Rule[]>>()

/**
 * The validate rules of `policy` whose match kinds select `kind` (autogen rules included).
 * Computed once per policy and kind: the policy cache is asked for every kind and namespace of
 * a repository, over all its policies. Callers share the list and only read it.
 */
export function matchingRules(
  policy: KyvernoPolicy,
  kind: ResourceKind,
  key = kindKey(kind)
): readonly Rule[] {
  let byKind = matchingByPolicy.get(policy)
  if (byKind === undefined)
    matchingByPolicy.set(policy, (byKind = new Map<string, readonly Rule[]>()))
  let rules = byKind.get(key)
  if (rules === undefined) {
    rules = computeRules(policy, kind.kind).filter(
      (r) => hasValidate(r) && checkKind(matchKinds(r), kind, false)
    )
    byKind.set(key, rules)
  }
  return rules
}

/** Whether the policy cache returns `policy` for a resource of `kind` in `namespace`. */
export function isCandidate(policy: KyvernoPolicy, kind: ResourceKind, namespace: string): boolean {
  if (VALIDATING_POLICY_KINDS.has(policy.kind ?? '')) return true
  if (policy.kind === 'Policy' && (policy.metadata?.namespace || 'default') !== namespace)
    return false
  return matchingRules(policy, kind).length > 0
}

/**
 * The kinds each ClusterPolicy's own validate rules name: the kind part of their match kind
 * selectors (`apps/v1/Deployment` → Deployment), or any kind for a wildcard. A repository's
 * kinds are each checked against every policy; this rules out most pairs at once.
 */
class OwnRuleKinds {
  private readonly byKind = new Map<string, Set<KyvernoPolicy>>()
  /** Policies with a wildcard kind, or rules too malformed to index: always checked in full. */
  private readonly anyKind = new Set<KyvernoPolicy>()

  constructor(policies: readonly KyvernoPolicy[]) {
    for (const policy of policies) {
      if (policy.kind === 'Policy' || VALIDATING_POLICY_KINDS.has(policy.kind ?? '')) continue
      try {
        for (const rule of policy.spec?.rules ?? []) {
          if (!hasValidate(rule)) continue
          for (const selector of matchKinds(rule)) this.add(parseKindSelector(selector)[2], policy)
        }
      } catch {
        this.anyKind.add(policy)
      }
    }
  }

  private add(kind: string, policy: KyvernoPolicy): void {
    if (hasWildcard(kind)) {
      this.anyKind.add(policy)
      return
    }
    let policies = this.byKind.get(kind)
    if (policies === undefined) this.byKind.set(kind, (policies = new Set()))
    policies.add(policy)
  }

  /**
   * Whether matchingRules(policy, kind) may be non-empty. When the policy's computed rules for
   * the kind are its own (no autogen), a rule only matches through a selector whose kind part is
   * the kind itself (no wildcard: wildcardMatch is equality) or a wildcard.
   */
  mayMatch(policy: KyvernoPolicy, kind: ResourceKind): boolean {
    if (!ownRulesOnly(policy, kind.kind)) return true
    return this.anyKind.has(policy) || this.byKind.get(kind.kind)?.has(policy) === true
  }
}

/** A candidate policy the dry-run evaluates, with the first policy of its content. */
interface EvaluatedPolicy {
  readonly policy: KyvernoPolicy
  readonly first: KyvernoPolicy
  readonly isValidating: boolean
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
      if (set.scopes === undefined) {
        this.namespaceLabels.set(meta.name, labels)
        this.namespaceObjects[meta.name] = ns
        continue
      }
      // In a cluster every namespace carries its name label (NamespaceDefaultLabelName).
      const named = { ...labels, [NAMESPACE_NAME_LABEL]: meta.name }
      this.namespaceLabels.set(meta.name, named)
      this.namespaceObjects[meta.name] = { ...ns, metadata: { ...meta, labels: named } }
    }
  }

  private readonly byKind = new Map<string, KyvernoPolicy[]>()
  private readonly byKindOnly = new Map<string, KyvernoPolicy[]>()
  private ownRuleKinds: OwnRuleKinds | undefined

  /** The policies the cache returns for a kind in a namespace (computed once per kind). */
  candidates(kind: ResourceKind, namespace: string): readonly KyvernoPolicy[] {
    const key = `${kind.group}/${kind.version}/${kind.kind}/${kind.subresource}\u0000${namespace}`
    let list = this.byKind.get(key)
    if (list === undefined) {
      // isCandidate over the kind's shortlist: only namespaced Policies still depend on the
      // namespace (and are checked in isCandidate's order: namespace, then rules).
      list = this.kindCandidates(kind).filter(
        (p) => p.kind !== 'Policy' || isCandidate(p, kind, namespace)
      )
      this.byKind.set(key, list)
    }
    return list
  }

  /**
   * The policies that may be candidates for `kind` in some namespace: isCandidate's kind test
   * done once per kind (a repository has many namespaces), Policies left to `candidates`.
   */
  private kindCandidates(kind: ResourceKind): readonly KyvernoPolicy[] {
    const key = kindKey(kind)
    let list = this.byKindOnly.get(key)
    if (list === undefined) {
      const ownRuleKinds = (this.ownRuleKinds ??= new OwnRuleKinds(this.set.policies))
      list = this.set.policies.filter(
        (p) =>
          VALIDATING_POLICY_KINDS.has(p.kind ?? '') ||
          p.kind === 'Policy' ||
          (ownRuleKinds.mayMatch(p, kind) && matchingRules(p, kind, key).length > 0)
      )
      this.byKindOnly.set(key, list)
    }
    return list
  }

  private readonly reachableByKind = new Map<string, ReadonlySet<KyvernoPolicy>>()

  /** The ValidatingPolicies whose resource rules select `kind` on CREATE (once per kind). */
  private reachableValidatingPolicies(kind: ResourceKind): ReadonlySet<KyvernoPolicy> {
    const key = kindKey(kind)
    let reachable = this.reachableByKind.get(key)
    if (reachable === undefined) {
      reachable = new Set(
        this.kindCandidates(kind).filter((p) => {
          if (!VALIDATING_POLICY_KINDS.has(p.kind ?? '')) return false
          try {
            return mayMatchKind(p, kind, 'CREATE')
          } catch {
            return true // malformed: evaluated, which reports it as it always did
          }
        })
      )
      this.reachableByKind.set(key, reachable)
    }
    return reachable
  }

  private readonly byContent = new ResultsByContent((resource) => this.evaluateOnce(resource))

  /**
   * The policies the cache returns for this resource, with their rule results. The evaluation
   * depends on the resource's content alone (and the policy set): equal resources share one
   * subject, which callers only read.
   */
  evaluate(resource: JsonMap): ReportSubject {
    return this.byContent.of(resource)
  }

  /** The labels of a namespace; in a cluster, one the repository lacks exists with its name label. */
  private labelsOf(namespace: string): Record<string, string> {
    const known = this.namespaceLabels.get(namespace)
    if (known !== undefined || this.set.scopes === undefined || namespace === '') return known ?? {}
    const labels = { [NAMESPACE_NAME_LABEL]: namespace }
    this.namespaceLabels.set(namespace, labels)
    this.namespaceObjects[namespace] = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: namespace, labels }
    }
    return labels
  }

  private evaluateOnce(resource: JsonMap): ReportSubject {
    const scopes = this.set.scopes
    const normalized =
      scopes !== undefined
        ? resourceInScope(scopes.asCreated(resource), scopes.isClusterScoped)
        : cliResource(resource)
    const kind = resourceKindOf(normalized)
    const namespace = resourceNamespace(normalized)
    const namespaceLabels = this.labelsOf(namespace)
    const options: EvaluationOptions = {
      operation: 'CREATE',
      // The resource's own kind, one object for all its policies (per-kind caches key on it).
      kind,
      namespaceLabels,
      namespaces: this.namespaceObjects,
      exceptions: this.set.exceptions ?? [],
      celExceptions: this.set.celExceptions ?? [],
      ...(this.set.kyvernoVersion !== undefined ? { kyvernoVersion: this.set.kyvernoVersion } : {}),
      // Every policy reads the same objects: their CEL values are made once.
      values: new JsonValueCache()
    }
    const outcomes: PolicyOutcome[] = []
    // The results by the first policy of each content (see firstOfContent).
    const byContent = new Map<KyvernoPolicy, readonly RuleResult[]>()
    for (const { policy, first, isValidating } of this.evaluated(kind, namespace)) {
      let rules = byContent.get(first)
      if (rules === undefined) {
        rules = isValidating
          ? evaluateValidatingPolicy(policy, normalized, options).rules
          : evaluatePolicy(policy, normalized, options).rules
        byContent.set(first, rules)
      }
      if (!isValidating || rules.length > 0) outcomes.push({ policy, rules })
    }
    return { resource: normalized, outcomes, namespaceLabels }
  }

  private readonly evaluatedByKind = new Map<string, readonly EvaluatedPolicy[]>()

  /**
   * The candidates evaluated on a resource of `kind` in `namespace`, in order: ValidatingPolicies
   * whose resource rules never select the kind have no result (constraintsMatch) and are left
   * out. Worked out once per kind and namespace: every ValidatingPolicy is a candidate for every
   * resource, and most select few kinds.
   */
  private evaluated(kind: ResourceKind, namespace: string): readonly EvaluatedPolicy[] {
    const key = `${kind.group}/${kind.version}/${kind.kind}/${kind.subresource}\u0000${namespace}`
    let list = this.evaluatedByKind.get(key)
    if (list === undefined) {
      const reachable = this.reachableValidatingPolicies(kind)
      const evaluated: EvaluatedPolicy[] = []
      for (const policy of this.candidates(kind, namespace)) {
        const isValidating = VALIDATING_POLICY_KINDS.has(policy.kind ?? '')
        if (!isValidating || reachable.has(policy))
          evaluated.push({ policy, first: this.firstOfContent(policy), isValidating })
      }
      this.evaluatedByKind.set(key, (list = evaluated))
    }
    return list
  }

  private firstPolicies: ReadonlyMap<KyvernoPolicy, KyvernoPolicy> | undefined

  /**
   * The first policy of the set with `policy`'s content: the evaluation depends on the policy's
   * content alone, so a resource is evaluated once per content. Repositories copy policies (a
   * library's variants, its tests' copies): 10,591 of the corpus's 36,193 policy × resource
   * evaluations (29%) repeated an earlier one. Worked out once per set.
   */
  private firstOfContent(policy: KyvernoPolicy): KyvernoPolicy {
    if (this.firstPolicies === undefined) {
      const firstByContent = new ResultsByContent((first) => first)
      const firstPolicies = new Map<KyvernoPolicy, KyvernoPolicy>()
      for (const p of this.set.policies) firstPolicies.set(p, firstByContent.of(p))
      this.firstPolicies = firstPolicies
    }
    return this.firstPolicies.get(policy) ?? policy
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
