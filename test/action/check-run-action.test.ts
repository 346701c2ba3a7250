/**
 * The Action's check run and annotations, run in process from the sources against the local
 * fake GitHub API (the dist/ bundle is rebuilt separately): a pull request whose only findings
 * are notices passes everywhere (the step, the job summary's title, the check run's
 * conclusion); the check run carries the compact view that links to the job summary, not the
 * job summary itself; and notices of rules off by default (cr/defaulted-field) are neither
 * annotated nor in SARIF until `rules:` names the rule.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Log } from 'sarif'
import {
  isolateRunnerEnvironment,
  pullRequestEvent,
  runActionInProcess
} from '../support/action-in-process.js'
import type { InProcessActionRun } from '../support/action-in-process.js'
import { FakeGitHubApi } from '../support/fake-github-api.js'
import type { FakeCheckRun } from '../support/fake-github-api.js'

const fixtures = path.resolve(new URL('../../fixtures/custom-resources', import.meta.url).pathname)
const RUN_URL = 'https://github.com/octo-org/demo/actions/runs/42'

let scratch: string
let api: FakeGitHubApi

isolateRunnerEnvironment()

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'celgate-check-run-action-'))
  api = new FakeGitHubApi()
  await api.start()
})

afterAll(async () => {
  await api.stop()
  rmSync(scratch, { recursive: true, force: true })
})

/** A repository whose pull request adds a CRD and a sample its schema defaults fill. */
function repository(name: string, config?: string): string {
  const repo = path.join(scratch, name)
  mkdirSync(path.join(repo, 'crds'), { recursive: true })
  mkdirSync(path.join(repo, 'samples'))
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: repo, encoding: 'utf8' })
  git('init', '--quiet', '--initial-branch=main')
  git('config', 'user.email', 'test@example.com')
  git('config', 'user.name', 'test')
  writeFileSync(path.join(repo, 'README.md'), 'base\n')
  if (config !== undefined) writeFileSync(path.join(repo, '.celgate.yaml'), config)
  git('add', '-A')
  git('commit', '--quiet', '-m', 'base')
  git('checkout', '--quiet', '-b', 'feature')
  copyFileSync(path.join(fixtures, 'crds/gadgets.yaml'), path.join(repo, 'crds/gadgets.yaml'))
  copyFileSync(path.join(fixtures, 'samples/valid.yaml'), path.join(repo, 'samples/valid.yaml'))
  git('add', '-A')
  git('commit', '--quiet', '-m', 'head')
  return repo
}

async function runOn(repo: string): Promise<{ run: InProcessActionRun; checkRun: FakeCheckRun }> {
  const before = api.checkRuns.length
  const run = await runActionInProcess({
    workspace: repo,
    inputs: { 'check-run': 'true', 'github-token': 'fake-token', 'sarif-file': 'celgate.sarif' },
    runnerDir: mkdtempSync(path.join(scratch, 'runner-')),
    event: pullRequestEvent(repo),
    env: {
      GITHUB_API_URL: api.url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '42'
    }
  })
  const runs = api.checkRuns.slice(before)
  expect(runs).toHaveLength(1)
  return { run, checkRun: runs[0]! }
}

const sarifRules = (repo: string): string[] =>
  (
    (JSON.parse(readFileSync(path.join(repo, 'celgate.sarif'), 'utf8')) as Log).runs[0]?.results ??
    []
  ).map((r) => r.ruleId ?? '')

describe('a pull request with only notices', () => {
  it('passes in the step, the job summary and the check run', async () => {
    const repo = repository('notices')
    const { run, checkRun } = await runOn(repo)
    expect(run.failed).toBe(false)
    expect(run.outputs).toMatch(/^gate<<(\S+)\npassed\n\1$/m)
    expect(run.summary).toMatch(/^## ✅ celgate: passed$/m)
    expect(run.summary).not.toContain('failed')
    expect(run.stdout).not.toMatch(/^::error/m)
    expect(run.stdout).toMatch(/^celgate: 0 errors, 0 warnings, 2 notices — no errors$/m)
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'success' })
    expect(checkRun.output.title).toBe('0 errors, 0 warnings, 2 notices')
  })

  it('annotates no field set by a schema default, and says so in the log', async () => {
    const repo = repository('quiet')
    const { run, checkRun } = await runOn(repo)
    expect(run.stdout).not.toContain('cr/defaulted-field)')
    expect(checkRun.annotations).toEqual([])
    expect(sarifRules(repo)).toEqual([])
    expect(run.stdout).toContain(
      'Not annotated: 2 notices (cr/defaulted-field 2) of rules off by default in annotations and SARIF'
    )
    // One line for the CRD in the summary and in the check run.
    const line =
      /<code>cr\/defaulted-field<\/code> ×2 — schema defaults of <code>gadgets\.example\.com<\/code> set 2 fields/
    expect(run.summary).toMatch(line)
    expect(checkRun.output.summary).toMatch(line)
  })

  it('annotates them and puts them in SARIF when `rules:` names the rule', async () => {
    const repo = repository('loud', 'rules:\n  cr/defaulted-field: notice\n')
    const { run, checkRun } = await runOn(repo)
    expect(run.failed).toBe(false)
    expect(run.stdout.match(/^::notice title=[^\n]*\(cr\/defaulted-field\)/gm)).toHaveLength(2)
    expect(checkRun.annotations).toHaveLength(2)
    expect(sarifRules(repo)).toEqual(['cr/defaulted-field', 'cr/defaulted-field'])
    expect(run.stdout).not.toContain('Not annotated:')
  })

  it('gives the check run the compact view, linked to the job summary', async () => {
    const repo = repository('compact')
    const { run, checkRun } = await runOn(repo)
    const summary = checkRun.output.summary ?? ''
    expect(summary).toMatch(/^## ✅ celgate: passed\n/)
    expect(summary).toContain(`the [job summary](${RUN_URL})`)
    // The job summary's statistics, storage and cost tables stay in the job summary.
    expect(run.summary).toContain('<details><summary>Overview')
    expect(summary).not.toContain('<details><summary>Overview')
    expect(summary).not.toContain('### CRD manifest sizes')
    expect(summary).not.toContain('celgate:sticky-comment')
    expect(Buffer.byteLength(summary, 'utf8')).toBeLessThanOrEqual(65_535)
  })
})
