/**
 * `celgate test [paths…]`: runs the tests found under the paths (default `.`): CRD test suites
 * (openshift/api format), Kyverno CLI tests (`kyverno-test.yaml`) and admission policy tests in
 * kaptest's format.
 * Exit codes as for `check`: 0 every case passed, 1 some failed, 2 usage error, 3 internal error.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, parsePositiveInteger } from '../core/options.js'
import {
  DEFAULT_TEST_KUBERNETES_VERSION,
  renderTestSummary,
  renderTestText,
  runTest,
  stringifyTestResult
} from '../core/test.js'
import type { TestRun } from '../core/test.js'
import { isSupportedVersion, SUPPORTED_VERSIONS } from '../kube/versions.js'
import {
  DEFAULT_KYVERNO_VERSION,
  KYVERNO_VERSIONS,
  parseKyvernoVersion
} from '../kyverno/versions.js'
import type { KyvernoVersion } from '../kyverno/versions.js'
import { planAnnotations, renderWorkflowCommands } from '../report/annotations.js'
import { renderJunitCases } from '../report/junit.js'
import { renderTapCases } from '../report/tap.js'
import { testCases } from '../report/test-cases.js'
import { writeText, writeTextFile } from '../report/write-text.js'
import { consoleLogger } from './console-logger.js'
import { flagErrorLine } from './flag-errors.js'
import type { FlagSpecs } from './flag-errors.js'
import { outputChoice } from './output-flags.js'
import type { CliIo } from './main.js'
import { checkInputs } from './check-inputs.js'
import { cliTrust } from './flags.js'
import { loadTestSettings } from '../core/load-settings.js'
import type { TestSettings } from '../core/load-settings.js'
import { EXIT_INTERNAL_ERROR, internalErrorText } from './internal-error.js'

export const TEST_FORMATS = ['text', 'json', 'markdown', 'github', 'junit', 'tap'] as const
type TestFormat = (typeof TEST_FORMATS)[number]

export const TEST_HELP = `Usage:
  celgate test [paths…] [options]   run the tests under paths (default: .): CRD test suites
                                    (openshift/api format), Kyverno CLI tests (cli.kyverno.io Test,
                                    with kyverno test's semantics) and admission policy tests
                                    (kaptest format)

Options:
  --paths GLOB             files to read inside each folder (repeatable; default **/*.yaml, **/*.yml, **/*.json)
  --exclude GLOB           files or folders to leave out (repeatable)
  --kubernetes-version V   whose apiserver to reproduce (${SUPPORTED_VERSIONS[0]}–${SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 1]}; default: the
                           repository's ENVTEST_K8S_VERSION in Makefile, tests/Makefile or
                           test/Makefile, else ${DEFAULT_TEST_KUBERNETES_VERSION});
                           also spelt --kubernetes-versions, as in check
                           (a .celgate.yaml's newest kubernetes-versions comes after the Makefile)
  --kyverno-version V      whose \`kyverno test\` to reproduce (${KYVERNO_VERSIONS[0]}–${KYVERNO_VERSIONS[KYVERNO_VERSIONS.length - 1]}; default: the
                           .celgate.yaml's kyverno-version, else ${DEFAULT_KYVERNO_VERSION})
  --config FILE            settings file (default: .celgate.yaml in the folder tested, as check)
  -o, --output FORMAT      text | json | markdown | github | junit | tap (default: text);
                           also -f, --format
  --output FORMAT=FILE     also write a report to FILE (repeatable)
  --max-file-size N        bytes; larger files are reported and not parsed
  --verbose                list passing cases (and every Kyverno result row) too
  --no-color, --quiet

Exit codes: 0 every case passed, 1 some case failed, 2 usage error, 3 internal error.
`

export const TEST_FLAGS = {
  paths: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  'kubernetes-version': { type: 'string' },
  // The spelling `celgate check` uses: one flag name for both commands, either spelling.
  'kubernetes-versions': { type: 'string' },
  'kyverno-version': { type: 'string' },
  config: { type: 'string' },
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o', multiple: true },
  'max-file-size': { type: 'string' },
  'no-color': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' }
} as const satisfies FlagSpecs

/** The values a flag takes, where they are a fixed list (for completion). */
export const TEST_FLAG_VALUES: Readonly<Record<string, readonly string[]>> = {
  format: TEST_FORMATS,
  output: TEST_FORMATS,
  'kubernetes-version': SUPPORTED_VERSIONS,
  'kubernetes-versions': SUPPORTED_VERSIONS,
  'kyverno-version': KYVERNO_VERSIONS
}

export async function runTestCli(argv: string[], io: CliIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: TEST_FLAGS })
  } catch (err) {
    io.stderr.write(flagErrorLine('test', err, TEST_FLAGS))
    return 2
  }
  const { values, positionals } = parsed
  if (values.help) {
    io.stdout.write(TEST_HELP)
    return 0
  }
  let format: TestFormat
  let outputs: Array<{ format: TestFormat; file: string }>
  let maxFileSize: number | undefined
  let version: string | undefined
  let kyvernoVersion: KyvernoVersion | undefined
  try {
    ;({ format, files: outputs } = outputChoice(TEST_FORMATS, values, 'text'))
    version = testVersion(values)
    if (values['kyverno-version'] !== undefined)
      kyvernoVersion = kyvernoVersionFlag(values['kyverno-version'])
    if (values['max-file-size'])
      maxFileSize = parsePositiveInteger(values['max-file-size'], '--max-file-size')
    if (version !== undefined && !isSupportedVersion(version))
      throw new ConfigError(
        `--kubernetes-version: unsupported Kubernetes version '${version}' (supported: ${SUPPORTED_VERSIONS.join(', ')})`
      )
  } catch (err) {
    io.stderr.write(`celgate test: ${err instanceof Error ? err.message : String(err)}\n`)
    return 2
  }
  const paths = (positionals.length > 0 ? positionals : ['.']).map((p) => path.resolve(io.cwd, p))
  const { existsSync } = await import('node:fs')
  const missing = paths.find((p) => !existsSync(p))
  if (missing) {
    io.stderr.write(`celgate test: ${missing} does not exist\n`)
    return 2
  }
  let settings: TestSettings
  try {
    // The config file check reads for the same folder: its versions apply unless a flag is given.
    const root = checkInputs(positionals, io.cwd).root
    const config = values.config !== undefined ? path.resolve(io.cwd, values.config) : undefined
    settings = loadTestSettings(root, config, cliTrust(root))
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    io.stderr.write(`celgate test: ${err.message}\n`)
    return 2
  }
  kyvernoVersion ??= settings.kyvernoVersion
  const logger = consoleLogger(io.stderr, {
    progress: values.quiet !== true,
    verbose: values.verbose === true
  })
  let run: TestRun
  try {
    run = await runTest(
      {
        paths,
        ...(values.paths ? { patterns: values.paths } : {}),
        ...(values.exclude ? { exclude: values.exclude } : {}),
        // Unset: the repository's ENVTEST_K8S_VERSION, else the default (core/test.ts).
        ...(version !== undefined ? { kubernetesVersion: version } : {}),
        ...(settings.kubernetesVersion !== undefined
          ? { configKubernetesVersion: settings.kubernetesVersion }
          : {}),
        ...(kyvernoVersion !== undefined ? { kyvernoVersion } : {}),
        ...(maxFileSize !== undefined ? { maxFileSize } : {})
      },
      logger
    )
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr.write(`celgate test: ${err.message}\n`)
      return 2
    }
    // Not the invocation: celgate's own failure (never 2, which means a usage error).
    logger.done()
    io.stderr.write(internalErrorText(err, 'while running the tests; no report was written'))
    return EXIT_INTERNAL_ERROR
  }
  logger.done()
  const color = !values['no-color'] && !io.env.NO_COLOR && io.stdout.isTTY === true
  const render = (f: TestFormat, c: boolean): string => {
    switch (f) {
      case 'json':
        return stringifyTestResult(run.result)
      case 'markdown':
        return renderTestSummary(run.result)
      case 'github':
        return renderWorkflowCommands(planAnnotations(run.result.findings, { maxPerType: 10 }))
      case 'junit':
        return renderJunitCases(testCases(run.result), 'error')
      case 'tap':
        return renderTapCases(testCases(run.result), 'error', testTally(run.result))
      case 'text':
        return renderTestText(run.result, { color: c, verbose: values.verbose === true })
    }
  }
  writeText(io.stdout, render(format, color))
  for (const out of outputs) {
    const file = path.resolve(io.cwd, out.file)
    writeTextFile(file, render(out.format, false))
  }
  return run.result.passed ? 0 : 1
}

/** The closing line of the TAP report: the cases and how many passed. */
function testTally(result: TestRun['result']): string {
  const s = result.summary
  return `${s.cases} ${s.cases === 1 ? 'case' : 'cases'}, ${s.passed} passed, ${s.failed} failed; ${result.passed ? 'passed' : 'failed'}`
}

/**
 * The one version a test run reproduces: `--kubernetes-version`, or `--kubernetes-versions` as
 * `celgate check` spells it (one version there too: a test expects one apiserver's answers).
 */
function testVersion(values: {
  'kubernetes-version'?: string | undefined
  'kubernetes-versions'?: string | undefined
}): string | undefined {
  const singular = values['kubernetes-version']
  const plural = values['kubernetes-versions']
  if (singular !== undefined && plural !== undefined && singular !== plural)
    throw new ConfigError(
      `--kubernetes-version and --kubernetes-versions are one setting, given twice ('${singular}', '${plural}'); give it once`
    )
  const given = (singular ?? plural)?.trim()
  if (given !== undefined && /[,\s]|\d-\d/.test(given))
    throw new ConfigError(
      `--kubernetes-version: a test run reproduces one Kubernetes version, got '${given}'; run celgate test once per version`
    )
  return given?.replace(/^v/, '')
}

/** `--kyverno-version`: one modelled Kyverno release (a usage error names the supported range). */
function kyvernoVersionFlag(value: string): KyvernoVersion {
  try {
    return parseKyvernoVersion(value)
  } catch (err) {
    throw new ConfigError(`--kyverno-version: ${err instanceof Error ? err.message : String(err)}`)
  }
}
