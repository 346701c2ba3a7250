/**
 * `check()` as the front ends run it (issue 9): suppressions applied (inline comments and the
 * baseline), the comparison with the merge base when a base ref is given, and the gate
 * recomputed on the delta (fail-on-new-only, max-cost-increase). It wraps the pipeline rather
 * than changing it: the head and the base are two ordinary check runs.
 */
import path from 'node:path'
import { compareFindings, countBySeverity } from '../findings/model.js'
import type { Finding } from '../findings/model.js'
import { checkBase } from './base-check.js'
import type { BaseCheck } from './base-check.js'
import { readBaseTree } from './base-tree.js'
import { check } from './check.js'
import type { CheckRun } from './check.js'
import { compareResults, describeBase, describeComparison } from './delta.js'
import type { Comparison } from './delta.js'
import { attributeDelta } from './delta-cause.js'
import { gateWithDelta } from './gate-delta.js'
import { gateRelaxations } from './gate-relaxation.js'
import type { PullRequestGate } from './gate-delta.js'
import type { Logger } from './logger.js'
import { GitRevision } from '../workspace/git-base.js'
import type { CheckOptions } from './options.js'
import type { CheckResult, PhaseTiming } from './result.js'
import {
  applySuppressions,
  applySuppressionsToResult,
  checkedFilesUnder,
  loadBaseline
} from './suppressions.js'
import type { Baseline, SuppressedFinding } from './suppressions.js'

export interface PullRequestResult extends CheckResult {
  gate: PullRequestGate
  /** Findings an inline `celgate-ignore` comment or the baseline accepted (not in `findings`). */
  suppressed: SuppressedFinding[]
  /** The comparison with the base; absent when no base ref was given. */
  delta?: Comparison
}

export interface PullRequestRun extends CheckRun {
  result: PullRequestResult
}

/**
 * Checks `options.root`, then (with `options.baseRef`) the same globs at the merge base, and
 * compares. A missing or malformed baseline is a ConfigError, thrown before any analysis.
 */
export async function checkPullRequest(
  given: CheckOptions,
  logger: Logger
): Promise<PullRequestRun> {
  const baseline = given.baseline !== undefined ? loadBaseline(given.baseline) : undefined
  const options = withoutBaselineFile(given)
  const head = await check(options, logger)
  const suppressed = applySuppressionsToResult(head.result, {
    readFile: checkedFilesUnder(head.workspace.repoRoot, head.workspace),
    ...(baseline ? { baseline } : {})
  })
  if (suppressed.suppressed.length > 0)
    logger.info(`Suppressed ${suppressed.suppressed.length} findings (inline comments, baseline)`)

  const timings: PhaseTiming[] = [...head.result.summary.timings]
  const comparison =
    options.baseRef !== undefined && options.baseRef !== ''
      ? await compareWithBase(options, options.baseRef, head, baseline, suppressed, timings, logger)
      : undefined
  // Added after suppressions and the comparison: nothing the pull request writes can hide them.
  const relaxed = withRelaxations(
    suppressed.result,
    relaxationsOrNone(options, head, logger),
    comparison
  )
  const result: PullRequestResult = {
    ...relaxed,
    summary: { ...relaxed.summary, timings },
    gate: gateWithDelta(relaxed.findings, comparison, {
      failOn: options.failOn,
      ...(options.failOnNewOnly !== undefined ? { failOnNewOnly: options.failOnNewOnly } : {}),
      ...(options.maxCostIncrease !== undefined ? { maxCostIncrease: options.maxCostIncrease } : {})
    }),
    suppressed: suppressed.suppressed,
    ...(comparison ? { delta: comparison } : {})
  }
  return {
    result,
    workspace: head.workspace,
    kyvernoReports: head.kyvernoReports,
    parts: head.parts
  }
}

/**
 * The gate's relaxations; a failure to read the base's settings (git missing mid-run, an
 * unreadable file) is a warning in the log, never the end of the run.
 */
function relaxationsOrNone(options: CheckOptions, head: CheckRun, logger: Logger): Finding[] {
  try {
    return gateRelaxations(options, head.workspace, logger, head.result.findings)
  } catch (err) {
    logger.warning(
      `The settings were not compared with the base's: ${err instanceof Error ? err.message : String(err)}`
    )
    return []
  }
}

/**
 * The result with the gate's relaxations among its findings (counted, and new in the
 * comparison, so fail-on-new-only treats them as this change's).
 */
function withRelaxations(
  result: CheckResult,
  relaxations: readonly Finding[],
  comparison: Comparison | undefined
): CheckResult {
  if (relaxations.length === 0) return result
  const findings = [...result.findings]
  for (const f of relaxations) findings.push(f)
  findings.sort(compareFindings)
  if (comparison?.available) {
    for (const f of relaxations) comparison.findings.new.push(f)
    comparison.findings.new.sort(compareFindings)
  }
  return {
    ...result,
    findings,
    summary: { ...result.summary, findings: countBySeverity(findings) }
  }
}

/**
 * The baseline is JSON inside the scanned root, where the default globs would read it as a
 * manifest (a skipped document): leave it out.
 */
export function withoutBaselineFile(options: CheckOptions): CheckOptions {
  if (options.baseline === undefined) return options
  const relative = path.relative(options.root, options.baseline)
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return options
  return { ...options, exclude: [...options.exclude, relative.split(path.sep).join('/')] }
}

/**
 * Analyses the merge base as far as the pull request's changes reach (core/base-check.ts) and
 * compares. Findings are compared before suppression on both sides (a finding silenced by this
 * pull request is not "fixed"); the lists then keep only what is still reported at the head.
 */
async function compareWithBase(
  options: CheckOptions,
  baseRef: string,
  head: CheckRun,
  baseline: Baseline | undefined,
  headSuppressed: { result: CheckResult; suppressed: SuppressedFinding[] },
  timings: PhaseTiming[],
  logger: Logger
): Promise<Comparison> {
  const timed = async <T>(phase: string, fn: () => Promise<T>): Promise<T> => {
    const start = performance.now()
    try {
      return await fn()
    } finally {
      timings.push({ phase, ms: Math.round(performance.now() - start) })
    }
  }
  const { repoRoot, root } = head.workspace
  const atBase = GitRevision.mergeBase(repoRoot, baseRef)
  // Without the list of changed files, every file is read and checked again at the base.
  const changed = atBase instanceof GitRevision ? atBase.changedFiles() : undefined
  const headFiles = new Set(head.workspace.files.map((f) => f.file))
  const tree = await timed('base files', () =>
    readBaseTree(
      {
        repoRoot,
        root,
        ref: baseRef,
        paths: options.paths,
        exclude: options.exclude,
        maxFileSize: options.maxFileSize
      },
      (file) => changed === undefined || changed.has(file) || !headFiles.has(file)
    )
  )
  if ('error' in tree) return { available: false, baseRef, reason: tree.error }
  logger.info(
    `Base: ${tree.files.length} files at ${describeBase({ baseRef, mergeBase: tree.commit })}`
  )
  // The base is checked as it was: no base of its own (custom resources as creates), its CRDs
  // as the cluster stores them (updates of themselves, as the head checks unchanged ones). Only
  // the head's Kyverno reports are ever written.
  const { baseRef: _unused, ...baseOptions } = { ...options, keepPolicyReports: false }
  const storedAt = { ref: baseRef, commit: tree.commit }
  let base: BaseCheck
  try {
    base = await timed('base check', () =>
      checkBase(
        head,
        tree,
        changed ?? new Set(tree.files.map((f) => f.file).concat([...headFiles])),
        { ...baseOptions, storedAt },
        prefixed(logger, 'base: ')
      )
    )
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    return { available: false, baseRef, reason: `the check of the base failed: ${message}` }
  }
  for (const t of base.timings) timings.push({ phase: `base: ${t.phase}`, ms: t.ms })
  const baseAll = applySuppressions(base.findings, {
    readFile: base.readFile,
    ...(baseline ? { baseline } : {})
  })
  const all = (kept: readonly Finding[], s: readonly SuppressedFinding[]): Finding[] =>
    [...kept, ...s.map((x) => x.finding)].sort(compareFindings)
  const delta = compareResults(
    { findings: all(baseAll.findings, baseAll.suppressed), crds: base.crds },
    {
      findings: all(headSuppressed.result.findings, headSuppressed.suppressed),
      crds: head.result.crds
    },
    { baseRef, mergeBase: tree.commit }
  )
  if (changed === undefined)
    logger.debug('The changed files are unknown: every difference from the base is reported')
  else attributeDelta(delta, changed, { base, head: head.workspace }, logger)
  const reported = new Set(headSuppressed.result.findings)
  delta.findings.new = delta.findings.new.filter((f) => reported.has(f))
  delta.findings.unchanged = delta.findings.unchanged.filter((f) => reported.has(f))
  delta.findings.worsened = delta.findings.worsened.filter((w) => reported.has(w.finding))
  return delta
}

function prefixed(logger: Logger, prefix: string): Logger {
  return {
    info: (m) => logger.info(`${prefix}${m}`),
    warning: (m) => logger.warning(`${prefix}${m}`),
    debug: (m) => logger.debug(`${prefix}${m}`),
    group: (name, fn) => logger.group(`${prefix}${name}`, fn),
    progress: (phase, done, total) => logger.progress(`${prefix}${phase}`, done, total)
  }
}

/**
 * Plain-text lines about the comparison and the suppressed findings, for the CLI's text output
 * and the Action's log; none when neither applies. An unavailable comparison is left to the
 * front ends' notice. The lines hold CRD names and file names as they are (line breaks, `::`
 * included): front ends print each through `plainLogLine` (report/workflow-commands.ts).
 */
export function reviewLines(
  result: CheckResult & Partial<Pick<PullRequestResult, 'delta' | 'suppressed'>>
): string[] {
  const suppressed = result.suppressed?.length ?? 0
  if (result.delta?.available) return describeComparison(result.delta, suppressed)
  if (suppressed > 0)
    return [
      `${suppressed} ${suppressed === 1 ? 'finding' : 'findings'} suppressed by inline comments or the baseline (listed in the JSON report).`
    ]
  return []
}
