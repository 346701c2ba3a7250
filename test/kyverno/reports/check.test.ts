/**
 * `celgate check`'s Kyverno analyzer on fixtures/kyverno/repo (issue 7 item 5): every sample
 * resource against every matching policy — Enforce failures are errors, Audit failures warnings,
 * on the resource's YAML — the policy × resource matrix, the repository's reports and their
 * footprint in the profiled cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { analyzeKyvernoPolicies, type KyvernoAnalysis } from '../../../src/kyverno/check.js'
import { renderPolicyMatrix, renderReportFootprint } from '../../../src/report/policies.js'
import type { Workspace } from '../../../src/workspace/workspace.js'
import { fixtureWorkspace, repo } from '../../kube/admission/workspace.js'

const DIR = 'fixtures/kyverno/repo/'
const NOW = new Date('2026-01-02T03:04:05Z')
let ws: Workspace
let run: KyvernoAnalysis
beforeAll(async () => {
  ws = await fixtureWorkspace('fixtures/kyverno/repo')
  // Kyverno 1.11: the reports design doc's aggregated layout, before the 1.19 deprecations.
  run = analyzeKyvernoPolicies(ws, { now: NOW, kyvernoVersion: '1.11' })
}, 120_000)

const line = (f: { location: { range?: { startLine: number } } }) => f.location.range?.startLine

describe('findings on the sample resources', () => {
  it('reports Enforce failures as errors and Audit failures as warnings', () => {
    const rows = run.findings.map(
      (f) =>
        `${f.severity} ${f.ruleId} ${f.location.file.replace(DIR, '')}:${line(f)} ${String(f.data?.policy)}/${String(f.data?.rule)}`
    )
    expect(rows.sort()).toEqual(
      [
        'error kyverno/enforce-failed samples/pods.yaml:21 disallow-latest-tag/validate-image-tag',
        'warning kyverno/audit-failed samples/deployment.yaml:14 require-labels/autogen-check-for-labels',
        'warning kyverno/audit-failed samples/namespaces.yaml:11 require-namespace-owner/owner-label',
        'warning kyverno/audit-failed samples/pods.yaml:16 require-labels/check-for-labels',
        'warning kyverno/audit-failed samples/service.yaml:7 team-a/no-nodeport/validate-nodeport'
      ].sort()
    )
  })

  it("quotes Kyverno's message and points at the policy", () => {
    const enforce = run.findings.find((f) => f.ruleId === 'kyverno/enforce-failed')!
    expect(enforce.message).toBe(
      "Kyverno would reject this Pod: ClusterPolicy 'disallow-latest-tag', rule 'validate-image-tag' (Enforce) fails: validation error: Using a mutable image tag e.g. 'latest' is not allowed. rule validate-image-tag failed at path /spec/containers/0/image/"
    )
    expect(enforce.location.path).toBe('spec.containers[0].image')
    expect(enforce.related?.[0]?.file).toBe(`${DIR}policies/disallow-latest-tag.yaml`)
  })
})

describe('the policy × resource matrix', () => {
  it('has a cell per policy and resource it applies to', () => {
    expect(
      run.facts.matrix.map((c) => `${c.policy} ${c.resource.kind}/${c.resource.name} ${c.outcome}`)
    ).toEqual([
      'disallow-latest-tag Deployment/web pass',
      'require-labels Deployment/web audit-fail',
      'require-namespace-owner Namespace/team-a pass',
      'require-namespace-owner Namespace/sandbox audit-fail',
      'disallow-latest-tag Pod/api pass',
      'require-labels Pod/api pass',
      'disallow-latest-tag Pod/scratch enforce-fail',
      'require-labels Pod/scratch audit-fail',
      'team-a/no-nodeport Service/web audit-fail'
    ])
    expect(run.facts.resources).toBe(6)
    // policies/.kyverno-test/resource.yaml is a test fixture.
    expect(run.facts.testFixtures).toBe(1)
    expect(run.facts.truncated).toBeUndefined()
    expect(run.facts.policies.map((p) => `${p.policy} ${p.action} ${p.rules}`)).toEqual([
      'disallow-latest-tag Enforce 2',
      'require-namespace-owner Audit 1',
      'require-labels Audit 1',
      'team-a/no-nodeport Audit 1'
    ])
  })

  it('renders as a markdown table', () => {
    const md = renderPolicyMatrix(run.facts)
    expect(md).toContain('#### Kyverno policies × sample resources')
    expect(md).toContain('| <code>Pod/sandbox/scratch</code> | ❌ | · | ⚠️ | · |')
    expect(md.split('\n').filter((l) => l.startsWith('| <code>'))).toHaveLength(6)
  })
})

describe('reports and their footprint', () => {
  it("totals the repository's own reports", () => {
    expect(run.facts.reports.map((r) => `${r.role} ${r.objects} ${r.results}`)).toEqual([
      'ephemeral-admission 5 9',
      'aggregated-admission 5 9',
      'background-scan 5 11',
      'cluster-policy-report 1 2',
      'policy-report 5 10'
    ])
    expect(run.reportSet.reports).toHaveLength(21)
  })

  it('keeps only the totals when the reports are not asked for (keepReportSet: false)', () => {
    const lean = analyzeKyvernoPolicies(ws, {
      now: NOW,
      kyvernoVersion: '1.11',
      keepReportSet: false
    })
    expect(lean.facts.reports).toEqual(run.facts.reports)
    expect(lean.facts.footprint).toEqual(run.facts.footprint)
    expect(lean.findings).toEqual(run.findings)
    expect(lean.reportSet.reports).toHaveLength(0)
    expect(lean.reportSet.built).toBeUndefined()
    expect(lean.reportSet.layout).toBe(run.reportSet.layout)
  })

  it('sizes the reports for the repository ×100', () => {
    const f = run.facts.footprint!
    expect(f.profile.name).toBe('repository ×100')
    expect(f.profile.resources.Pod).toBe(500)
    expect(f.profile.resources.Deployment).toBe(100)
    expect(f.kinds.map((k) => k.kind)).toEqual(['Deployment', 'Namespace', 'Pod', 'Service'])
    expect(f.persistent.bytes).toBeGreaterThan(0n)
    expect(f.etcd.quotaShare).toBeLessThan(0.01)
    expect(run.findings.some((x) => x.ruleId.startsWith('kyverno/report'))).toBe(false)
  })

  it('raises a finding past the budget, on the dominant policy', () => {
    const tight = analyzeKyvernoPolicies(ws, { now: NOW, reportsBudgetBytes: 1000n })
    const finding = tight.findings.find((x) => x.ruleId === 'kyverno/reports-etcd-quota')!
    expect(finding.severity).toBe('error')
    const top = tight.facts.footprint!.policies[0]!.policy
    expect(['disallow-latest-tag', 'require-labels']).toContain(top)
    expect(finding.location.file).toBe(`${DIR}policies/${top}.yaml`)
    expect(finding.message).toContain(`Policy '${top}' accounts for`)
  })

  it('sizes a preset cluster, with stand-ins for kinds no file shows', () => {
    const medium = analyzeKyvernoPolicies(ws, { now: NOW, clusterProfile: { preset: 'medium' } })
    const f = medium.facts.footprint!
    expect(f.profile.resources.Pod).toBe(1000)
    const jobs = f.kinds.find((k) => k.kind === 'Job')!
    expect(jobs.estimated).toBe(true)
    expect(f.kinds.find((k) => k.kind === 'ReplicaSet')).toBeUndefined()
    const md = renderReportFootprint(f)
    expect(md).toContain('#### Kyverno policy reports')
    expect(md).toContain('```mermaid')
  })
})

describe('the evaluation limit', () => {
  it('stops the dry-run and says where', () => {
    const limited = analyzeKyvernoPolicies(ws, { now: NOW, maxEvaluations: 3 })
    expect(limited.facts.truncated).toEqual({ evaluations: 3, resourcesLeft: 4 })
    const notice = limited.findings.find((f) => f.ruleId === 'kyverno/dry-run-limit')!
    expect(notice.severity).toBe('notice')
    expect(notice.location.file).toBe(`${DIR}samples/namespaces.yaml`)
    expect(limited.facts.matrix.map((c) => c.resource.name)).toEqual(['web', 'web', 'team-a'])
  })
})

describe('repeated resources', () => {
  let dir: string
  let copies: KyvernoAnalysis
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-kyverno-copies-'))
    cpSync(path.join(repo, DIR), dir, { recursive: true })
    const pods = readFileSync(path.join(dir, 'samples/pods.yaml'), 'utf8')
    writeFileSync(path.join(dir, 'samples/pods-copy.yaml'), pods)
    // The scratch Pod with a pinned tag: it passes disallow-latest-tag.
    writeFileSync(
      path.join(dir, 'samples/pinned.yaml'),
      pods.split('---')[1]!.replace('busybox:latest', 'busybox:1.36')
    )
    copies = analyzeKyvernoPolicies(await fixtureWorkspace(dir), { now: NOW })
  }, 120_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const rows = (file: string) =>
    copies.findings
      .filter((f) => f.location.file.endsWith(file))
      .map((f) => `${f.ruleId} ${line(f)} ${f.message}`)
      .sort()

  it('gives a copy the findings of its original', () => {
    expect(rows('samples/pods.yaml')).toHaveLength(2)
    expect(rows('samples/pods-copy.yaml')).toEqual(rows('samples/pods.yaml'))
    const cells = (name: string) =>
      copies.facts.matrix
        .filter((c) => c.resource.name === name)
        .map((c) => `${c.policy} ${c.resource.file.replace(/.*samples\//, '')} ${c.outcome}`)
    expect(cells('api')).toEqual([
      'disallow-latest-tag pods-copy.yaml pass',
      'require-labels pods-copy.yaml pass',
      'disallow-latest-tag pods.yaml pass',
      'require-labels pods.yaml pass'
    ])
  })

  it('evaluates a resource that differs on its own', () => {
    expect(rows('samples/pinned.yaml').map((r) => r.split(' ')[0])).toEqual([
      'kyverno/audit-failed'
    ])
  })
})
