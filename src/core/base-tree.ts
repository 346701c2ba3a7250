/**
 * The files of the merge base, read from git into memory, never written to disk (issue 28): the
 * comparison takes the head's results for the files the pull request left alone, so it needs
 * the base's list of files and the bytes of the few it changed. Git alone provides them, without
 * a second checkout or touching the index:
 *
 * 1. `git merge-base <ref> HEAD` (GitRevision, shared with the custom-resource updates);
 * 2. `git ls-tree -r -z -l <commit> -- <root>` lists the revision's files under the root;
 * 3. the user's globs select among them through fast-glob itself, run over that listing as a
 *    read-only file system, so the selection is the one discovery makes on the working tree;
 *    a selected symbolic link stands for the file it points to (inside the root), as discovery
 *    reports it;
 * 4. one `git cat-file --batch` streams the bytes of the files asked for.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import fg from 'fast-glob'
import { GitRevision } from '../workspace/git-base.js'
import { DEFAULT_PATHS, excludeGlobs, toPosix } from '../workspace/discover.js'

export interface BaseTreeRequest {
  /** The repository root (where `.git` is). */
  repoRoot: string
  /** The scanned root on the head, inside repoRoot. */
  root: string
  /** The ref whose merge base with HEAD to read (`origin/main`, a commit). */
  ref: string
  paths: readonly string[]
  exclude: readonly string[]
  maxFileSize: number
}

/** One file discovery would find at the merge base. */
export interface BaseFile {
  /** Repository-relative, forward slashes; for a link, the file it points to (as discovery). */
  file: string
  size: number
  /** The bytes, for the files asked for that are within max-file-size. */
  content?: Uint8Array
}

export interface BaseTree {
  ref: string
  /** The merge-base commit. */
  commit: string
  /** In path order, as discovery sorts them. */
  files: BaseFile[]
}

/** One file of the revision, from `git ls-tree`. */
interface TreeEntry {
  /** Repository-relative, forward slashes. */
  file: string
  kind: 'file' | 'link'
  oid: string
  size: number
}

/** How many links in a row are followed (discovery's realpath follows more; repositories don't). */
const MAX_LINK_HOPS = 8

/**
 * Lists the files of the merge base of `ref` that discovery would select, with the bytes of
 * those `wanted` says it needs; or says why it cannot.
 */
export async function readBaseTree(
  request: BaseTreeRequest,
  wanted: (file: string) => boolean
): Promise<BaseTree | { error: string }> {
  const revision = GitRevision.mergeBase(request.repoRoot, request.ref)
  if (!(revision instanceof GitRevision)) {
    const shallow = await isShallow(request.repoRoot)
    return {
      error: shallow
        ? `${revision.error}. This is a shallow clone: fetch the history of the base (e.g. \`fetch-depth: 0\` in actions/checkout) to compare with it`
        : revision.error
    }
  }
  const prefix = toPosix(path.relative(request.repoRoot, request.root))
  if (prefix.startsWith('..') || path.isAbsolute(prefix))
    return { error: `${request.root} is not inside the repository ${request.repoRoot}` }

  let entries: TreeEntry[]
  try {
    entries = await listTree(request.repoRoot, revision.commit, prefix)
  } catch (err) {
    return { error: `cannot list the files of ${revision.commit}: ${message(err)}` }
  }
  const all = new Map(entries.map((e) => [e.file, e]))
  const files = new Map<string, TreeEntry>()
  const selected = selectEntries(entries, prefix, request)
  let targets: TreeEntry[]
  try {
    targets = await linkTargets(
      request.repoRoot,
      selected.filter((e) => e.kind === 'link'),
      all,
      prefix
    )
  } catch (err) {
    return { error: `cannot read the links of ${revision.commit}: ${message(err)}` }
  }
  for (const e of selected) if (e.kind === 'file') files.set(e.file, e)
  for (const e of targets) files.set(e.file, e)
  const sorted = [...files.values()].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : 0
  )
  const read = sorted.filter((e) => e.size <= request.maxFileSize && wanted(e.file))
  const contents = new Map<string, Buffer>()
  try {
    await readBlobs(request.repoRoot, [...new Set(read.map((e) => e.oid))], (oid, content) =>
      contents.set(oid, content)
    )
  } catch (err) {
    return { error: `cannot read the files of ${revision.commit}: ${message(err)}` }
  }
  const asked = new Set(read)
  return {
    ref: request.ref,
    commit: revision.commit,
    files: sorted.map((e) => {
      const content = asked.has(e) ? contents.get(e.oid) : undefined
      return { file: e.file, size: e.size, ...(content ? { content } : {}) }
    })
  }
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err))

async function isShallow(repoRoot: string): Promise<boolean> {
  try {
    const out = await runGit(repoRoot, ['rev-parse', '--is-shallow-repository'])
    return out.toString('utf8').trim() === 'true'
  } catch {
    return false
  }
}

/**
 * Regular files and symbolic links of `commit` under `prefix` (submodules, mode 160000, hold no
 * content here: the head's walk leaves them out too, walk-problems.ts).
 */
async function listTree(repoRoot: string, commit: string, prefix: string): Promise<TreeEntry[]> {
  const args = ['ls-tree', '-r', '-z', '-l', commit]
  if (prefix !== '') args.push('--', `${prefix}/`)
  const out = (await runGit(repoRoot, args)).toString('utf8')
  const entries: TreeEntry[] = []
  for (const record of out.split('\0')) {
    // `<mode> SP <type> SP <object> SP+ <size> TAB <path>`
    const tab = record.indexOf('\t')
    if (tab < 0) continue
    const [mode, type, oid, size] = record.slice(0, tab).split(/ +/)
    if (type !== 'blob' || oid === undefined) continue
    const kind =
      mode === '120000' ? 'link' : mode === '100644' || mode === '100755' ? 'file' : undefined
    if (!kind) continue
    entries.push({ file: record.slice(tab + 1), kind, oid, size: Number(size) || 0 })
  }
  return entries
}

/** The entries the globs select, as discovery would select them on the working tree. */
function selectEntries(
  entries: readonly TreeEntry[],
  prefix: string,
  request: BaseTreeRequest
): TreeEntry[] {
  const strip = prefix === '' ? 0 : prefix.length + 1
  const byRelative = new Map(entries.map((e) => [e.file.slice(strip), e]))
  const cwd = path.resolve(request.root)
  const matched = fg.sync(request.paths.length > 0 ? [...request.paths] : DEFAULT_PATHS, {
    cwd,
    dot: true,
    ignore: excludeGlobs(request.exclude),
    followSymbolicLinks: false,
    onlyFiles: false,
    suppressErrors: true,
    fs: treeFileSystem(cwd, byRelative)
  })
  return matched.flatMap((rel) => {
    const entry = byRelative.get(rel)
    return entry ? [entry] : []
  })
}

/**
 * The regular files the links lead to, a few hops deep, when they stay inside the scanned root
 * (discovery reads no link out of it, nor one to a folder). Each hop reads the links' texts in
 * one stream.
 */
async function linkTargets(
  repoRoot: string,
  links: readonly TreeEntry[],
  all: ReadonlyMap<string, TreeEntry>,
  prefix: string
): Promise<TreeEntry[]> {
  const targets: TreeEntry[] = []
  let round = links
  for (let hop = 0; round.length > 0 && hop < MAX_LINK_HOPS; hop++) {
    const texts = new Map<string, string>()
    await readBlobs(repoRoot, [...new Set(round.map((l) => l.oid))], (oid, content) =>
      texts.set(oid, content.toString('utf8'))
    )
    const next: TreeEntry[] = []
    for (const link of round) {
      const text = texts.get(link.oid) ?? ''
      if (text === '' || path.posix.isAbsolute(text)) continue
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(link.file), text))
      const inside =
        !resolved.startsWith('../') && (prefix === '' || resolved.startsWith(`${prefix}/`))
      const at = inside ? all.get(resolved) : undefined
      if (at?.kind === 'file') targets.push(at)
      else if (at?.kind === 'link') next.push(at)
    }
    round = next
  }
  return targets
}

// ---------------------------------------------------------------------------------------------
// git

/** Runs git and returns its stdout; rejects with the first line of stderr. */
function runGit(cwd: string, args: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out))
      else reject(new Error(err.trim().split('\n')[0] || `git ${args[0]} exited with ${code}`))
    })
  })
}

/**
 * Streams blobs through one `git cat-file --batch`: each answer is `<oid> blob <size>\n`, the
 * content, `\n` (or `<oid> missing\n`), in the order asked.
 */
function readBlobs(
  cwd: string,
  oids: readonly string[],
  onBlob: (oid: string, content: Buffer) => void
): Promise<void> {
  if (oids.length === 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] })
    const queue = new ByteQueue()
    let body: { oid: string; size: number } | undefined
    let failure: Error | undefined
    let err = ''
    const drain = (): void => {
      for (;;) {
        if (body) {
          if (queue.length < body.size + 1) return
          const content = queue.take(body.size)
          queue.take(1)
          const { oid } = body
          body = undefined
          onBlob(oid, content)
          continue
        }
        const newline = queue.indexOf(0x0a)
        if (newline < 0) return
        const header = queue
          .take(newline + 1)
          .toString('utf8')
          .trim()
        const [oid, type, size] = header.split(' ')
        if (type === 'missing' || oid === undefined) continue
        body = { oid, size: Number(size) }
      }
    }
    child.stdout.on('data', (d: Buffer) => {
      if (failure) return
      queue.push(d)
      try {
        drain()
      } catch (e) {
        failure = e instanceof Error ? e : new Error(String(e))
        child.kill()
      }
    })
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.stdin.on('error', () => undefined) // git exiting early: reported by its exit code
    child.on('error', reject)
    child.on('close', (code) => {
      if (failure) reject(failure)
      else if (code === 0) resolve()
      else reject(new Error(err.trim().split('\n')[0] || `git cat-file exited with ${code}`))
    })
    child.stdin.end(`${oids.join('\n')}\n`)
  })
}

/** Received chunks, taken from the front without copying more than what is taken. */
class ByteQueue {
  private chunks: Buffer[] = []
  length = 0

  push(chunk: Buffer): void {
    this.chunks.push(chunk)
    this.length += chunk.length
  }

  indexOf(byte: number): number {
    let offset = 0
    for (const chunk of this.chunks) {
      const at = chunk.indexOf(byte)
      if (at >= 0) return offset + at
      offset += chunk.length
    }
    return -1
  }

  take(n: number): Buffer {
    const parts: Buffer[] = []
    let need = n
    while (need > 0) {
      const head = this.chunks[0]!
      if (head.length <= need) {
        parts.push(head)
        this.chunks.shift()
        need -= head.length
      } else {
        parts.push(head.subarray(0, need))
        this.chunks[0] = head.subarray(need)
        need = 0
      }
    }
    this.length -= n
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, n)
  }
}

// ---------------------------------------------------------------------------------------------
// The listing as a read-only file system for fast-glob

interface TreeDirent {
  name: string
  isFile(): boolean
  isDirectory(): boolean
  isSymbolicLink(): boolean
  isBlockDevice(): boolean
  isCharacterDevice(): boolean
  isFIFO(): boolean
  isSocket(): boolean
}

type NodeKind = 'dir' | 'file' | 'link'

function dirent(name: string, kind: NodeKind): TreeDirent {
  return {
    name,
    isFile: () => kind === 'file',
    isDirectory: () => kind === 'dir',
    isSymbolicLink: () => kind === 'link',
    isBlockDevice: () => false,
    isCharacterDevice: () => false,
    isFIFO: () => false,
    isSocket: () => false
  }
}

function notFound(p: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOENT: no such file or directory, '${p}'`), {
    code: 'ENOENT',
    path: p
  })
}

/**
 * fast-glob's file-system hooks (readdir, stat, lstat, sync and callback forms) answered from
 * the listing: folders are implied by the files' paths. Nothing on disk is read.
 */
function treeFileSystem(
  cwd: string,
  entries: ReadonlyMap<string, TreeEntry>
): Partial<fg.FileSystemAdapter> {
  const folders = new Map<string, Map<string, NodeKind>>([['', new Map()]])
  for (const [rel, entry] of entries) {
    const parts = rel.split('/')
    let parent = ''
    for (let i = 0; i < parts.length; i++) {
      const name = parts[i]!
      const here = parent === '' ? name : `${parent}/${name}`
      const last = i === parts.length - 1
      folders.get(parent)!.set(name, last ? entry.kind : 'dir')
      if (!last && !folders.has(here)) folders.set(here, new Map())
      parent = here
    }
  }
  const relative = (p: string): string | undefined => {
    const rel = toPosix(path.relative(cwd, path.resolve(cwd, p)))
    return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel
  }
  const kindOf = (p: string): NodeKind | undefined => {
    const rel = relative(p)
    if (rel === undefined) return undefined
    if (folders.has(rel)) return 'dir'
    const slash = rel.lastIndexOf('/')
    return folders.get(slash < 0 ? '' : rel.slice(0, slash))?.get(rel.slice(slash + 1))
  }
  const statSync = (p: string): ReturnType<typeof statOf> => {
    const kind = kindOf(p)
    if (!kind) throw notFound(p)
    return statOf(kind)
  }
  const readdirSync = (p: string, options?: { withFileTypes?: boolean }): unknown => {
    const rel = relative(p)
    const folder = rel === undefined ? undefined : folders.get(rel)
    if (!folder) throw notFound(p)
    const names = [...folder.keys()].sort()
    return options?.withFileTypes ? names.map((n) => dirent(n, folder.get(n)!)) : names
  }
  const callback =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: [...A, (err: NodeJS.ErrnoException | null, value?: R) => void]): void => {
      const done = args.pop() as (err: NodeJS.ErrnoException | null, value?: R) => void
      let value: R
      try {
        // eslint-disable-next-line no-restricted-syntax -- forwards fs's own arguments, a handful
        value = fn(...(args as unknown as A))
      } catch (err) {
        process.nextTick(() => done(err as NodeJS.ErrnoException))
        return
      }
      process.nextTick(() => done(null, value))
    }
  return {
    lstatSync: statSync,
    statSync,
    lstat: callback(statSync),
    stat: callback(statSync),
    readdirSync: readdirSync,
    readdir: callback(readdirSync)
  } as unknown as Partial<fg.FileSystemAdapter>
}

function statOf(kind: NodeKind): TreeDirent & { size: number; mode: number } {
  return { ...dirent('', kind), size: 0, mode: kind === 'dir' ? 0o40755 : 0o100644 }
}
