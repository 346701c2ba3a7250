/**
 * Link tricks and odd files in a repository: links to nothing, loops of links, a named pipe, a
 * socket, unreadable folders and files. Each is a finding at its path, and the run never blocks
 * (a pipe opened for reading would wait for a writer forever).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { Server } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import { discover } from '../../src/workspace/discover.js'

const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n'
/** Root reads every folder and file whatever its mode. */
const asRoot = process.getuid?.() === 0

let tmp: string
let repo: string
let socket: Server

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-links-'))
  repo = path.join(tmp, 'repo')
  mkdirSync(path.join(repo, '.git'), { recursive: true })
  mkdirSync(path.join(repo, 'deploy'))
  writeFileSync(path.join(repo, 'deploy/ok.yaml'), CONFIG_MAP)
  symlinkSync('missing.yaml', path.join(repo, 'deploy/dangling.yaml'))
  symlinkSync('loop-b.yaml', path.join(repo, 'deploy/loop-a.yaml'))
  symlinkSync('loop-a.yaml', path.join(repo, 'deploy/loop-b.yaml'))
  symlinkSync('self.yaml', path.join(repo, 'deploy/self.yaml'))
  // A folder link that loops: the walk follows no link, so it ends.
  symlinkSync('..', path.join(repo, 'deploy/up'))
  execFileSync('mkfifo', [path.join(repo, 'deploy/pipe.yaml')])
  symlinkSync('pipe.yaml', path.join(repo, 'deploy/to-pipe.yaml'))
  socket = createServer()
  await new Promise<void>((resolve) =>
    socket.listen(path.join(repo, 'deploy/socket.yaml'), resolve)
  )
  mkdirSync(path.join(repo, 'locked'))
  writeFileSync(path.join(repo, 'locked/hidden.yaml'), CONFIG_MAP)
  chmodSync(path.join(repo, 'locked'), 0o000)
  writeFileSync(path.join(repo, 'deploy/unreadable.yaml'), CONFIG_MAP)
  chmodSync(path.join(repo, 'deploy/unreadable.yaml'), 0o000)
})

afterAll(async () => {
  await new Promise<void>((resolve) => socket.close(() => resolve()))
  chmodSync(path.join(repo, 'locked'), 0o755)
  rmSync(tmp, { recursive: true, force: true })
})

const findingsOf = async (): Promise<Array<[string, string]>> =>
  (await discover(repo)).findings.map((f) => [f.ruleId, f.location.file])

describe('link tricks and odd files', () => {
  it('reports a link to a missing file and loops of links, each at its path', async () => {
    const d = await discover(repo)
    const broken = d.findings.filter((f) => f.ruleId === 'workspace/broken-symlink')
    expect(broken.map((f) => f.location.file).sort()).toEqual([
      'deploy/dangling.yaml',
      'deploy/loop-a.yaml',
      'deploy/loop-b.yaml',
      'deploy/self.yaml'
    ])
    expect(broken.find((f) => f.location.file === 'deploy/dangling.yaml')!.message).toBe(
      'The link (to missing.yaml) points to a path that does not exist; it is not read.'
    )
    expect(broken.find((f) => f.location.file === 'deploy/self.yaml')!.message).toMatch(
      /part of a loop of links/
    )
    expect(broken.every((f) => f.severity === 'warning')).toBe(true)
    expect(d.files.map((f) => f.file)).toContain('deploy/ok.yaml')
  })

  it('reports a named pipe, a link to it and a socket without opening them', async () => {
    const found = await findingsOf()
    expect(found.filter(([rule]) => rule === 'workspace/not-a-regular-file').sort()).toEqual([
      ['workspace/not-a-regular-file', 'deploy/pipe.yaml'],
      ['workspace/not-a-regular-file', 'deploy/socket.yaml'],
      ['workspace/not-a-regular-file', 'deploy/to-pipe.yaml']
    ])
    const d = await discover(repo)
    expect(d.findings.find((f) => f.location.file === 'deploy/to-pipe.yaml')!.message).toBe(
      'The path is a link to a named pipe (FIFO), not a regular file; it is not read.'
    )
  })

  it('checks the repository to the end, with every one of those findings in the report', async () => {
    const { result } = await check(resolveOptions(repo, {}, {}).check, silentLogger)
    const rules = new Set(result.findings.map((f) => f.ruleId))
    expect(rules).toContain('workspace/broken-symlink')
    expect(rules).toContain('workspace/not-a-regular-file')
    expect(result.summary.kinds.resource).toBeGreaterThanOrEqual(1)
  })
})

;(asRoot ? describe.skip : describe)(
  'unreadable folders and files (skipped when running as root, who reads both)',
  () => {
    it('reports a folder it cannot list and a file it cannot read', async () => {
      const found = await findingsOf()
      expect(found).toContainEqual(['workspace/unreadable-folder', 'locked'])
      const { result } = await check(resolveOptions(repo, {}, {}).check, silentLogger)
      expect(result.findings.map((f) => [f.ruleId, f.location.file])).toContainEqual([
        'workspace/unreadable-file',
        'deploy/unreadable.yaml'
      ])
    })
  }
)
