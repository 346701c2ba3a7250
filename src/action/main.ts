/**
 * The Action front end: inputs → check → annotations, job summary, reports, PR comment,
 * outputs and the gate. Everything it shows comes from the same CheckResult the CLI prints.
 */
import * as core from '@actions/core'
import * as github from '@actions/github'
import os from 'node:os'
import path from 'node:path'
import { changedLinesSince } from '../core/changed-lines.js'
import type { ChangedLines } from '../core/changed-lines.js'
import { displayRef } from '../core/delta.js'
import { findingsForAnnotations } from '../core/gate-delta.js'
import type { Logger } from '../core/logger.js'
import { ConfigError } from '../core/options.js'
import { checkPullRequest, reviewLines } from '../core/pull-request.js'
import { writePolicyReports } from '../core/reports-dir.js'
import type { PullRequestResult } from '../core/pull-request.js'
import { omittedNotice, planAnnotations } from '../report/annotations.js'
import { renderCheckRunSummary, renderCommentBody } from '../report/comment-view.js'
import { jsonReportText } from '../report/json.js'
import { annotatedFindings, describeQuiet } from '../report/quiet-rules.js'
import { sarifText } from '../report/sarif.js'
import { renderSummary } from '../report/summary.js'
import { writeTextFile } from '../report/write-text.js'
import { getSettings } from './inputs.js'
import type { ActionSettings } from './inputs.js'
import { orderForCheckRun, publishCheckRun } from './check-run.js'
import { githubAnswer } from './http-errors.js'
import { actionStdout } from './stdout.js'
import type { ActionStdout } from './stdout.js'
import { pullRequestTarget, reportLinks, upsertStickyComment } from './pr-comment.js'

/** Progress lines at most this often: the Actions log has no redrawable progress bar. */
const PROGRESS_INTERVAL_MS = 10_000

/**
 * Everything the Action prints goes through this writer: text from the pull request (names,
 * files, messages) can never start a workflow command (see ./stdout.ts).
 */
const stdout: ActionStdout = actionStdout()

export function actionsLogger(out: ActionStdout = stdout): Logger {
  let last = 0
  return {
    info: (m) => out.log(m),
    warning: (m) => out.warning(m),
    debug: (m) => {
      if (core.isDebug()) out.debug(m)
    },
    group: (name, fn) => out.group(name, fn),
    progress: (phase, done, total) => {
      const now = Date.now()
      if (done === total || now - last >= PROGRESS_INTERVAL_MS) {
        last = now
        out.log(`${phase}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} files`)
      }
    }
  }
}

export async function run(): Promise<void> {
  const logger = actionsLogger()
  let settings: ActionSettings
  try {
    settings = getSettings(process.env.GITHUB_WORKSPACE ?? process.cwd())
  } catch (err) {
    stdout.fail(err instanceof ConfigError ? `celgate: ${err.message}` : String(err))
    return
  }
  // On pull requests the base defaults to the PR's base commit (pull_request.base.sha).
  const prBase = pullRequestTarget(github.context)?.baseSha
  const baseRef = settings.check.baseRef ?? prBase
  if (baseRef !== undefined) settings = { ...settings, check: { ...settings.check, baseRef } }
  // The PR's settings are compared with its base commit's, whatever base-ref its config names.
  const { sources } = settings.check
  if (prBase !== undefined && sources)
    settings = {
      ...settings,
      check: { ...settings.check, sources: { ...sources, trustedBase: prBase } }
    }
  let outputsSet = false
  let refusedReportsDir: string | undefined
  try {
    const run = await stdout.group('celgate: check', () =>
      checkPullRequest(
        { ...settings.check, keepPolicyReports: settings.output.reportsDir !== undefined },
        logger
      )
    )
    const { result } = run
    // The outputs come first: nothing after the check (a report file, GitHub's API) can keep
    // a later step from reading the result.
    setResultOutputs(result)
    outputsSet = true
    await stdout.group('celgate: timings', () => {
      for (const t of result.summary.timings) stdout.log(`${t.phase}: ${t.ms} ms`)
      return Promise.resolve()
    })
    if (result.delta && !result.delta.available)
      stdout.notice(
        `No comparison with ${displayRef(result.delta.baseRef)}: ${result.delta.reason}. All findings count as found.`,
        { title: 'celgate' }
      )
    for (const line of reviewLines(result)) stdout.log(line)
    const annotated = findingsForAnnotations(result.findings, result.delta, settings.check)
    const changed = changedLinesOption(settings)
    const plan = planAnnotations(annotated, {
      maxPerType: settings.output.maxAnnotations,
      reservedErrorSlots: result.gate.failed ? 1 : 0,
      rules: settings.check.rules,
      ...changed
    })
    for (const a of plan.annotations) stdout.annotation(a)
    const notice = omittedNotice(plan)
    if (notice) stdout.notice(notice, { title: 'celgate' })
    const quiet = describeQuiet(plan.quiet)
    if (quiet)
      stdout.log(
        `Not annotated: ${quiet} of rules off by default in annotations and SARIF (docs/rules.md); the summary and the JSON report have them.`
      )

    const links = reportLinks(github.context, pullRequestTarget(github.context))
    const summary = renderSummary(result, {
      links,
      annotations: { shown: plan.annotations.length, total: plan.total, quiet: plan.quiet }
    })
    if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(summary).write()
    writeReports(result, settings)
    if (settings.output.reportsDir) {
      try {
        const written = writePolicyReports(run, settings.output.reportsDir, settings.check)
        stdout.log(
          `Wrote ${written.length} Kyverno policy reports to ${settings.output.reportsDir}`
        )
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err
        // A link out of the folder, committed by the pull request: refused, and the step fails.
        refusedReportsDir = err.message
      }
      core.setOutput('reports-dir', settings.output.reportsDir)
    }
    // Publishing never fails the step: whatever GitHub answers becomes a warning.
    if (settings.output.comment)
      await publishing('the PR comment', () => postComment(result, settings, logger))
    if (settings.checkRun)
      await publishing('the check run', () =>
        postCheckRun(result, settings, logger, changed.changedLines)
      )

    const counts = result.summary.findings
    const verdict = `celgate: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.notice, 'notice')} — ${result.gate.reason}`
    if (result.gate.failed) stdout.fail(verdict)
    else stdout.log(verdict)
    if (refusedReportsDir !== undefined) stdout.fail(`celgate: ${refusedReportsDir}`)
  } catch (err) {
    // celgate's own failure (a configuration problem was refused above): say so, with where.
    // A later step reading `gate` must not take a crash for a pass.
    if (!outputsSet) core.setOutput('gate', 'failed')
    stdout.fail(
      `celgate: internal error (a bug in celgate; please report it): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`
    )
  }
}

/** On pull requests, the lines the PR changed, so their findings get the annotation slots first. */
function changedLinesOption(settings: ActionSettings): { changedLines?: ChangedLines } {
  const base = settings.check.baseRef
  if (base === undefined) return {}
  const changedLines = changedLinesSince(settings.check.root, base)
  // A shallow checkout lacks the base commit: then all findings are treated alike.
  if (!changedLines)
    stdout.debug(`Could not diff against ${base}; annotations are not ordered by changed lines.`)
  return changedLines ? { changedLines } : {}
}

function setResultOutputs(result: PullRequestResult): void {
  core.setOutput('errors', result.summary.findings.error)
  core.setOutput('warnings', result.summary.findings.warning)
  core.setOutput('notices', result.summary.findings.notice)
  core.setOutput('gate', result.gate.failed ? 'failed' : 'passed')
  core.setOutput('worst-budget-ratio', String(result.worstBudgetRatio))
  core.setOutput('suppressed', result.suppressed.length)
  if (result.delta?.available) {
    core.setOutput('new-findings', result.delta.findings.new.length)
    core.setOutput('fixed-findings', result.delta.findings.fixed.length)
  }
}

/** Runs one publication; an error it did not handle (a network failure…) becomes a warning. */
async function publishing(what: string, publish: () => Promise<void>): Promise<void> {
  try {
    await publish()
  } catch (error) {
    stdout.warning(
      `Could not publish ${what}: ${githubAnswer(error)}. The annotations, the job summary and the reports have the findings.`
    )
  }
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`

function writeReports(result: PullRequestResult, settings: ActionSettings): void {
  const jsonFile =
    settings.output.jsonFile ??
    path.join(process.env.RUNNER_TEMP ?? os.tmpdir(), 'celgate-report.json')
  writeTextFile(jsonFile, jsonReportText(result))
  core.setOutput('report-json', jsonFile)
  if (settings.output.sarifFile) {
    writeTextFile(settings.output.sarifFile, sarifText(result, { rules: settings.check.rules }))
    core.setOutput('sarif-file', settings.output.sarifFile)
  }
}

async function postComment(
  result: PullRequestResult,
  settings: ActionSettings,
  logger: Logger
): Promise<void> {
  const target = pullRequestTarget(github.context)
  if (!target) {
    stdout.log('comment: true, but this is not a pull_request event; no comment posted.')
    return
  }
  if (target.isFork) {
    // A read-only token is worth a warning (the comment is missing), never a failure.
    stdout.warning(
      'Pull requests from forks and Dependabot get a read-only token: the PR comment is skipped; annotations and the job summary have everything.'
    )
    return
  }
  if (!settings.token) {
    stdout.warning(
      "comment: true needs a token: set the 'github-token' input (default: the workflow's GITHUB_TOKEN)."
    )
    return
  }
  // A compact view built under GitHub's limit; the job summary it links to has the rest.
  const body = renderCommentBody(result, {
    key: settings.commentKey,
    links: reportLinks(github.context, target)
  })
  const octokit = github.getOctokit(settings.token)
  const outcome = await upsertStickyComment({
    octokit,
    owner: target.owner,
    repo: target.repo,
    issueNumber: target.issueNumber,
    body,
    key: settings.commentKey,
    logger
  })
  stdout.log(`PR comment: ${outcome.action}${outcome.url ? ` (${outcome.url})` : ''}`)
}

/**
 * Every finding (but the notices of rules off by default) as a check-run annotation on the PR
 * head, beyond the 10 per step that workflow commands show, with the compact view as its
 * summary. Without a pull request, or on a read-only token, it is skipped quietly: the
 * workflow-command annotations and the summary are always there.
 */
async function postCheckRun(
  result: PullRequestResult,
  settings: ActionSettings,
  logger: Logger,
  changedLines: ChangedLines | undefined
): Promise<void> {
  const target = pullRequestTarget(github.context)
  if (!target || target.isFork || !settings.token) return
  // The capped annotation slots go to the most severe, then the new, then the changed lines.
  const unchanged = new Set(result.delta?.available ? result.delta.findings.unchanged : [])
  const ordered = orderForCheckRun(result.findings, {
    unchanged,
    ...(changedLines ? { changedLines } : {})
  })
  const counts = result.summary.findings
  const links = reportLinks(github.context, target)
  const outcome = await publishCheckRun({
    octokit: github.getOctokit(settings.token),
    owner: target.owner,
    repo: target.repo,
    headSha: target.headSha,
    name: 'celgate',
    title: `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.notice, 'notice')}`,
    // The PR comment's compact view, built to fit; the job summary it links to has the rest.
    summary: (maxBytes) => renderCheckRunSummary(result, { links, maxBytes }),
    conclusion: result.gate.failed ? 'failure' : 'success',
    findings: annotatedFindings(
      findingsForAnnotations(ordered, result.delta, settings.check),
      settings.check.rules
    ).findings,
    logger
  })
  if (outcome.action === 'published' || outcome.action === 'incomplete')
    stdout.log(`Check run: ${outcome.url}`)
}
