/**
 * `reports-dir`: the reports Kyverno would create, written for users to inspect (or upload as
 * an artifact): those of the Kyverno dry-run's policies and of every other kind Kyverno reports
 * on — ValidatingAdmissionPolicies (with their bindings), MutatingAdmissionPolicies,
 * MutatingPolicies, GeneratingPolicies, ImageValidatingPolicies — as the configured Kyverno
 * release writes them (kyverno/reports/repository-reports.ts). Without any such policy the folder
 * gets an empty index, so a workflow step that reads it does not fail on a missing folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { refusedBeforeAdmission } from '../kube/builtin/analyze.js'
import { DEFAULT_VERSIONS } from '../kube/versions.js'
import { repositoryReports, writeReports } from '../kyverno/reports/index.js'
import type { ReportFileWriter, ReportSet, WrittenReport } from '../kyverno/reports/index.js'
import type { DocumentKind } from '../workspace/classify.js'
import type { LoadedDocument } from '../workspace/load.js'
import { readAndLoad } from '../workspace/parse-pool.js'
import { Workspace } from '../workspace/workspace.js'
import { outsideOf } from './confine.js'
import { ConfigError } from './options.js'
import type { CheckOptions } from './options.js'
import type { CheckRun } from './check.js'

/** The settings the reports depend on. */
export type ReportsDirOptions = Pick<
  CheckOptions,
  'kyvernoVersion' | 'kubernetesVersions' | 'reportsLayout' | 'reportsApi' | 'clusterProfile'
> &
  Partial<Pick<CheckOptions, 'fieldValidation' | 'maxFileSize'>>

const ADMISSION_POLICY_KINDS: ReadonlySet<DocumentKind> = new Set([
  'validating-admission-policy',
  'validating-admission-policy-binding',
  'mutating-admission-policy',
  'mutating-admission-policy-binding'
])

/**
 * The documents the reports read, parsed again from the files holding them: `check` lets its
 * documents' values go once its analyzers are done with them (core/document-release.ts), and
 * only a run asked for `reports-dir` needs these after. None when the repository holds no policy
 * of a kind the Kyverno dry-run leaves to the reports (its own results are in its report set).
 */
function reportDocuments(
  ws: Workspace,
  withDryRun: boolean,
  maxFileSize: number
): LoadedDocument[] {
  const kinds = new Set(ws.documents.map((d) => d.kind))
  const admission = [...ADMISSION_POLICY_KINDS].some((k) => kinds.has(k))
  if (!admission && !kinds.has('kyverno-cel-policy')) return []
  const needed = new Set<DocumentKind>([
    ...ADMISSION_POLICY_KINDS,
    'kyverno-cel-policy',
    'kyverno-policy-exception',
    'namespace'
  ])
  // Admission policies take params from the repository's objects and kinds from its CRDs.
  if (admission) for (const k of ['crd', 'resource'] as const) needed.add(k)
  // Without the dry-run's subjects, the resources and tests decide which are reported on.
  if (!withDryRun) for (const k of ['resource', 'kyverno-test'] as const) needed.add(k)
  const files = new Set(ws.documents.filter((d) => needed.has(d.kind)).map((d) => d.file))
  const chosen = ws.files.filter((f) => files.has(f.file))
  const loaded = chosen.map((f) => readAndLoad(f.file, f.absolutePath, f.content, maxFileSize))
  return new Workspace(ws.root, ws.repoRoot, chosen, loaded).documents
}

export function writePolicyReports(
  run: Pick<CheckRun, 'kyvernoReports' | 'workspace'>,
  dir: string,
  options: ReportsDirOptions
): WrittenReport[] {
  return writeReports(policyReports(run, options), dir, confinedWriter(dir))
}

/** The reports `reports-dir` holds. */
export function policyReports(
  run: Pick<CheckRun, 'kyvernoReports' | 'workspace'>,
  options: ReportsDirOptions
): ReportSet {
  const latest = options.kubernetesVersions.slice(-1)
  const kubernetesVersion = latest[0] ?? DEFAULT_VERSIONS[DEFAULT_VERSIONS.length - 1]!
  const ws = run.workspace
  const base = run.kyvernoReports[0]
  const documents = reportDocuments(
    ws,
    base?.built !== undefined,
    options.maxFileSize ?? Number.MAX_SAFE_INTEGER
  )
  return repositoryReports(
    ws.files.map((f) => f.file),
    documents,
    base,
    {
      kyvernoVersion: options.kyvernoVersion,
      kubernetesVersion,
      ...(options.reportsLayout !== undefined ? { reportLayout: options.reportsLayout } : {}),
      ...(options.reportsApi !== undefined ? { reportFormat: options.reportsApi } : {}),
      ...(options.clusterProfile !== undefined ? { clusterProfile: options.clusterProfile } : {}),
      admits: (doc) => !refusedBeforeAdmission(doc, latest, options.fieldValidation)
    }
  )
}

/**
 * Writes files below `dir` only: the folder may hold links the pull request committed (e.g.
 * `reports/admission -> /home/runner`), which a write would follow out of the workspace.
 */
function confinedWriter(dir: string): ReportFileWriter {
  return (file, text) => {
    // Checked before the folders are made: making them would follow the links already.
    const outside = outsideOf(dir, file)
    if (outside !== undefined)
      throw new ConfigError(
        `reports-dir: ${path.relative(dir, file)} resolves to ${outside}, outside the folder ${dir} (a symbolic link in it?): remove the link; no further report was written.`
      )
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
  }
}
