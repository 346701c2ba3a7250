/**
 * The timings of a run's phases, in the order they end: the `timings` of the check and test
 * reports (result.ts PhaseTiming).
 */
import type { PhaseTiming } from './result.js'

export interface PhaseTimer {
  /** The phases timed so far, each in whole milliseconds. */
  readonly timings: PhaseTiming[]
  /** Runs `fn` and records how long it took (also when it throws) as `phase`. */
  readonly timed: <T>(phase: string, fn: () => Promise<T> | T) => Promise<T>
  /** Records a phase timed elsewhere (e.g. in a worker thread). */
  readonly record: (phase: string, ms: number) => void
}

export function phaseTimer(): PhaseTimer {
  const timings: PhaseTiming[] = []
  const record = (phase: string, ms: number): void => {
    timings.push({ phase, ms: Math.round(ms) })
  }
  return {
    timings,
    record,
    timed: async <T>(phase: string, fn: () => Promise<T> | T): Promise<T> => {
      const start = performance.now()
      try {
        return await fn()
      } finally {
        record(phase, performance.now() - start)
      }
    }
  }
}
