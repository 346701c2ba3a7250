/**
 * `reports-dir` writes the results of every policy kind Kyverno reports on (issue 30): the
 * expected entries are the `report-assert.yaml` of Kyverno's conformance tests whose objects
 * fixtures/kyverno/reports-dir holds (kyverno/kyverno test/conformance/chainsaw/… at
 * 111e07bbecc66abfde36ab99969af22d7a961003), and each release's entry shape is the
 * ToPolicyReportResult of its release branch (pkg/utils/report/results.go).
 */
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'yaml'
import { runCliCaptured } from '../support/run-cli.js'
import { policyReports, type ReportsDirOptions } from '../../src/core/reports-dir.js'
import type { ReportSet } from '../../src/kyverno/reports/index.js'
import type { KyvernoVersion } from '../../src/kyverno/versions.js'
import type { JsonMap } from '../../src/kyverno/types.js'
import { analyzeKyvernoPolicies } from '../../src/kyverno/check.js'
import type { Workspace } from '../../src/workspace/workspace.js'
import { fixtureWorkspace } from '../kube/admission/workspace.js'

const DIR = 'fixtures/kyverno/reports-dir'
const NOW = new Date('2026-01-02T03:04:05Z')

const options = (
  kyvernoVersion: KyvernoVersion,
  more: Partial<ReportsDirOptions> = {}
): ReportsDirOptions => ({
  kyvernoVersion,
  kubernetesVersions: ['1.34'],
  ...more
})

async function reportsOf(
  folder: string,
  kyvernoVersion: KyvernoVersion,
  more: Partial<ReportsDirOptions> = {}
): Promise<ReportSet> {
  const workspace: Workspace = await fixtureWorkspace(`${DIR}/${folder}`)
  const kyverno = analyzeKyvernoPolicies(workspace, { now: NOW, kyvernoVersion, footprint: false })
  const kyvernoReports = kyverno.facts.policies.length > 0 ? [kyverno.reportSet] : []
  return policyReports({ kyvernoReports, workspace }, options(kyvernoVersion, more))
}

/** The final reports (PolicyReport / ClusterPolicyReport), with their results. */
const finalReports = (set: ReportSet): JsonMap[] =>
  set.reports
    .filter((r) => r.role === 'policy-report' || r.role === 'cluster-policy-report')
    .map((r) => r.object)

const resultsOf = (report: JsonMap): JsonMap[] =>
  ((report.results ?? []) as JsonMap[]).map(({ timestamp: _t, ...rest }) => rest)

describe('ValidatingAdmissionPolicy results, with the binding', () => {
  // validating-admission-policy-reports/background/with-validating-admission-policy-binding-fail
  it('fails the Deployment with the validation message, naming the binding (Kyverno 1.19)', async () => {
    const [report, ...others] = finalReports(await reportsOf('vap-binding', '1.19'))
    expect(others).toEqual([])
    expect(report).toMatchObject({
      apiVersion: 'wgpolicyk8s.io/v1alpha2',
      kind: 'PolicyReport',
      metadata: {
        labels: { 'app.kubernetes.io/managed-by': 'kyverno' },
        namespace: 'staging-ns-2',
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'deployment-3' }]
      },
      scope: {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: 'deployment-3',
        namespace: 'staging-ns-2'
      },
      summary: { error: 0, fail: 1, pass: 0, skip: 0, warn: 0 }
    })
    expect(resultsOf(report!)).toEqual([
      {
        source: 'ValidatingAdmissionPolicy',
        policy: 'check-deployment-replicas-04',
        rule: 'check-deployment-replicas-04',
        message: 'failed expression: object.spec.replicas <= 5',
        result: 'fail',
        scored: true,
        properties: { binding: 'check-deployment-replicas-binding-04', process: 'background scan' }
      }
    ])
  })

  it('labels the background-scan report with the policy and its binding', async () => {
    const set = await reportsOf('vap-binding', '1.19')
    const scan = set.reports.find((r) => r.role === 'background-scan')!
    const labels = (scan.object.metadata as JsonMap).labels as Record<string, string>
    expect(Object.keys(labels)).toEqual(
      expect.arrayContaining([
        'validatingadmissionpolicy.apiserver.io/check-deployment-replicas-04',
        'validatingadmissionpolicybinding.apiserver.io/check-deployment-replicas-binding-04'
      ])
    )
    // Kyverno never sees the apiserver's admission of these: no admission report.
    expect(set.reports.filter((r) => r.role === 'ephemeral-admission')).toEqual([])
  })

  it('writes the entry of Kyverno 1.12: no rule, score or process, the binding only', async () => {
    const set = await reportsOf('vap-binding', '1.12', {
      clusterProfile: { 'validating-admission-policy-reports': true }
    })
    expect(finalReports(set).flatMap(resultsOf)).toEqual([
      {
        source: 'ValidatingAdmissionPolicy',
        policy: 'check-deployment-replicas-04',
        message: 'failed expression: object.spec.replicas <= 5',
        result: 'fail',
        properties: { binding: 'check-deployment-replicas-binding-04' }
      }
    ])
  })

  it('follows --validatingAdmissionPolicyReports: off by default up to 1.14, on from 1.15', async () => {
    expect(finalReports(await reportsOf('vap-binding', '1.14'))).toEqual([])
    const on = await reportsOf('vap-binding', '1.14', {
      clusterProfile: { 'validating-admission-policy-reports': true }
    })
    // 1.14 said its admission policies' results came from `admission review`.
    expect(finalReports(on).flatMap(resultsOf)[0]?.properties).toEqual({
      binding: 'check-deployment-replicas-binding-04',
      process: 'admission review'
    })
    expect(
      finalReports(
        await reportsOf('vap-binding', '1.19', {
          clusterProfile: { 'validating-admission-policy-reports': false }
        })
      )
    ).toEqual([])
  })
})

describe('MutatingAdmissionPolicy results', () => {
  // mutating-admission-policy-reports-v1/background/with-binding-fail
  it('reports a mutation the stored ConfigMap lacks as not applied, naming the binding', async () => {
    const set = await reportsOf('map-binding', '1.19', {
      clusterProfile: { 'mutating-admission-policy-reports': true }
    })
    const [report] = finalReports(set)
    expect(report).toMatchObject({
      metadata: {
        namespace: 'default',
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'zk-kafka-address-2' }]
      },
      summary: { error: 0, fail: 1, pass: 0, skip: 0, warn: 0 }
    })
    expect(resultsOf(report!)).toEqual([
      {
        source: 'MutatingAdmissionPolicy',
        policy: 'add-label-to-configmap-2',
        rule: 'add-label-to-configmap-2',
        message: 'mutation is not applied',
        result: 'fail',
        scored: true,
        properties: { mapBinding: 'add-label-to-configmap-binding-2', process: 'background scan' }
      }
    ])
  })

  it('writes none by default (--mutatingAdmissionPolicyReports is off) and none before 1.15', async () => {
    expect(finalReports(await reportsOf('map-binding', '1.19'))).toEqual([])
    const old = await reportsOf('map-binding', '1.14', {
      clusterProfile: { 'mutating-admission-policy-reports': true }
    })
    expect(finalReports(old)).toEqual([])
  })
})

describe('MutatingPolicy results', () => {
  // mutating-policies/reporting/audit-annotations
  it('passes with the audit annotations evaluated as properties (Kyverno 1.19)', async () => {
    const [report] = finalReports(await reportsOf('mpol-audit-annotations', '1.19'))
    expect(report).toMatchObject({
      metadata: {
        namespace: 'mpol-audit-ann-ns',
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'mpol-audit-ann-cm' }]
      },
      summary: { error: 0, fail: 0, pass: 1, skip: 0, warn: 0 }
    })
    expect(resultsOf(report!)).toEqual([
      {
        source: 'KyvernoMutatingPolicy',
        policy: 'mpol-audit-annotations',
        message: 'success',
        result: 'pass',
        scored: true,
        properties: {
          'data-key': 'present',
          process: 'background scan',
          'resource-name': 'cm/mpol-audit-ann-cm'
        }
      }
    ])
  })

  it('has no audit-annotation properties before 1.19 (kyverno e9deadcfd0)', async () => {
    const results = finalReports(await reportsOf('mpol-audit-annotations', '1.18')).flatMap(
      resultsOf
    )
    expect(results.map((r) => r.properties)).toEqual([{ process: 'background scan' }])
  })

  it('reports no MutatingPolicy before Kyverno 1.15', async () => {
    expect(finalReports(await reportsOf('mpol-audit-annotations', '1.14'))).toEqual([])
  })
})

describe('GeneratingPolicy results', () => {
  // generating-policies/reports/audit-annotations
  it('passes on the trigger with the generated resources and the audit annotations', async () => {
    const [report] = finalReports(await reportsOf('gpol-audit-annotations', '1.19'))
    expect(report).toMatchObject({
      kind: 'ClusterPolicyReport',
      metadata: {
        labels: { 'app.kubernetes.io/managed-by': 'kyverno' },
        ownerReferences: [{ apiVersion: 'v1', kind: 'Namespace', name: 'gpol-audit-ann-ns' }]
      },
      scope: { apiVersion: 'v1', kind: 'Namespace', name: 'gpol-audit-ann-ns' },
      summary: { error: 0, fail: 0, pass: 1, skip: 0, warn: 0 }
    })
    expect(resultsOf(report!)).toEqual([
      {
        source: 'KyvernoGeneratingPolicy',
        policy: 'gpol-audit-annotations',
        rule: 'gpol-audit-annotations',
        message: 'policy evaluated successfully',
        result: 'pass',
        scored: true,
        properties: {
          env: 'staging',
          'generated-resources':
            '/v1, Kind=ConfigMap Name=gpol-generated-cm Namespace=gpol-audit-ann-ns',
          namespace: 'gpol-audit-ann-ns',
          process: 'admission review'
        }
      }
    ])
  })
})

describe('ValidatingPolicy audit annotations', () => {
  const propertiesByName = (set: ReportSet): Record<string, unknown> =>
    Object.fromEntries(
      finalReports(set).map((r) => [
        String((r.scope as JsonMap).name),
        resultsOf(r).map((e) => `${String(e.result)} ${JSON.stringify(e.properties)}`)
      ])
    )

  it('adds them to failures and passes from 1.18', async () => {
    expect(propertiesByName(await reportsOf('vpol-audit-annotations', '1.18'))).toEqual({
      owned: ['pass {"checked":"cm/owned","owner":"alice","process":"background scan"}'],
      unowned: [
        'fail {"cel.validationIndex":"0","checked":"cm/unowned","process":"background scan"}'
      ]
    })
  })

  it('are not reported before Kyverno 1.14, which added the kind', async () => {
    expect(propertiesByName(await reportsOf('vpol-audit-annotations', '1.13'))).toEqual({})
  })

  it('adds them to failures only in 1.17, and not at all before', async () => {
    expect(propertiesByName(await reportsOf('vpol-audit-annotations', '1.17'))).toEqual({
      owned: ['pass {"process":"background scan"}'],
      unowned: [
        'fail {"cel.validationIndex":"0","checked":"cm/unowned","process":"background scan"}'
      ]
    })
    expect(propertiesByName(await reportsOf('vpol-audit-annotations', '1.16'))).toEqual({
      owned: ['pass {"process":"background scan"}'],
      unowned: ['fail {"cel.validationIndex":"0","process":"background scan"}']
    })
  })
})

describe('the Kyverno dry-run’s own reports', () => {
  it('are written as the dry-run made them when there is no other kind (Kyverno 1.19 and 1.11)', async () => {
    const workspace = await fixtureWorkspace('fixtures/kyverno/repo')
    for (const kyvernoVersion of ['1.19', '1.11'] as const) {
      const kyverno = analyzeKyvernoPolicies(workspace, {
        now: NOW,
        kyvernoVersion,
        footprint: false
      })
      const set = policyReports(
        { kyvernoReports: [kyverno.reportSet], workspace },
        options(kyvernoVersion)
      )
      expect(set.layout).toBe(kyverno.reportSet.layout)
      expect(set.reports.map((r) => r.object)).toEqual(
        kyverno.reportSet.reports.map((r) => r.object)
      )
    }
  })
})

describe('ClusterPolicy entries of a release', () => {
  // pkg/utils/report/results.go: ToPolicyReportResult adds `process` from release-1.14
  // (b11038539fd0); release-1.13 (681329b77761) writes the rule's properties and exceptions only.
  it('carry no process property before Kyverno 1.14', async () => {
    const workspace = await fixtureWorkspace('fixtures/kyverno/repo')
    const propertiesOf = (kyvernoVersion: KyvernoVersion): unknown[] => {
      const kyverno = analyzeKyvernoPolicies(workspace, {
        now: NOW,
        kyvernoVersion,
        footprint: false
      })
      const set = policyReports(
        { kyvernoReports: [kyverno.reportSet], workspace },
        options(kyvernoVersion)
      )
      return [
        ...new Set(
          finalReports(set)
            .flatMap(resultsOf)
            .map((e) => JSON.stringify(e.properties))
        )
      ]
    }
    expect(propertiesOf('1.13')).toEqual([undefined])
    // One of the fixture's policies sets `background: false`.
    expect(propertiesOf('1.14').sort()).toEqual([
      '{"process":"admission review"}',
      '{"process":"background scan"}'
    ])
  })
})

describe('celgate check --reports-dir', () => {
  // check lets its documents' values go once the analyzers are done (core/document-release.ts):
  // the reports read the policies again.
  it('writes the ValidatingAdmissionPolicy entry after a whole check', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'celgate-reports-dir-'))
    try {
      const r = await runCliCaptured(
        ['check', `${DIR}/vap-binding`, '--quiet', '--reports-dir', out],
        process.cwd()
      )
      expect(r.err).toMatch(/wrote 2 Kyverno policy reports to /)
      const index = JSON.parse(readFileSync(path.join(out, 'index.json'), 'utf8')) as {
        reports: Array<{ file: string; role: string }>
      }
      const final = index.reports.find((e) => e.role === 'policy-report')!
      const report = parse(readFileSync(path.join(out, final.file), 'utf8')) as JsonMap
      expect(resultsOf(report)).toEqual([
        expect.objectContaining({
          source: 'ValidatingAdmissionPolicy',
          result: 'fail',
          properties: {
            binding: 'check-deployment-replicas-binding-04',
            process: 'background scan'
          }
        })
      ])
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})
