/**
 * Paths that must stay inside a folder (issue 27 item 2): a pull request's `.celgate.yaml` is
 * written by the PR's author, so the files it names are checked against the workspace after
 * symbolic links are resolved, as the kernel would resolve them when the file is opened.
 */
import { readlinkSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { isInside } from '../workspace/discover.js'

/** How many links the kernel follows before it gives up with ELOOP (Linux's MAXSYMLINKS). */
const MAX_LINK_HOPS = 40

/**
 * The real path `file` has or would have: the deepest ancestor that exists with its links
 * resolved, and the rest of the path (still to be created) appended. A link that exists but
 * dangles is followed by a write, which creates its target: so its target is resolved in its
 * place (`out.sarif -> /elsewhere/x` is `/elsewhere/x`, not the link's own folder).
 */
export function resolvedPath(file: string): string {
  let absolute = path.resolve(file)
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    const missing: string[] = []
    let current = absolute
    let linkTarget: string | undefined
    for (;;) {
      try {
        return path.join(realpathSync.native(current), missing.reverse().join(path.sep))
      } catch {
        linkTarget = danglingLinkTarget(current)
        if (linkTarget !== undefined) break
        const parent = path.dirname(current)
        if (parent === current) return absolute
        missing.push(path.basename(current))
        current = parent
      }
    }
    absolute = path.resolve(path.dirname(current), linkTarget, missing.reverse().join(path.sep))
  }
  // A loop of links: opening the file fails (ELOOP), so nothing is read or written there.
  return absolute
}

function danglingLinkTarget(file: string): string | undefined {
  try {
    return readlinkSync(file)
  } catch {
    return undefined
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
