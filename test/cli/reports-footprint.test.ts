/**
 * Issue 33: `celgate check` sizes Kyverno's reports for a cluster (a second dry-run over the
 * workloads' children) only when that is shown, in a markdown report, or gated, with
 * cluster-profile or reports-budget.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
let tmp: string
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-footprint-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

async function kyvernoFacts(args: string[]): Promise<Record<string, unknown>> {
  const stdout = Object.assign(new PassThrough(), { isTTY: false })
  const stderr = Object.assign(new PassThrough(), { isTTY: false })
  let out = ''
  stdout.on('data', (d: Buffer) => (out += d.toString()))
  stderr.resume()
  await runCli(['check', 'fixtures/kyverno/repo', '--format', 'json', ...args], {
    stdout,
    stderr,
    env: {},
    cwd: repo
  })
  const report = JSON.parse(out) as { policies: Array<Record<string, unknown>> }
  return report.policies.find((p) => p.engine === 'kyverno')!
}

describe('the Kyverno report footprint in celgate check', () => {
  it('is left out when nothing shows or gates it', async () => {
    const facts = await kyvernoFacts([])
    expect(facts.reports).not.toEqual([])
    expect(facts).not.toHaveProperty('footprint')
  }, 60_000)

  it('is computed for a markdown report', async () => {
    const summary = path.join(tmp, 'summary.md')
    const facts = await kyvernoFacts(['--output', `markdown=${summary}`])
    expect(facts).toHaveProperty('footprint')
    expect(readFileSync(summary, 'utf8')).toContain('#### Kyverno policy reports')
  }, 60_000)

  it('is computed when a cluster profile or a reports budget is set', async () => {
    expect(await kyvernoFacts(['--cluster-profile', 'small'])).toHaveProperty('footprint')
    expect(await kyvernoFacts(['--reports-budget', '1000000000'])).toHaveProperty('footprint')
  }, 60_000)
})
