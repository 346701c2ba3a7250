/**
 * Finds the manifest files to check: fast-glob over the `paths` globs minus `exclude`, with
 * dot-folders included (Kyverno keeps tests in `.kyverno-test/` and `.chainsaw-test/`) and no
 * symbolic link followed out of the scanned root.
 */
import { existsSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import fg from 'fast-glob'
import type { Finding } from '../findings/model.js'
import { makeFinding } from '../findings/make.js'

export const DEFAULT_PATHS = ['**/*.yaml', '**/*.yml', '**/*.json']
export const DEFAULT_EXCLUDE = ['node_modules', '.git', 'vendor']

export interface DiscoveredFile {
  /** Absolute path of the file to read (symlinks resolved). */
  absolutePath: string
  /** Path relative to the repository root, with forward slashes: what reports show. */
  file: string
  size: number
}

export interface Discovery {
  root: string
  repoRoot: string
  files: DiscoveredFile[]
  findings: Finding[]
}

/** The folder holding `.git` above (or at) `start`, or `start` itself when there is none. */
export function findRepoRoot(start: string): string {
  let dir = path.resolve(start)
  for (;;) {
    if (existsSync(path.join(dir, '.git'))) return dir
    const parent = path.dirname(dir)
    if (parent === dir) return path.resolve(start)
    dir = parent
  }
}

/** A bare name like `vendor` excludes that folder anywhere; anything with a glob character or slash is a glob. */
export function excludeGlobs(exclude: readonly string[]): string[] {
  return exclude.flatMap((e) => {
    const trimmed = e.trim().replace(/\/+$/, '')
    if (trimmed === '') return []
    if (/[*?{}[\]/]/.test(trimmed)) return [trimmed, `${trimmed}/**`]
    return [`**/${trimmed}`, `**/${trimmed}/**`]
  })
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/')
}

export async function discover(
  root: string,
  patterns: readonly string[] = DEFAULT_PATHS,
  exclude: readonly string[] = DEFAULT_EXCLUDE
): Promise<Discovery> {
  const absRoot = path.resolve(root)
  const realRoot = realpathSync(absRoot)
  const repoRoot = findRepoRoot(realRoot)
  const entries = await fg(patterns.length > 0 ? [...patterns] : DEFAULT_PATHS, {
    cwd: realRoot,
    dot: true,
    ignore: excludeGlobs(exclude),
    followSymbolicLinks: false,
    onlyFiles: false,
    objectMode: true,
    suppressErrors: true
  })
  const findings: Finding[] = []
  const seen = new Set<string>()
  const files: DiscoveredFile[] = []
  for (const entry of entries) {
    const linked = path.join(realRoot, entry.path)
    let target = linked
    if (entry.dirent.isSymbolicLink()) {
      try {
        target = realpathSync(linked)
      } catch {
        continue // A dangling link has nothing to read.
      }
      if (!isInside(realRoot, target)) {
        findings.push(
          makeFinding(
            'workspace/symlink-outside-root',
            { file: toPosix(path.relative(repoRoot, linked)) },
            `The link points outside the scanned root (to ${target}); it is not read.`
          )
        )
        continue
      }
    } else if (!entry.dirent.isFile()) continue
    let size: number
    try {
      const stat = statSync(target)
      if (!stat.isFile()) continue
      size = stat.size
    } catch {
      continue
    }
    if (seen.has(target)) continue
    seen.add(target)
    files.push({ absolutePath: target, file: toPosix(path.relative(repoRoot, target)), size })
  }
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  return { root: realRoot, repoRoot, files, findings }
}

function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}
