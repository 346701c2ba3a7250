/**
 * The Action's PR comment and check run against the local fake GitHub API (issue 27 items 3
 * and 4): the sticky comment found again by the token's own identity and the job's key, and a
 * check run that always ends completed with the gate's conclusion and every output set, even
 * when GitHub refuses requests part of the way through.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { commentMarker } from '../../src/report/comment.js'
import { FakeGitHubApi } from '../support/fake-github-api.js'
import type { FakeFault, GitHubUser, RecordedRequest } from '../support/fake-github-api.js'
import { runAction } from '../support/run-action.js'
import type { ActionRun } from '../support/run-action.js'

// Each test runs the Action two or three times, a base comparison each: slow on a busy machine.
jest.setTimeout(180_000)

const PAT_USER: GitHubUser = { login: 'celgate-ci', type: 'User' }
const RENOVATE: GitHubUser = { login: 'renovate[bot]', type: 'Bot' }

let scratch: string
let workspace: string
let baseSha: string
let api: FakeGitHubApi

const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: workspace, encoding: 'utf8' }).trim()

/** A file whose every repeated key is a `yaml/duplicate-key` error: `count - 1` findings. */
const duplicateKeys = (count: number): string => `${Array(count).fill('k: 1').join('\n')}\n`

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'celgate-publishing-'))
  workspace = path.join(scratch, 'workspace')
  mkdirSync(workspace)
  // The base has 21 findings; the pull request makes it 230, so findings are new and fixed.
  git('init', '--quiet', '--initial-branch=main')
  git('config', 'user.email', 'test@example.com')
  git('config', 'user.name', 'test')
  writeFileSync(path.join(workspace, 'many.yaml'), duplicateKeys(22))
  writeFileSync(path.join(workspace, 'gone.yaml'), duplicateKeys(3))
  git('add', '.')
  git('commit', '--quiet', '-m', 'base')
  baseSha = git('rev-parse', 'HEAD')
  writeFileSync(path.join(workspace, 'many.yaml'), duplicateKeys(231))
  rmSync(path.join(workspace, 'gone.yaml'))
  git('add', '-A')
  git('commit', '--quiet', '-m', 'head')
  api = new FakeGitHubApi({
    identities: { 'pat-token': { user: PAT_USER, kind: 'user' } }
  })
  await api.start()
})

afterAll(async () => {
  await api.stop()
  rmSync(scratch, { recursive: true, force: true })
})

function prEnv(pr: number, job = 'manifests'): Record<string, string> {
  const event = path.join(scratch, `event-${pr}.json`)
  writeFileSync(
    event,
    JSON.stringify({
      number: pr,
      pull_request: {
        number: pr,
        head: { sha: `head${pr}`, repo: { full_name: 'octo-org/demo' } },
        base: { sha: baseSha, repo: { full_name: 'octo-org/demo' } }
      },
      repository: { name: 'demo', owner: { login: 'octo-org' } }
    })
  )
  return {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_API_URL: api.url,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '42',
    GITHUB_WORKFLOW: 'CI',
    GITHUB_JOB: job
  }
}

const run = (pr: number, inputs: Record<string, string>, job?: string): Promise<ActionRun> =>
  runAction({ inputs, workspace, scratch, env: prEnv(pr, job) })

const commentInputs = (token: string) => ({
  comment: 'true',
  'github-token': token,
  'check-run': 'false'
})

/** Every output a later step may read, set whatever GitHub answered. */
function expectAllOutputs(result: ActionRun): void {
  expect(result.outputs).toMatchObject({
    errors: '230',
    warnings: '0',
    notices: '0',
    gate: 'failed',
    suppressed: '0',
    'new-findings': '209',
    'fixed-findings': '2'
  })
  expect(result.outputs['report-json']).toMatch(/celgate-report\.json$/)
  expect(result.outputs['worst-budget-ratio']).toBe('0')
}

function expectNoCrash(result: ActionRun): void {
  expect(result.code).toBe(1)
  expect(result.stdout).toMatch(/^::error::celgate: 230 errors, 0 warnings, 0 notices — /m)
  expect(result.stdout).not.toMatch(/^\s+at /m)
  expect(result.stdout).not.toContain('celgate failed')
  expect(result.stderr).toBe('')
}

const commentPosts = (pr: number) =>
  api.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/issues/${pr}/comments`))

describe('the sticky comment', () => {
  it.each([
    ['a personal access token', 'pat-token', 21, PAT_USER.login],
    ['GITHUB_TOKEN', 'github-token', 22, 'github-actions[bot]']
  ])('with %s, two runs leave one comment, updated in place', async (_, token, pr, author) => {
    const first = await run(pr, commentInputs(token))
    const second = await run(pr, { ...commentInputs(token), 'fail-on': 'never' })

    expect(first.stdout).toMatch(/^PR comment: created /m)
    expect(second.stdout).toMatch(/^PR comment: updated /m)
    const comments = api.commentsOn(pr)
    expect(comments).toHaveLength(1)
    expect(comments[0]!.user.login).toBe(author)
    expect(comments[0]!.body).toContain('celgate: passed')
    expect(comments[0]!.body.endsWith(commentMarker('CI/manifests'))).toBe(true)
    expect(first.stdout).not.toMatch(/^::warning/m)
  })

  it('never edits another app’s comment that carries the marker', async () => {
    const pr = 23
    // Another bot's comments ending with this job's marker and with the default one.
    const foreign = [commentMarker('CI/manifests'), commentMarker()].map((marker) =>
      api.addComment('octo-org/demo', pr, `Copied from celgate\n\n${marker}`, RENOVATE)
    )
    const bodies = foreign.map((c) => c.body)

    for (const token of ['github-token', 'pat-token']) {
      const result = await run(pr, commentInputs(token))
      expect(result.stdout).toMatch(/^PR comment: created /m)
      expect(result.stdout).not.toMatch(/^::warning/m)
    }
    expect(api.commentsOn(pr).map((c) => c.user.login)).toEqual([
      'renovate[bot]',
      'renovate[bot]',
      'github-actions[bot]',
      'celgate-ci'
    ])
    expect(foreign.map((c) => c.body)).toEqual(bodies)
    const touched = api.requests.filter((r) => foreign.some((c) => r.path.endsWith(`/${c.id}`)))
    expect(touched).toEqual([])
  })

  it('keeps one comment per job', async () => {
    const pr = 24
    await run(pr, commentInputs('github-token'), 'crds')
    await run(pr, commentInputs('github-token'), 'policies')
    await run(pr, commentInputs('github-token'), 'crds')
    const bodies = api.commentsOn(pr).map((c) => c.body)
    expect(bodies).toHaveLength(2)
    expect(bodies[0]!.endsWith(commentMarker('CI/crds'))).toBe(true)
    expect(bodies[1]!.endsWith(commentMarker('CI/policies'))).toBe(true)
    expect(commentPosts(pr)).toHaveLength(2)
  })

  it('honours the comment-key input', async () => {
    const pr = 25
    await run(pr, { ...commentInputs('github-token'), 'comment-key': 'crd-costs' })
    expect(api.commentsOn(pr)[0]!.body.endsWith(commentMarker('crd-costs'))).toBe(true)
  })

  it('turns a rate limit on the comment into a warning, with every output set', async () => {
    const pr = 26
    api.faults = [
      {
        method: 'POST',
        path: /\/issues\/26\/comments$/,
        status: 429,
        headers: { 'retry-after': '0' }
      }
    ]
    const result = await run(pr, commentInputs('github-token'))
    api.faults = []
    expectNoCrash(result)
    expectAllOutputs(result)
    expect(result.stdout).toMatch(
      /^::warning::Could not comment on octo-org\/demo#26: GitHub answered 429 \(Too Many Requests/m
    )
    expect(api.commentsOn(pr)).toHaveLength(0)
  })
})

describe('the check run', () => {
  const annotationsIn = (r: RecordedRequest) =>
    ((r.body as { output?: { annotations?: unknown[] } }).output?.annotations ?? []).length
  const batchUpdate = (r: RecordedRequest) => r.method === 'PATCH' && annotationsIn(r) > 0
  const checkRunInputs = { 'github-token': 'github-token' }

  async function runWithFault(pr: number, fault: FakeFault | undefined) {
    const before = api.checkRuns.length
    const requestsBefore = api.requests.length
    api.faults = fault ? [fault] : []
    const result = await run(pr, checkRunInputs)
    api.faults = []
    const checkRun = api.checkRuns.slice(before)
    expect(checkRun).toHaveLength(1)
    const requests = api.requests.slice(requestsBefore).filter((r) => r.path.includes('check-runs'))
    return { result, checkRun: checkRun[0]!, requests }
  }

  it('publishes 230 annotations in 5 requests, the new ones first', async () => {
    const { result, checkRun, requests } = await runWithFault(31, undefined)
    expectNoCrash(result)
    expectAllOutputs(result)
    expect(checkRun).toMatchObject({
      head_sha: 'head31',
      status: 'completed',
      conclusion: 'failure'
    })
    expect(checkRun.annotations).toHaveLength(230)
    expect(requests.map(annotationsIn)).toEqual([50, 50, 50, 50, 30])
    // The 21 findings already at the base come last.
    const lines = checkRun.annotations.map((a) => (a as { start_line: number }).start_line)
    expect(lines.slice(-21).every((n) => n <= 22)).toBe(true)
    expect(lines.slice(0, 209).every((n) => n > 22)).toBe(true)
  })

  it.each([
    ['403', { status: 403 }],
    ['429', { status: 429, headers: { 'retry-after': '0' } }]
  ])(
    'on a %s mid-way ends completed with the conclusion and every output set',
    async (status, answer) => {
      const { result, checkRun } = await runWithFault(status === '403' ? 32 : 33, {
        path: /check-runs/,
        when: batchUpdate,
        skip: 1,
        ...answer
      })
      expectNoCrash(result)
      expectAllOutputs(result)
      expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' })
      expect(checkRun.annotations).toHaveLength(100)
      expect(checkRun.output.summary).toContain('Not every annotation could be published')
      expect(result.stdout).toMatch(
        new RegExp(
          `^::warning::The check run on octo-org/demo@head3\\d has 100 of its 230 annotations: GitHub answered ${status} `,
          'm'
        )
      )
    }
  )

  it('warns when GitHub cannot be reached, with every output set', async () => {
    // A port nothing listens on any more.
    const closed = new FakeGitHubApi()
    const { url } = await closed.start()
    await closed.stop()
    const result = await runAction({
      inputs: { ...checkRunInputs, comment: 'true' },
      workspace,
      scratch,
      env: { ...prEnv(34), GITHUB_API_URL: url }
    })
    expectNoCrash(result)
    expectAllOutputs(result)
    const warnings = result.stdout.match(/^::warning::.*$/gm) ?? []
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(/GitHub could not be reached \(connect ECONNREFUSED /)
    expect(warnings[1]).toMatch(
      /^::warning::Could not create the check run on octo-org\/demo@head34: GitHub could not be reached \(connect ECONNREFUSED /
    )
  })
})
