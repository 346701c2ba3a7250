import { enableParallelParsing, isParseWorker, runParseWorker } from '../workspace/parse-pool.js'
import { run } from './main.js'

/** Runs the Action, or the worker task this thread was started for; `entry` is the bundle's URL. */
export function start(entry: string): void {
  if (isParseWorker()) return runParseWorker()
  enableParallelParsing(entry)
  void run()
}
