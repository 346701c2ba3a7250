/**
 * `celgate test` on Kyverno CLI tests and kaptest manifests: a fixture whose expectation we
 * break, and the real corpus (kyverno/policies, Kyverno's own CLI tests, kaptest, VAP tests),
 * whose agreement figure the README states.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'
import type { TestResult } from '../../src/core/test.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const corpus = path.join(repo, '../shared/corpus')
let tmp: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-policy-tests-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

async function test(args: string[]): Promise<{ code: number; result: TestResult }> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  stdout.on('data', (d: Buffer) => (out += d.toString()))
  stderr.resume()
  const code = await runCli(['test', ...args, '--format', 'json'], {
    stdout,
    stderr,
    env: {},
    cwd: repo
  })
  return { code, result: JSON.parse(out) as TestResult }
}

const failedCases = (result: TestResult) =>
  (result.policyTests ?? []).flatMap((t) =>
    t.cases
      .filter((c) => !c.passed)
      .map((c) => ({ file: t.file, why: [c.reason ?? '', ...t.problems].join(' '), ...c }))
  )

describe('Kyverno CLI tests', () => {
  it('passes the fixture test, and fails on its line when the expectation is wrong', async () => {
    const good = await test(['fixtures/kyverno/repo/policies'])
    expect(good.code).toBe(0)
    expect(good.result.summary.byFormat.kyverno).toEqual({ files: 1, cases: 1, passed: 1 })

    const dir = path.join(tmp, 'wrong')
    cpSync(path.join(repo, 'fixtures/kyverno/repo/policies'), dir, { recursive: true })
    const file = path.join(dir, '.kyverno-test/kyverno-test.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('result: fail', 'result: pass'))
    const bad = await test([dir])
    expect(bad.code).toBe(1)
    const [finding] = bad.result.findings.filter((f) => f.ruleId === 'test/policy-result-mismatch')
    expect(finding?.location.range?.startLine).toBe(11)
    expect(finding?.message).toContain('fail')
  })

  it('does not run a Test file that is not named kyverno-test.yaml, as kyverno test', async () => {
    const dir = path.join(tmp, 'renamed')
    cpSync(path.join(repo, 'fixtures/kyverno/repo/policies'), dir, { recursive: true })
    renameSync(
      path.join(dir, '.kyverno-test/kyverno-test.yaml'),
      path.join(dir, '.kyverno-test/disabled-test.yaml')
    )
    const { result } = await test([dir])
    expect(result.summary.byFormat.kyverno.cases).toBe(0)
    expect(result.findings.map((f) => f.ruleId)).toContain('test/kyverno-test-not-run')
  })
})

describe('the corpus', () => {
  // What is left needs a registry, signatures or a live cluster, a file the test names but the
  // corpus lacks, or is a test upstream expects to fail.
  const OFFLINE_IMPOSSIBLE =
    /registry|signature|image|live cluster|no such file|Not found|not evaluated/i

  it('agrees with at least 98% of the Kyverno results of kyverno/policies and the CLI tests', async () => {
    // Both follow Kyverno's newest release, the semantics celgate runs by default.
    const { result } = await test([
      path.join(corpus, 'policies/kyverno'),
      path.join(corpus, 'policies/kyverno-engine-tests')
    ])
    const kyverno = result.summary.byFormat.kyverno
    expect(kyverno.cases).toBeGreaterThanOrEqual(1_950)
    expect(kyverno.passed / kyverno.cases).toBeGreaterThanOrEqual(0.98)
    for (const c of failedCases(result)) expect(c.why).toMatch(OFFLINE_IMPOSSIBLE)
  }, 300_000)

  // kyverno-engine-release-branches/release-1.NN hold the CLI tests of Kyverno 1.11-1.13 and 1.17
  // (MANIFEST.md, "Added 2026-11-28"), each run with its own release's `kyverno test`
  // (--kyverno-version 1.NN; src/kyverno/versions.ts). Up to 1.17 a result expecting `fail`
  // passes whatever happened, so most registry cases agree there. Besides the cases that need a
  // registry, signatures or a live cluster, and test-fail/*, which Kyverno expects to fail, one
  // case disagrees on 1.12 and 1.13, and Kyverno's own code agrees with celgate there: the
  // branches' copy of exceptions-3 allows the hostPath value `path` where the pod's is
  // `/var/lib1` (pkg/pss/evaluate.go matches the values against the path), and neither branch's
  // Makefile ran test/cli/test-exceptions; main fixed the value when it started to
  // (kyverno 9829a2a50c, "add local CLI tests ... in the workflow").
  it.each([
    ['1.11', { files: 81, cases: 192, passed: 181 }, []],
    ['1.12', { files: 97, cases: 230, passed: 218 }, ['test-exceptions/exceptions-3']],
    ['1.13', { files: 106, cases: 259, passed: 246 }, ['test-exceptions/exceptions-3']],
    ['1.17', { files: 1, cases: 4, passed: 4 }, []]
  ])(
    "runs release-%s's CLI tests with that release's semantics",
    async (version, figures, disagreeing) => {
      const branch = path.join(
        corpus,
        `policies/kyverno-engine-release-branches/release-${version}`
      )
      const { result } = await test([branch, '--kyverno-version', version])
      expect(result.kyvernoVersion).toBe(version)
      expect(result.summary.byFormat.kyverno).toEqual(figures)
      const where = (file: string) =>
        file.replace(/^(?:.*\/)?test\/cli\/(.*)\/kyverno-test\.yaml$/, '$1')
      const left = failedCases(result).filter(
        (c) => !OFFLINE_IMPOSSIBLE.test(c.why) && !where(c.file).startsWith('test-fail/')
      )
      expect(left.map((c) => where(c.file))).toEqual(disagreeing)
      for (const c of left) expect(c.reason).toBe('Want skip, got fail')
    },
    300_000
  )

  it('reproduces every kaptest decision and Kyverno CLI result of the VAP corpus', async () => {
    const { result } = await test([path.join(corpus, 'vap')])
    expect(result.summary.byFormat.kyverno).toEqual({ files: 11, cases: 26, passed: 26 })
    expect(result.summary.byFormat.kaptest.passed).toBe(27)
    // The rest are kaptest's own invalid-* fixtures, which kaptest's tests expect to fail.
    for (const c of failedCases(result)) expect(c.file).toMatch(/\/invalid-[^/]*\.yaml$/)
  }, 300_000)
})
