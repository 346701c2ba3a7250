/**
 * `celgate test` over the suites of repositories whose runners differ from openshift/api
 * master's (issue 35; corpus MANIFEST.md, "Added 2026-11-28"): each folder agrees with its own
 * runner on every case, so a regression in any runner-specific behaviour shows here.
 * - hypershift: runs on Kubernetes 1.30 to 1.36 in CI, so every case must pass at both ends;
 *   onCreate cases without `expected` (143) compare nothing; feature-gate tables by
 *   `spec.featureSet`; 952 case × manifest runs; one suite repeats `onUpdate` (reported).
 * - external-secrets-operator and cert-manager-operator: every case names its object with
 *   `resourceName` (236).
 * - openshift/api release-4.18: tables found by file name; envtest 1.31.1, where maxLength reads
 *   "may not be longer than N": on 1.32 exactly those 6 cases fail.
 */
import { describe, expect, it } from '@jest/globals'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { silentLogger } from '../../src/core/logger.js'
import { runTest } from '../../src/core/test.js'
import type { TestResult } from '../../src/core/test.js'
import type { KubernetesVersion } from '../../src/kube/versions.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const corpus = path.resolve(repo, '../shared/corpus/testsuites')
const available = ['hypershift', 'openshift-operators', 'openshift-api-release-4.18'].every((d) =>
  existsSync(path.join(corpus, d))
)

const run = async (folder: string, kubernetesVersion?: KubernetesVersion): Promise<TestResult> =>
  (
    await runTest(
      { paths: [path.join(corpus, folder)], ...(kubernetesVersion ? { kubernetesVersion } : {}) },
      silentLogger
    )
  ).result

const failing = (result: TestResult): string[] =>
  result.suites.flatMap((s) =>
    s.cases.filter((c) => !c.passed).map((c) => `${path.basename(s.file)}: ${c.name}`)
  )

const runs = (result: TestResult): number =>
  result.suites.reduce((n, s) => n + s.cases.reduce((m, c) => m + c.manifests.length, 0), 0)

;(available ? describe : describe.skip)('celgate test agrees with each suite’s own runner', () => {
  // 1.30, the oldest release of its CI and the one whose messages differ most from the default;
  // 1.31-1.36 agree as well (checked with the CLI, README "CRD test suites").
  it('hypershift on Kubernetes 1.30: 402 of 402 cases, 952 runs', async () => {
    const result = await run('hypershift', '1.30')
    expect(failing(result)).toEqual([])
    expect(result.summary.suites).toBe(28)
    expect(result.summary.cases).toBe(402)
    expect(runs(result)).toBe(952)
    expect(result.suites.flatMap((s) => s.problems)).toEqual([])
    // The repeated `onUpdate:` key hides its first list, upstream too: reported, so not green.
    expect(result.findings.map((f) => `${path.basename(f.location.file)} ${f.ruleId}`)).toEqual([
      'stable.hostedclusters.networking.testsuite.yaml yaml/duplicate-key'
    ])
    expect(result.passed).toBe(false)
  }, 120_000)

  it('the OpenShift operators: 236 of 236 cases, each named by resourceName', async () => {
    const result = await run('openshift-operators')
    expect(failing(result)).toEqual([])
    expect(result.summary.cases).toBe(236)
    expect(result.passed).toBe(true)
  }, 120_000)

  it('openshift/api release-4.18 as its clone has it: tests/Makefile picks envtest 1.31, 550 of 550 cases', async () => {
    // The corpus keeps the branch's suites and CRDs, not its tests/Makefile, whose
    // `ENVTEST_K8S_VERSION = 1.31.1` (openshift/api release-4.18) sets the harness's apiserver.
    // A copy with that line is the branch as a user's clone holds it; run with no version given.
    const clone = mkdtempSync(path.join(tmpdir(), 'celgate-release-4.18-'))
    try {
      cpSync(path.join(corpus, 'openshift-api-release-4.18'), clone, { recursive: true })
      mkdirSync(path.join(clone, 'tests'), { recursive: true })
      writeFileSync(path.join(clone, 'tests/Makefile'), 'ENVTEST_K8S_VERSION = 1.31.1\n')
      const result = (await runTest({ paths: [clone] }, silentLogger)).result
      expect(result.kubernetesVersion).toBe('1.31')
      expect(result.kubernetesVersionFrom).toMatch(/^tests\/Makefile/)
      expect(failing(result)).toEqual([])
      expect(result.summary.cases).toBe(550)
      expect(result.passed).toBe(true)
    } finally {
      rmSync(clone, { recursive: true, force: true })
    }
  }, 120_000)

  it('openshift/api release-4.18 on 1.32: its 6 maxLength texts of 1.31 differ', async () => {
    // The five suites that hold them, run alone (the whole folder on 1.32 fails exactly these).
    const suites = [
      'config/v1/tests/infrastructures.config.openshift.io/AAA_ungated.yaml',
      'operator/v1/tests/ingresscontrollers.operator.openshift.io/SetEIPForNLBIngressController.yaml',
      'operator/v1/tests/ingresscontrollers.operator.openshift.io/IngressControllerLBSubnetsAWS.yaml',
      'machine/v1/tests/controlplanemachinesets.machine.openshift.io/stable.controlplanemachineset.openstack.testsuite.yaml',
      'samples/v1/tests/configs.samples.operator.openshift.io/AAA_ungated.yaml'
    ].map((f) => path.join(corpus, 'openshift-api-release-4.18', f))
    const result = (await runTest({ paths: suites }, silentLogger)).result
    expect(result.kubernetesVersionFrom).toBe('default')
    const failed = result.suites.flatMap((s) => s.cases.filter((c) => !c.passed))
    expect(failed).toHaveLength(6)
    for (const c of failed) expect(c.diff?.[0]).toMatch(/may not be longer than \d+/)
  }, 120_000)
})
