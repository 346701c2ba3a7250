/**
 * The policy tests `celgate test` runs next to the CRD suites: Kyverno CLI tests
 * (cli.kyverno.io `Test`, run with `kyverno test`'s semantics by src/kyverno/cli-test) and
 * admission policy tests in kaptest's format (src/core/admission-tests.ts). Each file becomes a
 * report with one case per expected result (a `results` entry, a kaptest case); failing cases
 * and files that cannot run are findings on their line of the test file.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseAllDocuments } from 'yaml'
import type { Finding, Location } from '../findings/model.js'
import { lineRange, makeFinding } from '../findings/make.js'
import { runCliTest } from '../kyverno/cli-test/run.js'
import type { TestRow } from '../kyverno/cli-test/compare.js'
import type { TestFileSource } from '../kyverno/cli-test/inputs.js'
import type { KubernetesVersion } from '../kube/versions.js'
import { kyvernoFeatures } from '../kyverno/versions.js'
import type { KyvernoReleaseFeatures, KyvernoVersion } from '../kyverno/versions.js'
import type { JsonMap } from '../kyverno/types.js'
import { plainDocuments } from './test-files.js'
import { manifestText } from '../workspace/text-encoding.js'
import type { ValuePath } from '../workspace/value-path.js'
import { parseOptions } from '../workspace/yaml-options.js'
import type { Workspace } from '../workspace/workspace.js'
import { isAdmissionTestManifest, runAdmissionTest } from './admission-tests.js'
import type { AdmissionCaseOutcome } from './admission-tests.js'

export type PolicyTestFormat = 'kyverno' | 'kaptest'

/** One row of a Kyverno result entry (one rule response on one resource), as `kyverno test` shows it. */
export interface PolicyTestRowReport {
  policy: string
  rule: string
  resource: string
  expected: string
  actual?: string
  passed: boolean
  /** Ok, Excluded, Not found, Want, Resource diff, Not evaluated, … */
  reason: string
  message: string
  diff?: string[]
}

export interface PolicyTestCaseReport {
  /** `results` index (Kyverno) or the case's position (kaptest `suite.test`). */
  index: string
  line: number
  /** What the case checks, e.g. `disallow-latest-tag/require-image-tag on badpod01, badpod02`. */
  name: string
  expected: string
  /** The actual result(s) (Kyverno rows' results; the kaptest decision). */
  actual: string
  passed: boolean
  /** Why it failed (first failing row), or what it got. */
  reason?: string
  messages: string[]
  rows?: PolicyTestRowReport[]
}

export interface PolicyTestFileReport {
  format: PolicyTestFormat
  file: string
  line: number
  name: string
  /** Why the file (or part of it) cannot run. */
  problems: string[]
  cases: PolicyTestCaseReport[]
  /** `kyverno test`'s tally (Test Summary: pass+skip passed, fail failed). */
  tally?: { pass: number; skip: number; fail: number }
}

export interface PolicyTestRun {
  files: PolicyTestFileReport[]
  findings: Finding[]
}

export interface PolicyTestOptions {
  kubernetesVersion: KubernetesVersion
  /** Whose `kyverno test` the Kyverno CLI tests follow (kyverno/versions.ts). */
  kyvernoVersion: KyvernoVersion
  onCase?: () => void
}

/** The only file name `kyverno test` runs (its `--file-name` default). */
const KYVERNO_TEST_FILE_NAME = 'kyverno-test.yaml'

/** Why the loader left a whole file unread. */
const UNREAD_REASONS: ReadonlySet<string> = new Set([
  'file too large',
  'Helm template',
  'unreadable file',
  'nested too deeply'
])

/** Runs every Kyverno test document and kaptest manifest of the workspace. */
export function runPolicyTests(
  ws: Workspace,
  source: TestFileSource,
  kaptestCandidates: readonly string[],
  options: PolicyTestOptions
): PolicyTestRun {
  const run: PolicyTestRun = { files: [], findings: [] }
  const features = kyvernoFeatures(options.kyvernoVersion)
  for (const doc of ws.documents) {
    if (doc.kind !== 'kyverno-test' || path.posix.basename(doc.file) === KYVERNO_TEST_FILE_NAME)
      continue
    run.findings.push(
      makeFinding(
        'test/kyverno-test-not-run',
        ws.locate(doc, ['kind']),
        `This Kyverno test is not run: \`kyverno test\` only runs files named ${KYVERNO_TEST_FILE_NAME}, so ${path.posix.basename(doc.file)} is a disabled test.`
      )
    )
  }
  // Every document of a kyverno-test.yaml is a test to `kyverno test`, whatever it declares;
  // files the loader did not read (too large, a Helm template) are reported by it.
  const unread = new Set(ws.skipped.filter((s) => UNREAD_REASONS.has(s.reason)).map((s) => s.file))
  for (const file of ws.files) {
    if (path.posix.basename(file.file) !== KYVERNO_TEST_FILE_NAME || unread.has(file.file)) continue
    for (const test of kyvernoTestDocuments(ws, file.file, features))
      runKyvernoTest(ws, test, source, features, run)
  }
  for (const file of kaptestCandidates) runKaptestFile(ws, file, source, options, run)
  return run
}

// ---------------------------------------------------------------------------------------------
// Kyverno CLI tests

function runKyvernoTest(
  ws: Workspace,
  test: KyvernoTestDocument,
  source: TestFileSource,
  features: KyvernoReleaseFeatures,
  run: PolicyTestRun
): void {
  const { file, value, locate } = test
  const absolute = path.join(ws.repoRoot, file)
  let outcome: ReturnType<typeof runCliTest>
  try {
    outcome = runCliTest(value, absolute, source, { features, displayPath: file })
  } catch (error) {
    run.findings.push(
      makeFinding(
        'internal-error',
        locate([]),
        `The Kyverno test failed to run: ${error instanceof Error ? error.message : String(error)}`
      )
    )
    return
  }
  const line = locate([]).range?.startLine ?? 1
  const report: PolicyTestFileReport = {
    format: 'kyverno',
    file,
    line,
    name: outcome.test.name,
    problems: [...outcome.fatal, ...outcome.problems.map((p) => p.message)],
    cases: [],
    tally: outcome.counts
  }
  const version = `\`kyverno test\` ${features.version}`
  if (outcome.notRun?.how === 'skipped') {
    // Up to 1.14 a test that does not load is listed under "Test errors:" and left out.
    const hint = outcome.notRun.hint !== undefined ? ` ${outcome.notRun.hint}.` : ''
    run.findings.push(
      makeFinding(
        'test/kyverno-test-warning',
        locate(outcome.notRun.path),
        `${version} does not run this test, so none of its ${outcome.test.results.length} results is checked: ${outcome.notRun.message} (it lists the error under "Test errors:" and its exit code ignores it).${hint}`
      )
    )
    report.problems = [outcome.notRun.message]
    run.files.push(report)
    return
  }
  for (const warning of outcome.warnings.filter((w) => w.startsWith('WARNING: ')))
    run.findings.push(
      makeFinding(
        'test/kyverno-test-warning',
        locate([]),
        `${version} prints: ${warning}; Kyverno 1.15 and later refuse it.`
      )
    )
  for (const p of outcome.problems)
    run.findings.push(
      makeFinding(
        'test/policy-test-unrunnable',
        locate(p.path),
        `The test's ${p.path.join('.')} ${p.message}.`
      )
    )
  if (outcome.fatal.length > 0) {
    const hint = outcome.notRun?.hint !== undefined ? ` To run it, ${outcome.notRun.hint}.` : ''
    run.findings.push(
      makeFinding(
        'test/policy-test-unrunnable',
        locate(outcome.notRun?.path ?? []),
        `The test cannot run${outcome.notRun !== undefined ? ` with ${version}` : ''}, so none of its ${outcome.test.results.length} results is checked: ${outcome.fatal.join('; ')}.${hint}`
      )
    )
  }
  for (const entry of outcome.test.results) {
    const rows = outcome.entries.find((e) => e.index === entry.index)?.rows ?? []
    const passed = outcome.fatal.length === 0 && rows.every((r) => r.passed)
    const location = locate(['results', entry.index])
    const failing = rows.find((r) => !r.passed)
    const target = `${entry.policy}${entry.rule !== '' ? `/${entry.rule}` : ''}`
    const caseReport: PolicyTestCaseReport = {
      index: String(entry.index),
      line: location.range?.startLine ?? line,
      name: `${target} on ${entry.resources === undefined || entry.resources.length === 0 ? 'every resource' : entry.resources.join(', ')}${entry.operation !== '' ? ` (${entry.operation})` : ''}`,
      expected: entry.result,
      actual: [...new Set(rows.map((r) => r.actual ?? r.reason))].join(', '),
      passed,
      ...(outcome.fatal.length > 0
        ? { reason: outcome.fatal.join('; ') }
        : failing !== undefined
          ? { reason: rowReason(failing) }
          : {}),
      messages: rows.map((r) => r.message),
      rows: rows.map(rowReport)
    }
    report.cases.push(caseReport)
    if (!passed && outcome.fatal.length === 0)
      run.findings.push(
        makeFinding(
          'test/policy-result-mismatch',
          location,
          mismatchMessage(target, entry.result, rows),
          {
            data: { policy: entry.policy, rule: entry.rule, expected: entry.result }
          }
        )
      )
  }
  if (outcome.notRun?.how === 'refused' && outcome.test.results.length === 0)
    // A refused test fails the run even without results: one case says so.
    report.cases.push({
      index: '',
      line,
      name: 'the test file',
      expected: 'runs',
      actual: 'refused',
      passed: false,
      reason: outcome.notRun.message,
      messages: []
    })
  run.files.push(report)
}

function rowReason(row: TestRow): string {
  switch (row.reason) {
    case 'Want':
      return row.detail ?? `Want ${row.expected}, got ${row.actual ?? ''}`
    case 'Not found':
      return `no response of the policy for ${row.resource} (Not found)`
    case 'Not evaluated':
      return `not evaluated: ${row.message}`
    default:
      return `${row.reason}: ${row.message}`
  }
}

function rowReport(row: TestRow): PolicyTestRowReport {
  return {
    policy: row.policy,
    rule: row.rule,
    resource: row.resource,
    expected: row.expected,
    ...(row.actual !== undefined ? { actual: row.actual } : {}),
    passed: row.passed,
    reason: row.reason === 'Want' ? (row.detail ?? 'Want') : row.reason,
    message: row.message,
    ...(row.diff !== undefined ? { diff: row.diff } : {})
  }
}

function mismatchMessage(target: string, expected: string, rows: readonly TestRow[]): string {
  const lines = [`Expected ${expected} for ${target}:`]
  for (const row of rows.filter((r) => !r.passed).slice(0, 10)) {
    const what =
      row.reason === 'Want'
        ? `got ${row.actual ?? ''}`
        : row.reason === 'Not evaluated'
          ? 'not evaluated'
          : row.reason
    lines.push(
      `- ${row.resource}${row.rule !== '' ? ` (${row.rule})` : ''}: ${what}${row.message !== '' && row.message !== row.reason ? `: ${row.message}` : ''}`
    )
    for (const d of row.diff ?? []) lines.push(`  ${d}`)
  }
  return lines.join('\n')
}

/** A document of a kyverno-test.yaml, and where its values are. */
interface KyvernoTestDocument {
  file: string
  value: JsonMap
  locate: (valuePath: ValuePath) => Location
}

/**
 * The documents of a kyverno-test.yaml the release reads as tests (the first only up to 1.14,
 * each one from 1.15), mappings whatever they declare: one without apiVersion or kind is a test
 * of the old schema, which the release runs or refuses (test-schema.ts), never left out.
 */
function kyvernoTestDocuments(
  ws: Workspace,
  file: string,
  features: KyvernoReleaseFeatures
): KyvernoTestDocument[] {
  let text: string
  try {
    text = manifestText(ws.inMemory(file) ?? readFileSync(path.join(ws.repoRoot, file)))
  } catch {
    return [] // unreadable: the loader reported it
  }
  const out: KyvernoTestDocument[] = []
  plainDocuments(text).forEach((value, index) => {
    if (value === undefined) return
    if (features.testDocuments === 'first' && out.length > 0) return
    out.push({
      file,
      value,
      locate: (valuePath) => ({
        file,
        document: index,
        range: ws.source(file)?.locate(index, valuePath).range ?? lineRange(1)
      })
    })
  })
  return out
}

// ---------------------------------------------------------------------------------------------
// kaptest-format manifests

function runKaptestFile(
  ws: Workspace,
  file: string,
  source: TestFileSource,
  options: PolicyTestOptions,
  run: PolicyTestRun
): void {
  const absolute = path.join(ws.repoRoot, file)
  let documents: unknown[]
  try {
    const text = manifestText(readFileSync(absolute))
    documents = parseAllDocuments(text, parseOptions).map((d) =>
      d.errors.length > 0 ? undefined : (d.toJS() as unknown)
    )
  } catch {
    return
  }
  documents.forEach((value, index) => {
    if (!isAdmissionTestManifest(value)) return
    const locate = (valuePath: ValuePath): Location => {
      const resolved = ws.source(file)?.locate(index, valuePath)
      return { file, range: resolved?.range ?? lineRange(1) }
    }
    const outcome = runAdmissionTest(value, absolute, source, {
      kubernetesVersion: options.kubernetesVersion
    })
    const report: PolicyTestFileReport = {
      format: 'kaptest',
      file,
      line: locate([]).range?.startLine ?? 1,
      name: path.basename(file),
      problems: outcome.problems.map((p) => p.message),
      cases: []
    }
    for (const p of outcome.problems)
      run.findings.push(
        makeFinding(
          'test/policy-test-unrunnable',
          locate(p.path),
          `The admission test cannot run: ${p.message}.`
        )
      )
    for (const c of outcome.cases) {
      const location = locate(c.path)
      report.cases.push(kaptestCaseReport(c, location))
      if (!c.passed)
        run.findings.push(
          makeFinding('test/admission-case-failed', location, kaptestMessage(c), {
            data: { policy: c.policy, expected: c.expected, actual: c.actual }
          })
        )
    }
    options.onCase?.()
    run.files.push(report)
  })
}

function kaptestCaseReport(c: AdmissionCaseOutcome, location: Location): PolicyTestCaseReport {
  const index = c.path.filter((p) => typeof p === 'number').join('.')
  return {
    index,
    line: location.range?.startLine ?? 1,
    name: `${c.policy}${c.binding !== undefined ? ` via ${c.binding}` : ''}${c.request !== '' ? ` - (${c.request.replace(/^(\w+) /, '$1) ')}` : ''}${c.param !== undefined ? ` (Param: ${c.param})` : ''}`,
    expected: c.expected,
    actual: c.actual,
    passed: c.passed,
    ...(!c.passed
      ? {
          reason:
            c.actual === c.expected && c.expectedMessage !== undefined
              ? `expected message ${JSON.stringify(c.expectedMessage)}`
              : `${c.expected.toUpperCase() || '(no expectation)'} ==> ${c.actual.toUpperCase()}`
        }
      : {}),
    messages: c.messages
  }
}

function kaptestMessage(c: AdmissionCaseOutcome): string {
  const head =
    c.actual === c.expected && c.expectedMessage !== undefined
      ? `Case of ${c.policy} decided ${c.actual} as expected, but not with the message ${JSON.stringify(c.expectedMessage)}.`
      : `Case of ${c.policy}${c.request !== '' ? ` (${c.request})` : ''} expected ${c.expected || '(nothing)'}, got ${c.actual}.`
  return [head, ...c.messages.map((m) => `- ${m}`)].join('\n')
}
