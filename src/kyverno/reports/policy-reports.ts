/**
 * The final reports users read (wgpolicyk8s.io/v1alpha2 PolicyReport / ClusterPolicyReport, or
 * openreports.io/v1alpha1 Report / ClusterReport):
 *
 * - Kyverno 1.10–1.11 (aggregate controller): the results of the aggregated admission reports
 *   and the background-scan reports of a namespace ("" for cluster-scoped resources), merged by
 *   policy/rule/resource UID (the newest wins), one report per policy named `cpol-<name>` /
 *   `pol-<name>`, split every `chunkSize` results (`cpol-<name>-1`, `-2`, …), labelled with
 *   the policies they hold.
 * - Kyverno 1.12+: one report per resource, named by its UID, owned by it, `scope` = the
 *   resource, merging its ephemeral reports by source/policy/rule.
 */
import type { JsonMap, KyvernoPolicy } from '../types.js'
import { ownerReferenceOf, objectReferenceOf, type ResourceIdentity } from './identity.js'
import { managedBy, policyLabel, policyResourceVersion, storedMetadata } from './metadata.js'
import { compareEntries, sortedResults } from './results.js'
import type { ReportFormat } from './types.js'

/** apiVersion and kind of a final report. */
export function finalKind(
  format: ReportFormat,
  clusterScoped: boolean
): { apiVersion: string; kind: string } {
  if (format === 'openreports')
    return {
      apiVersion: 'openreports.io/v1alpha1',
      kind: clusterScoped ? 'ClusterReport' : 'Report'
    }
  return {
    apiVersion: 'wgpolicyk8s.io/v1alpha2',
    kind: clusterScoped ? 'ClusterPolicyReport' : 'PolicyReport'
  }
}

function finalReport(
  format: ReportFormat,
  clusterScoped: boolean,
  metadata: JsonMap,
  scope: JsonMap | undefined,
  entries: readonly JsonMap[]
): JsonMap {
  const kind = finalKind(format, clusterScoped)
  const { results, summary } = sortedResults(entries)
  const out: JsonMap = { apiVersion: kind.apiVersion, kind: kind.kind, metadata }
  // openreports' Report.source has no omitempty: Kyverno leaves it empty.
  if (format === 'openreports') out.source = ''
  if (scope !== undefined) out.scope = scope
  out.summary = summary
  if (results.length > 0) out.results = results
  return out
}

/** Merges entries by key, keeping the newest (the first seen on equal timestamps). */
export class ResultMerger {
  private readonly merged = new Map<string, JsonMap>()

  add(key: string, entry: JsonMap): void {
    const current = this.merged.get(key)
    if (current === undefined || seconds(current) < seconds(entry)) this.merged.set(key, entry)
  }

  get entries(): JsonMap[] {
    return [...this.merged.values()]
  }
}

const seconds = (entry: JsonMap): number => {
  const t = entry.timestamp as { seconds?: unknown } | undefined
  return typeof t?.seconds === 'number' ? t.seconds : 0
}

export interface AggregatedPolicyReport {
  readonly object: JsonMap
  readonly namespace: string
  readonly policy: string
  readonly results: number
}

/**
 * Kyverno 1.10–1.11: the reports of one namespace ("" = cluster-scoped) from its merged
 * entries (each with its subject), per policy, split every `chunkSize` results.
 */
export function aggregatedPolicyReports(
  namespace: string,
  entries: readonly JsonMap[],
  policies: ReadonlyMap<string, KyvernoPolicy>,
  options: { format: ReportFormat; chunkSize: number; now: Date }
): AggregatedPolicyReport[] {
  const byPolicy = new Map<string, JsonMap[]>()
  for (const e of entries) {
    const key = typeof e.policy === 'string' ? e.policy : ''
    const list = byPolicy.get(key)
    if (list) list.push(e)
    else byPolicy.set(key, [e])
  }
  const out: AggregatedPolicyReport[] = []
  const chunk = options.chunkSize > 0 ? options.chunkSize : Number.MAX_SAFE_INTEGER
  for (const [key, list] of [...byPolicy].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // SplitResultsByPolicy: cpol-<name> for cluster policies, pol-<name> for namespaced ones.
    const slash = key.indexOf('/')
    const base = slash < 0 ? `cpol-${key}` : `pol-${key.slice(slash + 1)}`
    const sorted = [...list].sort(compareEntries)
    const policy = policies.get(key)
    const labels = {
      ...managedBy(),
      ...(policy !== undefined ? { [policyLabel(policy)]: policyResourceVersion(policy) } : {})
    }
    for (let i = 0; i < sorted.length; i += chunk) {
      const part = sorted.slice(i, i + chunk)
      const name = i === 0 ? base : `${base}-${i / chunk}`
      const kind = finalKind(options.format, namespace === '').kind
      const metadata = storedMetadata(kind, { name, namespace, labels }, options.now)
      out.push({
        object: finalReport(options.format, namespace === '', metadata, undefined, part),
        namespace,
        policy: key,
        results: part.length
      })
    }
  }
  return out
}

/** Kyverno 1.12+: the PolicyReport of one resource (NewPolicyReport + SetOwner). */
export function resourcePolicyReport(
  id: ResourceIdentity,
  entries: readonly JsonMap[],
  options: { format: ReportFormat; now: Date }
): JsonMap {
  const clusterScoped = id.namespace === ''
  const kind = finalKind(options.format, clusterScoped).kind
  const metadata = storedMetadata(
    kind,
    {
      name: id.uid,
      namespace: id.namespace,
      labels: managedBy(),
      ownerReferences: [ownerReferenceOf(id)]
    },
    options.now
  )
  return finalReport(options.format, clusterScoped, metadata, objectReferenceOf(id), entries)
}
