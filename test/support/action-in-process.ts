/**
 * Runs the Action in process from the sources (the bundle in dist/ is rebuilt separately), as
 * the runner would: inputs as INPUT_<NAME> (hyphens kept), the step summary and outputs as
 * files, the event from GITHUB_EVENT_PATH. The Action is imported afresh for each run, since
 * `github.context` reads the environment when it loads.
 */
import { afterAll, beforeAll, jest } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface InProcessActionRun {
  /** The step failed (exit code 1). */
  failed: boolean
  stdout: string
  stderr: string
  /** stdout and stderr as the runner reads them, interleaved in the order written. */
  log: string
  summary: string
  /** The GITHUB_OUTPUT file's text. */
  outputs: string
  runnerTemp: string
}

export interface ActionEvent {
  name: string
  payload: unknown
}

export interface InProcessActionOptions {
  workspace: string
  inputs: Record<string, string>
  /** An empty folder for the runner's files (summary, outputs, event, RUNNER_TEMP). */
  runnerDir: string
  /** Default: a push event. */
  event?: ActionEvent
  env?: Record<string, string>
}

const isRunnerVariable = (key: string): boolean =>
  key.startsWith('INPUT_') || key.startsWith('GITHUB_') || key.startsWith('RUNNER_')

/** Clears the runner's variables for the test file and restores the environment after it. */
export function isolateRunnerEnvironment(): void {
  const saved = { ...process.env }
  beforeAll(() => {
    for (const key of Object.keys(process.env)) if (isRunnerVariable(key)) delete process.env[key]
  })
  afterAll(() => {
    process.env = saved
  })
}

/** A `pull_request` event from `main` (the base) to HEAD of the repository. */
export function pullRequestEvent(repo: string): ActionEvent {
  const sha = (ref: string): string =>
    execFileSync('git', ['rev-parse', ref], { cwd: repo, encoding: 'utf8' }).trim()
  return {
    name: 'pull_request',
    payload: {
      pull_request: {
        number: 7,
        head: { sha: sha('HEAD'), repo: { full_name: 'octo-org/demo' } },
        base: { sha: sha('main'), repo: { full_name: 'octo-org/demo' } }
      },
      repository: { name: 'demo', owner: { login: 'octo-org' } }
    }
  }
}

export async function runActionInProcess(
  options: InProcessActionOptions
): Promise<InProcessActionRun> {
  const dir = options.runnerDir
  const files = {
    summary: path.join(dir, 'summary.md'),
    output: path.join(dir, 'output.txt'),
    event: path.join(dir, 'event.json')
  }
  writeFileSync(files.summary, '')
  writeFileSync(files.output, '')
  writeFileSync(files.event, JSON.stringify(options.event?.payload ?? {}))
  for (const key of Object.keys(process.env)) if (isRunnerVariable(key)) delete process.env[key]
  Object.assign(process.env, {
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_OUTPUT: files.output,
    GITHUB_REPOSITORY: 'octo-org/demo',
    GITHUB_EVENT_NAME: options.event?.name ?? 'push',
    GITHUB_EVENT_PATH: files.event,
    RUNNER_TEMP: dir,
    'INPUT_CHECK-RUN': 'false',
    'INPUT_KUBERNETES-VERSIONS': '1.36',
    ...options.env,
    ...Object.fromEntries(
      Object.entries(options.inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])
    )
  })
  let stdout = ''
  let stderr = ''
  let log = ''
  const capture =
    (stream: 'stdout' | 'stderr') =>
    (chunk: unknown): boolean => {
      const text = String(chunk)
      if (stream === 'stdout') stdout += text
      else stderr += text
      log += text
      return true
    }
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture('stdout'))
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture('stderr'))
  const exitCode = process.exitCode
  try {
    jest.resetModules()
    const { run } = await import('../../src/action/main.js')
    await run()
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
  const failed = process.exitCode === 1
  process.exitCode = exitCode
  return {
    failed,
    stdout,
    stderr,
    log,
    summary: readFileSync(files.summary, 'utf8'),
    outputs: readFileSync(files.output, 'utf8'),
    runnerTemp: dir
  }
}
