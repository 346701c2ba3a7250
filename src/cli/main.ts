/**
 * The CLI front end: `celgate check [PATH…]` with flags mirroring the Action inputs, and the
 * `test`, `baseline`, `version`, `help` and `completion` commands.
 * Exit codes: 0 passed, 1 gate failed, 2 usage or configuration error, 3 internal error.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { closestName } from '../common/closest-name.js'
import type { CheckRun } from '../core/check.js'
import { loadSettings } from '../core/load-settings.js'
import type { LoadedSettings } from '../core/load-settings.js'
import { ConfigError } from '../core/options.js'
import type { CheckOptions, Overrides } from '../core/options.js'
import { displayRef } from '../core/delta.js'
import { checkPullRequest, reviewLines } from '../core/pull-request.js'
import { writePolicyReports } from '../core/reports-dir.js'
import type { PullRequestRun } from '../core/pull-request.js'
import { TOOL_VERSION } from '../core/version.js'
import { planAnnotations, renderWorkflowCommands } from '../report/annotations.js'
import { jsonReportText } from '../report/json.js'
import { sarifText } from '../report/sarif.js'
import { renderSummary } from '../report/summary.js'
import { textReportPieces } from '../report/text.js'
import { plainLogLine } from '../report/workflow-commands.js'
import { writeText, writeTextFile } from '../report/write-text.js'
import type { Text } from '../report/write-text.js'
import { consoleLogger } from './console-logger.js'
import { EXIT_INTERNAL_ERROR, internalErrorText } from './internal-error.js'
import { cliTrust, flagOverrides } from './flags.js'
import { DEFAULT_KYVERNO_VERSION, KYVERNO_VERSIONS } from '../kyverno/versions.js'
import { runTestCli, TEST_HELP } from './test-command.js'
import { BASELINE_HELP, runBaselineCli } from './baseline-command.js'
import { CHECK_FLAGS, FORMATS } from './check-flags.js'
import type { Format } from './check-flags.js'
import { checkInputs, readStandardInput } from './check-inputs.js'
import type { CheckInputs } from './check-inputs.js'
import { COMPLETION_HELP, completionScript, SHELLS } from './completion.js'
import { flagErrorLine } from './flag-errors.js'
import { addHelmSources } from './helm-sources.js'
import { outputChoice } from './output-flags.js'
import { junitPieces } from '../report/junit.js'
import { tapPieces } from '../report/tap.js'
import { STDIN_NAME } from '../workspace/stream.js'
import { manifestText } from '../workspace/text-encoding.js'
import type { StreamInput } from '../workspace/stream.js'

export { FORMATS }
export type { Format }

export const EXIT_PASSED = 0
export const EXIT_GATE_FAILED = 1
export const EXIT_USAGE = 2
export { EXIT_INTERNAL_ERROR }

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean }
  stderr: NodeJS.WritableStream & { isTTY?: boolean }
  /** What `celgate check -` reads; absent where there is none. */
  stdin?: NodeJS.ReadableStream
  env: NodeJS.ProcessEnv
  cwd: string
}

const HELP = `celgate ${TOOL_VERSION} — what the apiserver and your policy engines will do with your manifests

Usage:
  celgate check [PATH…] [options]  check manifests: files, folders (default: .), - for stdin
  celgate test [paths…] [options]  run the CRD test suites under paths (celgate help test)
  celgate baseline [root] [options]  accept the findings under root as they are (celgate help baseline)
  celgate version                  print the version (also --version)
  celgate help [command]           this help, or a command's
  celgate completion bash|zsh|fish print a shell completion script (celgate help completion)

  helm template ./chart | celgate check -     kustomize build overlays/prod | celgate check -
  One folder is the scanned root; several PATHs are checked from the folder holding them all
  (its .celgate.yaml applies). Findings in stdin are reported at <stdin>:LINE, with the Helm
  template a \`# Source:\` comment names.

Options:
  --paths GLOB          files to read (repeatable; default **/*.yaml, **/*.yml, **/*.json)
  --exclude GLOB        files or folders to leave out (repeatable; default node_modules, .git, vendor)
  --allow-empty-paths   a --paths glob that matches no file is fine (default: an error)
  --config FILE         settings file (default: .celgate.yaml in root)
  --fail-on LEVEL       error | warning | never (default: error)
  -o, --output FORMAT   text | json | sarif | markdown | github | junit | tap (default: text);
                        also -f, --format FORMAT
  --output FORMAT=FILE  also write a report to FILE (repeatable), e.g. --output sarif=celgate.sarif
  --max-file-size N     bytes; larger files (and stdin) are reported and not parsed (default 16 MiB)
  --max-crd-size N      bytes; the team's budget for a CRD's JSON size
  --kubernetes-versions V  versions whose apiserver to reproduce: 1.35-1.37 (default), 1.33, 1.30,1.34
                        (also spelt --kubernetes-version, as in celgate test)
  --kyverno-version V   the Kyverno release the Kyverno dry-run follows: ${KYVERNO_VERSIONS[0]}–${KYVERNO_VERSIONS[KYVERNO_VERSIONS.length - 1]} (default ${DEFAULT_KYVERNO_VERSION})
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
  --reports-layout L    aggregated (Kyverno 1.10–1.11) | per-resource (1.12+); default: kyverno-version's
  --reports-api A       wgpolicyk8s (default) | openreports
  --field-validation V  strict (default) | warn | ignore: unknown fields of built-in objects
  --no-color            no colours (also when NO_COLOR is set or output is not a terminal)
  --quiet               no progress line on stderr
  --verbose             log each phase on stderr

Exit codes: 0 passed, 1 the gate failed (fail-on), 2 usage or configuration error,
  3 internal error (a bug in celgate: the reports written hold what was checked before it).
`

const VERSION_HELP = `Usage:
  celgate version     print celgate's version (also celgate --version)
`

const HELP_HELP = `Usage:
  celgate help [command]   the help of celgate, or of one of its commands
`

/** Each command's help, as \`celgate help COMMAND\` and \`celgate COMMAND --help\` print it. */
const COMMAND_HELP: Readonly<Record<string, string>> = {
  check: HELP,
  test: TEST_HELP,
  baseline: BASELINE_HELP,
  version: VERSION_HELP,
  help: HELP_HELP,
  completion: COMPLETION_HELP
}
const COMMANDS = Object.keys(COMMAND_HELP)

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'test') return runTestCli(argv.slice(1), io)
  if (argv[0] === 'baseline') return runBaselineCli(argv.slice(1), io)
  if (argv[0] === 'version') return runVersion(argv.slice(1), io)
  if (argv[0] === 'help') return runHelp(argv.slice(1), io)
  if (argv[0] === 'completion') return runCompletion(argv.slice(1), io)
  let parsed
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: CHECK_FLAGS })
  } catch (err) {
    io.stderr.write(flagErrorLine(argv.includes('check') ? 'check' : '', err, CHECK_FLAGS))
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
    io.stderr.write(unknownCommandLine(command))
    return EXIT_USAGE
  }

  let format: Format
  let outputs: Array<{ format: Format; file: string }>
  let settings: LoadedSettings
  let stream: StreamInput | undefined
  try {
    const inputs = checkInputs(rest, io.cwd)
    const root = inputs.root
    ;({ format, files: outputs } = outputChoice(FORMATS, values, 'text'))
    const overrides: Overrides = {
      ...(values.paths ? { paths: values.paths } : {}),
      ...(values.exclude ? { exclude: values.exclude } : {}),
      ...(values['fail-on-new-only'] ? { 'fail-on-new-only': true } : {}),
      ...(values['allow-empty-paths'] ? { 'allow-empty-paths': true } : {}),
      ...flagOverrides({ ...values, 'kubernetes-versions': kubernetesVersionsFlag(values) }, io.cwd)
    }
    const config = values.config !== undefined ? path.resolve(io.cwd, values.config) : undefined
    settings = loadSettings(root, config, overrides, cliTrust(root))
    if (inputs.narrow) {
      // The PATHs narrow the settings' globs (the flags' or the config file's) to themselves.
      const paths = inputs.narrow(settings.check.paths)
      settings = loadSettings(root, config, { ...overrides, paths }, cliTrust(root))
    }
    if (inputs.stdin) stream = await readStream(inputs, settings, io)
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
    // Sizing Kyverno's reports for a cluster costs a second dry-run: only when it is shown (the
    // markdown summary) or gated (issue 33).
    const reportsFootprint =
      settings.check.clusterProfile !== undefined ||
      settings.check.reportsBudget !== undefined ||
      format === 'markdown' ||
      outputs.some((o) => o.format === 'markdown')
    const options = {
      ...settings.check,
      reportsFootprint,
      keepPolicyReports: settings.output.reportsDir !== undefined
    }
    run = await checkPullRequest(stream ? { ...options, stream } : options, logger)
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
  if (stream) addHelmSources(run.result.findings, stream.name, manifestText(stream.bytes))
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
  const { rules } = settings.check
  attempt(`the ${format} report`, () => writeText(io.stdout, render(run, format, color, rules)))
  for (const out of outputs) {
    const file = path.resolve(io.cwd, out.file)
    attempt(`the ${out.format} report to ${out.file}`, () =>
      writeTextFile(file, render(run, out.format, false, rules))
    )
  }
  const reportsDir = settings.output.reportsDir
  if (reportsDir)
    attempt('the Kyverno policy reports', () => {
      const written = writePolicyReports(run, reportsDir, settings.check)
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

/** `rules` is the team's `rules:`: a quiet rule named there is in SARIF and annotations again. */
export function render(
  run: CheckRun,
  format: Format,
  color: boolean,
  rules: CheckOptions['rules'] = {}
): Text {
  const { result, workspace } = run
  switch (format) {
    case 'json':
      return jsonReportText(result)
    case 'sarif':
      return sarifText(result, { rules })
    case 'markdown':
      return renderSummary(result)
    case 'github':
      return renderWorkflowCommands(planAnnotations(result.findings, { maxPerType: 10, rules }))
    case 'junit':
      return junitPieces(result, workspace.documents, workspace.skipped)
    case 'tap':
      return tapPieces(result, workspace.documents, workspace.skipped)
    case 'text':
      return textWithReview(
        textReportPieces(result, { color, rules, source: (file) => workspace.lineReader(file) }),
        reviewLines(result)
      )
  }
}

/** The text report, then the comparison's lines, as pieces written one after the other. */
function* textWithReview(report: Iterable<string>, review: readonly string[]): Generator<string> {
  yield* report
  for (const line of review) yield `${plainLogLine(line)}\n`
}

/**
 * `--kubernetes-versions` or its singular spelling (`celgate test`'s): the same setting, so
 * giving both with different values is a mistake.
 */
function kubernetesVersionsFlag(values: {
  'kubernetes-versions'?: string | undefined
  'kubernetes-version'?: string | undefined
}): string | undefined {
  const plural = values['kubernetes-versions']
  const singular = values['kubernetes-version']
  if (plural !== undefined && singular !== undefined && plural !== singular)
    throw new ConfigError(
      `--kubernetes-versions and --kubernetes-version are one setting, given twice ('${plural}', '${singular}'); give it once`
    )
  return plural ?? singular
}

/** The standard input for `celgate check -`, bounded by max-file-size. */
async function readStream(
  inputs: CheckInputs,
  settings: LoadedSettings,
  io: CliIo
): Promise<StreamInput> {
  if (!io.stdin) throw new ConfigError(`'-' reads the standard input, and there is none here`)
  if (settings.check.baseRef !== undefined)
    throw new ConfigError(
      `--base-ref compares files with the base commit's; the standard input has no base. Check the files instead.`
    )
  const bytes = await readStandardInput(io.stdin, settings.check.maxFileSize)
  // A gate that checked nothing must not pass (core/empty-paths.ts): `helm template` that
  // failed writes nothing to the pipe.
  if (!inputs.withFiles && !settings.check.allowEmptyPaths && /^\s*$/.test(manifestText(bytes)))
    throw new ConfigError(
      `the standard input is empty, so nothing was checked: did the command before the pipe fail? (--allow-empty-paths lets an empty input pass)`
    )
  return { name: STDIN_NAME, bytes, withFiles: inputs.withFiles }
}

function unknownCommandLine(command: string): string {
  const closest = closestName(command, COMMANDS)
  const hint = closest !== undefined ? `did you mean '${closest}'? ` : ''
  return `${plainLogLine(`celgate: unknown command '${command}'; ${hint}(commands: ${COMMANDS.join(', ')}; 'celgate help' for more)`)}\n`
}

function runVersion(argv: string[], io: CliIo): number {
  if (argv.length > 0 && !(argv.length === 1 && /^(?:-h|--help)$/.test(argv[0]!))) {
    io.stderr.write(`${plainLogLine(`celgate version: takes no arguments, got '${argv[0]}'`)}\n`)
    return EXIT_USAGE
  }
  io.stdout.write(argv.length === 0 ? `${TOOL_VERSION}\n` : VERSION_HELP)
  return EXIT_PASSED
}

function runHelp(argv: string[], io: CliIo): number {
  if (argv.length > 1) {
    io.stderr.write(`celgate help: takes one command, got ${argv.length}\n`)
    return EXIT_USAGE
  }
  const command = argv[0]
  if (command === undefined) {
    io.stdout.write(HELP)
    return EXIT_PASSED
  }
  if (command === '-h' || command === '--help') {
    io.stdout.write(HELP_HELP)
    return EXIT_PASSED
  }
  const help = COMMAND_HELP[command]
  if (help === undefined) {
    io.stderr.write(unknownCommandLine(command))
    return EXIT_USAGE
  }
  io.stdout.write(help)
  return EXIT_PASSED
}

function runCompletion(argv: string[], io: CliIo): number {
  const [shell, ...rest] = argv
  if (shell === '-h' || shell === '--help') {
    io.stdout.write(COMPLETION_HELP)
    return EXIT_PASSED
  }
  if (shell === undefined || rest.length > 0 || !(SHELLS as readonly string[]).includes(shell)) {
    const given = shell === undefined ? 'nothing' : `'${argv.join(' ')}'`
    io.stderr.write(
      `${plainLogLine(`celgate completion: name one shell, ${SHELLS.join(', ')}; got ${given} ('celgate help completion' shows how to install it)`)}\n`
    )
    return EXIT_USAGE
  }
  io.stdout.write(completionScript(shell as (typeof SHELLS)[number], COMMANDS))
  return EXIT_PASSED
}
