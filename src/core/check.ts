/**
 * The shared pipeline behind the Action and the CLI: discover → load → analyse → gate.
 * Analyzers never throw on user input; the result is pure data for the reporters.
 */
import path from 'node:path'
import { internalErrorFinding } from '../findings/make.js'
import { compareFindings, countBySeverity } from '../findings/model.js'
import type { Finding } from '../findings/model.js'
import { analyzeAdmissionPolicies, dryRunAdmissionPolicies } from '../kube/admission/index.js'
import { analyzeCustomResources } from '../kube/cr/index.js'
import { analyzeCrdCosts } from '../kube/crd/cost-check.js'
import { analyzeCrdValidity } from '../kube/crd/validation/index.js'
import { analyzeCrdManifestSizes } from '../kube/crd/manifest-size.js'
import { countValidationRules } from '../kube/crd/rules.js'
import { discover } from '../workspace/discover.js'
import { loadFiles } from '../workspace/parse-pool.js'
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

export interface CheckRun {
  result: CheckResult
  workspace: Workspace
}

export async function check(options: CheckOptions, logger: Logger): Promise<CheckRun> {
  const timings: PhaseTiming[] = []
  const timed = async <T>(phase: string, fn: () => Promise<T> | T): Promise<T> => {
    const start = performance.now()
    try {
      return await fn()
    } finally {
      timings.push({ phase, ms: Math.round(performance.now() - start) })
    }
  }

  const found = await timed('discover', () =>
    discover(options.root, options.paths, options.exclude)
  )
  logger.info(`Found ${found.files.length} files under ${found.root}`)
  const loaded = await timed('parse', () =>
    loadFiles(found.files, {
      maxFileSize: options.maxFileSize,
      onProgress: (done, total) => logger.progress('parse', done, total)
    })
  )
  const ws = new Workspace(found.root, found.repoRoot, found.files, loaded)
  logger.info(
    `Parsed ${ws.documentCount} documents from ${found.files.length} files (${ws.skipped.length} skipped)`
  )

  const findings: Finding[] = [...found.findings, ...ws.findings]
  let crds: CrdReport[] = []
  await timed('crd sizes', () => {
    const sizes = analyzeCrdManifestSizes(
      ws,
      options.maxCrdSize !== undefined ? { maxCrdSize: options.maxCrdSize } : {}
    )
    crds = sizes.crds
    findings.push(...sizes.findings)
  })
  let worstBudgetRatio = 0
  await timed('crd cel', () => {
    const costs = analyzeCrdCosts(ws, {
      kubernetesVersions: options.kubernetesVersions,
      warnRatio: options.costWarnRatio,
      failRatio: options.costFailRatio
    })
    findings.push(...costs.findings)
    worstBudgetRatio = costs.worstBudgetRatio
    // The size report lists each CRD once per document; the CEL check adds each version's rules.
    const byDocument = new Map<string, CrdVersionReport[]>()
    for (const [doc, versions] of costs.versions)
      byDocument.set(`${doc.file}\u0000${doc.index}\u0000${doc.line}`, versions)
    for (const crd of crds) {
      const versions = byDocument.get(`${crd.file}\u0000${crd.document}\u0000${crd.line}`)
      if (!versions) continue
      crd.versions = crd.versions.map((v) => ({ ...v, ...versions.find((c) => c.name === v.name) }))
      for (const extra of versions)
        if (!crd.versions.some((v) => v.name === extra.name)) crd.versions.push(extra)
    }
  })

  const versions = { kubernetesVersions: options.kubernetesVersions }
  const policies: unknown[] = []
  // The analyzers contain failures per document; this is the net under a whole analyzer.
  const guarded = (phase: string, run: () => void) =>
    timed(phase, () => {
      try {
        run()
      } catch (err) {
        findings.push(internalErrorFinding({ file: '.' }, err))
      }
    })
  await guarded('crd validity', () => findings.push(...analyzeCrdValidity(ws, versions).findings))
  await guarded('custom resources', () =>
    findings.push(
      ...analyzeCustomResources(ws, {
        ...versions,
        ...(options.baseRef !== undefined ? { baseRef: options.baseRef } : {})
      }).findings
    )
  )
  await guarded('admission policies', () => {
    const analysis = analyzeAdmissionPolicies(ws, versions)
    findings.push(...analysis.findings)
    policies.push(...analysis.policies.map((p) => ({ engine: 'admission', ...p })))
  })
  await guarded('admission dry-run', () => {
    const dryRun = dryRunAdmissionPolicies(ws, versions)
    findings.push(...dryRun.findings)
    if (dryRun.matrix.length > 0)
      policies.push({
        engine: 'admission-dry-run',
        kubernetesVersion: dryRun.kubernetesVersion,
        matrix: dryRun.matrix
      })
  })

  const final = applyRuleSettings(findings, options.rules).sort(compareFindings)
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
    crds,
    worstBudgetRatio,
    kubernetesVersions: [...options.kubernetesVersions],
    costGate: { warnRatio: options.costWarnRatio, failRatio: options.costFailRatio },
    policies
  }
  return { result, workspace: ws }
}

function countBy<K extends string>(values: readonly K[]): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {}
  for (const v of values) out[v] = (out[v] ?? 0) + 1
  return out
}

function applyRuleSettings(findings: Finding[], rules: CheckOptions['rules']): Finding[] {
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
