/**
 * The merge base checked for a comparison at the cost of what the pull request changed (issue
 * 28). A file whose text is the same on both sides, read with the same documents around it,
 * gives the same findings: the base takes the head's for it, already parsed and analysed. Only
 * the changed files are read (from git, into memory: base-tree.ts) and parsed; the `document`
 * analyzers run on them alone; each `workspace` analyzer runs on the files whose findings the
 * change can reach (core/base-scope.ts) with the documents it reads there, or on the whole base
 * when a change reaches all of them.
 */
import { compareFindings } from '../findings/model.js'
import type { Finding } from '../findings/model.js'
import type { DiscoveredFile } from '../workspace/discover.js'
import type { FileLoadResult, LoadedDocument } from '../workspace/load.js'
import { loadFiles } from '../workspace/parse-pool.js'
import { manifestText } from '../workspace/text-encoding.js'
import { Workspace } from '../workspace/workspace.js'
import { pushAll } from '../common/arrays.js'
import type { BaseTree } from './base-tree.js'
import { baseScope } from './base-scope.js'
import { applyTestInputUses } from './test-inputs.js'
import { ANALYZERS, applyRuleSettings, emptyFacts, runStep } from './check.js'
import type { Analyzer, CheckRun } from './check.js'
import type { Logger } from './logger.js'
import type { CheckOptions } from './options.js'
import type { CrdReport, PhaseTiming } from './result.js'
import { checkedFilesUnder } from './suppressions.js'

export interface BaseCheck {
  /** The base's findings, rule settings applied, sorted. */
  findings: Finding[]
  crds: CrdReport[]
  /** The base's own versions of the files it read (the changed ones): their documents. */
  documents: LoadedDocument[]
  /** The text of a file at the base, for its inline suppressions. */
  readFile: (file: string) => string | undefined
  /** What each step cost. */
  timings: PhaseTiming[]
}

/**
 * Checks the base `tree` against the head's run: `changed` holds the repository-relative files
 * that differ between the two (git's list); `options` are the base's (no base ref of its own).
 */
export async function checkBase(
  head: CheckRun,
  tree: BaseTree,
  changed: ReadonlySet<string>,
  options: CheckOptions,
  logger: Logger,
  analyzers: readonly Analyzer[] = ANALYZERS
): Promise<BaseCheck> {
  const timings: PhaseTiming[] = []
  const timed = <T>(phase: string, fn: () => T): T => {
    const start = performance.now()
    try {
      return fn()
    } finally {
      timings.push({ phase, ms: Math.round(performance.now() - start) })
    }
  }
  const headFiles = head.workspace.files
  const headIndex = new Map(headFiles.map((f, i) => [f.file, i]))
  // The base's own files: changed, or not among the head's (read from git into memory).
  const own: DiscoveredFile[] = []
  const files: DiscoveredFile[] = []
  const loadedAt = new Map<string, FileLoadResult>()
  for (const b of tree.files) {
    const i = changed.has(b.file) ? undefined : headIndex.get(b.file)
    if (i !== undefined) {
      files.push(headFiles[i]!)
      loadedAt.set(b.file, head.parts.loaded[i]!)
      continue
    }
    const file: DiscoveredFile = {
      absolutePath: '',
      file: b.file,
      size: b.size,
      ...(b.content ? { content: b.content } : {})
    }
    own.push(file)
    files.push(file)
  }
  const ownLoaded = await loadFiles(own, { maxFileSize: options.maxFileSize })
  own.forEach((f, i) => loadedAt.set(f.file, ownLoaded[i]!))
  logger.info(
    `${own.length} of ${files.length} files differ from the head's; the others' results are the head's`
  )
  const isOwn = new Set(own.map((f) => f.file))
  // The files whose base findings come from the base's own runs; the head's for the others.
  const decided = (file: string): boolean => changed.has(file) || isOwn.has(file)
  const ownWs = new Workspace(head.workspace.root, head.workspace.repoRoot, own, ownLoaded)

  const findings: Finding[] = head.parts.discovery.filter((f) => !decided(f.location.file))
  for (const [i, loaded] of head.parts.loaded.entries())
    if (!decided(headFiles[i]!.file)) pushAll(findings, loaded.findings)
  pushAll(findings, ownWs.findings)
  const headStep = (step: Analyzer, keep: (file: string) => boolean): Finding[] =>
    (head.parts.steps.get(step) ?? []).filter((f) => keep(f.location.file))
  /** The base run's findings in the files it decides, the head's in the others. */
  const combine = (step: Analyzer, run: readonly Finding[], decides: (file: string) => boolean) => {
    pushAll(
      findings,
      run.filter((f) => f.location.file !== '.' && decides(f.location.file))
    )
    pushAll(
      findings,
      headStep(step, (file) => file === '.' || !decides(file))
    )
  }

  // `document` analyzers: the base's own files alone.
  const documentFacts = emptyFacts()
  for (const step of analyzers.filter((a) => a.scope === 'document'))
    combine(
      step,
      timed(step.phase, () => runStep(step, ownWs, options, documentFacts)),
      decided
    )
  const order = new Map(files.map((f, i) => [f.file, i]))
  const crds = [...head.result.crds.filter((c) => !decided(c.file)), ...documentFacts.crds].sort(
    (a, b) => (order.get(a.file) ?? -1) - (order.get(b.file) ?? -1)
  )

  // `workspace` analyzers: as far as the change reaches.
  const all = files.map((f) => loadedAt.get(f.file)!)
  const documents = all.flatMap((r) => r.documents)
  const changedDocuments = [
    ...ownWs.documents,
    ...head.workspace.documents.filter((d) => changed.has(d.file))
  ]
  let whole: Workspace | undefined
  for (const step of analyzers.filter((a) => a.scope === 'workspace')) {
    const scope = baseScope(step.phase, changedDocuments, documents)
    if (scope.whole) {
      whole ??= new Workspace(head.workspace.root, head.workspace.repoRoot, files, all)
      const on = whole
      pushAll(
        findings,
        timed(step.phase, () => runStep(step, on, options, emptyFacts()))
      )
      continue
    }
    const reached = new Set(own.map((f) => f.file))
    for (const d of documents) if (scope.dependent(d)) reached.add(d.file)
    const decides = (file: string): boolean => decided(file) || reached.has(file)
    const subjects = [...reached].some((file) => loadedAt.get(file)?.documents.some(scope.subject))
    if (!subjects) {
      combine(step, [], decides)
      continue
    }
    // Every file's name (some analyzers look at folders), the documents it reads.
    const input = all.filter((r) => reached.has(r.file) || r.documents.some(scope.context))
    const partial = new Workspace(head.workspace.root, head.workspace.repoRoot, files, input)
    combine(
      step,
      timed(`${step.phase} (${reached.size} files)`, () =>
        runStep(step, partial, options, emptyFacts())
      ),
      decides
    )
  }

  const headText = checkedFilesUnder(head.workspace.repoRoot, head.workspace)
  const ownText = (file: string): string | undefined => {
    const bytes = ownWs.inMemory(file)
    return bytes && ownWs.mayMentionIgnoreDirective(file) ? manifestText(bytes) : undefined
  }
  return {
    findings: applyTestInputUses(applyRuleSettings(findings, options.rules), documents).sort(
      compareFindings
    ),
    crds,
    documents: ownWs.documents,
    readFile: (file) => (decided(file) ? ownText(file) : headText(file)),
    timings
  }
}
