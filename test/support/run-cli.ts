/**
 * Runs the CLI in process, as `celgate <args>` in `cwd`, with stdout and stderr captured (neither
 * is a terminal).
 */
import { PassThrough, Readable } from 'node:stream'
import { runCli } from '../../src/cli/main.js'

export interface CliRun {
  code: number
  out: string
  err: string
}

/** `stdin`, when given, is what the run reads as its standard input (`celgate check -`). */
export async function runCliCaptured(
  args: string[],
  cwd: string,
  stdin?: string | Uint8Array
): Promise<CliRun> {
  const stdout = Object.assign(new PassThrough(), { isTTY: false })
  const stderr = Object.assign(new PassThrough(), { isTTY: false })
  let out = ''
  let err = ''
  stdout.on('data', (d: Buffer) => (out += d.toString()))
  stderr.on('data', (d: Buffer) => (err += d.toString()))
  const input = stdin === undefined ? {} : { stdin: Readable.from([Buffer.from(stdin)]) }
  const code = await runCli(args, { stdout, stderr, ...input, env: {}, cwd })
  return { code, out, err }
}
