/**
 * The Action's rate-limit retries without waiting: the waits asked for are recorded instead of
 * slept, and the clock stands still at `now`.
 */
import type { RetryPolicy } from '../../src/action/rate-limit.js'

export function instantRetry(now = 0): { retry: RetryPolicy; sleeps: number[] } {
  const sleeps: number[] = []
  const retry: RetryPolicy = {
    maxAttempts: 4,
    maxTotalWaitMs: 120_000,
    sleep: (ms) => {
      sleeps.push(ms)
      return Promise.resolve()
    },
    now: () => now
  }
  return { retry, sleeps }
}
