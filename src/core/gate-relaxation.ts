/**
 * A pull request's changes that make celgate's own gate weaker (issue 27 item 2). The PR's
 * `.celgate.yaml`, baseline and `celgate-ignore` comments are the author's to change, so each
 * relaxation against the base commit becomes a `config/gate-relaxed` finding on the changed
 * line. The base's files are read from git (`git show <commit>:<file>`, GitRevision), with the
 * same config-file name resolution as on the head. These findings are added after suppressions
 * (pull-request.ts): no comment or baseline entry can hide them, and the head's `rules` cannot
 * change their severity; the base's can.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { GATE_RELAXED } from '../findings/gate-relaxed.js'
import { lineRange, makeFinding } from '../findings/make.js'
import type { Finding, Location } from '../findings/model.js'
import { GitRevision } from '../workspace/git-base.js'
import { manifestText } from '../workspace/text-encoding.js'
import { isInside, toPosix } from '../workspace/discover.js'
import type { Workspace } from '../workspace/workspace.js'
import { settingLines } from './config-lines.js'
import type { LineOf, SettingPath } from './config-lines.js'
import { resolvedPath } from './confine.js'
import type { Logger } from './logger.js'
import { CONFIG_FILE_NAMES, DEFAULT_BASELINE_FILE, parseConfigText } from './options.js'
import type { CheckOptions, ConfigFile, SettingsSources } from './options.js'
import {
  addedBaselineEntries,
  addedIgnoreComments,
  effective,
  settingsRelaxations
} from './settings-relaxations.js'
import { findInlineSuppressions, parseBaseline } from './suppressions.js'
import type { Baseline } from './suppressions.js'

/** One side's files, read from the working tree or from git. */
interface Side {
  read(file: string): string | undefined
}

/**
 * Findings of one kind past this many are summed up in one more finding: a pull request that
 * rewrites the baseline of a large repository adds thousands of entries at once.
 */
const MAX_PER_KIND = 50

/** What the comparison needs of both sides. */
interface Sides {
  head: Side
  base: Side
  /** The repository-relative path of a file, or undefined when it lies outside the repository. */
  relative: (file: string) => string | undefined
  /** A name in the scanned root, repository-relative. */
  inRoot: (name: string) => string
  /** Files that differ between the two sides, or undefined when git cannot tell. */
  changedFiles: () => Set<string> | undefined
}

/** Records one relaxation as a finding. */
type Report = (location: Location, change: string) => void

/** The relaxations of the gate between the base and the head, as findings; [] without a base. */
export function gateRelaxations(
  options: CheckOptions,
  workspace: Workspace,
  logger: Logger,
  headFindings: readonly Finding[] = []
): Finding[] {
  const sources = options.sources
  const ref = sources?.trustedBase ?? options.baseRef
  if (!sources || ref === undefined || ref === '') return []
  const repoRoot = workspace.repoRoot
  const revision = GitRevision.mergeBase(repoRoot, ref)
  if (!(revision instanceof GitRevision)) {
    logger.info(`The settings are not compared with the base: ${revision.error}`)
    return []
  }
  const relative = (file: string): string | undefined => {
    const resolved = resolvedPath(file)
    const rel = toPosix(path.relative(repoRoot, resolved))
    return rel !== '' && isInside(repoRoot, resolved) ? rel : undefined
  }
  const rootPrefix = relative(workspace.root) ?? ''
  const sides: Sides = {
    head: {
      read: (file) => {
        try {
          return manifestText(readFileSync(path.join(repoRoot, file)))
        } catch {
          return undefined
        }
      }
    },
    base: { read: (file) => revision.read(file) },
    relative,
    inRoot: (name) => (rootPrefix === '' ? name : `${rootPrefix}/${name}`),
    changedFiles: () => revision.changedFiles()
  }
  const configs = readConfigs(sources, sides, logger)
  // The base's `rules` decide this rule's severity; the head's are the PR author's.
  const severity = configs?.base.rules?.[GATE_RELAXED]
  if (severity === 'off') return []
  const found: Finding[] = []
  const report: Report = (location, change) => {
    const f = makeFinding(GATE_RELAXED, location, `This PR relaxes the gate: ${change}.`)
    found.push(severity !== undefined ? { ...f, severity } : f)
  }
  if (configs) {
    const lines = settingLines(configs.headText)
    for (const r of settingsRelaxations(configs.base, configs.head, configs.headFile))
      report(locate(configs.file, r.at, lines), r.change)
  }
  const baseBaseline = baselineFile(configs?.base ?? {}, workspace.root, sides)
  const headBaseline = options.baseline !== undefined ? relative(options.baseline) : undefined
  if (headBaseline !== undefined) baselineRelaxations(headBaseline, baseBaseline, sides, report)
  ignoreCommentRelaxations(options, workspace, sides, report)
  testInputRelaxations(headFindings, sides, report)
  return found
}

/**
 * The effective settings at both sides (file, then the explicit settings on top), or undefined
 * when they cannot be compared: a config file outside the repository (the user's own, given by
 * a CLI flag) or a base file that does not parse.
 */
function readConfigs(
  sources: SettingsSources,
  sides: Sides,
  logger: Logger
):
  | { base: ConfigFile; head: ConfigFile; headFile: ConfigFile; headText: string; file: string }
  | undefined {
  const headFile = sources.configFile !== undefined ? sides.relative(sources.configFile) : undefined
  if (sources.configFile !== undefined && headFile === undefined) return undefined
  // The same name resolution as on the head: the file named, else the first default name.
  const baseFile = sources.configNamed
    ? headFile
    : CONFIG_FILE_NAMES.map(sides.inRoot).find((f) => sides.base.read(f) !== undefined)
  const headText = headFile !== undefined ? sides.head.read(headFile) : undefined
  const baseText = baseFile !== undefined ? sides.base.read(baseFile) : undefined
  let base: ConfigFile
  let head: ConfigFile
  try {
    base = baseText !== undefined ? parseConfigText(baseText, baseFile!) : {}
    head = headText !== undefined ? parseConfigText(headText, headFile!) : {}
  } catch (err) {
    logger.info(
      `The settings are not compared with the base: ${err instanceof Error ? err.message : String(err)}`
    )
    return undefined
  }
  return {
    base: effective(base, sources.overrides),
    head: effective(head, sources.overrides),
    headFile: head,
    headText: headText ?? '',
    file: headFile ?? baseFile ?? sides.inRoot(CONFIG_FILE_NAMES[0]!)
  }
}

function locate(file: string, at: SettingPath | undefined, lines: LineOf): Location {
  const pos = at ? lines(at) : undefined
  const key = at?.[at.length - 1]
  const width = typeof key === 'string' ? key.length : 1
  return pos ? { file, range: lineRange(pos.line, pos.column, width) } : { file }
}

/** The base's baseline file: the one its settings name, else the default one if it had it. */
function baselineFile(config: ConfigFile, root: string, sides: Sides): string | undefined {
  if (config.baseline !== undefined) return sides.relative(path.resolve(root, config.baseline))
  const fallback = sides.inRoot(DEFAULT_BASELINE_FILE)
  return sides.base.read(fallback) !== undefined ? fallback : undefined
}

/** Entries of the head's baseline that the base's did not have. */
function baselineRelaxations(
  headFile: string,
  baseFile: string | undefined,
  sides: Sides,
  report: Report
): void {
  const text = sides.head.read(headFile)
  const head = text !== undefined ? parseOrUndefined(text) : undefined
  if (!head) return
  const baseText = baseFile !== undefined ? sides.base.read(baseFile) : undefined
  const added = addedBaselineEntries(
    baseText !== undefined ? parseOrUndefined(baseText) : undefined,
    head
  )
  if (added.length === 0) return
  const lines = settingLines(text!)
  for (const { index, entry } of added.slice(0, MAX_PER_KIND))
    report(
      locate(headFile, ['findings', index], lines),
      `the baseline accepts ${entry.ruleId} in ${entry.file}${entry.path !== undefined ? ` at ${entry.path}` : ''}`
    )
  if (added.length > MAX_PER_KIND)
    report(
      { file: headFile },
      `the baseline accepts ${added.length - MAX_PER_KIND} more findings than at the base`
    )
}

/** `celgate-ignore` comments new in the files the head checked. */
function ignoreCommentRelaxations(
  options: CheckOptions,
  workspace: Workspace,
  sides: Sides,
  report: Report
): void {
  let count = 0
  let overflow: Location | undefined
  // Only a file the pull request changed can hold a new comment: the others are not read again.
  const changed = sides.changedFiles()
  for (const file of workspace.files) {
    // Sizes are known once loaded (parse-pool.ts); one still unknown is not read again.
    if ((file.size ?? Infinity) > options.maxFileSize) continue
    if (!workspace.mayMentionIgnoreDirective(file.file)) continue
    if (changed !== undefined && !changed.has(file.file)) continue
    const text = sides.head.read(file.file)
    if (text === undefined) continue
    const headComments = findInlineSuppressions(file.file, text)
    if (headComments.length === 0) continue
    const before = sides.base.read(file.file) ?? ''
    const added = addedIgnoreComments(
      findInlineSuppressions(file.file, before),
      headComments,
      text.split(/\r?\n/),
      before.split(/\r?\n/)
    )
    for (const s of added) {
      const location = {
        file: file.file,
        range: lineRange(s.line, s.column, 'celgate-ignore'.length + 2)
      }
      if (++count <= MAX_PER_KIND)
        report(location, `a new \`celgate-ignore ${s.ruleId}\` comment silences that rule here`)
      else overflow ??= location
    }
  }
  if (overflow)
    report(
      overflow,
      `this and ${count - MAX_PER_KIND - 1} more new \`celgate-ignore\` comments (the first ${MAX_PER_KIND} are reported one by one)`
    )
}

/**
 * Built-in objects, CRDs and custom resources a test the pull request added or changed now names
 * as its inputs: their builtin/, crd/ and cr/ errors and warnings became notices (core/test-inputs.ts), so a PR could
 * ungate a real manifest by listing it in a kyverno-test.yaml or a Chainsaw test. One finding per
 * test and file, at the test; a test the PR left alone named the file at the base too.
 */
function testInputRelaxations(findings: readonly Finding[], sides: Sides, report: Report): void {
  const changed = sides.changedFiles()
  const demoted = new Map<
    string,
    { test: string; file: string; at: Location; count: number; families: Set<string> }
  >()
  for (const f of findings) {
    const test = f.data?.testInputOf
    if (typeof test !== 'string' || (changed !== undefined && !changed.has(test))) continue
    const key = `${test}\0${f.location.file}`
    // The rules' family: `builtin/`, `crd/` or `cr/`.
    const family = f.ruleId.slice(0, f.ruleId.indexOf('/') + 1)
    const known = demoted.get(key)
    if (known) {
      known.count++
      known.families.add(family)
    } else {
      const at = f.related?.find((r) => r.file === test) ?? { file: test }
      demoted.set(key, {
        test,
        file: f.location.file,
        at: { file: at.file, ...(at.range ? { range: at.range } : {}) },
        count: 1,
        families: new Set([family])
      })
    }
  }
  let reported = 0
  for (const d of demoted.values()) {
    if (++reported > MAX_PER_KIND) {
      report(d.at, `${demoted.size - MAX_PER_KIND} more files became test inputs the same way`)
      return
    }
    const families = [...d.families].join(' and ')
    report(
      d.at,
      `${d.test} makes ${d.file} a test input, so its ${d.count === 1 ? `${families} finding is now a notice` : `${d.count} ${families} findings are now notices`}, outside the gate`
    )
  }
}

function parseOrUndefined(text: string): Baseline | undefined {
  try {
    return parseBaseline(text)
  } catch {
    return undefined
  }
}
