/**
 * Inputs far larger or stranger than real repositories, generated here at a bounded size: each
 * is past the ~125,000 elements at which spreading an array into a call overflows V8's stack,
 * which is how these crashed before (exit 2, no report).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'
import { unfold } from '../support/folded.js'

let tmp: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-large-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** Runs the CLI in this process; stdout is counted, not kept (it can be hundreds of MB). */
async function cli(args: string[]) {
  const stdout = Object.assign(new PassThrough(), { isTTY: false })
  const stderr = Object.assign(new PassThrough(), { isTTY: false })
  let outBytes = 0
  let tail = ''
  let err = ''
  stdout.on('data', (d: Buffer) => {
    outBytes += d.length
    tail = (tail + d.toString()).slice(-2000)
  })
  stderr.on('data', (d: Buffer) => (err += d.toString()))
  const code = await runCli(args, { stdout, stderr, env: {}, cwd: tmp })
  return { code, outBytes, tail, err }
}

/** A repository holding one file made of `head` and `count` repetitions of `line(i)`. */
function repoWithFile(name: string, head: string, count: number, line: (i: number) => string) {
  const dir = mkdtempSync(path.join(tmp, 'repo-'))
  mkdirSync(path.join(dir, '.git'))
  const parts = [head]
  for (let i = 0; i < count; i++) parts.push(line(i))
  writeFileSync(path.join(dir, name), parts.join(''))
  return dir
}

const jsonSummary = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { summary: Record<string, unknown> }).summary

describe('large inputs', () => {
  it('checks a file of 200,000 documents', async () => {
    const dir = repoWithFile(
      'many.yaml',
      '',
      200_000,
      (i) => `---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: n${i}\n`
    )
    const report = path.join(dir, 'report.json')
    const r = await cli(['check', dir, '--quiet', '--output', `json=${report}`])
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(jsonSummary(report)).toMatchObject({ files: 1, documents: 200_000 })
  }, 120_000)

  it('checks a `kind: List` of 200,000 objects', async () => {
    const dir = repoWithFile(
      'list.yaml',
      'apiVersion: v1\nkind: List\nitems:\n',
      200_000,
      (i) => `  - apiVersion: v1\n    kind: Namespace\n    metadata:\n      name: n${i}\n`
    )
    const r = await cli(['check', dir, '--quiet', '--max-file-size', String(64 << 20)])
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(r.tail).toContain('in 1 file (200000 documents)')
  }, 120_000)

  it('reads a list of 200,000 items with the fast parser and with `yaml` (CRLF sends it there)', async () => {
    for (const eol of ['\n', '\r\n']) {
      const dir = repoWithFile(
        'items.yaml',
        `apiVersion: example.com/v1${eol}kind: Inventory${eol}metadata:${eol}  name: items${eol}items:${eol}`,
        200_000,
        (i) => `  - item-${i}${eol}`
      )
      const r = await cli(['check', dir, '--quiet'])
      expect(r.err).toBe('')
      // CRLF line endings are a notice; nothing else is reported.
      expect(r.code).toBe(0)
      expect(r.tail).toContain('in 1 file (1 document)')
      expect(r.tail).toContain(eol === '\n' ? '0 notices' : '1 notice')
    }
  }, 120_000)

  it('writes 300,000 findings to the text, JSON, SARIF and markdown reports', async () => {
    // Each document without apiVersion or kind is a workspace/stray-document notice.
    const dir = repoWithFile(
      'stray.yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: first\n',
      300_000,
      (i) => `---\nx: ${i}\n`
    )
    const out = path.join(tmp, 'reports-300k')
    mkdirSync(out)
    const r = await cli([
      'check',
      dir,
      '--quiet',
      '--output',
      `json=${path.join(out, 'r.json')}`,
      '--output',
      `sarif=${path.join(out, 'r.sarif')}`,
      '--output',
      `markdown=${path.join(out, 'r.md')}`
    ])
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(r.tail).toContain('300000 notices in 1 file (300001 documents)')
    expect(r.outBytes).toBeGreaterThan(300_000 * 50)
    const summary = jsonSummary(path.join(out, 'r.json'))
    expect(summary.findings).toEqual({ error: 0, warning: 0, notice: 300_000 })
    const sarif = JSON.parse(readFileSync(path.join(out, 'r.sarif'), 'utf8')) as {
      runs: Array<{ results: unknown[] }>
    }
    // SARIF keeps GitHub's limit of results and says how many it left out.
    expect(sarif.runs[0]!.results.length).toBe(25_000)
    expect(statSync(path.join(out, 'r.md')).size).toBeGreaterThan(0)
    expect(readFileSync(path.join(out, 'r.md'), 'utf8')).toContain('300,000')
  }, 180_000)

  it('reports nesting past the limit and alias bombs as findings, not crashes', async () => {
    const dir = mkdtempSync(path.join(tmp, 'repo-'))
    mkdirSync(path.join(dir, '.git'))
    const depth = 100_000
    writeFileSync(
      path.join(dir, 'deep.yaml'),
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata:\n  x: ${'['.repeat(depth)}${']'.repeat(depth)}\n`
    )
    writeFileSync(path.join(dir, 'deep.json'), `${'['.repeat(depth)}${']'.repeat(depth)}\n`)
    // Billion laughs: each level doubles the one before, 2^40 strings once expanded.
    const levels = ['a0: &a0 "lol"']
    for (let i = 1; i <= 40; i++) levels.push(`a${i}: &a${i} [*a${i - 1}, *a${i - 1}]`)
    writeFileSync(
      path.join(dir, 'bomb.yaml'),
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\ndata:\n  ${levels.join('\n  ')}\n`
    )
    const report = path.join(dir, 'report.json')
    const r = await cli(['check', dir, '--quiet', '--output', `json=${report}`])
    expect(r.err).toBe('')
    expect(r.code).toBe(1)
    const findings = unfold(
      (
        JSON.parse(readFileSync(report, 'utf8')) as {
          findings: Array<{ ruleId: string; file: string }>
        }
      ).findings
    ).map((f) => `${f.file} ${f.ruleId}`)

    expect(findings).toEqual(
      expect.arrayContaining([
        'deep.yaml yaml/too-deep',
        'deep.json yaml/too-deep',
        'bomb.yaml yaml/alias-limit'
      ])
    )
  }, 60_000)
})
