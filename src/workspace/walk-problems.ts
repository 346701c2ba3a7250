/**
 * What the walk over the repository meets and cannot read: folders it cannot list, links to
 * nothing or to themselves, named pipes, sockets and devices, and submodules it leaves out.
 * Each becomes a finding at its path (the README's promise: nothing is silently dropped).
 * fast-glob skips an unlistable folder without a word (suppressErrors), so the walk is given
 * file-system functions that note them.
 */
import { lstatSync, readdirSync, readlinkSync } from 'node:fs'
import type { Dirent, Stats } from 'node:fs'
import path from 'node:path'
import type fg from 'fast-glob'
import type { Finding } from '../findings/model.js'
import { makeFinding } from '../findings/make.js'

/** What the walk noted, filled in while it runs. */
export interface WalkProblems {
  unlisted: UnlistedFolder[]
  /** Absolute paths of the folders holding a `.git` of their own, which were not walked. */
  submodules: string[]
}

export interface UnlistedFolder {
  /** Absolute path. */
  folder: string
  code: string
  message: string
}

/**
 * fast-glob's file-system functions for a walk from `root`, noting into `problems` every folder
 * it cannot list or step into, and every submodule: a folder below `root` holding a `.git` (a
 * file for a submodule, a folder for a repository of its own) is listed as empty, so the walk
 * leaves it out. The base commit's tree holds only a submodule's commit, not its files
 * (base-tree.ts lists blobs), so its findings would all count as new.
 *
 * A folder that vanished (ENOENT), e.g. the missing base of a pattern such as `deploy/**`, is
 * no problem of the repository: a pattern that matches nothing is reported as such
 * (empty-globs.ts).
 */
export function noticingFs(root: string, problems: WalkProblems): Partial<fg.FileSystemAdapter> {
  const note = (folder: string, err: unknown): void => {
    const e = err as NodeJS.ErrnoException
    if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return
    problems.unlisted.push({ folder, code: e.code ?? 'unknown', message: e.message })
  }
  const readdir = ((folder: string, options?: { withFileTypes?: boolean }) => {
    let entries: Array<Dirent | string>
    try {
      entries = options?.withFileTypes
        ? readdirSync(folder, { withFileTypes: true })
        : readdirSync(folder)
    } catch (err) {
      note(folder, err)
      throw err
    }
    if (folder !== root && entries.some((e) => (typeof e === 'string' ? e : e.name) === '.git')) {
      problems.submodules.push(folder)
      return []
    }
    return entries
  }) as (folder: string, options?: { withFileTypes?: boolean }) => Dirent[] & string[]
  // A static pattern (`deploy/crds/app.yaml`) is looked up, not listed: a folder on its way that
  // cannot be entered fails the lookup with EACCES.
  const lstat = ((p: string) => {
    try {
      return lstatSync(p)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EACCES') note(path.dirname(p), err)
      throw err
    }
  }) as (p: string) => Stats
  return { readdirSync: readdir, lstatSync: lstat }
}

/** A folder the walk could not list: the files in it are not checked. */
export function unlistedFolderFinding(file: string, unlisted: UnlistedFolder): Finding {
  const why = unlisted.code === 'EACCES' ? 'permission denied' : unlisted.message
  return makeFinding(
    'workspace/unreadable-folder',
    { file },
    `The folder cannot be read (${why}); the files in it are not checked. Give the job read access to it, or exclude it.`
  )
}

/** A link that leads nowhere: its target is missing, or the chain of links loops. */
export function brokenLinkFinding(file: string, absolutePath: string, err: unknown): Finding {
  const code = (err as NodeJS.ErrnoException).code
  let target = ''
  try {
    target = readlinkSync(absolutePath)
  } catch {
    // Unreadable link: the message goes without its target.
  }
  const to = target ? ` (to ${target})` : ''
  const message =
    code === 'ELOOP'
      ? `The link${to} is part of a loop of links and leads to no file; it is not read.`
      : code === 'ENOENT' || code === 'ENOTDIR'
        ? `The link${to} points to a path that does not exist; it is not read.`
        : `The link${to} cannot be followed (${code ?? String(err)}); it is not read.`
  return makeFinding('workspace/broken-symlink', { file }, message)
}

/** What fs.Stats and a directory entry (fs.Dirent, fast-glob's own) tell of a path's type. */
type FileType = Pick<Stats, 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>

/** What a matched path is when it is no regular file, or undefined when it is one (or a folder). */
export function specialFileKind(stat: FileType): string | undefined {
  if (stat.isFIFO()) return 'a named pipe (FIFO)'
  if (stat.isSocket()) return 'a socket'
  if (stat.isCharacterDevice()) return 'a character device'
  if (stat.isBlockDevice()) return 'a block device'
  return undefined
}

/** A matched name that is a pipe, socket or device: never opened (a pipe would block the run). */
export function specialFileFinding(file: string, kind: string, viaLink: boolean): Finding {
  return makeFinding(
    'workspace/not-a-regular-file',
    { file },
    `The path ${viaLink ? 'is a link to' : 'is'} ${kind}, not a regular file; it is not read.`
  )
}

/** A submodule (or a repository of its own) inside the scanned folder, left out of the scan. */
export function submoduleFinding(file: string): Finding {
  return makeFinding(
    'workspace/submodule',
    { file },
    "The folder is a git submodule (it holds a `.git` of its own); its files are not checked, since the base commit records only the submodule's commit and every finding in it would count as new. Check it in its own repository."
  )
}
