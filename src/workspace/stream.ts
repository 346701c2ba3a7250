/**
 * Manifests piped in rather than read from disk (`helm template … | celgate check -`): one
 * in-memory file beside (or instead of) the files discovered under the root.
 */
import { realpathSync } from 'node:fs'
import path from 'node:path'
import { discover, findRepoRoot } from './discover.js'
import type { Discovery } from './discover.js'

/** How reports name the standard input, as compilers do (`<stdin>:12`). */
export const STDIN_NAME = '<stdin>'

export interface StreamInput {
  /** What reports call it (STDIN_NAME). */
  name: string
  bytes: Uint8Array
  /** Whether the files under the root are read too (`celgate check - dir`), or only the stream. */
  withFiles: boolean
}

/** discover(), plus the stream as one more file; without files, no folder is walked. */
export async function discoverWithStream(
  root: string,
  patterns: readonly string[],
  exclude: readonly string[],
  stream: StreamInput | undefined
): Promise<Discovery> {
  if (!stream) return discover(root, patterns, exclude)
  const found = stream.withFiles ? await discover(root, patterns, exclude) : streamOnly(root)
  found.files.push({
    absolutePath: '',
    file: stream.name,
    size: stream.bytes.length,
    content: stream.bytes
  })
  return found
}

function streamOnly(root: string): Discovery {
  const realRoot = realpathSync(path.resolve(root))
  return { root: realRoot, repoRoot: findRepoRoot(realRoot), files: [], findings: [] }
}
