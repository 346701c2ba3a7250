/**
 * The Action as users run it: `node dist/index.js` with INPUT_* variables and the runner's
 * file commands, asserting the workflow commands, the job summary, the outputs and the
 * PR comment (over real HTTP against the local fake GitHub API).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { FakeGitHubApi } from '../support/fake-github-api.js'
import { runAction as runActionBundle } from '../support/run-action.js'
import type { ActionRun } from '../support/run-action.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
let tmp: string

beforeAll(() => {
  // Inside the workspace (the repository): celgate writes reports only there.
  mkdirSync(path.join(repo, 'build'), { recursive: true })
  tmp = mkdtempSync(path.join(repo, 'build', 'celgate-action-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** Runs dist/index.js like the runner does, with the repository as the workspace. */
const runAction = (
  inputs: Record<string, string>,
  env: Record<string, string> = {}
): Promise<ActionRun> => runActionBundle({ inputs, env, scratch: tmp })

describe('the Action bundle', () => {
  it('annotates the demo, writes the summary and outputs, and fails the step', async () => {
    const run = await runAction({
      'working-directory': 'fixtures/demo',
      'sarif-file': `${tmp}/demo.sarif`,
      'reports-dir': `${tmp}/demo-reports`
    })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      /^::error title=Duplicate mapping key \(yaml\/duplicate-key\),file=fixtures\/demo\/samples\/widgets\.yaml,line=18,endLine=18,col=5,endColumn=\d+::error converting YAML to JSON: yaml: unmarshal errors:%0A {2}line 8: key "app" already set in map/m
    )
    expect(run.stdout).toMatch(
      /^::warning title=CRD too large for client-side apply.*,file=fixtures\/demo\/charts\/widgets\/crds\/gadgets\.example\.com\.yaml,line=6,/m
    )
    expect(run.stdout).toMatch(
      /^::notice title=Helm template skipped.*file=fixtures\/demo\/charts\/widgets\/templates\/deployment\.yaml,line=4/m
    )
    expect(run.stdout).toMatch(/^::group::celgate: timings$/m)
    expect(run.stdout).toMatch(
      /^::error::celgate: 9 errors, 3 warnings, 2 notices — 9 errors with fail-on: error$/m
    )
    expect(run.stdout).toMatch(
      /^::error title=CEL rule over its cost budget \(crd\/cel-rule-cost\),file=fixtures\/demo\/crds\/widgets\.example\.com\.yaml,line=59,.*::Kubernetes 1\.35, 1\.36 and 1\.37 reject this CRD: spec\.validation\.openAPIV3Schema\.properties\[spec\]\.x-kubernetes-validations\[1\]\.rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x/m
    )
    expect(run.stdout).toMatch(
      /^::error title=Sample resource rejected by a Kyverno policy \(kyverno\/enforce-failed\),file=fixtures\/demo\/samples\/widgets\.yaml,line=4,.*::Kyverno would reject this Widget: ClusterPolicy 'require-labels'/m
    )
    expect(run.summary).toContain('### CEL rule costs')
    expect(run.summary).toContain('#### Kyverno policies × sample resources')
    expect(run.summary).toContain('#### Kyverno policy reports')
    expect(run.outputs['reports-dir']).toBe(`${tmp}/demo-reports`)
    const index = JSON.parse(readFileSync(`${tmp}/demo-reports/index.json`, 'utf8'))
    expect(index.reports.length).toBeGreaterThan(0)
    expect(run.summary).toContain('## ❌ celgate: failed')
    expect(run.summary).toContain('gadgets.example.com')
    expect(run.outputs).toMatchObject({
      errors: '9',
      warnings: '3',
      notices: '2',
      gate: 'failed',
      'sarif-file': `${tmp}/demo.sarif`
    })
    const report = JSON.parse(readFileSync(run.outputs['report-json']!, 'utf8'))
    expect(report.summary.files).toBe(11)
    // 14 findings; the admission/cel-cost-estimate notice is off by default in SARIF.
    expect(JSON.parse(readFileSync(`${tmp}/demo.sarif`, 'utf8')).runs[0].results).toHaveLength(13)
    expect(Number(run.outputs['worst-budget-ratio'])).toBeGreaterThan(100)
    expect(report.worstBudgetRatio).toBe(Number(run.outputs['worst-budget-ratio']))
  })

  it('passes with fail-on: never and keeps at most max-annotations per type, saying how many more', async () => {
    const run = await runAction({
      'working-directory': 'fixtures/demo',
      'fail-on': 'never',
      'max-annotations': '1'
    })
    expect(run.code).toBe(0)
    expect(run.stdout.match(/^::error /gm)).toHaveLength(1)
    expect(run.stdout).toMatch(
      /^::notice title=celgate::11 more findings are not shown as annotations/m
    )
    expect(run.stdout).toContain('Not annotated: 1 notice (admission/cel-cost-estimate 1)')
    expect(run.outputs.gate).toBe('passed')
    expect(run.summary).toContain('findings are annotated')
  })

  it('checks the Kubernetes versions and cost ratios given as inputs', async () => {
    const run = await runAction({
      'working-directory': 'fixtures/cost',
      'kubernetes-versions': '1.37',
      'cost-warn-ratio': '0.9',
      'fail-on': 'never'
    })
    expect(run.code).toBe(0)
    const report = JSON.parse(readFileSync(run.outputs['report-json']!, 'utf8')) as {
      kubernetesVersions: string[]
      costGate: unknown
      findings: Array<{ file: string }>
    }
    expect(report.kubernetesVersions).toEqual(['1.37'])
    expect(report.costGate).toEqual({ warnRatio: 0.9, failRatio: 1 })
    // 1.37 bounds the injected metadata.name, so tenants.cost.example.com is accepted.
    expect(report.findings.filter((f) => f.file.endsWith('versions.yaml'))).toEqual([])
    // The 61% rule of headroom.yaml is under a 90% warning line.
    expect(report.findings.filter((f) => f.file.endsWith('headroom.yaml'))).toEqual([])
  })

  it('rejects a Kubernetes version outside 1.30-1.38', async () => {
    const run = await runAction({ 'kubernetes-versions': '1.29-1.31' })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      "::error::celgate: kubernetes-versions: unsupported Kubernetes version '1.29' (supported: 1.30–1.37, and 1.38 as a pre-release)"
    )
  })

  it('fails clearly on a bad input value', async () => {
    const run = await runAction({ 'fail-on': 'maybe' })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      "::error::celgate: input 'fail-on' must be one of error, warning, never (got 'maybe')"
    )
  })

  describe('PR comment and check run', () => {
    let api: FakeGitHubApi
    beforeAll(async () => {
      api = new FakeGitHubApi()
      await api.start()
    })
    afterAll(() => api.stop())

    function prEvent(fork: boolean): string {
      const file = path.join(tmp, `event-${fork}.json`)
      const base = { repo: { full_name: 'octo-org/demo' } }
      const head = { sha: 'abc123', repo: { full_name: fork ? 'someone/demo' : 'octo-org/demo' } }
      writeFileSync(
        file,
        JSON.stringify({
          number: 7,
          pull_request: { number: 7, head, base },
          repository: { name: 'demo', owner: { login: 'octo-org' } }
        })
      )
      return file
    }

    const prEnv = (fork: boolean): Record<string, string> => ({
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: prEvent(fork),
      GITHUB_API_URL: api.url,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: '42'
    })

    const commentWrites = (method: string) =>
      api.requests.filter((r) => r.method === method && r.path.includes('/issues/'))

    it('publishes every finding but the quiet notices in a check run on the head commit', async () => {
      const before = api.checkRuns.length
      const run = await runAction(
        { 'working-directory': 'fixtures/demo', 'github-token': 'fake-token' },
        prEnv(false)
      )
      expect(run.code).toBe(1)
      const checkRun = api.checkRuns[before]
      const total = ['errors', 'warnings', 'notices'].reduce(
        (n, k) => n + Number(run.outputs[k]),
        0
      )
      expect(total).toBeGreaterThan(0)
      expect(checkRun).toMatchObject({ name: 'celgate', head_sha: 'abc123', conclusion: 'failure' })
      // The admission/cel-cost-estimate notice is off by default in annotations.
      expect(checkRun?.annotations).toHaveLength(total - 1)
      expect(checkRun?.output.summary).toContain('celgate')
    })

    it('creates the sticky comment once, then updates it in place', async () => {
      const inputs = {
        'working-directory': 'fixtures/demo',
        comment: 'true',
        'github-token': 'fake-token',
        'fail-on': 'never'
      }
      const first = await runAction(inputs, prEnv(false))
      expect(first.code).toBe(0)
      const posts = commentWrites('POST')
      expect(posts).toHaveLength(1)
      expect(posts[0]!.path).toBe('/repos/octo-org/demo/issues/7/comments')
      expect(posts[0]!.headers.authorization).toBe('token fake-token')
      expect(api.commentsOn(7)[0]!.body).toContain('celgate')
      await runAction({ ...inputs, 'max-crd-size': '1000' }, prEnv(false))
      expect(commentWrites('POST')).toHaveLength(1)
      expect(commentWrites('PATCH')).toHaveLength(1)
      expect(api.commentsOn(7)).toHaveLength(1)
      expect(api.commentsOn(7)[0]!.body).toContain('crd/size-budget')
    })

    it('warns and still succeeds when the token is read-only (403)', async () => {
      api.forbid = 'writes'
      const before = api.comments.length
      const run = await runAction(
        {
          'working-directory': 'fixtures/demo',
          comment: 'true',
          'github-token': 'fake-token',
          'fail-on': 'never',
          'max-crd-size': '2000'
        },
        prEnv(false)
      )
      api.forbid = undefined
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(/^::warning::.*pull-requests: write/m)
      expect(api.comments.length).toBe(before)
    })

    it('skips the comment on a fork pull request with a warning', async () => {
      const count = api.requests.length
      const run = await runAction(
        {
          'working-directory': 'fixtures/demo',
          comment: 'true',
          'github-token': 'fake-token',
          'fail-on': 'never'
        },
        prEnv(true)
      )
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(/^::warning::Pull requests from forks/m)
      expect(api.requests.length).toBe(count)
    })
  })
})
