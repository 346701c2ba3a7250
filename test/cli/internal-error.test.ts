/**
 * Exit code 3: celgate's own failure, never 2 (a wrong invocation). Here the text report cannot
 * be written (stdout fails, as a closed or full output does): the other reports are still
 * written, and stderr says what failed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough, Writable } from 'node:stream'
import { EXIT_INTERNAL_ERROR, runCli } from '../../src/cli/main.js'

let tmp: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-internal-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** An output that refuses every write, as a device with no space left does. */
class FullOutput extends Writable {
  isTTY = false
  override write(): boolean {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
  }
}

describe('internal errors', () => {
  it('exit 3 when a report cannot be written; the other reports are written', async () => {
    const dir = mkdtempSync(path.join(tmp, 'repo-'))
    mkdirSync(path.join(dir, '.git'))
    writeFileSync(
      path.join(dir, 'dup.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dup\ndata:\n  a: "1"\n  a: "2"\n'
    )
    const report = path.join(dir, 'report.json')
    const stderr = new PassThrough()
    let err = ''
    stderr.on('data', (d: Buffer) => (err += d.toString()))
    const code = await runCli(['check', dir, '--quiet', '--output', `json=${report}`], {
      stdout: new FullOutput(),
      stderr,
      env: {},
      cwd: dir
    })
    expect(code).toBe(EXIT_INTERNAL_ERROR)
    expect(EXIT_INTERNAL_ERROR).toBe(3)
    expect(err).toContain(
      'celgate: internal error while writing the text report; the other reports are written: ENOSPC: no space left on device, write'
    )
    expect(err).toContain('this is a bug in celgate: please report it.')
    const written = JSON.parse(readFileSync(report, 'utf8')) as {
      findings: Array<{ ruleId: string }>
    }
    expect(written.findings.map((f) => f.ruleId)).toEqual(['yaml/duplicate-key'])
  })
})
