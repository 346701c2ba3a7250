/**
 * `celgate test --kyverno-version`: the Kyverno CLI tests read with the selected release's
 * `kyverno test`. Each behaviour is the one of kyverno/kyverno's release branches, read at the
 * commits of src/kyverno/versions.ts:
 * - cmd/cli/kubectl-kyverno/commands/test/output.go printTestResult: `success := ok || (!ok &&
 *   test.Result == StatusFail)` on release-1.17 (f64c0f5820a0), gone on release-1.18 (836310455d35);
 * - deprecations/check.go CheckTest, whose verdict command.go ignores on release-1.14
 *   (b11038539fd0) and returns "test file … uses a deprecated schema — please migrate to the
 *   latest format" for on release-1.15 (13ba08e97c90);
 * - test/load.go `yaml.UnmarshalStrict`: an unknown field is listed under "Test errors:" on 1.14
 *   and ends the run ("found N errors after loading tests") on 1.15; apis/v1alpha1/test_result.go
 *   drops TestResultDeprecated (status, resource, namespace, patchedResource) in 1.15;
 * - variables/new.go: a values file without apiVersion/kind is read after a warning on 1.14 and
 *   refused on 1.15;
 * - output.go on release-1.13 (681329b77761): results select responses by `kind` and the names in
 *   `resources` (lookupEngineResponses), nothing when they name none.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'
import type { TestResult } from '../../src/core/test.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
let tmp: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-kyverno-versions-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

async function celgateTest(
  dir: string,
  version?: string
): Promise<{ code: number; result: TestResult; err: string }> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d: Buffer) => (out += d.toString()))
  stderr.on('data', (d: Buffer) => (err += d.toString()))
  const args = ['test', dir, '--format', 'json', '--quiet']
  if (version !== undefined) args.push('--kyverno-version', version)
  const code = await runCli(args, { stdout, stderr, env: {}, cwd: repo })
  return { code, result: (out === '' ? undefined : JSON.parse(out)) as TestResult, err }
}

const POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-team
spec:
  validationFailureAction: Enforce
  rules:
    - name: check-team
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: "team must be {{ allowed }}"
        deny:
          conditions:
            any:
              - key: "{{ request.object.metadata.labels.team || '' }}"
                operator: NotEquals
                value: "{{ allowed }}"
`
const PODS = `apiVersion: v1
kind: Pod
metadata:
  name: good-pod
  labels: {team: a}
spec:
  containers: [{name: c, image: nginx:1.0}]
---
apiVersion: v1
kind: Pod
metadata:
  name: bad-pod
  labels: {team: b}
spec:
  containers: [{name: c, image: nginx:1.0}]
`
const VALUES = `apiVersion: cli.kyverno.io/v1alpha1
kind: Values
globalValues:
  allowed: a
`
const HEADER = `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata:
  name: require-team
`
const BODY = `policies: [policy.yaml]
resources: [pods.yaml]
variables: values.yaml
`

/** A folder with the policy, the pods, a values file and the test text given. */
function fixture(name: string, test: string, values = VALUES): string {
  const dir = path.join(tmp, name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, 'policy.yaml'), POLICY)
  writeFileSync(path.join(dir, 'pods.yaml'), PODS)
  writeFileSync(path.join(dir, 'values.yaml'), values)
  writeFileSync(path.join(dir, 'kyverno-test.yaml'), test)
  return dir
}

const cases = (result: TestResult) => result.policyTests.flatMap((t) => t.cases)
const rules = (result: TestResult) => result.findings.map((f) => f.ruleId)

describe('kyverno-version', () => {
  it('defaults to the newest release and refuses one celgate does not model, naming the range', async () => {
    const dir = fixture(
      'default',
      `${HEADER}${BODY}results:
  - {policy: require-team, rule: check-team, resources: [good-pod], kind: Pod, result: pass}
`
    )
    const run = await celgateTest(dir)
    expect(run.code).toBe(0)
    expect(run.result.kyvernoVersion).toBe('1.19')
    const bad = await celgateTest(dir, '1.20')
    expect(bad.code).toBe(2)
    expect(bad.err).toContain(
      "--kyverno-version: unsupported Kyverno version '1.20' (supported: 1.11–1.19)"
    )
    expect((await celgateTest(dir, 'v1.14.3')).result.kyvernoVersion).toBe('1.14')
  })
})

describe('a result expecting fail', () => {
  // good-pod passes the rule: the result is wrong, but kyverno test ≤ 1.17 passes it anyway.
  const test = `${HEADER}${BODY}results:
  - {policy: require-team, rule: check-team, resources: [good-pod], kind: Pod, result: fail}
`
  it('passes whatever happened up to 1.17 (output.go on release-1.17)', async () => {
    const run = await celgateTest(fixture('fail-117', test), '1.17')
    expect(run.code).toBe(0)
    expect(cases(run.result).map((c) => c.passed)).toEqual([true])
    expect(run.result.policyTests[0]?.cases[0]?.rows?.[0]?.reason).toContain(
      'passes a result expecting fail whatever happened'
    )
  })

  it('must be the actual result from 1.18', async () => {
    const run = await celgateTest(fixture('fail-118', test), '1.18')
    expect(run.code).toBe(1)
    expect(cases(run.result)[0]?.reason).toBe('Want fail, got pass')
  })
})

describe('a test file without apiVersion and kind', () => {
  const test = `${BODY}results:
  - {policy: require-team, rule: check-team, resources: [bad-pod], kind: Pod, result: fail}
`
  it('runs up to 1.14, with the deprecation warning kyverno test prints', async () => {
    const run = await celgateTest(fixture('schema-114', test), '1.14')
    expect(run.code).toBe(0)
    expect(cases(run.result).map((c) => c.passed)).toEqual([true])
    const warning = run.result.findings.find((f) => f.ruleId === 'test/kyverno-test-warning')
    expect(warning?.message).toContain('uses a deprecated schema that will be removed in 1.15')
  })

  it('is refused from 1.15: a failed case with the reason, and exit 1 (never 0 cases)', async () => {
    const run = await celgateTest(fixture('schema-115', test), '1.15')
    expect(run.code).toBe(1)
    expect(cases(run.result)).toHaveLength(1)
    expect(cases(run.result)[0]?.passed).toBe(false)
    expect(cases(run.result)[0]?.reason).toMatch(
      /^test file (\S*\/)?kyverno-test\.yaml uses a deprecated schema — please migrate to the latest format$/
    )
    expect(rules(run.result)).toContain('test/policy-test-unrunnable')
  })

  it('is refused by the default release even without results', async () => {
    const run = await celgateTest(fixture('schema-empty', BODY))
    expect(run.code).toBe(1)
    expect(cases(run.result).map((c) => [c.name, c.passed])).toEqual([['the test file', false]])
  })
})

describe('removed and unknown fields', () => {
  const withStatus = `${HEADER}${BODY}results:
  - {policy: require-team, rule: check-team, resources: [bad-pod], kind: Pod, status: fail}
`
  it('reads `status` up to 1.14 and refuses it as an unknown field from 1.15', async () => {
    const old = await celgateTest(fixture('status-114', withStatus), '1.14')
    expect(old.code).toBe(0)
    expect(cases(old.result).map((c) => [c.expected, c.passed])).toEqual([['fail', true]])
    const now = await celgateTest(fixture('status-115', withStatus), '1.15')
    expect(now.code).toBe(1)
    expect(cases(now.result)[0]?.reason).toBe(
      'error unmarshaling JSON: while decoding JSON: json: unknown field "status"'
    )
    const finding = now.result.findings.find((f) => f.ruleId === 'test/policy-test-unrunnable')
    expect(finding?.message).toContain('write `result` instead of `status`')
    expect(finding?.location.range?.startLine).toBe(9)
  })

  const withUnknown = `${HEADER}${BODY}foo: bar
results:
  - {policy: require-team, rule: check-team, resources: [bad-pod], kind: Pod, result: pass}
`
  it('skips a test with an unknown field up to 1.14 (a warning, as its Test errors) and refuses it from 1.15', async () => {
    const old = await celgateTest(fixture('unknown-114', withUnknown), '1.14')
    expect(old.code).toBe(0)
    expect(cases(old.result)).toEqual([])
    const warning = old.result.findings.find((f) => f.ruleId === 'test/kyverno-test-warning')
    expect(warning?.message).toContain('json: unknown field "foo"')
    expect(warning?.location.range?.startLine).toBe(8)
    const now = await celgateTest(fixture('unknown-119', withUnknown))
    expect(now.code).toBe(1)
    expect(cases(now.result).map((c) => c.passed)).toEqual([false])
  })
})

describe('the deprecated `resource` of a result', () => {
  // Up to 1.14 it selects the resource; without it the entry would check both pods.
  const test = `${HEADER}${BODY}results:
  - {policy: require-team, rule: check-team, resource: good-pod, kind: Pod, result: pass}
`
  it('selects that resource (output.go on release-1.14)', async () => {
    const run = await celgateTest(fixture('resource-114', test), '1.14')
    expect(run.code).toBe(0)
    expect(cases(run.result)[0]?.rows?.map((r) => r.resource)).toEqual(['v1/Pod/default/good-pod'])
  })

  it('selects by kind and name up to 1.13 (lookupEngineResponses)', async () => {
    const run = await celgateTest(fixture('resource-113', test), '1.13')
    expect(run.code).toBe(0)
    expect(cases(run.result)[0]?.rows?.map((r) => r.resource)).toEqual(['good-pod'])
    // Another kind selects nothing: "Not found".
    const other = await celgateTest(
      fixture('kind-113', test.replace('kind: Pod', 'kind: Deployment')),
      '1.13'
    )
    expect(other.code).toBe(1)
    expect(cases(other.result)[0]?.rows?.map((r) => r.reason)).toEqual(['Not found'])
  })
})

describe('a values file without apiVersion and kind', () => {
  const test = `${HEADER}${BODY}results:
  - {policy: require-team, rule: check-team, resources: [good-pod], kind: Pod, result: pass}
  - {policy: require-team, rule: check-team, resources: [bad-pod], kind: Pod, result: fail}
`
  const oldValues = 'globalValues:\n  allowed: a\n'
  it('is read up to 1.14 (variables/new.go on release-1.14), with its warning', async () => {
    const run = await celgateTest(fixture('values-114', test, oldValues), '1.14')
    expect(run.code).toBe(0)
    expect(cases(run.result).map((c) => c.passed)).toEqual([true, true])
    expect(run.result.findings.map((f) => f.message).join('\n')).toContain(
      'values file (values.yaml) uses a deprecated schema'
    )
  })

  it('is refused from 1.15, with the reason on each result', async () => {
    // The default release, 1.19; before the setting existed the values were dropped silently.
    const run = await celgateTest(fixture('values-119', test, oldValues))
    expect(run.code).toBe(1)
    expect(cases(run.result).map((c) => c.passed)).toEqual([false, false])
    expect(cases(run.result)[0]?.reason).toContain(
      'values file values.yaml uses a deprecated schema — please migrate to the latest format'
    )
  })
})

describe('a kyverno-test.yaml with two documents', () => {
  // test/load.go: one yaml.UnmarshalStrict of the file up to 1.14 (the first document only);
  // extyaml.SplitDocuments and a test per document from 1.15.
  const one = `${HEADER}${BODY}results:
  - {policy: require-team, rule: check-team, resources: [good-pod], kind: Pod, result: pass}
`
  const test = `${one}---\n${one.replace('result: pass', 'result: fail').replace('good-pod]', 'bad-pod]')}`
  it('runs the first up to 1.14 and both from 1.15', async () => {
    const old = await celgateTest(fixture('two-114', test), '1.14')
    expect(cases(old.result).map((c) => c.name)).toEqual(['require-team/check-team on good-pod'])
    const now = await celgateTest(fixture('two-115', test), '1.15')
    expect(cases(now.result).map((c) => c.name)).toEqual([
      'require-team/check-team on good-pod',
      'require-team/check-team on bad-pod'
    ])
    expect(now.code).toBe(0)
  })
})
