/**
 * Runs the CLI in process, as `celgate <args>` in `cwd`, with stdout and stderr captured (neither
 * is a terminal).
 */
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'

export interface CliRun {
  code: number
  out: string
  err: string
}

export async function runCliCaptured(args: string[], cwd: string): Promise<CliRun> {
  const stdout = Object.assign(new PassThrough(), { isTTY: false })
  const stderr = Object.assign(new PassThrough(), { isTTY: false })
  let out = ''
  let err = ''
  stdout.on('data', (d: Buffer) => (out += d.toString()))
  stderr.on('data', (d: Buffer) => (err += d.toString()))
  const code = await runCli(args, { stdout, stderr, env: {}, cwd })
  return { code, out, err }
}
