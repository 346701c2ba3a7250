import { dropOutputOnceReaderCloses, exitWhenFlushed } from '../core/process-exit.js'
import { startEntry } from '../workspace/parse-pool.js'
import { EXIT_INTERNAL_ERROR, internalErrorText } from './internal-error.js'
import { runCli } from './main.js'

/** Runs the CLI, or the worker task this thread was started for; `entry` is the bundle's URL. */
export function start(entry: string): void {
  startEntry(entry, () => {
    dropOutputOnceReaderCloses(process.stdout)
    dropOutputOnceReaderCloses(process.stderr)
    runCli(process.argv.slice(2), {
      stdout: process.stdout,
      stderr: process.stderr,
      // Touched only by `celgate check -`: opening stdin on a terminal is not free.
      get stdin() {
        return process.stdin
      },
      env: process.env,
      cwd: process.cwd()
    }).then(
      (code) => exitWhenFlushed(code),
      (err: unknown) => {
        // Never 2: that code means the invocation was wrong, and this is celgate's own failure.
        process.stderr.write(internalErrorText(err, 'before any report was written'))
        return exitWhenFlushed(EXIT_INTERNAL_ERROR)
      }
    )
  })
}
