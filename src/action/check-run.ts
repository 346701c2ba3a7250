/**
 * The check run (issue 9 item 4, action-conventions.md §3.2): every finding as an annotation on
 * the pull request's head commit — not bound by the 10-per-step limit of workflow commands —
 * with the job summary as its output and the gate as its conclusion. GitHub takes 50
 * annotations per request, so the first batch goes with the create call and the rest follow
 * in updates (each appends); the conclusion is set last, so the run never shows as finished
 * with half its annotations. A token without `checks: write` gets a 403: the caller then
 * relies on the workflow-command annotations alone.
 */
import type { Finding } from '../findings/model.js'
import { compareFindings } from '../findings/model.js'
import type { Logger } from '../core/logger.js'
import { toAnnotation } from '../report/annotations.js'
import { errorMessage, httpStatus } from './http-errors.js'
import type { GitHubClient } from './pr-comment.js'

/** GitHub's limits for one check-run request. */
export const ANNOTATIONS_PER_REQUEST = 50
export const MAX_OUTPUT_TEXT = 65_535

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
  /** Markdown; cut to GitHub's 65,535 characters. */
  summary: string
  conclusion: CheckRunConclusion
  findings: readonly Finding[]
  logger: Logger
}

export type CheckRunOutcome =
  | { action: 'published'; id: number; url: string; annotations: number }
  | { action: 'skipped'; reason: string }

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

/** Creates the check run with all findings as annotations; a 403/404 becomes a skip. */
export async function publishCheckRun(args: CheckRunArgs): Promise<CheckRunOutcome> {
  const { octokit, owner, repo, logger } = args
  const annotations = [...args.findings].sort(compareFindings).map(checkRunAnnotation)
  const batches: CheckRunAnnotation[][] = []
  for (let i = 0; i < annotations.length; i += ANNOTATIONS_PER_REQUEST)
    batches.push(annotations.slice(i, i + ANNOTATIONS_PER_REQUEST))
  const output = (batch: CheckRunAnnotation[] | undefined) => ({
    title: args.title,
    summary: truncate(args.summary, MAX_OUTPUT_TEXT),
    ...(batch ? { annotations: batch } : {})
  })

  try {
    const { data } = await octokit.rest.checks.create({
      owner,
      repo,
      name: args.name,
      head_sha: args.headSha,
      status: 'in_progress',
      output: output(batches[0])
    })
    for (const batch of batches.slice(1))
      await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: data.id,
        output: output(batch)
      })
    await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: data.id,
      status: 'completed',
      conclusion: args.conclusion
    })
    logger.info(
      `Published the check run "${args.name}" with ${annotations.length} annotations: ${data.html_url}`
    )
    return {
      action: 'published',
      id: data.id,
      url: data.html_url ?? '',
      annotations: annotations.length
    }
  } catch (error) {
    const status = httpStatus(error)
    if (status !== 403 && status !== 404) throw error
    const reason =
      `Could not publish a check run on ${owner}/${repo}@${args.headSha.slice(0, 7)}: GitHub answered ` +
      `${status} (${errorMessage(error)}). Give the workflow \`checks: write\` to get every finding ` +
      'as an annotation; the workflow-command annotations and the job summary are unaffected.'
    logger.debug(reason)
    return { action: 'skipped', reason }
  }
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  const note = '\n\n… cut to fit GitHub’s 65,535-character limit; the job summary has it all.'
  return text.slice(0, max - note.length) + note
}
