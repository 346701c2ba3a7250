/**
 * The analyzers of the check pipeline (core/check.ts), in report order, and what they report
 * besides findings: the facts sections of the report. Where each runs (this thread or another)
 * is core/check-threads.ts's business.
 */
import { makeFinding } from '../findings/make.js'
import type { Finding } from '../findings/model.js'
import { analyzeAdmissionPolicies, dryRunAdmissionPolicies } from '../kube/admission/index.js'
import { analyzeCustomResources } from '../kube/cr/index.js'
import { analyzeBuiltinObjects, refusedBeforeAdmission } from '../kube/builtin/analyze.js'
import { analyzeKyvernoPolicies } from '../kyverno/check.js'
import type { ReportSet } from '../kyverno/reports/index.js'
import { analyzeCrdCosts } from '../kube/crd/cost-check.js'
import type { CrdCostAnalysis } from '../kube/crd/cost-check.js'
import { analyzeCrdManifestSizes } from '../kube/crd/manifest-size.js'
import { analyzeCrdValidity } from '../kube/crd/validation/index.js'
import { shareIdenticalSchemas } from '../kube/crd/shared-schemas.js'
import type { DiscoveredFile } from '../workspace/discover.js'
import type { DocumentKind } from '../workspace/classify.js'
import type { FileLoadResult, LoadedDocument } from '../workspace/load.js'
import { Workspace } from '../workspace/workspace.js'
import type { CheckOptions } from './options.js'
import type { CrdReport, CrdVersionReport } from './result.js'
import { pushAll } from '../common/arrays.js'

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
   * The kinds of documents whose values it reads: a `document` analyzer's `kinds` when absent,
   * all kinds for a `workspace` analyzer. Values no analyzer still to run reads are released
   * (core/document-release.ts), and in a thread of its own a `workspace` analyzer parses again
   * only the files holding one.
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

/** Admission policies and their bindings, validating and mutating. */
const ADMISSION_POLICY_KINDS: readonly DocumentKind[] = [
  'validating-admission-policy',
  'validating-admission-policy-binding',
  'mutating-admission-policy',
  'mutating-admission-policy-binding'
]

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
  analyzer(
    'custom resources',
    { scope: 'workspace', reads: ['crd', 'resource'] },
    analyzeCustomResources
  ),
  analyzer(
    'admission policies',
    { scope: 'workspace', reads: ['crd', ...ADMISSION_POLICY_KINDS] },
    analyzeAdmissionPolicies,
    (analysis, facts) =>
      pushAll(
        facts.policies,
        analysis.policies.map((p) => ({ engine: 'admission', ...p }))
      )
  ),
  analyzer(
    'admission dry-run',
    { scope: 'workspace', reads: ['crd', 'namespace', 'resource', ...ADMISSION_POLICY_KINDS] },
    dryRunAdmissionPolicies,
    (dryRun, facts) => {
      if (dryRun.matrix.length > 0)
        facts.policies.push({
          engine: 'admission-dry-run',
          kubernetesVersion: dryRun.kubernetesVersion,
          ...(dryRun.truncated ? { truncated: dryRun.truncated } : {}),
          matrix: dryRun.matrix
        })
    }
  ),
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
        ...(o.keepPolicyReports === false ? { keepReportSet: false } : {}),
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

/**
 * The workspace analyzers run on, in any thread. Identical CRD schemas are made one object
 * before any analyzer memoizes results per schema object, so they are checked once.
 */
export function analysisWorkspace(
  root: string,
  repoRoot: string,
  files: DiscoveredFile[],
  loaded: FileLoadResult[]
): Workspace {
  const ws = new Workspace(root, repoRoot, files, loaded)
  shareIdenticalSchemas(ws.documents)
  return ws
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

/** Adds `from` to `into`: arrays are concatenated, numbers keep the larger. */
export function mergeFacts(into: ReportFacts, from: ReportFacts): ReportFacts {
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
