import { startEntry } from '../workspace/parse-pool.js'
import { run } from './main.js'

/** Runs the Action, or the worker task this thread was started for; `entry` is the bundle's URL. */
export function start(entry: string): void {
  startEntry(entry, () => void run())
}
