/**
 * The pull-request comparison through the library (issue 9 items 1 and 2): a temporary git
 * repository with two commits (fixtures/delta), checked with a base ref.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { Overrides } from '../../src/core/options.js'
import { checkPullRequest } from '../../src/core/pull-request.js'
import type { PullRequestResult } from '../../src/core/pull-request.js'
import type { Delta } from '../../src/core/delta.js'
import { compareFindingLists } from '../../src/core/delta.js'
import type { Finding } from '../../src/findings/model.js'
import { toJsonReport } from '../../src/report/json.js'
import { renderSummary } from '../../src/report/summary.js'
import { TempDirs, git, makeRepo } from './delta-repo.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

async function checkRepo(repo: string, overrides: Overrides = {}): Promise<PullRequestResult> {
  const { check } = resolveOptions(repo, {}, { 'kubernetes-versions': '1.36', ...overrides })
  return (await checkPullRequest(check, silentLogger)).result
}

function delta(result: PullRequestResult): Delta {
  expect(result.delta?.available).toBe(true)
  return result.delta as Delta
}

const where = (f: Finding): string => `${f.ruleId} ${f.location.file}`

describe('comparison with the merge base', () => {
  let result: PullRequestResult
  let repo: string

  it('sorts findings into new, worsened, unchanged and fixed', async () => {
    repo = makeRepo(tmp)
    result = await checkRepo(repo, { 'base-ref': 'main' })
    const d = delta(result)
    expect(d.baseRef).toBe('main')
    expect(d.mergeBase).toBe(git(repo, 'rev-parse', 'main').trim())
    expect(d.findings.new.map(where).sort()).toEqual([
      'crd/cel-cost-headroom crds/routes.yaml',
      'yaml/duplicate-key config/new.yaml'
    ])
    expect(d.findings.unchanged.map(where)).toEqual(['yaml/duplicate-key config/existing.yaml'])
    expect(d.findings.fixed.map(where)).toEqual(['yaml/duplicate-key config/fixed.yaml'])
    expect(d.findings.worsened.map((w) => [where(w.finding), w.why])).toEqual([
      ['crd/cel-cost-headroom crds/gateways.yaml', 'totalCost 7,167,162, was 6,107,042']
    ])
  })

  it('gives per-rule cost deltas with the share of the budget before and after', () => {
    const rules = delta(result).rules
    expect(rules.map((r) => r.description)).toEqual([
      '+14,262% on spec.hosts rule 0 (routes.delta.example.com v1): now 61% of budget, was 0.4%',
      '+17% on spec.hosts rule 0 (gateways.delta.example.com v1): now 72% of budget, was 61%'
    ])
    expect(rules[0]).toMatchObject({
      crd: 'routes.delta.example.com',
      version: 'v1',
      label: 'spec.hosts rule 0',
      field: 'rule',
      change: 'changed',
      base: { totalCost: 42_522n },
      head: { totalCost: 6_107_042n },
      changePercent: 14_262.07
    })
    // The `path` rules cost the same on both sides.
    expect(delta(result).unchangedRules).toBe(2)
  })

  it('gives CRD size and worst-case object size deltas', () => {
    const sizes = delta(result).sizes.filter((s) => s.crd === 'routes.delta.example.com')
    expect(sizes.map((s) => s.measure)).toEqual(['manifest', 'last-applied', 'object-max'])
    const manifest = sizes[0]!
    expect(manifest.head).toBe((manifest.base as bigint) + 1n) // "20" → "240"
    const largest = sizes[2]!
    expect(typeof largest.base).toBe('bigint')
    expect(largest.head as bigint).toBeGreaterThan(largest.base as bigint)
    expect(largest.description).toMatch(
      /^largest object of routes\.delta\.example\.com v1: [\d,]+ bytes, was [\d,]+ bytes \(\+\d+%\)$/
    )
  })

  it('fails on every error by default, as without a base', () => {
    expect(result.gate).toMatchObject({ failed: true, reason: '2 errors with fail-on: error' })
    expect(result.summary.findings).toEqual({ error: 2, warning: 2, notice: 0 })
  })

  it('puts the delta in the JSON report: change per finding, fixed findings, rules, sizes', () => {
    const json = toJsonReport(result)
    const d = json.delta
    if (!d?.available) throw new Error('expected a delta')
    expect(d.counts).toEqual({ new: 2, worsened: 1, unchanged: 1, fixed: 1 })
    expect(json.findings.map((f) => [f.file, f.change])).toEqual([
      ['config/existing.yaml', 'unchanged'],
      ['config/new.yaml', 'new'],
      ['crds/gateways.yaml', 'worsened'],
      ['crds/routes.yaml', 'new']
    ])
    expect(d.fixed.map((f) => [f.file, f.startLine])).toEqual([['config/fixed.yaml', 7]])
    expect(d.rules[0]).toMatchObject({
      base: { totalCost: '42522' },
      head: { totalCost: '6107042' },
      changePercent: 14262.07
    })
    expect(d.sizes.find((s) => s.measure === 'manifest')?.base).toMatch(/^\d+$/)
    expect(JSON.parse(JSON.stringify(json))).toEqual(json)
  })

  it('leads the job summary with the delta and collapses the unchanged findings', () => {
    const md = renderSummary(result)
    const changes = md.indexOf('### Changes since <code>main</code>')
    expect(changes).toBeGreaterThan(0)
    expect(changes).toBeLessThan(md.indexOf('### Overview'))
    expect(md).toContain('| 🆕 New | 2 |')
    expect(md).toContain('| ✅ Fixed | 1 |')
    // A growth past 1,000% reads as a ratio (issue 32).
    expect(md).toContain('143× the base')
    expect(md).toContain('now 61.0%, was 0.4%')
    expect(md).toContain('### ❌ What blocks the merge (2)')
    expect(md).toMatch(/<details><summary>1 unchanged finding, already at the base \(1 error\)/)
    // Without fail-on-new-only the unchanged error still fails the gate: it is in the blocking
    // list, ahead of the delta, and named again in the collapsed list of unchanged findings.
    const collapsed = md.indexOf('unchanged finding, already at the base')
    expect(md.indexOf('config/existing.yaml')).toBeLessThan(changes)
    expect(md.indexOf('config/existing.yaml', collapsed)).toBeGreaterThan(collapsed)
  })
})

describe('the job summary under its byte budget', () => {
  it('keeps the delta and the new findings; the collapsed lists give way to one note', async () => {
    const repo = makeRepo(tmp)
    const result = await checkRepo(repo, { 'base-ref': 'main' })
    const full = renderSummary(result)
    const small = renderSummary(result, { maxBytes: Buffer.byteLength(full) - 200 })
    expect(Buffer.byteLength(small)).toBeLessThanOrEqual(Buffer.byteLength(full) - 200)
    expect(small).toContain('### Changes since <code>main</code>')
    expect(small).toContain('143× the base')
    expect(small).not.toContain('unchanged finding, already at the base')
    expect(small).toMatch(/Truncated: 2 more unchanged, fixed or suppressed findings not shown/)
  })
})

describe('gating on the delta', () => {
  it('fail-on-new-only fails on a new error', async () => {
    const repo = makeRepo(tmp)
    const result = await checkRepo(repo, { 'base-ref': 'main', 'fail-on-new-only': true })
    expect(result.gate).toMatchObject({ failed: true, failOnNewOnly: true, existingFailing: 1 })
    expect(result.gate.reason).toBe(
      'new or worsened: 1 error with fail-on: error; 1 finding already at the base only warn (fail-on-new-only)'
    )
  })

  it('fail-on-new-only passes when the errors were already at the base', async () => {
    const repo = makeRepo(tmp, { pr: ['crds/routes.yaml'] })
    const plain = await checkRepo(repo, { 'base-ref': 'main' })
    expect(plain.gate.failed).toBe(true)
    const result = await checkRepo(repo, { 'base-ref': 'main', 'fail-on-new-only': true })
    expect(result.gate.failed).toBe(false)
    expect(result.gate.reason).toBe(
      'no new or worsened findings at fail-on: error; 2 findings already at the base only warn (fail-on-new-only)'
    )
    // With fail-on: warning the rule's new headroom warning fails.
    const strict = await checkRepo(repo, {
      'base-ref': 'main',
      'fail-on-new-only': true,
      'fail-on': 'warning'
    })
    expect(strict.gate.failed).toBe(true)
    expect(strict.gate.reason).toMatch(/^new or worsened: 0 errors and 1 warning/)
  })

  it('fail-on-new-only counts a worsened finding as new', async () => {
    const repo = makeRepo(tmp, { pr: ['crds/gateways.yaml'] })
    const result = await checkRepo(repo, {
      'base-ref': 'main',
      'fail-on-new-only': true,
      'fail-on': 'warning'
    })
    expect(delta(result).findings.worsened).toHaveLength(1)
    expect(result.gate.failed).toBe(true)
  })

  it('max-cost-increase fails when a rule grows by more than N%', async () => {
    const repo = makeRepo(tmp, { pr: ['crds/gateways.yaml'] })
    const over = await checkRepo(repo, {
      'base-ref': 'main',
      'fail-on': 'never',
      'max-cost-increase': 10
    })
    expect(over.gate.failed).toBe(true)
    expect(over.gate.reason).toBe(
      'fail-on is never; the cost of spec.hosts rule 0 (gateways.delta.example.com v1) grew by +17%, over max-cost-increase: 10%'
    )
    expect(over.gate.costIncreases?.map((r) => r.crd)).toEqual(['gateways.delta.example.com'])
    const under = await checkRepo(repo, {
      'base-ref': 'main',
      'fail-on': 'never',
      'max-cost-increase': 20
    })
    expect(under.gate).toMatchObject({
      failed: false,
      reason: "fail-on is never; no rule's cost grew by more than 20%"
    })
  })

  it('compares the working tree, uncommitted changes included', async () => {
    const repo = makeRepo(tmp, { pr: ['config/new.yaml'], uncommitted: true })
    const result = await checkRepo(repo, { 'base-ref': 'main', 'fail-on-new-only': true })
    expect(delta(result).findings.new.map(where)).toEqual(['yaml/duplicate-key config/new.yaml'])
    expect(result.gate.failed).toBe(true)
  })
})

describe('without a base to compare with', () => {
  it('a shallow clone without the base commit: one clear reason, no delta, every finding counts', async () => {
    const origin = makeRepo(tmp)
    const baseSha = git(origin, 'rev-parse', 'main').trim()
    const clone = tmp.dir('shallow')
    git(clone, 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${origin}`, '.')
    const result = await checkRepo(clone, {
      'base-ref': baseSha,
      'fail-on-new-only': true,
      'max-cost-increase': 10
    })
    expect(result.delta).toMatchObject({ available: false, baseRef: baseSha })
    const reason = result.delta?.available === false ? result.delta.reason : ''
    expect(reason).toContain(`cannot find the merge base of ${baseSha} and HEAD`)
    expect(reason).toContain('This is a shallow clone')
    expect(reason).toContain('fetch-depth: 0')
    expect(result.gate.reason).toBe(
      '2 errors with fail-on: error; fail-on-new-only needs a base to compare with, so every finding counts; max-cost-increase needs a base to compare with and was not applied'
    )
    const md = renderSummary(result)
    expect(md).toContain('No comparison:')
    expect(md).toContain('### ❌ What blocks the merge (2)')
    expect(toJsonReport(result).delta).toEqual({
      available: false,
      baseRef: baseSha,
      reason
    })
  })

  it('an unknown ref says so', async () => {
    const repo = makeRepo(tmp)
    const result = await checkRepo(repo, { 'base-ref': 'no-such-branch' })
    expect(result.delta).toMatchObject({ available: false })
    expect(result.gate.failed).toBe(true)
  })

  it('no base ref: no delta, the plain gate', async () => {
    const repo = makeRepo(tmp)
    const result = await checkRepo(repo)
    expect(result.delta).toBeUndefined()
    expect(toJsonReport(result).delta).toBeNull()
    expect(toJsonReport(result).findings.every((f) => f.change === null)).toBe(true)
  })
})

describe('compareFindingLists', () => {
  const f = (ruleId: string, line: number, extra: Partial<Finding> = {}): Finding => ({
    ruleId,
    severity: 'warning',
    title: ruleId,
    message: `m ${ruleId}`,
    location: {
      file: 'a.yaml',
      path: 'spec',
      range: { startLine: line, startColumn: 1, endLine: line, endColumn: 2 }
    },
    ...extra
  })

  it('matches by rule, file and value path wherever the lines moved, one to one', () => {
    const d = compareFindingLists([f('x', 3), f('y', 9)], [f('x', 30), f('x', 31)])
    expect(d.unchanged.map((x) => x.location.range?.startLine)).toEqual([30])
    expect(d.new.map((x) => x.location.range?.startLine)).toEqual([31])
    expect(d.fixed.map((x) => x.ruleId)).toEqual(['y'])
  })

  it('calls a finding worse when its severity rose', () => {
    const d = compareFindingLists([f('x', 3)], [f('x', 3, { severity: 'error' })])
    expect(d.worsened.map((w) => w.why)).toEqual(['error, was warning'])
  })
})
