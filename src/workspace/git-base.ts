/**
 * Read-only access to the merge base of the checked-out branch and a base ref, so that a
 * changed object can be validated as an UPDATE from its earlier version (issue 5 item 3).
 * Uses the `git` command line; every failure is a message, never an exception.
 */
import { execFileSync } from 'node:child_process'
import { manifestText } from './text-encoding.js'

const GIT_TIMEOUT_MS = 30_000
const MAX_FILE_BYTES = 64 * 1024 * 1024

/** Git's standard output as bytes: file contents are decoded as the loader decodes them. */
function git(repoRoot: string, args: string[]): { out: Buffer } | { error: string } {
  try {
    const out = execFileSync('git', args, {
      cwd: repoRoot,
      encoding: 'buffer',
      timeout: GIT_TIMEOUT_MS,
      maxBuffer: MAX_FILE_BYTES,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    return { out }
  } catch (err) {
    const stderr = (err as { stderr?: unknown }).stderr
    const message = stderr instanceof Buffer ? stderr.toString('utf8').trim() : ''
    const text = message !== '' ? message : String(err)
    return { error: text.split('\n')[0]! }
  }
}

/** The files of one revision of the repository, read on demand and cached. */
export class GitRevision {
  private readonly files = new Map<string, string | undefined>()

  private constructor(
    readonly repoRoot: string,
    /** The ref the user gave (`origin/main`). */
    readonly ref: string,
    /** The merge-base commit of that ref and HEAD. */
    readonly commit: string
  ) {}

  /**
   * The merge base of `ref` and HEAD in the repository at `repoRoot`, or why there is none
   * (not a git repository, unknown ref, shallow clone without the base).
   */
  static mergeBase(repoRoot: string, ref: string): GitRevision | { error: string } {
    if (ref.startsWith('-')) return { error: `invalid base ref '${ref}'` }
    const got = git(repoRoot, ['merge-base', ref, 'HEAD'])
    if ('error' in got)
      return { error: `cannot find the merge base of ${ref} and HEAD: ${got.error}` }
    const commit = got.out.toString('utf8').trim()
    if (!/^[0-9a-f]{7,64}$/.test(commit))
      return { error: `cannot find the merge base of ${ref} and HEAD` }
    return new GitRevision(repoRoot, ref, commit)
  }

  /** The text of `file` (repository-relative, forward slashes) at this revision, if it existed. */
  read(file: string): string | undefined {
    if (this.files.has(file)) return this.files.get(file)
    const got = file.startsWith('-')
      ? undefined
      : git(this.repoRoot, ['show', `${this.commit}:${file}`])
    const text = got && 'out' in got ? manifestText(got.out) : undefined
    this.files.set(file, text)
    return text
  }

  /**
   * The files of the working tree that differ from this revision (repository-relative, forward
   * slashes): changed, added or untracked; undefined when git cannot tell. A file not in it has
   * the same text as at this revision.
   */
  changedFiles(): Set<string> | undefined {
    const tracked = git(this.repoRoot, ['diff', '--name-only', '-z', '--no-renames', this.commit])
    const untracked = git(this.repoRoot, ['ls-files', '--others', '--exclude-standard', '-z'])
    if ('error' in tracked || 'error' in untracked) return undefined
    const files = new Set<string>()
    for (const out of [tracked.out, untracked.out])
      for (const f of out.toString('utf8').split('\0')) if (f !== '') files.add(f)
    return files
  }

  /**
   * The files under `folder` (repository-relative, forward slashes; '' for the whole tree) whose
   * text at this revision contains `text` literally, in path order; [] when none does or git
   * cannot search (`git grep` exits 1 when nothing matches).
   */
  filesContaining(text: string, folder = ''): string[] {
    if (text === '' || folder.startsWith('-')) return []
    const got = git(this.repoRoot, [
      'grep',
      '-l',
      '-z',
      '-I',
      '-F',
      '--no-color',
      '-e',
      text,
      this.commit,
      '--',
      folder === '' ? '.' : folder
    ])
    if ('error' in got) return []
    const prefix = `${this.commit}:`
    return got.out
      .toString('utf8')
      .split('\0')
      .filter((f) => f !== '')
      .map((f) => (f.startsWith(prefix) ? f.slice(prefix.length) : f))
  }
}
