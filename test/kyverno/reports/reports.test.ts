/**
 * The reports Kyverno would create, on the fixture repository's policies (fixtures/kyverno/repo):
 * both layouts, the labels/annotations/owner references of each report, splitting at 1,000
 * results, cluster-scoped reports, blocked requests, openreports.io, writing to a folder, and
 * the objects workloads create.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse, parseAllDocuments } from 'yaml'
import type { KyvernoPolicy } from '../../../src/kyverno/index.js'
import { shape, type Doc, type Entry, type Report } from './shapes.js'
import {
  SubjectEvaluator,
  buildReports,
  workloadDescendants,
  writeReports,
  type GeneratedReport,
  type ReportSet
} from '../../../src/kyverno/reports/index.js'

const REPO = path.resolve(process.cwd(), 'fixtures/kyverno/repo')
const NOW = new Date('2026-01-02T03:04:05Z')

function load(folder: string): Doc[] {
  return readdirSync(path.join(REPO, folder))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .flatMap((f) =>
      parseAllDocuments(readFileSync(path.join(REPO, folder, f), 'utf8')).map(
        (d) => d.toJS() as Doc
      )
    )
}

const policies = load('policies') as unknown as KyvernoPolicy[]
const samples = load('samples')
const namespaces = samples.filter((s) => s.kind === 'Namespace')
const evaluator = new SubjectEvaluator({ policies, namespaces })
const sample = (kind: string, name: string): Doc =>
  samples.find((s) => s.kind === kind && s.metadata.name === name)!

const of = (set: ReportSet, role: string): GeneratedReport[] =>
  set.reports.filter((r) => r.role === role)
const named = (set: ReportSet, name: string): Report =>
  shape(set.reports.find((r) => shape(r).metadata.name === name)!)

describe('aggregated layout (Kyverno 1.10–1.11)', () => {
  const set = buildReports(
    samples.map((s) => evaluator.evaluate(s)),
    { layout: 'aggregated', now: NOW }
  )

  it('creates the admission report of a request with the resource and policy labels', () => {
    const api = of(set, 'ephemeral-admission').find((r) => r.resource?.name === 'api')!
    const report = shape(api)
    expect(report.apiVersion).toBe('kyverno.io/v1alpha2')
    expect(report.kind).toBe('AdmissionReport')
    expect(report.metadata.labels).toEqual({
      'audit.kyverno.io/resource.uid': api.resource!.uid,
      'audit.kyverno.io/resource.gvr': 'pods.v1',
      'audit.kyverno.io/resource.namespace': 'team-a',
      'audit.kyverno.io/resource.name': 'api',
      'app.kubernetes.io/managed-by': 'kyverno',
      'cpol.kyverno.io/disallow-latest-tag': expect.stringMatching(/^\d{6}$/),
      'cpol.kyverno.io/require-labels': expect.stringMatching(/^\d{6}$/)
    })
    expect(report.metadata.ownerReferences).toBeUndefined()
    expect(report.spec.owner).toEqual({ apiVersion: '', kind: '', name: '', uid: '' })
    expect(report.spec.summary).toEqual({ pass: 3, fail: 0, warn: 0, error: 0, skip: 0 })
    expect(report.spec.results[0]).toEqual({
      source: 'kyverno',
      policy: 'disallow-latest-tag',
      rule: 'require-image-tag',
      message: "validation rule 'require-image-tag' passed.",
      result: 'pass',
      scored: true,
      timestamp: { seconds: NOW.getTime() / 1000, nanos: 0 },
      category: 'Best Practices',
      severity: 'high'
    })
  })

  it('aggregates admission results per resource, with the resource as subject', () => {
    const api = of(set, 'aggregated-admission').find((r) => r.resource?.name === 'api')!
    const report = shape(api)
    expect(report.metadata.name).toBe(api.resource!.uid)
    expect(report.metadata.labels['audit.kyverno.io/report.aggregate']).toBe(api.resource!.uid)
    expect(report.metadata.labels['cpol.kyverno.io/require-labels']).toBeUndefined()
    expect(report.metadata.ownerReferences).toEqual([
      { apiVersion: 'v1', kind: 'Pod', name: 'api', uid: api.resource!.uid }
    ])
    expect(report.spec.results[0]!.resources).toEqual([
      { kind: 'Pod', namespace: 'team-a', name: 'api', uid: api.resource!.uid, apiVersion: 'v1' }
    ])
  })

  it('creates no admission report for a request an Enforce policy blocks', () => {
    const scratch = set.reports.filter((r) => r.resource?.name === 'scratch')
    expect(scratch.map((r) => r.role)).toEqual(['background-scan'])
    const report = shape(scratch[0]!)
    expect(report.spec.summary).toEqual({ pass: 1, fail: 2, warn: 0, error: 0, skip: 0 })
    expect(report.metadata.labels['audit.kyverno.io/resource.hash']).toMatch(/^[0-9a-f]{32}$/)
  })

  it('leaves background-disabled policies out of background scans', () => {
    const service = set.reports.filter((r) => r.resource?.kind === 'Service')
    expect(service.map((r) => r.role)).toEqual(['ephemeral-admission', 'aggregated-admission'])
    const labels = shape(service[0]!).metadata.labels
    expect(labels['pol.kyverno.io/no-nodeport']).toMatch(/^\d{6}$/)
  })

  it('aggregates PolicyReports per namespace and policy', () => {
    const reports = [...of(set, 'policy-report'), ...of(set, 'cluster-policy-report')].map(
      (r) => `${shape(r).kind} ${r.namespace || '-'}/${shape(r).metadata.name} ${r.results}`
    )
    expect(reports).toEqual([
      'PolicyReport sandbox/cpol-disallow-latest-tag 2',
      'PolicyReport sandbox/cpol-require-labels 1',
      'PolicyReport team-a/cpol-disallow-latest-tag 4',
      'PolicyReport team-a/cpol-require-labels 2',
      'PolicyReport team-a/pol-no-nodeport 1',
      'ClusterPolicyReport -/cpol-require-namespace-owner 2'
    ])
    const cluster = named(set, 'cpol-require-namespace-owner')
    expect(cluster.metadata.namespace).toBeUndefined()
    expect(cluster.metadata.labels).toEqual({
      'app.kubernetes.io/managed-by': 'kyverno',
      'cpol.kyverno.io/require-namespace-owner': expect.stringMatching(/^\d{6}$/)
    })
    expect(cluster.summary).toEqual({ pass: 1, fail: 1, warn: 0, error: 0, skip: 0 })
    expect(cluster.results.map((r: Entry) => r.resources?.[0]?.name)).toEqual(
      expect.arrayContaining(['team-a', 'sandbox'])
    )
    expect(
      of(set, 'background-scan').find((r) => r.resource?.kind === 'Namespace')!.object.kind
    ).toBe('ClusterBackgroundScanReport')
  })

  it('reports autogen rules on the Deployment', () => {
    const deployment = of(set, 'background-scan').find((r) => r.resource?.kind === 'Deployment')!
    const rules = shape(deployment).spec.results.map((r: Entry) => `${r.rule} ${r.result}`)
    expect(rules).toEqual([
      'autogen-require-image-tag pass',
      'autogen-validate-image-tag pass',
      'autogen-check-for-labels fail'
    ])
  })
})

describe('splitting at 1,000 results', () => {
  const pods = Array.from({ length: 1001 }, (_, i) => ({
    ...sample('Pod', 'api'),
    metadata: { name: `api-${i}`, namespace: 'team-a', labels: { 'app.kubernetes.io/name': 'api' } }
  }))
  const only = new SubjectEvaluator({
    policies: policies.filter((p) => p.metadata?.name === 'require-labels')
  })
  const subjects = pods.map((p) => only.evaluate(p))

  it('splits a policy report every 1,000 results', () => {
    const set = buildReports(subjects, { now: NOW })
    expect(of(set, 'policy-report').map((r) => `${shape(r).metadata.name} ${r.results}`)).toEqual([
      'cpol-require-labels 1000',
      'cpol-require-labels-1 1'
    ])
  })

  it('follows the chunk size', () => {
    const set = buildReports(subjects.slice(0, 25), { now: NOW, chunkSize: 10 })
    expect(of(set, 'policy-report').map((r) => shape(r).metadata.name)).toEqual([
      'cpol-require-labels',
      'cpol-require-labels-1',
      'cpol-require-labels-2'
    ])
  })
})

describe('per-resource layout (Kyverno 1.12+)', () => {
  const subjects = samples.map((s) => evaluator.evaluate(s))
  const set = buildReports(subjects, { layout: 'per-resource', now: NOW })

  it('creates ephemeral reports with the source, GVK labels and name annotations', () => {
    const admission = of(set, 'ephemeral-admission').find((r) => r.resource?.name === 'api')!
    const report = shape(admission)
    expect(report.apiVersion).toBe('reports.kyverno.io/v1')
    expect(report.kind).toBe('EphemeralReport')
    expect(report.metadata.generateName).toMatch(/^[0-9a-f-]{36}-$/)
    expect(report.metadata.name).toMatch(/^[0-9a-f-]{36}-[b-z2-9]{5}$/)
    expect(report.metadata.labels).toMatchObject({
      'audit.kyverno.io/source': 'admission',
      'audit.kyverno.io/resource.gvr': 'pods.v1',
      'audit.kyverno.io/resource.group': '',
      'audit.kyverno.io/resource.version': 'v1',
      'audit.kyverno.io/resource.kind': 'Pod'
    })
    expect(report.metadata.annotations).toEqual({
      'audit.kyverno.io/resource.namespace': 'team-a',
      'audit.kyverno.io/resource.name': 'api'
    })
    expect(report.spec.results[0]!.properties).toEqual({ process: 'background scan' })
    const background = of(set, 'background-scan').find((r) => r.resource?.name === 'api')!
    expect(background.persistent).toBe(false)
    expect(shape(background).metadata.labels['audit.kyverno.io/source']).toBe('background-scan')
  })

  it('merges them into one PolicyReport per resource, scoped to it', () => {
    const report = of(set, 'policy-report').find((r) => r.resource?.name === 'api')!
    const object = shape(report)
    expect(object.apiVersion).toBe('wgpolicyk8s.io/v1alpha2')
    expect(object.metadata.name).toBe(report.resource!.uid)
    expect(object.metadata.labels).toEqual({ 'app.kubernetes.io/managed-by': 'kyverno' })
    expect(object.scope).toEqual({
      kind: 'Pod',
      namespace: 'team-a',
      name: 'api',
      uid: report.resource!.uid,
      apiVersion: 'v1'
    })
    expect(object.results).toHaveLength(3)
    expect(object.results[0]!.resources).toBeUndefined()
    expect(of(set, 'cluster-policy-report')).toHaveLength(2)
    expect(of(set, 'aggregated-admission')).toHaveLength(0)
  })

  it('writes openreports.io reports when asked', () => {
    const open = buildReports(subjects, { layout: 'per-resource', format: 'openreports', now: NOW })
    const kinds = [...new Set(open.reports.filter((r) => r.persistent).map((r) => r.object.kind))]
    expect(kinds.sort()).toEqual(['ClusterReport', 'Report'])
    const report = shape(of(open, 'policy-report')[0]!)
    expect(report.apiVersion).toBe('openreports.io/v1alpha1')
    expect(report.source).toBe('')
  })

  it('skips policies labelled reports.kyverno.io/disabled', () => {
    const disabled = policies.map((p) =>
      p.metadata?.name === 'require-labels'
        ? { ...p, metadata: { ...p.metadata, labels: { 'reports.kyverno.io/disabled': '' } } }
        : p
    )
    const ev = new SubjectEvaluator({ policies: disabled, namespaces })
    const set2 = buildReports([ev.evaluate(sample('Pod', 'api'))], {
      layout: 'per-resource',
      now: NOW
    })
    const results = shape(of(set2, 'policy-report')[0]!).results
    expect(results.map((r: Entry) => r.policy)).toEqual([
      'disallow-latest-tag',
      'disallow-latest-tag'
    ])
  })
})

describe('writing reports to a folder', () => {
  it('writes one YAML file per report and an index', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-reports-'))
    try {
      const set = buildReports(
        samples.map((s) => evaluator.evaluate(s)),
        { now: NOW }
      )
      const written = writeReports(set, dir)
      expect(written).toHaveLength(set.reports.length)
      const first = written.find((w) => w.role === 'policy-report')!
      expect(first.file).toMatch(/^policy-report\/(sandbox|team-a)\/cpol-[a-z-]+\.yaml$/)
      const back = parse(readFileSync(path.join(dir, first.file), 'utf8')) as Report
      expect(back.kind).toBe('PolicyReport')
      const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as {
        layout: string
        reports: unknown[]
      }
      expect(index.layout).toBe('aggregated')
      expect(index.reports).toHaveLength(written.length)
      expect(readdirSync(path.join(dir, 'cluster-policy-report'))).toEqual(['_cluster'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('objects workloads create', () => {
  it('follows a Deployment to its ReplicaSet and Pods', () => {
    const children = workloadDescendants(sample('Deployment', 'web'))
    expect(children.map((c) => `${c.object.kind as string} ${c.count}`)).toEqual([
      'ReplicaSet 1',
      'Pod 3'
    ])
    const pod = children[1]!.object as unknown as Doc & {
      metadata: { labels: Record<string, string> }
      spec: { containers: Array<{ image: string }> }
    }
    expect(pod.metadata.namespace).toBe('team-a')
    expect(pod.metadata.labels.app).toBe('web')
    expect(pod.metadata.labels['pod-template-hash']).toMatch(/^[0-9a-f]{10}$/)
    expect(pod.spec.containers[0]!.image).toBe('nginx:1.27.1')
  })

  it('follows a CronJob to its kept Jobs and their Pods', () => {
    const cron = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'backup', namespace: 'ops' },
      spec: {
        schedule: '0 * * * *',
        jobTemplate: { spec: { template: { spec: { containers: [{ name: 'b', image: 'b:1' }] } } } }
      }
    }
    expect(workloadDescendants(cron).map((c) => `${c.object.kind as string} ${c.count}`)).toEqual([
      'Job 4',
      'Pod 4'
    ])
  })
})
