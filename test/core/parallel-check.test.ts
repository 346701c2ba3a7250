/**
 * The bundled CLI on a workload large enough for worker threads (over 2 MiB), with one worker
 * asked for (CELGATE_WORKERS=1; by default celgate uses one thread on any machine): the document
 * checks run per file in workers and the Kyverno dry-run in a thread of its own, and the report
 * is the same as with everything in one thread (CELGATE_WORKERS=0), timings aside.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
let dir: string

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-parallel-'))
  cpSync(path.join(repo, 'fixtures/kyverno/repo'), path.join(dir, 'kyverno'), { recursive: true })
  cpSync(path.join(repo, 'fixtures/admission'), path.join(dir, 'admission'), { recursive: true })
  cpSync(path.join(repo, 'fixtures/cost'), path.join(dir, 'cost'), { recursive: true })
  // 2.4 MB of ConfigMaps, so that the check starts its worker threads.
  const configMaps = Array.from(
    { length: 600 },
    (_, i) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: filler-${i}\n  namespace: team-a\ndata:\n  blob: "${'x'.repeat(4000)}"\n`
  )
  writeFileSync(path.join(dir, 'filler.yaml'), configMaps.join('---\n'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function check(env: Record<string, string>): { timings: string[]; rest: string } {
  const run = spawnSync(
    process.execPath,
    [path.join(repo, 'dist/cli.js'), 'check', dir, '--format', 'json', '--quiet'],
    { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 28 }
  )
  const report = JSON.parse(run.stdout) as { summary: { timings: Array<{ phase: string }> } }
  const timings = report.summary.timings.map((t) => t.phase)
  report.summary.timings = []
  return { timings, rest: JSON.stringify(report) }
}

it('reports the same with worker threads as in one thread', () => {
  const parallel = check({ CELGATE_WORKERS: '1' })
  const single = check({ CELGATE_WORKERS: '0' })
  expect(parallel.timings).toContain('kyverno (own thread)')
  expect(single.timings).toContain('kyverno')
  expect(parallel.rest).toBe(single.rest)
  expect(parallel.rest).toContain('kyverno/enforce-failed')
}, 120_000)
