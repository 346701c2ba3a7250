import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runCliCaptured } from '../support/run-cli.js'
import type { TestResult } from '../../src/core/test.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
let tmp: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-test-cli-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const cli = (args: string[]) => runCliCaptured(args, repo)

const suiteFile = 'fixtures/custom-resources/tests/gadgets.example.com/AAA_ungated.yaml'

describe('celgate test', () => {
  it('reports the failing case with its line and diff, and exits 1', async () => {
    const r = await cli(['test', 'fixtures/custom-resources'])
    expect(r.code).toBe(1)
    expect(r.out).toContain(suiteFile)
    expect(r.out).toContain('✖ 34 onCreate: Fails on purpose: the color pattern rejects upper case')
    expect(r.out).toContain(
      `spec.color: Invalid value: "Red": spec.color in body should match '^[a-z]+$'`
    )
    expect(r.out).toContain(
      '✖ 6 cases passed, 1 failed of 7 in 1 suite (85.7% agree; Kubernetes 1.32)'
    )
    expect(r.out).not.toContain('Should default the replica bounds') // passing cases only with --verbose
  })

  it('lists passing cases with --verbose and writes JSON and annotations', async () => {
    const verbose = await cli(['test', 'fixtures/custom-resources', '--verbose', '--quiet'])
    expect(verbose.out).toContain('✔ 6 onCreate: Should default the replica bounds')
    const json = await cli(['test', 'fixtures/custom-resources', '--format', 'json'])
    const result = JSON.parse(json.out) as TestResult
    expect(result.summary).toMatchObject({
      suites: 1,
      cases: 7,
      passed: 6,
      failed: 1,
      expectingError: 4
    })
    const failing = result.suites[0]!.cases.find((c) => !c.passed)!
    expect(failing).toMatchObject({
      kind: 'onCreate',
      index: 3,
      line: 34,
      reason: 'the request was rejected'
    })
    expect(result.findings.map((f) => [f.ruleId, f.location.range?.startLine])).toEqual([
      ['test/case-failed', 34]
    ])
    const github = await cli(['test', 'fixtures/custom-resources', '--format', 'github'])
    expect(github.out).toContain(`file=${suiteFile},line=34,`)
  })

  it('exits 0 when every case passes, and writes reports with --output', async () => {
    const dir = mkdtempSync(path.join(tmp, 'repo-'))
    mkdirSync(path.join(dir, '.git'))
    cpSync(path.join(repo, 'fixtures/custom-resources/crds'), path.join(dir, 'crds'), {
      recursive: true
    })
    const suite = readFileSync(path.join(repo, suiteFile), 'utf8')
    const start = suite.indexOf('    - name: "Fails on purpose')
    const end = suite.indexOf('  onUpdate:')
    mkdirSync(path.join(dir, 'tests'))
    writeFileSync(path.join(dir, 'tests/suite.yaml'), suite.slice(0, start) + suite.slice(end))
    const r = await cli(['test', dir, '--output', `markdown=${path.join(dir, 'out/summary.md')}`])
    expect(r.code).toBe(0)
    expect(r.out).toContain(
      '✔ 6 cases passed, 0 failed of 6 in 1 suite (100.0% agree; Kubernetes 1.32)'
    )
    expect(readFileSync(path.join(dir, 'out/summary.md'), 'utf8')).toContain(
      'CRD test suites: 6 of 6 cases passed (100.0%)'
    )
  })

  it('uses the Kubernetes version given', async () => {
    const r = await cli([
      'test',
      'fixtures/custom-resources',
      '--kubernetes-version',
      '1.35',
      '--format',
      'json'
    ])
    const result = JSON.parse(r.out) as TestResult
    expect(result.kubernetesVersion).toBe('1.35')
    // 1.35 prints the failing value instead of the schema type: the owner case now disagrees.
    expect(result.summary.failed).toBe(2)
  })

  it('exits 2 on usage errors', async () => {
    expect((await cli(['test', '--bogus'])).code).toBe(2)
    expect((await cli(['test', '.', '--kubernetes-version', '1.10'])).code).toBe(2)
    expect((await cli(['test', '.', '--format', 'sarif'])).code).toBe(2)
    const missing = await cli(['test', 'no/such/folder'])
    expect(missing.code).toBe(2)
    expect(missing.err).toContain('does not exist')
    expect((await cli(['test', '--help'])).out).toContain('celgate test [paths…]')
  })
})
