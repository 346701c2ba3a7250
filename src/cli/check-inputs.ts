/**
 * What `celgate check [PATH…]` reads: files and folders as kubeconform and kubectl take them,
 * and `-` for the standard input (`helm template … | celgate check -`).
 *
 * One folder is the scanned root, as before. Anything else is checked from the folder holding
 * every PATH (its `.celgate.yaml` applies): each folder becomes the `paths` globs below it,
 * each file its own literal pattern, so discovery, `exclude` and the links policy stay the ones
 * of a folder run.
 */
import { statSync } from 'node:fs'
import path from 'node:path'
import fg from 'fast-glob'
import { ConfigError } from '../core/options.js'
import { isInside, toPosix } from '../workspace/discover.js'

export const STDIN_ARGUMENT = '-'

export interface CheckInputs {
  /** The scanned root (absolute). */
  root: string
  /** The `paths` globs to use instead of the settings' own (given those); absent: unchanged. */
  narrow?: (paths: readonly string[]) => string[]
  /** Whether `-` was given. */
  stdin: boolean
  /** Whether files on disk are read too (false for `celgate check -` alone). */
  withFiles: boolean
}

export function checkInputs(args: readonly string[], cwd: string): CheckInputs {
  const stdin = args.includes(STDIN_ARGUMENT)
  if (args.filter((a) => a === STDIN_ARGUMENT).length > 1)
    throw new ConfigError(`'-' (the standard input) can be given once`)
  const targets = args
    .filter((a) => a !== STDIN_ARGUMENT)
    .map((arg) => {
      const absolute = path.resolve(cwd, arg)
      let folder: boolean
      try {
        folder = statSync(absolute).isDirectory()
      } catch {
        throw new ConfigError(`${arg}: no such file or folder`)
      }
      return { absolute, folder }
    })
  if (targets.length === 0) return { root: path.resolve(cwd), stdin, withFiles: !stdin }
  if (targets.length === 1 && targets[0]!.folder)
    return { root: targets[0]!.absolute, stdin, withFiles: true }
  const root = commonFolder(targets.map((t) => (t.folder ? t.absolute : path.dirname(t.absolute))))
  return {
    root,
    stdin,
    withFiles: true,
    narrow: (paths) =>
      targets.flatMap(({ absolute, folder }) => {
        const relative = toPosix(path.relative(root, absolute))
        if (!folder) return [fg.escapePath(relative)]
        if (relative === '') return [...paths]
        const below = paths.length === 1 ? paths[0]! : `{${paths.join(',')}}`
        return [`${fg.escapePath(relative)}/${below}`]
      })
  }
}

/** The deepest folder holding all of `folders` (absolute, normalised). */
function commonFolder(folders: readonly string[]): string {
  let common = folders[0]!
  for (const folder of folders.slice(1))
    while (!isInside(common, folder)) common = path.dirname(common)
  return common
}

/**
 * The standard input's bytes, reading no more than `max` (max-file-size, as for files): a
 * larger stream, or one that never ends, is a usage error, never unbounded memory.
 */
export async function readStandardInput(
  input: NodeJS.ReadableStream,
  max: number
): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    total += bytes.length
    if (total > max)
      throw new ConfigError(
        `the standard input holds more than ${max.toLocaleString('en-US')} bytes, the maximum (max-file-size); nothing was checked. Raise --max-file-size, or pass the files instead.`
      )
    chunks.push(bytes)
  }
  return Buffer.concat(chunks, total)
}
