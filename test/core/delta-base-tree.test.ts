/**
 * The merge base read with git into a temporary folder (issue 9 item 1): the same files as
 * discovery selects on the working tree, at the same repository-relative paths.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { readFileSync, readlinkSync, statSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { materializeBaseTree } from '../../src/core/base-tree.js'
import type { BaseTree } from '../../src/core/base-tree.js'
import { DEFAULT_EXCLUDE, DEFAULT_PATHS, discover } from '../../src/workspace/discover.js'
import { TempDirs, git, write } from './delta-repo.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

const FILES: Record<string, string> = {
  'deploy/a.yaml': 'a: 1\n',
  'deploy/sub/b.yml': 'b: 2\n',
  'deploy/.kyverno-test/c.yaml': 'c: 3\n',
  'deploy/vendor/d.yaml': 'd: 4\n',
  'deploy/notes.md': '# not a manifest\n',
  'deploy/store/target.txt': 'e: 5\n',
  'deploy/big.json': `${'x'.repeat(2000)}\n`,
  'other/outside.yaml': 'f: 6\n'
}

function repoWithFiles(): string {
  const repo = tmp.dir('tree')
  git(repo, 'init', '-q', '-b', 'main')
  write(repo, FILES)
  symlinkSync('store/target.txt', path.join(repo, 'deploy/link.yaml'))
  git(repo, 'add', '-A')
  git(repo, 'commit', '-q', '-m', 'base')
  // Changes after the base commit must not show in the base tree.
  write(repo, { 'deploy/a.yaml': 'a: changed\n', 'deploy/new.yaml': 'new: 1\n' })
  return repo
}

async function tree(
  repo: string,
  options: { paths?: string[]; exclude?: string[]; maxFileSize?: number; ref?: string } = {}
): Promise<BaseTree> {
  const got = await materializeBaseTree({
    repoRoot: repo,
    root: path.join(repo, 'deploy'),
    ref: options.ref ?? 'main',
    paths: options.paths ?? DEFAULT_PATHS,
    exclude: options.exclude ?? DEFAULT_EXCLUDE,
    maxFileSize: options.maxFileSize ?? 1000
  })
  if ('error' in got) throw new Error(got.error)
  return got
}

describe('materializeBaseTree', () => {
  const repo = repoWithFiles()

  it('selects what discovery selects, at the same repository-relative paths', async () => {
    const base = await tree(repo)
    try {
      expect(base.commit).toBe(git(repo, 'rev-parse', 'main').trim())
      expect(base.root).toBe(path.join(base.dir, 'deploy'))
      const found = await discover(base.root, DEFAULT_PATHS, DEFAULT_EXCLUDE)
      expect(found.repoRoot).toBe(base.dir)
      // Links are reported at their target, as on the head.
      expect(found.files.map((f) => f.file)).toEqual([
        'deploy/.kyverno-test/c.yaml',
        'deploy/a.yaml',
        'deploy/big.json',
        'deploy/store/target.txt',
        'deploy/sub/b.yml'
      ])
      const head = await discover(path.join(repo, 'deploy'), DEFAULT_PATHS, DEFAULT_EXCLUDE)
      expect(found.files.map((f) => f.file)).toEqual(
        head.files.map((f) => f.file).filter((f) => f !== 'deploy/new.yaml')
      )
      // The committed text, not the working tree's.
      expect(readFileSync(path.join(base.dir, 'deploy/a.yaml'), 'utf8')).toBe('a: 1\n')
      // The link is recreated, with the file it points to.
      expect(readlinkSync(path.join(base.dir, 'deploy/link.yaml'))).toBe('store/target.txt')
      expect(readFileSync(path.join(base.dir, 'deploy/link.yaml'), 'utf8')).toBe('e: 5\n')
      // Over max-file-size: the size only, so that the base reports it as too large too.
      expect(statSync(path.join(base.dir, 'deploy/big.json')).size).toBe(2001)
      expect(readFileSync(path.join(base.dir, 'deploy/big.json'))[0]).toBe(0)
    } finally {
      base.dispose()
    }
    expect(() => statSync(base.dir)).toThrow()
  })

  it('applies plain paths, globs and excludes as discovery does', async () => {
    const base = await tree(repo, { paths: ['a.yaml', 'sub/**'], exclude: ['sub/*.yml'] })
    try {
      const found = await discover(base.root, ['**/*'], [])
      expect(found.files.map((f) => f.file)).toEqual(['deploy/a.yaml'])
      expect(readFileSync(path.join(base.dir, 'deploy/a.yaml'), 'utf8')).toBe('a: 1\n')
    } finally {
      base.dispose()
    }
  })

  it('says why when there is no merge base', async () => {
    const got = await materializeBaseTree({
      repoRoot: repo,
      root: repo,
      ref: 'no-such-ref',
      paths: DEFAULT_PATHS,
      exclude: DEFAULT_EXCLUDE,
      maxFileSize: 1000
    })
    expect(got).toEqual({
      error: expect.stringMatching(/^cannot find the merge base of no-such-ref and HEAD: /)
    })
    const notARepo = await materializeBaseTree({
      repoRoot: tmp.dir('plain'),
      root: tmp.dir('plain'),
      ref: 'main',
      paths: DEFAULT_PATHS,
      exclude: DEFAULT_EXCLUDE,
      maxFileSize: 1000
    })
    expect('error' in notARepo).toBe(true)
  })
})
