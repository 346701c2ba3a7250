import { execFileSync } from 'node:child_process'
import { mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { GitRevision } from '../../src/workspace/git-base.js'
import { manifestText } from '../../src/workspace/text-encoding.js'
import { TempDirs, git } from '../core/delta-repo.js'

const dirs = new TempDirs()
afterAll(() => dirs.dispose())

/** The text of `file` at `commit` as `git show` gives it (undefined: not there). */
function shown(repo: string, commit: string, file: string): string | undefined {
  try {
    return manifestText(
      execFileSync('git', ['-C', repo, 'show', `${commit}:${file}`], { stdio: 'pipe' })
    )
  } catch {
    return undefined
  }
}

function utf16(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
}

describe('GitRevision.read', () => {
  it('gives the texts git show gives, reading unchanged regular files from the working tree', () => {
    const repo = dirs.dir('revision')
    git(repo, 'init', '-q', '-b', 'main')
    const write = (file: string, content: string | Buffer): void => {
      mkdirSync(path.dirname(path.join(repo, file)), { recursive: true })
      writeFileSync(path.join(repo, file), content)
    }
    write('same.yaml', 'kind: A\n')
    write('edited.yaml', 'kind: B\n')
    write('staged.yaml', 'kind: C\n')
    write('deleted.yaml', 'kind: D\n')
    write('crlf.yaml', 'kind: E\r\nmetadata:\r\n  name: e\r\n')
    write('utf16.yaml', utf16('kind: F\n'))
    write('sub/dir/deep.yaml', 'kind: G\n')
    symlinkSync('same.yaml', path.join(repo, 'link.yaml'))
    write('.gitignore', 'ignored.yaml\n')
    git(repo, 'add', '-A')
    git(repo, 'commit', '-q', '-m', 'base')
    const commit = git(repo, 'rev-parse', 'HEAD').trim()
    git(repo, 'commit', '-q', '--allow-empty', '-m', 'head')

    write('edited.yaml', 'kind: B2\n')
    write('staged.yaml', 'kind: C2\n')
    git(repo, 'add', 'staged.yaml')
    unlinkSync(path.join(repo, 'deleted.yaml'))
    write('untracked.yaml', 'kind: H\n')
    write('ignored.yaml', 'kind: I\n')

    const revision = GitRevision.mergeBase(repo, 'HEAD~1')
    if (!(revision instanceof GitRevision)) throw new Error(revision.error)
    expect(revision.commit).toBe(commit)
    const files = [
      'same.yaml',
      'edited.yaml',
      'staged.yaml',
      'deleted.yaml',
      'crlf.yaml',
      'utf16.yaml',
      'sub/dir/deep.yaml',
      'link.yaml',
      'untracked.yaml',
      'ignored.yaml',
      'missing.yaml'
    ]
    for (const file of files)
      expect([file, revision.read(file)]).toEqual([file, shown(repo, commit, file)])
    // Read from the disk: unchanged regular files of the revision only.
    expect(files.filter((f) => revision.unchanged(f))).toEqual([
      'same.yaml',
      'crlf.yaml',
      'utf16.yaml',
      'sub/dir/deep.yaml'
    ])
    expect(revision.read('utf16.yaml')).toBe('kind: F\n')
  })
})
