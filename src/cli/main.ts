/**
 * The CLI front end: `celgate check [root]` with flags mirroring the Action inputs.
 * Exit codes: 0 passed, 1 gate failed, 2 usage or configuration error, 3 internal error.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { CheckRun } from '../core/check.js'
import { loadSettings } from '../core/load-settings.js'
import type { LoadedSettings } from '../core/load-settings.js'
import { ConfigError } from '../core/options.js'
import type { Overrides } from '../core/options.js'
import { displayRef } from '../core/delta.js'
import { checkPullRequest, reviewLines } from '../core/pull-request.js'
import { writePolicyReports } from '../core/reports-dir.js'
import type { PullRequestRun } from '../core/pull-request.js'
import { TOOL_VERSION } from '../core/version.js'
import { planAnnotations, renderWorkflowCommands } from '../report/annotations.js'
import { jsonReportText } from '../report/json.js'
import { toSarif } from '../report/sarif.js'
import { renderSummary } from '../report/summary.js'
import { renderText } from '../report/text.js'
import { plainLogLine } from '../report/workflow-commands.js'
import { writeText, writeTextFile } from '../report/write-text.js'
import type { Text } from '../report/write-text.js'
import { consoleLogger } from './console-logger.js'
import { EXIT_INTERNAL_ERROR, internalErrorText } from './internal-error.js'
import { cliTrust, flagOverrides } from './flags.js'
import { runTestCli } from './test-command.js'
import { runBaselineCli } from './baseline-command.js'

export const FORMATS = ['text', 'json', 'sarif', 'markdown', 'github'] as const
export type Format = (typeof FORMATS)[number]

export const EXIT_PASSED = 0
export const EXIT_GATE_FAILED = 1
export const EXIT_USAGE = 2
export { EXIT_INTERNAL_ERROR }

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean }
  stderr: NodeJS.WritableStream & { isTTY?: boolean }
  env: NodeJS.ProcessEnv
  cwd: string
}

const HELP = `celgate ${TOOL_VERSION} — what the apiserver and your policy engines will do with your manifests

Usage:
  celgate check [root] [options]   check the manifests under root (default: .)
  celgate test [paths…] [options]  run the CRD test suites under paths (celgate test --help)
  celgate baseline [root] [options]  accept the findings under root as they are (celgate baseline --help)
  celgate --version | --help

Options:
  --paths GLOB          files to read (repeatable; default **/*.yaml, **/*.yml, **/*.json)
  --exclude GLOB        files or folders to leave out (repeatable; default node_modules, .git, vendor)
  --allow-empty-paths   a --paths glob that matches no file is fine (default: an error)
  --config FILE         settings file (default: .celgate.yaml in root)
  --fail-on LEVEL       error | warning | never (default: error)
  --format FORMAT       text | json | sarif | markdown | github (default: text)
  --output FORMAT=FILE  also write a report to FILE (repeatable), e.g. --output sarif=celgate.sarif
  --max-file-size N     bytes; larger files are reported and not parsed (default 16 MiB)
  --max-crd-size N      bytes; the team's budget for a CRD's JSON size
  --kubernetes-versions V  versions whose apiserver to reproduce: 1.35-1.37 (default), 1.33, 1.30,1.34
  --cost-warn-ratio R   warn when a CEL rule or schema total uses more than R of its budget (default 0.5)
  --cost-fail-ratio R   error above R of its budget (default 1.0, the apiserver's limit)
  --base-ref REF        compare with the merge base of REF and HEAD: new, fixed and unchanged findings, cost and size deltas
  --fail-on-new-only    only new or worsened findings fail (needs --base-ref); existing ones warn
  --max-cost-increase N fail when any CEL rule's cost grows by more than N% (needs --base-ref)
  --baseline FILE       findings recorded in FILE are suppressed (default: .celgate-baseline.json in root, if present)
  --cluster-profile P   the cluster Kyverno's reports are sized for: small | medium | large | repository (default)
                        or a YAML mapping, e.g. '{preset: large, background-scan: false}'
  --reports-budget N    bytes of stored Kyverno reports past which a finding is raised (default: etcd's 8 GiB quota)
  --reports-dir DIR     write the PolicyReports the Kyverno dry-run creates to DIR
  --reports-layout L    aggregated (Kyverno 1.10–1.11, default) | per-resource (1.12+)
  --reports-api A       wgpolicyk8s (default) | openreports
  --no-color            no colours (also when NO_COLOR is set or output is not a terminal)
  --quiet               no progress line on stderr
  --verbose             log each phase on stderr

Exit codes: 0 passed, 1 the gate failed (fail-on), 2 usage or configuration error,
  3 internal error (a bug in celgate: the reports written hold what was checked before it).
`

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'test') return runTestCli(argv.slice(1), io)
  if (argv[0] === 'baseline') return runBaselineCli(argv.slice(1), io)
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        paths: { type: 'string', multiple: true },
        exclude: { type: 'string', multiple: true },
        config: { type: 'string' },
        'fail-on': { type: 'string' },
        format: { type: 'string', short: 'f' },
        output: { type: 'string', short: 'o', multiple: true },
        'max-file-size': { type: 'string' },
        'max-crd-size': { type: 'string' },
        'kubernetes-versions': { type: 'string' },
        'cost-warn-ratio': { type: 'string' },
        'cost-fail-ratio': { type: 'string' },
        'base-ref': { type: 'string' },
        'fail-on-new-only': { type: 'boolean' },
        'allow-empty-paths': { type: 'boolean' },
        'max-cost-increase': { type: 'string' },
        baseline: { type: 'string' },
        'cluster-profile': { type: 'string' },
        'reports-budget': { type: 'string' },
        'reports-dir': { type: 'string' },
        'reports-layout': { type: 'string' },
        'reports-api': { type: 'string' },
        'no-color': { type: 'boolean' },
        quiet: { type: 'boolean', short: 'q' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' }
      }
    })
  } catch (err) {
    io.stderr.write(`celgate: ${err instanceof Error ? err.message : String(err)}\n\n${HELP}`)
    return EXIT_USAGE
  }
  const { values, positionals } = parsed
  if (values.help) {
    io.stdout.write(HELP)
    return EXIT_PASSED
  }
  if (values.version) {
    io.stdout.write(`${TOOL_VERSION}\n`)
    return EXIT_PASSED
  }
  const [command = 'check', ...rest] = positionals
  if (command !== 'check') {
    io.stderr.write(`celgate: unknown command '${command}'\n\n${HELP}`)
    return EXIT_USAGE
  }
  if (rest.length > 1) {
    io.stderr.write(`celgate: check takes one root folder, got ${rest.length}\n`)
    return EXIT_USAGE
  }
  const root = path.resolve(io.cwd, rest[0] ?? '.')

  let format: Format
  let outputs: Array<{ format: Format; file: string }>
  let settings: LoadedSettings
  try {
    format = parseFormat(values.format ?? 'text', '--format')
    outputs = (values.output ?? []).map(parseOutput)
    const overrides: Overrides = {
      ...(values.paths ? { paths: values.paths } : {}),
      ...(values.exclude ? { exclude: values.exclude } : {}),
      ...(values['fail-on-new-only'] ? { 'fail-on-new-only': true } : {}),
      ...(values['allow-empty-paths'] ? { 'allow-empty-paths': true } : {}),
      ...flagOverrides(values, io.cwd)
    }
    settings = loadSettings(
      root,
      values.config !== undefined ? path.resolve(io.cwd, values.config) : undefined,
      overrides,
      cliTrust(root)
    )
    if (settings.output.sarifFile)
      outputs.push({ format: 'sarif', file: settings.output.sarifFile })
    if (settings.output.jsonFile) outputs.push({ format: 'json', file: settings.output.jsonFile })
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr.write(`${plainLogLine(`celgate: ${err.message}`)}\n`)
      return EXIT_USAGE
    }
    throw err
  }

  const color = !values['no-color'] && !io.env.NO_COLOR && io.stdout.isTTY === true
  const logger = consoleLogger(io.stderr, {
    progress: values.quiet !== true,
    verbose: values.verbose === true
  })
  let run: PullRequestRun
  try {
    run = await checkPullRequest(settings.check, logger)
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr.write(`${plainLogLine(`celgate: ${err.message}`)}\n`)
      return EXIT_USAGE
    }
    // Anything else is celgate's own failure, never the user's invocation.
    logger.done()
    io.stderr.write(internalErrorText(err, 'while checking the repository; no report was written'))
    return EXIT_INTERNAL_ERROR
  }
  logger.done()
  const delta = run.result.delta
  if (delta && !delta.available)
    io.stderr.write(
      `${plainLogLine(`celgate: no comparison with ${displayRef(delta.baseRef)}: ${delta.reason}`)}\n`
    )
  // Each report is written on its own: one that fails leaves the others, and the exit code says so.
  let failed = false
  let refused = false
  const attempt = (what: string, write: () => void): void => {
    try {
      write()
    } catch (err) {
      if (err instanceof ConfigError) {
        // The repository's own doing (a link out of the reports folder), not celgate's.
        refused = true
        io.stderr.write(`${plainLogLine(`celgate: ${err.message}`)}\n`)
        return
      }
      failed = true
      io.stderr.write(
        internalErrorText(err, `while writing ${what}; the other reports are written`)
      )
    }
  }
  attempt(`the ${format} report`, () => writeText(io.stdout, render(run, format, color)))
  for (const out of outputs) {
    const file = path.resolve(io.cwd, out.file)
    attempt(`the ${out.format} report to ${out.file}`, () =>
      writeTextFile(file, render(run, out.format, false))
    )
  }
  const reportsDir = settings.output.reportsDir
  if (reportsDir)
    attempt('the Kyverno policy reports', () => {
      const written = writePolicyReports(run, reportsDir)
      const where = path.relative(io.cwd, reportsDir) || '.'
      io.stderr.write(
        `${plainLogLine(`celgate: wrote ${written.length} Kyverno policy reports to ${where}`)}\n`
      )
    })
  // An analyzer that failed on a document reported it as an internal-error finding and the run
  // went on: the reports are complete apart from that, but the result is not a full verdict.
  const internal = run.result.findings.filter((f) => f.ruleId === 'internal-error').length
  if (internal > 0)
    io.stderr.write(
      `${plainLogLine(`celgate: internal error: ${internal} internal-error finding${internal === 1 ? '' : 's'} (a check failed unexpectedly; the reports hold what was checked). Please report it with the document named.`)}\n`
    )
  if (failed || internal > 0) return EXIT_INTERNAL_ERROR
  if (refused) return EXIT_USAGE
  return run.result.gate.failed ? EXIT_GATE_FAILED : EXIT_PASSED
}

export function render(run: CheckRun, format: Format, color: boolean): Text {
  const { result, workspace } = run
  switch (format) {
    case 'json':
      return jsonReportText(result)
    case 'sarif':
      return `${JSON.stringify(toSarif(result), null, 2)}\n`
    case 'markdown':
      return renderSummary(result)
    case 'github':
      return renderWorkflowCommands(planAnnotations(result.findings, { maxPerType: 10 }))
    case 'text':
      return (
        renderText(result, { color, source: (file) => workspace.lineReader(file) }) +
        reviewLines(result)
          .map((line) => `${plainLogLine(line)}\n`)
          .join('')
      )
  }
}

function parseFormat(value: string, source: string): Format {
  if ((FORMATS as readonly string[]).includes(value)) return value as Format
  throw new ConfigError(`${source} must be one of ${FORMATS.join(', ')} (got '${value}')`)
}

function parseOutput(value: string): { format: Format; file: string } {
  const eq = value.indexOf('=')
  if (eq <= 0 || eq === value.length - 1)
    throw new ConfigError(`--output must look like FORMAT=FILE (got '${value}')`)
  return { format: parseFormat(value.slice(0, eq), '--output format'), file: value.slice(eq + 1) }
}
