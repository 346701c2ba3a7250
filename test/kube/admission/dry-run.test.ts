/**
 * fixtures/admission dry-run (issue 6): every sample resource created through the repository's
 * mutating and validating policies — deny, warn, audit, a param-driven policy, a
 * namespace-selected binding, a matchCondition that skips, a MutatingAdmissionPolicy diff — with
 * the outcomes as findings and as the policy × resource matrix. Policies and bindings the
 * apiserver would reject (broken.yaml) take no part.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { dryRunAdmissionPolicies, type AdmissionDryRun } from '../../../src/kube/admission/index.js'
import { fixtureWorkspace, repo } from './workspace.js'

let run: AdmissionDryRun
beforeAll(async () => {
  const ws = await fixtureWorkspace('fixtures/admission')
  run = dryRunAdmissionPolicies(ws, { kubernetesVersions: ['1.35', '1.36', '1.37'] })
}, 120_000)

const cell = (policy: string, name: string) =>
  run.matrix.find((m) => m.policy === policy && m.resource.name === name)

describe('admission dry-run of the fixture repository', () => {
  it('fills the policy × resource matrix', () => {
    expect(
      run.matrix.map((m) => `${m.policy} ${m.resource.kind}/${m.resource.name} ${m.outcome}`)
    ).toEqual([
      'default-labels ConfigMap/replica-limit mutated',
      'default-labels ConfigMap/settings mutated',
      'replica-limit Deployment/web admitted',
      'team-label Deployment/web admitted',
      'replica-limit Deployment/batch denied',
      'team-label Deployment/batch warned',
      'replica-limit Deployment/trial admitted',
      'team-label Deployment/trial skipped',
      'host-path-audit Pod/node-agent audited'
    ])
    expect(cell('replica-limit', 'batch')?.message).toBe('replicas must be at most 5')
    expect(run.kubernetesVersion).toBe('1.37')
  })

  it('reports the rejection kubectl would see on the resource', () => {
    const denied = run.findings.filter((f) => f.ruleId === 'admission/denied')
    expect(denied.map((f) => f.message)).toEqual([
      `The apiserver would reject this Deployment (Forbidden, 403): deployments.apps "batch" is forbidden: ValidatingAdmissionPolicy 'replica-limit' with binding 'replica-limit-binding' denied request: replicas must be at most 5`
    ])
    expect(denied[0]?.location).toMatchObject({
      file: 'fixtures/admission/resources/deployments.yaml',
      range: { startLine: 25, startColumn: 9 }
    })
  })

  it('reports warnings, audit failures and audit annotations', () => {
    const messages = (ruleId: string) =>
      run.findings.filter((f) => f.ruleId === ruleId).map((f) => f.message)
    expect(messages('admission/warned')).toEqual([
      "Warning: Validation failed for ValidatingAdmissionPolicy 'team-label' with binding 'team-label-prod': Deployments in production need a team label."
    ])
    expect(messages('admission/audited')).toEqual([
      'Audit annotation host-path-audit/host-paths: /var/log',
      "Audited by ValidatingAdmissionPolicy 'host-path-audit' with binding 'host-path-audit' (validations[0]): Pods should not mount host paths."
    ])
  })

  it('shows what a MutatingAdmissionPolicy changes', () => {
    const mutated = run.findings.filter(
      (f) => f.ruleId === 'admission/mutated' && f.location.file.endsWith('configmaps.yaml')
    )
    expect(mutated.map((f) => f.message)).toEqual([
      [
        "MutatingAdmissionPolicy 'default-labels' with binding 'default-labels' changes this ConfigMap on create:",
        '  + metadata.labels: {"app.kubernetes.io/managed-by":"platform"}',
        '  + metadata.annotations: {"platform.example.com/owner":"settings"}'
      ].join('\n')
    ])
  })
})

describe('admission dry-run of repeated objects', () => {
  let dir: string
  let copies: AdmissionDryRun
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-dry-run-copies-'))
    cpSync(path.join(repo, 'fixtures/admission'), dir, { recursive: true })
    const deployments = readFileSync(path.join(dir, 'resources/deployments.yaml'), 'utf8')
    // The same objects again, after two comment lines; and one of them with fewer replicas.
    writeFileSync(path.join(dir, 'copy.yaml'), `# a copy\n# of deployments.yaml\n${deployments}`)
    writeFileSync(
      path.join(dir, 'changed.yaml'),
      deployments.split('---')[1]!.replace('replicas: 8', 'replicas: 2')
    )
    copies = dryRunAdmissionPolicies(await fixtureWorkspace(dir), { kubernetesVersions: ['1.37'] })
  }, 120_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const denials = (file: string) =>
    copies.findings
      .filter((f) => f.ruleId === 'admission/denied' && f.location.file.endsWith(file))
      .map((f) => ({ line: f.location.range?.startLine ?? 0, message: f.message }))

  it('gives each copy the outcome of its original, at its own line', () => {
    const original = denials('resources/deployments.yaml')
    expect(original).toHaveLength(1)
    expect(denials('copy.yaml')).toEqual([
      { line: original[0]!.line + 2, message: original[0]!.message }
    ])
    const outcomes = (file: string) =>
      copies.matrix
        .filter((m) => m.resource.file.endsWith(file))
        .map((m) => `${m.policy} ${m.resource.name} ${m.resource.line} ${m.outcome}`)
    expect(outcomes('copy.yaml')).toEqual(
      outcomes('resources/deployments.yaml').map((o) =>
        o.replace(
          / (\d+) (\w+)$/,
          (_m, line: string, outcome: string) => ` ${Number(line) + 2} ${outcome}`
        )
      )
    )
  })

  it('evaluates an object that differs on its own', () => {
    expect(denials('changed.yaml')).toEqual([])
    expect(
      copies.matrix
        .filter((m) => m.resource.file.endsWith('changed.yaml'))
        .map((m) => `${m.policy} ${m.outcome}`)
    ).toEqual(['replica-limit admitted', 'team-label warned'])
  })
})
