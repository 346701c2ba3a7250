/**
 * Paths that must stay inside a folder (issue 27 item 2): a pull request's `.celgate.yaml` is
 * written by the PR's author, so the files it names are checked against the workspace after
 * symbolic links are resolved, as the kernel would resolve them when the file is opened.
 */
import { realpathSync } from 'node:fs'
import path from 'node:path'

/** Whether `target` is `folder` or below it (both absolute and already resolved). */
export function isInside(folder: string, target: string): boolean {
  const rel = path.relative(folder, target)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

/**
 * The real path `file` has or would have: the deepest ancestor that exists with its links
 * resolved, and the rest of the path (still to be created) appended. A link that exists but
 * dangles counts as missing here; it is followed by the write, so it is resolved through its
 * parent, which is where such a link is read from.
 */
export function resolvedPath(file: string): string {
  const absolute = path.resolve(file)
  const rest: string[] = []
  let current = absolute
  for (;;) {
    try {
      return path.join(realpathSync.native(current), rest.reverse().join(path.sep))
    } catch {
      const parent = path.dirname(current)
      if (parent === current) return absolute
      rest.push(path.basename(current))
      current = parent
    }
  }
}

/** The resolved path of `file` when it lies outside `folder` (resolved too), else undefined. */
export function outsideOf(folder: string, file: string): string | undefined {
  const target = resolvedPath(file)
  return isInside(resolvedPath(folder), target) ? undefined : target
}

/**
 * Why a glob could match files outside the folder it is run in, or undefined: an absolute
 * pattern, or a `..` segment (also inside braces or after an escape: fast-glob expands
 * `{..,x}` and micromatch reads `\.` as `.`).
 */
export function globEscape(pattern: string): string | undefined {
  const text = pattern.trim().replace(/^!+/, '').replace(/\\(.)/g, '$1')
  if (path.posix.isAbsolute(text) || path.win32.isAbsolute(text)) return 'it is an absolute path'
  if (text.split(/[/{},|()]/).some((segment) => segment.trim() === '..'))
    return "it climbs out with '..'"
  return undefined
}
