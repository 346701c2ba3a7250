/**
 * Whether a kind is namespaced, and the object as admission sees it when the manifest is
 * applied: kubectl sends a namespaced object without `metadata.namespace` to its context's
 * namespace (`default`), and the apiserver's create handler sets the request's namespace on the
 * object, or clears it for a cluster-scoped kind (apiserver endpoints/handlers/create.go,
 * rest.EnsureObjectNamespaceMatchesRequestNamespace). Admission then matches namespaceSelectors
 * against that namespace: a namespaced object never counts as cluster-scoped.
 *
 * Scope comes from the built-in API facts of the release (kube/builtin), then from the
 * repository's CRDs (`spec.scope`); a kind known to neither counts as namespaced.
 */
import { builtinApi } from '../builtin/facts.js'
import { applyRequestNamespace } from '../cr/root-metadata.js'
import type { JsonObject } from '../../common/json.js'
import type { KubernetesVersion } from '../versions.js'
import { isJsonObject } from '../../common/json.js'

type Json = Record<string, unknown>
const groupOf = (apiVersion: string): string =>
  apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : ''
const key = (group: string, kind: string): string => `${group}\u0000${kind}`

export class CreateScopes {
  /** Namespaced or not, by group and kind (a kind has one scope in every version). */
  private readonly scopes = new Map<string, boolean>()

  constructor(version: KubernetesVersion, crds: readonly unknown[] = []) {
    for (const crd of crds) {
      const spec = isJsonObject(crd) && isJsonObject(crd.spec) ? crd.spec : {}
      const names = isJsonObject(spec.names) ? spec.names : {}
      if (typeof spec.group !== 'string' || typeof names.kind !== 'string') continue
      this.scopes.set(key(spec.group, names.kind), spec.scope !== 'Cluster')
    }
    // Built-in kinds win: a CRD cannot redefine them.
    for (const k of builtinApi(version).kinds()) this.scopes.set(key(k.group, k.kind), k.namespaced)
  }

  isNamespaced(apiVersion: string, kind: string): boolean {
    return this.scopes.get(key(groupOf(apiVersion), kind)) ?? true
  }

  isClusterScoped = (apiVersion: string, kind: string): boolean =>
    !this.isNamespaced(apiVersion, kind)

  /**
   * The object with the namespace it is created in; the same object when that is its own.
   * Only metadata is copied: callers read the result.
   */
  asCreated<T extends Json>(object: T): T {
    const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : ''
    const kind = typeof object.kind === 'string' ? object.kind : ''
    const namespaced = this.isNamespaced(apiVersion, kind)
    const meta = isJsonObject(object.metadata) ? object.metadata : undefined
    const own = typeof meta?.namespace === 'string' ? meta.namespace : ''
    if (namespaced ? own !== '' : meta === undefined || !('namespace' in meta)) return object
    const copy: JsonObject = { ...object, metadata: { ...(meta ?? {}) } }
    applyRequestNamespace(copy, { namespaced })
    return copy as T
  }
}
