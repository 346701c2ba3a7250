/**
 * The sticky pull request comment: one comment per key, found again by its hidden marker and
 * edited in place on every run (action-conventions.md §3.1). A comment is ours only when the
 * token's own account wrote it and it ends with our marker for this key: a person quoting the
 * marker, or another app's comment that carries it, is never edited. A read-only token (fork
 * pull requests, Dependabot, no `pull-requests: write`) downgrades to a warning (§3.4), as does
 * any other failure: the comment never fails the step.
 */
import type { getOctokit } from '@actions/github'
import { createHash } from 'node:crypto'
import type { Logger } from '../core/logger.js'
import { commentMarker } from '../report/comment.js'
import { githubAnswer } from './http-errors.js'
import { DEFAULT_RETRY_POLICY, RetryBudget, isPermissionDenied } from './rate-limit.js'
import type { RetryPolicy } from './rate-limit.js'

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
  /** Rate-limit retries; the default waits for real. */
  retry?: RetryPolicy
}

/** Pages of 100 comments read to find ours: a pull request with more is left a new comment. */
export const MAX_COMMENT_PAGES = 30

/**
 * The default `comment-key`: the workflow and the job, so two celgate jobs on one pull request
 * keep a comment each. Names longer than 100 characters are replaced by a hash of them.
 */
export function defaultCommentKey(env: NodeJS.ProcessEnv): string {
  const workflow = env['GITHUB_WORKFLOW'] ?? ''
  const job = env['GITHUB_JOB'] ?? ''
  if (workflow === '' && job === '') return 'default'
  const key = `${workflow}/${job}`
  return key.length <= 100
    ? key
    : `sha256-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`
}

/** Creates our comment on the pull request, or updates the one an earlier run left. */
export async function upsertStickyComment(args: StickyCommentArgs): Promise<CommentOutcome> {
  const { octokit, owner, repo, issueNumber, logger } = args
  const marker = commentMarker(args.key)
  const body = args.body.includes(marker) ? args.body : `${args.body.trimEnd()}\n\n${marker}`
  const where = `${owner}/${repo}#${issueNumber}`
  const budget = new RetryBudget(args.retry ?? DEFAULT_RETRY_POLICY)

  const identity = await tokenLogin(octokit, budget)
  if (identity.login === undefined) {
    const reason =
      `Could not tell which account the token belongs to (GET /user: ${identity.user}; ` +
      `GraphQL viewer: ${identity.viewer}), so the comment on ${where} is not posted: without ` +
      'it an earlier celgate comment cannot be told from another account’s. The findings are ' +
      'in the annotations and the job summary.'
    logger.warning(reason)
    return { action: 'skipped', reason }
  }

  let attempt = 'list the comments of'
  try {
    const existing = await findStickyComment(octokit, budget, {
      owner,
      repo,
      issueNumber,
      marker,
      login: identity.login
    })
    if (existing.truncated)
      logger.warning(
        `${where} has ${MAX_COMMENT_PAGES * 100} comments or more; celgate read the first ` +
          `${MAX_COMMENT_PAGES * 100} and ${existing.comment ? 'updates its newest among them' : 'adds a new comment'}.`
      )
    const found = existing.comment
    if (found !== undefined) {
      if (sameText(found.body, body)) {
        logger.debug(`The celgate comment on ${where} is up to date: ${found.html_url}`)
        return { action: 'unchanged', commentId: found.id, url: found.html_url }
      }
      attempt = 'update the comment on'
      const { data } = await budget.run(() =>
        octokit.rest.issues.updateComment({ owner, repo, comment_id: found.id, body })
      )
      logger.info(`Updated the celgate comment on ${where}: ${data.html_url}`)
      return { action: 'updated', commentId: data.id, url: data.html_url }
    }
    attempt = 'comment on'
    const { data } = await budget.run(() =>
      octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body })
    )
    logger.info(`Commented on ${where}: ${data.html_url}`)
    return { action: 'created', commentId: data.id, url: data.html_url }
  } catch (error) {
    const permission = isPermissionDenied(error)
    const reason =
      `Could not ${attempt} ${where}: ${githubAnswer(error)}. ` +
      (permission
        ? 'The token needs the `pull-requests: write` permission; pull requests from forks and ' +
          'Dependabot runs only get a read-only token. '
        : '') +
      'The findings are still in the annotations and the job summary.'
    logger.warning(reason)
    return { action: 'skipped', reason }
  }
}

/**
 * The login the token acts as, which its comments carry. A personal access token reads it from
 * `GET /user`; installation tokens (the workflow's GITHUB_TOKEN, GitHub Apps) are refused there
 * ("Resource not accessible by integration") and `GET /app` wants the app's JWT, but GraphQL's
 * `viewer` answers for both, with the bot's login (`github-actions[bot]`, `<app-slug>[bot]`),
 * as marocchino/sticky-pull-request-comment relies on.
 */
async function tokenLogin(
  octokit: GitHubClient,
  budget: RetryBudget
): Promise<{ login?: string; user?: string; viewer?: string }> {
  let user: string
  try {
    const { data } = await budget.run(() => octokit.rest.users.getAuthenticated())
    if (typeof data.login === 'string' && data.login !== '') return { login: data.login }
    user = 'no login in the answer'
  } catch (error) {
    user = githubAnswer(error)
  }
  try {
    const data = await budget.run(() =>
      octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }')
    )
    const login = data.viewer?.login
    if (typeof login === 'string' && login !== '') return { login }
    return { user, viewer: 'no login in the answer' }
  } catch (error) {
    return { user, viewer: githubAnswer(error) }
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
 * Our earlier comment: written by `login` and ending with the marker, so a person quoting the
 * marker or another account's comment is never edited. When a race left several, the newest
 * wins. At most MAX_COMMENT_PAGES pages are read.
 */
async function findStickyComment(
  octokit: GitHubClient,
  budget: RetryBudget,
  where: { owner: string; repo: string; issueNumber: number; marker: string; login: string }
): Promise<{ comment?: IssueComment; truncated: boolean }> {
  let newest: IssueComment | undefined
  const perPage = 100
  for (let page = 1; page <= MAX_COMMENT_PAGES; page++) {
    const { data } = await budget.run(() =>
      octokit.rest.issues.listComments({
        owner: where.owner,
        repo: where.repo,
        issue_number: where.issueNumber,
        per_page: perPage,
        page
      })
    )
    for (const comment of data) {
      if (comment.user?.login !== where.login || !endsWithMarker(comment.body, where.marker))
        continue
      if (newest === undefined || isNewer(comment, newest)) newest = comment
    }
    if (data.length < perPage) return { ...(newest ? { comment: newest } : {}), truncated: false }
  }
  return { ...(newest ? { comment: newest } : {}), truncated: true }
}

/** Our bodies end with the marker (buildCommentBody, or the append above). */
function endsWithMarker(body: string | undefined, marker: string): boolean {
  return body !== undefined && body.trimEnd().endsWith(marker)
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

/** The part of `@actions/github`'s `context` that reportLinks reads. */
export interface RunContext {
  readonly serverUrl: string
  readonly repo: { owner: string; repo: string }
  readonly runId: number
  readonly runAttempt?: number
  /** The commit the workflow runs on: on pull requests, the test merge, not the head. */
  readonly sha: string
}

/**
 * Where the reports link to: `file:line` to the reviewed commit (the PR's head, since the test
 * merge commit GITHUB_SHA names is gone once the PR moves on), and the job summary to this
 * run's attempt, so a re-run's comment does not point at the first attempt's summary.
 */
export function reportLinks(
  context: RunContext,
  target: PullRequestTarget | undefined
): { blobBase: string; runUrl: string } {
  const server = context.serverUrl.replace(/\/+$/, '')
  const repository = `${server}/${encodeURIComponent(context.repo.owner)}/${encodeURIComponent(context.repo.repo)}`
  const sha = target?.headSha ?? context.sha
  const attempt =
    context.runAttempt !== undefined && context.runAttempt > 0
      ? `/attempts/${context.runAttempt}`
      : ''
  return {
    blobBase: `${repository}/blob/${encodeURIComponent(sha)}`,
    runUrl: `${repository}/actions/runs/${context.runId}${attempt}`
  }
}
