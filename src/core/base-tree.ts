/**
 * The files of the merge base, laid out in a temporary folder exactly where they sit in the
 * repository, so that the same `check()` reads them (issue 9 item 1). Git alone provides them,
 * without a second checkout or touching the index:
 *
 * 1. `git merge-base <ref> HEAD` (GitRevision, shared with the custom-resource updates);
 * 2. `git ls-tree -r -z -l <commit> -- <root>` lists the revision's files under the root;
 * 3. the user's globs select among them through fast-glob itself, run over that listing as a
 *    read-only file system, so the selection is the one discovery makes on the working tree;
 * 4. `git cat-file --batch` streams the selected blobs into the folder.
 *
 * A file larger than max-file-size is written as a sparse file of its size, so the base reports
 * it as too large too, without reading it. Symbolic links are recreated, with the files they
 * point to. The folder gets an empty `.git` so that discovery takes it as the repository root and
 * reports the same repository-relative paths as on the head.
 */
import { spawn } from 'node:child_process'
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import os from 'node:os'
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

export interface BaseTree {
  ref: string
  /** The merge-base commit. */
  commit: string
  /** The temporary folder standing for the repository root. */
  dir: string
  /** The scanned root inside it, at the same relative place as on the head. */
  root: string
  /** Files (and links) written. */
  files: number
  /** Removes the folder. */
  dispose(): void
}

/** One file of the revision, from `git ls-tree`. */
interface TreeEntry {
  /** Repository-relative, forward slashes. */
  file: string
  kind: 'file' | 'link'
  oid: string
  size: number
}

/** Reads the merge base of `ref` into a temporary folder, or says why it cannot. */
export async function materializeBaseTree(
  request: BaseTreeRequest
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
  const submodules: string[] = []
  try {
    entries = await listTree(request.repoRoot, revision.commit, prefix, submodules)
  } catch (err) {
    return { error: `cannot list the files of ${revision.commit}: ${message(err)}` }
  }
  const selected = selectEntries(entries, prefix, request)

  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'celgate-base-')))
  const dispose = (): void => rmSync(dir, { recursive: true, force: true })
  try {
    // Discovery stops at the first folder holding `.git`: this one, as on the head.
    mkdirSync(path.join(dir, '.git'))
    const root = path.join(dir, prefix)
    mkdirSync(root, { recursive: true })
    const all = new Map(entries.map((e) => [e.file, e]))
    const files = await writeEntries(request.repoRoot, dir, selected, all, request.maxFileSize)
    markSubmodules(dir, submodules)
    return { ref: request.ref, commit: revision.commit, dir, root, files, dispose }
  } catch (err) {
    dispose()
    return { error: `cannot read the files of ${revision.commit}: ${message(err)}` }
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
 * Regular files and symbolic links of `commit` under `prefix`; the paths of its submodules
 * (gitlinks, mode 160000: a commit, no content here) go to `submodules`.
 */
async function listTree(
  repoRoot: string,
  commit: string,
  prefix: string,
  submodules: string[]
): Promise<TreeEntry[]> {
  const args = ['ls-tree', '-r', '-z', '-l', commit]
  if (prefix !== '') args.push('--', `${prefix}/`)
  const out = (await runGit(repoRoot, args)).toString('utf8')
  const entries: TreeEntry[] = []
  for (const record of out.split('\0')) {
    // `<mode> SP <type> SP <object> SP+ <size> TAB <path>`
    const tab = record.indexOf('\t')
    if (tab < 0) continue
    const [mode, type, oid, size] = record.slice(0, tab).split(/ +/)
    if (mode === '160000' && type === 'commit') submodules.push(record.slice(tab + 1))
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
 * Writes the entries under `dir`. Links are recreated with their target text; the files they
 * point to are written too (discovery follows links that stay inside the root), a few hops deep.
 */
async function writeEntries(
  repoRoot: string,
  dir: string,
  selected: readonly TreeEntry[],
  all: ReadonlyMap<string, TreeEntry>,
  maxFileSize: number
): Promise<number> {
  const written = new Set<string>()
  const folders = new Set<string>()
  const folderFor = (file: string): void => {
    const parent = path.dirname(file)
    if (folders.has(parent)) return
    mkdirSync(parent, { recursive: true })
    folders.add(parent)
  }
  let round = selected.filter((e) => !written.has(e.file))
  for (let hop = 0; round.length > 0 && hop < 8; hop++) {
    for (const e of round) written.add(e.file)
    const targets: TreeEntry[] = []
    const fetch = round.filter((e) => e.kind === 'link' || e.size <= maxFileSize)
    for (const e of round)
      if (e.kind === 'file' && e.size > maxFileSize) {
        folderFor(destination(dir, e.file))
        writeSparse(destination(dir, e.file), e.size)
      }
    const byOid = new Map<string, TreeEntry[]>()
    for (const e of fetch) byOid.set(e.oid, [...(byOid.get(e.oid) ?? []), e])
    await readBlobs(repoRoot, [...byOid.keys()], (oid, content) => {
      for (const e of byOid.get(oid) ?? []) {
        const file = destination(dir, e.file)
        folderFor(file)
        if (e.kind === 'file') {
          writeFileSync(file, content)
          continue
        }
        const target = content.toString('utf8')
        symlinkSync(target, file)
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(e.file), target))
        const pointed = all.get(resolved)
        if (pointed && !written.has(pointed.file)) targets.push(pointed)
      }
    })
    round = targets.filter((e, i) => targets.indexOf(e) === i && !written.has(e.file))
  }
  return written.size
}

/**
 * Each submodule as an empty folder with a `.git` file, as `git submodule` leaves it on the head:
 * discovery leaves it out with the same notice at the base as on the head (walk-problems.ts).
 */
function markSubmodules(dir: string, submodules: readonly string[]): void {
  for (const folder of submodules) {
    const at = destination(dir, folder)
    mkdirSync(at, { recursive: true })
    writeFileSync(path.join(at, '.git'), 'gitdir: (a submodule of the base commit)\n')
  }
}

function destination(dir: string, file: string): string {
  return path.join(dir, file)
}

/** A file of `size` bytes that takes no disk space: discovery only looks at its size. */
function writeSparse(file: string, size: number): void {
  const fd = openSync(file, 'w')
  try {
    ftruncateSync(fd, size)
  } finally {
    closeSync(fd)
  }
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
