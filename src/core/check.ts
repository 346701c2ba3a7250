/**
 * The shared pipeline behind the Action and the CLI: discover → load → analyse → gate.
 * Analyzers never throw on user input; the result is pure data for the reporters.
 */
import path from 'node:path'
import { parentPort } from 'node:worker_threads'
import { makeFinding } from '../findings/make.js'
import { compareFindings, countBySeverity } from '../findings/model.js'
import type { Finding } from '../findings/model.js'
import { analyzeAdmissionPolicies, dryRunAdmissionPolicies } from '../kube/admission/index.js'
import { analyzeCustomResources } from '../kube/cr/index.js'
import { analyzeBuiltinObjects, refusedBeforeAdmission } from '../kube/builtin/analyze.js'
import { demoteTestInputFindings } from './test-inputs.js'
import { analyzeKyvernoPolicies } from '../kyverno/check.js'
import type { ReportSet } from '../kyverno/reports/index.js'
import { analyzeCrdCosts } from '../kube/crd/cost-check.js'
import type { CrdCostAnalysis } from '../kube/crd/cost-check.js'
import { analyzeCrdManifestSizes } from '../kube/crd/manifest-size.js'
import { analyzeCrdValidity } from '../kube/crd/validation/index.js'
import { shareIdenticalSchemas } from '../kube/crd/shared-schemas.js'
import { countValidationRules } from '../kube/crd/rules.js'
import { discoverWithStream } from '../workspace/stream.js'
import type { DiscoveredFile } from '../workspace/discover.js'
import { ParallelFileJob, registerFileJob } from '../workspace/file-jobs.js'
import type { DocumentKind } from '../workspace/classify.js'
import type { FileLoadResult, LoadedDocument } from '../workspace/load.js'
import {
  loadFiles,
  readAndLoad,
  registerWorkerTask,
  startWorker,
  workerCount
} from '../workspace/parse-pool.js'
import { Workspace } from '../workspace/workspace.js'
import type { Logger } from './logger.js'
import type { CheckOptions } from './options.js'
import type {
  CheckResult,
  CrdReport,
  CrdVersionReport,
  FailOn,
  GateResult,
  PhaseTiming
} from './result.js'
import { TOOL_NAME, TOOL_VERSION } from './version.js'
import { pushAll } from '../common/arrays.js'
import { emptyPathsFindings } from './empty-paths.js'

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

/**
 * What analyzers report besides findings: the facts sections of the report. Only arrays and
 * numbers: facts found file by file merge by concatenating arrays (in file order) and keeping
 * the largest number.
 */
export interface ReportFacts {
  crds: CrdReport[]
  worstBudgetRatio: number
  policies: unknown[]
  kyvernoReports: ReportSet[]
}

export const emptyFacts = (): ReportFacts => ({
  crds: [],
  worstBudgetRatio: 0,
  policies: [],
  kyvernoReports: []
})

/**
 * - `document`: what it reports for a document depends on that document alone (and the
 *   options), so each file can be checked on its own, in any thread.
 * - `workspace`: it relates documents to each other (samples to their CRDs, bindings to their
 *   policies), so it sees them all at once, in this thread.
 */
export type AnalyzerScope = 'document' | 'workspace'

/**
 * One step of the pipeline: a pure `analyzeX(ws, options) → { findings, …facts }`, how far its
 * view reaches, and where its facts go in the report. Analyzers read their settings from
 * CheckOptions (they share its names). Facts of `document` analyzers are merged before those of
 * `workspace` analyzers, which do not see them.
 */
export interface Analyzer {
  /** The phase name in the timings. */
  phase: string
  scope: AnalyzerScope
  /**
   * The kinds of documents it reports on (all when absent): files without any are not given
   * to it when files are checked one by one.
   */
  kinds?: readonly DocumentKind[]
  /**
   * A long `workspace` analyzer that may run in a worker thread of its own, which reads the
   * files again, while this thread runs the others (large workloads only).
   */
  ownThread?: boolean
  /**
   * The kinds of documents a `workspace` analyzer reads (all when absent): in a thread of its
   * own, only the files holding one are parsed again.
   */
  reads?: readonly DocumentKind[]
  /** Runs the analyzer; returns its findings and adds its facts to `facts`. */
  run(ws: Workspace, options: CheckOptions, facts: ReportFacts): Finding[]
}

export function analyzer<R extends { findings: Finding[] }>(
  phase: string,
  scope: AnalyzerScope | Omit<Analyzer, 'phase' | 'run'>,
  analyze: (ws: Workspace, options: CheckOptions) => R,
  addFacts?: (result: R, facts: ReportFacts) => void
): Analyzer {
  const view = typeof scope === 'string' ? { scope } : scope
  return {
    phase,
    ...view,
    run(ws, options, facts) {
      const result = analyze(ws, options)
      addFacts?.(result, facts)
      return result.findings
    }
  }
}

/** The analyzers, in report order; adding one is one line. */
export const ANALYZERS: readonly Analyzer[] = [
  analyzer(
    'crd sizes',
    { scope: 'document', kinds: ['crd'] },
    (ws, o) =>
      analyzeCrdManifestSizes(ws, o.maxCrdSize !== undefined ? { maxCrdSize: o.maxCrdSize } : {}),
    (sizes, facts) => pushAll(facts.crds, sizes.crds)
  ),
  analyzer(
    'crd cel',
    { scope: 'document', kinds: ['crd'] },
    (ws, o) =>
      analyzeCrdCosts(ws, {
        kubernetesVersions: o.kubernetesVersions,
        warnRatio: o.costWarnRatio,
        failRatio: o.costFailRatio,
        ...(o.baseRef !== undefined ? { baseRef: o.baseRef } : {}),
        ...(o.storedAt !== undefined ? { storedAt: o.storedAt } : {})
      }),
    addCostFacts
  ),
  analyzer('crd validity', { scope: 'document', kinds: ['crd'] }, analyzeCrdValidity),
  analyzer(
    'built-in objects',
    { scope: 'document', kinds: ['resource', 'namespace'] },
    analyzeBuiltinObjects
  ),
  analyzer('custom resources', 'workspace', analyzeCustomResources),
  analyzer('admission policies', 'workspace', analyzeAdmissionPolicies, (analysis, facts) =>
    pushAll(
      facts.policies,
      analysis.policies.map((p) => ({ engine: 'admission', ...p }))
    )
  ),
  analyzer('admission dry-run', 'workspace', dryRunAdmissionPolicies, (dryRun, facts) => {
    if (dryRun.matrix.length > 0)
      facts.policies.push({
        engine: 'admission-dry-run',
        kubernetesVersion: dryRun.kubernetesVersion,
        ...(dryRun.truncated ? { truncated: dryRun.truncated } : {}),
        matrix: dryRun.matrix
      })
  }),
  analyzer(
    'kyverno',
    {
      scope: 'workspace',
      ownThread: true,
      reads: [
        'kyverno-policy',
        'kyverno-cel-policy',
        'kyverno-policy-exception',
        'kyverno-test',
        'namespace',
        'resource'
      ]
    },
    (ws, o) =>
      analyzeKyvernoPolicies(ws, {
        kyvernoVersion: o.kyvernoVersion,
        ...(o.clusterProfile !== undefined ? { clusterProfile: o.clusterProfile } : {}),
        ...(o.reportsBudget !== undefined ? { reportsBudgetBytes: BigInt(o.reportsBudget) } : {}),
        ...(o.reportsLayout !== undefined ? { reportLayout: o.reportsLayout } : {}),
        ...(o.reportsApi !== undefined ? { reportFormat: o.reportsApi } : {}),
        ...(o.reportsFootprint === false ? { footprint: false } : {}),
        ...(o.kubernetesVersions.length > 0
          ? { kubernetesVersion: o.kubernetesVersions[o.kubernetesVersions.length - 1]! }
          : {}),
        admits: admittedByApiserver(o)
      }),
    (kyverno, facts) => {
      if (kyverno.facts.policies.length === 0) return
      facts.policies.push({ engine: 'kyverno', ...kyverno.facts })
      facts.kyvernoReports.push(kyverno.reportSet)
    }
  )
]

/**
 * Whether the apiserver of the latest selected release takes an object at all (the release the
 * admission dry-run evaluates with): one it refuses at decoding is not evaluated by Kyverno.
 */
function admittedByApiserver(o: CheckOptions): (doc: LoadedDocument) => boolean {
  const latest = o.kubernetesVersions.slice(-1)
  return (doc) => !refusedBeforeAdmission(doc, latest, o.fieldValidation)
}

/** Below this many bytes, starting worker threads costs more than they save. */
const PARALLEL_THRESHOLD_BYTES = 2 * 1024 * 1024
const DOCUMENT_CHECKS = 'document-checks'

/** What the `document` analyzers found in one file: findings per analyzer, and facts. */
interface FileChecks {
  findings: Finding[][]
  facts: ReportFacts
}

interface DocumentChecksData {
  options: CheckOptions
  root: string
  repoRoot: string
}

/**
 * The workspace analyzers run on, in any thread. Identical CRD schemas are made one object
 * before any analyzer memoizes results per schema object, so they are checked once.
 */
function analysisWorkspace(
  root: string,
  repoRoot: string,
  files: DiscoveredFile[],
  loaded: FileLoadResult[]
): Workspace {
  const ws = new Workspace(root, repoRoot, files, loaded)
  shareIdenticalSchemas(ws.documents)
  return ws
}

/** The `document` analyzers on one file's documents, in any thread. */
function checkFileDocuments(
  file: DiscoveredFile,
  loaded: FileLoadResult,
  { options, root, repoRoot }: DocumentChecksData
): FileChecks | undefined {
  const steps = ANALYZERS.filter((a) => a.scope === 'document')
  const kinds = kindsOf(steps, 'kinds')
  if (!holdsAny(loaded, kinds)) return undefined
  const ws = analysisWorkspace(root, repoRoot, [file], [loaded])
  const facts = emptyFacts()
  const findings = steps.map((step) => runStep(step, ws, options, facts))
  return { findings, facts }
}

registerFileJob(DOCUMENT_CHECKS, checkFileDocuments)

const WORKSPACE_CHECKS = 'workspace-checks'

interface WorkspaceChecksData {
  options: CheckOptions
  root: string
  repoRoot: string
  files: DiscoveredFile[]
  /** The analyzers to run there, by phase name. */
  phases: string[]
  /**
   * Int32Array over it, one per file: what this thread's own parse found there for them
   * (NEEDED, NOT_NEEDED; 0 while not parsed yet).
   */
  verdicts: SharedArrayBuffer
}

const NEEDED = 1
const NOT_NEEDED = 2

interface WorkspaceChecks {
  steps: Array<{ findings: Finding[]; ms: number }>
  facts: ReportFacts
}

/**
 * In a worker: parses the files holding documents the named workspace analyzers read, then
 * runs them (they still see every file's name). It reads the smallest files first while this
 * thread parses the biggest first and marks those holding nothing for them (mostly CRD files,
 * most of a repository's bytes), so each file is parsed by one of the two, seldom both.
 */
registerWorkerTask(WORKSPACE_CHECKS, (raw) => {
  const { options, root, repoRoot, files, phases, verdicts } = raw as WorkspaceChecksData
  const steps = phases.map((phase) => ANALYZERS.find((a) => a.phase === phase)!)
  const read = kindsOf(steps, 'reads')
  const verdict = new Int32Array(verdicts)
  const bySize = files.map((_f, i) => i).sort((a, b) => files[a]!.size - files[b]!.size)
  const loaded = new Array<FileLoadResult | undefined>(files.length)
  for (const i of bySize) {
    const f = files[i]!
    if (f.size > options.maxFileSize || Atomics.load(verdict, i) === NOT_NEEDED) continue
    const result = readAndLoad(f.file, f.absolutePath, f.content)
    if (holdsAny(result, read)) loaded[i] = result
  }
  const ws = analysisWorkspace(
    root,
    repoRoot,
    files,
    loaded.filter((r) => r !== undefined)
  )
  const facts = emptyFacts()
  const results = steps.map((step) => {
    const start = performance.now()
    return { findings: runStep(step, ws, options, facts), ms: performance.now() - start }
  })
  parentPort!.postMessage({ steps: results, facts } satisfies WorkspaceChecks)
})

interface WorkspaceChecksRun {
  /** Tells the worker what this thread's parse found in file `index`. */
  parsed(index: number, file: FileLoadResult): void
  /** The analyzers' results, or undefined if the worker failed. */
  result: Promise<WorkspaceChecks | undefined>
}

/** Starts `steps` in a worker (see WORKSPACE_CHECKS). */
function startWorkspaceChecks(
  steps: readonly Analyzer[],
  data: Omit<WorkspaceChecksData, 'phases' | 'verdicts'>
): WorkspaceChecksRun {
  const verdicts = new SharedArrayBuffer(4 * data.files.length)
  const worker = startWorker(WORKSPACE_CHECKS, {
    ...data,
    phases: steps.map((s) => s.phase),
    verdicts
  } satisfies WorkspaceChecksData)
  const result = new Promise<WorkspaceChecks | undefined>((resolve) => {
    worker.once('message', (msg: WorkspaceChecks) => {
      resolve(msg)
      void worker.terminate()
    })
    worker.once('error', () => resolve(undefined))
    worker.once('exit', () => resolve(undefined))
  })
  const read = kindsOf(steps, 'reads')
  const verdict = new Int32Array(verdicts)
  return {
    parsed: (index, file) =>
      Atomics.store(verdict, index, holdsAny(file, read) ? NEEDED : NOT_NEEDED),
    result
  }
}

/** Runs one analyzer; a throw out of it becomes one internal-error finding. */
export function runStep(
  step: Analyzer,
  ws: Workspace,
  options: CheckOptions,
  facts: ReportFacts
): Finding[] {
  try {
    return step.run(ws, options, facts)
  } catch (err) {
    // Analyzers contain failures per document; this is the net under a whole analyzer.
    const message = err instanceof Error ? err.message : String(err)
    return [
      makeFinding('internal-error', { file: '.' }, `The ${step.phase} check failed: ${message}`)
    ]
  }
}

export async function check(
  given: CheckOptions,
  logger: Logger,
  analyzers: readonly Analyzer[] = ANALYZERS
): Promise<CheckRun> {
  const timings: PhaseTiming[] = []
  const timed = async <T>(phase: string, fn: () => Promise<T> | T): Promise<T> => {
    const start = performance.now()
    try {
      return await fn()
    } finally {
      timings.push({ phase, ms: Math.round(performance.now() - start) })
    }
  }

  // The stream's bytes travel in its DiscoveredFile, not again in the options workers get.
  const { stream, ...options } = given
  const found = await timed('discover', () =>
    discoverWithStream(options.root, options.paths, options.exclude, stream)
  )
  logger.info(`Found ${found.files.length} files under ${found.root}`)
  if (stream?.withFiles !== false) pushAll(found.findings, await emptyPathsFindings(options, found))

  // The `document` analyzers start in worker threads right away, on the biggest files first;
  // this thread parses everything meanwhile, runs the `workspace` analyzers, then joins them.
  const documentSteps = analyzers.filter((a) => a.scope === 'document')
  const bytes = found.files.reduce((n, f) => n + (f.size <= options.maxFileSize ? f.size : 0), 0)
  const workers =
    analyzers === ANALYZERS && documentSteps.length > 0 && bytes >= PARALLEL_THRESHOLD_BYTES
      ? workerCount()
      : 0
  // Biggest files first, in this thread's parse and in the workers' claims alike.
  const bySize = found.files
    .map((_f, i) => i)
    .sort((a, b) => found.files[b]!.size - found.files[a]!.size)
  const order = bySize.filter((i) => found.files[i]!.size <= options.maxFileSize)
  const job =
    workers > 0
      ? new ParallelFileJob<FileChecks, DocumentChecksData>(
          DOCUMENT_CHECKS,
          order.map((i) => found.files[i]!),
          { options, root: found.root, repoRoot: found.repoRoot },
          workers
        )
      : undefined
  const claimIndex = new Map(order.map((fileIndex, k) => [fileIndex, k]))
  // The long workspace analyzers start in a thread of their own, which parses for itself.
  const aside = workers > 0 ? analyzers.filter((a) => a.scope === 'workspace' && a.ownThread) : []
  const asideRun =
    aside.length > 0
      ? startWorkspaceChecks(aside, {
          options,
          root: found.root,
          repoRoot: found.repoRoot,
          files: found.files
        })
      : undefined

  // As this thread parses each file, other threads learn whether they can pass over it.
  const wanted = kindsOf(documentSteps, 'kinds')
  const loaded = await timed('parse', () =>
    loadFiles(found.files, {
      maxFileSize: options.maxFileSize,
      order: bySize,
      onLoaded: (fileIndex, file) => {
        const k = claimIndex.get(fileIndex)
        if (job && k !== undefined && !holdsAny(file, wanted)) job.skipFile(k)
        asideRun?.parsed(fileIndex, file)
      },
      onProgress: (done, total) => logger.progress('parse', done, total)
    })
  )
  const ws = analysisWorkspace(found.root, found.repoRoot, found.files, loaded)
  logger.info(
    `Parsed ${ws.documentCount} documents from ${found.files.length} files (${ws.skipped.length} skipped)`
  )

  const findingsByStep = new Map<Analyzer, Finding[]>()
  const documentFacts = emptyFacts()
  const workspaceFacts = emptyFacts()
  for (const step of analyzers) {
    if ((job && step.scope === 'document') || aside.includes(step)) continue
    const facts = step.scope === 'document' ? documentFacts : workspaceFacts
    findingsByStep.set(step, await timed(step.phase, () => runStep(step, ws, options, facts)))
  }
  if (asideRun) {
    const start = performance.now()
    const result = await asideRun.result
    const waited = performance.now() - start
    if (result) {
      aside.forEach((step, i) => {
        findingsByStep.set(step, result.steps[i]!.findings)
        timings.push({ phase: `${step.phase} (own thread)`, ms: Math.round(result.steps[i]!.ms) })
      })
      mergeFacts(workspaceFacts, result.facts)
      timings.push({ phase: 'waiting for own threads', ms: Math.round(waited) })
    } else {
      // The worker failed: run its analyzers here.
      for (const step of aside)
        findingsByStep.set(
          step,
          await timed(step.phase, () => runStep(step, ws, options, workspaceFacts))
        )
    }
  }
  if (job) {
    const perFile = await timed(
      `${documentSteps.map((s) => s.phase).join(', ')} (${workers + 1} threads)`,
      () => job.finish((k) => loaded[order[k]!]!)
    )
    // Back in file order, as one run over the whole workspace gives them.
    const byFile = new Array<FileChecks | undefined>(found.files.length)
    order.forEach((fileIndex, k) => (byFile[fileIndex] = perFile[k]))
    documentSteps.forEach((step, s) => {
      const stepFindings: Finding[] = []
      const failures = new Set<string>()
      for (const checks of byFile) {
        for (const f of checks?.findings[s] ?? []) {
          // A whole-analyzer failure repeats in every file: report it once.
          if (f.ruleId === 'internal-error' && f.location.file === '.') {
            if (failures.has(f.message)) continue
            failures.add(f.message)
          }
          stepFindings.push(f)
        }
      }
      findingsByStep.set(step, stepFindings)
    })
    for (const checks of byFile) if (checks) mergeFacts(documentFacts, checks.facts)
  }
  const facts = mergeFacts(documentFacts, workspaceFacts)

  const findings: Finding[] = [...found.findings, ...ws.findings]
  for (const step of analyzers) pushAll(findings, findingsByStep.get(step) ?? [])
  // After the rule settings: a test's own word that a file is its input is more specific.
  const final = demoteTestInputFindings(
    applyRuleSettings(findings, options.rules),
    ws.documents
  ).sort(compareFindings)
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
      celRules: ws.documents.reduce(
        (n, d) => n + (d.kind === 'crd' ? countValidationRules(d.value) : 0),
        0
      ),
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

/**
 * The kinds of documents `steps` report on (`kinds`) or read (`reads`), together; undefined
 * when one of them takes all kinds.
 */
function kindsOf(
  steps: readonly Analyzer[],
  field: 'kinds' | 'reads'
): Set<DocumentKind> | undefined {
  const kinds = new Set<DocumentKind>()
  for (const step of steps) {
    const own = step[field]
    if (!own) return undefined
    for (const kind of own) kinds.add(kind)
  }
  return kinds
}

/** Whether the file holds a document of one of `kinds` (any document when undefined). */
function holdsAny(file: FileLoadResult, kinds: ReadonlySet<DocumentKind> | undefined): boolean {
  return file.documents.some((d) => !kinds || kinds.has(d.kind))
}

/** Adds `from` to `into`: arrays are concatenated, numbers keep the larger. */
function mergeFacts(into: ReportFacts, from: ReportFacts): ReportFacts {
  const target = into as unknown as Record<string, unknown>
  for (const [key, value] of Object.entries(from)) {
    const current = target[key]
    if (Array.isArray(current) && Array.isArray(value)) pushAll(current, value as unknown[])
    else if (typeof current === 'number' && typeof value === 'number')
      target[key] = Math.max(current, value)
    else if (current === undefined) target[key] = value
  }
  return into
}

/** The CEL check adds each version's rules to the CRD reports of the size check. */
function addCostFacts(costs: CrdCostAnalysis, facts: ReportFacts): void {
  facts.worstBudgetRatio = Math.max(facts.worstBudgetRatio, costs.worstBudgetRatio)
  // The size report lists each CRD once per document.
  const byDocument = new Map<string, CrdVersionReport[]>()
  for (const [doc, versions] of costs.versions)
    byDocument.set(`${doc.file}\u0000${doc.index}\u0000${doc.line}`, versions)
  for (const crd of facts.crds) {
    const versions = byDocument.get(`${crd.file}\u0000${crd.document}\u0000${crd.line}`)
    if (!versions) continue
    crd.versions = crd.versions.map((v) => ({ ...v, ...versions.find((c) => c.name === v.name) }))
    for (const extra of versions)
      if (!crd.versions.some((v) => v.name === extra.name)) crd.versions.push(extra)
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
