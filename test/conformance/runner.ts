/**
 * The conformance runner: runs every case of a folder of conformance tables through the handler
 * registered for it and counts passes and failures per file. A case no handler can run yet
 * counts as failed, so the numbers always cover the whole folder.
 *
 * Usage (built and run by scripts/conformance.mjs):
 *   npm run conformance -- [--verbose] [folder]      folder defaults to ../shared/conformance
 * Exit code 1 when the gate fails (known-failures.ts: a failure not listed in
 * known-failures.json, a listed case that passes or does not exist), 0 otherwise; 2 when the
 * folder or the list cannot be read.
 */
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { loadCaseFolder, messageOf } from './cases.js'
import type { CaseFile, ConformanceCase } from './cases.js'
import { handlerRegistry } from './handlers.js'
import type { HandlerRegistry } from './handlers.js'
import {
  KNOWN_FAILURES_FILE,
  checkKnownFailures,
  formatGate,
  gateFailed,
  loadKnownFailures
} from './known-failures.js'
import type { KnownFailure } from './known-failures.js'

// Handlers register themselves on import. Each engine issue adds one line here, e.g.
//   import './handlers/cel-go-cost.js'
import './handlers/k8s-library-cost.js'
import './handlers/crd-rule-cost.js'
import './handlers/cel-ext-cost.js'
import './handlers/crd-cost-accounting.js'
import './handlers/cel-runtime-cost.js'
import './handlers/crd-schema.js'
import './handlers/crd-validation.js'
import './handlers/cel-go-cost.js'
import './handlers/kyverno.js'
import './handlers/vap.js'
import './handlers/cel-validation.js'
import './handlers/cr-validation.js'
import './handlers/builtin-validation.js'

/** One case of a table: its id, and the version for a case pinned to several. */
export interface CaseRef {
  id: string
  version?: string
}

export interface CaseFailure extends CaseRef {
  reason: string
}

export interface FileReport {
  file: string
  passed: number
  failed: number
  failures: CaseFailure[]
  /** The cases that passed (the gate tells a listed case that passes from one that is gone). */
  passes: CaseRef[]
}

export interface ConformanceReport {
  files: FileReport[]
  passed: number
  failed: number
}

export interface RunOptions {
  /** The handlers to run cases with; the default registry unless given. */
  handlers?: HandlerRegistry
}

/** Id under which a file that has no readable cases is reported, as one failure. */
export const FILE_FAILURE_ID = '(file)'

export async function runConformance(
  folder: string,
  options: RunOptions = {}
): Promise<ConformanceReport> {
  const handlers = options.handlers ?? handlerRegistry
  const files: FileReport[] = []
  for (const caseFile of await loadCaseFolder(folder)) {
    files.push(await runFile(caseFile, handlers))
  }
  return {
    files,
    passed: files.reduce((sum, f) => sum + f.passed, 0),
    failed: files.reduce((sum, f) => sum + f.failed, 0)
  }
}

async function runFile(caseFile: CaseFile, handlers: HandlerRegistry): Promise<FileReport> {
  const report: FileReport = {
    file: caseFile.file,
    passed: 0,
    failed: 0,
    failures: [],
    passes: []
  }
  if (caseFile.error !== undefined) {
    report.failed = 1
    report.failures.push({ id: FILE_FAILURE_ID, reason: caseFile.error })
    return report
  }
  // One case at a time, so output and any engine caches behave the same on every run.
  for (const c of caseFile.cases) {
    const reason = await failureOf(c, handlers)
    const ref: CaseRef = { id: c.id }
    if (c.version !== undefined) ref.version = c.version
    if (reason === undefined) {
      report.passed++
      report.passes.push(ref)
      continue
    }
    report.failed++
    report.failures.push({ ...ref, reason })
  }
  return report
}

/** Why the case failed, or undefined when it passed. A throwing handler fails only its case. */
async function failureOf(
  c: ConformanceCase,
  handlers: HandlerRegistry
): Promise<string | undefined> {
  if (c.problem !== undefined) return c.problem
  try {
    const handler = handlers.find(c)
    if (handler === undefined) return `not implemented: ${describeNeed(c)}`
    const outcome: unknown = await handler.run(c)
    if (!isOutcome(outcome)) return 'handler returned no { pass } outcome'
    if (outcome.pass) return undefined
    return outcome.detail ?? 'outcome differs from the expected one'
  } catch (error) {
    return `handler threw: ${messageOf(error)}`
  }
}

function isOutcome(value: unknown): value is { pass: boolean; detail?: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { pass?: unknown }).pass === 'boolean'
  )
}

/** What a handler for the case would have to provide, from what the case says of itself. */
function describeNeed(c: ConformanceCase): string {
  const group = typeof c.input.group === 'string' ? ` (group "${c.input.group}")` : ''
  const harness = c.harness === undefined ? '' : `; harness: ${abbreviate(c.harness, 100)}`
  return `no handler for ${c.file} cases${group}${harness}`
}

function abbreviate(text: string, length: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim()
  return oneLine.length <= length ? oneLine : `${oneLine.slice(0, length - 1)}…`
}

/** The report as printed: one line per file, failures under it when verbose, then the total. */
export function formatReport(report: ConformanceReport, verbose: boolean): string[] {
  const lines: string[] = []
  for (const file of report.files) {
    lines.push(`${file.file}: ${file.passed} passed, ${file.failed} failed`)
    if (!verbose) continue
    for (const failure of file.failures) {
      const label = failure.version === undefined ? failure.id : `${failure.id}@${failure.version}`
      lines.push(`  FAIL ${label}: ${failure.reason.replace(/\s*\n\s*/g, ' ')}`)
    }
  }
  lines.push(`${report.passed} passed, ${report.failed} failed`)
  return lines
}

export interface MainOptions {
  /** Directory a folder given on the command line is relative to (npm passes INIT_CWD). */
  cwd?: string
  /** Folder used when none is given; relative to `cwd`. */
  defaultFolder?: string
  /**
   * The repository's own tables (test/conformance/tables), run after the default folder when no
   * folder is given on the command line; file names must differ from the default folder's.
   */
  extraFolders?: string[]
  /** The known-failures list the gate reads; test/conformance/known-failures.json unless given. */
  knownFailuresFile?: string
  out?: (line: string) => void
  err?: (line: string) => void
}

const USAGE = 'usage: conformance [--verbose] [folder]   (folder defaults to ../shared/conformance)'

/** Runs the command line; resolves to the exit code instead of exiting, so it can be tested. */
export async function main(
  argv: string[] = process.argv.slice(2),
  options: MainOptions = {}
): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line))
  const err = options.err ?? ((line: string) => console.error(line))
  const parsed = parseArguments(argv)
  if ('error' in parsed) {
    err(parsed.error)
    err(USAGE)
    return 2
  }
  if (parsed.help) {
    out(USAGE)
    return 0
  }
  const cwd = options.cwd ?? process.cwd()
  const folder = path.resolve(
    cwd,
    parsed.folder ?? options.defaultFolder ?? '../shared/conformance'
  )
  if (!(await isDirectory(folder))) {
    err(`conformance: folder not found: ${folder}`)
    return 2
  }
  const knownFailuresFile = options.knownFailuresFile ?? KNOWN_FAILURES_FILE
  let known: KnownFailure[]
  try {
    known = await loadKnownFailures(knownFailuresFile)
  } catch (error) {
    err(`conformance: ${messageOf(error)}`)
    return 2
  }
  const report = await runConformance(folder)
  // The repository's own tables run whichever shared folder was given (CI names it).
  for (const extra of options.extraFolders ?? []) {
    if (!(await isDirectory(extra))) continue
    const more = await runConformance(extra)
    for (const file of more.files) report.files.push(file)
    report.passed += more.passed
    report.failed += more.failed
  }
  const gate = checkKnownFailures(report, known)
  const lines = formatReport(report, parsed.verbose)
  // The gate's lines go before the total, which stays the last line.
  lines.splice(-1, 0, ...formatGate(gate, displayPath(knownFailuresFile)))
  for (const line of lines) out(line)
  return gateFailed(gate) ? 1 : 0
}

/** The path relative to the working directory when it lies below it, as given otherwise. */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file)
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative
}

type Arguments = { verbose: boolean; help: boolean; folder?: string } | { error: string }

function parseArguments(argv: string[]): Arguments {
  const result: { verbose: boolean; help: boolean; folder?: string } = {
    verbose: false,
    help: false
  }
  for (const arg of argv) {
    if (arg === '--') continue
    if (arg === '--verbose' || arg === '-v') result.verbose = true
    else if (arg === '--help' || arg === '-h') result.help = true
    else if (arg.startsWith('-')) return { error: `conformance: unknown option ${arg}` }
    else if (result.folder !== undefined)
      return { error: `conformance: more than one folder given` }
    else result.folder = arg
  }
  return result
}

async function isDirectory(folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory()
  } catch {
    return false
  }
}
