/**
 * Which `paths` globs match no file. A renamed folder or a typo in a glob would otherwise make
 * the gate pass while checking nothing.
 */
import type { Readable } from 'node:stream'
import fg from 'fast-glob'
import { excludeGlobs } from './discover.js'

/**
 * The globs of `globs` that match no file (folders do not count) under `root`, after `exclude`.
 * `filesFound` is what discovery found for all of them together: with none, every glob matched
 * nothing, and with one glob the answer is plain. Otherwise each glob is walked again, but only
 * until its first file.
 */
export async function globsMatchingNothing(
  root: string,
  globs: readonly string[],
  exclude: readonly string[],
  filesFound: number
): Promise<string[]> {
  if (filesFound === 0) return [...globs]
  if (globs.length === 1) return []
  const empty: string[] = []
  for (const glob of globs) if (!(await matchesAFile(root, glob, exclude))) empty.push(glob)
  return empty
}

/** Whether `glob` matches a file (or a link) under `root`: the walk stops at the first one. */
async function matchesAFile(
  root: string,
  glob: string,
  exclude: readonly string[]
): Promise<boolean> {
  const stream = fg.stream(glob, {
    cwd: root,
    dot: true,
    ignore: excludeGlobs(exclude),
    followSymbolicLinks: false,
    onlyFiles: false,
    objectMode: true,
    suppressErrors: true
  }) as Readable
  try {
    for await (const entry of stream as AsyncIterable<fg.Entry>)
      if (!entry.dirent.isDirectory()) return true
    return false
  } finally {
    stream.destroy()
  }
}
