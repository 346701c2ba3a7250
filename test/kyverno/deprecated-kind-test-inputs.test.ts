/**
 * `kyverno/deprecated-kind` (Kyverno 1.19's webhook warning on creating a kyverno.io policy,
 * pkg/deprecations/deprecations.go on release-1.19 c53e5bd8f7c6) is given to objects that are
 * created, not to a file a Chainsaw test only asserts (issue 30). The corpus example:
 * kyverno/policies' consul-cel/enforce-min-tls-version, whose Chainsaw test applies
 * `../enforce-min-tls-version.yaml` and then asserts `policy-ready.yaml` (the same ClusterPolicy
 * with a Ready condition: the expected cluster state, never sent). The Kyverno engine warns on
 * every such object; the pipeline (core/test-inputs.ts applyTestInputUses) drops the warning on
 * a file no test sends.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import { applyTestInputUses } from '../../src/core/test-inputs.js'
import { analyzeKyvernoPolicies } from '../../src/kyverno/check.js'
import { deprecatedKindFindings } from '../../src/kyverno/deprecations.js'
import { fixtureWorkspace } from '../kube/admission/workspace.js'

const EXAMPLE = path.resolve(
  process.cwd(),
  '../shared/corpus/policies/kyverno/consul-cel/enforce-min-tls-version'
)

/** Files are named relative to the example's folder (the scanned root). */
const where = (f: { location: { file: string; range?: { startLine: number } } }): string =>
  `${f.location.file}:${f.location.range?.startLine}`

describe('kyverno/deprecated-kind and Chainsaw test files', () => {
  it('warns on the policy the test applies, not on the file it asserts', async () => {
    const ws = await fixtureWorkspace(EXAMPLE)
    // Both files hold a kyverno.io ClusterPolicy.
    expect(
      ws.documents
        .filter((d) => d.objectKind === 'ClusterPolicy')
        .map((d) => d.file)
        .sort()
    ).toEqual(['.chainsaw-test/policy-ready.yaml', 'enforce-min-tls-version.yaml'])
    const findings = deprecatedKindFindings(ws, '1.19')
    // The engine knows nothing of tests: it warns on both.
    expect(findings.map(where).sort()).toEqual([
      '.chainsaw-test/policy-ready.yaml:2',
      'enforce-min-tls-version.yaml:2'
    ])
    expect(applyTestInputUses(findings, ws.documents).map(where)).toEqual([
      'enforce-min-tls-version.yaml:2'
    ])
    // The same through the Kyverno check.
    const run = analyzeKyvernoPolicies(ws, { kyvernoVersion: '1.19', footprint: false })
    expect(
      applyTestInputUses(run.findings, ws.documents)
        .filter((f) => f.ruleId === 'kyverno/deprecated-kind')
        .map(where)
    ).toEqual(['enforce-min-tls-version.yaml:2'])
  })

  it('keeps the asserted file out of `celgate check` (the pipeline applies the tests)', async () => {
    const { check: options } = resolveOptions(
      EXAMPLE,
      {},
      { 'kubernetes-versions': '1.34', 'kyverno-version': '1.19' }
    )
    const { result } = await check(options, silentLogger)
    expect(
      result.findings
        .filter((f) => f.ruleId === 'kyverno/deprecated-kind')
        .map((f) => path.basename(f.location.file))
    ).toEqual(['enforce-min-tls-version.yaml'])
  }, 120_000)

  it('still warns on a file the test applies as well as asserts', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-deprecated-'))
    try {
      writeFileSync(path.join(dir, 'policy.yaml'), POLICY)
      writeFileSync(path.join(dir, 'asserted.yaml'), POLICY)
      writeFileSync(
        path.join(dir, 'chainsaw-test.yaml'),
        `apiVersion: chainsaw.kyverno.io/v1alpha1
kind: Test
metadata: {name: t}
spec:
  steps:
  - try:
    - apply: {file: policy.yaml}
    - assert: {file: policy.yaml}
    - assert: {file: asserted.yaml}
`
      )
      const ws = await fixtureWorkspace(dir)
      const kept = applyTestInputUses(deprecatedKindFindings(ws, '1.19'), ws.documents)
      expect(kept.map((f) => path.basename(f.location.file))).toEqual(['policy.yaml'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

const POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: p
spec:
  rules: []
`
