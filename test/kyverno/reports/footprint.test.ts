/**
 * The report footprint (issue 8 item 2) from our own generated reports, scaled to a cluster
 * profile. The reports design doc's two worked examples (issue 8, Done when), within 10%:
 * - 6.28 KB per report → ~6.28 MB per 1,000 resources per report type;
 * - PSS restricted on 1,000 pods → about 25 MB across about 2,000 reports.
 * The doc's KB is 1,024 bytes and its MB 1,000 KB (it multiplies 6.28 KB by 1,000).
 * The scaling itself is checked against reports actually generated for every resource.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { ClusterProfile } from '../../../src/kyverno/reports/cluster-profile.js'
import {
  ETCD_QUOTA_BYTES,
  estimateReportFootprint,
  sampledKinds,
  type ReportFootprint
} from '../../../src/kyverno/reports/footprint.js'
import {
  SubjectEvaluator,
  buildReports,
  resourceIdentity,
  type ReportSet,
  type ReportSubject
} from '../../../src/kyverno/reports/index.js'
import { DOC_TIME, docPod, pssRestrictedPolicies } from './pss.js'

const KB = 1024
const MB = 1000 * KB

const profile = (pods: number, extra: Partial<ClusterProfile> = {}): ClusterProfile => ({
  name: 'test',
  namespaces: 1,
  resources: { Pod: pods },
  backgroundScan: true,
  admissionReports: true,
  reportsBackend: 'etcd',
  basis: 'test',
  ...extra
})

const near = (actual: number, expected: number): number => Math.abs(actual - expected) / expected

let evaluator: SubjectEvaluator
let one: ReportSubject
let set: ReportSet
let footprint: ReportFootprint
beforeAll(() => {
  evaluator = new SubjectEvaluator({ policies: pssRestrictedPolicies() })
  one = evaluator.evaluate(docPod())
  set = buildReports([one], { layout: 'aggregated', now: DOC_TIME })
  footprint = estimateReportFootprint({
    reports: set,
    sampled: sampledKinds([{ kind: 'Pod' }]),
    profile: profile(1000)
  })
})

const role = (f: ReportFootprint, name: string) => f.roles.find((r) => r.role === name)!

describe('the reports design doc worked examples', () => {
  it('6.28 KB per report → ~6.28 MB per 1,000 resources per report type', () => {
    const background = set.reports.find((r) => r.role === 'background-scan')!
    const scanned = role(footprint, 'background-scan')
    expect(scanned.objects).toBe(1000)
    expect(scanned.bytes).toBe(BigInt(background.bytes * 1000))
    expect(near(background.bytes, 6.28 * KB)).toBeLessThan(0.1)
    expect(near(Number(scanned.bytes), 6.28 * MB)).toBeLessThan(0.1)
    // The admission report of a request is the same size; the aggregated one is larger:
    // Kyverno names the resource in each of its results.
    const ephemeral = role(footprint, 'ephemeral-admission')
    expect(ephemeral.objects).toBe(1000)
    expect(ephemeral.persistent).toBe(false)
    expect(near(Number(ephemeral.bytes), 6.28 * MB)).toBeLessThan(0.1)
    expect(Number(role(footprint, 'aggregated-admission').bytes)).toBeGreaterThan(
      Number(scanned.bytes)
    )
  })

  it('PSS restricted on 1,000 pods → about 25 MB across about 2,000 reports', () => {
    expect(near(Number(footprint.persistent.bytes), 25 * MB)).toBeLessThan(0.1)
    expect(near(footprint.persistent.objects, 2000)).toBeLessThan(0.1)
    // 15 one-rule policies → 1,000 results each, 2 two-rule policies → 2,000 each, split once.
    expect(role(footprint, 'policy-report').objects).toBe(19)
    expect(footprint.etcd.bytes).toBe(footprint.persistent.bytes)
    expect(footprint.etcd.quotaBytes).toBe(ETCD_QUOTA_BYTES)
    expect(footprint.etcd.oversized).toEqual([])
    // The two-rule policies dominate.
    expect(footprint.policies.slice(0, 2).map((p) => p.policy)).toEqual(
      expect.arrayContaining(['disallow-capabilities-strict', 'disallow-selinux'])
    )
    const shares = footprint.policies.reduce((n, p) => n + p.share, 0)
    expect(shares).toBeGreaterThan(0.9)
    expect(shares).toBeLessThanOrEqual(1)
  })
})

describe('scaling', () => {
  const pods = 60
  const chunkSize = 25
  let subjects: ReportSubject[]
  beforeAll(() => {
    subjects = Array.from({ length: pods }, (_, i) =>
      evaluator.evaluate(
        docPod(`kyverno-admission-controller-7d998c79c4-${String(i).padStart(5, 'x')}`, undefined)
      )
    ).map((s, i) => ({
      ...s,
      resource: {
        ...s.resource,
        metadata: { ...(s.resource.metadata as object), uid: `uid-${String(i).padStart(32, '0')}` }
      }
    }))
  })

  it('matches the reports actually generated for every resource', () => {
    const all = buildReports(subjects, { now: DOC_TIME, chunkSize })
    const estimate = estimateReportFootprint({
      reports: buildReports([subjects[0]!], { now: DOC_TIME, chunkSize }),
      sampled: sampledKinds([{ kind: 'Pod' }]),
      profile: profile(pods),
      chunkSize
    })
    const actual = all.reports.filter((r) => r.persistent)
    expect(estimate.persistent.objects).toBe(actual.length)
    const bytes = actual.reduce((n, r) => n + r.bytes, 0)
    expect(near(Number(estimate.persistent.bytes), bytes)).toBeLessThan(0.01)
    for (const name of ['policy-report', 'background-scan', 'aggregated-admission']) {
      const generated = actual.filter((r) => r.role === name)
      expect(role(estimate, name).objects).toBe(generated.length)
    }
  })

  it('spreads namespaced resources over the namespaces', () => {
    const f = estimateReportFootprint({
      reports: set,
      sampled: sampledKinds([{ kind: 'Pod' }]),
      profile: profile(1000, { namespaces: 10 })
    })
    // 100 pods per namespace: one report per policy and namespace.
    expect(role(f, 'policy-report').objects).toBe(170)
    expect(role(f, 'background-scan').objects).toBe(1000)
  })

  it('counts nothing in etcd with reports-server, and no background reports when off', () => {
    const f = estimateReportFootprint({
      reports: set,
      sampled: sampledKinds([{ kind: 'Pod' }]),
      profile: profile(1000, { reportsBackend: 'reports-server', backgroundScan: false })
    })
    expect(f.etcd.bytes).toBe(0n)
    expect(f.roles.map((r) => r.role)).not.toContain('background-scan')
    expect(f.persistent.bytes).toBeGreaterThan(0n)
  })

  it('flags the role whose largest object passes the per-object limit', () => {
    const f = estimateReportFootprint({
      reports: set,
      sampled: sampledKinds([{ kind: 'Pod' }]),
      profile: profile(1000),
      limits: { maxObjectBytes: 8_000n }
    })
    expect(f.etcd.oversized).toEqual(['aggregated-admission', 'policy-report'])
    expect(f.etcd.largestObject?.role).toBe('policy-report')
  })

  it('sizes the per-resource layout from its own reports', () => {
    const perResource = buildReports([one], { layout: 'per-resource', now: DOC_TIME })
    const f = estimateReportFootprint({
      reports: perResource,
      sampled: sampledKinds([{ kind: 'Pod' }]),
      profile: profile(1000)
    })
    expect(f.layout).toBe('per-resource')
    expect(role(f, 'policy-report').objects).toBe(1000)
    expect(f.persistent.objects).toBe(1000)
    expect(f.transient.objects).toBe(2000)
    const id = resourceIdentity(one.resource)
    expect(perResource.reports.every((r) => r.resource?.uid === id.uid)).toBe(true)
  })
})
