/**
 * Retries of GitHub API calls refused by a rate limit, as GitHub's REST docs ask ("Rate limits
 * for the REST API", exceeding the rate limit): a 403 or 429 with `retry-after` waits that many
 * seconds; with `x-ratelimit-remaining: 0` it waits until `x-ratelimit-reset` (UTC epoch
 * seconds); a secondary limit without either waits at least a minute, doubling on each retry.
 * Attempts and the total wait are bounded: a wait longer than what is left of the budget is not
 * started, and the error is handed back for the caller to report.
 */
import { errorMessage, httpStatus, responseHeader } from './http-errors.js'

export interface RetryPolicy {
  /** Attempts per request, the first included. */
  maxAttempts: number
  /** Milliseconds of waiting allowed over every request sharing this budget. */
  maxTotalWaitMs: number
  /** Injectable so tests do not sleep. */
  sleep: (ms: number) => Promise<void>
  /** Injectable clock (epoch milliseconds), to read `x-ratelimit-reset`. */
  now: () => number
}

/** What one publication (the comment, the check run) may spend on waiting. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  maxTotalWaitMs: 120_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now()
}

/** GitHub's advice for a secondary limit that names no time. */
const SECONDARY_LIMIT_WAIT_MS = 60_000

/** A budget of waiting shared by several requests. */
export class RetryBudget {
  private waitedMs = 0
  constructor(readonly policy: RetryPolicy = DEFAULT_RETRY_POLICY) {}

  get remainingMs(): number {
    return Math.max(0, this.policy.maxTotalWaitMs - this.waitedMs)
  }

  /**
   * Runs `request`, retrying it while GitHub answers with a rate limit and the budget allows;
   * `reserveMs` of the budget are left for a request that must come after (a completion).
   */
  async run<T>(request: () => Promise<T>, reserveMs = 0): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await request()
      } catch (error) {
        const wait = rateLimitWaitMs(error, attempt, this.policy.now())
        if (
          wait === undefined ||
          attempt >= this.policy.maxAttempts ||
          wait > this.remainingMs - reserveMs
        )
          throw error
        this.waitedMs += wait
        await this.policy.sleep(wait)
      }
    }
  }
}

/**
 * How long to wait before retrying after `error` (the `attempt`-th failure of one request), or
 * undefined when it is no rate limit: a 403 without rate-limit headers or message is a missing
 * permission, and retrying it changes nothing.
 */
export function rateLimitWaitMs(error: unknown, attempt: number, now: number): number | undefined {
  const status = httpStatus(error)
  if (status !== 403 && status !== 429) return undefined
  const retryAfter = responseHeader(error, 'retry-after')
  if (retryAfter !== undefined && /^\d+$/.test(retryAfter.trim()))
    return Number(retryAfter.trim()) * 1000
  if (responseHeader(error, 'x-ratelimit-remaining') === '0') {
    const reset = Number(responseHeader(error, 'x-ratelimit-reset'))
    if (Number.isFinite(reset)) return Math.max(0, reset * 1000 - now)
  }
  if (status === 429 || /rate limit/i.test(errorMessage(error)))
    return SECONDARY_LIMIT_WAIT_MS * 2 ** (attempt - 1)
  return undefined
}

/** Whether GitHub refused `error` for a rate limit (after the retries, if any, were spent). */
export function isRateLimited(error: unknown): boolean {
  return rateLimitWaitMs(error, 1, 0) !== undefined
}

/**
 * Whether GitHub refused `error` for want of a permission: 403 or 404 (GitHub hides what a token
 * may not see), and no rate limit.
 */
export function isPermissionDenied(error: unknown): boolean {
  const status = httpStatus(error)
  return (status === 403 || status === 404) && !isRateLimited(error)
}
