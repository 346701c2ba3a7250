/**
 * Issue 27 item 2: a repository's `.celgate.yaml` (on a pull request, its author's) must not make
 * celgate read or write outside the repository: report files, reports-dir, the baseline, the
 * config itself and the `paths` globs are confined after links are resolved, or the run stops
 * with an error naming the setting, the line and the resolved path. The Action confines its
 * inputs to the workspace as well; CLI flags, typed by the user, may name any file.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdirSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { runCliCaptured } from '../support/run-cli.js'
import { TempDirs, git, write } from '../core/delta-repo.js'
import { isolateRunnerEnvironment, runActionInProcess } from '../support/action-in-process.js'
import type { InProcessActionRun } from '../support/action-in-process.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

const cli = (args: string[], cwd: string) => runCliCaptured(args, cwd)

const quiet = ['--kubernetes-versions', '1.36', '--quiet']

/**
 * A repository next to a folder outside it (`outside/`, holding a manifest with a duplicate key,
 * a baseline and a secret), with `.celgate.yaml` as given.
 */
function setup(config: string | undefined, files: Record<string, string> = {}) {
  const top = tmp.dir('top')
  const repo = path.join(top, 'repo')
  const outside = path.join(top, 'outside')
  mkdirSync(repo)
  git(repo, 'init', '-q', '-b', 'main')
  write(outside, {
    'leak.yaml':
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: leak}\ndata: {a: "1", a: "2"}\n',
    'baseline.json': '{"version": 1, "findings": []}\n',
    'secret.txt': 'root:x:0:0\n'
  })
  write(repo, {
    'deploy/ok.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n',
    ...(config !== undefined ? { '.celgate.yaml': config } : {}),
    ...files
  })
  return { top, repo, outside }
}

describe('.celgate.yaml cannot write outside the repository', () => {
  it.each([
    ['an absolute sarif-file', (o: string) => `sarif-file: ${o}/x.sarif`, 'sarif-file', 'x.sarif'],
    [
      'a json-file climbing out with ../',
      () => 'json-file: ../outside/x.json',
      'json-file',
      'x.json'
    ],
    ['a reports-dir outside', (o: string) => `reports-dir: ${o}/reports`, 'reports-dir', 'reports']
  ])(
    '%s is refused, naming the setting, its line and the resolved path',
    async (_, config, key, written) => {
      const { repo, outside } = setup(undefined)
      write(repo, { '.celgate.yaml': `fail-on: error\n${config(outside)}\n` })
      const r = await cli(['check', '.', ...quiet], repo)
      expect(r.code).toBe(2)
      expect(r.err).toContain(
        `celgate: ${key} (.celgate.yaml line 2) resolves to ${path.join(outside, written)}, outside the repository (${repo})`
      )
      expect(existsSync(path.join(outside, written))).toBe(false)
    }
  )

  it('a report file through a symlinked folder inside the repository is refused', async () => {
    const { repo, outside } = setup(undefined)
    symlinkSync(outside, path.join(repo, 'reports'))
    write(repo, { '.celgate.yaml': 'sarif-file: reports/x.sarif\n' })
    const r = await cli(['check', '.', ...quiet], repo)
    expect(r.code).toBe(2)
    expect(r.err).toContain(
      `sarif-file (.celgate.yaml line 1) resolves to ${path.join(outside, 'x.sarif')}`
    )
    expect(existsSync(path.join(outside, 'x.sarif'))).toBe(false)
  })

  it.each([
    ['a link to a file not there yet', (o: string) => path.join(o, 'x.sarif')],
    ['a relative link through a dangling link', () => 'hop'],
    ['a link loop', () => 'x.sarif']
  ])('a report file that is %s is refused or never written outside', async (_, target) => {
    const { repo, outside } = setup(undefined)
    symlinkSync(target(outside), path.join(repo, 'x.sarif'))
    symlinkSync(path.join(outside, 'x.sarif'), path.join(repo, 'hop'))
    write(repo, { '.celgate.yaml': 'sarif-file: x.sarif\n' })
    const r = await cli(['check', '.', ...quiet], repo)
    expect(r.code).toBeGreaterThanOrEqual(2)
    if (target(outside) !== 'x.sarif')
      expect(r.err).toContain(
        `sarif-file (.celgate.yaml line 1) resolves to ${path.join(outside, 'x.sarif')}`
      )
    expect(existsSync(path.join(outside, 'x.sarif'))).toBe(false)
  })

  it('a report file inside the repository is written there, relative to the root', async () => {
    const { repo } = setup(undefined, {
      'deploy/.celgate.yaml': 'sarif-file: out/celgate.sarif\njson-file: out/celgate.json\n'
    })
    const r = await cli(['check', 'deploy', ...quiet], repo)
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(existsSync(path.join(repo, 'deploy/out/celgate.sarif'))).toBe(true)
    expect(existsSync(path.join(repo, 'deploy/out/celgate.json'))).toBe(true)
  })

  it('CLI flags are the user’s own and may name files anywhere', async () => {
    const { repo, outside } = setup(undefined)
    const r = await cli(
      [
        'check',
        '.',
        '--output',
        `json=${outside}/mine.json`,
        '--baseline',
        `${outside}/baseline.json`,
        ...quiet
      ],
      repo
    )
    expect(r.code).toBe(0)
    expect(existsSync(path.join(outside, 'mine.json'))).toBe(true)
  })
})

describe('a config file the user names', () => {
  it('outside the repository, is the user’s own: its file names may point anywhere', async () => {
    const { repo, outside } = setup(undefined)
    write(outside, { 'mine.yaml': `sarif-file: ${outside}/mine.sarif\n` })
    const r = await cli(['check', '.', '--config', `${outside}/mine.yaml`, ...quiet], repo)
    expect(r.err).toBe('')
    expect(existsSync(path.join(outside, 'mine.sarif'))).toBe(true)
  })

  it('inside the repository, is the repository’s: its file names stay inside', async () => {
    const { repo, outside } = setup(undefined)
    write(repo, { 'ci/celgate.yaml': `sarif-file: ${outside}/x.sarif\n` })
    const r = await cli(['check', '.', '--config', 'ci/celgate.yaml', ...quiet], repo)
    expect(r.code).toBe(2)
    expect(r.err).toContain(
      `sarif-file (ci/celgate.yaml line 1) resolves to ${path.join(outside, 'x.sarif')}`
    )
  })
})

describe('.celgate.yaml cannot read outside the repository', () => {
  it.each([
    [
      'a baseline climbing out with ../',
      'baseline: ../outside/baseline.json',
      'baseline',
      'baseline.json'
    ],
    ['an absolute baseline', 'baseline: OUTSIDE/secret.txt', 'baseline', 'secret.txt']
  ])('%s is refused', async (_, line, key, target) => {
    const { repo, outside } = setup(undefined)
    write(repo, { '.celgate.yaml': `${line.replace('OUTSIDE', outside)}\n` })
    const r = await cli(['check', '.', ...quiet], repo)
    expect(r.code).toBe(2)
    expect(r.err).toContain(
      `${key} (.celgate.yaml line 1) resolves to ${path.join(outside, target)}`
    )
    expect(r.err).not.toContain('root:x')
  })

  it('the default baseline as a link to a file outside is refused, and not read', async () => {
    const { repo, outside } = setup(undefined)
    symlinkSync(path.join(outside, 'secret.txt'), path.join(repo, '.celgate-baseline.json'))
    const r = await cli(['check', '.', ...quiet], repo)
    expect(r.code).toBe(2)
    expect(r.err).toContain(
      `resolves to ${path.join(outside, 'secret.txt')}, outside the repository`
    )
    expect(r.err).not.toContain('root:x')
  })

  it('.celgate.yaml as a link to a file outside is refused, and not read', async () => {
    const { repo, outside } = setup(undefined)
    symlinkSync(path.join(outside, 'secret.txt'), path.join(repo, '.celgate.yaml'))
    const r = await cli(['check', '.', ...quiet], repo)
    expect(r.code).toBe(2)
    expect(r.err).toContain(
      `config (found in the root) resolves to ${path.join(outside, 'secret.txt')}`
    )
    expect(r.err).not.toContain('root:x')
  })

  it.each([
    ['../outside/**/*.yaml', "it climbs out with '..'"],
    ['{..,deploy}/**/*.yaml', "it climbs out with '..'"],
    ['OUTSIDE/**/*.yaml', 'it is an absolute path']
  ])('the paths glob %s is refused', async (glob, reason) => {
    const { repo, outside } = setup(undefined)
    const pattern = glob.replace('OUTSIDE', outside)
    write(repo, { '.celgate.yaml': `paths:\n  - deploy/*.yaml\n  - '${pattern}'\n` })
    const r = await cli(['check', '.', '--format', 'json', ...quiet], repo)
    expect(r.code).toBe(2)
    expect(r.err).toContain(
      `paths pattern '${pattern}' (.celgate.yaml line 3) is refused: ${reason}`
    )
    expect(r.out).not.toContain('leak')
  })

  it('a glob through a symlinked folder does not get around the symlink guard', async () => {
    const { repo, outside } = setup(undefined)
    mkdirSync(path.join(repo, 'sub'))
    symlinkSync(outside, path.join(repo, 'sub', 'link'))
    write(repo, { '.celgate.yaml': "paths: ['sub/link/**/*.yaml', 'deploy/*.yaml']\n" })
    const r = await cli(['check', '.', '--format', 'json', ...quiet], repo)
    const report = JSON.parse(r.out) as {
      findings: Array<{ ruleId: string; file: string; message: string }>
      summary: { files: number }
    }
    const guard = report.findings.filter((f) => f.ruleId === 'workspace/symlink-outside-root')
    expect(guard.map((f) => f.file)).toEqual(['sub/link'])
    expect(guard[0]!.message).toContain(outside)
    // The manifest outside (a duplicate key) was not read: only deploy/ok.yaml was.
    expect(report.findings.filter((f) => f.file.startsWith('sub/link/'))).toEqual([])
    expect(report.summary.files).toBe(1)
  })
})

// ---------------------------------------------------------------------------------------------
// The Action: inputs and the config stay inside GITHUB_WORKSPACE

isolateRunnerEnvironment()

const runAction = (
  workspace: string,
  inputs: Record<string, string>
): Promise<InProcessActionRun> =>
  runActionInProcess({ workspace, inputs, runnerDir: tmp.dir('runner') })

describe('the Action', () => {
  it.each([
    ['sarif-file', (o: string) => `${o}/x.sarif`, "input 'sarif-file'", 'x.sarif'],
    ['json-file', () => '../outside/x.json', "input 'json-file'", 'x.json'],
    ['baseline', () => '../outside/baseline.json', "input 'baseline'", 'baseline.json'],
    ['config', (o: string) => `${o}/secret.txt`, "input 'config'", 'secret.txt']
  ])('refuses the input %s outside the workspace', async (input, value, source, target) => {
    const { repo, outside } = setup(undefined)
    const r = await runAction(repo, { [input]: value(outside) })
    expect(r.failed).toBe(true)
    expect(r.stdout).toContain(
      `::error::celgate: ${input} (${source}) resolves to ${path.join(outside, target)}, outside the workspace (${repo})`
    )
    expect(existsSync(path.join(outside, 'x.sarif'))).toBe(false)
    expect(existsSync(path.join(outside, 'x.json'))).toBe(false)
  })

  it('refuses a working-directory outside the workspace', async () => {
    const { repo, outside } = setup(undefined)
    const r = await runAction(repo, { 'working-directory': '../outside' })
    expect(r.failed).toBe(true)
    expect(r.stdout).toContain(
      `working-directory (input 'working-directory') resolves to ${outside}`
    )
    expect(r.stdout).not.toContain('leak')
  })

  it('refuses a reports-dir from .celgate.yaml outside the workspace', async () => {
    const { repo, outside } = setup(undefined)
    write(repo, { '.celgate.yaml': `reports-dir: ../outside/reports\n` })
    const r = await runAction(repo, {})
    expect(r.failed).toBe(true)
    expect(r.stdout).toContain(
      `reports-dir (.celgate.yaml line 1) resolves to ${path.join(outside, 'reports')}, outside the workspace`
    )
    expect(existsSync(path.join(outside, 'reports'))).toBe(false)
  })

  it('refuses to write a report through a link the pull request put in reports-dir', async () => {
    const { repo, outside } = setup(undefined)
    write(repo, { '.celgate.yaml': 'reports-dir: out\n' })
    mkdirSync(path.join(repo, 'out'))
    symlinkSync(path.join(outside, 'index.json'), path.join(repo, 'out/index.json'))
    const r = await runAction(repo, {})
    expect(r.failed).toBe(true)
    expect(r.stdout).toContain(
      `reports-dir: index.json resolves to ${path.join(outside, 'index.json')}, outside the folder`
    )
    expect(existsSync(path.join(outside, 'index.json'))).toBe(false)
    const cliRun = await cli(['check', '.', ...quiet], repo)
    expect(cliRun.code).toBe(2)
    expect(cliRun.err).toContain('reports-dir: index.json resolves to')
    expect(existsSync(path.join(outside, 'index.json'))).toBe(false)
  })

  it('writes its own JSON report to RUNNER_TEMP, outside the workspace', async () => {
    const { repo } = setup(undefined)
    const r = await runAction(repo, {})
    expect(r.failed).toBe(false)
    expect(existsSync(path.join(r.runnerTemp, 'celgate-report.json'))).toBe(true)
  })
})
