/**
 * The job summary: GitHub-flavoured markdown/HTML that also serves `--format markdown` and,
 * trimmed, the PR comment. Pure formatting of a CheckResult; deterministic (no dates, no
 * durations other than the recorded timings) so that it can be compared in tests.
 *
 * GitHub rejects a step summary over 1 MiB (action-conventions.md §2.3), so the output keeps to a
 * byte budget: the verdict, the overview and the first (most severe) findings always stay; whole
 * finding rows and CRD entries are cut after that, with a visible note.
 */
import { displayRef, formatChange } from '../core/delta.js'
import type { Comparison, Delta, SizeDelta } from '../core/delta.js'
import type {
  CelExpressionCost,
  CelRuleReport,
  CheckResult,
  CrdReport,
  SizePart
} from '../core/result.js'
import type { SuppressedFinding } from '../core/suppressions.js'
import { SEVERITY_ORDER, compareFindings } from '../findings/model.js'

import { describeUnbounded } from '../kube/sizing/object-size-report.js'
import { kubernetesVersionLabel, preReleaseNote } from '../kube/versions.js'
import { builtinFactsNote } from '../kube/builtin/facts.js'
import type { Finding, Severity } from '../findings/model.js'
import { DOCUMENT_KIND_LABELS } from '../workspace/classify.js'
import type { DocumentKind } from '../workspace/classify.js'
import { codeSpan, escapeMarkdownInline } from './escape.js'
import {
  formatDuration,
  formatIec,
  formatInteger,
  formatGrowth,
  formatMagnitude,
  formatPercent,
  formatShareOfBudget,
  tableHead,
  tableRow
} from './markdown.js'
import { policyBlocks } from './policies.js'
import { isGateRelaxation } from '../findings/gate-relaxed.js'
import { pushAll } from '../common/arrays.js'
import { shortenMiddle } from '../common/shorten-middle.js'
import { MAX_ANNOTATION_MESSAGE } from './annotations.js'
import { describeQuiet, isQuietFinding } from './quiet-rules.js'
import type { QuietCounts } from './quiet-rules.js'
import {
  SEVERITY_ICON,
  detailsBlock,
  findingLine,
  groupAlikeFindings,
  groupDetails,
  groupLine,
  hasDetails,
  placeLink
} from './finding-lines.js'
import type { FindingGroup, ReportLinks } from './finding-lines.js'
import {
  ANNOTATIONS_LIMIT,
  ETCD_REQUEST_LIMIT,
  STATIC_ESTIMATED_COST_LIMIT
} from '../kube/limits.js'

export interface SummaryOptions {
  /** Byte budget (UTF-8). Default 900 KiB, a margin below GitHub's 1 MiB per step. */
  maxBytes?: number
  /**
   * How many findings became annotations; a note is added when some did not, and one naming
   * the notices of rules off by default in annotations (`quiet`, report/quiet-rules.ts).
   */
  annotations?: { shown: number; total: number; quiet?: QuietCounts }
  /** Product name in the heading; default `celgate`. */
  title?: string
  /** Where `file:line` links point (the PR's head commit); without it places are not linked. */
  links?: ReportLinks
}

export const DEFAULT_SUMMARY_MAX_BYTES = 900 * 1024

/** What the pull-request wrapper adds to a result: suppressed findings and the comparison. */
export interface SummaryReviewFacts {
  suppressed?: readonly SuppressedFinding[]
  delta?: Comparison
}

/** Tables longer than this go inside a collapsed `<details>`. */
const COLLAPSE_ROWS = 30

/** Headings for the rule-id prefixes we know, in the order they are presented on a tie. */
const FAMILY_HEADINGS: ReadonlyArray<[string, string]> = [
  ['yaml', 'YAML parsing'],
  ['workspace', 'Files and workspace'],
  ['crd', 'CustomResourceDefinitions'],
  ['cr', 'Custom resources'],
  ['cel', 'CEL expressions'],
  ['admission', 'Admission policies'],
  ['kyverno', 'Kyverno policies'],
  ['test', 'Tests'],
  ['sizing', 'Object sizes'],
  ['internal-error', 'Internal errors']
]
const FAMILY_INDEX = new Map(FAMILY_HEADINGS.map(([key], i) => [key, i]))
const FAMILY_HEADING = new Map(FAMILY_HEADINGS)

export interface Family {
  key: string
  heading: string
  findings: Finding[]
  /** The findings folded: one line per group of identical findings. */
  groups: FindingGroup[]
}

export function renderSummary(
  result: CheckResult & SummaryReviewFacts,
  options: SummaryOptions = {}
): string {
  const maxBytes = options.maxBytes ?? DEFAULT_SUMMARY_MAX_BYTES
  const links = options.links
  // With a comparison the findings part lists what this change brings; the rest is collapsed.
  const delta = result.delta?.available ? result.delta : undefined
  const listed = listedFindings(result)
  // What blocks the merge comes first, one line each; the rest follows by check, folded.
  const top = topFindings(result)
  const parts = (topLines: number): FindingsParts => {
    const inTop = new Set(top.slice(0, topLines))
    const rest = listed.filter((f) => !inTop.has(f))
    return {
      top: topBlocks(result, top, top.slice(0, topLines), links),
      families: groupFamilies(rest),
      total: rest.length,
      labels:
        topLines > 0
          ? { heading: '### Other findings, by check', none: '' }
          : delta
            ? { heading: '### New and worsened findings', none: 'No new or worsened findings. ✅' }
            : { heading: '### Findings', none: 'No findings. ✅' }
    }
  }

  // A pull request that relaxes the gate is said before the verdict it bears on.
  const lead = [verdictBlock(result, options.title ?? 'celgate')]
  const relaxed = relaxationBlock(result.findings)
  if (relaxed) lead.unshift(relaxed)
  const changes = result.delta ? deltaBlocks(result.delta, result.suppressed?.length ?? 0) : []
  // Last, for whoever wants them: notes on the versions and the run's statistics, collapsed.
  const tail: string[] = []
  const preRelease = preReleaseNote(result.kubernetesVersions)
  if (preRelease) tail.push(escapeMarkdownInline(preRelease))
  const standIn =
    (result.summary.kinds.resource ?? 0) + (result.summary.kinds.namespace ?? 0) > 0
      ? builtinFactsNote(result.kubernetesVersions)
      : undefined
  if (standIn) tail.push(escapeMarkdownInline(standIn))
  tail.push(statisticsBlock(result))
  const footer = `<sub>${escapeMarkdownInline(`${result.tool.name} ${result.tool.version}`)}</sub>`
  const collapsed = collapsedBlocks(delta, result.suppressed ?? [], links)

  const cel = celCostBlocks(result)
  const policies = policyBlocks(result.policies)
  const matrices = policies.matrices.length > 0 ? ['### Policies', ...policies.matrices] : []
  // The Storage section: the policy reports' footprint first (bounded), then the CRDs.
  const storage =
    policies.storage.length > 0 || result.crds.length > 0
      ? [STORAGE_HEADING, ...policies.storage]
      : []
  const whole = parts(Math.min(top.length, TOP_LINES))
  const full = assemble(
    lead,
    whole.top,
    changes,
    findingsBlocks(
      whole.families.map((f) => ({ ...f, rows: f.groups })),
      whole.total,
      whole.total,
      top.length,
      options,
      whole.labels
    ),
    collapsed,
    cel,
    matrices,
    storage,
    crdBlocks(result.crds),
    tail,
    [footer]
  )
  if (byteLength(full) <= maxBytes) return full

  // Over budget: the verdict, the comparison, the statistics and the footer stay; the blocking
  // lines take at most half of what is left, then folded lines are added in order while they
  // fit, with room kept for the note; CRDs get whatever is left.
  const limitLabel = maxBytes === DEFAULT_SUMMARY_MAX_BYTES ? '1 MiB' : formatIec(maxBytes)
  const note = (hidden: number, what: string): string =>
    `> ✂️ Truncated: ${formatInteger(hidden)} more ${what} not shown (limit ${limitLabel}); see the JSON/SARIF report.`
  // The collapsed lists (unchanged, fixed, suppressed findings) give way first: one note.
  const collapsedNote =
    collapsed.length > 0
      ? [
          note(
            collapsedCount(delta, result.suppressed ?? []),
            'unchanged, fixed or suppressed findings'
          )
        ]
      : []
  // The CRDs that need attention (a size limit exceeded, a version whose largest object is
  // unbounded or too large for etcd) keep their rows in the Storage section: their share of the
  // budget (at most 40%) is set aside before findings rows are added.
  const attention = result.crds.filter(needsAttention)
  const crdsInOrder = [...attention, ...result.crds.filter((c) => !needsAttention(c))]
  const crdFixedCost = blocksCost([storageHeading(result.crds), crdTable([])]) + 600
  let budget =
    maxBytes -
    blocksCost([
      ...lead,
      ...changes,
      ...cel,
      ...matrices,
      ...storage,
      ...tail,
      footer,
      ...collapsedNote,
      note(listed.length, 'findings'),
      note(result.crds.length, 'CRDs (all within the limits and bounded)')
    ]) -
    blocksCost(findingsBlocks([], 0, listed.length, top.length, options, LONGEST_LABELS, true)) -
    1
  // As many blocking lines as fit in half of the room (the first, most severe, always).
  let topLines = Math.min(top.length, TOP_LINES)
  while (
    topLines > 1 &&
    blocksCost(topBlocks(result, top, top.slice(0, topLines), links)) > budget / 2
  )
    topLines = Math.max(1, Math.floor(topLines / 2))
  const chosen = parts(topLines)
  budget -= blocksCost(chosen.top)
  const reserved =
    attention.length > 0
      ? Math.min(
          crdFixedCost + attention.reduce((sum, crd) => sum + crdRowsCost(crd), 0),
          Math.floor(budget * 0.4)
        )
      : 0
  budget -= reserved

  const shown: Array<Family & { rows: FindingGroup[] }> = []
  let shownCount = 0
  outer: for (const family of chosen.families) {
    const overhead = blockCost(familyBlock(family, [], links, true))
    let taken = 0
    let cost = overhead
    for (const group of family.groups) {
      const rowCost = groupCost(group, links)
      if (cost + rowCost > budget) break
      cost += rowCost
      taken++
    }
    if (taken > 0) {
      const rows = family.groups.slice(0, taken)
      shown.push({ ...family, rows })
      shownCount += rows.reduce((sum, g) => sum + g.findings.length, 0)
      budget -= cost
    }
    if (taken < family.groups.length) break outer
  }

  const total = chosen.total
  const findings = findingsBlocks(shown, shownCount, total, top.length, options, chosen.labels)
  if (shownCount < total) findings.push(note(total - shownCount, 'findings'))

  budget += reserved
  let crds: string[] = []
  if (result.crds.length > 0) {
    // Rows first (those needing attention lead), then per-CRD details while room is left.
    let fit = 0
    let cost = crdFixedCost
    for (const crd of crdsInOrder) {
      const more = crdRowsCost(crd)
      if (cost + more > budget) break
      cost += more
      fit++
    }
    let detailed = 0
    for (const crd of crdsInOrder.slice(0, fit)) {
      const more = blockCost(crdDetails(crd))
      if (cost + more > budget) break
      cost += more
      detailed++
    }
    if (fit > 0) crds = crdBlocks(crdsInOrder.slice(0, fit), result.crds, detailed)
    if (fit < result.crds.length)
      crds.push(
        note(
          result.crds.length - fit,
          fit >= attention.length ? 'CRDs (all within the limits and bounded)' : 'CRDs'
        )
      )
  }
  return assemble(
    lead,
    chosen.top,
    changes,
    findings,
    collapsedNote,
    cel,
    matrices,
    storage,
    crds,
    tail,
    [footer]
  )
}

/** The longest headings findingsBlocks may write, for the byte budget. */
const LONGEST_LABELS: FindingsLabels = {
  heading: '### New and worsened findings',
  none: 'No new or worsened findings. ✅'
}

/** The findings part for a number of blocking lines: those lines, and the rest by check. */
interface FindingsParts {
  top: string[]
  families: Family[]
  total: number
  labels: FindingsLabels
}

/** The bytes a folded line adds: the line and, when it has more to say, its details entry. */
function groupCost(group: FindingGroup, links: ReportLinks | undefined): number {
  const line = byteLength(groupLine(group, links)) + 1
  return hasDetails(group) ? line + byteLength(groupDetails(group, links)) + 1 : line
}

/** Lines of the "what blocks the merge" list; the findings after them are listed by check. */
const TOP_LINES = 50

/** The findings a report lists: with a comparison, the new and worsened ones; else all. */
export function listedFindings(result: CheckResult & SummaryReviewFacts): Finding[] {
  const delta = result.delta?.available ? result.delta : undefined
  return delta
    ? [...delta.findings.new, ...delta.findings.worsened.map((w) => w.finding)]
    : result.findings
}

/**
 * The findings a reviewer must see first: those that fail the gate (at or above fail-on; under
 * fail-on-new-only only the new and worsened ones), every other error, and, with a comparison,
 * every new or worsened finding but the notices of rules off by default (a pull request that
 * adds samples would list each defaulted field; they are folded with the rest). Most severe
 * first.
 */
export function topFindings(result: CheckResult & SummaryReviewFacts): Finding[] {
  const delta = result.delta?.available ? result.delta : undefined
  const changed = new Set(
    delta ? [...delta.findings.new, ...delta.findings.worsened.map((w) => w.finding)] : []
  )
  const newOnly =
    delta !== undefined && 'failOnNewOnly' in result.gate && result.gate.failOnNewOnly === true
  const failOn = result.gate.failOn
  const failing = (f: Finding): boolean =>
    f.severity === 'error' || (failOn === 'warning' && f.severity === 'warning')
  return result.findings
    .filter((f) => (changed.has(f) && !isQuietFinding(f)) || (!newOnly && failing(f)))
    .sort(compareFindings)
}

/**
 * The heading of the top list: what blocks the merge when the gate fails; otherwise what the
 * list holds (errors, new and worsened findings, or both: a gate set to `never` blocks nothing).
 */
export function topHeading(
  result: CheckResult & SummaryReviewFacts,
  top: readonly Finding[]
): string {
  const blocking = top.filter((f) => blocksMerge(result, f)).length
  if (result.gate.failed && blocking > 0)
    return `### ${SEVERITY_ICON.error} What blocks the merge (${formatInteger(blocking)})`
  const delta = result.delta?.available ? result.delta : undefined
  if (!delta) return `### Errors (${formatInteger(top.length)})`
  const changed = new Set([...delta.findings.new, ...delta.findings.worsened.map((w) => w.finding)])
  const what = top.every((f) => changed.has(f))
    ? 'New and worsened findings'
    : 'Errors and new or worsened findings'
  return `### ${what} (${formatInteger(top.length)})`
}

/** Whether a top finding fails the gate (the rest of the top list is new but below fail-on). */
export function blocksMerge(result: CheckResult & SummaryReviewFacts, f: Finding): boolean {
  const failOn = result.gate.failOn
  if (failOn === 'never') return false
  return f.severity === 'error' || (failOn === 'warning' && f.severity === 'warning')
}

function topBlocks(
  result: CheckResult & SummaryReviewFacts,
  top: readonly Finding[],
  shown: readonly Finding[],
  links: ReportLinks | undefined
): string[] {
  if (top.length === 0) return []
  const delta = result.delta?.available ? result.delta : undefined
  const isNew = new Set(delta?.findings.new ?? [])
  const worsened = new Set(delta?.findings.worsened.map((w) => w.finding) ?? [])
  const marker = (f: Finding): string => (isNew.has(f) ? ' 🆕' : worsened.has(f) ? ' 📈' : '')
  const lines = [topHeading(result, top), '', ...shown.map((f) => findingLine(f, links, marker(f)))]
  if (top.length > shown.length)
    lines.push(
      `- … and ${formatInteger(top.length - shown.length)} more, by check below as far as the summary has room; the JSON and SARIF reports hold every one`
    )
  const blocks = [lines.join('\n')]
  const details = detailsBlock(
    'Their full messages, fixes and value paths',
    shown.map((f) => ({ ruleId: f.ruleId, severity: f.severity, findings: [f] })),
    links
  )
  if (details) blocks.push(details)
  return blocks
}

// ---------------------------------------------------------------------------------------------
// Blocks. Each block is a piece of markdown without a trailing newline; blocks are separated by
// one blank line, so that GFM ends tables and paragraphs between them.

function assemble(...groups: string[][]): string {
  return `${groups.flat().join('\n\n')}\n`
}

function blockCost(block: string): number {
  return byteLength(block) + 2
}

function blocksCost(blocks: readonly string[]): number {
  return blocks.reduce((sum, b) => sum + blockCost(b), 0)
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

export function verdictBlock(result: CheckResult, title: string): string {
  const { gate } = result
  const status = gate.failed ? '❌' : '✅'
  const word = gate.failed ? 'failed' : 'passed'
  const counts = severityCounts(result.summary.findings)
  return [
    `## ${status} ${escapeMarkdownInline(title)}: ${word}`,
    '',
    `**${gate.failed ? 'Failed' : 'Passed'}:** ${escapeMarkdownInline(gate.reason)} ` +
      `(fail-on: ${codeSpan(gate.failOn)}) · ${counts}`
  ].join('\n')
}

/** Characters of a relaxation's message shown, as many as an annotation shows. */
const MAX_ROW_MESSAGE = MAX_ANNOTATION_MESSAGE

/** Rows of the gate-relaxation list; the rest are counted (all are findings in the reports). */
const RELAXATION_ROWS = 20

/**
 * A pull request's changes that weaken the gate (core/gate-relaxation.ts), above everything
 * else, so that the reviewer reads them before the verdict they bear on. Bounded.
 */
export function relaxationBlock(findings: readonly Finding[]): string | undefined {
  const relaxed = findings.filter(isGateRelaxation)
  if (relaxed.length === 0) return undefined
  const lines = [
    `### ${SEVERITY_ICON.warning} This pull request relaxes the gate`,
    '',
    "Its author controls these settings; review them as you would a change to the workflow (see the README's trust model).",
    ''
  ]
  for (const f of relaxed.slice(0, RELAXATION_ROWS)) {
    const line = f.location.range ? `:${f.location.range.startLine}` : ''
    lines.push(
      `- ${codeSpan(`${f.location.file}${line}`)}: ${escapeMarkdownInline(shortenMiddle(f.message, MAX_ROW_MESSAGE))}`
    )
  }
  if (relaxed.length > RELAXATION_ROWS)
    lines.push(
      `- … and ${formatInteger(relaxed.length - RELAXATION_ROWS)} more (all of them are in the JSON and SARIF reports)`
    )
  return lines.join('\n')
}

const SUPPRESSED_ICON = '🔇'

/**
 * New and worsened findings in files this change did not touch, by the changed file that
 * caused them: `3 new in config/routes.yaml, new because crds/routes.yaml changed`.
 */
function causeBlock(causes: ReadonlyMap<Finding, string> | undefined): string | undefined {
  if (causes === undefined || causes.size === 0) return undefined
  const byCause = new Map<string, Map<string, number>>()
  for (const [finding, cause] of causes) {
    const files = byCause.get(cause) ?? new Map<string, number>()
    files.set(finding.location.file, (files.get(finding.location.file) ?? 0) + 1)
    byCause.set(cause, files)
  }
  const lines: string[] = []
  for (const [cause, files] of [...byCause].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    for (const [file, count] of [...files].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
      lines.push(
        `- ${formatInteger(count)} in ${codeSpan(file)}: new because ${codeSpan(cause)} changed`
      )
  return [
    '#### In files this change did not touch',
    '',
    ...lines.slice(0, DELTA_ROWS),
    ...(lines.length > DELTA_ROWS
      ? [`- ${formatInteger(lines.length - DELTA_ROWS)} more files in the JSON report (\`cause\`)`]
      : [])
  ].join('\n')
}

/** Rows of each delta table, and of each collapsed list. */
const DELTA_ROWS = 20
const COLLAPSED_ROWS = 100

/**
 * What this change does, first: counts of new, worsened, fixed and unchanged findings, the CEL
 * rules whose cost moved and the sizes that moved. Bounded (top rows), so it always stays.
 */
function deltaBlocks(comparison: Comparison, suppressed: number): string[] {
  const heading = `### Changes since ${codeSpan(displayRef(comparison.baseRef))}`
  if (!comparison.available)
    return [
      `${heading}\n\n> ${SEVERITY_ICON.warning} No comparison: ${escapeMarkdownInline(comparison.reason)}. Every finding is listed as found.`
    ]
  const f = comparison.findings
  const counts = [
    comparison.mergeBase.startsWith(comparison.baseRef)
      ? `Compared with the base commit ${codeSpan(displayRef(comparison.mergeBase))}.`
      : `Compared with ${codeSpan(displayRef(comparison.mergeBase))}, the merge base of ${codeSpan(comparison.baseRef)} and this change.`,
    '',
    tableHead(['Findings', 'Count'], ['l', 'r']),
    tableRow(['🆕 New', formatInteger(f.new.length)]),
    tableRow(['📈 Worsened', formatInteger(f.worsened.length)]),
    tableRow(['✅ Fixed', formatInteger(f.fixed.length)]),
    tableRow(['Unchanged', formatInteger(f.unchanged.length)])
  ]
  if (suppressed > 0)
    counts.push(tableRow([`${SUPPRESSED_ICON} Suppressed`, formatInteger(suppressed)]))
  const blocks = [`${heading}\n\n${counts.join('\n')}`]
  if (f.worsened.length > 0)
    blocks.push(
      [
        '#### Worsened findings',
        '',
        ...f.worsened
          .slice(0, DELTA_ROWS)
          .map(
            (w) =>
              `- ${codeSpan(w.finding.ruleId)} at ${codeSpan(findingPlace(w.finding))}: ${escapeMarkdownInline(w.why)}`
          ),
        ...(f.worsened.length > DELTA_ROWS
          ? [`- ${formatInteger(f.worsened.length - DELTA_ROWS)} more in the JSON report`]
          : [])
      ].join('\n')
    )
  const caused = causeBlock(f.causes)
  if (caused) blocks.push(caused)
  const rules = ruleDeltaBlock(comparison)
  if (rules) blocks.push(rules)
  const sizes = sizeDeltaBlock(comparison.sizes)
  if (sizes) blocks.push(sizes)
  return blocks
}

function ruleDeltaBlock(delta: Delta): string | undefined {
  if (delta.rules.length === 0) return undefined
  const rows = delta.rules.slice(0, DELTA_ROWS).map((r) => {
    const icon =
      r.change === 'removed'
        ? '➖'
        : r.change === 'added'
          ? '🆕'
          : (r.changePercent ?? 1) > 0
            ? '📈'
            : '📉'
    const change =
      r.change !== 'changed'
        ? r.change
        : r.changePercent !== undefined
          ? formatGrowth(r.changePercent, formatChange)
          : 'from 0'
    const cost = `${r.base ? formatMagnitude(r.base.totalCost) : '—'} → ${r.head ? formatMagnitude(r.head.totalCost) : '—'}`
    const budget =
      r.base && r.head
        ? `now ${formatRatio(r.head.budgetRatio)}, was ${formatRatio(r.base.budgetRatio)}`
        : formatRatio((r.head ?? r.base)!.budgetRatio)
    return tableRow([
      icon,
      `${codeSpan(r.crd)} ${codeSpan(r.version)}`,
      `${escapeMarkdownInline(r.label)}<br>${codeSpan(abbreviateRule(r.rule))}`,
      cost,
      change,
      budget
    ])
  })
  return [
    '#### CEL rule costs that changed',
    '',
    `Estimated cost × cardinality of each rule (the worst of the checked Kubernetes versions) against the 10,000,000 per-rule budget${delta.unchangedRules > 0 ? `; ${formatInteger(delta.unchangedRules)} other rules kept their cost` : ''}.`,
    '',
    tableHead(
      ['', 'CRD', 'Rule', 'Total cost', 'Change', 'Budget'],
      ['l', 'l', 'l', 'r', 'r', 'r']
    ),
    ...rows,
    ...(delta.rules.length > DELTA_ROWS
      ? [
          '',
          `${formatInteger(delta.rules.length - DELTA_ROWS)} more rules changed; see \`delta.rules\` in the JSON report.`
        ]
      : [])
  ].join('\n')
}

const SIZE_LABEL: Record<SizeDelta['measure'], string> = {
  manifest: 'CRD JSON',
  'last-applied': 'Last-applied annotation',
  'object-min': 'Smallest object',
  'object-max': 'Largest object'
}

function sizeDeltaBlock(sizes: readonly SizeDelta[]): string | undefined {
  if (sizes.length === 0) return undefined
  const show = (b: bigint | 'unbounded' | null): string =>
    b === null ? '—' : b === 'unbounded' ? 'unbounded' : formatInteger(b)
  return [
    '#### Sizes that changed',
    '',
    tableHead(
      ['CRD', 'Version', 'What', 'Before', 'Now', 'Change'],
      ['l', 'l', 'l', 'r', 'r', 'r']
    ),
    ...sizes
      .slice(0, DELTA_ROWS)
      .map((d) =>
        tableRow([
          codeSpan(d.crd),
          d.version !== undefined ? codeSpan(d.version) : '',
          SIZE_LABEL[d.measure],
          show(d.base),
          show(d.head),
          d.changePercent !== undefined
            ? formatGrowth(d.changePercent, formatChange)
            : d.base === null
              ? 'new'
              : d.head === null
                ? 'removed'
                : ''
        ])
      ),
    ...(sizes.length > DELTA_ROWS
      ? [
          '',
          `${formatInteger(sizes.length - DELTA_ROWS)} more sizes changed; see \`delta.sizes\` in the JSON report.`
        ]
      : [])
  ].join('\n')
}

function findingPlace(f: Finding): string {
  return f.location.range ? `${f.location.file}:${f.location.range.startLine}` : f.location.file
}

/** Unchanged, fixed and suppressed findings, each list inside a closed `<details>`. */
function collapsedBlocks(
  delta: Delta | undefined,
  suppressed: readonly SuppressedFinding[],
  links: ReportLinks | undefined
): string[] {
  const blocks: string[] = []
  const wrap = (summary: string, body: string[], more: number): string =>
    [
      `<details><summary>${summary}</summary>`,
      '',
      ...body,
      ...(more > 0 ? ['', `${formatInteger(more)} more in the JSON report.`] : []),
      '',
      '</details>'
    ].join('\n')
  // Folded like the findings above; the lines past COLLAPSED_ROWS are counted.
  const folded = (findings: readonly Finding[]): { lines: string[]; more: number } => {
    const groups = groupAlikeFindings([...findings].sort(compareFindings))
    const lines = groups.slice(0, COLLAPSED_ROWS).map((g) => groupLine(g, links))
    const more = groups.slice(COLLAPSED_ROWS).reduce((sum, g) => sum + g.findings.length, 0)
    return { lines, more }
  }
  if (delta && delta.findings.unchanged.length > 0) {
    const unchanged = delta.findings.unchanged
    const { lines, more } = folded(unchanged)
    blocks.push(
      wrap(
        `${formatInteger(unchanged.length)} unchanged ${unchanged.length === 1 ? 'finding' : 'findings'}, already at the base (${severityCounts(countSeverities(unchanged), true)})`,
        lines,
        more
      )
    )
  }
  if (delta && delta.findings.fixed.length > 0) {
    const fixed = delta.findings.fixed
    const { lines, more } = folded(fixed)
    blocks.push(
      wrap(
        `✅ ${formatInteger(fixed.length)} fixed ${fixed.length === 1 ? 'finding' : 'findings'} (at the base, gone now)`,
        lines,
        more
      )
    )
  }
  if (suppressed.length > 0) {
    const rows = suppressed
      .slice(0, COLLAPSED_ROWS)
      .map(
        (s) =>
          `- ${placeLink(s.finding.location, links)} ${codeSpan(s.finding.ruleId)}, by ` +
          `${s.by === 'inline' ? 'an inline comment' : 'the baseline'}: ` +
          escapeMarkdownInline(s.reason === '' ? '(no reason given)' : s.reason)
      )
    blocks.push(
      wrap(
        `${SUPPRESSED_ICON} ${formatInteger(suppressed.length)} suppressed ${suppressed.length === 1 ? 'finding' : 'findings'}`,
        rows,
        suppressed.length - rows.length
      )
    )
  }
  return blocks
}

function collapsedCount(
  delta: Delta | undefined,
  suppressed: readonly SuppressedFinding[]
): number {
  return (
    (delta ? delta.findings.unchanged.length + delta.findings.fixed.length : 0) + suppressed.length
  )
}

/**
 * The run's statistics, collapsed at the end: what was scanned, the time per phase and the
 * skipped documents. Useful when a number looks wrong, not for deciding on the merge.
 */
function statisticsBlock(result: CheckResult & SummaryReviewFacts): string {
  const s = result.summary
  const skipped = Object.values(s.skipped).reduce((sum, n) => sum + (n ?? 0), 0)
  const time = s.timings.reduce((sum, t) => sum + t.ms, 0)
  const label = [
    `${formatInteger(s.files)} ${s.files === 1 ? 'file' : 'files'}`,
    `${formatInteger(s.documents)} ${s.documents === 1 ? 'document' : 'documents'}${skipped > 0 ? ` (${formatInteger(skipped)} skipped)` : ''}`,
    ...(s.timings.length > 0 ? [formatDuration(time)] : [])
  ].join(', ')
  const parts = [overviewBlock(result)]
  const timings = timingsBlock(result)
  if (timings) parts.push(timings)
  const skippedDocuments = skippedBlock(result)
  if (skippedDocuments) parts.push(skippedDocuments)
  return [
    `<details><summary>Overview: ${label}</summary>`,
    '',
    ...parts.flatMap((p) => [p, '']),
    '</details>'
  ].join('\n')
}

function overviewBlock(result: CheckResult & SummaryReviewFacts): string {
  const s = result.summary
  const skipped = Object.values(s.skipped).reduce((sum, n) => sum + (n ?? 0), 0)
  const rows: Array<[string, string]> = [
    ['Scanned root', codeSpan(s.root)],
    ['Files', formatInteger(s.files)],
    ['Bytes', `${formatInteger(s.bytes)} (${formatIec(s.bytes)})`],
    ['Documents found', formatInteger(s.documents)],
    ['Documents analysed', formatInteger(Math.max(0, s.documents - skipped))],
    ['Documents skipped', formatInteger(skipped)]
  ]
  for (const kind of Object.keys(DOCUMENT_KIND_LABELS) as DocumentKind[]) {
    const n = s.kinds[kind]
    if (n) rows.push([`&nbsp;&nbsp;${DOCUMENT_KIND_LABELS[kind]}`, formatInteger(n)])
  }
  rows.push(['CRDs measured', formatInteger(result.crds.length)])
  rows.push(['CEL rules in CRDs', formatInteger(s.celRules)])
  rows.push([`${SEVERITY_ICON.error} Errors`, formatInteger(s.findings.error)])
  rows.push([`${SEVERITY_ICON.warning} Warnings`, formatInteger(s.findings.warning)])
  rows.push([`${SEVERITY_ICON.notice} Notices`, formatInteger(s.findings.notice)])
  if (result.suppressed && result.suppressed.length > 0)
    rows.push([
      `${SUPPRESSED_ICON} Suppressed (not counted above)`,
      formatInteger(result.suppressed.length)
    ])
  return [
    '### Overview',
    '',
    tableHead(['', 'Count'], ['l', 'r']),
    ...rows.map((r) => tableRow(r))
  ].join('\n')
}

function timingsBlock(result: CheckResult): string | undefined {
  const timings = result.summary.timings
  if (timings.length === 0) return undefined
  const total = timings.reduce((sum, t) => sum + t.ms, 0)
  return [
    '### Time per phase',
    '',
    tableHead(['Phase', 'Time'], ['l', 'r']),
    ...timings.map((t) => tableRow([escapeMarkdownInline(t.phase), formatDuration(t.ms)])),
    tableRow(['**Total**', `**${formatDuration(total)}**`])
  ].join('\n')
}

function skippedBlock(result: CheckResult): string | undefined {
  const entries = Object.entries(result.summary.skipped)
    .filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  if (entries.length === 0) return undefined
  return [
    '### Skipped documents',
    '',
    tableHead(['Reason', 'Documents'], ['l', 'r']),
    ...entries.map(([reason, n]) => tableRow([escapeMarkdownInline(reason), formatInteger(n)]))
  ].join('\n')
}

interface FindingsLabels {
  heading: string
  none: string
}

/**
 * The findings part: a heading, the annotation note when needed, one block per family. With
 * `worstCase`, the annotation note is written with its longest wording (for the byte budget).
 */
function findingsBlocks(
  families: ReadonlyArray<Family & { rows: readonly FindingGroup[] }>,
  shown: number,
  total: number,
  topCount: number,
  options: SummaryOptions,
  labels: FindingsLabels,
  worstCase = false
): string[] {
  const blocks: string[] = []
  const a = options.annotations
  if (a && a.shown < a.total) {
    const listed =
      shown < total || worstCase
        ? `the first ${formatInteger(worstCase ? total : shown)} others are listed below, identical ones folded`
        : 'all are listed here, identical ones folded'
    blocks.push(
      `GitHub shows at most 10 annotations of each type per step: ${formatInteger(a.shown)} of ` +
        `${formatInteger(a.total)} findings are annotated; ${listed}.`
    )
  }
  const quiet = describeQuiet(a?.quiet ?? [])
  if (quiet !== undefined)
    blocks.push(
      `Not annotated: ${escapeMarkdownInline(quiet)}, of rules off by default in annotations and ` +
        'SARIF (a fact to know, nothing to fix at the line); they are folded below and each is ' +
        'in the JSON report. Name a rule under `rules:` in `.celgate.yaml` to annotate it.'
    )
  if (total === 0 && !worstCase) {
    if (topCount === 0) blocks.unshift(`${labels.heading}\n\n${labels.none}`)
    return blocks
  }
  blocks.unshift(labels.heading)
  for (const family of families) blocks.push(familyBlock(family, family.rows, options.links, false))
  return blocks
}

/**
 * One family's section with `rows` (a prefix of its folded lines). The heading counts all
 * findings of the family. `forceDetails` gives the largest overhead, for the byte budget.
 */
function familyBlock(
  family: Family,
  rows: readonly FindingGroup[],
  links: ReportLinks | undefined,
  forceDetails: boolean
): string {
  const counts = countSeverities(family.findings)
  const worst = family.findings[0]?.severity ?? 'notice'
  const lines = [
    `#### ${SEVERITY_ICON[worst]} ${family.heading} (${severityCounts(counts, true)})`,
    ''
  ]
  const list = rows.map((g) => groupLine(g, links))
  if (forceDetails || rows.length > COLLAPSE_ROWS) {
    const n = forceDetails ? family.findings.length : rows.length
    lines.push(`<details><summary>${formatInteger(n)} lines</summary>`, '')
    pushAll(lines, list)
    lines.push('', '</details>')
  } else {
    pushAll(lines, list)
  }
  const details = forceDetails
    ? `<details><summary>${DETAILS_SUMMARY}</summary>\n\n</details>`
    : detailsBlock(DETAILS_SUMMARY, rows, links)
  if (details) lines.push('', details)
  return lines.join('\n')
}

const DETAILS_SUMMARY = 'Full messages, fixes and places'

/** Rules shown in the cost leaderboard; CRDs shown in the version matrix. */
const LEADERBOARD_ROWS = 10
const MATRIX_ROWS = 40

interface RankedRule {
  crd: CrdReport
  rule: CelRuleReport
  worst: CelExpressionCost
}

/**
 * The CEL cost part: the most expensive rules with their headroom, and which Kubernetes
 * version accepts which CRD. Bounded in size (top rows only), so it is always kept.
 */
function celCostBlocks(result: CheckResult): string[] {
  const withRules = result.crds.filter((c) => c.versions.some((v) => v.rules.length > 0))
  if (withRules.length === 0) return []
  const ranked: RankedRule[] = []
  const seen = new Set<string>()
  for (const crd of withRules)
    for (const version of crd.versions)
      for (const rule of version.rules) {
        // Identical version schemas list the same rules; rank each once.
        const key = `${crd.file}\u0000${crd.document}\u0000${rule.apiPath}`
        if (seen.has(key)) continue
        seen.add(key)
        const worst = rule.costs.reduce<CelExpressionCost | undefined>(
          (w, c) =>
            c.budgetRatio !== undefined && (w === undefined || c.budgetRatio > w.budgetRatio!)
              ? c
              : w,
          undefined
        )
        if (worst) ranked.push({ crd, rule, worst })
      }
  ranked.sort((a, b) => b.worst.budgetRatio! - a.worst.budgetRatio!)
  const { warnRatio } = result.costGate
  const icon = (ratio: number, rejected = false): string =>
    rejected || ratio > 1 ? SEVERITY_ICON.error : ratio > warnRatio ? SEVERITY_ICON.warning : '✅'
  const leaderboard = [
    '### CEL rule costs',
    '',
    `The most expensive \`x-kubernetes-validations\` rules: estimated cost per evaluation × how many times it can run per object, against the 10,000,000 per-rule budget (worst of Kubernetes ${escapeMarkdownInline(result.kubernetesVersions.map(kubernetesVersionLabel).join(', '))}; warning above ${formatRatio(warnRatio)}).`,
    '',
    // Four columns, the long texts breakable: the table fits the comment column.
    tableHead(['', 'Rule', 'Cost × cardinality = total', 'Budget'], ['l', 'l', 'r', 'r']),
    ...ranked.slice(0, LEADERBOARD_ROWS).map(({ crd, rule, worst }) => {
      const total = worst.totalCost ?? 0n
      const headroom =
        total <= STATIC_ESTIMATED_COST_LIMIT
          ? `${formatMagnitude(STATIC_ESTIMATED_COST_LIMIT - total)} left`
          : `over by ${formatMagnitude(total - STATIC_ESTIMATED_COST_LIMIT)}`
      return tableRow([
        icon(worst.budgetRatio!),
        `${codeSpan(abbreviateRule(rule.rule))}<br><sub>${codeSpan(crd.name)} ${breakable(escapeMarkdownInline(rule.apiPath))}</sub>`,
        `${formatMagnitude(worst.cost ?? 0n)} × ${formatMagnitude(worst.cardinality ?? 0n)}${worst.cardinalityBounded === false ? ' (unbounded)' : ''} = ${formatMagnitude(total)}`,
        `${formatRatio(worst.budgetRatio!)}<br><sub>${headroom}</sub>`
      ])
    })
  ]
  if (ranked.length > LEADERBOARD_ROWS)
    leaderboard.push(
      '',
      `${formatInteger(ranked.length - LEADERBOARD_ROWS)} more rules; every rule's numbers are in the JSON report (\`crds[].versions[].rules[]\`).`
    )
  const versions = result.kubernetesVersions
  const matrix = [
    '### CRDs by Kubernetes version',
    '',
    "Whether each version's apiserver accepts the CRD's CEL rules, with the largest share of a budget any rule or schema total uses.",
    '',
    tableHead(
      ['CRD', ...versions.map(kubernetesVersionLabel)],
      ['l', ...versions.map((): 'l' | 'r' => 'r')]
    ),
    ...withRules.slice(0, MATRIX_ROWS).map((crd) =>
      tableRow([
        `${codeSpan(crd.name)}<br><sub>${breakable(escapeMarkdownInline(`${crd.file}:${crd.line}`))}</sub>`,
        ...versions.map((v) => {
          let worst = 0
          let rejected = false
          for (const version of crd.versions) {
            for (const t of version.totals)
              if (t.kubernetesVersion === v) {
                worst = Math.max(worst, t.budgetRatio)
                rejected ||= t.rejected
              }
            for (const r of version.rules)
              for (const c of r.costs)
                if (c.kubernetesVersion === v) worst = Math.max(worst, c.budgetRatio ?? 0)
          }
          return `${icon(worst, rejected)} ${formatRatio(worst)}`
        })
      ])
    )
  ]
  if (withRules.length > MATRIX_ROWS)
    matrix.push('', `${formatInteger(withRules.length - MATRIX_ROWS)} more CRDs with rules.`)
  return [leaderboard.join('\n'), matrix.join('\n')]
}

function abbreviateRule(rule: string): string {
  const oneLine = rule.replace(/\s+/g, ' ').trim()
  return oneLine.length <= 60 ? oneLine : `${oneLine.slice(0, 59)}…`
}

/**
 * Escaped text (or markup of it) with a line-break opportunity (`<wbr>`) after each `.` and `/`: value paths and
 * file names have no spaces, and a table cell cannot be narrower than its longest unbroken
 * word, so without them one path widens the table past the comment column. `.` and `/` never
 * occur inside the character references of escaped text.
 */
function breakable(escaped: string): string {
  // Not after `<`: the `/` of a closing tag (`</code>`) stays.
  return escaped.replace(/(?<!<)([./])(?=[^./])/g, '$1<wbr>')
}

/** `62.5%`, `178%`, and past 1,000% a multiple: `17.8×`, `1.12 T×`. */
export function formatRatio(ratio: number): string {
  return formatShareOfBudget(ratio)
}

/**
 * The storage section: a chart of the largest CRDs, their manifest sizes against the real
 * limits, and the largest custom resource each version's schema admits. `all` feeds the chart
 * when only some CRDs' rows fit the summary.
 */
function crdBlocks(
  crds: readonly CrdReport[],
  all: readonly CrdReport[] = crds,
  detailed = crds.length
): string[] {
  if (crds.length === 0) return []
  const blocks = [storageHeading(all), crdTable(crds)]
  const objectSizes = objectSizeTable(crds)
  if (objectSizes) blocks.push(objectSizes)
  return [...blocks, ...crds.slice(0, detailed).map(crdDetails)]
}

/** A size limit exceeded, or a version whose largest object is unbounded or too big for etcd. */
function needsAttention(crd: CrdReport): boolean {
  return (
    crd.size.limits.some((l) => l.exceeded) ||
    crd.versions.some(
      (v) =>
        v.objectSize !== undefined &&
        (v.objectSize.maxBytes === undefined || !v.objectSize.fitsEtcd)
    )
  )
}

/** The bytes of a CRD's rows: its manifest-size row and its versions' object-size rows. */
function crdRowsCost(crd: CrdReport): number {
  return (
    byteLength(crdRow(crd)) +
    1 +
    objectSizeRows(crd).reduce((sum, row) => sum + byteLength(row) + 1, 0)
  )
}

const CHART_BARS = 10
const STORAGE_HEADING = '### Storage'

/** A mermaid bar chart (GitHub renders it) of the largest CRDs next to the annotation limit. */
function storageHeading(crds: readonly CrdReport[]): string {
  const largest = [...crds]
    .sort((a, b) => Number(b.size.jsonBytes - a.size.jsonBytes))
    .slice(0, CHART_BARS)
  // Labels come from user files: keep only characters that cannot break the chart syntax.
  const label = (crd: CrdReport): string =>
    `"${
      crd.name
        .split('.')[0]!
        .replace(/[^A-Za-z0-9_-]/g, '')
        .slice(0, 30) || '?'
    }"`
  return [
    `The ${largest.length === crds.length ? '' : `${largest.length} largest of the `}${formatInteger(crds.length)} CRDs as JSON, against the ${formatInteger(ANNOTATIONS_LIMIT)}-byte annotation limit of client-side \`kubectl apply\`:`,
    '',
    '```mermaid',
    'xychart-beta',
    '  y-axis "bytes"',
    `  x-axis [${largest.map(label).join(', ')}]`,
    `  bar [${largest.map((c) => c.size.jsonBytes.toString()).join(', ')}]`,
    `  line [${largest.map(() => String(ANNOTATIONS_LIMIT)).join(', ')}]`,
    '```'
  ].join('\n')
}

function objectSizeTable(crds: readonly CrdReport[]): string | undefined {
  const rows = crds.flatMap(objectSizeRows)
  if (rows.length === 0) return undefined
  const table = [
    tableHead(
      [
        'CRD and version',
        'Smallest object',
        'Largest object',
        'of etcd’s 1.5 MiB',
        'Unbounded values'
      ],
      ['l', 'r', 'r', 'r', 'l']
    ),
    ...rows
  ].join('\n')
  const bounded = crds
    .flatMap((c) => c.versions)
    .filter((v) => v.objectSize?.maxBytes !== undefined)
  const intro = [
    '#### Largest custom resources',
    '',
    `What each version's schema admits, as Go's JSON writes it (metadata not counted). ${formatInteger(bounded.length)} of ${formatInteger(rows.length)} versions bound every value; the others name the values no maxLength, maxItems or maxProperties bounds.`
  ].join('\n')
  if (rows.length <= COLLAPSE_ROWS) return `${intro}\n\n${table}`
  return `${intro}\n\n<details><summary>${formatInteger(rows.length)} CRD versions</summary>\n\n${table}\n\n</details>`
}

function objectSizeRows(crd: CrdReport): string[] {
  return crd.versions.flatMap((v) => {
    const size = v.objectSize
    if (!size) return []
    const etcd =
      size.maxBytes === undefined
        ? '—'
        : `${formatPercent(size.maxBytes, BigInt(ETCD_REQUEST_LIMIT))}${size.fitsEtcd ? '' : ` ${SEVERITY_ICON.warning}`}`
    const examples = size.unbounded
      .slice(0, 3)
      .map((u) => breakable(codeSpan(u.path)))
      .join(', ')
    const unbounded =
      size.unbounded.length === 0
        ? 'none'
        : `${escapeMarkdownInline(describeUnbounded(size.unboundedCounts))}: ${examples}${size.unbounded.length > 3 ? ', …' : ''}`
    return [
      tableRow([
        `${breakable(codeSpan(crd.name))} ${codeSpan(v.name)}`,
        formatInteger(size.minBytes),
        size.maxBytes === undefined ? 'unbounded' : formatInteger(size.maxBytes),
        etcd,
        unbounded
      ])
    ]
  })
}

function crdTable(crds: readonly CrdReport[]): string {
  return [
    '### CRD manifest sizes',
    '',
    tableHead(
      ['CRD', 'JSON bytes', 'Last-applied annotation', 'etcd request limit', 'Descriptions'],
      ['l', 'r', 'r', 'r', 'r']
    ),
    ...crds.map(crdRow)
  ].join('\n')
}

function crdRow(crd: CrdReport): string {
  const size = crd.size
  const lastApplied = size.limits.find((l) => l.limit === 'last-applied')
  const etcd = size.limits.find((l) => l.limit === 'etcd-request')
  const laBytes = lastApplied?.bytes ?? size.lastAppliedAnnotationBytes
  const laLimit = lastApplied?.limitBytes ?? BigInt(ANNOTATIONS_LIMIT)
  const etcdBytes = etcd?.bytes ?? size.jsonBytes
  const etcdLimit = etcd?.limitBytes ?? BigInt(ETCD_REQUEST_LIMIT)
  const flag = (bytes: bigint, limit: bigint): string =>
    bytes > limit ? ` ${SEVERITY_ICON.error}` : ''
  return tableRow([
    `${breakable(codeSpan(crd.name))}<br><sub>${breakable(escapeMarkdownInline(`${crd.file}:${crd.line}`))}</sub>`,
    formatInteger(size.jsonBytes),
    `${formatInteger(laBytes)} (${formatPercent(laBytes, laLimit)} of ${formatInteger(laLimit)})${flag(laBytes, laLimit)}`,
    `${formatPercent(etcdBytes, etcdLimit)} of ${formatInteger(etcdLimit)}${flag(etcdBytes, etcdLimit)}`,
    formatPercent(size.descriptionBytes, size.jsonBytes)
  ])
}

function crdDetails(crd: CrdReport): string {
  const size = crd.size
  const parts = (rows: readonly SizePart[]): string[] => [
    tableHead(['Name', 'Bytes', 'Descriptions'], ['l', 'r', 'r']),
    ...rows.map((p) =>
      tableRow([
        codeSpan(p.name),
        formatInteger(p.bytes),
        `${formatInteger(p.descriptionBytes)} (${formatPercent(p.descriptionBytes, p.bytes)})`
      ])
    )
  ]
  const lines = [
    `<details><summary>${codeSpan(crd.name)}: bytes per version and property</summary>`,
    ''
  ]
  if (size.versions.length > 0) {
    lines.push('Versions:', '')
    pushAll(lines, parts(size.versions))
    lines.push('')
  }
  if (size.largestVersionProperties.length > 0) {
    const largest = size.versions.reduce<SizePart | undefined>(
      (best, v) => (best === undefined || v.bytes > best.bytes ? v : best),
      undefined
    )
    const which = largest ? ` of ${codeSpan(largest.name)}` : ''
    lines.push(`Top-level properties${which}, the largest version:`, '')
    pushAll(lines, parts(size.largestVersionProperties))
    lines.push('')
  }
  if (size.helmReleaseBytes !== undefined) {
    lines.push(`Estimated Helm release Secret bytes: ${formatInteger(size.helmReleaseBytes)}`, '')
  }
  lines.push('</details>')
  return lines.join('\n')
}

// ---------------------------------------------------------------------------------------------
// Grouping

export function groupFamilies(findings: readonly Finding[]): Family[] {
  const byKey = new Map<string, Finding[]>()
  for (const f of [...findings].sort(compareFindings)) {
    const slash = f.ruleId.indexOf('/')
    const key = slash < 0 ? f.ruleId : f.ruleId.slice(0, slash)
    const list = byKey.get(key)
    if (list) list.push(f)
    else byKey.set(key, [f])
  }
  const families = [...byKey].map(([key, list]) => ({
    key,
    heading: FAMILY_HEADING.get(key) ?? escapeMarkdownInline(key),
    findings: list,
    groups: groupAlikeFindings(list)
  }))
  // Families with errors first, so that the findings kept under the byte budget are the most severe.
  return families.sort(
    (a, b) =>
      SEVERITY_ORDER[a.findings[0]!.severity] - SEVERITY_ORDER[b.findings[0]!.severity] ||
      (FAMILY_INDEX.get(a.key) ?? Infinity) - (FAMILY_INDEX.get(b.key) ?? Infinity) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  )
}

export function countSeverities(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, notice: 0 }
  for (const f of findings) counts[f.severity]++
  return counts
}

/** `2 errors, 1 warning, 0 notices`; with `nonZero`, only the non-zero counts. */
export function severityCounts(counts: Record<Severity, number>, nonZero = false): string {
  const parts = (['error', 'warning', 'notice'] as const)
    .filter((s) => !nonZero || counts[s] > 0)
    .map((s) => `${formatInteger(counts[s])} ${s}${counts[s] === 1 ? '' : 's'}`)
  return parts.join(', ')
}
