/**
 * The Kyverno parts of the job summary: the policy × resource matrix of the dry-run (issue 7
 * item 5) and the policy reports' storage footprint (issue 8 items 2 and 5). Pure formatting of
 * the analyzer's facts; every number shown is in the JSON report.
 */
import type { KyvernoFacts, KyvernoMatrixCell, MatrixOutcome } from '../kyverno/check.js'
import type { ReportFootprint } from '../kube/sizing/report-footprint.js'
import type { ReportLayout, ReportRole } from '../kyverno/reports/index.js'
import { codeSpan, escapeMarkdownInline } from './escape.js'

export interface MatrixOptions {
  /** Policies shown as columns (those with failures first). Default 12. */
  maxPolicies?: number
  /** Resources shown as rows (those with failures first). Default 40. */
  maxResources?: number
}

const CELL: Readonly<Record<MatrixOutcome, string>> = {
  'enforce-fail': '❌',
  error: '❗',
  'audit-fail': '⚠️',
  warn: '⚠️',
  pass: '✅',
  skip: '⏭️'
}

const BAD = new Set<MatrixOutcome>(['enforce-fail', 'error', 'audit-fail', 'warn'])

const resourceLabel = (c: KyvernoMatrixCell): string =>
  [c.resource.kind, c.resource.namespace, c.resource.name].filter((x) => x).join('/')

/** The policy × resource matrix: a row per resource, a column per policy. */
export function renderPolicyMatrix(facts: KyvernoFacts, options: MatrixOptions = {}): string {
  const maxPolicies = options.maxPolicies ?? 12
  const maxResources = options.maxResources ?? 40
  if (facts.matrix.length === 0) return ''
  const resources = new Map<
    string,
    { label: string; where: string; cells: Map<string, KyvernoMatrixCell> }
  >()
  const failingPolicies = new Map<string, number>()
  for (const cell of facts.matrix) {
    const key = `${cell.resource.file}\u0000${cell.resource.document}\u0000${cell.resource.line}`
    let row = resources.get(key)
    if (!row)
      resources.set(
        key,
        (row = {
          label: resourceLabel(cell),
          where: `${cell.resource.file}:${cell.resource.line}`,
          cells: new Map()
        })
      )
    row.cells.set(cell.policy, cell)
    if (BAD.has(cell.outcome))
      failingPolicies.set(cell.policy, (failingPolicies.get(cell.policy) ?? 0) + 1)
  }
  const applied = new Set(facts.matrix.map((c) => c.policy))
  const policies = facts.policies
    .map((p) => p.policy)
    .filter((p) => applied.has(p))
    .map((p, i) => ({ p, i, failing: failingPolicies.get(p) ?? 0 }))
    .sort((a, b) => Number(b.failing > 0) - Number(a.failing > 0) || a.i - b.i)
    .slice(0, maxPolicies)
    .map((x) => x.p)
  const rows = [...resources.values()]
    .map((r, i) => ({ r, i, bad: [...r.cells.values()].some((c) => BAD.has(c.outcome)) }))
    .sort((a, b) => Number(b.bad) - Number(a.bad) || a.i - b.i)
  const shown = rows.slice(0, maxResources).sort((a, b) => a.i - b.i)
  const lines = [
    '#### Kyverno policies × sample resources',
    '',
    `${formatInteger(facts.resources)} sample resources against ${formatInteger(facts.policies.length)} Kyverno policies, as Kyverno admits them (❌ rejected by an Enforce rule, ⚠️ an Audit rule fails, ❗ a rule errors, ✅ pass, ⏭️ skip, · no rule applies)${facts.filtered > 0 ? `; ${formatInteger(facts.filtered)} resources Kyverno's resourceFilters ignore are left out` : ''}.`,
    '',
    tableHead(
      ['Resource', ...policies.map(codeSpan), 'Location'],
      ['l', ...policies.map(() => 'c' as const), 'l']
    ),
    ...shown.map(({ r }) =>
      tableRow([
        codeSpan(r.label),
        ...policies.map((p) => {
          const cell = r.cells.get(p)
          return cell ? CELL[cell.outcome] : '·'
        }),
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
        .join(' and ')} (all passing ones first; the JSON report has every cell).`
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
      tableHead(['Policy', 'Bytes', 'Share of stored'], ['l', 'r', 'r']),
      ...top.map((x) => tableRow([codeSpan(x.policy), formatIec(x.bytes), formatShare(x.share)])),
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
      ),
      ...kinds.map((k) =>
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

function tableHead(cells: readonly string[], align: ReadonlyArray<'l' | 'r' | 'c'>): string {
  const rule = align.map((a) => (a === 'r' ? ' ---: ' : a === 'c' ? ' :---: ' : ' --- '))
  return `${tableRow(cells)}\n|${rule.join('|')}|`
}

function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`
}

function formatInteger(n: number | bigint): string {
  const text = typeof n === 'bigint' ? n.toString() : String(Math.round(n))
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** `512 B`, `12.1 KiB`, `3.0 MiB`. */
function formatIec(bytes: number | bigint): string {
  const n = Number(bytes)
  if (n < 1024) return `${formatInteger(n)} B`
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let value = n / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(1)} ${units[unit]}`
}

function formatShare(share: number): string {
  if (share > 0 && share < 0.001) return '<0.1%'
  return `${(share * 100).toFixed(1)}%`
}
