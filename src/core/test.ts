/**
 * `celgate test`: finds test files with the same discovery as `check` and runs each by its kind
 * (recognised by content, never by name):
 * - CRD test suites (the openshift/api `*.testsuite.yaml` format: `crdName` plus
 *   `tests.onCreate/onUpdate`): every case through the custom-resource pipeline against the CRD
 *   manifests the suite selects, with the expected-vs-actual diff;
 * - Kyverno CLI tests (cli.kyverno.io `Test`): every `results` entry with `kyverno test`'s
 *   semantics (src/kyverno/cli-test), each row with its message;
 * - admission policy tests in kaptest's format (`validatingAdmissionPolicies`, `resources`,
 *   `testSuites`; src/core/admission-tests.ts).
 * Only files that can hold one of these (or a CRD the suites fall back on) are parsed; the
 * files the tests name are read when a test needs them.
 *
 * The result is data, like `check`'s: the reporters below only format it. Failing cases and
 * suites that cannot run are findings at the case's line, so annotations, SARIF and the job
 * summary show them where they are written.
 */
import path from 'node:path'
import { countBySeverity, compareFindings } from '../findings/model.js'
import type { Finding } from '../findings/model.js'
import { makeFinding } from '../findings/make.js'
import { isCrd, DiskManifestSource } from '../kube/cr/testsuite/crd-selection.js'
import type { CrdManifest } from '../kube/cr/testsuite/crd-selection.js'
import { runSuite } from '../kube/cr/testsuite/run-suite.js'
import type { CaseOutcome } from '../kube/cr/testsuite/run-suite.js'
import { readSuite } from '../kube/cr/testsuite/suite.js'
import type { KubernetesVersion } from '../kube/versions.js'
import { DEFAULT_KYVERNO_VERSION } from '../kyverno/versions.js'
import type { KyvernoVersion } from '../kyverno/versions.js'
import { discover, DEFAULT_EXCLUDE, DEFAULT_PATHS } from '../workspace/discover.js'
import type { DiscoveredFile } from '../workspace/discover.js'
import { loadFiles } from '../workspace/parse-pool.js'
import { Workspace } from '../workspace/workspace.js'
import { escapeControlCharacters } from '../report/escape.js'
import { codeSpan, escapeMarkdownInline } from '../report/escape.js'
import { defuseCommandLine } from '../report/workflow-commands.js'
import type { Logger } from './logger.js'
import { DEFAULT_MAX_FILE_SIZE } from './options.js'
import { phaseTimer } from './phase-timer.js'
import type { PhaseTiming } from './result.js'
import { TOOL_NAME, TOOL_VERSION } from './version.js'
import { runPolicyTests } from './test-policies.js'
import type { PolicyTestCaseReport, PolicyTestFileReport } from './test-policies.js'
import { DiskTestFiles } from './test-files.js'
import { declaredTestKubernetesVersion } from './test-kubernetes-version.js'
import type { LoadedDocument } from '../workspace/load.js'
import { readFileSync } from 'node:fs'
import { pushAll } from '../common/arrays.js'

/**
 * The apiserver `celgate test` reproduces when neither `--kubernetes-version` nor the
 * repository's Makefile (`ENVTEST_K8S_VERSION`, test-kubernetes-version.ts) says: Kubernetes
 * 1.32, the envtest release openshift/api master runs its suites on. Suites pin exact apiserver
 * messages, and those changed in 1.32, 1.34 and 1.35 (crd-validation-spec.md §1.2, §11).
 */
export const DEFAULT_TEST_KUBERNETES_VERSION: KubernetesVersion = '1.32'

export interface TestOptions {
  /** Folders or files to search for suites (absolute). */
  paths: string[]
  /** Globs inside each folder (default: every YAML and JSON file, as `check`). */
  patterns?: string[]
  exclude?: string[]
  kubernetesVersion?: KubernetesVersion
  /**
   * The config file's Kubernetes release (the newest of its `kubernetes-versions`) and where it
   * says it: used when the repository's Makefile declares no envtest release.
   */
  configKubernetesVersion?: { version: KubernetesVersion; from: string }
  /** Whose `kyverno test` the Kyverno CLI tests follow (default: the newest release). */
  kyvernoVersion?: KyvernoVersion
  maxFileSize?: number
}

export interface TestCaseReport {
  kind: 'onCreate' | 'onUpdate'
  index: number
  name: string
  line: number
  passed: boolean
  expectsError: boolean
  /** Why it failed (first failing manifest). */
  reason?: string
  diff?: string[]
  actualError?: string
  /** Per manifest (repository-relative file). */
  manifests: Array<{ file: string; passed: boolean; reason?: string }>
}

export interface TestSuiteReport {
  file: string
  line: number
  name: string
  crdName: string
  featureGates: string[]
  /** The manifests the suite ran against (repository-relative). */
  manifests: string[]
  problems: string[]
  cases: TestCaseReport[]
}

export interface TestSummary {
  root: string
  files: number
  /** CRD test suites and policy test files run. */
  suites: number
  /** Every case: CRD suite cases, Kyverno test results, kaptest cases. */
  cases: number
  passed: number
  failed: number
  /** Cases that expect the request to fail. */
  expectingError: number
  /** passed / cases (1 without cases). */
  agreement: number
  /** Validation stages that could not run: their errors are missing from the results. */
  notChecked: string[]
  timings: PhaseTiming[]
  /** Per test format: files, cases, passed. */
  byFormat: Record<TestFormat, { files: number; cases: number; passed: number }>
}

/** The kinds of test file `celgate test` runs. */
export type TestFormat = 'crd-suite' | 'kyverno' | 'kaptest'

export interface TestResult {
  tool: { name: string; version: string }
  kubernetesVersion: KubernetesVersion
  /**
   * Where the version came from: `option`, `default`, the Makefile that declares it
   * (`tests/Makefile: ENVTEST_K8S_VERSION = 1.31.1`) or the config file
   * (`.celgate.yaml line 2 kubernetes-versions`).
   */
  kubernetesVersionFrom: string
  /** The Kyverno release whose `kyverno test` the Kyverno CLI tests followed. */
  kyvernoVersion: KyvernoVersion
  summary: TestSummary
  suites: TestSuiteReport[]
  /** Kyverno CLI tests and kaptest-format admission tests, each with its cases. */
  policyTests: PolicyTestFileReport[]
  findings: Finding[]
  /** True when every case passed (exit code 0). */
  passed: boolean
}

export interface TestRun {
  result: TestResult
  workspace: Workspace
}

export async function runTest(options: TestOptions, logger: Logger): Promise<TestRun> {
  const { timings, timed } = phaseTimer()
  const { root, repoRoot, files, findings } = await timed('discover', () => discoverAll(options))
  const { kubernetesVersion, kubernetesVersionFrom } = testKubernetesVersion(
    options,
    repoRoot,
    logger
  )
  const kyvernoVersion = options.kyvernoVersion ?? DEFAULT_KYVERNO_VERSION
  logger.info(`Found ${files.length} files`)
  // Only files that may hold a test are parsed, and CRDs only when a CRD suite may need them.
  const sniffed = await timed('select', () =>
    files.map((f) => ({ f, kind: sniff(f.absolutePath) }))
  )
  const ofKind = (...kinds: SniffedKind[]): DiscoveredFile[] =>
    sniffed.filter((s) => s.kind !== undefined && kinds.includes(s.kind)).map((s) => s.f)
  const kaptestCandidates = ofKind('kaptest').map((f) => f.file)
  const loadOptions = {
    maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
    onProgress: (done: number, total: number) => logger.progress('parse', done, total)
  }
  const loaded = await timed('parse', async () => {
    const tests = await loadFiles(ofKind('suite', 'test', 'unknown'), loadOptions)
    const hasSuites = tests.some((r) => r.documents.some((d) => d.kind === 'cel-test-suite'))
    return hasSuites ? [...tests, ...(await loadFiles(ofKind('crd'), loadOptions))] : tests
  })
  const ws = new Workspace(root, repoRoot, files, loaded)
  const suiteDocs = ws.documents.filter((d) => d.kind === 'cel-test-suite')
  logger.info(`Found ${suiteDocs.length} test suites`)

  // CRDs of the scanned files, by name: the fallback for suites kept apart from their CRDs.
  const byName = new Map<string, CrdManifest[]>()
  for (const d of ws.documents) {
    if (d.kind !== 'crd' || !isCrd(d.value) || d.name === undefined) continue
    const list = byName.get(d.name) ?? []
    list.push({ file: path.join(repoRoot, d.file), crd: d.value })
    byName.set(d.name, list)
  }
  const source = new DiskManifestSource(byName)

  const suiteCases = suiteDocs.reduce((n, d) => n + readSuite(d.value).cases.length, 0)
  let doneCases = 0
  const outcomes = await timed('run', () =>
    suiteDocs.map((doc) => {
      const suite = readSuite(doc.value)
      return {
        doc,
        outcome: runSuite(suite, path.join(repoRoot, doc.file), source, {
          kubernetesVersion,
          onCase: () => logger.progress('cases', ++doneCases, suiteCases)
        })
      }
    })
  )

  const relative = (abs: string): string => path.relative(repoRoot, abs).split(path.sep).join('/')
  const suites: TestSuiteReport[] = []
  const allFindings: Finding[] = [...findings, ...ws.findings]
  const notChecked = new Set<string>()
  for (const { doc, outcome } of outcomes) {
    const report: TestSuiteReport = {
      file: doc.file,
      line: doc.line,
      name: outcome.suite.name,
      crdName: outcome.suite.crdName || outcome.suite.crdFile,
      featureGates: outcome.suite.featureGates,
      manifests: outcome.manifests.map(relative),
      problems: outcome.problems,
      cases: []
    }
    if (outcome.manifests.length === 0 && outcome.suite.cases.length > 0) {
      allFindings.push(
        makeFinding(
          'test/suite-unrunnable',
          ws.locate(doc, outcome.suite.crdName !== '' ? ['crdName'] : []),
          `The suite's ${outcome.suite.cases.length} cases cannot run: ${outcome.problems.join('; ') || 'no CRD manifest matches'}.`
        )
      )
    }
    for (const c of outcome.cases) {
      const caseReport = caseReportOf(
        c,
        relative,
        ws.locate(doc, [...c.case.path, 'name']).range?.startLine ?? doc.line
      )
      for (const run of c.runs) for (const s of run.notChecked) notChecked.add(s)
      report.cases.push(caseReport)
      if (!c.passed && outcome.manifests.length > 0)
        allFindings.push(caseFinding(ws, doc, c, caseReport))
    }
    suites.push(report)
  }

  const policyRun = await timed('policy tests', () => {
    const byFile = new Map<string, LoadedDocument[]>()
    for (const d of ws.documents) {
      const abs = path.join(repoRoot, d.file)
      byFile.set(abs, [...(byFile.get(abs) ?? []), d])
    }
    const source = new DiskTestFiles(repoRoot, byFile)
    return runPolicyTests(ws, source, kaptestCandidates, { kubernetesVersion, kyvernoVersion })
  })
  pushAll(allFindings, policyRun.findings)

  const cases = suites.flatMap((s) => s.cases)
  const policyCases: PolicyTestCaseReport[] = policyRun.files.flatMap((f) => f.cases)
  const passedCrd = cases.filter((c) => c.passed).length
  const passedPolicy = policyCases.filter((c) => c.passed).length
  const totalCases = cases.length + policyCases.length
  const passed = passedCrd + passedPolicy
  const formatCount = (format: 'kyverno' | 'kaptest') => {
    const reports = policyRun.files.filter((f) => f.format === format)
    const all = reports.flatMap((f) => f.cases)
    return { files: reports.length, cases: all.length, passed: all.filter((c) => c.passed).length }
  }
  const result: TestResult = {
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    kubernetesVersion,
    kubernetesVersionFrom,
    kyvernoVersion,
    summary: {
      root: path.relative(repoRoot, root).split(path.sep).join('/') || '.',
      files: files.length,
      suites: suites.length + policyRun.files.length,
      cases: totalCases,
      passed,
      failed: totalCases - passed,
      expectingError: cases.filter((c) => c.expectsError).length,
      agreement: totalCases === 0 ? 1 : passed / totalCases,
      notChecked: [...notChecked],
      timings,
      byFormat: {
        'crd-suite': { files: suites.length, cases: cases.length, passed: passedCrd },
        kyverno: formatCount('kyverno'),
        kaptest: formatCount('kaptest')
      }
    },
    suites,
    policyTests: policyRun.files,
    findings: allFindings.sort(compareFindings),
    passed: passed === totalCases && countBySeverity(allFindings).error === 0
  }
  return { result, workspace: ws }
}

/**
 * The option, else the repository's declared envtest release (the apiserver its suites are
 * written for), else the config file's, else the default.
 */
function testKubernetesVersion(
  options: TestOptions,
  repoRoot: string,
  logger: Logger
): { kubernetesVersion: KubernetesVersion; kubernetesVersionFrom: string } {
  if (options.kubernetesVersion !== undefined)
    return { kubernetesVersion: options.kubernetesVersion, kubernetesVersionFrom: 'option' }
  const declared = declaredTestKubernetesVersion(options.paths, repoRoot)
  if (declared?.version !== undefined)
    return {
      kubernetesVersion: declared.version,
      kubernetesVersionFrom: `${declared.file}: ENVTEST_K8S_VERSION = ${declared.declared}`
    }
  const configured = options.configKubernetesVersion
  if (declared)
    logger.warning(
      `${declared.file} declares ENVTEST_K8S_VERSION = ${declared.declared}, a release celgate does not reproduce; testing on Kubernetes ${configured?.version ?? DEFAULT_TEST_KUBERNETES_VERSION} instead (set --kubernetes-version to choose).`
    )
  if (configured !== undefined)
    return { kubernetesVersion: configured.version, kubernetesVersionFrom: configured.from }
  return { kubernetesVersion: DEFAULT_TEST_KUBERNETES_VERSION, kubernetesVersionFrom: 'default' }
}

type SniffedKind = 'suite' | 'crd' | 'test' | 'kaptest' | 'unknown'

/**
 * What a file may hold that `celgate test` reads: a CRD suite (`onCreate`/`onUpdate`), a
 * Kyverno `Test` (cli.kyverno.io, or kyverno.io for the oldest MAP tests), a kaptest manifest
 * (`testSuites`), or a CRD (which suites fall back on). A cheap byte search; the parser decides.
 */
function sniff(absolutePath: string): SniffedKind | undefined {
  let bytes: Buffer
  try {
    bytes = readFileSync(absolutePath)
  } catch {
    return 'unknown' // unreadable: let the loader report it
  }
  // Every document of a kyverno-test.yaml is a Kyverno test, even one without apiVersion/kind.
  if (path.basename(absolutePath) === 'kyverno-test.yaml') return 'test'
  if (bytes.includes('testSuites')) return 'kaptest'
  if (bytes.includes('onCreate') || bytes.includes('onUpdate')) return 'suite'
  if (bytes.includes('Test') && KYVERNO_TEST.test(bytes.toString('latin1'))) return 'test'
  if (bytes.includes('CustomResourceDefinition')) return 'crd'
  return undefined
}

/** `apiVersion: cli.kyverno.io/…` or `kyverno.io/…` (chainsaw's tests are not Kyverno tests). */
const KYVERNO_TEST = /(^|[\s{,])["']?apiVersion["']?\s*:\s*["']?(cli\.)?kyverno\.io\//m

/** Discovery over several paths (folders, or single files) merged into one file list. */
async function discoverAll(options: TestOptions): Promise<{
  root: string
  repoRoot: string
  files: DiscoveredFile[]
  findings: Finding[]
}> {
  const files: DiscoveredFile[] = []
  const findings: Finding[] = []
  const seen = new Set<string>()
  let root: string | undefined
  let repoRoot: string | undefined
  for (const p of options.paths) {
    const isFile = /\.(ya?ml|json)$/i.test(p) && !(await isDirectory(p))
    const found = await discover(
      isFile ? path.dirname(p) : p,
      isFile ? [path.basename(p)] : (options.patterns ?? DEFAULT_PATHS),
      options.exclude ?? DEFAULT_EXCLUDE
    )
    root ??= found.root
    repoRoot ??= found.repoRoot
    pushAll(findings, found.findings)
    for (const f of found.files) {
      if (seen.has(f.absolutePath)) continue
      seen.add(f.absolutePath)
      // Every path is reported relative to the first path's repository.
      files.push(
        found.repoRoot === repoRoot
          ? f
          : { ...f, file: path.relative(repoRoot, f.absolutePath).split(path.sep).join('/') }
      )
    }
  }
  if (root === undefined || repoRoot === undefined) throw new Error('no path to test')
  return { root, repoRoot, files, findings }
}

async function isDirectory(p: string): Promise<boolean> {
  const { stat } = await import('node:fs/promises')
  try {
    return (await stat(p)).isDirectory()
  } catch {
    return false
  }
}

function caseReportOf(
  c: CaseOutcome,
  relative: (abs: string) => string,
  line: number
): TestCaseReport {
  const firstFailure = c.runs.find((r) => !r.passed)
  return {
    kind: c.case.kind,
    index: c.case.index,
    name: c.case.name,
    line,
    passed: c.passed,
    expectsError: c.expectsError,
    ...(c.problem !== undefined ? { reason: c.problem } : {}),
    ...(firstFailure?.reason !== undefined ? { reason: firstFailure.reason } : {}),
    ...(firstFailure?.diff ? { diff: firstFailure.diff } : {}),
    ...(firstFailure?.actualError ? { actualError: firstFailure.actualError } : {}),
    manifests: c.runs.map((r) => ({
      file: relative(r.manifest),
      passed: r.passed,
      ...(r.reason !== undefined ? { reason: r.reason } : {})
    }))
  }
}

function caseFinding(
  ws: Workspace,
  doc: Workspace['documents'][number],
  c: CaseOutcome,
  report: TestCaseReport
): Finding {
  const failing = report.manifests.filter((m) => !m.passed).map((m) => path.basename(m.file))
  const against =
    failing.length > 0 && failing.length < report.manifests.length
      ? ` (against ${failing.join(', ')})`
      : ''
  const lines = [
    `Test case "${c.case.name}" failed${against}: ${report.reason ?? 'it did not pass'}.`
  ]
  if (report.diff) pushAll(lines, report.diff)
  else if (report.actualError) lines.push(`error: ${report.actualError}`)
  return makeFinding(
    'test/case-failed',
    ws.locate(doc, [...c.case.path, 'name']),
    lines.join('\n'),
    {
      data: { case: c.case.name, kind: c.case.kind, expectsError: c.expectsError }
    }
  )
}

// ---------------------------------------------------------------------------------------------
// Reporters

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`
const percent = (ratio: number): string => `${(Math.floor(ratio * 1000) / 10).toFixed(1)}%`

/** One line per case (✔/✖), a diff under each failure, and the verdict. */
export function renderTestText(
  result: TestResult,
  options: { color: boolean; verbose?: boolean }
): string {
  const sgr = (open: number, close: number) => (t: string) =>
    options.color ? `\x1b[${open}m${t}\x1b[${close}m` : t
  const red = sgr(31, 39)
  const green = sgr(32, 39)
  const dim = sgr(2, 22)
  const bold = sgr(1, 22)
  const safe = (t: string): string => escapeControlCharacters(t)
  const lines: string[] = []
  for (const suite of result.suites) {
    const failed = suite.cases.filter((c) => !c.passed).length
    if (failed === 0 && suite.problems.length === 0 && options.verbose !== true) continue
    lines.push(
      `${bold(safe(suite.file))} ${dim(safe(`${suite.crdName}${suite.featureGates.length > 0 ? ` [${suite.featureGates.join(',')}]` : ''}`))}`
    )
    for (const p of suite.problems) lines.push(`  ${red('!')} ${safe(p)}`)
    for (const c of suite.cases) {
      if (c.passed && options.verbose !== true) continue
      const mark = c.passed ? green('✔') : red('✖')
      lines.push(`  ${mark} ${dim(`${c.line}`)} ${safe(c.kind)}: ${safe(c.name)}`)
      if (c.passed) continue
      if (c.reason) lines.push(`      ${safe(c.reason)}`)
      for (const d of c.diff ?? [])
        lines.push(
          `      ${d.startsWith('-') ? red(safe(d)) : d.startsWith('+') ? green(safe(d)) : safe(d)}`
        )
      if (!c.diff && c.actualError) lines.push(`      ${dim(safe(c.actualError))}`)
    }
    if (failed === 0) lines.push(`  ${green('✔')} ${plural(suite.cases.length, 'case')} passed`)
    lines.push('')
  }
  for (const file of result.policyTests ?? []) {
    const failed = file.cases.filter((c) => !c.passed).length
    if (failed === 0 && file.problems.length === 0 && options.verbose !== true) continue
    const format = file.format === 'kyverno' ? 'Kyverno test' : 'admission test (kaptest format)'
    lines.push(
      `${bold(safe(file.file))} ${dim(safe(`${format}${file.name !== '' ? ` ${file.name}` : ''}`))}`
    )
    for (const p of file.problems) lines.push(`  ${red('!')} ${safe(p)}`)
    for (const c of file.cases) {
      if (c.passed && options.verbose !== true) continue
      const mark = c.passed ? green('✔') : red('✖')
      const outcome = c.passed
        ? c.expected
        : `expected ${c.expected || '(nothing)'}, got ${c.actual}`
      lines.push(`  ${mark} ${dim(`${c.line}`)} ${safe(c.name)}: ${safe(outcome)}`)
      if (c.rows !== undefined) {
        for (const row of c.rows) {
          if (row.passed && options.verbose !== true) continue
          const rowMark = row.passed ? green('✔') : red('✖')
          const result = row.actual ?? row.reason
          const rule = row.rule !== '' ? ` ${row.rule}` : ''
          lines.push(
            `      ${rowMark} ${safe(row.resource)}${safe(rule)}: ${safe(result)}${row.message !== '' && row.message !== result ? ` ${dim(safe(`— ${row.message}`))}` : ''}`
          )
          for (const d of row.diff ?? [])
            lines.push(`          ${d.startsWith('-') ? red(safe(d)) : green(safe(d))}`)
        }
      } else if (!c.passed || options.verbose === true) {
        for (const m of c.messages) lines.push(`      ${dim(safe(m))}`)
      }
    }
    if (failed === 0) lines.push(`  ${green('✔')} ${plural(file.cases.length, 'case')} passed`)
    lines.push('')
  }
  // Problems outside the cases (YAML errors in suite files, unrunnable suites).
  const other = result.findings.filter(
    (f) =>
      f.ruleId !== 'test/case-failed' &&
      f.ruleId !== 'test/policy-result-mismatch' &&
      f.ruleId !== 'test/admission-case-failed'
  )
  for (const f of other) {
    const at = f.location.range
      ? `:${f.location.range.startLine}:${f.location.range.startColumn}`
      : ''
    lines.push(
      `${safe(f.location.file)}${at}  ${f.severity === 'error' ? red(f.severity) : f.severity}  ${safe(f.message)}  ${dim(f.ruleId)}`
    )
  }
  if (other.length > 0) lines.push('')
  const s = result.summary
  if (s.notChecked.length > 0)
    lines.push(`Not checked (not available in this build): ${s.notChecked.join(', ')}`)
  const policyFiles = (result.policyTests ?? []).length
  const where =
    policyFiles === 0
      ? plural(s.suites, 'suite')
      : s.suites === policyFiles
        ? plural(policyFiles, 'test file')
        : `${plural(s.suites - policyFiles, 'suite')} and ${plural(policyFiles, 'test file')}`
  // Errors outside the cases (a duplicate key, an unreadable file) fail the run too: say so.
  const otherErrors = other.filter((f) => f.severity === 'error').length
  const besides = otherErrors > 0 ? `, and ${plural(otherErrors, 'error')} in the files` : ''
  const verdict = `${s.failed === 0 && result.passed ? '✔' : '✖'} ${plural(s.passed, 'case')} passed, ${s.failed} failed of ${s.cases} in ${where}${besides} (${percent(s.agreement)} agree; Kubernetes ${result.kubernetesVersion}${declaredBy(result)}${s.byFormat.kyverno.files > 0 ? `; Kyverno ${result.kyvernoVersion}` : ''})`
  lines.push(bold(s.failed === 0 && result.passed ? green(verdict) : red(verdict)))
  // File and case names start lines: none may read as a workflow command in a `run:` step.
  return `${lines.map(defuseCommandLine).join('\n')}\n`
}

/** `, from tests/Makefile` when a Makefile (or the config file) chose the version. */
const declaredBy = (result: TestResult): string =>
  result.kubernetesVersionFrom === 'option' || result.kubernetesVersionFrom === 'default'
    ? ''
    : `, from ${result.kubernetesVersionFrom.replace(/: ENVTEST_K8S_VERSION = \S*$/, '')}`

/** The job-summary section: totals, then the failing cases (most useful first). */
export function renderTestSummary(
  result: TestResult,
  options: { maxFailures?: number } = {}
): string {
  const s = result.summary
  const max = options.maxFailures ?? 50
  const out: string[] = []
  const policyFiles = result.policyTests ?? []
  const title = policyFiles.length === 0 ? 'CRD test suites' : 'Tests'
  out.push(
    `### ${s.failed === 0 && result.passed ? '✅' : '❌'} ${title}: ${s.passed} of ${s.cases} cases passed (${percent(s.agreement)})`
  )
  out.push('')
  if (policyFiles.length === 0) {
    out.push(`| Suites | Cases | Passed | Failed | Expecting an error | Kubernetes |`)
    out.push(`|---:|---:|---:|---:|---:|---|`)
    out.push(
      `| ${s.suites} | ${s.cases} | ${s.passed} | ${s.failed} | ${s.expectingError} | ${result.kubernetesVersion} |`
    )
  } else {
    out.push(`| Kind | Files | Cases | Passed | Failed |`)
    out.push(`|---|---:|---:|---:|---:|`)
    const labels: Record<TestFormat, string> = {
      'crd-suite': 'CRD test suites',
      kyverno: 'Kyverno CLI tests',
      kaptest: 'Admission tests (kaptest format)'
    }
    for (const [format, label] of Object.entries(labels) as Array<[TestFormat, string]>) {
      const f = s.byFormat[format]
      if (f.files === 0) continue
      out.push(`| ${label} | ${f.files} | ${f.cases} | ${f.passed} | ${f.cases - f.passed} |`)
    }
  }
  if (s.notChecked.length > 0) {
    out.push('')
    out.push(
      `> ⚠️ Not checked in this build: ${s.notChecked.map(escapeMarkdownInline).join(', ')}.`
    )
  }
  const failures = [
    ...result.suites.flatMap((suite) =>
      suite.cases.filter((c) => !c.passed).map((c) => ({ suite, c }))
    ),
    ...policyFiles.flatMap((suite) =>
      suite.cases.filter((c) => !c.passed).map((c) => ({ suite, c }))
    )
  ]
  if (failures.length > 0) {
    out.push('')
    out.push('| Case | Where | Why |')
    out.push('|---|---|---|')
    for (const { suite, c } of failures.slice(0, max))
      out.push(
        `| ${escapeMarkdownInline(c.name)} | ${codeSpan(`${suite.file}:${c.line}`)} | ${escapeMarkdownInline(c.reason ?? '')} |`
      )
    if (failures.length > max)
      out.push(`\n> ${failures.length - max} more failing cases are in the JSON report.`)
  }
  return `${out.join('\n')}\n`
}

/** The JSON report. */
export function stringifyTestResult(result: TestResult): string {
  return `${JSON.stringify(result, null, 2)}\n`
}
