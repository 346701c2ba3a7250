/**
 * What Kyverno's policy reports will store in a cluster (issue 8 item 2), computed from the
 * reports the dry-run actually generated (src/kyverno/reports) for the repository's resources,
 * scaled to a cluster profile — the reports design doc's method ("measure the average size of an
 * individual report and multiply", docs/dev/reports/README.md) done per resource kind, report
 * role and policy:
 *
 * - per-resource reports (ephemeral and aggregated admission reports, background-scan reports;
 *   the per-resource PolicyReports of Kyverno 1.12+): for each kind, the generated reports per
 *   sample × the kind's count in the profile. Autogen kinds (Deployment, ReplicaSet, Job, …) are
 *   kinds like any other: their reports hold the autogen rules' results.
 * - PolicyReports per namespace and policy (Kyverno 1.10–1.11): each policy's entries per
 *   sample of each kind × the kind's count, spread evenly over the namespaces, split every
 *   `chunkSize` entries; each report also carries its policy's measured metadata.
 *
 * Ephemeral reports are transient (deleted once aggregated): they are counted apart, as the peak
 * when every resource is admitted or scanned at once. With reports-server the reports live in
 * its database, not in etcd. Totals are compared with etcd's quota, the largest object with
 * etcd's request limit, and each policy's share says which policies dominate.
 */
import { stringBytes } from '../../kube/sizing/json-size.js'
import { ETCD_OBJECT_LIMIT } from '../../kube/sizing/object-size-report.js'
import type { ClusterProfile } from './cluster-profile.js'
import {
  DEFAULT_CHUNK_SIZE,
  REPORT_ROLES,
  type GeneratedReport,
  type ReportLayout,
  type ReportRole,
  type ReportSet
} from './index.js'
import { entryBytes } from './sizes.js'

/** etcd's backend quota most control planes run with (--quota-backend-bytes, 8 GiB). */
export const ETCD_QUOTA_BYTES = 8n * 1024n * 1024n * 1024n

export interface FootprintLimits {
  /** Default 8 GiB. */
  readonly etcdQuotaBytes?: bigint
  /** Default etcd's 1.5 MiB request limit. */
  readonly maxObjectBytes?: bigint
}

/** How many subjects of each kind went into the report set, and which were stand-ins. */
export interface SampledKind {
  readonly kind: string
  /** Resources of this kind the reports were generated for. */
  readonly samples: number
  /** No file showed this kind: its rules were assumed to pass. */
  readonly estimated: boolean
}

export interface RoleFootprint {
  readonly role: ReportRole
  readonly persistent: boolean
  readonly objects: number
  readonly bytes: bigint
  /** The largest single object of this role. */
  readonly largestObjectBytes: bigint
}

export interface KindFootprint {
  readonly kind: string
  /** Objects of the kind in the profile. */
  readonly resources: number
  readonly samples: number
  readonly estimated: boolean
  /** Persistent report bytes per resource of this kind (per-resource reports only). */
  readonly bytesPerResource: bigint
  /** Persistent bytes attributable to the kind, policy reports' entries included. */
  readonly bytes: bigint
}

export interface PolicyFootprint {
  /** The policy key (`name`, `namespace/name`). */
  readonly policy: string
  /** Persistent bytes of its entries, labels and reports. */
  readonly bytes: bigint
  /** Share of the persistent total, 0–1. */
  readonly share: number
}

export interface ReportFootprint {
  readonly layout: ReportLayout
  readonly profile: ClusterProfile
  readonly chunkSize: number
  readonly roles: readonly RoleFootprint[]
  readonly kinds: readonly KindFootprint[]
  readonly policies: readonly PolicyFootprint[]
  /** Reports that live as long as their resources. */
  readonly persistent: { readonly objects: number; readonly bytes: bigint }
  /** Ephemeral reports at their peak (every resource admitted or scanned at once). */
  readonly transient: { readonly objects: number; readonly bytes: bigint }
  readonly etcd: {
    /** Persistent report bytes in etcd (0 with reports-server). */
    readonly bytes: bigint
    readonly quotaBytes: bigint
    /** bytes / quotaBytes. */
    readonly quotaShare: number
    readonly maxObjectBytes: bigint
    readonly largestObject?: { readonly role: ReportRole; readonly bytes: bigint }
    /** Roles whose largest object exceeds the per-object limit. */
    readonly oversized: readonly ReportRole[]
  }
}

interface RoleKindStats {
  objects: number
  bytes: number
  largest: number
  persistent: boolean
}

/** Bytes a policy's entries and label take in per-resource reports, by role and kind. */
type PolicyBytes = Map<string, number>

interface EntryStats {
  entries: number
  bytes: number
  namespaced: boolean
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

const POLICY_LABEL = /^(?:c?pol|vpol)\.kyverno\.io\/(.*)$/

/** The results array of a report (spec.results for intermediate reports). */
function resultsOf(report: GeneratedReport): Record<string, unknown>[] {
  const spec = report.object.spec as { results?: unknown } | undefined
  const list = Array.isArray(spec?.results) ? spec.results : report.object.results
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : []
}

function labelsOf(report: GeneratedReport): Record<string, string> {
  const meta = report.object.metadata as { labels?: Record<string, string> } | undefined
  return meta?.labels ?? {}
}

/** The kind of the resource an aggregated entry is about. */
const subjectKind = (entry: Record<string, unknown>): string => {
  const resources = entry.resources
  return Array.isArray(resources)
    ? text((resources[0] as Record<string, unknown> | null)?.kind)
    : ''
}

export interface FootprintInput {
  readonly reports: ReportSet
  readonly sampled: readonly SampledKind[]
  readonly profile: ClusterProfile
  readonly chunkSize?: number
  readonly limits?: FootprintLimits
}

export function estimateReportFootprint(input: FootprintInput): ReportFootprint {
  const { reports: set, profile } = input
  const chunkSize = input.chunkSize ?? DEFAULT_CHUNK_SIZE
  const quota = input.limits?.etcdQuotaBytes ?? ETCD_QUOTA_BYTES
  const maxObject = input.limits?.maxObjectBytes ?? ETCD_OBJECT_LIMIT
  const sampled = new Map(input.sampled.map((s) => [s.kind, s]))

  // Measured from the generated reports.
  const perKind = new Map<string, Map<ReportRole, RoleKindStats>>()
  const policyBytesByKind = new Map<string, PolicyBytes>()
  const entryStats = new Map<string, Map<string, EntryStats>>()
  const shells = new Map<string, { bytes: number; reports: number }>()
  for (const report of set.reports) {
    if (report.resource !== undefined) {
      const kind = report.resource.kind
      let roles = perKind.get(kind)
      if (!roles) perKind.set(kind, (roles = new Map<ReportRole, RoleKindStats>()))
      const stats = roles.get(report.role) ?? {
        objects: 0,
        bytes: 0,
        largest: 0,
        persistent: report.persistent
      }
      stats.objects++
      stats.bytes += report.bytes
      stats.largest = Math.max(stats.largest, report.bytes)
      roles.set(report.role, stats)
      if (report.persistent) attributePerResource(report, kind, policyBytesByKind)
      continue
    }
    // A report aggregated per namespace and policy.
    const policy = report.policy ?? ''
    const results = resultsOf(report)
    let entriesBytes = 0
    let byKind = entryStats.get(policy)
    if (!byKind) entryStats.set(policy, (byKind = new Map<string, EntryStats>()))
    for (const entry of results) {
      const bytes = entryBytes(entry)
      entriesBytes += bytes
      const kind = subjectKind(entry)
      const key = `${kind}\u0000${report.namespace === '' ? 'cluster' : 'namespaced'}`
      const stats = byKind.get(key) ?? { entries: 0, bytes: 0, namespaced: report.namespace !== '' }
      stats.entries++
      stats.bytes += bytes
      byKind.set(key, stats)
    }
    const shell = report.bytes - entriesBytes - Math.max(0, results.length - 1)
    const s = shells.get(policy) ?? { bytes: 0, reports: 0 }
    s.bytes += shell
    s.reports++
    shells.set(policy, s)
  }

  // Scaled to the profile.
  const samplesOf = (kind: string): number => sampled.get(kind)?.samples ?? 0
  const scale = (kind: string): number => {
    const samples = samplesOf(kind)
    return samples > 0 ? (profile.resources[kind] ?? 0) / samples : 0
  }
  const roleTotals = new Map<
    ReportRole,
    { objects: number; bytes: number; largest: number; persistent: boolean }
  >()
  const kindBytes = new Map<string, number>()
  const policyBytes = new Map<string, number>()
  const addPolicy = (policy: string, bytes: number): void => {
    policyBytes.set(policy, (policyBytes.get(policy) ?? 0) + bytes)
  }
  const addRole = (
    role: ReportRole,
    persistent: boolean,
    objects: number,
    bytes: number,
    largest: number
  ): void => {
    const t = roleTotals.get(role) ?? { objects: 0, bytes: 0, largest: 0, persistent }
    t.objects += objects
    t.bytes += bytes
    t.largest = Math.max(t.largest, largest)
    roleTotals.set(role, t)
  }
  const enabled = (role: ReportRole): boolean => {
    if (role === 'ephemeral-admission' || role === 'aggregated-admission')
      return profile.admissionReports
    if (role === 'background-scan') return profile.backgroundScan
    return true
  }
  for (const [kind, roles] of perKind) {
    const factor = scale(kind)
    for (const [role, stats] of roles) {
      if (!enabled(role)) continue
      addRole(role, stats.persistent, stats.objects * factor, stats.bytes * factor, stats.largest)
      if (stats.persistent) kindBytes.set(kind, (kindBytes.get(kind) ?? 0) + stats.bytes * factor)
    }
    for (const [key, bytes] of policyBytesByKind.get(kind) ?? new Map<string, number>()) {
      const [role, policy] = key.split('\u0000') as [ReportRole, string]
      if (enabled(role)) addPolicy(policy, bytes * factor)
    }
  }
  // Reports aggregated per namespace and policy.
  for (const [policy, byKind] of entryStats) {
    const shell = shells.get(policy)
    const shellBytes = shell && shell.reports > 0 ? shell.bytes / shell.reports : 0
    for (const namespaced of [true, false]) {
      let entries = 0
      let bytes = 0
      let resources = 0
      for (const [key, stats] of byKind) {
        if (stats.namespaced !== namespaced) continue
        const kind = key.slice(0, key.indexOf('\u0000'))
        const factor = scale(kind)
        entries += stats.entries * factor
        bytes += stats.bytes * factor
        resources += profile.resources[kind] ?? 0
        kindBytes.set(kind, (kindBytes.get(kind) ?? 0) + stats.bytes * factor)
      }
      if (entries <= 0) continue
      // Resources spread evenly: a namespace without matching resources has no report.
      const groups = namespaced ? Math.max(1, Math.min(profile.namespaces, resources)) : 1
      const perGroup = entries / groups
      const reportsPerGroup = Math.ceil(perGroup / chunkSize)
      const objects = groups * reportsPerGroup
      const total = bytes + objects * shellBytes
      const largest = (Math.min(perGroup, chunkSize) * bytes) / entries + shellBytes
      addRole(namespaced ? 'policy-report' : 'cluster-policy-report', true, objects, total, largest)
      addPolicy(policy, total)
    }
  }

  const roles: RoleFootprint[] = REPORT_ROLES.flatMap((role) => {
    const t = roleTotals.get(role)
    if (!t || t.objects <= 0) return []
    return [
      {
        role,
        persistent: t.persistent,
        objects: Math.round(t.objects),
        bytes: BigInt(Math.round(t.bytes)),
        largestObjectBytes: BigInt(Math.round(t.largest))
      }
    ]
  })
  const sum = (list: readonly RoleFootprint[]) => ({
    objects: list.reduce((n, r) => n + r.objects, 0),
    bytes: list.reduce((n, r) => n + r.bytes, 0n)
  })
  const persistent = sum(roles.filter((r) => r.persistent))
  const transient = sum(roles.filter((r) => !r.persistent))
  const total = Number(persistent.bytes)
  const policies = [...policyBytes]
    .map(([policy, bytes]) => ({
      policy,
      bytes: BigInt(Math.round(bytes)),
      share: total > 0 ? bytes / total : 0
    }))
    .sort((a, b) => (b.bytes > a.bytes ? 1 : b.bytes < a.bytes ? -1 : a.policy < b.policy ? -1 : 1))
  const kinds: KindFootprint[] = [
    ...new Set([...sampled.keys(), ...Object.keys(profile.resources)])
  ]
    .filter((k) => (profile.resources[k] ?? 0) > 0 && samplesOf(k) > 0)
    .sort()
    .map((kind) => {
      const roleStats = perKind.get(kind)
      let perResource = 0
      for (const [role, stats] of roleStats ?? [])
        if (stats.persistent && enabled(role)) perResource += stats.bytes / samplesOf(kind)
      return {
        kind,
        resources: profile.resources[kind] ?? 0,
        samples: samplesOf(kind),
        estimated: sampled.get(kind)?.estimated ?? false,
        bytesPerResource: BigInt(Math.round(perResource)),
        bytes: BigInt(Math.round(kindBytes.get(kind) ?? 0))
      }
    })
  const inEtcd = profile.reportsBackend === 'etcd' ? persistent.bytes : 0n
  const largest = roles.reduce<RoleFootprint | undefined>(
    (best, r) => (best === undefined || r.largestObjectBytes > best.largestObjectBytes ? r : best),
    undefined
  )
  return {
    layout: set.layout,
    profile,
    chunkSize,
    roles,
    kinds,
    policies,
    persistent,
    transient,
    etcd: {
      bytes: inEtcd,
      quotaBytes: quota,
      quotaShare: quota > 0n ? Number(inEtcd) / Number(quota) : 0,
      maxObjectBytes: maxObject,
      ...(largest
        ? { largestObject: { role: largest.role, bytes: largest.largestObjectBytes } }
        : {}),
      oversized: roles.filter((r) => r.largestObjectBytes > maxObject).map((r) => r.role)
    }
  }
}

/** Splits a per-resource report's bytes by policy: its entries and its label. */
function attributePerResource(
  report: GeneratedReport,
  kind: string,
  into: Map<string, PolicyBytes>
): void {
  let byPolicy = into.get(kind)
  if (!byPolicy) into.set(kind, (byPolicy = new Map<string, number>()))
  const add = (policy: string, bytes: number): void => {
    const key = `${report.role}\u0000${policy}`
    byPolicy.set(key, (byPolicy.get(key) ?? 0) + bytes)
  }
  for (const entry of resultsOf(report)) add(text(entry.policy), entryBytes(entry) + 1)
  for (const [key, value] of Object.entries(labelsOf(report))) {
    const m = POLICY_LABEL.exec(key)
    if (m === null) continue
    const namespace = report.namespace
    const policy = key.startsWith('pol.') ? `${namespace}/${m[1]!}` : m[1]!
    add(policy, stringBytes(key) + 1 + stringBytes(value) + 1)
  }
}

/** The kinds of a report set's subjects, for `sampled`. */
export function sampledKinds(
  subjects: ReadonlyArray<{ readonly kind: string; readonly estimated?: boolean }>
): SampledKind[] {
  const byKind = new Map<string, { samples: number; estimated: boolean }>()
  for (const s of subjects) {
    const entry = byKind.get(s.kind) ?? { samples: 0, estimated: s.estimated ?? false }
    entry.samples++
    entry.estimated = entry.estimated && (s.estimated ?? false)
    byKind.set(s.kind, entry)
  }
  return [...byKind].map(([kind, v]) => ({ kind, samples: v.samples, estimated: v.estimated }))
}
