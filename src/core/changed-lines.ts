/**
 * The lines a pull request touches (issue 9 item 5): when there are more findings than GitHub
 * shows as annotations, the ones on these lines go first, because they are what the author
 * can act on now. Read from git as the diff between the merge base and the working tree.
 */
import { execFileSync } from 'node:child_process'
import { pushAll } from '../common/arrays.js'

/** Changed (added or rewritten) lines of the new side, by repository-relative path. */
export type ChangedLines = ReadonlyMap<string, ReadonlySet<number>>

const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/

/** Reads `git diff --unified=0` output: the new-side line numbers of every hunk. */
export function parseUnifiedDiff(diff: string): Map<string, Set<number>> {
  const changed = new Map<string, Set<number>>()
  let lines: Set<number> | undefined
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const target = line.slice(4)
      // `+++ /dev/null`: the file was deleted; nothing of it can carry a finding.
      if (target === '/dev/null') {
        lines = undefined
        continue
      }
      const file = unquote(target).replace(/^b\//, '')
      lines = changed.get(file) ?? new Set<number>()
      changed.set(file, lines)
      continue
    }
    const hunk = HUNK.exec(line)
    if (hunk && lines) {
      const start = Number(hunk[1])
      const count = hunk[2] === undefined ? 1 : Number(hunk[2])
      for (let n = start; n < start + count; n++) lines.add(n)
    }
  }
  return changed
}

/** git quotes paths with unusual characters: "b/dir/na\303\257ve.yaml". */
function unquote(path: string): string {
  if (!path.startsWith('"') || !path.endsWith('"')) return path
  const bytes: number[] = []
  const body = path.slice(1, -1)
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (c !== '\\') {
      pushAll(bytes, Buffer.from(c))
      continue
    }
    const next = body[++i]!
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i, i + 3), 8))
      i += 2
    } else {
      const escapes: Record<string, string> = { n: '\n', t: '\t', '"': '"', '\\': '\\' }
      pushAll(bytes, Buffer.from(escapes[next] ?? next))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/**
 * The lines changed since the merge base of `baseRef` and HEAD, or undefined when git cannot
 * tell (not a repository, a shallow clone without the base commit): callers then treat all
 * findings alike.
 */
export function changedLinesSince(repoRoot: string, baseRef: string): ChangedLines | undefined {
  const git = (...args: string[]): string =>
    execFileSync('git', ['-C', repoRoot, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024
    })
  try {
    const mergeBase = git('merge-base', baseRef, 'HEAD').trim()
    return parseUnifiedDiff(
      git('diff', '--unified=0', '--no-color', '--no-ext-diff', '--no-renames', mergeBase)
    )
  } catch {
    return undefined
  }
}

/** Whether a finding's lines (or, without a range, its file) were changed. */
export function touchesChangedLines(
  changed: ChangedLines,
  file: string,
  range: { startLine: number; endLine: number } | undefined
): boolean {
  const lines = changed.get(file)
  if (!lines) return false
  if (!range) return lines.size > 0
  for (let n = range.startLine; n <= range.endLine; n++) if (lines.has(n)) return true
  return false
}
