/**
 * `celgate test` reads the config file `celgate check` reads (issue 30): its `kyverno-version`
 * and the newest of its `kubernetes-versions` apply unless a flag gives them, and a Makefile's
 * ENVTEST_K8S_VERSION (the apiserver the suites are written for) still comes before the file's
 * Kubernetes version. The Kyverno behaviour told apart: a `result: fail` row on a resource that
 * passes is passed by `kyverno test` up to 1.17 (cmd/cli/kubectl-kyverno/commands/test/output.go
 * printTestResult on release-1.17 f64c0f5820a0) and failed from 1.18 (836310455d35).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'
import type { TestResult } from '../../src/core/test.js'

let tmp: string
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-test-config-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

async function celgateTest(
  cwd: string,
  args: string[]
): Promise<{ code: number; result: TestResult; err: string }> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d: Buffer) => (out += d.toString()))
  stderr.on('data', (d: Buffer) => (err += d.toString()))
  const code = await runCli(['test', ...args, '--format', 'json', '--quiet'], {
    stdout,
    stderr,
    env: {},
    cwd
  })
  return { code, result: (out === '' ? undefined : JSON.parse(out)) as TestResult, err }
}

const POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-team
spec:
  validationFailureAction: Audit
  rules:
    - name: check-team
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: "a team label is required"
        pattern:
          metadata:
            labels:
              team: "?*"
`
const POD = `apiVersion: v1
kind: Pod
metadata:
  name: good-pod
  labels: {team: a}
spec:
  containers: [{name: c, image: nginx:1.0}]
`
// Wrong on purpose: good-pod passes the rule.
const TEST = `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata:
  name: require-team
policies: [policy.yaml]
resources: [pod.yaml]
results:
  - {policy: require-team, rule: check-team, resources: [good-pod], kind: Pod, result: fail}
`

/** A repository with the test under policies/ and the files given at its root. */
function repository(name: string, files: Record<string, string>): string {
  const dir = path.join(tmp, name)
  mkdirSync(path.join(dir, '.git'), { recursive: true })
  mkdirSync(path.join(dir, 'policies'), { recursive: true })
  writeFileSync(path.join(dir, 'policies', 'policy.yaml'), POLICY)
  writeFileSync(path.join(dir, 'policies', 'pod.yaml'), POD)
  writeFileSync(path.join(dir, 'policies', 'kyverno-test.yaml'), TEST)
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text)
  return dir
}

describe('kyverno-version from .celgate.yaml', () => {
  it('applies to celgate test as to check', async () => {
    const dir = repository('kyverno-117', { '.celgate.yaml': 'kyverno-version: "1.17"\n' })
    const run = await celgateTest(dir, [])
    expect(run.result.kyvernoVersion).toBe('1.17')
    // Kyverno 1.17 passes the wrong `result: fail` row.
    expect(run.code).toBe(0)
  })

  it('loses to the flag', async () => {
    const dir = repository('kyverno-flag', { '.celgate.yaml': 'kyverno-version: "1.17"\n' })
    const run = await celgateTest(dir, ['--kyverno-version', '1.19'])
    expect(run.result.kyvernoVersion).toBe('1.19')
    expect(run.code).toBe(1)
  })

  it('is read from the folder tested, or the file --config names', async () => {
    const dir = repository('kyverno-folder', {})
    writeFileSync(path.join(dir, 'policies', '.celgate.yaml'), 'kyverno-version: 1.17\n')
    expect((await celgateTest(dir, ['policies'])).result.kyvernoVersion).toBe('1.17')
    // The repository's root has none: the newest release.
    expect((await celgateTest(dir, [])).result.kyvernoVersion).toBe('1.19')
    writeFileSync(path.join(tmp, 'named.yaml'), 'kyverno-version: "1.16"\n')
    const named = await celgateTest(dir, ['--config', path.join(tmp, 'named.yaml')])
    expect(named.result.kyvernoVersion).toBe('1.16')
  })

  it('refuses a release celgate does not model, naming the file and line', async () => {
    const dir = repository('kyverno-bad', {
      '.celgate.yaml': '# versions\nkyverno-version: "1.9"\n'
    })
    const run = await celgateTest(dir, [])
    expect(run.code).toBe(2)
    expect(run.err).toContain(
      "celgate test: kyverno-version: unsupported Kyverno version '1.9' (supported: 1.11–1.19) (.celgate.yaml line 2)"
    )
  })
})

describe('kubernetes-versions from .celgate.yaml', () => {
  it('gives the newest of its versions, unless the flag or a Makefile says', async () => {
    const dir = repository('kubernetes', {
      '.celgate.yaml': 'kubernetes-versions: ["1.33", "1.34"]\n'
    })
    const run = await celgateTest(dir, [])
    expect(run.result.kubernetesVersion).toBe('1.34')
    expect(run.result.kubernetesVersionFrom).toBe('.celgate.yaml line 1 kubernetes-versions')
    expect(
      (await celgateTest(dir, ['--kubernetes-version', '1.32'])).result.kubernetesVersion
    ).toBe('1.32')
    writeFileSync(path.join(dir, 'Makefile'), 'ENVTEST_K8S_VERSION = 1.31.1\n')
    const declared = await celgateTest(dir, [])
    expect(declared.result.kubernetesVersion).toBe('1.31')
    expect(declared.result.kubernetesVersionFrom).toBe('Makefile: ENVTEST_K8S_VERSION = 1.31.1')
  })
})
