/**
 * Temporary git repositories for the pull-request tests: fixtures/delta/base as the first
 * commit on `main`, then chosen files of fixtures/delta/pr (and any extra files) as a second
 * commit on a branch.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const fixtures = path.resolve(new URL('../../fixtures/delta', import.meta.url).pathname)

export const PR_FILES = [
  'config/fixed.yaml',
  'config/new.yaml',
  'crds/routes.yaml',
  'crds/gateways.yaml'
] as const

export function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.invalid',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null'
    }
  })
}

export class TempDirs {
  readonly root = mkdtempSync(path.join(os.tmpdir(), 'celgate-delta-'))
  private count = 0

  dir(name: string): string {
    const dir = path.join(this.root, `${name}-${++this.count}`)
    mkdirSync(dir, { recursive: true })
    return dir
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true })
  }
}

export interface RepoSpec {
  /** Files of fixtures/delta/pr to commit on the branch (default: all). */
  pr?: readonly string[]
  /** More files for the branch commit (path → content). */
  extra?: Record<string, string>
  /** Files added to the base commit too (path → content). */
  baseExtra?: Record<string, string>
  /** Leave the branch's changes uncommitted in the working tree. */
  uncommitted?: boolean
}

/** A repository with `main` (the base) and `feature` checked out (the pull request). */
export function makeRepo(tmp: TempDirs, spec: RepoSpec = {}): string {
  const repo = tmp.dir('repo')
  git(repo, 'init', '-q', '-b', 'main')
  cpSync(path.join(fixtures, 'base'), repo, { recursive: true })
  write(repo, spec.baseExtra ?? {})
  git(repo, 'add', '-A')
  git(repo, 'commit', '-q', '-m', 'base')
  git(repo, 'checkout', '-q', '-b', 'feature')
  for (const file of spec.pr ?? PR_FILES)
    write(repo, { [file]: readFileSync(path.join(fixtures, 'pr', file), 'utf8') })
  write(repo, spec.extra ?? {})
  if (!spec.uncommitted) {
    git(repo, 'add', '-A')
    git(repo, 'commit', '-q', '-m', 'pull request')
  }
  return repo
}

export function write(repo: string, files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true })
    writeFileSync(path.join(repo, file), content)
  }
}
