/**
 * How the Kyverno CLI applies a MutatingAdmissionPolicy (Kyverno pkg/admissionpolicy/mutate.go;
 * policy-dryrun-spec.md §1.8): always a CREATE; without bindings the policy's matchConstraints
 * decide, with bindings each binding's matchResources (and paramRef over the test's params) and
 * each matching binding mutates the result of the previous one. Lists are atomic (the CLI merges
 * apply configurations with a deduced type converter).
 *
 * Result (rule name = policy name): `pass` "mutation is successfully applied", `skip` "match
 * conditions aren't met"; a matchCondition or mutation error leaves no result at all, as the
 * CLI drops the response.
 */
import { readBinding, readPolicy } from '../kube/admission/api.js'
import type { PolicyBinding } from '../kube/admission/api.js'
import { compilePolicy } from '../kube/admission/compile.js'
import {
  kyvernoMatches,
  matchedParams,
  resolveUser,
  withEmptySelectors
} from '../kube/admission/kyverno-cli.js'
import { applyMutations } from '../kube/admission/mutating.js'
import { admissionAttributes, celNamespaceObject, celRequest } from '../kube/admission/request.js'
import { ResourceCatalog } from '../kube/admission/resources.js'
import type { UserInfo } from '../kube/cel/index.js'
import type { KubernetesVersion } from '../kube/versions.js'
import { KYVERNO_CEL_VERSION } from './cel.js'
import type { JsonMap, RuleResult } from './types.js'

export interface KyvernoMapInput {
  policy: JsonMap
  bindings: readonly JsonMap[]
  resource: JsonMap
  params: readonly JsonMap[]
  namespaceLabels: Readonly<Record<string, Record<string, string>>>
  userInfo?: Partial<UserInfo>
  crds?: readonly unknown[]
  kubernetesVersion?: KubernetesVersion
}

export interface KyvernoMapOutcome {
  /** Empty when the policy did not apply (or failed: the CLI then reports nothing). */
  rules: RuleResult[]
  patchedResource: JsonMap
}

/** Every list, at every depth, atomic (managedfields' deduced type converter). */
const DEDUCED_SCHEMA: Record<string, unknown> = {}
DEDUCED_SCHEMA.additionalProperties = DEDUCED_SCHEMA
DEDUCED_SCHEMA.items = DEDUCED_SCHEMA

let catalog: ResourceCatalog | undefined

export function applyMapAsKyverno(input: KyvernoMapInput): KyvernoMapOutcome {
  const policy = readPolicy(input.policy)
  const bindings = input.bindings.map(readBinding)
  const resourceCatalog =
    (input.crds ?? []).length > 0
      ? new ResourceCatalog({ crds: input.crds })
      : (catalog ??= new ResourceCatalog())
  let resource = input.resource
  const attrs = admissionAttributes({ operation: 'CREATE', object: resource }, resourceCatalog)
  const isNamespaceKind =
    attrs.kind.group === '' && attrs.kind.version === 'v1' && attrs.kind.kind === 'Namespace'
  const namespaceName = isNamespaceKind ? '' : attrs.namespace
  const namespace: JsonMap =
    namespaceName !== ''
      ? {
          metadata: {
            name: namespaceName,
            ...(input.namespaceLabels[namespaceName]
              ? { labels: input.namespaceLabels[namespaceName] }
              : {})
          }
        }
      : { metadata: {} }
  const user = resolveUser(input.userInfo)
  const compiled = compilePolicy(
    { ...policy, failurePolicy: policy.failurePolicy ?? 'Fail' },
    {
      kubernetesVersion: input.kubernetesVersion ?? KYVERNO_CEL_VERSION,
      purpose: 'admission',
      noAuthorizer: true
    }
  )
  const run = (
    binding: PolicyBinding | undefined,
    param: JsonMap | null
  ): KyvernoMapOutcome | undefined => {
    const result = applyMutations(
      [{ compiled, binding: binding ?? { ...EMPTY_BINDING, policyName: policy.name }, param }],
      resource,
      (object) => {
        const attributes = { ...attrs, object }
        return {
          attributes,
          request: celRequest(
            attributes,
            { resource: attrs.resource, kind: attrs.kind },
            { userInfo: user }
          ),
          params: param,
          namespace: namespaceName !== '' ? celNamespaceObject(namespace) : null,
          userInfo: user
        }
      },
      () => DEDUCED_SCHEMA
    )
    const record = result.records[0]
    if (record === undefined || record.errors.length > 0) return undefined
    if (record.skippedByCondition !== undefined)
      return {
        rules: [{ rule: policy.name, status: 'skip', message: "match conditions aren't met" }],
        patchedResource: resource
      }
    return {
      rules: [{ rule: policy.name, status: 'pass', message: 'mutation is successfully applied' }],
      patchedResource: result.object
    }
  }
  if (bindings.length === 0) {
    if (policy.matchConstraints === undefined) return { rules: [], patchedResource: resource }
    if (!kyvernoMatches(withEmptySelectors(policy.matchConstraints), attrs, namespace))
      return { rules: [], patchedResource: resource }
    return run(undefined, null) ?? { rules: [], patchedResource: resource }
  }
  let outcome: KyvernoMapOutcome = { rules: [], patchedResource: resource }
  for (const binding of bindings) {
    if (
      binding.matchResources !== undefined &&
      !kyvernoMatches(withEmptySelectors(binding.matchResources), attrs, namespace)
    )
      continue
    const param =
      binding.paramRef !== undefined ? matchedParams(input.params, binding.paramRef) : null
    const next = run(binding, param)
    if (next === undefined) continue
    outcome = next
    resource = next.patchedResource
  }
  return outcome
}

const EMPTY_BINDING: PolicyBinding = {
  kind: 'MutatingAdmissionPolicyBinding',
  apiVersion: 'admissionregistration.k8s.io/v1beta1',
  name: '',
  policyName: '',
  validationActions: []
}
