import { afterEach, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import type { Logger } from '../../src/core/logger.js'
import type { Finding } from '../../src/findings/model.js'
import {
  MAX_CHECK_RUN_ANNOTATIONS,
  MAX_SUMMARY_BYTES,
  checkRunAnnotation,
  orderForCheckRun,
  publishCheckRun
} from '../../src/action/check-run.js'
import type { CheckRunOutcome } from '../../src/action/check-run.js'
import { rateLimitWaitMs } from '../../src/action/rate-limit.js'
import { FakeGitHubApi } from '../support/fake-github-api.js'
import { instantRetry } from '../support/instant-retry.js'
import type { FakeGitHubApiOptions, RecordedRequest } from '../support/fake-github-api.js'

class RecordingLogger implements Logger {
  readonly messages: string[] = []
  info(message: string): void {
    this.messages.push(message)
  }
  warning(message: string): void {
    this.messages.push(`warning: ${message}`)
  }
  debug(message: string): void {
    this.messages.push(`debug: ${message}`)
  }
  group<T>(_name: string, fn: () => Promise<T>): Promise<T> {
    return fn()
  }
  progress(): void {}
}

const HEAD_SHA = '0123456789abcdef0123456789abcdef01234567'

/**
 * A summary that fills the room it is given with two-byte characters: 32,767 `é` are 32,767
 * characters but 65,534 bytes, the unit the Checks API counts.
 */
function fillingSummary(rooms: number[]): (maxBytes: number) => string {
  return (maxBytes) => {
    rooms.push(maxBytes)
    const head = '## celgate\n'
    return head + 'é'.repeat(Math.floor((maxBytes - head.length) / 2))
  }
}

function finding(i: number, severity: Finding['severity'] = 'warning'): Finding {
  return {
    ruleId: 'crd-cel-cost',
    severity,
    title: 'Rule cost',
    message: `finding ${i}`,
    location: {
      file: `crds/widget-${String(i).padStart(3, '0')}.yaml`,
      range: { startLine: i + 1, startColumn: 3, endLine: i + 1, endColumn: 9 }
    }
  }
}

describe('publishCheckRun over HTTP', () => {
  let fake: FakeGitHubApi | undefined

  afterEach(async () => {
    await fake?.stop()
    fake = undefined
  })

  async function publish(
    findings: Finding[],
    options: FakeGitHubApiOptions = {},
    now = 0
  ): Promise<{
    fake: FakeGitHubApi
    outcome: CheckRunOutcome
    logger: RecordingLogger
    sleeps: number[]
    rooms: number[]
  }> {
    fake = new FakeGitHubApi(options)
    const { url } = await fake.start()
    const logger = new RecordingLogger()
    const { retry, sleeps } = instantRetry(now)
    const rooms: number[] = []
    const outcome = await publishCheckRun({
      octokit: getOctokit('fake-token', { baseUrl: url }),
      owner: 'octo-org',
      repo: 'demo',
      headSha: HEAD_SHA,
      name: 'celgate',
      title: '1 error, 120 warnings',
      summary: fillingSummary(rooms),
      conclusion: 'failure',
      findings,
      logger,
      retry
    })
    return { fake, outcome, logger, sleeps, rooms }
  }

  const writesOf = (api: FakeGitHubApi) => api.requests.filter((r) => r.method !== 'GET')
  const annotationsIn = (r: RecordedRequest) =>
    ((r.body as { output?: { annotations?: unknown[] } }).output?.annotations ?? []).length
  const summaryIn = (r: RecordedRequest) =>
    (r.body as { output?: { summary?: string } }).output?.summary ?? ''
  /** Check-run updates carrying annotations: where a fault mid-way is put. */
  const batchUpdate = (r: RecordedRequest) => r.method === 'PATCH' && annotationsIn(r) > 0

  it('sends every annotation in batches of 50 on the head commit, then the conclusion', async () => {
    const findings = [...Array.from({ length: 120 }, (_, i) => finding(i)), finding(999, 'error')]
    const { fake, outcome } = await publish(orderForCheckRun(findings, {}))
    expect(outcome).toMatchObject({ action: 'published', annotations: 121, omitted: 0 })
    const [run] = fake.checkRuns
    expect(run?.head_sha).toBe(HEAD_SHA)
    expect(run?.annotations).toHaveLength(121)
    expect(run?.status).toBe('completed')
    expect(run?.conclusion).toBe('failure')
    // The summary fills its room, counted in UTF-8 bytes as GitHub counts it.
    const bytes = Buffer.byteLength(run?.output.summary ?? '', 'utf8')
    expect(bytes).toBeLessThanOrEqual(MAX_SUMMARY_BYTES)
    expect(bytes).toBeGreaterThan(MAX_SUMMARY_BYTES - 2)
    const writes = writesOf(fake)
    expect(writes.map(annotationsIn)).toEqual([50, 50, 21])
    // The most severe first; the conclusion and the summary (sent once) in the last request.
    expect((run?.annotations[0] as { annotation_level: string }).annotation_level).toBe('failure')
    expect(writes.slice(0, -1).every((r) => !('conclusion' in (r.body as object)))).toBe(true)
    expect(writes.filter((r) => summaryIn(r).includes('## celgate'))).toEqual([writes[2]])
    expect(writes.slice(0, -1).map(summaryIn)).toEqual([
      'Publishing 121 annotations…',
      'Publishing 121 annotations…'
    ])
  })

  it('creates a run of up to 50 annotations completed, in one request', async () => {
    const { fake, outcome } = await publish([finding(1), finding(2, 'error')])
    expect(outcome).toMatchObject({ action: 'published', annotations: 2 })
    expect(writesOf(fake)).toHaveLength(1)
    expect(fake.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' })
  })

  it(`sends at most ${MAX_CHECK_RUN_ANNOTATIONS} annotations in 20 requests for 30,000 findings, and says so`, async () => {
    const findings = Array.from({ length: 30_000 }, (_, i) =>
      finding(i, i % 7 === 0 ? 'error' : i % 3 === 0 ? 'notice' : 'warning')
    )
    const { fake, outcome, rooms } = await publish(findings)
    expect(outcome).toMatchObject({ action: 'published', annotations: 1_000, omitted: 29_000 })
    expect(fake.requests).toHaveLength(20)
    const [run] = fake.checkRuns
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' })
    expect(run?.annotations).toHaveLength(1_000)
    const summary = run?.output.summary ?? ''
    expect(summary).toMatch(
      /^> \*\*1,000 findings of 30,000 are annotated on this check run\*\* \(the most severe and the new ones first; .*\)\. The other 29,000 are in the JSON and SARIF reports\.\n\n## celgate\n/
    )
    // The summary is rendered once, in the room the note leaves, and kept whole.
    const note = summary.slice(0, summary.indexOf('## celgate'))
    expect(rooms).toEqual([MAX_SUMMARY_BYTES - Buffer.byteLength(note, 'utf8')])
    expect(summary.endsWith('é')).toBe(true)
    expect(Buffer.byteLength(summary, 'utf8')).toBeLessThanOrEqual(MAX_SUMMARY_BYTES)
    // The caller's order is kept: here the first thousand as given.
    expect((run?.annotations[999] as { message: string }).message).toBe('finding 999')
  })

  it('on a 403 mid-way, stops the batches and still completes the run with its conclusion', async () => {
    const findings = Array.from({ length: 230 }, (_, i) => finding(i))
    const { fake, outcome, logger, sleeps } = await publish(findings, {
      faults: [{ path: /check-runs/, when: batchUpdate, skip: 1, status: 403 }]
    })
    const [run] = fake.checkRuns
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' })
    expect(run?.annotations).toHaveLength(100)
    expect(outcome).toMatchObject({ action: 'incomplete', annotations: 100 })
    // A 403 without rate-limit headers is a permission: no retry, no wait.
    expect(sleeps).toEqual([])
    expect(writesOf(fake).map(annotationsIn)).toEqual([50, 50, 50, 0])
    expect(run?.output.summary).toContain(
      '> **Not every annotation could be published:** GitHub answered 403 (Forbidden'
    )
    const warnings = logger.messages.filter((m) => m.startsWith('warning: '))
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: The check run on octo-org\/demo@0123456 has 100 of its 230 annotations: GitHub answered 403 .* after 100 annotations\. It is completed with conclusion failure;/
      )
    ])
  })

  it('on a 429 mid-way, retries after retry-after, then gives up the batches and completes', async () => {
    const findings = Array.from({ length: 230 }, (_, i) => finding(i))
    const { fake, outcome, sleeps } = await publish(findings, {
      faults: [
        {
          path: /check-runs/,
          when: batchUpdate,
          skip: 2,
          status: 429,
          headers: { 'retry-after': '2' }
        }
      ]
    })
    const [run] = fake.checkRuns
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' })
    expect(run?.annotations).toHaveLength(150)
    expect(outcome).toMatchObject({ action: 'incomplete', annotations: 150 })
    expect(sleeps).toEqual([2_000, 2_000, 2_000])
    expect(run?.output.summary).toContain('GitHub answered 429 (Too Many Requests')
  })

  it('retries a 429 with retry-after and publishes everything', async () => {
    const findings = Array.from({ length: 120 }, (_, i) => finding(i))
    const { fake, outcome, sleeps } = await publish(findings, {
      faults: [
        {
          path: /check-runs/,
          when: batchUpdate,
          skip: 1,
          times: 1,
          status: 429,
          headers: { 'retry-after': '3' }
        }
      ]
    })
    expect(outcome).toMatchObject({ action: 'published', annotations: 120 })
    expect(sleeps).toEqual([3_000])
    expect(fake.checkRuns[0]?.annotations).toHaveLength(120)
  })

  it('waits for x-ratelimit-reset on a secondary limit, and not past the budget', async () => {
    const now = Date.parse('2026-06-01T12:00:00Z')
    const reset = String(now / 1000 + 30)
    const findings = Array.from({ length: 120 }, (_, i) => finding(i))
    const limited = {
      path: /check-runs/,
      when: batchUpdate,
      times: 1,
      status: 403,
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes.',
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }
    }
    const waited = await publish(findings, { faults: [limited] }, now)
    expect(waited.sleeps).toEqual([30_000])
    expect(waited.outcome).toMatchObject({ action: 'published', annotations: 120 })
    await waited.fake.stop()
    fake = undefined

    const hourAway = { ...limited, times: undefined, headers: { 'retry-after': '3600' } }
    const gaveUp = await publish(findings, { faults: [hourAway] }, now)
    expect(gaveUp.sleeps).toEqual([])
    expect(gaveUp.fake.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' })
    expect(gaveUp.outcome).toMatchObject({ action: 'incomplete', annotations: 50 })
  })

  it('leaves the completion a reserve of the waiting budget', async () => {
    const findings = Array.from({ length: 120 }, (_, i) => finding(i))
    const completion = (r: RecordedRequest) =>
      r.method === 'PATCH' && (r.body as { status?: string }).status === 'completed'
    const { fake, outcome, sleeps } = await publish(findings, {
      faults: [
        // 100 s: more than the batches may wait (120 s less the 30 s reserve).
        { path: /check-runs/, when: batchUpdate, status: 429, headers: { 'retry-after': '100' } },
        {
          path: /check-runs/,
          when: completion,
          times: 1,
          status: 429,
          headers: { 'retry-after': '20' }
        }
      ]
    })
    expect(sleeps).toEqual([20_000])
    expect(fake.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' })
    expect(outcome).toMatchObject({ action: 'incomplete', annotations: 50 })
  })

  it('retries the completion without its annotations when it fails, and warns if it cannot', async () => {
    const findings = Array.from({ length: 120 }, (_, i) => finding(i))
    const completion = (r: RecordedRequest) =>
      r.method === 'PATCH' && (r.body as { status?: string }).status === 'completed'
    const once = await publish(findings, {
      faults: [{ path: /check-runs/, when: completion, times: 1, status: 422 }]
    })
    expect(once.fake.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' })
    expect(once.outcome).toMatchObject({ action: 'incomplete', annotations: 100 })
    await once.fake.stop()
    fake = undefined

    const never = await publish(findings, {
      faults: [{ path: /check-runs/, when: completion, status: 500 }]
    })
    expect(never.fake.checkRuns[0]?.status).toBe('in_progress')
    expect(never.outcome.action).toBe('failed')
    expect(never.logger.messages.filter((m) => m.startsWith('warning: '))).toEqual([
      expect.stringMatching(/^warning: Could not complete the check run .* GitHub answered 500 /)
    ])
  })

  it('warns, never throws, when GitHub cannot be reached', async () => {
    fake = new FakeGitHubApi()
    const { url } = await fake.start()
    await fake.stop()
    fake = undefined
    const logger = new RecordingLogger()
    const outcome = await publishCheckRun({
      octokit: getOctokit('fake-token', { baseUrl: url }),
      owner: 'octo-org',
      repo: 'demo',
      headSha: HEAD_SHA,
      name: 'celgate',
      title: 't',
      summary: () => 's',
      conclusion: 'success',
      findings: [finding(1)],
      logger
    })
    expect(outcome.action).toBe('failed')
    expect(logger.messages.filter((m) => m.startsWith('warning: '))).toHaveLength(1)
  })

  it('leaves out whole, never cuts, a summary that overruns its room', async () => {
    fake = new FakeGitHubApi()
    const { url } = await fake.start()
    const table = ['| Rule | Cost |', '| --- | --- |', ...Array(9_000).fill('| `x` | 10 |')]
    const outcome = await publishCheckRun({
      octokit: getOctokit('fake-token', { baseUrl: url }),
      owner: 'octo-org',
      repo: 'demo',
      headSha: HEAD_SHA,
      name: 'celgate',
      title: 't',
      summary: () => table.join('\n'),
      conclusion: 'success',
      findings: [finding(1)],
      logger: new RecordingLogger()
    })
    expect(outcome).toMatchObject({ action: 'published', annotations: 1 })
    expect(fake.checkRuns[0]?.output.summary).toBe(
      'The report did not fit in a check run; the job summary of this run has it.'
    )
  })

  it('falls back quietly when the token may not write checks', async () => {
    const { fake, outcome, logger } = await publish([finding(1)], { forbid: 'writes' })
    expect(outcome.action).toBe('skipped')
    expect(fake.checkRuns).toHaveLength(0)
    expect(logger.messages.filter((m) => m.startsWith('warning'))).toEqual([])
    expect(logger.messages.join('\n')).toContain('checks: write')
  })
})

describe('orderForCheckRun', () => {
  it('puts the most severe first, then the new ones, then those on changed lines', () => {
    const oldError = finding(1, 'error')
    const newError = finding(9, 'error')
    const onChange = finding(2)
    const elsewhere = finding(3)
    const notice = finding(0, 'notice')
    const ordered = orderForCheckRun([notice, elsewhere, onChange, oldError, newError], {
      unchanged: new Set([oldError]),
      changedLines: new Map([['crds/widget-002.yaml', new Set([3])]])
    })
    expect(ordered).toEqual([newError, oldError, onChange, elsewhere, notice])
  })

  it('puts a change that relaxes the gate before everything, errors included', () => {
    const error = finding(1, 'error')
    const relaxed = { ...finding(2), ruleId: 'config/gate-relaxed' }
    expect(orderForCheckRun([error, relaxed], {})).toEqual([relaxed, error])
  })
})

describe('rateLimitWaitMs', () => {
  const error = (status: number, headers: Record<string, string> = {}, message = 'Forbidden') =>
    Object.assign(new Error(message), { status, response: { headers } })

  it('follows GitHub’s advice for each kind of limit', () => {
    expect(rateLimitWaitMs(error(429, { 'retry-after': '5' }), 1, 0)).toBe(5_000)
    expect(rateLimitWaitMs(error(403, { 'retry-after': '5' }), 1, 0)).toBe(5_000)
    const reset = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '100' }
    expect(rateLimitWaitMs(error(403, reset), 1, 40_000)).toBe(60_000)
    const secondary = error(403, {}, 'You have exceeded a secondary rate limit')
    expect(rateLimitWaitMs(secondary, 1, 0)).toBe(60_000)
    expect(rateLimitWaitMs(secondary, 2, 0)).toBe(120_000)
    expect(rateLimitWaitMs(error(429), 1, 0)).toBe(60_000)
    // A 403 that is no rate limit (a missing permission) is not retried.
    expect(rateLimitWaitMs(error(403, { 'x-ratelimit-remaining': '4999' }), 1, 0)).toBeUndefined()
    expect(rateLimitWaitMs(error(500), 1, 0)).toBeUndefined()
  })
})

describe('checkRunAnnotation', () => {
  it('keeps columns only on single-line ranges and maps severities to levels', () => {
    const single = checkRunAnnotation(finding(4, 'notice'))
    expect(single).toMatchObject({
      path: 'crds/widget-004.yaml',
      start_line: 5,
      end_line: 5,
      start_column: 3,
      end_column: 9,
      annotation_level: 'notice'
    })
    const multi = checkRunAnnotation({
      ...finding(1, 'error'),
      location: {
        file: 'a.yaml',
        range: { startLine: 2, startColumn: 1, endLine: 4, endColumn: 2 }
      },
      fix: { text: 'Bound it', snippet: 'maxItems: 64' }
    })
    expect(multi).toMatchObject({ annotation_level: 'failure', raw_details: 'maxItems: 64' })
    expect(multi).not.toHaveProperty('start_column')
  })
})
