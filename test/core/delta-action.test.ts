/**
 * The Action's pull-request wiring, run in-process from the sources (the bundle in dist/ is
 * rebuilt separately): on a `pull_request` event the base defaults to `pull_request.base.sha`,
 * fail-on-new-only shows existing problems as warnings, and the job summary and outputs carry
 * the delta.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { TempDirs, git, makeRepo } from './delta-repo.js'
import {
  isolateRunnerEnvironment,
  pullRequestEvent,
  runActionInProcess
} from '../support/action-in-process.js'
import type { ActionEvent, InProcessActionRun } from '../support/action-in-process.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

isolateRunnerEnvironment()

const runAction = (
  repo: string,
  inputs: Record<string, string>,
  event?: ActionEvent
): Promise<InProcessActionRun> =>
  runActionInProcess({
    workspace: repo,
    inputs,
    runnerDir: tmp.dir('runner'),
    ...(event ? { event } : {})
  })

const pullRequest = pullRequestEvent

const output = (outputs: string, name: string): string | undefined =>
  new RegExp(`^${name}<<(\\S+)\\n([^]*?)\\n\\1$`, 'm').exec(outputs)?.[2]

describe('the Action on a pull request', () => {
  it('compares with pull_request.base.sha by default; fail-on-new-only fails on the new error only', async () => {
    const repo = makeRepo(tmp)
    const r = await runAction(repo, { 'fail-on-new-only': 'true' }, pullRequest(repo))
    expect(r.failed).toBe(true)
    expect(r.summary.indexOf('### Changes since')).toBeLessThan(r.summary.indexOf('### Overview'))
    expect(r.summary).toContain(git(repo, 'rev-parse', 'main').trim().slice(0, 12))
    expect(output(r.outputs, 'new-findings')).toBe('2')
    expect(output(r.outputs, 'fixed-findings')).toBe('1')
    expect(output(r.outputs, 'suppressed')).toBe('0')
    // The error already at the base is annotated as a warning; the new one as an error.
    expect(r.stdout).toMatch(
      /::warning title=[^\n]*,file=config\/existing\.yaml,[^\n]*::\[error, already at the base/
    )
    expect(r.stdout).toMatch(/::error title=[^\n]*,file=config\/new\.yaml,/)
    expect(r.stdout).not.toMatch(/::error title=[^\n]*,file=config\/existing\.yaml/)
  })

  it('passes with fail-on-new-only when only existing errors remain', async () => {
    const repo = makeRepo(tmp, { pr: ['crds/routes.yaml'] })
    const r = await runAction(repo, { 'fail-on-new-only': 'true' }, pullRequest(repo))
    expect(r.failed).toBe(false)
    expect(r.stdout).toContain('2 findings already at the base only warn (fail-on-new-only)')
  })

  it('max-cost-increase fails the step on a rule that grew too much', async () => {
    const repo = makeRepo(tmp, { pr: ['crds/gateways.yaml'] })
    const r = await runAction(
      repo,
      { 'fail-on': 'never', 'max-cost-increase': '10' },
      pullRequest(repo)
    )
    expect(r.failed).toBe(true)
    expect(r.stdout).toContain('grew by +17%25, over max-cost-increase: 10%25')
  })

  it('a shallow checkout: one notice, the plain gate', async () => {
    const origin = makeRepo(tmp)
    const clone = tmp.dir('shallow')
    git(clone, 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${origin}`, '.')
    const event = pullRequest(origin)
    const r = await runAction(clone, { 'fail-on-new-only': 'true' }, event)
    expect(r.failed).toBe(true)
    const notices = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('::notice title=celgate::No comparison'))
    expect(notices).toHaveLength(1)
    expect(notices[0]).toContain('This is a shallow clone')
    expect(output(r.outputs, 'new-findings')).toBeUndefined()
  })

  it('on a push without base-ref: no comparison at all', async () => {
    const repo = makeRepo(tmp)
    const r = await runAction(repo, {})
    expect(r.summary).not.toContain('### Changes since')
    expect(r.failed).toBe(true)
  })

  it('an explicit base-ref input works outside pull requests', async () => {
    const repo = makeRepo(tmp)
    const r = await runAction(repo, { 'base-ref': 'main' })
    expect(r.summary).toContain('### Changes since <code>main</code>')
  })
})
