/**
 * The admission request as the plugins see it: the attributes matching works on, the `request`
 * variable (CreateAdmissionRequest, as unstructured JSON: omitempty fields left out), the
 * namespace object (CreateNamespaceObject) and the Forbidden status message of a rejection
 * (admission.NewForbidden; policy-dryrun-spec.md §1.2.2).
 */
import type { UserInfo } from '../cel/index.js'
import { goQuote } from '../fielderrors/index.js'
import type { GroupVersionKind, GroupVersionResource, Operation } from './api.js'
import { parseApiVersion } from './api.js'
import type { AdmissionAttributes } from './matching.js'
import type { ResourceCatalog } from './resources.js'
import { isJsonObject } from '../../common/json.js'

/** A request to dry-run: what a client sends, with the kind and resource derivable. */
export interface AdmissionRequestInput {
  operation: Operation
  /** Default: the object's (or old object's) apiVersion and kind. */
  kind?: GroupVersionKind
  /** Default: the resource serving the kind. */
  resource?: GroupVersionResource
  subResource?: string
  /** Default: the object's metadata.name ('' for generateName). */
  name?: string
  /** Default: the object's metadata.namespace; a namespace request's own name. */
  namespace?: string
  object?: unknown
  oldObject?: unknown
  userInfo?: UserInfo
  dryRun?: boolean
  /** The operation options (CreateOptions, …); default: the operation's empty options. */
  options?: unknown
}

type Json = Record<string, unknown>

function metadataOf(obj: unknown): Json {
  return isJsonObject(obj) && isJsonObject(obj.metadata) ? obj.metadata : {}
}

const strOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** The attributes of a request, with the defaults a client and the apiserver fill in. */
export function admissionAttributes(
  input: AdmissionRequestInput,
  catalog: ResourceCatalog
): AdmissionAttributes {
  const object = isJsonObject(input.object) ? input.object : null
  const oldObject = isJsonObject(input.oldObject) ? input.oldObject : null
  const source = object ?? oldObject ?? {}
  const kind =
    input.kind ??
    Object.assign(parseApiVersion(strOf(source.apiVersion) ?? ''), {
      kind: strOf(source.kind) ?? ''
    })
  const mapping = catalog.mappingForKind(kind)
  const resource = input.resource ?? mapping.resource
  const meta = metadataOf(source)
  const name = input.name ?? strOf(meta.name) ?? ''
  const isNamespace = resource.group === '' && resource.resource === 'namespaces'
  // A namespace's requests carry the namespace's own name as their namespace.
  const namespace = input.namespace ?? (isNamespace ? name : (strOf(meta.namespace) ?? ''))
  return {
    operation: input.operation,
    kind,
    resource,
    subResource: input.subResource ?? '',
    name,
    namespace,
    object,
    oldObject
  }
}

const OPTIONS_KIND: Record<string, string> = {
  CREATE: 'CreateOptions',
  UPDATE: 'UpdateOptions',
  DELETE: 'DeleteOptions'
}

/** CreateAdmissionRequest as the unstructured map CEL reads (`request`). */
export function celRequest(
  attrs: AdmissionAttributes,
  matched: { resource: GroupVersionResource; kind: GroupVersionKind },
  input: Pick<AdmissionRequestInput, 'userInfo' | 'dryRun' | 'options'>
): Json {
  const user: Json = {}
  const u = input.userInfo
  if (u?.username) user.username = u.username
  if (u?.uid) user.uid = u.uid
  if (u?.groups && u.groups.length > 0) user.groups = [...u.groups]
  if (u?.extra && Object.keys(u.extra).length > 0) user.extra = { ...u.extra }
  const request: Json = {
    uid: '',
    kind: { group: matched.kind.group, version: matched.kind.version, kind: matched.kind.kind },
    resource: {
      group: matched.resource.group,
      version: matched.resource.version,
      resource: matched.resource.resource
    },
    requestKind: { ...attrs.kind },
    requestResource: { ...attrs.resource },
    operation: attrs.operation,
    userInfo: user,
    dryRun: input.dryRun ?? false
  }
  if (attrs.subResource !== '') {
    request.subResource = attrs.subResource
    request.requestSubResource = attrs.subResource
  }
  if (attrs.name !== '') request.name = attrs.name
  if (attrs.namespace !== '') request.namespace = attrs.namespace
  const optionsKind = OPTIONS_KIND[attrs.operation]
  const options =
    input.options ?? (optionsKind ? { kind: optionsKind, apiVersion: 'meta.k8s.io/v1' } : undefined)
  if (options !== undefined) request.options = options
  return request
}

/**
 * celRequest per matched resource and kind, for one request: the policies that match it the
 * same way see the same `request` object, so its CEL value is made once (value-cache.ts).
 * Looked up by the identity of the resource and kind objects (matching hands out the same
 * ones for the same match), then by their fields.
 */
export function celRequests(
  attrs: AdmissionAttributes,
  input: Pick<AdmissionRequestInput, 'userInfo' | 'dryRun' | 'options'>
): (matched: { resource: GroupVersionResource; kind: GroupVersionKind }) => Json {
  const byIdentity = new Map<GroupVersionResource, Map<GroupVersionKind, Json>>()
  const byFields = new Map<string, Json>()
  return (matched) => {
    const { resource, kind } = matched
    let ofResource = byIdentity.get(resource)
    if (!ofResource) byIdentity.set(resource, (ofResource = new Map<GroupVersionKind, Json>()))
    let request = ofResource.get(kind)
    if (request) return request
    const key = JSON.stringify([
      resource.group,
      resource.version,
      resource.resource,
      kind.group,
      kind.version,
      kind.kind
    ])
    request = byFields.get(key)
    if (!request) byFields.set(key, (request = celRequest(attrs, matched, input)))
    ofResource.set(kind, request)
    return request
  }
}

/** The request's object in the matched version (a no-op conversion: only apiVersion and kind change). */
export function convertToKind(obj: Json | null, kind: GroupVersionKind): Json | null {
  if (obj === null || typeof obj.apiVersion !== 'string') return obj
  const apiVersion = kind.group === '' ? kind.version : `${kind.group}/${kind.version}`
  if (obj.apiVersion === apiVersion && obj.kind === kind.kind) return obj
  return { ...obj, apiVersion, kind: kind.kind }
}

/** The label every namespace carries (NamespaceDefaultLabelName). */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name'

/** CreateNamespaceObject: metadata (identity, labels, annotations, …), spec and status only. */
export function celNamespaceObject(namespace: Json | null): Json | null {
  if (namespace === null) return null
  const meta = metadataOf(namespace)
  const kept: Json = {}
  for (const key of [
    'name',
    'generateName',
    'namespace',
    'uid',
    'resourceVersion',
    'generation',
    'creationTimestamp',
    'deletionTimestamp',
    'deletionGracePeriodSeconds',
    'labels',
    'annotations',
    'finalizers'
  ])
    if (meta[key] !== undefined && meta[key] !== null) kept[key] = meta[key]
  return {
    metadata: kept,
    spec: isJsonObject(namespace.spec) ? namespace.spec : {},
    status: isJsonObject(namespace.status) ? namespace.status : {}
  }
}

/** GroupResource.String(): `deployments.apps`, `pods`. */
export function groupResource(resource: GroupVersionResource): string {
  return resource.group === '' ? resource.resource : `${resource.resource}.${resource.group}`
}

/**
 * admission.NewForbidden's message: `<resource> "<name>" is forbidden: <err>`, naming the object
 * by its name, else its generateName, else `Unknown`.
 */
export function forbiddenMessage(attrs: AdmissionAttributes, message: string): string {
  let name = attrs.name
  if (name === '') {
    name = 'Unknown'
    if (attrs.object !== null) {
      const meta = metadataOf(attrs.object)
      const objectName = strOf(meta.name) ?? ''
      const generateName = strOf(meta.generateName) ?? ''
      if (objectName !== '') name = objectName
      else if (generateName !== '') name = generateName
    }
  }
  const resource = groupResource(attrs.resource)
  if (attrs.resource.resource === '') return `forbidden: ${message}`
  return `${resource} ${goQuote(name)} is forbidden: ${message}`
}

/** reasonToCode (validating dispatcher). */
export function reasonToCode(reason: string): number {
  switch (reason) {
    case 'Forbidden':
      return 403
    case 'Unauthorized':
      return 401
    case 'RequestEntityTooLarge':
      return 413
    default:
      return 422
  }
}
