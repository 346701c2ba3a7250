/**
 * Suppressions wired into `check` (issue 9 item 3): inline `celgate-ignore` comments and the
 * baseline file that `celgate baseline` writes, through the library and the CLI, in a
 * temporary git repository with two commits.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { runCliCaptured } from '../support/run-cli.js'
import type { JsonReport } from '../../src/report/json.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { Overrides } from '../../src/core/options.js'
import { checkPullRequest } from '../../src/core/pull-request.js'
import type { PullRequestResult } from '../../src/core/pull-request.js'
import type { Baseline } from '../../src/core/suppressions.js'
import { toJsonReport } from '../../src/report/json.js'
import { renderSummary } from '../../src/report/summary.js'
import { TempDirs, makeRepo, write } from './delta-repo.js'
import { unfold } from '../support/folded.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

const cli = (args: string[], cwd: string) => runCliCaptured(args, cwd)

async function checkRepo(repo: string, overrides: Overrides = {}): Promise<PullRequestResult> {
  const { check } = resolveOptions(repo, {}, { 'kubernetes-versions': '1.36', ...overrides })
  return (await checkPullRequest(check, silentLogger)).result
}

const EXISTING_IGNORED = `apiVersion: v1
kind: ConfigMap
metadata:
  name: existing
data:
  mode: a
  # celgate-ignore yaml/duplicate-key: the legacy reader takes the last value
  mode: b
`

describe('inline celgate-ignore comments', () => {
  it('silence one finding at one place; suppressed is neither unchanged nor fixed', async () => {
    const repo = makeRepo(tmp, { extra: { 'config/existing.yaml': EXISTING_IGNORED } })
    const result = await checkRepo(repo, { 'base-ref': 'main' })
    expect(result.suppressed.map((s) => [s.finding.location.file, s.by, s.reason])).toEqual([
      ['config/existing.yaml', 'inline', 'the legacy reader takes the last value']
    ])
    expect(result.findings.some((f) => f.location.file === 'config/existing.yaml')).toBe(false)
    if (!result.delta?.available) throw new Error('expected a delta')
    expect(result.delta.findings.unchanged).toEqual([])
    expect(result.delta.findings.fixed.map((f) => f.location.file)).toEqual(['config/fixed.yaml'])
    // The other duplicate key (config/new.yaml) is still an error.
    expect(result.summary.findings.error).toBe(1)

    const json = toJsonReport(result)
    expect(json.suppressed).toEqual([
      expect.objectContaining({
        ruleId: 'yaml/duplicate-key',
        file: 'config/existing.yaml',
        startLine: 8,
        suppressedBy: 'inline',
        reason: 'the legacy reader takes the last value'
      })
    ])
    const md = renderSummary(result)
    expect(md).toContain('| 🔇 Suppressed | 1 |')
    expect(md).toContain('| 🔇 Suppressed (not counted above) | 1 |')
    expect(md).toContain('<details><summary>🔇 1 suppressed finding</summary>')
  })

  it('without a reason still silence, and are a new warning themselves', async () => {
    const repo = makeRepo(tmp, {
      pr: [],
      extra: {
        'config/existing.yaml': EXISTING_IGNORED.replace(
          ': the legacy reader takes the last value',
          ''
        )
      }
    })
    const result = await checkRepo(repo, { 'base-ref': 'main', 'fail-on-new-only': true })
    expect(result.suppressed).toHaveLength(1)
    if (!result.delta?.available) throw new Error('expected a delta')
    expect(result.delta.findings.new.map((f) => [f.ruleId, f.severity])).toEqual([
      ['suppression/missing-reason', 'warning']
    ])
    expect(result.gate.failed).toBe(false)
    const strict = await checkRepo(repo, {
      'base-ref': 'main',
      'fail-on-new-only': true,
      'fail-on': 'warning'
    })
    expect(strict.gate.failed).toBe(true)
  })
})

describe('the baseline', () => {
  it('`celgate baseline` records the findings; `check` then passes and counts them as suppressed', async () => {
    const repo = makeRepo(tmp)
    const before = await cli(['check', '.', '--kubernetes-versions', '1.36', '--quiet'], repo)
    expect(before.code).toBe(1)

    const written = await cli(['baseline', '.', '--kubernetes-versions', '1.36', '--quiet'], repo)
    expect(written).toMatchObject({
      code: 0,
      out: 'celgate: wrote 4 findings to .celgate-baseline.json\n'
    })
    const file = path.join(repo, '.celgate-baseline.json')
    const baseline = JSON.parse(readFileSync(file, 'utf8')) as Baseline
    expect(baseline.version).toBe(1)
    expect(baseline.findings.map((e) => [e.file, e.ruleId])).toEqual([
      ['config/existing.yaml', 'yaml/duplicate-key'],
      ['config/new.yaml', 'yaml/duplicate-key'],
      ['crds/gateways.yaml', 'crd/cel-cost-headroom'],
      ['crds/routes.yaml', 'crd/cel-cost-headroom']
    ])

    // Found by default in the root; the file itself is not read as a manifest.
    const after = await cli(
      ['check', '.', '--kubernetes-versions', '1.36', '--format', 'json', '--quiet'],
      repo
    )
    expect(after.code).toBe(0)
    const report = JSON.parse(after.out) as JsonReport
    expect(report.summary.findings).toEqual({ error: 0, warning: 0, notice: 0 })
    expect(report.summary.files).toBe(5)
    expect(unfold(report.suppressed).map((s) => s.suppressedBy)).toEqual([
      'baseline',
      'baseline',
      'baseline',
      'baseline'
    ])
    const text = await cli(['check', '.', '--kubernetes-versions', '1.36', '--quiet'], repo)
    expect(text.out).toContain('4 findings suppressed by inline comments or the baseline')
  })

  it('matches by rule, file and value path, not lines; a new problem is not covered', async () => {
    const repo = makeRepo(tmp)
    expect(
      (await cli(['baseline', '.', '--kubernetes-versions', '1.36', '--quiet'], repo)).code
    ).toBe(0)
    // Lines move above the recorded findings; a second duplicate key appears.
    const existing = readFileSync(path.join(repo, 'config/existing.yaml'), 'utf8')
    write(repo, {
      'crds/routes.yaml': `# moved down\n\n${readFileSync(path.join(repo, 'crds/routes.yaml'), 'utf8')}`,
      'config/existing.yaml': `${existing}  other: "1"\n  other: "2"\n`
    })
    const r = await cli(
      ['check', '.', '--kubernetes-versions', '1.36', '--format', 'json', '--quiet'],
      repo
    )
    const report = JSON.parse(r.out) as JsonReport
    expect(unfold(report.suppressed)).toHaveLength(4)
    expect(report.findings.map((f) => [f.file, f.startLine])).toEqual([['config/existing.yaml', 9]])
    expect(r.code).toBe(1)
  })

  it('keeps the reasons written into it when it is written again', async () => {
    const repo = makeRepo(tmp)
    const file = path.join(repo, 'accepted.json')
    expect(
      (
        await cli(
          ['baseline', '.', '--baseline', file, '--kubernetes-versions', '1.36', '--quiet'],
          repo
        )
      ).code
    ).toBe(0)
    const baseline = JSON.parse(readFileSync(file, 'utf8')) as Baseline
    baseline.findings[0]!.reason = 'owned by the legacy team'
    writeFileSync(file, JSON.stringify(baseline))
    expect(
      (
        await cli(
          ['baseline', '.', '--baseline', file, '--kubernetes-versions', '1.36', '--quiet'],
          repo
        )
      ).code
    ).toBe(0)
    const again = JSON.parse(readFileSync(file, 'utf8')) as Baseline
    expect(again.findings[0]).toMatchObject({
      file: 'config/existing.yaml',
      reason: 'owned by the legacy team'
    })
    expect(again.findings.slice(1).every((e) => e.reason === undefined)).toBe(true)
    // check reports the reason of the entry that suppressed a finding.
    const r = await cli(
      [
        'check',
        '.',
        '--baseline',
        file,
        '--kubernetes-versions',
        '1.36',
        '--format',
        'json',
        '--quiet'
      ],
      repo
    )
    expect(JSON.parse(r.out).suppressed[0]).toMatchObject({
      file: 'config/existing.yaml',
      reason: 'owned by the legacy team'
    })
  })

  it('a baseline named but missing or malformed is a usage error (exit 2)', async () => {
    const repo = makeRepo(tmp)
    const missing = await cli(['check', '.', '--baseline', 'nope.json'], repo)
    expect(missing.code).toBe(2)
    expect(missing.err).toContain('nope.json does not exist; write it with `celgate baseline`')
    write(repo, { 'bad.json': '{"findings": []}' })
    const bad = await cli(['check', '.', '--baseline', 'bad.json'], repo)
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('a baseline is {"version": 1, "findings": [...]}')
  })

  it('with a base ref, findings the baseline accepts at both sides are neither new nor fixed', async () => {
    const repo = makeRepo(tmp, { pr: ['config/new.yaml'] })
    expect(
      (await cli(['baseline', '.', '--kubernetes-versions', '1.36', '--quiet'], repo)).code
    ).toBe(0)
    const result = await checkRepo(repo, { 'base-ref': 'main', 'fail-on-new-only': true })
    if (!result.delta?.available) throw new Error('expected a delta')
    expect(result.delta.findings).toMatchObject({ new: [], unchanged: [], fixed: [], worsened: [] })
    expect(result.suppressed).toHaveLength(4)
    expect(result.gate.failed).toBe(false)
  })
})
