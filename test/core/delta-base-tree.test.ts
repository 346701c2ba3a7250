/**
 * The merge base read with git into memory (issue 28): the files discovery selects on the
 * working tree, at the same repository-relative paths, with the bytes of those asked for.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { symlinkSync } from 'node:fs'
import path from 'node:path'
import { readBaseTree } from '../../src/core/base-tree.js'
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
  options: { paths?: string[]; exclude?: string[]; maxFileSize?: number; ref?: string } = {},
  wanted: (file: string) => boolean = () => true
): Promise<BaseTree> {
  const got = await readBaseTree(
    {
      repoRoot: repo,
      root: path.join(repo, 'deploy'),
      ref: options.ref ?? 'main',
      paths: options.paths ?? DEFAULT_PATHS,
      exclude: options.exclude ?? DEFAULT_EXCLUDE,
      maxFileSize: options.maxFileSize ?? 1000
    },
    wanted
  )
  if ('error' in got) throw new Error(got.error)
  return got
}

const text = (t: BaseTree, file: string): string | undefined => {
  const content = t.files.find((f) => f.file === file)?.content
  return content ? Buffer.from(content).toString('utf8') : undefined
}

describe('readBaseTree', () => {
  const repo = repoWithFiles()

  it('selects what discovery selects, at the same repository-relative paths', async () => {
    const base = await tree(repo)
    expect(base.commit).toBe(git(repo, 'rev-parse', 'main').trim())
    // Links are listed at their target, as discovery reports them on the head.
    expect(base.files.map((f) => f.file)).toEqual([
      'deploy/.kyverno-test/c.yaml',
      'deploy/a.yaml',
      'deploy/big.json',
      'deploy/store/target.txt',
      'deploy/sub/b.yml'
    ])
    const head = await discover(path.join(repo, 'deploy'), DEFAULT_PATHS, DEFAULT_EXCLUDE)
    expect(base.files.map((f) => f.file)).toEqual(
      head.files.map((f) => f.file).filter((f) => f !== 'deploy/new.yaml')
    )
    // The committed text, not the working tree's; the link's target's text.
    expect(text(base, 'deploy/a.yaml')).toBe('a: 1\n')
    expect(text(base, 'deploy/store/target.txt')).toBe('e: 5\n')
    // Over max-file-size: the size only, so that the base reports it as too large too.
    const big = base.files.find((f) => f.file === 'deploy/big.json')
    expect(big).toEqual({ file: 'deploy/big.json', size: 2001 })
  })

  it('reads only the files asked for', async () => {
    const base = await tree(repo, {}, (file) => file === 'deploy/sub/b.yml')
    expect(base.files).toHaveLength(5)
    expect(base.files.filter((f) => f.content).map((f) => f.file)).toEqual(['deploy/sub/b.yml'])
    expect(text(base, 'deploy/sub/b.yml')).toBe('b: 2\n')
  })

  it('applies plain paths, globs and excludes as discovery does', async () => {
    const base = await tree(repo, { paths: ['a.yaml', 'sub/**'], exclude: ['sub/*.yml'] })
    expect(base.files.map((f) => f.file)).toEqual(['deploy/a.yaml'])
  })

  it('says why when there is no merge base', async () => {
    const request = {
      paths: DEFAULT_PATHS,
      exclude: DEFAULT_EXCLUDE,
      maxFileSize: 1000
    }
    const got = await readBaseTree(
      { ...request, repoRoot: repo, root: repo, ref: 'no-such-ref' },
      () => true
    )
    expect(got).toEqual({
      error: expect.stringMatching(/^cannot find the merge base of no-such-ref and HEAD: /)
    })
    const plain = tmp.dir('plain')
    const notARepo = await readBaseTree(
      { ...request, repoRoot: plain, root: plain, ref: 'main' },
      () => true
    )
    expect('error' in notARepo).toBe(true)
  })
})
