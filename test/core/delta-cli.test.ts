/**
 * The pull-request workflow through the CLI (`runCli`, in-process): `--base-ref`, the delta in
 * every format, `--fail-on-new-only`, `--max-cost-increase` and the same keys in `.celgate.yaml`.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'
import type { JsonReport } from '../../src/report/json.js'
import { TempDirs, git, makeRepo, write } from './delta-repo.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

async function cli(args: string[], cwd: string) {
  const stdout = Object.assign(new PassThrough(), { isTTY: false })
  const stderr = Object.assign(new PassThrough(), { isTTY: false })
  let out = ''
  let err = ''
  stdout.on('data', (d: Buffer) => (out += d.toString()))
  stderr.on('data', (d: Buffer) => (err += d.toString()))
  const code = await runCli(args, { stdout, stderr, env: {}, cwd })
  return { code, out, err }
}

const versions = ['--kubernetes-versions', '1.36', '--quiet']

describe('celgate check --base-ref', () => {
  const repo = makeRepo(tmp)

  it('prints the comparison after the text report', async () => {
    const r = await cli(['check', '.', '--base-ref', 'main', ...versions], repo)
    expect(r.code).toBe(1)
    const mergeBase = git(repo, 'rev-parse', 'main').trim().slice(0, 12)
    expect(r.out).toContain(
      `Compared with main (merge base ${mergeBase}): 2 new, 1 worsened, 1 fixed, 1 unchanged findings.`
    )
    expect(r.out).toContain(
      'cost: +14,262% on spec.hosts rule 0 (routes.delta.example.com v1): now 61% of budget, was 0.4%'
    )
    expect(r.out).toContain(
      'worsened: crd/cel-cost-headroom at crds/gateways.yaml: totalCost 7,167,162, was 6,107,042'
    )
    expect(r.err).toBe('')
  })

  it('writes the delta into the JSON report and the markdown summary', async () => {
    const json = await cli(
      ['check', '.', '--base-ref', 'main', '--format', 'json', ...versions],
      repo
    )
    const report = JSON.parse(json.out)
    expect(report.delta).toMatchObject({
      available: true,
      baseRef: 'main',
      counts: { new: 2, worsened: 1, unchanged: 1, fixed: 1 }
    })
    expect(report.gate.failed).toBe(true)
    const md = await cli(
      ['check', '.', '--base-ref', 'main', '--format', 'markdown', ...versions],
      repo
    )
    expect(md.out.indexOf('### Changes since')).toBeLessThan(md.out.indexOf('### Overview'))
  })

  it('--fail-on-new-only: exit 1 on a new error, 0 when the errors were already there', async () => {
    const failing = await cli(
      ['check', '.', '--base-ref', 'main', '--fail-on-new-only', ...versions],
      repo
    )
    expect(failing.code).toBe(1)
    expect(failing.out).toContain('new or worsened: 1 error with fail-on: error')

    const onlyCost = makeRepo(tmp, { pr: ['crds/routes.yaml'] })
    const plain = await cli(['check', '.', '--base-ref', 'main', ...versions], onlyCost)
    expect(plain.code).toBe(1)
    const passing = await cli(
      ['check', '.', '--base-ref', 'main', '--fail-on-new-only', ...versions],
      onlyCost
    )
    expect(passing.code).toBe(0)
    expect(passing.out).toContain('2 findings already at the base only warn (fail-on-new-only)')
  })

  it('--max-cost-increase: exit 1 when a rule grows by more than N%', async () => {
    const onlyCost = makeRepo(tmp, { pr: ['crds/gateways.yaml'] })
    const args = ['check', '.', '--base-ref', 'main', '--fail-on', 'never', ...versions]
    expect((await cli([...args, '--max-cost-increase', '10%'], onlyCost)).code).toBe(1)
    expect((await cli([...args, '--max-cost-increase', '20'], onlyCost)).code).toBe(0)
    const bad = await cli([...args, '--max-cost-increase', 'lots'], onlyCost)
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('--max-cost-increase must be a percentage of 0 or more')
  })

  it('reads base-ref, fail-on-new-only and max-cost-increase from .celgate.yaml', async () => {
    const onlyCost = makeRepo(tmp, {
      pr: ['crds/routes.yaml'],
      extra: {
        '.celgate.yaml':
          'base-ref: main\nfail-on-new-only: true\nmax-cost-increase: 1000\nkubernetes-versions: "1.36"\n'
      }
    })
    const r = await cli(['check', '.', '--quiet'], onlyCost)
    expect(r.code).toBe(1)
    expect(r.out).toContain(
      'the cost of spec.hosts rule 0 (routes.delta.example.com v1) grew by +14,262%'
    )
    write(onlyCost, { '.celgate.yaml': 'fail-on-new-only: yes please\n' })
    const bad = await cli(['check', '.'], onlyCost)
    expect(bad.code).toBe(2)
    expect(bad.err).toContain("'fail-on-new-only' must be boolean")
  })

  it('a shallow clone: one notice on stderr, no delta, the plain gate', async () => {
    const baseSha = git(repo, 'rev-parse', 'main').trim()
    const clone = tmp.dir('shallow')
    git(clone, 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${repo}`, '.')
    const r = await cli(
      ['check', '.', '--base-ref', baseSha, '--fail-on-new-only', ...versions],
      clone
    )
    expect(r.code).toBe(1)
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(r.err).toMatch(
      new RegExp(
        `^celgate: no comparison with ${baseSha.slice(0, 12)}: cannot find the merge base .*This is a shallow clone`
      )
    )
    expect(r.out).not.toContain('Compared with')
  })

  it('checks a sub-folder of the repository against the same folder at the base', async () => {
    const r = await cli(
      ['check', 'config', '--base-ref', 'main', '--format', 'json', ...versions],
      repo
    )
    const report = JSON.parse(r.out) as JsonReport
    expect(report.delta?.available && report.delta.counts).toEqual({
      new: 1,
      worsened: 0,
      unchanged: 1,
      fixed: 1
    })
    expect(report.findings.map((f) => f.file)).toEqual(['config/existing.yaml', 'config/new.yaml'])
    expect(path.isAbsolute(report.summary.root)).toBe(false)
  })
})
