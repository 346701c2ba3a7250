/**
 * How `kyverno test` / `kyverno apply` turn their inputs into an evaluation
 * (policy-dryrun-spec.md §2.12, §2.13; Kyverno cmd/cli/kubectl-kyverno/variables and
 * processor): a values file (cli.kyverno.io Values: globalValues, per policy/resource values,
 * per rule values, namespaceSelector labels, namespaces, subresources), a user info file and
 * the operation of a test result.
 */
import type { RequestUserInfo } from './context.js'
import { isJsonObject } from '../common/json.js'
import { resourceKindOf, resourceName, resourceNamespace } from './match.js'
import type { EvaluationOptions, Operation } from './engine.js'
import type { JsonMap, PolicyException } from './types.js'

interface ValuesPolicy {
  name?: string
  rules?: Array<{ name?: string; values?: JsonMap; foreachValues?: Record<string, unknown[]> }>
  resources?: Array<{ name?: string; values?: JsonMap }>
}

interface GroupVersionKindName {
  group?: string
  version?: string
  kind?: string
  name?: string
}

/** cli.kyverno.io/v1alpha1 Values (the spec fields, inline or under `spec`). */
export interface CliValues {
  globalValues?: JsonMap
  policies?: ValuesPolicy[]
  namespaceSelector?: Array<{ name?: string; labels?: Record<string, string> }>
  namespaces?: JsonMap[]
  subresources?: Array<{
    subresource?: GroupVersionKindName
    parentResource?: GroupVersionKindName
  }>
}

/** cli.kyverno.io/v1alpha1 UserInfo. */
export interface CliUserInfo {
  roles?: string[]
  clusterRoles?: string[]
  userInfo?: {
    username?: string
    uid?: string
    groups?: string[]
    extra?: Record<string, string[]>
  }
}

export interface CliInputs {
  values?: CliValues
  userInfo?: CliUserInfo
  exceptions?: readonly PolicyException[]
  /** The operation a test result declares (wins over `request.operation` values). */
  operation?: Operation
}

const valuesOf = (values: CliValues | undefined): CliValues => {
  if (values === undefined) return {}
  const spec = (values as { spec?: unknown }).spec
  return isJsonObject(spec) ? spec : values
}

/** Variables.ComputeVariables: global values, then the resource's values, `request.operation` defaulted. */
export function resourceValues(
  values: CliValues | undefined,
  policyName: string,
  resource: string
): JsonMap {
  const v = valuesOf(values)
  const out: JsonMap = { ...(v.globalValues ?? {}) }
  for (const p of v.policies ?? []) {
    if (p.name !== policyName) continue
    for (const r of p.resources ?? []) {
      if (r.name === resource) Object.assign(out, r.values ?? {})
    }
  }
  if (!Object.hasOwn(out, 'request.operation')) out['request.operation'] = 'CREATE'
  return out
}

/**
 * The rule values of a policy (the first values entry naming the policy wins per rule), with
 * its `foreachValues`: the CLI's store never advances its foreach element, so every element
 * sees the first value of each list (store.go GetForeachElement).
 */
export function ruleValues(
  values: CliValues | undefined,
  policyName: string
): Record<string, JsonMap> {
  const out: Record<string, JsonMap> = {}
  for (const p of valuesOf(values).policies ?? []) {
    if (p.name !== policyName) continue
    for (const r of p.rules ?? []) {
      if (r.name === undefined || Object.hasOwn(out, r.name)) continue
      const foreach: JsonMap = {}
      for (const [key, list] of Object.entries(r.foreachValues ?? {}))
        if (Array.isArray(list) && list.length > 0) foreach[key] = list[0]
      if (r.values !== undefined || Object.keys(foreach).length > 0)
        out[r.name] = { ...(r.values ?? {}), ...foreach }
    }
  }
  return out
}

/** Namespace labels by namespace name (`namespaces` win over `namespaceSelector`). */
export function namespaceLabelsByName(
  values: CliValues | undefined
): Record<string, Record<string, string>> {
  const v = valuesOf(values)
  const out: Record<string, Record<string, string>> = {}
  for (const n of v.namespaceSelector ?? []) if (n.name !== undefined) out[n.name] = n.labels ?? {}
  for (const n of v.namespaces ?? []) {
    const meta = isJsonObject(n.metadata) ? n.metadata : {}
    if (typeof meta.name === 'string')
      out[meta.name] = (meta.labels as Record<string, string> | undefined) ?? {}
  }
  return out
}

/** Namespace objects by name (Variables.Namespace: `namespaces` first, then selectors). */
export function namespaceObjects(values: CliValues | undefined): Record<string, JsonMap> {
  const v = valuesOf(values)
  const out: Record<string, JsonMap> = {}
  for (const n of v.namespaceSelector ?? []) {
    if (n.name === undefined) continue
    out[n.name] = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: n.name, labels: n.labels ?? {} }
    }
  }
  for (const n of v.namespaces ?? []) {
    const meta = isJsonObject(n.metadata) ? n.metadata : {}
    if (typeof meta.name === 'string') out[meta.name] = n
  }
  return out
}

const OPERATIONS: ReadonlySet<string> = new Set(['CREATE', 'UPDATE', 'DELETE'])

/** The evaluation options `kyverno test` uses for one policy and one resource. */
export function cliEvaluationOptions(
  policyName: string,
  resource: JsonMap,
  inputs: CliInputs
): EvaluationOptions {
  const variables = resourceValues(inputs.values, policyName, resourceName(resource))
  let operation: Operation = 'CREATE'
  const fromValues = variables['request.operation']
  if (fromValues === 'DELETE' || fromValues === 'UPDATE') operation = fromValues
  if (inputs.operation !== undefined && OPERATIONS.has(inputs.operation)) {
    operation = inputs.operation
    variables['request.operation'] = inputs.operation
  }
  const labels = namespaceLabelsByName(inputs.values)[resourceNamespace(resource)] ?? {}
  const kind = subresourceKind(inputs.values, resource)
  const user = inputs.userInfo
  // Optional fields set afterwards rather than spread in: cheaper for one call per policy and
  // resource (V8 adds properties that follow a spread through runtime calls).
  const options: EvaluationOptions = {
    operation,
    variables,
    ruleValues: ruleValues(inputs.values, policyName),
    namespaceLabels: labels,
    namespaces: namespaceObjects(inputs.values),
    exceptions: inputs.exceptions ?? []
  }
  if (kind !== undefined) options.kind = kind
  if (user !== undefined) options.userInfo = userInfoOf(user)
  return options
}

function userInfoOf(user: CliUserInfo): RequestUserInfo {
  return {
    ...(user.roles !== undefined ? { roles: user.roles } : {}),
    ...(user.clusterRoles !== undefined ? { clusterRoles: user.clusterRoles } : {}),
    ...(user.userInfo !== undefined ? { userInfo: user.userInfo } : {})
  }
}

/** values.subresources: a resource of a subresource kind is evaluated as its parent's subresource. */
function subresourceKind(
  values: CliValues | undefined,
  resource: JsonMap
): EvaluationOptions['kind'] {
  const gvk = resourceKindOf(resource)
  for (const s of valuesOf(values).subresources ?? []) {
    const sub = s.subresource ?? {}
    if (
      (sub.group ?? '') === gvk.group &&
      (sub.version ?? '') === gvk.version &&
      (sub.kind ?? '') === gvk.kind
    ) {
      const parent = s.parentResource ?? {}
      return {
        group: parent.group ?? '',
        version: parent.version ?? '',
        kind: parent.kind ?? '',
        subresource: (sub.name ?? '').split('/')[1] ?? ''
      }
    }
  }
  return undefined
}

/** Cluster-scoped kinds of the CLI's bundled API discovery data, by API group. */
const CLUSTER_SCOPED: ReadonlySet<string> = new Set([
  '/ComponentStatus',
  '/Namespace',
  '/Node',
  '/PersistentVolume',
  'admissionregistration.k8s.io/MutatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
  'apiextensions.k8s.io/CustomResourceDefinition',
  'apiregistration.k8s.io/APIService',
  'authentication.k8s.io/SelfSubjectReview',
  'authentication.k8s.io/TokenReview',
  'authorization.k8s.io/SelfSubjectAccessReview',
  'authorization.k8s.io/SelfSubjectRulesReview',
  'authorization.k8s.io/SubjectAccessReview',
  'certificates.k8s.io/CertificateSigningRequest',
  'flowcontrol.apiserver.k8s.io/FlowSchema',
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
  'networking.k8s.io/IPAddress',
  'networking.k8s.io/IngressClass',
  'networking.k8s.io/ServiceCIDR',
  'node.k8s.io/RuntimeClass',
  'rbac.authorization.k8s.io/ClusterRole',
  'rbac.authorization.k8s.io/ClusterRoleBinding',
  'resource.k8s.io/DeviceClass',
  'resource.k8s.io/ResourceSlice',
  'scheduling.k8s.io/PriorityClass',
  'storage.k8s.io/CSIDriver',
  'storage.k8s.io/CSINode',
  'storage.k8s.io/StorageClass',
  'storage.k8s.io/VolumeAttachment',
  'storage.k8s.io/VolumeAttributesClass'
])

/** Whether the CLI treats a kind as cluster-scoped (unknown kinds count as namespaced). */
export function isClusterScopedKind(apiVersion: string, kind: string): boolean {
  const parts = apiVersion.split('/')
  const group = parts.length === 2 ? parts[0]! : ''
  return CLUSTER_SCOPED.has(`${group}/${kind}`)
}

const NIL_AS_EMPTY_MAP = new Set([
  'annotations',
  'labels',
  'matchLabels',
  'nodeSelector',
  'data',
  'stringData'
])

/** Whether a null labels/annotations/data… field is anywhere in `object` (for-in: no entry arrays). */
function hasNilMap(object: JsonMap): boolean {
  for (const key in object) {
    const value = object[key]
    if (value === null) {
      if (NIL_AS_EMPTY_MAP.has(key)) return true
    } else if (Array.isArray(value)) {
      for (const item of value) if (isJsonObject(item) && hasNilMap(item)) return true
    } else if (isJsonObject(value) && hasNilMap(value)) return true
  }
  return false
}

function normalizeNilMaps(object: JsonMap): void {
  for (const [key, value] of Object.entries(object)) {
    if (value === null && NIL_AS_EMPTY_MAP.has(key)) object[key] = {}
    else if (isJsonObject(value)) normalizeNilMaps(value)
    else if (Array.isArray(value))
      for (const item of value) if (isJsonObject(item)) normalizeNilMaps(item)
  }
}

/**
 * A resource as the CLI loads it (resource.YamlToUnstructured): namespaced kinds without a
 * namespace are put in `default`; null labels/annotations/data… become empty maps.
 *
 * Callers never modify resources (the engine copies before it patches; `celgate test` over
 * the corpus policies and `celgate check` over the corpus report the same with every result
 * deep-frozen), so the result shares what it does not change with `resource`: the resource
 * itself when nothing changes, a new top level and metadata around the same fields when only
 * the namespace is added. Only null maps, replaced deep inside, need a copy of the whole object.
 */
export function cliResource(resource: JsonMap): JsonMap {
  return resourceInScope(resource, isClusterScopedKind)
}

/** cliResource with the scope of kinds from `clusterScoped` (`check`: the cluster's API). */
export function resourceInScope(
  resource: JsonMap,
  clusterScoped: (apiVersion: string, kind: string) => boolean
): JsonMap {
  const meta = isJsonObject(resource.metadata) ? resource.metadata : undefined
  const needsNamespace =
    !(meta !== undefined && typeof meta.namespace === 'string' && meta.namespace !== '') &&
    !clusterScoped(stringOr(resource.apiVersion), stringOr(resource.kind))
  if (hasNilMap(resource)) {
    const out = structuredClone(resource)
    if (needsNamespace)
      out.metadata = { ...(isJsonObject(out.metadata) ? out.metadata : {}), namespace: 'default' }
    normalizeNilMaps(out)
    return out
  }
  if (!needsNamespace) return resource
  return { ...resource, metadata: { ...(meta ?? {}), namespace: 'default' } }
}

const stringOr = (value: unknown): string => (typeof value === 'string' ? value : '')
