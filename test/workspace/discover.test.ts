import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { discover, excludeGlobs, joinUnder } from '../../src/workspace/discover.js'

let tmp: string
let repo: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-discover-'))
  repo = path.join(tmp, 'repo')
  const files: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'deploy/app.yaml': 'a: 1\n',
    'deploy/app.yml': 'a: 1\n',
    'deploy/values.json': '{}',
    'deploy/readme.md': '# no',
    'policies/.kyverno-test/kyverno-test.yaml': 'a: 1\n',
    'node_modules/pkg/x.yaml': 'a: 1\n',
    'vendor/x.yaml': 'a: 1\n',
    'sub/tmp/skip.yaml': 'a: 1\n'
  }
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true })
    writeFileSync(path.join(repo, rel), content)
  }
  writeFileSync(path.join(tmp, 'outside.yaml'), 'secret: 1\n')
  symlinkSync(path.join(tmp, 'outside.yaml'), path.join(repo, 'deploy/link-out.yaml'))
  symlinkSync(path.join(repo, 'deploy/app.yaml'), path.join(repo, 'link-in.yaml'))
  symlinkSync(tmp, path.join(repo, 'loop'))
})

afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('discover', () => {
  it('globs yaml, yml and json including dot-folders, minus the default excludes', async () => {
    const d = await discover(repo)
    expect(d.files.map((f) => f.file)).toEqual([
      'deploy/app.yaml',
      'deploy/app.yml',
      'deploy/values.json',
      'policies/.kyverno-test/kyverno-test.yaml',
      'sub/tmp/skip.yaml'
    ])
  })

  it('never follows a symlink out of the root, and reports it', async () => {
    const d = await discover(repo)
    expect(d.findings.map((f) => [f.ruleId, f.location.file])).toEqual([
      ['workspace/symlink-outside-root', 'deploy/link-out.yaml']
    ])
    expect(d.files.some((f) => f.absolutePath.endsWith('outside.yaml'))).toBe(false)
  })

  it('reports paths relative to the repository root when scanning a subfolder', async () => {
    const d = await discover(path.join(repo, 'deploy'))
    expect(d.repoRoot).toBe(repo)
    expect(d.files.map((f) => f.file)).toEqual([
      'deploy/app.yaml',
      'deploy/app.yml',
      'deploy/values.json'
    ])
  })

  it('honours custom paths and excludes', async () => {
    const d = await discover(repo, ['deploy/**/*.yaml', 'sub/**/*.yaml'], ['tmp'])
    expect(d.files.map((f) => f.file)).toEqual(['deploy/app.yaml'])
  })

  it('turns bare folder names into globs', () => {
    expect(excludeGlobs(['vendor', 'a/b/', '**/*.tmp.yaml', ' '])).toEqual([
      '**/vendor',
      '**/vendor/**',
      'a/b',
      'a/b/**',
      '**/*.tmp.yaml',
      '**/*.tmp.yaml/**'
    ])
  })
})

describe('discovered sizes', () => {
  it('stats what links point to, and leaves regular files to the reader', async () => {
    const root = path.join(tmp, 'sizes')
    mkdirSync(root)
    writeFileSync(path.join(root, 'a.yaml'), 'a: 1\n')
    writeFileSync(path.join(root, 'c.txt'), 'c: 12\n')
    symlinkSync(path.join(root, 'c.txt'), path.join(root, 'b.yaml'))
    const d = await discover(root)
    expect(d.files.map((f) => [f.file, f.size])).toEqual([
      ['a.yaml', undefined],
      ['c.txt', 6]
    ])
  })
})

describe('joinUnder', () => {
  it('gives what path.join gives, plain relative paths or not', () => {
    const relatives = [
      'a.yaml',
      'deploy/app.yaml',
      '.github/workflows/ci.yml',
      '..foo/x.yaml',
      'x./y.yaml',
      './a.yaml',
      'a/./b.yaml',
      'a/../b.yaml',
      '../outside.yaml',
      'a//b.yaml',
      'a/b/',
      'a/.',
      'a/..',
      '.',
      '..',
      '',
      '/abs.yaml'
    ]
    for (const root of ['/work/repo', '/', '/work/repo/'])
      for (const relative of relatives)
        expect(joinUnder(root, relative)).toBe(path.join(root, relative))
  })
})
