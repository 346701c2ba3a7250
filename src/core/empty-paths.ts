/**
 * A `paths` glob that matches no file is an error (`workspace/glob-matches-nothing`) unless the
 * user allows empty matches: a gate that checked nothing must not pass. With the default globs,
 * one error when the folder holds no YAML or JSON file at all (kube-linter has
 * `--fail-if-no-objects-found` for the same reason; celgate fails by default, since it gates).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Finding, Location } from '../findings/model.js'
import { lineRange, makeFinding } from '../findings/make.js'
import type { Discovery } from '../workspace/discover.js'
import { DEFAULT_PATHS, findRepoRoot, toPosix } from '../workspace/discover.js'
import { globsMatchingNothing } from '../workspace/empty-globs.js'
import { settingLines } from './config-lines.js'
import type { CheckOptions } from './options.js'

const RULE = 'workspace/glob-matches-nothing'

const isDefault = (globs: readonly string[]): boolean =>
  globs.length === DEFAULT_PATHS.length && globs.every((g, i) => g === DEFAULT_PATHS[i])

export async function emptyPathsFindings(
  options: CheckOptions,
  found: Discovery
): Promise<Finding[]> {
  if (options.allowEmptyPaths) return []
  const scanned = toPosix(path.relative(found.repoRoot, found.root)) || '.'
  if (isDefault(options.paths)) {
    if (found.files.length > 0) return []
    return [
      makeFinding(
        RULE,
        { file: scanned },
        `No manifest found: the folder \`${scanned}\` holds no file the default paths (${DEFAULT_PATHS.join(', ')}) match, so nothing was checked. Check \`working-directory\` and \`paths\`, or set \`allow-empty-paths: true\` if an empty folder is expected.`
      )
    ]
  }
  const empty = await globsMatchingNothing(
    found.root,
    options.paths,
    options.exclude,
    found.files.length
  )
  if (empty.length === 0) return []
  const inConfig = configLocations(options)
  return empty.map((glob) =>
    makeFinding(
      RULE,
      inConfig?.(options.paths.indexOf(glob)) ?? { file: scanned },
      `The \`paths\` glob \`${glob}\` ${inConfig ? 'set here' : 'given to the run'} matches no file under \`${scanned}\` (after \`exclude\`), so nothing was checked for it. Fix the glob (it is relative to the scanned folder), or set \`allow-empty-paths: true\` if it may match nothing.`
    )
  )
}

/**
 * Where the config file lists the glob at an index; undefined when `paths` came from an input or
 * flag instead. The path is taken relative to the config file's own repository, so that the check
 * of the base (its files read from git at the same repository-relative paths) locates it alike.
 */
function configLocations(
  options: CheckOptions
): ((index: number) => Location | undefined) | undefined {
  const sources = options.sources
  const file = sources?.configFile
  if (!file || sources.overrides.paths !== undefined) return undefined
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  const lineOf = settingLines(text)
  const relative = toPosix(path.relative(findRepoRoot(path.dirname(file)), file))
  return (index) => {
    const at = lineOf(['paths', index]) ?? lineOf(['paths'])
    return at ? { file: relative, range: lineRange(at.line, at.column) } : undefined
  }
}
