/**
 * Which thread runs each analyzer of the check (core/analyzers.ts), kept out of the pipeline
 * (core/check.ts; issue 31).
 *
 * By default everything runs in this thread, in list order. With worker threads
 * (`CELGATE_WORKERS=N`, workspace/parse-pool.ts workerCount) on a workload of 2 MiB or more:
 * - the `document` analyzers run file by file in N workers (workspace/file-jobs.ts), biggest
 *   files first, and in this thread too once it has nothing else to do;
 * - the `ownThread` workspace analyzers run in one more worker, which parses the files they
 *   read for itself;
 * - this thread parses every file, runs the other `workspace` analyzers, then joins the others.
 * Where an analyzer ran changes the timings, never the report.
 */
import { statSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import type { Finding } from '../findings/model.js'
import type { DocumentKind } from '../workspace/classify.js'
import type { DiscoveredFile } from '../workspace/discover.js'
import { ParallelFileJob, registerFileJob } from '../workspace/file-jobs.js'
import type { FileLoadResult } from '../workspace/load.js'
import {
  readAndLoad,
  registerWorkerTask,
  startWorker,
  workerCount
} from '../workspace/parse-pool.js'
import type { Workspace } from '../workspace/workspace.js'
import { ANALYZERS, analysisWorkspace, emptyFacts, mergeFacts, runStep } from './analyzers.js'
import type { Analyzer, ReportFacts } from './analyzers.js'
import type { CheckOptions } from './options.js'
import type { PhaseTimer } from './phase-timer.js'

/** Below this many bytes, starting worker threads costs more than they save. */
const PARALLEL_THRESHOLD_BYTES = 2 * 1024 * 1024

/** The files a check reads, as discovery found them. */
export interface CheckedFiles {
  root: string
  repoRoot: string
  files: DiscoveredFile[]
}

/** What the analyzers gave, wherever they ran. */
export interface AnalyzerResults {
  /** Each analyzer's findings. */
  steps: Map<Analyzer, Finding[]>
  /** Their facts: the `document` analyzers', then the `workspace` ones'. */
  facts: ReportFacts
}

export interface AnalyzerThreads {
  /** The order to parse the files in (indices into the files): biggest first. */
  readonly parseOrder: readonly number[]
  /** Tells the other threads what this thread's parse found in file `fileIndex`. */
  parsed(fileIndex: number, file: FileLoadResult): void
  /**
   * Runs the analyzers over `ws` (this thread's parse of every file, `loaded`, in file order)
   * where they were planned, and joins the threads. `done` is told of each analyzer once it is
   * done with this thread's documents.
   */
  run(
    ws: Workspace,
    loaded: readonly FileLoadResult[],
    timer: PhaseTimer,
    done?: (step: Analyzer) => void
  ): Promise<AnalyzerResults>
}

/**
 * Plans where `analyzers` run over `checked` and starts the worker threads at once: they work
 * while this thread parses. Only the registered list (ANALYZERS) can run in workers, which look
 * analyzers up by phase name; any other list runs in this thread.
 */
export function startAnalyzerThreads(
  analyzers: readonly Analyzer[],
  checked: CheckedFiles,
  options: CheckOptions
): AnalyzerThreads {
  const { files } = checked
  const documentSteps = analyzers.filter((a) => a.scope === 'document')
  const requested = analyzers === ANALYZERS && documentSteps.length > 0 ? workerCount() : 0
  // Planning threads takes every file's size: those discovery left unknown are read here.
  if (requested > 0) for (const f of files) f.size ??= sizeOnDisk(f.absolutePath)
  const sizeOf = (i: number): number => files[i]!.size ?? 0
  const bytes = (): number =>
    files.reduce((n, _f, i) => n + (sizeOf(i) <= options.maxFileSize ? sizeOf(i) : 0), 0)
  const workers = requested > 0 && bytes() >= PARALLEL_THRESHOLD_BYTES ? requested : 0
  // With workers, biggest files first, in this thread's parse and in their claims alike.
  const parseOrder = files.map((_f, i) => i)
  if (workers > 0) parseOrder.sort((a, b) => sizeOf(b) - sizeOf(a))
  const order = parseOrder.filter((i) => sizeOf(i) <= options.maxFileSize)
  const job =
    workers > 0
      ? new ParallelFileJob<FileChecks, DocumentChecksData>(
          DOCUMENT_CHECKS,
          order.map((i) => files[i]!),
          { options, root: checked.root, repoRoot: checked.repoRoot },
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
          root: checked.root,
          repoRoot: checked.repoRoot,
          files
        })
      : undefined
  const wanted = kindsOf(documentSteps, 'kinds')

  return {
    parseOrder,
    parsed(fileIndex, file) {
      const k = claimIndex.get(fileIndex)
      if (job && k !== undefined && !holdsAny(file, wanted)) job.skipFile(k)
      asideRun?.parsed(fileIndex, file)
    },
    async run(ws, loaded, { timed, record }, done = () => {}) {
      const steps = new Map<Analyzer, Finding[]>()
      const documentFacts = emptyFacts()
      const workspaceFacts = emptyFacts()
      for (const step of analyzers) {
        if ((job && step.scope === 'document') || aside.includes(step)) continue
        const facts = step.scope === 'document' ? documentFacts : workspaceFacts
        steps.set(step, await timed(step.phase, () => runStep(step, ws, options, facts)))
        done(step)
      }
      if (asideRun) {
        const start = performance.now()
        const result = await asideRun.result
        const waited = performance.now() - start
        if (result) {
          aside.forEach((step, i) => {
            steps.set(step, result.steps[i]!.findings)
            record(`${step.phase} (own thread)`, result.steps[i]!.ms)
          })
          mergeFacts(workspaceFacts, result.facts)
          record('waiting for own threads', waited)
        } else {
          // The worker failed: run its analyzers here.
          for (const step of aside)
            steps.set(
              step,
              await timed(step.phase, () => runStep(step, ws, options, workspaceFacts))
            )
        }
        for (const step of aside) done(step)
      }
      if (job) {
        const perFile = await timed(
          `${documentSteps.map((s) => s.phase).join(', ')} (${workers + 1} threads)`,
          () => job.finish((k) => loaded[order[k]!]!)
        )
        // Back in file order, as one run over the whole workspace gives them.
        const byFile = new Array<FileChecks | undefined>(files.length)
        order.forEach((fileIndex, k) => (byFile[fileIndex] = perFile[k]))
        documentSteps.forEach((step, s) => steps.set(step, joinFileFindings(byFile, s)))
        for (const checks of byFile) if (checks) mergeFacts(documentFacts, checks.facts)
        for (const step of documentSteps) done(step)
      }
      return { steps, facts: mergeFacts(documentFacts, workspaceFacts) }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The `document` analyzers, file by file in any thread

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

/** The findings of the `document` analyzer number `step`, over every file, in file order. */
function joinFileFindings(byFile: ReadonlyArray<FileChecks | undefined>, step: number): Finding[] {
  const findings: Finding[] = []
  const failures = new Set<string>()
  for (const checks of byFile) {
    for (const f of checks?.findings[step] ?? []) {
      // A whole-analyzer failure repeats in every file: report it once.
      if (f.ruleId === 'internal-error' && f.location.file === '.') {
        if (failures.has(f.message)) continue
        failures.add(f.message)
      }
      findings.push(f)
    }
  }
  return findings
}

// ---------------------------------------------------------------------------------------------
// `ownThread` workspace analyzers, in a worker of their own

const WORKSPACE_CHECKS = 'workspace-checks'

interface WorkspaceChecksData extends CheckedFiles {
  options: CheckOptions
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
  const bySize = files
    .map((_f, i) => i)
    .sort((a, b) => (files[a]!.size ?? 0) - (files[b]!.size ?? 0))
  const loaded = new Array<FileLoadResult | undefined>(files.length)
  for (const i of bySize) {
    const f = files[i]!
    if ((f.size ?? 0) > options.maxFileSize || Atomics.load(verdict, i) === NOT_NEEDED) continue
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

/** A file's size as a stat gives it; 0 when it cannot be read (reading it reports why). */
function sizeOnDisk(absolutePath: string): number {
  try {
    return statSync(absolutePath).size
  } catch {
    return 0
  }
}
