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

/** What admissionRequestOf reads: the request's kind, operation, objects and user. */
export interface RequestInputs {
  readonly kind: ResourceKind
  readonly operation: string
  /** The resource the request names (its name and namespace). */
  readonly resource: JsonMap
  readonly object: JsonMap | undefined
  readonly oldObject: JsonMap | undefined
  readonly username: string | undefined
  readonly groups: readonly string[] | undefined
}

export const requestOf = (inputs: RequestInputs): JsonMap =>
  admissionRequestOf(
    inputs.kind,
    inputs.operation,
    inputs.resource,
    inputs.object,
    inputs.oldObject,
    inputs.username,
    inputs.groups
  )

export interface AdmissionOptions {
  oldResource?: JsonMap
  userInfo?: { userInfo?: { username?: string; groups?: readonly string[] } }
  namespaces?: Readonly<Record<string, JsonMap>>
}

/**
 * The request of an admission on `resource`: `object` (none on DELETE), `oldObject` (on UPDATE
 * and DELETE: `oldResource`) and the user.
 */
export function admissionRequestInputs(
  resource: JsonMap,
  kind: ResourceKind,
  operation: string,
  options: AdmissionOptions
): RequestInputs {
  const user = options.userInfo?.userInfo
  return {
    kind,
    operation,
    resource,
    object: operation === 'DELETE' ? undefined : resource,
    oldObject:
      operation === 'UPDATE' || operation === 'DELETE'
        ? (options.oldResource ?? resource)
        : undefined,
    username: user?.username,
    groups: user?.groups
  }
}

/**
 * What a Kyverno CEL policy's expressions see for a request on `resource`: `object`,
 * `oldObject`, `request`, `namespaceObject` and the user for `authorizer`. `request` is left
 * out when `withRequest` is false (the caller supplies its value).
 */
export function admissionCelInputs(
  resource: JsonMap,
  kind: ResourceKind,
  operation: string,
  options: AdmissionOptions,
  withRequest = true
): Pick<CelInputs, 'object' | 'oldObject' | 'request' | 'namespaceObject' | 'username'> {
  const request = admissionRequestInputs(resource, kind, operation, options)
  const namespace = resourceNamespace(resource)
  const inputs: Pick<
    CelInputs,
    'object' | 'oldObject' | 'request' | 'namespaceObject' | 'username'
  > = {
    object: request.object ?? null,
    oldObject: request.oldObject ?? null,
    request: withRequest ? requestOf(request) : null,
    namespaceObject: namespace === '' ? null : (options.namespaces?.[namespace] ?? null)
  }
  if (request.username !== undefined) inputs.username = request.username
  return inputs
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
