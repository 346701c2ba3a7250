/**
 * A `paths` glob that matches no file fails the gate (issue 27 item 6): before, the run passed
 * with nothing checked. `allow-empty-paths` accepts it.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'
import { check } from '../../src/core/check.js'
import { loadSettings } from '../../src/core/load-settings.js'
import type { Overrides } from '../../src/core/options.js'
import { silentLogger } from '../../src/core/logger.js'
import type { Finding } from '../../src/findings/model.js'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-empty-paths-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n'

let count = 0
function makeRepo(files: Record<string, string>): string {
  const dir = path.join(tmp, `repo-${++count}`)
  mkdirSync(path.join(dir, '.git'), { recursive: true })
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    writeFileSync(path.join(dir, rel), content)
  }
  return dir
}

async function findings(repo: string, overrides: Overrides = {}): Promise<Finding[]> {
  const settings = loadSettings(repo, undefined, overrides, {
    configBoundary: repo,
    overrideBoundary: repo,
    boundaryName: 'the repository',
    overrideSource: (name) => `--${name}`
  })
  const { result } = await check(settings.check, silentLogger)
  return result.findings.filter((f) => f.ruleId === 'workspace/glob-matches-nothing')
}

describe('paths globs that match nothing', () => {
  it('is an error at the glob line of .celgate.yaml, one per empty glob', async () => {
    const repo = makeRepo({
      'deploy/app.yaml': CONFIG_MAP,
      '.celgate.yaml': 'paths:\n  - deploy/**/*.yaml\n  - depoly/**/*.yaml\n  - "*.json"\n'
    })
    const found = await findings(repo)
    expect(found.map((f) => [f.severity, f.location.file, f.location.range?.startLine])).toEqual([
      ['error', '.celgate.yaml', 3],
      ['error', '.celgate.yaml', 4]
    ])
    expect(found[0]!.message).toBe(
      'The `paths` glob `depoly/**/*.yaml` set here matches no file under `.` (after `exclude`), so nothing was checked for it. Fix the glob (it is relative to the scanned folder), or set `allow-empty-paths: true` if it may match nothing.'
    )
  })

  it('is an error at the scanned folder for a glob given as an input or flag', async () => {
    const repo = makeRepo({ 'deploy/app.yaml': CONFIG_MAP })
    const found = await findings(repo, { paths: ['manifests/**/*.yaml'] })
    expect(found.map((f) => [f.location.file, f.message])).toEqual([
      [
        '.',
        'The `paths` glob `manifests/**/*.yaml` given to the run matches no file under `.` (after `exclude`), so nothing was checked for it. Fix the glob (it is relative to the scanned folder), or set `allow-empty-paths: true` if it may match nothing.'
      ]
    ])
  })

  it('counts a glob that matches only folders, or only excluded files, as matching nothing', async () => {
    const repo = makeRepo({ 'deploy/app.yaml': CONFIG_MAP, 'vendor/x.yaml': CONFIG_MAP })
    const found = await findings(repo, { paths: ['deploy/**/*.yaml', 'deploy', 'vendor/*.yaml'] })
    expect(found.map((f) => f.message.split('`')[3])).toEqual(['deploy', 'vendor/*.yaml'])
  })

  it('with the default paths, is one error when the folder holds no manifest at all', async () => {
    const empty = makeRepo({ 'README.md': '# nothing to check\n' })
    const found = await findings(empty)
    expect(found.map((f) => [f.severity, f.location.file])).toEqual([['error', '.']])
    expect(found[0]!.message).toMatch(
      /^No manifest found: the folder `\.` holds no file the default paths \(\*\*\/\*\.yaml, \*\*\/\*\.yml, \*\*\/\*\.json\) match/
    )
    // YAML without JSON is an ordinary repository.
    expect(await findings(makeRepo({ 'a.yaml': CONFIG_MAP }))).toEqual([])
  })

  it('is accepted with allow-empty-paths, from the file or as an input', async () => {
    const repo = makeRepo({
      'deploy/app.yaml': CONFIG_MAP,
      '.celgate.yaml': 'allow-empty-paths: true\npaths: [deploy/**/*.yaml, typo/*.yaml]\n'
    })
    expect(await findings(repo)).toEqual([])
    const empty = makeRepo({})
    expect(await findings(empty, { 'allow-empty-paths': true })).toEqual([])
  })

  it('fails the CLI run, unless --allow-empty-paths is given', async () => {
    const repo = makeRepo({ 'deploy/app.yaml': CONFIG_MAP })
    const run = async (args: string[]): Promise<number> => {
      const stdout = Object.assign(new PassThrough(), { isTTY: false })
      const stderr = Object.assign(new PassThrough(), { isTTY: false })
      stdout.resume()
      stderr.resume()
      return runCli(args, { stdout, stderr, env: {}, cwd: repo })
    }
    expect(await run(['check', '--paths', 'deploy/*.yaml', '--paths', 'crds/*.yaml', '.'])).toBe(1)
    expect(
      await run([
        'check',
        '--paths',
        'deploy/*.yaml',
        '--paths',
        'crds/*.yaml',
        '--allow-empty-paths',
        '.'
      ])
    ).toBe(0)
  })
})
