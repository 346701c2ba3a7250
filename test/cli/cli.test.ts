import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
let tmp: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-cli-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

async function cli(args: string[], options: { tty?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  const stdout = Object.assign(new PassThrough(), { isTTY: options.tty ?? false })
  const stderr = Object.assign(new PassThrough(), { isTTY: false })
  let out = ''
  let err = ''
  stdout.on('data', (d: Buffer) => (out += d.toString()))
  stderr.on('data', (d: Buffer) => (err += d.toString()))
  const code = await runCli(args, { stdout, stderr, env: options.env ?? {}, cwd: repo })
  return { code, out, err }
}

/** A small repository of its own, so the test controls every file. */
function makeRepo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmp, 'repo-'))
  mkdirSync(path.join(dir, '.git'))
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    writeFileSync(path.join(dir, rel), content)
  }
  return dir
}

const clean = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n'
const duplicate =
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dup\ndata:\n  a: "1"\n  a: "2"\n'

describe('celgate check', () => {
  it('prints findings with file:line:col on the demo and fails the gate (exit 1)', async () => {
    const r = await cli(['check', 'fixtures/demo'])
    expect(r.code).toBe(1)
    expect(r.out).toContain('fixtures/demo/samples/widgets.yaml')
    expect(r.out).toMatch(
      /18:5\s+error\s+error converting YAML to JSON: yaml: unmarshal errors:\s+yaml\/duplicate-key\n\s+line 8: key "app" already set in map\n/
    )
    expect(r.out).toContain('crd/size-last-applied')
    expect(r.out).not.toContain('\x1b[') // not a TTY: no colour
  })

  it('checks CRD rule costs for the Kubernetes versions and ratios given', async () => {
    const r = await cli(['check', 'fixtures/cost', '--kubernetes-versions', '1.35-1.36'])
    expect(r.code).toBe(1)
    expect(r.out).toContain('Kubernetes 1.35 and 1.36 reject this CRD')
    const json = await cli([
      'check',
      'fixtures/cost',
      '--format',
      'json',
      '--kubernetes-versions',
      '1.37',
      '--cost-warn-ratio',
      '0.7',
      '--cost-fail-ratio',
      '0.8'
    ])
    const report = JSON.parse(json.out) as {
      kubernetesVersions: string[]
      findings: Array<{ ruleId: string; severity: string }>
    }
    expect(report.kubernetesVersions).toEqual(['1.37'])
    // The rules at 88.3% of their budget are above the 80% fail line: errors, not warnings.
    const headroom = report.findings.filter((f) => f.ruleId === 'crd/cel-cost-headroom')
    expect(headroom.map((f) => f.severity)).toContain('error')
    const bad = await cli([
      'check',
      'fixtures/cost',
      '--cost-warn-ratio',
      '0.9',
      '--cost-fail-ratio',
      '0.5'
    ])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('cost-warn-ratio (0.9) must not be above cost-fail-ratio (0.5)')
  })

  it('reads kubernetes-versions from .celgate.yaml, YAML numbers included (1.30 is 1.3)', async () => {
    const dir = makeRepo({
      '.celgate.yaml': 'kubernetes-versions: [1.30, 1.37]\ncost-warn-ratio: 0.6\n',
      'a.yaml': clean
    })
    const report = JSON.parse((await cli(['check', dir, '--format', 'json'])).out) as {
      kubernetesVersions: string[]
      costGate: unknown
    }
    expect(report.kubernetesVersions).toEqual(['1.30', '1.37'])
    expect(report.costGate).toEqual({ warnRatio: 0.6, failRatio: 1 })
  })

  it('exits 0 when nothing reaches fail-on, and 1 when warnings count', async () => {
    const dir = makeRepo({
      'a.yaml': clean,
      'b.yaml': 'apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: c\r\n'
    })
    expect((await cli(['check', dir])).code).toBe(0)
    expect((await cli(['check', dir, '--fail-on', 'warning'])).code).toBe(0) // a notice only
    const withDup = makeRepo({ 'a.yaml': duplicate })
    expect((await cli(['check', withDup, '--fail-on', 'never'])).code).toBe(0)
    expect((await cli(['check', withDup])).code).toBe(1)
  })

  it('exits 2 on usage and configuration errors, naming the problem', async () => {
    expect((await cli(['check', '--format', 'xml'])).code).toBe(2)
    const bad = await cli(['check', '--fail-on', 'sometimes'])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('--fail-on must be one of error, warning, never')
    expect((await cli(['lint'])).code).toBe(2)
    const missing = await cli(['check', path.join(tmp, 'does-not-exist')])
    expect(missing.code).toBe(2)
    expect(missing.err).toContain('does-not-exist: no such file or folder')
    const dir = makeRepo({ 'a.yaml': clean, '.celgate.yaml': 'fail_on: warning\n' })
    const cfg = await cli(['check', dir])
    expect(cfg.code).toBe(2)
    expect(cfg.err).toContain("unknown key 'fail_on'")
  })

  it('honours .celgate.yaml, with flags taking precedence', async () => {
    const dir = makeRepo({
      'a.yaml': duplicate,
      '.celgate.yaml': 'fail-on: never\nrules:\n  yaml/duplicate-key: warning\n'
    })
    const r = await cli(['check', dir, '--format', 'json'])
    expect(r.code).toBe(0)
    const report = JSON.parse(r.out)
    expect(report.findings[0]).toMatchObject({
      ruleId: 'yaml/duplicate-key',
      severity: 'warning',
      file: 'a.yaml',
      startLine: 7
    })
    expect((await cli(['check', dir, '--fail-on', 'warning'])).code).toBe(1)
  })

  it('writes every format to files with --output, and prints the chosen one', async () => {
    const dir = makeRepo({ 'a.yaml': duplicate })
    const out = path.join(tmp, 'reports')
    const r = await cli([
      'check',
      dir,
      '--format',
      'github',
      '--output',
      `sarif=${out}/r.sarif`,
      '--output',
      `json=${out}/r.json`,
      '--output',
      `markdown=${out}/r.md`
    ])
    expect(r.out).toMatch(
      /^::error title=Duplicate mapping key \(yaml\/duplicate-key\),file=a.yaml,line=7,endLine=7,col=3,endColumn=\d+::/m
    )
    expect(JSON.parse(readFileSync(`${out}/r.sarif`, 'utf8')).version).toBe('2.1.0')
    expect(JSON.parse(readFileSync(`${out}/r.json`, 'utf8')).summary.files).toBe(1)
    expect(readFileSync(`${out}/r.md`, 'utf8')).toContain(
      'line 7: key &quot;a&quot; already set in map'
    )
  })

  it('sizes Kyverno reports for the cluster profile given and writes them with --reports-dir', async () => {
    const kyverno = 'fixtures/kyverno/repo'
    const reports = path.join(tmp, 'kyverno-reports')
    const r = await cli([
      'check',
      kyverno,
      '--format',
      'json',
      '--cluster-profile',
      '{preset: large, background-scan: false}',
      '--reports-budget',
      '1000',
      '--reports-dir',
      reports
    ])
    interface KyvernoEntry {
      engine: string
      footprint: { profile: unknown }
      reports: Array<{ objects: number }>
    }
    const report = JSON.parse(r.out) as {
      policies: KyvernoEntry[]
      findings: Array<{ ruleId: string }>
    }
    const facts = report.policies.find((p) => p.engine === 'kyverno')!
    expect(facts.footprint.profile).toMatchObject({ name: 'large', backgroundScan: false })
    // Over the 1,000-byte budget: one finding, on the policy that stores the most.
    expect(report.findings.map((f) => f.ruleId)).toContain('kyverno/reports-etcd-quota')
    expect(r.err).toMatch(/wrote \d+ Kyverno policy reports to /)
    const index = JSON.parse(readFileSync(path.join(reports, 'index.json'), 'utf8')) as {
      reports: unknown[]
    }
    expect(index.reports.length).toBe(facts.reports.reduce((n, t) => n + t.objects, 0))
    const modern = path.join(tmp, 'kyverno-reports-modern')
    await cli([
      'check',
      kyverno,
      '--reports-layout',
      'per-resource',
      '--reports-api',
      'openreports',
      '--reports-dir',
      modern
    ])
    const written = JSON.parse(readFileSync(path.join(modern, 'index.json'), 'utf8')) as {
      layout: string
      format: string
      reports: Array<{ kind: string }>
    }
    expect(written).toMatchObject({ layout: 'per-resource', format: 'openreports' })
    expect(written.reports.some((r) => r.kind === 'Report')).toBe(true)
    expect((await cli(['check', kyverno, '--reports-api', 'v1'])).err).toContain(
      '--reports-api must be one of wgpolicyk8s, openreports'
    )
    const config = makeRepo({ 'a.yaml': clean, '.celgate.yaml': 'cluster-profile: huge\n' })
    const bad = await cli(['check', config])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain("'cluster-profile'")
    const flag = await cli(['check', config, '--cluster-profile', '{nodes: 3}'])
    expect(flag.code).toBe(2)
    expect(flag.err).toContain('--cluster-profile must be one of small, medium, large, repository')
  })

  it('uses colour only on a TTY without NO_COLOR', async () => {
    const dir = makeRepo({ 'a.yaml': duplicate })
    expect((await cli(['check', dir], { tty: true })).out).toContain('\x1b[')
    expect((await cli(['check', dir], { tty: true, env: { NO_COLOR: '1' } })).out).not.toContain(
      '\x1b['
    )
    expect((await cli(['check', dir, '--no-color'], { tty: true })).out).not.toContain('\x1b[')
  })

  it('prints help and version', async () => {
    expect((await cli(['--help'])).out).toContain('Exit codes: 0 passed, 1 the gate failed')
    expect((await cli(['--version'])).out).toMatch(/^\d+\.\d+\.\d+\n$/)
  })
})
