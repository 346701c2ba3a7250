/**
 * What a pull request changes (issue 9 item 1): the check result of the head compared with the
 * one of the merge base. Pure data in, pure data out.
 *
 * - Findings are the same problem when their identity matches (rule, file, value path; the
 *   message for findings without a path: `findingIdentity`, shared with the baseline). Each
 *   base finding matches at most one head finding. A matched finding is *worsened* when its
 *   severity rose or the measure it reports (`totalCost`, `bytes`) grew.
 * - CEL rules are the same rule when the CRD name, the version name, the place in the version's
 *   schema and the field (rule or messageExpression) match; their cost is the largest
 *   `totalCost` over the checked Kubernetes versions (what the 10,000,000 budget is held against).
 * - CRDs are matched by name, versions by name.
 */
import { SEVERITY_ORDER } from '../findings/model.js'
import type { Finding } from '../findings/model.js'
import { displayPath } from '../kube/crd/cost-explain.js'
import { parsePath } from '../workspace/value-path.js'
import type { CelRuleReport, CheckResult, CrdReport } from './result.js'
import { findingIdentity } from './suppressions.js'
import { pushAll } from '../common/arrays.js'

export interface WorsenedFinding {
  finding: Finding
  /** The same problem at the base. */
  base: Finding
  /** `error, was warning`; `totalCost 8,200,000, was 1,000,000`. */
  why: string
}

export interface FindingsDelta {
  /** At the head, not at the base. */
  new: Finding[]
  worsened: WorsenedFinding[]
  /** At both, no worse (the head's finding). */
  unchanged: Finding[]
  /** At the base, gone at the head (the base's finding, with the base's lines). */
  fixed: Finding[]
  /**
   * New and worsened findings in files the pull request did not touch, with the changed file
   * they depend on (a CRD, a policy: core/delta-cause.ts).
   */
  causes?: Map<Finding, string>
}

/** One side of a rule: its worst cost over the checked Kubernetes versions. */
export interface RuleCost {
  totalCost: bigint
  /** totalCost / 10,000,000. */
  budgetRatio: number
  /** The Kubernetes version with that cost. */
  kubernetesVersion: string
}

export interface RuleCostDelta {
  crd: string
  version: string
  /** Where the node of the rule is in the object, with its index: `spec.rules[*] rule 0`. */
  label: string
  field: CelRuleReport['field']
  /** Value path of the expression at the head (at the base for removed rules). */
  path: string
  /** The expression at the head (at the base for removed rules). */
  rule: string
  change: 'changed' | 'added' | 'removed'
  base?: RuleCost
  head?: RuleCost
  /** (head − base) / base × 100, two decimals; absent unless both sides have a cost above 0. */
  changePercent?: number
  /** `+720% on spec.rules[*] rule 0 (widgets.example.com v1): now 73% of budget, was 18%`. */
  description: string
}

export type SizeMeasure = 'manifest' | 'last-applied' | 'object-min' | 'object-max'

export interface SizeDelta {
  crd: string
  /** The CRD version, for object sizes. */
  version?: string
  /**
   * `manifest`: the CRD as compact JSON; `last-applied`: the annotation client-side apply adds;
   * `object-min` / `object-max`: the smallest and largest custom resource the schema admits.
   */
  measure: SizeMeasure
  /** Bytes; `unbounded` for an object-max no bound limits; null when absent on that side. */
  base: bigint | 'unbounded' | null
  head: bigint | 'unbounded' | null
  /** Two decimals, when both sides are byte counts above 0. */
  changePercent?: number
  description: string
}

export interface Delta {
  available: true
  /** The ref compared with, as given (`origin/main`, a commit). */
  baseRef: string
  /** The merge-base commit that was analysed. */
  mergeBase: string
  findings: FindingsDelta
  /** Rules whose cost changed, appeared or disappeared, largest relative growth first. */
  rules: RuleCostDelta[]
  /** Rules present at both sides with the same cost. */
  unchangedRules: number
  /** Sizes that changed, appeared or disappeared, in CRD order. */
  sizes: SizeDelta[]
}

/** A base ref was given but there was nothing to compare with (e.g. a shallow clone). */
export interface UnavailableDelta {
  available: false
  baseRef: string
  reason: string
}

export type Comparison = Delta | UnavailableDelta

export function compareResults(
  base: Pick<CheckResult, 'findings' | 'crds'>,
  head: Pick<CheckResult, 'findings' | 'crds'>,
  where: { baseRef: string; mergeBase: string }
): Delta {
  const rules = compareRuleCosts(base.crds, head.crds)
  return {
    available: true,
    baseRef: where.baseRef,
    mergeBase: where.mergeBase,
    findings: compareFindingLists(base.findings, head.findings),
    rules: rules.changed,
    unchangedRules: rules.unchanged,
    sizes: compareSizes(base.crds, head.crds)
  }
}

// ---------------------------------------------------------------------------------------------
// Findings

/** The measures in a finding's data whose growth makes the same problem worse. */
const WORSENING_MEASURES = ['totalCost', 'bytes'] as const

export function compareFindingLists(
  base: readonly Finding[],
  head: readonly Finding[]
): FindingsDelta {
  const byIdentity = new Map<string, Finding[]>()
  for (const f of base) {
    const key = findingIdentity(f)
    const list = byIdentity.get(key)
    if (list) list.push(f)
    else byIdentity.set(key, [f])
  }
  const delta: FindingsDelta = { new: [], worsened: [], unchanged: [], fixed: [] }
  for (const f of head) {
    const was = byIdentity.get(findingIdentity(f))?.shift()
    if (!was) {
      delta.new.push(f)
      continue
    }
    const why = worsening(was, f)
    if (why) delta.worsened.push({ finding: f, base: was, why })
    else delta.unchanged.push(f)
  }
  for (const left of byIdentity.values()) pushAll(delta.fixed, left)
  return delta
}

function worsening(base: Finding, head: Finding): string | undefined {
  if (SEVERITY_ORDER[head.severity] < SEVERITY_ORDER[base.severity])
    return `${head.severity}, was ${base.severity}`
  for (const key of WORSENING_MEASURES) {
    const before = bigintOf(base.data?.[key])
    const after = bigintOf(head.data?.[key])
    if (before !== undefined && after !== undefined && after > before)
      return `${key} ${formatInteger(after)}, was ${formatInteger(before)}`
  }
  return undefined
}

function bigintOf(value: unknown): bigint | undefined {
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  return undefined
}

// ---------------------------------------------------------------------------------------------
// Rule costs

interface RuleSide {
  crd: string
  version: string
  rule: CelRuleReport
  label: string
  cost?: RuleCost
}

/** Every rule of every CRD version by its identity; the first of duplicates wins. */
function rulesByIdentity(crds: readonly CrdReport[]): Map<string, RuleSide> {
  const out = new Map<string, RuleSide>()
  for (const crd of crds)
    for (const version of crd.versions)
      for (const rule of version.rules) {
        const place = ruleIdentity(rule)
        const key = JSON.stringify([crd.name, version.name, place.schemaPath, rule.field])
        if (out.has(key)) continue
        const cost = worstCost(rule)
        out.set(key, {
          crd: crd.name,
          version: version.name,
          rule,
          label: place.label,
          ...(cost ? { cost } : {})
        })
      }
  return out
}

/**
 * The rule's place inside its version schema (what stays put when versions are reordered) and
 * a readable label: `spec.rules[*] rule 0`, `spec rule 2 messageExpression`.
 */
function ruleIdentity(rule: CelRuleReport): { schemaPath: string; label: string } {
  let segments
  try {
    segments = parsePath(rule.path)
  } catch {
    return { schemaPath: rule.path, label: rule.path }
  }
  const start = segments.lastIndexOf('openAPIV3Schema')
  const inSchema = start >= 0 ? segments.slice(start + 1) : segments
  const at = inSchema.lastIndexOf('x-kubernetes-validations')
  const node = at >= 0 ? inSchema.slice(0, at) : inSchema
  const index = at >= 0 ? inSchema[at + 1] : undefined
  const label =
    `${displayPath(node)}${typeof index === 'number' ? ` rule ${index}` : ''}` +
    (rule.field === 'messageExpression' ? ' messageExpression' : '')
  return { schemaPath: JSON.stringify(inSchema), label }
}

function worstCost(rule: CelRuleReport): RuleCost | undefined {
  let worst: RuleCost | undefined
  for (const c of rule.costs) {
    if (c.totalCost === undefined) continue
    if (!worst || c.totalCost > worst.totalCost)
      worst = {
        totalCost: c.totalCost,
        budgetRatio: c.budgetRatio ?? 0,
        kubernetesVersion: c.kubernetesVersion
      }
  }
  return worst
}

function compareRuleCosts(
  base: readonly CrdReport[],
  head: readonly CrdReport[]
): { changed: RuleCostDelta[]; unchanged: number } {
  const before = rulesByIdentity(base)
  const after = rulesByIdentity(head)
  const changed: RuleCostDelta[] = []
  let unchanged = 0
  for (const [key, now] of after) {
    const was = before.get(key)
    if (!was) {
      if (now.cost) changed.push(ruleDelta('added', now, undefined, now.cost))
      continue
    }
    if (!now.cost || !was.cost) continue // a compile error on one side: reported as a finding
    if (now.cost.totalCost === was.cost.totalCost) unchanged++
    else changed.push(ruleDelta('changed', now, was.cost, now.cost))
  }
  for (const [key, was] of before)
    if (!after.has(key) && was.cost) changed.push(ruleDelta('removed', was, was.cost, undefined))
  // Largest growth first (growth from 0 before any percentage), then new rules, then removed ones.
  const rank = { changed: 0, added: 1, removed: 2 } as const
  changed.sort(
    (a, b) =>
      rank[a.change] - rank[b.change] ||
      (costGrowthPercent(b) ?? 0) - (costGrowthPercent(a) ?? 0) ||
      (a.crd < b.crd ? -1 : a.crd > b.crd ? 1 : 0)
  )
  return { changed, unchanged }
}

function ruleDelta(
  change: RuleCostDelta['change'],
  side: RuleSide,
  base: RuleCost | undefined,
  head: RuleCost | undefined
): RuleCostDelta {
  const percent =
    base && head && base.totalCost > 0n ? percentChange(base.totalCost, head.totalCost) : undefined
  const where = `${side.label} (${side.crd} ${side.version})`
  const budget = (c: RuleCost): string => `${formatShare(c.budgetRatio)} of budget`
  let description: string
  if (change === 'added') description = `new rule ${where}: ${budget(head!)}`
  else if (change === 'removed') description = `rule removed ${where}: was ${budget(base!)}`
  else
    description =
      `${percent === undefined ? `from 0 to ${formatInteger(head!.totalCost)}` : formatChange(percent)} on ${where}: ` +
      `now ${budget(head!)}, was ${formatShare(base!.budgetRatio)}`
  return {
    crd: side.crd,
    version: side.version,
    label: side.label,
    field: side.rule.field,
    path: side.rule.path,
    rule: side.rule.rule,
    change,
    ...(base ? { base } : {}),
    ...(head ? { head } : {}),
    ...(percent !== undefined ? { changePercent: percent } : {}),
    description
  }
}

/** How much a rule's cost grew, in percent; Infinity when it grew from 0. */
export type FindingChange = 'new' | 'worsened' | 'unchanged'

/** Each current finding's change against the base; undefined without a comparison. */
export function findingChanges(
  comparison: Comparison | undefined
): Map<Finding, FindingChange> | undefined {
  if (!comparison?.available) return undefined
  const map = new Map<Finding, FindingChange>()
  for (const f of comparison.findings.new) map.set(f, 'new')
  for (const w of comparison.findings.worsened) map.set(w.finding, 'worsened')
  for (const f of comparison.findings.unchanged) map.set(f, 'unchanged')
  return map
}

export function costGrowthPercent(d: RuleCostDelta): number | undefined {
  if (d.change !== 'changed' || !d.base || !d.head) return undefined
  if (d.changePercent !== undefined) return d.changePercent
  return d.head.totalCost > d.base.totalCost ? Infinity : 0
}

// ---------------------------------------------------------------------------------------------
// Sizes

type Bytes = bigint | 'unbounded' | null

function compareSizes(base: readonly CrdReport[], head: readonly CrdReport[]): SizeDelta[] {
  const before = new Map<string, CrdReport>()
  for (const crd of base) if (!before.has(crd.name)) before.set(crd.name, crd)
  const seen = new Set<string>()
  const out: SizeDelta[] = []
  const push = (crd: string, version: string | undefined, m: SizeMeasure, b: Bytes, h: Bytes) => {
    if (b === h) return
    out.push(sizeDelta(crd, version, m, b, h))
  }
  for (const crd of head) {
    if (seen.has(crd.name)) continue
    seen.add(crd.name)
    const was = before.get(crd.name)
    push(crd.name, undefined, 'manifest', was?.size.jsonBytes ?? null, crd.size.jsonBytes)
    push(
      crd.name,
      undefined,
      'last-applied',
      was?.size.lastAppliedAnnotationBytes ?? null,
      crd.size.lastAppliedAnnotationBytes
    )
    const versions = new Set([
      ...crd.versions.map((v) => v.name),
      ...(was?.versions.map((v) => v.name) ?? [])
    ])
    for (const name of versions) {
      const now = crd.versions.find((v) => v.name === name)?.objectSize
      const then = was?.versions.find((v) => v.name === name)?.objectSize
      push(crd.name, name, 'object-min', then?.minBytes ?? null, now?.minBytes ?? null)
      push(
        crd.name,
        name,
        'object-max',
        then ? (then.maxBytes ?? 'unbounded') : null,
        now ? (now.maxBytes ?? 'unbounded') : null
      )
    }
  }
  for (const crd of before.values())
    if (!seen.has(crd.name)) push(crd.name, undefined, 'manifest', crd.size.jsonBytes, null)
  return out
}

const MEASURE_LABEL: Record<SizeMeasure, string> = {
  manifest: 'CRD JSON',
  'last-applied': 'last-applied annotation',
  'object-min': 'smallest object',
  'object-max': 'largest object'
}

function sizeDelta(
  crd: string,
  version: string | undefined,
  measure: SizeMeasure,
  base: Bytes,
  head: Bytes
): SizeDelta {
  const percent =
    typeof base === 'bigint' && typeof head === 'bigint' && base > 0n
      ? percentChange(base, head)
      : undefined
  const show = (b: Bytes): string =>
    b === null ? 'absent' : b === 'unbounded' ? 'unbounded' : `${formatInteger(b)} bytes`
  const what = `${MEASURE_LABEL[measure]} of ${crd}${version !== undefined ? ` ${version}` : ''}`
  const description =
    base === null
      ? `${what}: ${show(head)} (new)`
      : head === null
        ? `${what}: removed (was ${show(base)})`
        : `${what}: ${show(head)}, was ${show(base)}${percent !== undefined ? ` (${formatChange(percent)})` : ''}`
  return {
    crd,
    ...(version !== undefined ? { version } : {}),
    measure,
    base,
    head,
    ...(percent !== undefined ? { changePercent: percent } : {}),
    description
  }
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** (after − before) / before × 100 with two decimals, exact for any bigint. */
function percentChange(before: bigint, after: bigint): number {
  const hundredths = ((after - before) * 10_000n) / before
  return Number(hundredths) / 100
}

/** `+720%`, `+4.5%`, `-30%`, `+0.01%`. */
export function formatChange(percent: number): string {
  const sign = percent > 0 ? '+' : percent < 0 ? '-' : '±'
  const abs = Math.abs(percent)
  const text =
    abs >= 100
      ? formatInteger(BigInt(Math.round(abs)))
      : abs >= 10
        ? String(Math.round(abs))
        : abs >= 1
          ? String(Math.round(abs * 10) / 10)
          : String(Math.round(abs * 100) / 100)
  return `${sign}${text}%`
}

/** A budget share as a whole percentage (`73%`), with decimals only when small (`0.4%`). */
function formatShare(ratio: number): string {
  const pct = ratio * 100
  if (pct >= 10) return `${formatInteger(BigInt(Math.round(pct)))}%`
  return `${Math.round(pct * 10) / 10}%`
}

function formatInteger(n: bigint): string {
  return n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** A ref for people: commit ids shortened to 12 characters, names as given. */
export function displayRef(ref: string): string {
  return /^[0-9a-f]{40,64}$/.test(ref) ? ref.slice(0, 12) : ref
}

/** `main (merge base 0123456789ab)`, or the commit alone when the ref is that commit. */
export function describeBase(delta: Pick<Delta, 'baseRef' | 'mergeBase'>): string {
  const base = displayRef(delta.mergeBase)
  return delta.mergeBase.startsWith(delta.baseRef)
    ? `${base}, the base commit`
    : `${displayRef(delta.baseRef)} (merge base ${base})`
}

/** Plain-text lines about a comparison, for logs and the CLI's text output. */
export function describeComparison(comparison: Comparison, suppressed = 0): string[] {
  if (!comparison.available)
    return [`No comparison with ${displayRef(comparison.baseRef)}: ${comparison.reason}.`]
  const f = comparison.findings
  const lines = [
    `Compared with ${describeBase(comparison)}: ` +
      `${f.new.length} new, ${f.worsened.length} worsened, ${f.fixed.length} fixed, ` +
      `${f.unchanged.length} unchanged findings` +
      (suppressed > 0 ? `; ${suppressed} suppressed` : '') +
      '.'
  ]
  for (const w of f.worsened)
    lines.push(`  worsened: ${w.finding.ruleId} at ${w.finding.location.file}: ${w.why}`)
  for (const [finding, cause] of f.causes ?? [])
    lines.push(`  new: ${finding.ruleId} at ${finding.location.file}: new because ${cause} changed`)
  for (const r of comparison.rules) lines.push(`  cost: ${r.description}`)
  for (const s of comparison.sizes) lines.push(`  size: ${s.description}`)
  return lines
}
