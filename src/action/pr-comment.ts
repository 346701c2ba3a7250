/**
 * The sticky pull request comment: one comment per key, found again by its hidden marker and
 * edited in place on every run (action-conventions.md §3.1). A read-only token (fork pull
 * requests, Dependabot, no `pull-requests: write`) downgrades to a warning (§3.4).
 */
import type { getOctokit } from '@actions/github'
import type { Logger } from '../core/logger.js'
import { commentMarker } from '../report/comment.js'
import { errorMessage, httpStatus } from './http-errors.js'

export type GitHubClient = ReturnType<typeof getOctokit>

export interface CommentOutcome {
  action: 'created' | 'updated' | 'unchanged' | 'skipped'
  commentId?: number
  url?: string
  /** Why the comment was skipped. */
  reason?: string
}

export interface StickyCommentArgs {
  octokit: GitHubClient
  owner: string
  repo: string
  /** The pull request number (PR comments go through the issues API). */
  issueNumber: number
  /** Usually from buildCommentBody(); the marker for `key` is appended if it is missing. */
  body: string
  key?: string
  logger: Logger
}

/** Creates our comment on the pull request, or updates the one an earlier run left. */
export async function upsertStickyComment(args: StickyCommentArgs): Promise<CommentOutcome> {
  const { octokit, owner, repo, issueNumber, logger } = args
  const marker = commentMarker(args.key)
  const body = args.body.includes(marker) ? args.body : `${args.body.trimEnd()}\n\n${marker}`
  const where = `${owner}/${repo}#${issueNumber}`

  let attempt = 'list the comments of'
  try {
    const existing = await findStickyComment(octokit, { owner, repo, issueNumber, marker })
    if (existing !== undefined) {
      if (sameText(existing.body, body)) {
        logger.debug(`The celgate comment on ${where} is up to date: ${existing.html_url}`)
        return { action: 'unchanged', commentId: existing.id, url: existing.html_url }
      }
      attempt = 'update the comment on'
      const { data } = await octokit.rest.issues.updateComment({
        owner,
        repo,
        comment_id: existing.id,
        body
      })
      logger.info(`Updated the celgate comment on ${where}: ${data.html_url}`)
      return { action: 'updated', commentId: data.id, url: data.html_url }
    }
    attempt = 'comment on'
    const { data } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issueNumber,
      body
    })
    logger.info(`Commented on ${where}: ${data.html_url}`)
    return { action: 'created', commentId: data.id, url: data.html_url }
  } catch (error) {
    const status = httpStatus(error)
    if (status !== 403 && status !== 404) throw error
    const reason =
      `Could not ${attempt} ${where}: GitHub answered ${status} (${errorMessage(error)}). ` +
      'The token needs the `pull-requests: write` permission; pull requests from forks and ' +
      'Dependabot runs only get a read-only token. The findings are still in the annotations ' +
      'and the job summary.'
    logger.warning(reason)
    return { action: 'skipped', reason }
  }
}

interface IssueComment {
  id: number
  body?: string
  html_url: string
  created_at: string
  user: { login: string; type: string } | null
}

/**
 * Our earlier comment: it carries the marker and was written by a bot (the token's identity,
 * usually `github-actions[bot]`), so a person quoting the marker is never edited. When a race
 * left several, the newest wins.
 */
async function findStickyComment(
  octokit: GitHubClient,
  where: { owner: string; repo: string; issueNumber: number; marker: string }
): Promise<IssueComment | undefined> {
  let newest: IssueComment | undefined
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: where.owner,
    repo: where.repo,
    issue_number: where.issueNumber,
    per_page: 100
  })
  for await (const { data } of pages) {
    for (const comment of data) {
      if (comment.user?.type !== 'Bot' || comment.body?.includes(where.marker) !== true) continue
      if (newest === undefined || isNewer(comment, newest)) newest = comment
    }
  }
  return newest
}

function isNewer(a: IssueComment, b: IssueComment): boolean {
  if (a.created_at !== b.created_at) return a.created_at > b.created_at
  return a.id > b.id
}

/** GitHub may hand back CRLF line ends; they do not make the comment different. */
function sameText(a: string | undefined, b: string): boolean {
  return a !== undefined && a.replace(/\r\n/g, '\n') === b.replace(/\r\n/g, '\n')
}

/** The part of `@actions/github`'s `context` that pullRequestTarget reads. */
export interface EventContext {
  readonly eventName: string
  readonly actor?: string
  readonly payload: { readonly [key: string]: unknown }
  readonly repo: { owner: string; repo: string }
}

export interface PullRequestTarget {
  owner: string
  repo: string
  issueNumber: number
  /** The head commit of the PR: check runs go here, not on GITHUB_SHA (the test merge). */
  headSha: string
  /** The base branch's commit when the event was sent (the diff of the PR starts at its merge base). */
  baseSha?: string
  /**
   * The head is in another repository, or Dependabot triggered the run: on `pull_request` the
   * token is then read-only, so the caller skips the comment and check run with one notice.
   */
  isFork: boolean
}

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target'])

/** The pull request this run is about, or undefined when the event is not a pull request. */
export function pullRequestTarget(context: EventContext): PullRequestTarget | undefined {
  if (!PULL_REQUEST_EVENTS.has(context.eventName)) return undefined
  const pr = record(context.payload['pull_request'])
  const head = record(pr?.['head'])
  const issueNumber = pr?.['number']
  const headSha = head?.['sha']
  if (typeof issueNumber !== 'number' || typeof headSha !== 'string') return undefined

  const { owner, repo } = context.repo
  // A deleted fork leaves head.repo null: still a fork.
  const headRepo = record(head?.['repo'])?.['full_name']
  const baseRepo = record(record(pr?.['base'])?.['repo'])?.['full_name'] ?? `${owner}/${repo}`
  const crossRepository =
    typeof headRepo !== 'string' ||
    typeof baseRepo !== 'string' ||
    headRepo.toLowerCase() !== baseRepo.toLowerCase()
  const isFork = crossRepository || context.actor === 'dependabot[bot]'
  const baseSha = record(pr?.['base'])?.['sha']
  return {
    owner,
    repo,
    issueNumber,
    headSha,
    ...(typeof baseSha === 'string' ? { baseSha } : {}),
    isFork
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined
}
