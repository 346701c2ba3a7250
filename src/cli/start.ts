import { startEntry } from '../workspace/parse-pool.js'
import { runCli } from './main.js'

/** Runs the CLI, or the worker task this thread was started for; `entry` is the bundle's URL. */
export function start(entry: string): void {
  startEntry(entry, () => {
    runCli(process.argv.slice(2), {
      stdout: process.stdout,
      stderr: process.stderr,
      env: process.env,
      cwd: process.cwd()
    }).then(
      (code) => {
        process.exitCode = code
      },
      (err: unknown) => {
        process.stderr.write(
          `celgate: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`
        )
        process.exitCode = 2
      }
    )
  })
}
