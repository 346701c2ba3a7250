/**
 * The admission request CEL expressions see as `request` (admission.k8s.io/v1
 * AdmissionRequest, unstructured), built for an offline evaluation, and the resource (plural)
 * name of a kind as a REST mapper would guess it.
 */
import { resourceName, resourceNamespace } from './match.js'
import type { ResourceKind } from './match.js'
import type { CelInputs } from './cel.js'
import type { PolicyContext } from './policy-context.js'
import type { JsonMap } from './types.js'

const IRREGULAR: Readonly<Record<string, string>> = {
  Endpoints: 'endpoints',
  PodSecurityPolicy: 'podsecuritypolicies',
  Ingress: 'ingresses',
  NetworkPolicy: 'networkpolicies',
  PriorityClass: 'priorityclasses',
  StorageClass: 'storageclasses',
  IngressClass: 'ingressclasses',
  RuntimeClass: 'runtimeclasses'
}

/** meta.UnsafeGuessKindToResource: `Pod` → `pods`, `Policy` → `policies`, `Ingress` → `ingresses`. */
export function resourceOfKind(kind: string): string {
  const irregular = IRREGULAR[kind]
  if (irregular !== undefined) return irregular
  const lower = kind.toLowerCase()
  if (lower === '') return ''
  if (lower.endsWith('s')) return `${lower}es`
  if (lower.endsWith('y')) return `${lower.slice(0, -1)}ies`
  return `${lower}s`
}

export function admissionRequestOf(
  kind: ResourceKind,
  operation: string,
  resource: JsonMap,
  object: JsonMap | undefined,
  oldObject: JsonMap | undefined,
  username: string | undefined,
  groups: readonly string[] | undefined
): JsonMap {
  const gvk = { group: kind.group, version: kind.version, kind: kind.kind }
  const gvr = { group: kind.group, version: kind.version, resource: resourceOfKind(kind.kind) }
  return {
    uid: '',
    kind: gvk,
    resource: gvr,
    ...(kind.subresource !== '' ? { subResource: kind.subresource } : {}),
    requestKind: gvk,
    requestResource: gvr,
    name: resourceName(resource),
    namespace: resourceNamespace(resource),
    operation,
    userInfo: {
      ...(username !== undefined ? { username } : {}),
      ...(groups !== undefined && groups.length > 0 ? { groups: [...groups] } : {})
    },
    object: object ?? null,
    oldObject: oldObject ?? null,
    dryRun: false,
    options: null
  }
}

/**
 * What a Kyverno CEL policy's expressions see for a request on `resource`: `object` (none on
 * DELETE), `oldObject` (on UPDATE and DELETE: `oldResource`), `request`, `namespaceObject` and
 * the user for `authorizer`.
 */
export function admissionCelInputs(
  resource: JsonMap,
  kind: ResourceKind,
  operation: string,
  options: {
    oldResource?: JsonMap
    userInfo?: { userInfo?: { username?: string; groups?: readonly string[] } }
    namespaces?: Readonly<Record<string, JsonMap>>
  }
): Pick<CelInputs, 'object' | 'oldObject' | 'request' | 'namespaceObject' | 'username'> {
  const object = operation === 'DELETE' ? undefined : resource
  const oldObject =
    operation === 'UPDATE' || operation === 'DELETE' ? (options.oldResource ?? resource) : undefined
  const namespace = resourceNamespace(resource)
  const user = options.userInfo?.userInfo
  return {
    object: object ?? null,
    oldObject: oldObject ?? null,
    request: admissionRequestOf(
      kind,
      operation,
      resource,
      object,
      oldObject,
      user?.username,
      user?.groups
    ),
    namespaceObject: namespace === '' ? null : (options.namespaces?.[namespace] ?? null),
    ...(user?.username !== undefined ? { username: user.username } : {})
  }
}

export function admissionRequest(context: PolicyContext, resource: JsonMap): JsonMap {
  const user = context.inputs.userInfo?.userInfo
  return admissionRequestOf(
    context.inputs.kind,
    context.operation,
    resource,
    context.newResource,
    context.oldResource,
    user?.username,
    user?.groups
  )
}
