/**
 * `celgate baseline [root]`: accepts every finding as it is now by writing the baseline file
 * `check` honours (issue 9 item 3). Findings already silenced by an inline `celgate-ignore`
 * comment are not recorded; the reasons of entries already in the file are kept.
 * Exit codes: 0 written, 2 usage or configuration error, 3 internal error.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { check } from '../core/check.js'
import { loadSettings } from '../core/load-settings.js'
import type { LoadedSettings } from '../core/load-settings.js'
import { ConfigError, DEFAULT_BASELINE_FILE } from '../core/options.js'
import type { Overrides } from '../core/options.js'
import { withoutBaselineFile } from '../core/pull-request.js'
import {
  applySuppressions,
  baselineToWrite,
  checkedFilesUnder,
  loadBaseline
} from '../core/suppressions.js'
import type { Baseline } from '../core/suppressions.js'
import { consoleLogger } from './console-logger.js'
import { flagErrorLine } from './flag-errors.js'
import type { FlagSpecs } from './flag-errors.js'
import { cliTrust, flagOverrides } from './flags.js'
import type { CliIo } from './main.js'
import { EXIT_INTERNAL_ERROR, internalErrorText } from './internal-error.js'

export const BASELINE_HELP = `Usage:
  celgate baseline [root] [options]   record the findings under root (default: .) as accepted

Writes ${DEFAULT_BASELINE_FILE} in root (or the file --baseline names); \`celgate check\` and the
Action then report those findings as suppressed, matched by rule, file and value path (line
numbers may move). Give an entry a "reason" in the file to say why it is accepted; reasons
are kept when the baseline is written again.

Options:
  --baseline FILE       the file to write (default: ${DEFAULT_BASELINE_FILE} in root, or the config's baseline)
  --paths GLOB          files to read (repeatable)
  --exclude GLOB        files or folders to leave out (repeatable)
  --config FILE         settings file (default: .celgate.yaml in root)
  --max-file-size N, --max-crd-size N, --kubernetes-versions V, --kyverno-version V,
  --cost-warn-ratio R, --cost-fail-ratio R   as for check (they decide which findings exist)
  --quiet / --verbose

Exit codes: 0 written, 2 usage or configuration error, 3 internal error.
`

export const BASELINE_FLAGS = {
  baseline: { type: 'string' },
  paths: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  config: { type: 'string' },
  'max-file-size': { type: 'string' },
  'max-crd-size': { type: 'string' },
  'kubernetes-versions': { type: 'string' },
  'kubernetes-version': { type: 'string' },
  'kyverno-version': { type: 'string' },
  'cost-warn-ratio': { type: 'string' },
  'cost-fail-ratio': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' }
} as const satisfies FlagSpecs

export async function runBaselineCli(argv: string[], io: CliIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: BASELINE_FLAGS })
  } catch (err) {
    io.stderr.write(flagErrorLine('baseline', err, BASELINE_FLAGS))
    return 2
  }
  const { values, positionals } = parsed
  if (values.help) {
    io.stdout.write(BASELINE_HELP)
    return 0
  }
  if (positionals.length > 1) {
    io.stderr.write(`celgate baseline: takes one root folder, got ${positionals.length}\n`)
    return 2
  }
  const root = path.resolve(io.cwd, positionals[0] ?? '.')

  let settings: LoadedSettings
  let target: string
  let previous: Baseline | undefined
  try {
    const overrides: Overrides = {
      ...(values.paths ? { paths: values.paths } : {}),
      ...(values.exclude ? { exclude: values.exclude } : {}),
      ...flagOverrides(
        {
          ...values,
          'kubernetes-versions': values['kubernetes-versions'] ?? values['kubernetes-version']
        },
        io.cwd
      )
    }
    settings = loadSettings(
      root,
      values.config !== undefined ? path.resolve(io.cwd, values.config) : undefined,
      overrides,
      cliTrust(root)
    )
    target = settings.check.baseline ?? path.join(settings.check.root, DEFAULT_BASELINE_FILE)
    previous = readPrevious(target)
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr.write(`celgate baseline: ${err.message}\n`)
      return 2
    }
    throw err
  }

  const logger = consoleLogger(io.stderr, {
    progress: values.quiet !== true,
    verbose: values.verbose === true
  })
  let findings
  let repoRoot: string
  try {
    // The baseline being replaced must not hide what it is replaced with.
    const {
      baseline: _old,
      baseRef: _base,
      ...options
    } = withoutBaselineFile({
      ...settings.check,
      baseline: target
    })
    const run = await check(options, logger)
    repoRoot = run.workspace.repoRoot
    findings = applySuppressions(run.result.findings, {
      readFile: checkedFilesUnder(repoRoot, run.workspace)
    }).findings
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr.write(`celgate baseline: ${err.message}\n`)
      return 2
    }
    // Not the invocation: celgate's own failure (never 2, which means a usage error).
    logger.done()
    io.stderr.write(
      internalErrorText(err, 'while checking the repository; the baseline is unchanged')
    )
    return EXIT_INTERNAL_ERROR
  }
  logger.done()
  const baseline = baselineToWrite(findings, previous)
  mkdirSync(path.dirname(target), { recursive: true })
  writeFileSync(target, `${JSON.stringify(baseline, null, 2)}\n`)
  const shown = path.relative(io.cwd, target) || target
  const n = baseline.findings.length
  io.stdout.write(`celgate: wrote ${n} ${n === 1 ? 'finding' : 'findings'} to ${shown}\n`)
  return 0
}

/** The baseline being replaced, for its reasons; none when the file does not exist yet. */
function readPrevious(file: string): Baseline | undefined {
  return existsSync(file) ? loadBaseline(file) : undefined
}
