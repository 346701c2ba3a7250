/**
 * The results Kyverno's background scan reports for ValidatingAdmissionPolicies and
 * MutatingAdmissionPolicies (kyverno pkg/controllers/report/utils/scanner.go ScanResource, with a
 * cluster client: pkg/admissionpolicy/validate.go processVAPWithClient, mutate.go
 * processMAPWithClient), one result per policy on a resource:
 *
 * - the policy's matchConstraints must select the resource (when it has bindings; without
 *   bindings they alone decide), then each binding whose matchResources select it is evaluated,
 *   and the last one's result is the policy's, naming that binding (`binding` / `mapBinding`);
 * - VAP: `fail` with the first denying validation's message, `error` with an evaluation error,
 *   `skip` "match conditions aren't met", else `pass` with no message — validationActions do
 *   not matter;
 * - MAP: each matching binding mutates what the previous one produced; the scan reports `fail`
 *   "mutation is not applied" when the last binding's mutation changes the resource it was given
 *   (the stored object lacks it), `pass` "mutation is successfully applied" when it does not.
 *
 * The resource is the one in the repository, as the scan finds an object created before the
 * policy (Kyverno's conformance tests create it first); params come from the repository's
 * objects of the policy's paramKind. A binding whose params the repository lacks is left out:
 * Kyverno's CollectParams fails on it, and the scan of the resource with it.
 */
import { readBinding, readPolicy } from '../../kube/admission/api.js'
import {
  evaluateVapAsKyverno,
  kyvernoMatches,
  matchedParams,
  withEmptySelectors
} from '../../kube/admission/kyverno-cli.js'
import { admissionAttributes } from '../../kube/admission/request.js'
import { ResourceCatalog } from '../../kube/admission/resources.js'
import type { KubernetesVersion } from '../../kube/versions.js'
import { deepEqualJson, isJsonObject } from '../../common/json.js'
import { applyMapAsKyverno } from '../mutating-admission-policy.js'
import type { PolicyOutcome } from '../admission.js'
import type { JsonMap, RuleResult } from '../types.js'

export interface AdmissionPolicySet {
  readonly validating: readonly JsonMap[]
  readonly validatingBindings: readonly JsonMap[]
  readonly mutating: readonly JsonMap[]
  readonly mutatingBindings: readonly JsonMap[]
  /** The repository's objects, for paramRef. */
  readonly objects: readonly JsonMap[]
  readonly crds: readonly JsonMap[]
  readonly kubernetesVersion: KubernetesVersion
}

const nameOf = (o: JsonMap): string =>
  isJsonObject(o.metadata) && typeof o.metadata.name === 'string' ? o.metadata.name : ''

const policyNameOf = (binding: JsonMap): string =>
  isJsonObject(binding.spec) && typeof binding.spec.policyName === 'string'
    ? binding.spec.policyName
    : ''

/** The paramKind's objects (apiVersion and kind equal), all when the policy names none. */
function paramsOf(policy: JsonMap, objects: readonly JsonMap[]): JsonMap[] {
  const spec = isJsonObject(policy.spec) ? policy.spec : {}
  const kind = isJsonObject(spec.paramKind) ? spec.paramKind : undefined
  if (kind === undefined) return []
  return objects.filter((o) => o.apiVersion === kind.apiVersion && o.kind === kind.kind)
}

/** The bindings whose paramRef (if any) finds params among `params`. */
function withParams(bindings: readonly JsonMap[], params: readonly JsonMap[]): JsonMap[] {
  return bindings.filter((b) => {
    const ref = readBinding(b).paramRef
    return ref === undefined || matchedParams(params, ref) !== null
  })
}

function bindingsByPolicy(bindings: readonly JsonMap[]): Map<string, JsonMap[]> {
  const map = new Map<string, JsonMap[]>()
  for (const b of bindings) {
    const list = map.get(policyNameOf(b))
    if (list) list.push(b)
    else map.set(policyNameOf(b), [b])
  }
  return map
}

/** Evaluates the repository's admission policies on resources as Kyverno's background scan does. */
export class AdmissionPolicyOutcomes {
  private readonly catalog: ResourceCatalog
  private readonly validatingBindings: Map<string, JsonMap[]>
  private readonly mutatingBindings: Map<string, JsonMap[]>

  constructor(private readonly set: AdmissionPolicySet) {
    this.catalog = new ResourceCatalog({ crds: set.crds })
    this.validatingBindings = bindingsByPolicy(set.validatingBindings)
    this.mutatingBindings = bindingsByPolicy(set.mutatingBindings)
  }

  /**
   * One outcome per policy (without rules where it does not apply: the scan still labels the
   * report with every policy) and one rule-less outcome per binding, whose label the scan sets.
   */
  outcomes(
    resource: JsonMap,
    namespaceLabels: Readonly<Record<string, string>>,
    kinds: { validating: boolean; mutating: boolean }
  ): PolicyOutcome[] {
    const out: PolicyOutcome[] = []
    const namespace = isJsonObject(resource.metadata) ? resource.metadata.namespace : undefined
    const labelsByNamespace: Record<string, Record<string, string>> = typeof namespace ===
      'string' && namespace !== ''
      ? { [namespace]: { ...namespaceLabels } }
      : {}
    if (kinds.validating) {
      for (const policy of this.set.validating)
        out.push({
          policy,
          rules: this.validate(policy, resource, labelsByNamespace)
        })
      for (const binding of this.set.validatingBindings) out.push({ policy: binding, rules: [] })
    }
    if (kinds.mutating) {
      for (const policy of this.set.mutating)
        out.push({
          policy,
          rules: this.mutate(policy, resource, labelsByNamespace)
        })
      for (const binding of this.set.mutatingBindings) out.push({ policy: binding, rules: [] })
    }
    return out
  }

  /**
   * processVAPWithClient / processMAPWithClient: with bindings, the policy's own matchConstraints
   * (nil selectors as `{}`) are checked first.
   */
  private definitionMatches(
    policy: JsonMap,
    resource: JsonMap,
    labelsByNamespace: Record<string, Record<string, string>>
  ): boolean {
    const read = readPolicy(policy)
    if (read.matchConstraints === undefined) return false
    const attrs = admissionAttributes({ operation: 'CREATE', object: resource }, this.catalog)
    const isNamespaceKind =
      attrs.kind.group === '' && attrs.kind.version === 'v1' && attrs.kind.kind === 'Namespace'
    const name = isNamespaceKind ? '' : attrs.namespace
    const namespace: JsonMap =
      name !== ''
        ? {
            metadata: {
              name,
              ...(labelsByNamespace[name] ? { labels: labelsByNamespace[name] } : {})
            }
          }
        : { metadata: {} }
    return kyvernoMatches(withEmptySelectors(read.matchConstraints), attrs, namespace)
  }

  private validate(
    policy: JsonMap,
    resource: JsonMap,
    labelsByNamespace: Record<string, Record<string, string>>
  ): RuleResult[] {
    const all = this.validatingBindings.get(nameOf(policy)) ?? []
    if (all.length > 0 && !this.definitionMatches(policy, resource, labelsByNamespace)) return []
    const params = paramsOf(policy, this.set.objects)
    const bindings = withParams(all, params)
    if (all.length > 0 && bindings.length === 0) return []
    const outcome = evaluateVapAsKyverno({
      policy,
      bindings,
      resource,
      params,
      namespaceLabels: labelsByNamespace,
      crds: this.set.crds,
      kubernetesVersion: this.set.kubernetesVersion
    })
    if (outcome.result === undefined) return []
    return [
      {
        rule: nameOf(policy),
        status: outcome.result,
        message: outcome.message ?? '',
        ...(outcome.binding !== undefined ? { properties: { binding: outcome.binding } } : {})
      }
    ]
  }

  private mutate(
    policy: JsonMap,
    resource: JsonMap,
    labelsByNamespace: Record<string, Record<string, string>>
  ): RuleResult[] {
    const all = this.mutatingBindings.get(nameOf(policy)) ?? []
    if (all.length > 0 && !this.definitionMatches(policy, resource, labelsByNamespace)) return []
    const params = paramsOf(policy, this.set.objects)
    const bindings = withParams(all, params)
    if (all.length > 0 && bindings.length === 0) return []
    const input = {
      policy,
      resource,
      params,
      namespaceLabels: labelsByNamespace,
      crds: this.set.crds,
      kubernetesVersion: this.set.kubernetesVersion
    }
    if (bindings.length === 0) {
      const outcome = applyMapAsKyverno({ ...input, bindings: [] })
      return outcome.rules.map((r) => scanned(r, resource, outcome.patchedResource))
    }
    // Binding by binding, each on what the previous one produced; the last result stands.
    let current = resource
    let last: RuleResult | undefined
    for (const binding of bindings) {
      const outcome = applyMapAsKyverno({ ...input, resource: current, bindings: [binding] })
      const rule = outcome.rules[0]
      if (rule === undefined) continue
      last = {
        ...scanned(rule, current, outcome.patchedResource),
        properties: { mapBinding: nameOf(binding) }
      }
      current = outcome.patchedResource
    }
    return last !== undefined ? [last] : []
  }
}

/** mutateResource with backgroundScan: a mutation that changes the resource is not applied. */
function scanned(rule: RuleResult, before: JsonMap, after: JsonMap): RuleResult {
  if (rule.status !== 'pass') return rule
  return deepEqualJson(before, after)
    ? rule
    : { rule: rule.rule, status: 'fail', message: 'mutation is not applied' }
}
