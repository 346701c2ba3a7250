import { exitWhenFlushed } from '../core/process-exit.js'
import { startEntry } from '../workspace/parse-pool.js'
import { run } from './main.js'

/** Runs the Action, or the worker task this thread was started for; `entry` is the bundle's URL. */
export function start(entry: string): void {
  // A failure run() lets through stays an unhandled rejection, which Node reports and exits 1 on.
  startEntry(entry, () => void run().then(() => exitWhenFlushed(process.exitCode)))
}
