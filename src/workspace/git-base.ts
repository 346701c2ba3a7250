/**
 * Read-only access to the merge base of the checked-out branch and a base ref, so that a
 * changed object can be validated as an UPDATE from its earlier version (issue 5 item 3).
 * Uses the `git` command line; every failure is a message, never an exception.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
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
  /** changedFiles(), listed once per revision: null when git cannot tell. */
  private changed: Set<string> | null | undefined
  /** The regular files of this revision (repository-relative), listed once. */
  private regularFiles: Set<string> | null | undefined

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
    const text = this.unchanged(file) ? this.readWorkingTree(file) : this.show(file)
    this.files.set(file, text)
    return text
  }

  private show(file: string): string | undefined {
    if (file.startsWith('-')) return undefined
    const got = git(this.repoRoot, ['show', `${this.commit}:${file}`])
    return 'out' in got ? manifestText(got.out) : undefined
  }

  /**
   * A file git says the working tree has as at this revision is read from the disk: one
   * `git show` process per file read cost a pull request's check hundreds of processes (issue
   * 28), for texts the head has anyway. Symbolic links are left to `git show` (their text at
   * the revision is the link's target).
   */
  private readWorkingTree(file: string): string | undefined {
    try {
      const bytes = readFileSync(path.join(this.repoRoot, file))
      // As `git show` fails past its buffer.
      return bytes.length <= MAX_FILE_BYTES ? manifestText(bytes) : undefined
    } catch {
      return this.show(file)
    }
  }

  /**
   * Whether `file` (repository-relative, forward slashes) is a regular file of this revision
   * that the working tree has unchanged (git's comparison: line-ending conversions and other
   * filters applied); false when git cannot tell.
   */
  unchanged(file: string): boolean {
    const changed = this.changedFiles()
    if (this.regularFiles === undefined) this.regularFiles = this.listRegularFiles()
    return (
      changed !== undefined &&
      this.regularFiles !== null &&
      this.regularFiles.has(file) &&
      !changed.has(file)
    )
  }

  /** `git ls-tree -r -z <commit>`: the paths of modes 100644 and 100755; null on failure. */
  private listRegularFiles(): Set<string> | null {
    const got = git(this.repoRoot, ['ls-tree', '-r', '-z', '--full-tree', this.commit])
    if ('error' in got) return null
    const files = new Set<string>()
    for (const record of got.out.toString('utf8').split('\0')) {
      // `<mode> SP <type> SP <object> TAB <path>`
      const tab = record.indexOf('\t')
      if (tab < 0) continue
      const mode = record.slice(0, record.indexOf(' '))
      if (mode === '100644' || mode === '100755') files.add(record.slice(tab + 1))
    }
    return files
  }

  /**
   * The files of the working tree that differ from this revision (repository-relative, forward
   * slashes): changed, added or untracked; undefined when git cannot tell. A file not in it has
   * the same text as at this revision.
   */
  changedFiles(): Set<string> | undefined {
    if (this.changed === undefined) this.changed = this.listChangedFiles() ?? null
    return this.changed ?? undefined
  }

  private listChangedFiles(): Set<string> | undefined {
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
