/**
 * The check run (issue 9 item 4, action-conventions.md §3.2; issue 27 item 4): findings as
 * annotations on the pull request's head commit — not bound by the 10-per-step limit of workflow
 * commands — with the compact view of the report as its output (the PR comment's, linking to
 * the job summary for the rest: report/comment-view.ts) and the gate as its conclusion.
 *
 * GitHub takes 50 annotations per request and the workflow token 1,000 requests an hour, so at
 * most MAX_CHECK_RUN_ANNOTATIONS are sent (the caller orders the most important first; the count
 * of the rest is stated in the summary, and every finding is in the JSON and SARIF reports).
 * The first batch goes with the create call, the next ones in updates (each appends) that carry
 * a one-line progress summary, and the last one with the summary and the conclusion. A run
 * with up to 50 annotations is created completed in one request. When a batch fails mid-way
 * (after the rate-limit retries), the remaining batches are dropped and the run is still
 * completed with the gate's conclusion, so it never stays `in_progress`.
 */
import type { ChangedLines } from '../core/changed-lines.js'
import { touchesChangedLines } from '../core/changed-lines.js'
import type { Finding } from '../findings/model.js'
import { compareFindings } from '../findings/model.js'
import { isGateRelaxation } from '../findings/gate-relaxed.js'
import type { Logger } from '../core/logger.js'
import { toAnnotation } from '../report/annotations.js'
import { githubAnswer } from './http-errors.js'
import type { GitHubClient } from './pr-comment.js'
import { DEFAULT_RETRY_POLICY, RetryBudget, isPermissionDenied } from './rate-limit.js'
import type { RetryPolicy } from './rate-limit.js'

/** GitHub's limits for one check-run request. */
export const ANNOTATIONS_PER_REQUEST = 50
/**
 * `output.summary` may hold 65,535 bytes of UTF-8: the documented "65535 characters" is checked
 * as a byte size ("summary exceeds a maximum bytesize of 65535", github/docs#35252).
 */
export const MAX_SUMMARY_BYTES = 65_535
/** Annotations per check run: 20 requests, whatever the size of the repository. */
export const MAX_CHECK_RUN_ANNOTATIONS = 1_000
/** Waiting the batches leave to the completion, so a rate limit cannot keep it from running. */
const COMPLETION_RESERVE_MS = 30_000

export interface CheckRunAnnotation {
  path: string
  start_line: number
  end_line: number
  start_column?: number
  end_column?: number
  annotation_level: 'notice' | 'warning' | 'failure'
  message: string
  title: string
  raw_details?: string
}

export type CheckRunConclusion = 'success' | 'failure' | 'neutral'

export interface CheckRunArgs {
  octokit: GitHubClient
  owner: string
  repo: string
  /** The pull request's head commit (a check run on the test-merge commit does not show). */
  headSha: string
  name: string
  title: string
  /**
   * The markdown of the completed run within `maxBytes` UTF-8 bytes (the room the notes on
   * unpublished annotations leave), built to fit rather than cut: renderCheckRunSummary.
   */
  summary: (maxBytes: number) => string
  conclusion: CheckRunConclusion
  /** In the order they should be annotated (see orderForCheckRun); the first 1,000 are sent. */
  findings: readonly Finding[]
  logger: Logger
  /** Rate-limit retries; the default waits for real. */
  retry?: RetryPolicy
}

export type CheckRunOutcome =
  | { action: 'published'; id: number; url: string; annotations: number; omitted: number }
  | {
      /** Completed with its conclusion, but not every planned annotation was accepted. */
      action: 'incomplete'
      id: number
      url: string
      annotations: number
      omitted: number
      reason: string
    }
  | { action: 'skipped'; reason: string }
  | { action: 'failed'; reason: string; id?: number; url?: string }

const LEVEL = { error: 'failure', warning: 'warning', notice: 'notice' } as const

/** A finding as a check-run annotation (same text as the workflow-command annotation). */
export function checkRunAnnotation(finding: Finding): CheckRunAnnotation {
  const a = toAnnotation(finding)
  const annotation: CheckRunAnnotation = {
    path: a.file,
    start_line: a.startLine,
    end_line: a.endLine,
    annotation_level: LEVEL[a.level],
    message: a.message,
    title: a.title
  }
  // GitHub accepts columns only on single-line annotations.
  if (a.startColumn !== undefined && a.startLine === a.endLine) {
    annotation.start_column = a.startColumn
    annotation.end_column = a.endColumn ?? a.startColumn
  }
  if (finding.fix?.snippet !== undefined) annotation.raw_details = finding.fix.snippet
  return annotation
}

export interface CheckRunOrder {
  /** Findings already at the base: they follow the new and worsened ones of their severity. */
  unchanged?: ReadonlySet<Finding>
  /** Lines the pull request changed: findings on them come before others of their kind. */
  changedLines?: ChangedLines
}

/**
 * The order in which findings take the capped annotation slots: the most severe first, then the
 * new ones, then those on lines the pull request changed, then by place (as planAnnotations
 * orders the workflow-command annotations).
 */
export function orderForCheckRun(findings: readonly Finding[], order: CheckRunOrder): Finding[] {
  const { unchanged, changedLines } = order
  const keyed = findings.map((finding) => ({
    finding,
    known: unchanged?.has(finding) === true ? 1 : 0,
    away:
      changedLines === undefined ||
      touchesChangedLines(changedLines, finding.location.file, finding.location.range)
        ? 0
        : 1
  }))
  // A change that relaxes the gate comes first whatever its severity: reviewers must see it.
  keyed.sort(
    (a, b) =>
      Number(isGateRelaxation(b.finding)) - Number(isGateRelaxation(a.finding)) ||
      compareSeverity(a.finding, b.finding) ||
      a.known - b.known ||
      a.away - b.away ||
      compareFindings(a.finding, b.finding)
  )
  return keyed.map((k) => k.finding)
}

const SEVERITY_RANK = { error: 0, warning: 1, notice: 2 } as const
const compareSeverity = (a: Finding, b: Finding): number =>
  SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]

/** Creates the check run and completes it with the gate's conclusion; never throws. */
export async function publishCheckRun(args: CheckRunArgs): Promise<CheckRunOutcome> {
  const { octokit, owner, repo, logger } = args
  const policy = args.retry ?? DEFAULT_RETRY_POLICY
  const total = args.findings.length
  const annotations = args.findings.slice(0, MAX_CHECK_RUN_ANNOTATIONS).map(checkRunAnnotation)
  const omitted = total - annotations.length
  const batches: CheckRunAnnotation[][] = []
  for (let i = 0; i < annotations.length; i += ANNOTATIONS_PER_REQUEST)
    batches.push(annotations.slice(i, i + ANNOTATIONS_PER_REQUEST))
  const single = batches.length <= 1
  const where = `${owner}/${repo}@${args.headSha.slice(0, 7)}`

  // The summary goes once, with the conclusion; batches before it carry a progress line.
  const finalOutput = (batch: CheckRunAnnotation[] | undefined, failure?: string) => ({
    title: args.title,
    summary: finalSummary(args.summary, summaryNotes(total, annotations.length, failure)),
    ...(batch && batch.length > 0 ? { annotations: batch } : {})
  })
  const progressOutput = (batch: CheckRunAnnotation[]) => ({
    title: args.title,
    summary: `Publishing ${count(annotations.length, 'annotation')}…`,
    annotations: batch
  })

  const budget = new RetryBudget(policy)
  let created: { id: number; html_url: string | null }
  try {
    const { data } = await budget.run(
      () =>
        octokit.rest.checks.create({
          owner,
          repo,
          name: args.name,
          head_sha: args.headSha,
          ...(single
            ? { status: 'completed', conclusion: args.conclusion, output: finalOutput(batches[0]) }
            : { status: 'in_progress', output: progressOutput(batches[0] ?? []) })
        }),
      single ? 0 : COMPLETION_RESERVE_MS
    )
    created = data
  } catch (error) {
    if (isPermissionDenied(error)) {
      const reason =
        `Could not publish a check run on ${where}: ${githubAnswer(error)}. ` +
        'Give the workflow `checks: write` to get every finding as an annotation; the ' +
        'workflow-command annotations and the job summary are unaffected.'
      logger.debug(reason)
      return { action: 'skipped', reason }
    }
    const reason =
      `Could not create the check run on ${where}: ${githubAnswer(error)}. ` +
      'The workflow-command annotations, the job summary and the reports have the findings.'
    logger.warning(reason)
    return { action: 'failed', reason }
  }
  const id = created.id
  const url = created.html_url ?? ''
  let sent = batches[0]?.length ?? 0
  if (single) {
    logger.info(`Published the check run "${args.name}" with ${count(sent, 'annotation')}: ${url}`)
    return { action: 'published', id, url, annotations: sent, omitted }
  }

  let failure: string | undefined
  for (const batch of batches.slice(1, -1)) {
    try {
      await budget.run(
        () =>
          octokit.rest.checks.update({
            owner,
            repo,
            check_run_id: id,
            output: progressOutput(batch)
          }),
        COMPLETION_RESERVE_MS
      )
      sent += batch.length
    } catch (error) {
      failure = `${githubAnswer(error)} after ${count(sent, 'annotation')}`
      break
    }
  }

  // The completion may spend what the batches left, at least the reserve.
  const complete = (batch: CheckRunAnnotation[] | undefined) =>
    budget.run(() =>
      octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: id,
        status: 'completed',
        conclusion: args.conclusion,
        output: finalOutput(batch, failure)
      })
    )
  const last = failure === undefined ? batches.at(-1) : undefined
  try {
    await complete(last)
    if (last) sent += last.length
  } catch (error) {
    if (last === undefined) return leftInProgress(error)
    failure = `${githubAnswer(error)} after ${count(sent, 'annotation')}`
    try {
      await complete(undefined)
    } catch (again) {
      return leftInProgress(again)
    }
  }

  if (failure === undefined) {
    logger.info(`Published the check run "${args.name}" with ${count(sent, 'annotation')}: ${url}`)
    return { action: 'published', id, url, annotations: sent, omitted }
  }
  const reason =
    `The check run on ${where} has ${sent} of its ${annotations.length} annotations: ${failure}. ` +
    `It is completed with conclusion ${args.conclusion}; the JSON report has every finding.`
  logger.warning(reason)
  return { action: 'incomplete', id, url, annotations: sent, omitted, reason }

  function leftInProgress(error: unknown): CheckRunOutcome {
    const reason =
      `Could not complete the check run on ${where} (${url}): ` +
      `${githubAnswer(error)}${failure === undefined ? '' : `; before that, ${failure}`}. ` +
      'It may stay in progress; the step result, the outputs, the job summary and the reports ' +
      'are unaffected.'
    logger.warning(reason)
    return { action: 'failed', reason, id, url }
  }
}

/** Lines put before the summary when not every finding is an annotation on the check run. */
function summaryNotes(total: number, planned: number, failure: string | undefined): string {
  const notes: string[] = []
  if (planned < total)
    notes.push(
      `> **${count(planned, 'finding')} of ${total.toLocaleString('en-US')} are annotated on this check run** ` +
        `(the most severe and the new ones first; GitHub takes 50 per request). The other ` +
        `${(total - planned).toLocaleString('en-US')} are in the JSON and SARIF reports.`
    )
  if (failure !== undefined)
    notes.push(
      `> **Not every annotation could be published:** ${failure}. ` +
        'The JSON and SARIF reports have every finding.'
    )
  return notes.length > 0 ? `${notes.join('\n>\n')}\n\n` : ''
}

const count = (n: number, word: string): string =>
  `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

const utf8Length = (text: string): number => Buffer.byteLength(text, 'utf8')

/**
 * The notes, then the summary rendered in the room they leave. A summary over its room (a
 * renderer that does not keep to it) is left out whole rather than cut inside a table, so the
 * run is still accepted and completed.
 */
function finalSummary(render: (maxBytes: number) => string, notes: string): string {
  const room = MAX_SUMMARY_BYTES - utf8Length(notes)
  const text = render(room)
  if (utf8Length(text) <= room) return notes + text
  return `${notes}The report did not fit in a check run; the job summary of this run has it.`
}
