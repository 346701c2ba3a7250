/**
 * What the apiserver's REST mapper and equivalent-resource registry know, offline: which
 * resource serves a kind (Deployment → apps/v1 deployments), whether it is namespaced, the kind
 * of a subresource (deployments/scale → autoscaling/v1 Scale), and which group-versions serve
 * the same stored objects (policy-dryrun-spec.md §1.3.4: matchPolicy Equivalent).
 *
 * Built-in resources come from a table of the APIs Kubernetes 1.30–1.37 serve; custom resources
 * from the CRDs of the repository (all served versions of one CRD are equivalent). A kind known
 * to neither is mapped the way kubectl guesses (lower case, plural).
 */
import type { GroupVersionKind, GroupVersionResource } from './api.js'
import { parseApiVersion } from './api.js'
import { pushAll } from '../../common/arrays.js'
import { isJsonObject } from '../../common/json.js'

export interface ResourceEntry {
  group: string
  version: string
  resource: string
  kind: string
  namespaced: boolean
  /** Resources with the same key are stored together: they are equivalent. */
  storage: string
  /** The kind each subresource takes and returns, by subresource name. */
  subresources?: Readonly<Record<string, GroupVersionKind>>
}

const SCALE: GroupVersionKind = { group: 'autoscaling', version: 'v1', kind: 'Scale' }

interface BuiltIn {
  group: string
  versions: readonly string[]
  resource: string
  kind: string
  namespaced: boolean
  /** Subresources whose kind is the resource's own (status) or another (scale). */
  subresources?: Readonly<Record<string, GroupVersionKind | 'self'>>
  /** The storage key when another group serves the same objects (events). */
  storage?: string
}

const STATUS = { status: 'self' } as const
const SCALABLE = { status: 'self', scale: SCALE } as const

/** The built-in APIs served by Kubernetes 1.30–1.37 (GA versions, and HPA's two). */
const BUILT_INS: readonly BuiltIn[] = [
  {
    group: '',
    versions: ['v1'],
    resource: 'pods',
    kind: 'Pod',
    namespaced: true,
    subresources: {
      status: 'self',
      ephemeralcontainers: 'self',
      resize: 'self',
      exec: { group: '', version: 'v1', kind: 'PodExecOptions' },
      attach: { group: '', version: 'v1', kind: 'PodAttachOptions' },
      portforward: { group: '', version: 'v1', kind: 'PodPortForwardOptions' },
      proxy: { group: '', version: 'v1', kind: 'PodProxyOptions' },
      log: 'self',
      eviction: { group: 'policy', version: 'v1', kind: 'Eviction' },
      binding: { group: '', version: 'v1', kind: 'Binding' }
    }
  },
  {
    group: '',
    versions: ['v1'],
    resource: 'services',
    kind: 'Service',
    namespaced: true,
    subresources: {
      status: 'self',
      proxy: { group: '', version: 'v1', kind: 'ServiceProxyOptions' }
    }
  },
  { group: '', versions: ['v1'], resource: 'configmaps', kind: 'ConfigMap', namespaced: true },
  { group: '', versions: ['v1'], resource: 'secrets', kind: 'Secret', namespaced: true },
  {
    group: '',
    versions: ['v1'],
    resource: 'namespaces',
    kind: 'Namespace',
    namespaced: false,
    subresources: { status: 'self', finalize: 'self' }
  },
  {
    group: '',
    versions: ['v1'],
    resource: 'nodes',
    kind: 'Node',
    namespaced: false,
    subresources: { status: 'self', proxy: { group: '', version: 'v1', kind: 'NodeProxyOptions' } }
  },
  {
    group: '',
    versions: ['v1'],
    resource: 'persistentvolumes',
    kind: 'PersistentVolume',
    namespaced: false,
    subresources: STATUS
  },
  {
    group: '',
    versions: ['v1'],
    resource: 'persistentvolumeclaims',
    kind: 'PersistentVolumeClaim',
    namespaced: true,
    subresources: STATUS
  },
  {
    group: '',
    versions: ['v1'],
    resource: 'serviceaccounts',
    kind: 'ServiceAccount',
    namespaced: true,
    subresources: { token: { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' } }
  },
  { group: '', versions: ['v1'], resource: 'endpoints', kind: 'Endpoints', namespaced: true },
  {
    group: '',
    versions: ['v1'],
    resource: 'events',
    kind: 'Event',
    namespaced: true,
    storage: 'events'
  },
  { group: '', versions: ['v1'], resource: 'limitranges', kind: 'LimitRange', namespaced: true },
  {
    group: '',
    versions: ['v1'],
    resource: 'resourcequotas',
    kind: 'ResourceQuota',
    namespaced: true,
    subresources: STATUS
  },
  {
    group: '',
    versions: ['v1'],
    resource: 'replicationcontrollers',
    kind: 'ReplicationController',
    namespaced: true,
    subresources: SCALABLE
  },
  { group: '', versions: ['v1'], resource: 'podtemplates', kind: 'PodTemplate', namespaced: true },
  {
    group: 'apps',
    versions: ['v1'],
    resource: 'deployments',
    kind: 'Deployment',
    namespaced: true,
    subresources: SCALABLE
  },
  {
    group: 'apps',
    versions: ['v1'],
    resource: 'statefulsets',
    kind: 'StatefulSet',
    namespaced: true,
    subresources: SCALABLE
  },
  {
    group: 'apps',
    versions: ['v1'],
    resource: 'replicasets',
    kind: 'ReplicaSet',
    namespaced: true,
    subresources: SCALABLE
  },
  {
    group: 'apps',
    versions: ['v1'],
    resource: 'daemonsets',
    kind: 'DaemonSet',
    namespaced: true,
    subresources: STATUS
  },
  {
    group: 'apps',
    versions: ['v1'],
    resource: 'controllerrevisions',
    kind: 'ControllerRevision',
    namespaced: true
  },
  {
    group: 'batch',
    versions: ['v1'],
    resource: 'jobs',
    kind: 'Job',
    namespaced: true,
    subresources: STATUS
  },
  {
    group: 'batch',
    versions: ['v1'],
    resource: 'cronjobs',
    kind: 'CronJob',
    namespaced: true,
    subresources: STATUS
  },
  {
    group: 'autoscaling',
    versions: ['v2', 'v1'],
    resource: 'horizontalpodautoscalers',
    kind: 'HorizontalPodAutoscaler',
    namespaced: true,
    subresources: STATUS
  },
  {
    group: 'policy',
    versions: ['v1'],
    resource: 'poddisruptionbudgets',
    kind: 'PodDisruptionBudget',
    namespaced: true,
    subresources: STATUS
  },
  {
    group: 'networking.k8s.io',
    versions: ['v1'],
    resource: 'ingresses',
    kind: 'Ingress',
    namespaced: true,
    subresources: STATUS
  },
  {
    group: 'networking.k8s.io',
    versions: ['v1'],
    resource: 'ingressclasses',
    kind: 'IngressClass',
    namespaced: false
  },
  {
    group: 'networking.k8s.io',
    versions: ['v1'],
    resource: 'networkpolicies',
    kind: 'NetworkPolicy',
    namespaced: true
  },
  {
    group: 'discovery.k8s.io',
    versions: ['v1'],
    resource: 'endpointslices',
    kind: 'EndpointSlice',
    namespaced: true
  },
  {
    group: 'events.k8s.io',
    versions: ['v1'],
    resource: 'events',
    kind: 'Event',
    namespaced: true,
    storage: 'events'
  },
  {
    group: 'rbac.authorization.k8s.io',
    versions: ['v1'],
    resource: 'roles',
    kind: 'Role',
    namespaced: true
  },
  {
    group: 'rbac.authorization.k8s.io',
    versions: ['v1'],
    resource: 'rolebindings',
    kind: 'RoleBinding',
    namespaced: true
  },
  {
    group: 'rbac.authorization.k8s.io',
    versions: ['v1'],
    resource: 'clusterroles',
    kind: 'ClusterRole',
    namespaced: false
  },
  {
    group: 'rbac.authorization.k8s.io',
    versions: ['v1'],
    resource: 'clusterrolebindings',
    kind: 'ClusterRoleBinding',
    namespaced: false
  },
  {
    group: 'storage.k8s.io',
    versions: ['v1'],
    resource: 'storageclasses',
    kind: 'StorageClass',
    namespaced: false
  },
  {
    group: 'storage.k8s.io',
    versions: ['v1'],
    resource: 'volumeattachments',
    kind: 'VolumeAttachment',
    namespaced: false,
    subresources: STATUS
  },
  {
    group: 'storage.k8s.io',
    versions: ['v1'],
    resource: 'csidrivers',
    kind: 'CSIDriver',
    namespaced: false
  },
  {
    group: 'storage.k8s.io',
    versions: ['v1'],
    resource: 'csinodes',
    kind: 'CSINode',
    namespaced: false
  },
  {
    group: 'scheduling.k8s.io',
    versions: ['v1'],
    resource: 'priorityclasses',
    kind: 'PriorityClass',
    namespaced: false
  },
  {
    group: 'coordination.k8s.io',
    versions: ['v1'],
    resource: 'leases',
    kind: 'Lease',
    namespaced: true
  },
  {
    group: 'node.k8s.io',
    versions: ['v1'],
    resource: 'runtimeclasses',
    kind: 'RuntimeClass',
    namespaced: false
  },
  {
    group: 'certificates.k8s.io',
    versions: ['v1'],
    resource: 'certificatesigningrequests',
    kind: 'CertificateSigningRequest',
    namespaced: false,
    subresources: { status: 'self', approval: 'self' }
  },
  {
    group: 'apiextensions.k8s.io',
    versions: ['v1'],
    resource: 'customresourcedefinitions',
    kind: 'CustomResourceDefinition',
    namespaced: false,
    subresources: STATUS
  },
  {
    group: 'apiregistration.k8s.io',
    versions: ['v1'],
    resource: 'apiservices',
    kind: 'APIService',
    namespaced: false,
    subresources: STATUS
  },
  {
    group: 'admissionregistration.k8s.io',
    versions: ['v1'],
    resource: 'validatingwebhookconfigurations',
    kind: 'ValidatingWebhookConfiguration',
    namespaced: false
  },
  {
    group: 'admissionregistration.k8s.io',
    versions: ['v1'],
    resource: 'mutatingwebhookconfigurations',
    kind: 'MutatingWebhookConfiguration',
    namespaced: false
  },
  {
    group: 'admissionregistration.k8s.io',
    versions: ['v1'],
    resource: 'validatingadmissionpolicies',
    kind: 'ValidatingAdmissionPolicy',
    namespaced: false,
    subresources: STATUS
  },
  {
    group: 'admissionregistration.k8s.io',
    versions: ['v1'],
    resource: 'validatingadmissionpolicybindings',
    kind: 'ValidatingAdmissionPolicyBinding',
    namespaced: false
  },
  {
    group: 'flowcontrol.apiserver.k8s.io',
    versions: ['v1'],
    resource: 'flowschemas',
    kind: 'FlowSchema',
    namespaced: false,
    subresources: STATUS
  },
  {
    group: 'flowcontrol.apiserver.k8s.io',
    versions: ['v1'],
    resource: 'prioritylevelconfigurations',
    kind: 'PriorityLevelConfiguration',
    namespaced: false,
    subresources: STATUS
  }
]

function builtInEntries(): ResourceEntry[] {
  const entries: ResourceEntry[] = []
  for (const b of BUILT_INS) {
    for (const version of b.versions) {
      const subresources: Record<string, GroupVersionKind> = {}
      for (const [name, kind] of Object.entries(b.subresources ?? {}))
        subresources[name] = kind === 'self' ? { group: b.group, version, kind: b.kind } : kind
      entries.push({
        group: b.group,
        version,
        resource: b.resource,
        kind: b.kind,
        namespaced: b.namespaced,
        storage: b.storage ?? `${b.group}/${b.resource}`,
        subresources
      })
    }
  }
  return entries
}

/** The served versions of a CRD object, as resource entries. */
export function crdEntries(crd: unknown): ResourceEntry[] {
  if (!isJsonObject(crd) || !isJsonObject(crd.spec)) return []
  const spec = crd.spec
  const names = isJsonObject(spec.names) ? spec.names : {}
  const group = typeof spec.group === 'string' ? spec.group : ''
  const plural = typeof names.plural === 'string' ? names.plural : ''
  const kind = typeof names.kind === 'string' ? names.kind : ''
  if (group === '' || plural === '' || kind === '') return []
  const namespaced = spec.scope !== 'Cluster'
  const versions = Array.isArray(spec.versions) ? spec.versions.filter(isJsonObject) : []
  const entries: ResourceEntry[] = []
  const served = versions.length > 0 ? versions : [{ name: spec.version, served: true }]
  for (const v of served) {
    if (typeof v.name !== 'string' || v.served === false) continue
    const subresources: Record<string, GroupVersionKind> = {}
    const sub = isJsonObject(v.subresources)
      ? v.subresources
      : isJsonObject(spec.subresources)
        ? spec.subresources
        : {}
    if ('status' in sub) subresources.status = { group, version: v.name, kind }
    if ('scale' in sub) subresources.scale = SCALE
    entries.push({
      group,
      version: v.name,
      resource: plural,
      kind,
      namespaced,
      storage: `${group}/${plural}`,
      subresources
    })
  }
  return entries
}

/** kubectl's UnsafeGuessKindToResource: `Ingress` → `ingresses`, `Policy` → `policies`. */
export function guessResource(kind: string): string {
  const singular = kind.toLowerCase()
  if (singular.endsWith('s')) return `${singular}es`
  if (singular.endsWith('y')) return `${singular.slice(0, -1)}ies`
  return `${singular}s`
}

export interface ResourceMapping {
  resource: GroupVersionResource
  namespaced: boolean
  /** False when the kind is neither built in nor defined by a CRD: the mapping was guessed. */
  known: boolean
}

/**
 * A map keyed by three strings, as nested maps: lookups are hot (every policy of every request)
 * and need no combined key string. `add` keeps the first value of a key, as a scan finds it.
 */
class KeyTree<V> {
  private readonly root = new Map<string, Map<string, Map<string, V>>>()

  get(a: string, b: string, c: string): V | undefined {
    return this.root.get(a)?.get(b)?.get(c)
  }

  add(a: string, b: string, c: string, value: V): void {
    let level1 = this.root.get(a)
    if (!level1) this.root.set(a, (level1 = new Map<string, Map<string, V>>()))
    let level2 = level1.get(b)
    if (!level2) level1.set(b, (level2 = new Map<string, V>()))
    if (!level2.has(c)) level2.set(c, value)
  }
}

export class ResourceCatalog {
  // The entries, indexed: a dry-run asks per request and policy, and a repository's CRDs make
  // thousands. Each index keeps the first entry of a key, or all in order, as a scan finds them.
  private readonly byResource = new KeyTree<ResourceEntry>()
  private readonly byKind = new KeyTree<ResourceEntry>()
  private readonly byGroupKind = new KeyTree<ResourceEntry>()
  private readonly byStorage = new Map<string, ResourceEntry[]>()
  /** equivalents() per entry and subresource: matching asks for each policy of each request. */
  private readonly equivalentsOf = new Map<ResourceEntry, Map<string, GroupVersionResource[]>>()

  /**
   * The built-in resources plus those of `crds`; `entries` replaces the built-in table (tests
   * that pin the apiserver's registry of a unit test).
   */
  constructor(options: { crds?: readonly unknown[]; entries?: readonly ResourceEntry[] } = {}) {
    const entries = [...(options.entries ?? builtInEntries())]
    for (const crd of options.crds ?? []) pushAll(entries, crdEntries(crd))
    for (const e of entries) {
      this.byResource.add(e.group, e.version, e.resource, e)
      this.byKind.add(e.group, e.version, e.kind, e)
      this.byGroupKind.add(e.group, e.kind, '', e)
      const sameStorage = this.byStorage.get(e.storage)
      if (sameStorage) sameStorage.push(e)
      else this.byStorage.set(e.storage, [e])
    }
  }

  private find(group: string, version: string, resource: string): ResourceEntry | undefined {
    return this.byResource.get(group, version, resource)
  }

  /** The resource serving a kind (RESTMapper.RESTMapping), guessed when unknown. */
  mappingForKind(gvk: GroupVersionKind): ResourceMapping {
    const entry = this.byKind.get(gvk.group, gvk.version, gvk.kind)
    if (entry)
      return {
        resource: { group: entry.group, version: entry.version, resource: entry.resource },
        namespaced: entry.namespaced,
        known: true
      }
    // Another version of the same kind tells the resource name and scope.
    const sibling = this.byGroupKind.get(gvk.group, gvk.kind, '')
    return {
      resource: {
        group: gvk.group,
        version: gvk.version,
        resource: sibling?.resource ?? guessResource(gvk.kind)
      },
      namespaced: sibling?.namespaced ?? true,
      known: sibling !== undefined
    }
  }

  /** The kind of `apiVersion`/`kind` as an object states them. */
  mappingForObject(apiVersion: string, kind: string): ResourceMapping & { kind: GroupVersionKind } {
    const { group, version } = parseApiVersion(apiVersion)
    const gvk = { group, version, kind }
    return Object.assign({}, this.mappingForKind(gvk), { kind: gvk })
  }

  /** Whether a paramKind (`apiVersion`, `kind`) is a namespaced resource; undefined when unknown. */
  isNamespacedKind(apiVersion: string, kind: string): boolean | undefined {
    const m = this.mappingForObject(apiVersion, kind)
    return m.known ? m.namespaced : undefined
  }

  /** Whether the paramKind is served at all (known built in or from a CRD). */
  knowsKind(apiVersion: string, kind: string): boolean {
    return this.mappingForObject(apiVersion, kind).known
  }

  /**
   * EquivalentResourcesFor: the resources storing the same objects as `gvr` (itself included),
   * or undefined when `gvr` is unknown. Resources without the subresource are left out.
   */
  equivalents(
    gvr: GroupVersionResource,
    subresource: string
  ): readonly GroupVersionResource[] | undefined {
    const entry = this.find(gvr.group, gvr.version, gvr.resource)
    if (!entry) return undefined
    let bySubresource = this.equivalentsOf.get(entry)
    if (!bySubresource)
      this.equivalentsOf.set(entry, (bySubresource = new Map<string, GroupVersionResource[]>()))
    let found = bySubresource.get(subresource)
    if (!found) {
      found = (this.byStorage.get(entry.storage) ?? [])
        .filter((e) => subresource === '' || e.subresources?.[subresource])
        .map((e) => ({ group: e.group, version: e.version, resource: e.resource }))
      bySubresource.set(subresource, found)
    }
    return found
  }

  /** KindFor(resource, subresource); undefined when unknown. */
  kindFor(gvr: GroupVersionResource, subresource: string): GroupVersionKind | undefined {
    const entry = this.find(gvr.group, gvr.version, gvr.resource)
    if (!entry) return undefined
    if (subresource === '') return { group: entry.group, version: entry.version, kind: entry.kind }
    return entry.subresources?.[subresource]
  }
}
