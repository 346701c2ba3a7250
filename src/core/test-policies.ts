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
import type { LoadedDocument } from '../workspace/load.js'
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
  onCase?: () => void
}

/** The only file name `kyverno test` runs (its `--file-name` default). */
const KYVERNO_TEST_FILE_NAME = 'kyverno-test.yaml'

/** Runs every Kyverno test document and kaptest manifest of the workspace. */
export function runPolicyTests(
  ws: Workspace,
  source: TestFileSource,
  kaptestCandidates: readonly string[],
  options: PolicyTestOptions
): PolicyTestRun {
  const run: PolicyTestRun = { files: [], findings: [] }
  for (const doc of ws.documents) {
    if (doc.kind !== 'kyverno-test') continue
    if (path.posix.basename(doc.file) !== KYVERNO_TEST_FILE_NAME) {
      run.findings.push(
        makeFinding(
          'test/kyverno-test-not-run',
          ws.locate(doc, ['kind']),
          `This Kyverno test is not run: \`kyverno test\` only runs files named ${KYVERNO_TEST_FILE_NAME}, so ${path.posix.basename(doc.file)} is a disabled test.`
        )
      )
      continue
    }
    runKyvernoFile(ws, doc, source, run)
  }
  for (const file of kaptestCandidates) runKaptestFile(ws, file, source, options, run)
  return run
}

// ---------------------------------------------------------------------------------------------
// Kyverno CLI tests

function runKyvernoFile(
  ws: Workspace,
  doc: LoadedDocument,
  source: TestFileSource,
  run: PolicyTestRun
): void {
  const absolute = path.join(ws.repoRoot, doc.file)
  let outcome: ReturnType<typeof runCliTest>
  try {
    outcome = runCliTest(doc.value, absolute, source)
  } catch (error) {
    run.findings.push(
      makeFinding(
        'internal-error',
        ws.locate(doc, []),
        `The Kyverno test failed to run: ${error instanceof Error ? error.message : String(error)}`
      )
    )
    return
  }
  const report: PolicyTestFileReport = {
    format: 'kyverno',
    file: doc.file,
    line: doc.line,
    name: outcome.test.name,
    problems: [...outcome.fatal, ...outcome.problems.map((p) => p.message)],
    cases: [],
    tally: outcome.counts
  }
  for (const p of outcome.problems)
    run.findings.push(
      makeFinding(
        'test/policy-test-unrunnable',
        ws.locate(doc, p.path),
        `The test's ${p.path.join('.')} ${p.message}.`
      )
    )
  if (outcome.fatal.length > 0)
    run.findings.push(
      makeFinding(
        'test/policy-test-unrunnable',
        ws.locate(doc, []),
        `The test cannot run, so none of its ${outcome.test.results.length} results is checked: ${outcome.fatal.join('; ')}.`
      )
    )
  for (const entry of outcome.test.results) {
    const rows = outcome.entries.find((e) => e.index === entry.index)?.rows ?? []
    const passed = outcome.fatal.length === 0 && rows.every((r) => r.passed)
    const location = ws.locate(doc, ['results', entry.index])
    const failing = rows.find((r) => !r.passed)
    const target = `${entry.policy}${entry.rule !== '' ? `/${entry.rule}` : ''}`
    const caseReport: PolicyTestCaseReport = {
      index: String(entry.index),
      line: location.range?.startLine ?? doc.line,
      name: `${target} on ${entry.resources === undefined || entry.resources.length === 0 ? 'every resource' : entry.resources.join(', ')}${entry.operation !== '' ? ` (${entry.operation})` : ''}`,
      expected: entry.result,
      actual: [...new Set(rows.map((r) => r.actual ?? r.reason))].join(', '),
      passed,
      ...(failing !== undefined ? { reason: rowReason(failing) } : {}),
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
