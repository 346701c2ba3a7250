/**
 * Runs the Action bundle (`node dist/index.js`) as the runner does: inputs as INPUT_<NAME>
 * (hyphens kept), the step summary and outputs as files, the event from GITHUB_EVENT_PATH.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const REPO_ROOT = path.resolve(new URL('../../', import.meta.url).pathname)

export interface ActionRun {
  code: number | null
  stdout: string
  stderr: string
  summary: string
  outputs: Record<string, string>
}

export interface ActionRunOptions {
  inputs: Record<string, string>
  /** The workspace, also the working directory (default the repository). */
  workspace?: string
  env?: Record<string, string>
  /** Where the run's files (summary, outputs, RUNNER_TEMP) go. */
  scratch: string
}

export async function runAction(options: ActionRunOptions): Promise<ActionRun> {
  const dir = mkdtempSync(path.join(options.scratch, 'run-'))
  const summaryFile = path.join(dir, 'summary.md')
  const outputFile = path.join(dir, 'output.txt')
  writeFileSync(summaryFile, '')
  writeFileSync(outputFile, '')
  const workspace = options.workspace ?? REPO_ROOT
  const inputEnv = Object.fromEntries(
    Object.entries(options.inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])
  )
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'dist/index.js')], {
    cwd: workspace,
    env: {
      PATH: process.env.PATH ?? '',
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_OUTPUT: outputFile,
      RUNNER_TEMP: dir,
      GITHUB_REPOSITORY: 'octo-org/demo',
      ...inputEnv,
      ...options.env
    }
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return {
    code,
    stdout,
    stderr,
    summary: readFileSync(summaryFile, 'utf8'),
    outputs: parseOutputs(readFileSync(outputFile, 'utf8'))
  }
}

/** The GITHUB_OUTPUT file format: `name<<delimiter`, value lines, `delimiter`. */
export function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]!)
    if (!m) continue
    const value: string[] = []
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]!)
    out[m[1]!] = value.join('\n')
  }
  return out
}
