/**
 * Kyverno's resourceFilters (the `config.resourceFilters` of its Helm chart, kept the same from
 * 1.10 to today): `[Kind,Namespace,Name]` entries with wildcards; a matching resource is ignored
 * by admission and by background scans alike — no results, no reports. The chart also filters
 * the namespace Kyverno runs in (`excludeKyvernoNamespace`, default true, namespace `kyverno`).
 */
import { wildcardMatch } from '../go/wildcard.js'

export const DEFAULT_RESOURCE_FILTERS: readonly string[] = [
  '[Event,*,*]',
  '[*/*,kube-system,*]',
  '[*/*,kube-public,*]',
  '[*/*,kube-node-lease,*]',
  '[Node,*,*]',
  '[Node/?*,*,*]',
  '[APIService,*,*]',
  '[APIService/?*,*,*]',
  '[TokenReview,*,*]',
  '[SubjectAccessReview,*,*]',
  '[SelfSubjectAccessReview,*,*]',
  '[Binding,*,*]',
  '[Pod/binding,*,*]',
  '[ReplicaSet,*,*]',
  '[ReplicaSet/?*,*,*]',
  '[AdmissionReport,*,*]',
  '[ClusterAdmissionReport,*,*]',
  '[BackgroundScanReport,*,*]',
  '[ClusterBackgroundScanReport,*,*]',
  '[EphemeralReport,*,*]',
  '[ClusterEphemeralReport,*,*]',
  '[PolicyReport,*,*]',
  '[ClusterPolicyReport,*,*]',
  '[*/*,kyverno,*]'
]

interface Filter {
  kind: string
  subresource: string
  namespace: string
  name: string
}

function parseFilter(text: string): Filter | undefined {
  const m = /^\[([^,]*),([^,]*),([^\]]*)\]$/.exec(text.trim())
  if (m === null) return undefined
  const [kind = '', subresource = ''] = m[1]!.split('/')
  return { kind, subresource, namespace: m[2]!, name: m[3]! }
}

export class ResourceFilters {
  private readonly filters: Filter[]

  constructor(filters: readonly string[] = DEFAULT_RESOURCE_FILTERS) {
    this.filters = filters.map(parseFilter).filter((f): f is Filter => f !== undefined)
  }

  /** Whether Kyverno ignores a resource (a main resource, not a subresource request). */
  ignores(kind: string, namespace: string, name: string): boolean {
    return this.filters.some(
      (f) =>
        // `Kind/sub` entries only filter subresource requests, except `*/*`.
        (f.subresource === '' || f.kind === '*') &&
        wildcardMatch(f.kind, kind) &&
        wildcardMatch(f.namespace, namespace) &&
        wildcardMatch(f.name, name)
    )
  }
}
