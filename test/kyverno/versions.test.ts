/**
 * The `kyverno-version` setting (`.celgate.yaml`, the CLI flag, the Action input, all text settings
 * read by options.ts) and the one table of what each Kyverno release does differently.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'
import { parseConfigText, resolveOptions, textOverrides } from '../../src/core/options.js'
import {
  DEFAULT_KYVERNO_VERSION,
  KYVERNO_VERSIONS,
  kyvernoFeatures,
  parseKyvernoVersion
} from '../../src/kyverno/versions.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const root = path.join(repo, 'fixtures/kyverno/repo')

describe('kyverno-version setting', () => {
  it('defaults to the newest release, 1.19', () => {
    expect(DEFAULT_KYVERNO_VERSION).toBe('1.19')
    expect(KYVERNO_VERSIONS).toEqual([
      '1.11',
      '1.12',
      '1.13',
      '1.14',
      '1.15',
      '1.16',
      '1.17',
      '1.18',
      '1.19'
    ])
    expect(resolveOptions(root, {}, {}).check.kyvernoVersion).toBe('1.19')
  })

  it('is read from .celgate.yaml, where YAML gives 1.17 as a number and 1.10 as 1.1', () => {
    const config = (text: string) =>
      resolveOptions(root, parseConfigText(text, '.celgate.yaml'), {}).check.kyvernoVersion
    expect(config('kyverno-version: 1.17\n')).toBe('1.17')
    expect(config('kyverno-version: "v1.12.3"\n')).toBe('1.12')
    expect(() => config('kyverno-version: 1.10\n')).toThrow(
      "kyverno-version: unsupported Kyverno version '1.10' (supported: 1.11–1.19)"
    )
    expect(() => config('kyverno-version: [1.17]\n')).toThrow(/kyverno-version/)
  })

  it('is read from a flag or input as text, and refuses an unsupported release naming the range', () => {
    const read = (value: string) =>
      textOverrides(
        (name) => (name === 'kyverno-version' ? value : undefined),
        (name) => `input '${name}'`,
        (file) => file
      )
    expect(read('1.15')).toEqual({ 'kyverno-version': '1.15' })
    expect(() => read('1.20')).toThrow(
      "input 'kyverno-version': unsupported Kyverno version '1.20' (supported: 1.11–1.19)"
    )
    expect(() => read('latest')).toThrow(/supported: 1\.11–1\.19/)
  })

  it('is a flag of check and baseline; an unsupported release is a usage error (exit 2)', async () => {
    for (const command of ['check', 'baseline']) {
      const stdout = new PassThrough()
      const stderr = new PassThrough()
      let err = ''
      stdout.resume()
      stderr.on('data', (d: Buffer) => (err += d.toString()))
      const code = await runCli([command, root, '--kyverno-version', '1.9'], {
        stdout,
        stderr,
        env: {},
        cwd: repo
      })
      expect(code).toBe(2)
      expect(err).toContain(
        "--kyverno-version: unsupported Kyverno version '1.9' (supported: 1.11–1.19)"
      )
    }
  })

  it('is an Action input', () => {
    expect(readFileSync(path.join(repo, 'action.yml'), 'utf8')).toMatch(/^ {2}kyverno-version:\n/m)
  })
})

describe('the Kyverno version table', () => {
  it('gives each release its `kyverno test` behaviour, read at its release branch', () => {
    expect(parseKyvernoVersion('1.17')).toBe('1.17')
    const at = (v: (typeof KYVERNO_VERSIONS)[number]) => kyvernoFeatures(v)
    // output.go: the expected-fail leniency is in 1.17 (f64c0f5820a0), not in 1.18 (836310455d35).
    expect(at('1.17').testFailResultAlwaysPasses).toBe(true)
    expect(at('1.18').testFailResultAlwaysPasses).toBe(false)
    // command.go: CheckTest's verdict ignored in 1.14 (b11038539fd0), the end of the run in 1.15.
    expect(at('1.14').testDeprecatedSchema).toBe('warned')
    expect(at('1.15').testDeprecatedSchema).toBe('refused')
    // test_result.go: TestResultDeprecated is gone in 1.15 (13ba08e97c90).
    expect(at('1.14').testFields.result).toEqual(expect.arrayContaining(['status', 'resource']))
    expect(at('1.15').testFields.result).not.toContain('status')
    // test.go: `checks` is dropped in 1.19 (c53e5bd8f7c6); `patchedResources` arrives in 1.13.
    expect(at('1.18').testFields.test).toContain('checks')
    expect(at('1.19').testFields.test).not.toContain('checks')
    expect(at('1.12').testFields.result).not.toContain('patchedResources')
    expect(at('1.13').testFields.result).toContain('patchedResources')
    expect(at('1.13').testResultSelection).toBe('kind-and-name')
    expect(at('1.14').testResultSelection).toBe('resource-key')
    expect(Object.isFrozen(at('1.19'))).toBe(true)
  })
})
