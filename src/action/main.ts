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
import type { Annotation } from '../report/annotations.js'
import { buildCommentBody } from '../report/comment.js'
import { jsonReportText } from '../report/json.js'
import { toSarif } from '../report/sarif.js'
import { renderSummary } from '../report/summary.js'
import { writeTextFile } from '../report/write-text.js'
import { getSettings } from './inputs.js'
import type { ActionSettings } from './inputs.js'
import { publishCheckRun } from './check-run.js'
import { pullRequestTarget, upsertStickyComment } from './pr-comment.js'

/** Progress lines at most this often: the Actions log has no redrawable progress bar. */
const PROGRESS_INTERVAL_MS = 10_000

export function actionsLogger(): Logger {
  let last = 0
  return {
    info: (m) => core.info(m),
    warning: (m) => core.warning(m),
    debug: (m) => {
      if (core.isDebug()) core.debug(m)
    },
    group: (name, fn) => core.group(name, fn),
    progress: (phase, done, total) => {
      const now = Date.now()
      if (done === total || now - last >= PROGRESS_INTERVAL_MS) {
        last = now
        core.info(
          `${phase}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} files`
        )
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
    core.setFailed(err instanceof ConfigError ? `celgate: ${err.message}` : String(err))
    return
  }
  // On pull requests the base defaults to the PR's base commit (pull_request.base.sha).
  const baseRef = settings.check.baseRef ?? pullRequestTarget(github.context)?.baseSha
  if (baseRef !== undefined) settings = { ...settings, check: { ...settings.check, baseRef } }
  try {
    const run = await core.group('celgate: check', () => checkPullRequest(settings.check, logger))
    const { result } = run
    await core.group('celgate: timings', () => {
      for (const t of result.summary.timings) core.info(`${t.phase}: ${t.ms} ms`)
      return Promise.resolve()
    })
    if (result.delta && !result.delta.available)
      core.notice(
        `No comparison with ${displayRef(result.delta.baseRef)}: ${result.delta.reason}. All findings count as found.`,
        { title: 'celgate' }
      )
    for (const line of reviewLines(result)) core.info(line)
    const annotated = findingsForAnnotations(result.findings, result.delta, settings.check)
    const plan = planAnnotations(annotated, {
      maxPerType: settings.output.maxAnnotations,
      reservedErrorSlots: result.gate.failed ? 1 : 0,
      ...changedLinesOption(settings)
    })
    for (const a of plan.annotations) emitAnnotation(a)
    const notice = omittedNotice(plan)
    if (notice) core.notice(notice, { title: 'celgate' })

    const summary = renderSummary(result, {
      annotations: { shown: plan.annotations.length, total: plan.total }
    })
    if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(summary).write()
    writeReports(result, settings)
    if (settings.output.reportsDir) {
      const written = writePolicyReports(run, settings.output.reportsDir)
      core.info(`Wrote ${written.length} Kyverno policy reports to ${settings.output.reportsDir}`)
      core.setOutput('reports-dir', settings.output.reportsDir)
    }
    if (settings.output.comment) await postComment(summary, settings, logger)
    if (settings.checkRun) await postCheckRun(result, summary, settings, logger)

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
    const counts = result.summary.findings
    const verdict = `celgate: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.notice, 'notice')} — ${result.gate.reason}`
    if (result.gate.failed) core.setFailed(verdict)
    else core.info(verdict)
  } catch (err) {
    core.setFailed(
      `celgate failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`
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
    core.debug(`Could not diff against ${base}; annotations are not ordered by changed lines.`)
  return changedLines ? { changedLines } : {}
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`

function emitAnnotation(a: Annotation): void {
  const props: core.AnnotationProperties = {
    title: a.title,
    file: a.file,
    startLine: a.startLine,
    endLine: a.endLine,
    ...(a.startColumn !== undefined ? { startColumn: a.startColumn, endColumn: a.endColumn } : {})
  }
  if (a.level === 'error') core.error(a.message, props)
  else if (a.level === 'warning') core.warning(a.message, props)
  else core.notice(a.message, props)
}

function writeReports(result: PullRequestResult, settings: ActionSettings): void {
  const jsonFile =
    settings.output.jsonFile ??
    path.join(process.env.RUNNER_TEMP ?? os.tmpdir(), 'celgate-report.json')
  writeTextFile(jsonFile, jsonReportText(result))
  core.setOutput('report-json', jsonFile)
  if (settings.output.sarifFile) {
    writeTextFile(settings.output.sarifFile, `${JSON.stringify(toSarif(result), null, 2)}\n`)
    core.setOutput('sarif-file', settings.output.sarifFile)
  }
}

async function postComment(
  summary: string,
  settings: ActionSettings,
  logger: Logger
): Promise<void> {
  const target = pullRequestTarget(github.context)
  if (!target) {
    core.info('comment: true, but this is not a pull_request event; no comment posted.')
    return
  }
  if (target.isFork) {
    // A read-only token is worth a warning (the comment is missing), never a failure.
    core.warning(
      'Pull requests from forks and Dependabot get a read-only token: the PR comment is skipped; annotations and the job summary have everything.'
    )
    return
  }
  if (!settings.token) {
    core.warning(
      "comment: true needs a token: set the 'github-token' input (default: the workflow's GITHUB_TOKEN)."
    )
    return
  }
  const { serverUrl, repo, runId } = github.context
  const body = buildCommentBody(summary, {
    detailsUrl: `${serverUrl}/${repo.owner}/${repo.repo}/actions/runs/${runId}`
  })
  const octokit = github.getOctokit(settings.token)
  const outcome = await upsertStickyComment({
    octokit,
    owner: target.owner,
    repo: target.repo,
    issueNumber: target.issueNumber,
    body,
    logger
  })
  core.info(`PR comment: ${outcome.action}${outcome.url ? ` (${outcome.url})` : ''}`)
}

/**
 * Every finding as a check-run annotation on the PR head, beyond the 10 per step that workflow
 * commands show. Without a pull request, or on a read-only token, it is skipped quietly: the
 * workflow-command annotations and the summary are always there.
 */
async function postCheckRun(
  result: PullRequestResult,
  summary: string,
  settings: ActionSettings,
  logger: Logger
): Promise<void> {
  const target = pullRequestTarget(github.context)
  if (!target || target.isFork || !settings.token) return
  const counts = result.summary.findings
  const outcome = await publishCheckRun({
    octokit: github.getOctokit(settings.token),
    owner: target.owner,
    repo: target.repo,
    headSha: target.headSha,
    name: 'celgate',
    title: `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.notice, 'notice')}`,
    summary,
    conclusion: result.gate.failed ? 'failure' : 'success',
    findings: findingsForAnnotations(result.findings, result.delta, settings.check),
    logger
  })
  if (outcome.action === 'published') core.info(`Check run: ${outcome.url}`)
}
