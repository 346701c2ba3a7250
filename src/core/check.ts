/**
 * The shared pipeline behind the Action and the CLI: discover → parse → analyse → gate.
 * Analyzers never throw on user input; the result is pure data for the reporters. The analyzers
 * are listed in core/analyzers.ts; which thread runs each is core/check-threads.ts's business.
 */
import path from 'node:path'
import { compareFindings, countBySeverity } from '../findings/model.js'
import type { Finding } from '../findings/model.js'
import { applyTestInputUses } from './test-inputs.js'
import type { ReportSet } from '../kyverno/reports/index.js'
import { countValidationRules } from '../kube/crd/rules.js'
import { discoverWithStream } from '../workspace/stream.js'
import type { FileLoadResult } from '../workspace/load.js'
import { loadFiles } from '../workspace/parse-pool.js'
import type { Workspace } from '../workspace/workspace.js'
import { ANALYZERS, analysisWorkspace } from './analyzers.js'
import type { Analyzer } from './analyzers.js'
import { startAnalyzerThreads } from './check-threads.js'
import { DocumentReleases } from './document-release.js'
import type { Logger } from './logger.js'
import type { CheckOptions } from './options.js'
import { phaseTimer } from './phase-timer.js'
import type { CheckResult, FailOn, GateResult } from './result.js'
import { TOOL_NAME, TOOL_VERSION } from './version.js'
import { pushAll } from '../common/arrays.js'
import { emptyPathsFindings } from './empty-paths.js'

export { ANALYZERS, analyzer, emptyFacts, runStep } from './analyzers.js'
export type { Analyzer } from './analyzers.js'

export interface CheckRun {
  result: CheckResult
  workspace: Workspace
  /** The policy reports the Kyverno dry-run would create, for `reports-dir`. */
  kyvernoReports: ReportSet[]
  /** What went into `result`, part by part, for a comparison to take what did not change. */
  parts: CheckParts
}

/**
 * The pieces of a check run before the rule settings: a comparison with the base takes the
 * head's for the files (and findings) the pull request cannot have changed (issue 28).
 */
export interface CheckParts {
  /** What loading each file gave, in the order of `workspace.files`. */
  loaded: readonly FileLoadResult[]
  /** The findings of discovery (walk problems, patterns matching nothing). */
  discovery: readonly Finding[]
  /** Each analyzer's findings. */
  steps: ReadonlyMap<Analyzer, readonly Finding[]>
}

/** The kinds whose values applyTestInputUses reads (Kyverno tests, Chainsaw tests). */
const TEST_INPUT_READS = ['kyverno-test', 'resource'] as const

export async function check(
  given: CheckOptions,
  logger: Logger,
  analyzers: readonly Analyzer[] = ANALYZERS
): Promise<CheckRun> {
  const timer = phaseTimer()
  const { timings, timed } = timer

  // The stream's bytes travel in its DiscoveredFile, not again in the options workers get.
  const { stream, ...options } = given
  const found = await timed('discover', () =>
    discoverWithStream(options.root, options.paths, options.exclude, stream)
  )
  logger.info(`Found ${found.files.length} files under ${found.root}`)
  if (stream?.withFiles !== false) pushAll(found.findings, await emptyPathsFindings(options, found))

  // Any worker threads start now and work while this thread parses.
  const threads = startAnalyzerThreads(analyzers, found, options)
  const loaded = await timed('parse', () =>
    loadFiles(found.files, {
      maxFileSize: options.maxFileSize,
      order: threads.parseOrder,
      onLoaded: (fileIndex, file) => threads.parsed(fileIndex, file),
      onProgress: (done, total) => logger.progress('parse', done, total)
    })
  )
  const ws = analysisWorkspace(found.root, found.repoRoot, found.files, loaded)
  logger.info(
    `Parsed ${ws.documentCount} documents from ${found.files.length} files (${ws.skipped.length} skipped)`
  )

  const celRules = ws.documents.reduce(
    (n, d) => n + (d.kind === 'crd' ? countValidationRules(d.value) : 0),
    0
  )
  // A comparison with the base runs analyzers again over the head's documents (base-check.ts).
  const releases =
    options.baseRef === undefined || options.baseRef === ''
      ? new DocumentReleases(ws.documents, analyzers, TEST_INPUT_READS)
      : undefined
  const { steps: findingsByStep, facts } = await threads.run(ws, loaded, timer, (step) =>
    releases?.done(step)
  )

  const findings: Finding[] = [...found.findings, ...ws.findings]
  for (const step of analyzers) pushAll(findings, findingsByStep.get(step) ?? [])
  // After the rule settings: a test's own word that a file is its input is more specific.
  const final = applyTestInputUses(applyRuleSettings(findings, options.rules), ws.documents).sort(
    compareFindings
  )
  releases?.releaseAll()
  const counts = countBySeverity(final)
  const result: CheckResult = {
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    summary: {
      root: path.relative(found.repoRoot, found.root).split(path.sep).join('/') || '.',
      files: found.files.length,
      bytes: ws.bytes,
      documents: ws.documentCount,
      skipped: countBy(ws.skipped.map((s) => s.reason)),
      kinds: countBy(ws.documents.map((d) => d.kind)),
      celRules,
      findings: counts,
      timings
    },
    gate: gate(options.failOn, counts),
    findings: final,
    crds: facts.crds,
    worstBudgetRatio: facts.worstBudgetRatio,
    kubernetesVersions: [...options.kubernetesVersions],
    costGate: { warnRatio: options.costWarnRatio, failRatio: options.costFailRatio },
    policies: facts.policies
  }
  return {
    result,
    workspace: ws,
    kyvernoReports: facts.kyvernoReports,
    parts: { loaded, discovery: found.findings, steps: findingsByStep }
  }
}

function countBy<K extends string>(values: readonly K[]): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {}
  for (const v of values) out[v] = (out[v] ?? 0) + 1
  return out
}

export function applyRuleSettings(findings: Finding[], rules: CheckOptions['rules']): Finding[] {
  if (Object.keys(rules).length === 0) return findings
  const out: Finding[] = []
  for (const f of findings) {
    const setting = rules[f.ruleId]
    if (setting === 'off') continue
    out.push(setting ? { ...f, severity: setting } : f)
  }
  return out
}

export function gate(
  failOn: FailOn,
  counts: Record<'error' | 'warning' | 'notice', number>
): GateResult {
  const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`
  if (failOn === 'never') return { failOn, failed: false, reason: 'fail-on is never' }
  const failing = failOn === 'error' ? counts.error : counts.error + counts.warning
  if (failing > 0) {
    const what =
      failOn === 'error'
        ? plural(counts.error, 'error')
        : `${plural(counts.error, 'error')} and ${plural(counts.warning, 'warning')}`
    return { failOn, failed: true, reason: `${what} with fail-on: ${failOn}` }
  }
  return {
    failOn,
    failed: false,
    reason: `no ${failOn === 'error' ? 'errors' : 'errors or warnings'}`
  }
}
