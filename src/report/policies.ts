/**
 * The policy parts of the job summary: the policy × resource matrices of the Kyverno and
 * admission-policy dry-runs (issues 6 and 7) and the Kyverno policy reports' storage footprint
 * (issue 8). Pure formatting of the analyzers' facts; every number shown is in the JSON report.
 */
import type { AdmissionMatrixEntry, DryRunOutcome } from '../kube/admission/dry-run.js'
import type { KyvernoFacts, MatrixOutcome } from '../kyverno/check.js'
import type { ReportFootprint } from '../kyverno/reports/footprint.js'
import type { ReportLayout, ReportRole } from '../kyverno/reports/index.js'
import { codeSpan, escapeMarkdownInline } from './escape.js'
import { formatIec, formatInteger, formatShare, tableHead, tableRow } from './markdown.js'
import { pushAll } from '../common/arrays.js'

export interface MatrixOptions {
  /** Policies shown as columns (those with failures first). Default 12. */
  maxPolicies?: number
  /** Resources shown as rows (those with failures first). Default 40. */
  maxResources?: number
}

/** One cell of a policy × resource matrix, whatever the engine. */
interface MatrixCell {
  policy: string
  resource: {
    file: string
    document: number
    line: number
    kind: string
    name: string
    namespace?: string
  }
  symbol: string
  /** Rejected, failing, erroring or warned: sorted first. */
  bad: boolean
}

const KYVERNO_CELL: Readonly<Record<MatrixOutcome, string>> = {
  'enforce-fail': '❌',
  error: '❗',
  'audit-fail': '⚠️',
  warn: '⚠️',
  pass: '✅',
  skip: '⏭️'
}
const KYVERNO_BAD = new Set<MatrixOutcome>(['enforce-fail', 'error', 'audit-fail', 'warn'])

const ADMISSION_CELL: Readonly<Record<DryRunOutcome, string>> = {
  denied: '❌',
  error: '❗',
  warned: '⚠️',
  audited: '📝',
  mutated: '✏️',
  admitted: '✅',
  skipped: '⏭️'
}
const ADMISSION_BAD = new Set<DryRunOutcome>(['denied', 'error', 'warned', 'audited'])

/** The Kyverno policy × resource matrix: a row per resource, a column per policy. */
export function renderPolicyMatrix(facts: KyvernoFacts, options: MatrixOptions = {}): string {
  if (facts.matrix.length === 0) return ''
  return renderMatrix(
    '#### Kyverno policies × sample resources',
    `${formatInteger(facts.resources)} sample resources against ${formatInteger(facts.policies.length)} Kyverno policies, as Kyverno admits them (❌ rejected by an Enforce rule, ⚠️ an Audit rule fails, ❗ a rule errors, ✅ pass, ⏭️ skip, · no rule applies)${facts.filtered > 0 ? `; ${formatInteger(facts.filtered)} resources Kyverno's resourceFilters ignore are left out` : ''}${facts.testFixtures > 0 ? `; ${formatInteger(facts.testFixtures)} test ${facts.testFixtures === 1 ? 'fixture is' : 'fixtures are'} left to \`celgate test\`` : ''}.`,
    facts.matrix.map((c) => ({
      policy: c.policy,
      resource: c.resource,
      symbol: KYVERNO_CELL[c.outcome],
      bad: KYVERNO_BAD.has(c.outcome)
    })),
    facts.policies.map((p) => p.policy),
    options
  )
}

/** The admission dry-run's matrix: a row per resource, a column per policy (and binding). */
export function renderAdmissionMatrix(
  dryRun: { kubernetesVersion: string; matrix: readonly AdmissionMatrixEntry[] },
  options: MatrixOptions = {}
): string {
  if (dryRun.matrix.length === 0) return ''
  const column = (e: AdmissionMatrixEntry): string =>
    e.binding !== undefined ? `${e.policy} (${e.binding})` : e.policy
  const resources = new Set(
    dryRun.matrix.map((e) => `${e.resource.file}\u0000${e.resource.document}`)
  )
  const columns = [...new Set(dryRun.matrix.map(column))]
  return renderMatrix(
    '#### Admission policies × sample resources',
    `${formatInteger(resources.size)} sample resources against ${formatInteger(columns.length)} ValidatingAdmissionPolicy and MutatingAdmissionPolicy bindings, as the Kubernetes ${escapeMarkdownInline(dryRun.kubernetesVersion)} apiserver admits them (❌ denied, ⚠️ warning, 📝 audit annotation, ❗ error, ✏️ mutated, ✅ admitted, ⏭️ skipped, · not matched).`,
    dryRun.matrix.map((e) => ({
      policy: column(e),
      resource: e.resource,
      symbol: ADMISSION_CELL[e.outcome],
      bad: ADMISSION_BAD.has(e.outcome)
    })),
    columns,
    options
  )
}

const resourceLabel = (r: MatrixCell['resource']): string =>
  [r.kind, r.namespace, r.name].filter((x) => x).join('/')

function renderMatrix(
  heading: string,
  intro: string,
  cells: readonly MatrixCell[],
  policyOrder: readonly string[],
  options: MatrixOptions
): string {
  const maxPolicies = options.maxPolicies ?? 12
  const maxResources = options.maxResources ?? 40
  const resources = new Map<
    string,
    { label: string; where: string; cells: Map<string, MatrixCell> }
  >()
  const failingPolicies = new Map<string, number>()
  for (const cell of cells) {
    const key = `${cell.resource.file}\u0000${cell.resource.document}\u0000${cell.resource.line}`
    let row = resources.get(key)
    if (!row)
      resources.set(
        key,
        (row = {
          label: resourceLabel(cell.resource),
          where: `${cell.resource.file}:${cell.resource.line}`,
          cells: new Map()
        })
      )
    row.cells.set(cell.policy, cell)
    if (cell.bad) failingPolicies.set(cell.policy, (failingPolicies.get(cell.policy) ?? 0) + 1)
  }
  const applied = new Set(cells.map((c) => c.policy))
  const policies = policyOrder
    .filter((p) => applied.has(p))
    .map((p, i) => ({ p, i, failing: failingPolicies.get(p) ?? 0 }))
    .sort((a, b) => Number(b.failing > 0) - Number(a.failing > 0) || a.i - b.i)
    .slice(0, maxPolicies)
    .map((x) => x.p)
  const rows = [...resources.values()]
    .map((r, i) => ({ r, i, bad: [...r.cells.values()].some((c) => c.bad) }))
    .sort((a, b) => Number(b.bad) - Number(a.bad) || a.i - b.i)
  const shown = rows.slice(0, maxResources).sort((a, b) => a.i - b.i)
  const lines = [
    heading,
    '',
    intro,
    '',
    tableHead(
      ['Resource', ...policies.map(codeSpan), 'Location'],
      ['l', ...policies.map(() => 'c' as const), 'l']
    ),
    ...shown.map(({ r }) =>
      tableRow([
        codeSpan(r.label),
        ...policies.map((p) => r.cells.get(p)?.symbol ?? '·'),
        codeSpan(r.where)
      ])
    )
  ]
  const hiddenRows = rows.length - shown.length
  const hiddenColumns = applied.size - policies.length
  if (hiddenRows > 0 || hiddenColumns > 0)
    lines.push(
      '',
      `Not shown: ${[
        hiddenRows > 0 ? `${formatInteger(hiddenRows)} resources` : '',
        hiddenColumns > 0 ? `${formatInteger(hiddenColumns)} policies` : ''
      ]
        .filter((x) => x)
        .join(' and ')} (passing ones first; the JSON report has every cell).`
    )
  return lines.join('\n')
}

const ROLE_LABEL: Readonly<Record<ReportLayout, Readonly<Record<ReportRole, string>>>> = {
  aggregated: {
    'ephemeral-admission': 'AdmissionReport, one per request',
    'aggregated-admission': 'AdmissionReport, aggregated per resource',
    'background-scan': 'BackgroundScanReport, per resource',
    'policy-report': 'PolicyReport, per namespace and policy',
    'cluster-policy-report': 'ClusterPolicyReport, per policy'
  },
  'per-resource': {
    'ephemeral-admission': 'EphemeralReport, one per request',
    'aggregated-admission': 'AdmissionReport, aggregated per resource',
    'background-scan': 'EphemeralReport, per background scan',
    'policy-report': 'PolicyReport, per resource',
    'cluster-policy-report': 'ClusterPolicyReport, per resource'
  }
}

const CHART_BARS = 10

/** The reports' storage: per report type, against etcd's quota and object limit, by policy. */
export function renderReportFootprint(footprint: ReportFootprint): string {
  const f = footprint
  const p = f.profile
  const etcd =
    p.reportsBackend === 'etcd'
      ? `In etcd: **${formatIec(f.etcd.bytes)}**, ${formatShare(f.etcd.quotaShare)} of the ${formatIec(f.etcd.quotaBytes)} quota.`
      : `With reports-server the reports are stored in its database, not in etcd (${formatIec(f.persistent.bytes)}).`
  const largest = f.etcd.largestObject
  const lines = [
    '#### Kyverno policy reports',
    '',
    `What Kyverno would store for these policies in a cluster like **${escapeMarkdownInline(p.name)}** (${escapeMarkdownInline(p.basis)}), measured on the reports the dry-run generates (${escapeMarkdownInline(f.layout === 'aggregated' ? 'Kyverno 1.10–1.11 layout' : 'Kyverno 1.12+ layout')}, background scan ${p.backgroundScan ? 'on' : 'off'}, admission reports ${p.admissionReports ? 'on' : 'off'}, split every ${formatInteger(f.chunkSize)} results).`,
    '',
    tableHead(['Report', 'Objects', 'Bytes', 'Largest object', 'Kept'], ['l', 'r', 'r', 'r', 'l']),
    ...f.roles.map((r) =>
      tableRow([
        ROLE_LABEL[f.layout][r.role],
        formatInteger(r.objects),
        formatIec(r.bytes),
        `${formatIec(r.largestObjectBytes)}${r.largestObjectBytes > f.etcd.maxObjectBytes ? ' ❌' : ''}`,
        r.persistent ? 'stored' : 'until aggregated'
      ])
    ),
    tableRow([
      '**Stored**',
      `**${formatInteger(f.persistent.objects)}**`,
      `**${formatIec(f.persistent.bytes)}**`,
      '',
      ''
    ]),
    '',
    `${etcd}${largest ? ` Largest object ${formatIec(largest.bytes)} of etcd's ${formatIec(f.etcd.maxObjectBytes)} limit.` : ''}${f.transient.objects > 0 ? ` Short-lived reports add up to ${formatIec(f.transient.bytes)} (${formatInteger(f.transient.objects)} objects) while requests are aggregated.` : ''}`
  ]
  const top = f.policies.filter((x) => x.bytes > 0n).slice(0, CHART_BARS)
  if (top.length > 0) {
    const label = (name: string): string =>
      `"${name.replace(/[^A-Za-z0-9_/-]/g, '').slice(0, 30) || '?'}"`
    lines.push(
      '',
      `Bytes per policy (the ${top.length} largest):`,
      '',
      '```mermaid',
      'xychart-beta',
      '  y-axis "bytes"',
      `  x-axis [${top.map((x) => label(x.policy)).join(', ')}]`,
      `  bar [${top.map((x) => x.bytes.toString()).join(', ')}]`,
      '```',
      '',
      tableHead(['Policy', 'Bytes', 'Share of stored'], ['l', 'r', 'r'])
    )
    pushAll(
      lines,
      top.map((x) => tableRow([codeSpan(x.policy), formatIec(x.bytes), formatShare(x.share)]))
    )
    lines.push(
      '',
      "A policy's bytes are its result entries and labels, and its own PolicyReports; the rest of the stored bytes is the per-resource reports' metadata."
    )
  }
  const kinds = f.kinds.filter((k) => k.bytes > 0n)
  if (kinds.length > 0) {
    lines.push(
      '',
      tableHead(
        ['Kind', 'Resources', 'Own reports per resource', 'Stored for the kind'],
        ['l', 'r', 'r', 'r']
      )
    )
    pushAll(
      lines,
      kinds.map((k) =>
        tableRow([
          `${codeSpan(k.kind)}${k.estimated ? ' (no sample: rules assumed to pass)' : ''}`,
          formatInteger(k.resources),
          formatIec(k.bytesPerResource),
          formatIec(k.bytes)
        ])
      )
    )
  }
  return lines.join('\n')
}

/** The summary's policy blocks, from the report's `policies` entries (by engine). */
export function policyBlocks(policies: readonly unknown[]): {
  matrices: string[]
  storage: string[]
} {
  const matrices: string[] = []
  const storage: string[] = []
  for (const entry of policies) {
    if (typeof entry !== 'object' || entry === null) continue
    const engine = (entry as { engine?: unknown }).engine
    if (engine === 'admission-dry-run') {
      const block = renderAdmissionMatrix(
        entry as { kubernetesVersion: string; matrix: AdmissionMatrixEntry[] }
      )
      if (block) matrices.push(block)
    } else if (engine === 'kyverno') {
      const facts = entry as KyvernoFacts
      const block = renderPolicyMatrix(facts)
      if (block) matrices.push(block)
      if (facts.footprint) storage.push(renderReportFootprint(facts.footprint))
    }
  }
  return { matrices, storage }
}
