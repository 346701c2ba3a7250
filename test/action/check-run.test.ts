import { afterEach, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import type { Logger } from '../../src/core/logger.js'
import type { Finding } from '../../src/findings/model.js'
import { checkRunAnnotation, publishCheckRun } from '../../src/action/check-run.js'
import { FakeGitHubApi } from '../support/fake-github-api.js'
import type { FakeGitHubApiOptions } from '../support/fake-github-api.js'

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

  async function publish(findings: Finding[], options: FakeGitHubApiOptions = {}) {
    fake = new FakeGitHubApi(options)
    const { url } = await fake.start()
    const logger = new RecordingLogger()
    const outcome = await publishCheckRun({
      octokit: getOctokit('fake-token', { baseUrl: url }),
      owner: 'octo-org',
      repo: 'demo',
      headSha: HEAD_SHA,
      name: 'celgate',
      title: '1 error, 120 warnings',
      summary: '## celgate\n' + 'x'.repeat(70_000),
      conclusion: 'failure',
      findings,
      logger
    })
    return { fake, outcome, logger }
  }

  it('sends every annotation in batches of 50 on the head commit, then the conclusion', async () => {
    const findings = [...Array.from({ length: 120 }, (_, i) => finding(i)), finding(999, 'error')]
    const { fake, outcome } = await publish(findings)
    expect(outcome).toMatchObject({ action: 'published', annotations: 121 })
    const [run] = fake.checkRuns
    expect(run?.head_sha).toBe(HEAD_SHA)
    expect(run?.annotations).toHaveLength(121)
    expect(run?.status).toBe('completed')
    expect(run?.conclusion).toBe('failure')
    expect(run?.output.summary?.length).toBeLessThanOrEqual(65_535)
    const writes = fake.requests.filter((r) => r.method !== 'GET')
    const batchSizes = writes.map(
      (r) => ((r.body as { output?: { annotations?: unknown[] } }).output?.annotations ?? []).length
    )
    expect(batchSizes).toEqual([50, 50, 21, 0])
    // The most severe first, and the conclusion only in the last request.
    expect((run?.annotations[0] as { annotation_level: string }).annotation_level).toBe('failure')
    expect(writes.slice(0, -1).every((r) => !('conclusion' in (r.body as object)))).toBe(true)
  })

  it('falls back quietly when the token may not write checks', async () => {
    const { fake, outcome, logger } = await publish([finding(1)], { forbid: 'writes' })
    expect(outcome.action).toBe('skipped')
    expect(fake.checkRuns).toHaveLength(0)
    expect(logger.messages.filter((m) => m.startsWith('warning'))).toEqual([])
    expect(logger.messages.join('\n')).toContain('checks: write')
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
