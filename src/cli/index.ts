import { enableParallelParsing, isParseWorker, runParseWorker } from '../workspace/parse-pool.js'
import { runCli } from './main.js'

if (isParseWorker()) runParseWorker()
else {
  enableParallelParsing(import.meta.url)
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
}
