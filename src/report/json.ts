/**
 * The JSON report: the whole check result for machines (docs/json-report.md). Every key is
 * always present on findings (absent values are `null`), and every bigint is a decimal string
 * because costs and sizes exceed what a JSON number carries exactly (2^53).
 */
import { findingChanges } from '../core/delta.js'
import type { Comparison, RuleCostDelta, SizeDelta } from '../core/delta.js'
import type { PullRequestGate } from '../core/gate-delta.js'
import type { CheckResult, CheckSummary, CrdReport } from '../core/result.js'
import type { SuppressedFinding } from '../core/suppressions.js'
import { compareFindings } from '../findings/model.js'
import type { Finding, FindingData, Location, Severity } from '../findings/model.js'
import { eagerList, isPlainObject, jsonPieces, lazyList } from './json-pieces.js'
import type { ListOf } from './json-pieces.js'
import { FoldIds, foldFindings, foldRepeats } from '../findings/fold.js'
import type { Folded } from '../findings/fold.js'
import { FOLDED_LOCATIONS_LIMIT } from '../common/limits.js'

/**
 * Bumped when a field changes meaning or disappears; new fields do not bump it.
 * 2: `crds[].versions[]` became objects (name, CEL rules with costs, schema totals).
 * 3: repeated findings and dry-run matrix cells are folded: one entry with `count` and the
 *    first other locations (`otherLocations`, matrix `resources`), not one entry per object.
 */
export const JSON_REPORT_SCHEMA_VERSION = 3 as const

/** `T` as it reads after bigint → decimal string. */
export type JsonSafe<T> = T extends bigint
  ? string
  : T extends readonly (infer Item)[]
    ? JsonSafe<Item>[]
    : T extends object
      ? { [K in keyof T]: JsonSafe<T[K]> }
      : T

export interface JsonLocation {
  file: string
  startLine: number | null
  startColumn: number | null
  endLine: number | null
  endColumn: number | null
  path: string | null
  document: number | null
}

export interface JsonRelatedLocation extends JsonLocation {
  message: string | null
}

export interface JsonFinding extends JsonLocation {
  ruleId: string
  severity: Severity
  title: string
  message: string
  data: FindingData | null
  kubernetesVersions: string[] | null
  fix: { text: string; snippet: string | null } | null
  related: JsonRelatedLocation[]
  /** Against the base: `new`, `worsened` or `unchanged`; null without a comparison. */
  change: 'new' | 'worsened' | 'unchanged' | null
  /**
   * For a new or worsened finding in a file the pull request did not touch: the changed file it
   * depends on (its CRD, a policy); null otherwise.
   */
  cause: string | null
  /**
   * How many objects have this same finding (rule, severity, message, data, versions, fix,
   * related, change and cause all equal): 1, or more when repeats are folded into this entry.
   */
  count: number
  /** Where the repeats are, in report order: at most FOLDED_LOCATIONS_LIMIT of the count − 1. */
  otherLocations: JsonLocation[]
}

export interface JsonSuppressedFinding extends Omit<JsonFinding, 'change' | 'cause'> {
  suppressedBy: 'inline' | 'baseline'
  /** The reason written in the comment or the baseline entry ('' when none was given). */
  reason: string
}

/** The comparison with the merge base (docs/json-report.md#delta). */
export type JsonDelta =
  | { available: false; baseRef: string; reason: string }
  | {
      available: true
      baseRef: string
      mergeBase: string
      counts: { new: number; worsened: number; unchanged: number; fixed: number }
      /** How each worsened finding got worse. */
      worsened: Array<{
        ruleId: string
        file: string
        path: string | null
        message: string
        why: string
      }>
      /** Findings of the base that are gone, at their base locations. */
      fixed: JsonFinding[]
      rules: JsonSafe<RuleCostDelta>[]
      unchangedRules: number
      sizes: Array<
        Omit<JsonSafe<SizeDelta>, 'base' | 'head'> & {
          base: string | null
          head: string | null
        }
      >
    }

/** Optional parts of a result that went through the pull-request wrapper. */
interface ReviewFacts {
  gate?: PullRequestGate
  suppressed?: readonly SuppressedFinding[]
  delta?: Comparison
}

export interface JsonReport {
  schemaVersion: typeof JSON_REPORT_SCHEMA_VERSION
  tool: { name: string; version: string }
  summary: JsonSafe<CheckSummary>
  gate: JsonSafe<PullRequestGate>
  /** Most severe first, then by file, line and column. */
  findings: JsonFinding[]
  /** Findings an inline comment or the baseline accepted; not counted in `summary.findings`. */
  suppressed: JsonSuppressedFinding[]
  /** The comparison with the base, or null when no base ref was given. */
  delta: JsonDelta | null
  crds: JsonSafe<CrdReport>[]
  /** The Kubernetes versions the CRD CEL checks ran for. */
  kubernetesVersions: string[]
  /** The largest share of a CEL budget any rule or schema total uses (1 = at the limit). */
  worstBudgetRatio: number
  /** The CEL headroom gate: cost-warn-ratio and cost-fail-ratio. */
  costGate: { warnRatio: number; failRatio: number }
  policies: unknown[]
}

export function toJsonReport(result: CheckResult & ReviewFacts): JsonReport {
  return toJsonSafe(reportFields(result, eagerList)) as JsonReport
}

/**
 * The report as text: what JSON.stringify(toJsonReport(result), null, 2) writes and a line
 * break, in pieces made as they are written (json-pieces.ts), without the JSON-safe deep copy:
 * bigints become their decimal strings as the text is made, and findings take their JSON form
 * a batch at a time.
 */
export function* jsonReportText(result: CheckResult & ReviewFacts): Generator<string> {
  yield* jsonPieces(reportFields(result, lazyList), {
    indent: 2,
    stringify: (value) => stringifyWithBigInts(value, 2)
  })
  yield '\n'
}

/** JSON.stringify(value, null, indent) with every bigint written as its decimal string. */
function stringifyWithBigInts(value: unknown, indent: number): string {
  return withBigIntsAsStrings(() => JSON.stringify(value, null, indent))
}

/**
 * Runs `fn` with JSON.stringify writing every bigint as its decimal string, as toJsonSafe maps
 * it. JSON.stringify asks a BigInt for `toJSON` through its prototype (ECMA-262
 * SerializeJSONProperty), so one is installed for the duration of this synchronous call and the
 * previous state restored: a replacer function would be called for every value of the report,
 * a third slower on a large repository's report.
 */
function withBigIntsAsStrings<T>(fn: () => T): T {
  const prototype = BigInt.prototype as { toJSON?: unknown }
  const previous = Object.getOwnPropertyDescriptor(prototype, 'toJSON')
  Object.defineProperty(prototype, 'toJSON', {
    value: bigintToJson,
    configurable: true,
    writable: true
  })
  try {
    return fn()
  } finally {
    if (previous) Object.defineProperty(prototype, 'toJSON', previous)
    else delete prototype.toJSON
  }
}

function bigintToJson(this: bigint): string {
  return this.toString()
}

/** The report's fields in report order, bigints still in place. */
function reportFields(
  result: CheckResult & ReviewFacts,
  list: ListOf
): Record<keyof JsonReport, unknown> {
  const changes = findingChanges(result.delta)
  const causes = result.delta?.available ? result.delta.findings.causes : undefined
  return {
    schemaVersion: JSON_REPORT_SCHEMA_VERSION,
    tool: result.tool,
    summary: result.summary,
    gate: jsonGate(result.gate),
    findings: list(
      foldFindings(result.findings.toSorted(compareFindings), (f) =>
        changes ? `${changes.get(f) ?? ''}\u0000${causes?.get(f) ?? ''}` : ''
      ),
      (g) => toJsonFinding(g.first, changes?.get(g.first) ?? null, causes?.get(g.first) ?? null, g)
    ),
    suppressed: list(
      foldFindings(
        result.suppressed ?? [],
        (s) => `${s.by}\u0000${s.reason}`,
        (s) => s.finding
      ),
      toJsonSuppressed
    ),
    delta: result.delta ? toJsonDelta(result.delta) : null,
    crds: result.crds,
    kubernetesVersions: result.kubernetesVersions,
    worstBudgetRatio: result.worstBudgetRatio,
    costGate: result.costGate,
    policies: result.policies.map(foldMatrix)
  }
}

/**
 * A dry-run's policy × resource matrix folded (the `admission-dry-run` and `kyverno` entries):
 * cells equal but for the resource are one cell with `count` and the first `resources`.
 */
function foldMatrix(entry: unknown): unknown {
  if (!isPlainObject(entry) || !Array.isArray(entry.matrix)) return entry
  const cells = entry.matrix as Array<Record<string, unknown>>
  const ids = new FoldIds()
  const folded = withBigIntsAsStrings(() =>
    foldRepeats(
      cells,
      (cell) => String(ids.ofMembersBut(cell, 'resource')),
      (cell) => cell.resource,
      FOLDED_LOCATIONS_LIMIT - 1
    )
  )
  return {
    ...entry,
    matrix: folded.map(({ first, count, others }) => {
      const { resource, ...rest } = first
      return { ...rest, count, resources: [resource, ...others] }
    })
  }
}

/** The gate with the rules over max-cost-increase named, not copied whole. */
function jsonGate(gate: PullRequestGate): JsonSafe<PullRequestGate> {
  const { costIncreases, ...rest } = gate
  return toJsonSafe({
    ...rest,
    ...(costIncreases ? { costIncreases: costIncreases.map((r) => r.description) } : {})
  }) as unknown as JsonSafe<PullRequestGate>
}

function toJsonDelta(delta: Comparison): JsonDelta {
  if (!delta.available) return { available: false, baseRef: delta.baseRef, reason: delta.reason }
  const f = delta.findings
  const bytes = (b: bigint | 'unbounded' | null): string | null =>
    b === null ? null : b.toString()
  return {
    available: true,
    baseRef: delta.baseRef,
    mergeBase: delta.mergeBase,
    counts: {
      new: f.new.length,
      worsened: f.worsened.length,
      unchanged: f.unchanged.length,
      fixed: f.fixed.length
    },
    worsened: f.worsened.map((w) => ({
      ruleId: w.finding.ruleId,
      file: w.finding.location.file,
      path: w.finding.location.path ?? null,
      message: w.finding.message,
      why: w.why
    })),
    fixed: foldFindings(f.fixed.toSorted(compareFindings), () => '').map((g) =>
      toJsonFinding(g.first, null, null, g)
    ),
    rules: toJsonSafe(delta.rules),
    unchangedRules: delta.unchangedRules,
    sizes: delta.sizes.map((s) => ({ ...toJsonSafe(s), base: bytes(s.base), head: bytes(s.head) }))
  }
}

/** A finding with every key present, in the documented order (one object: no spreads). */
function toJsonFinding(
  finding: Finding,
  change: JsonFinding['change'],
  cause: string | null = null,
  repeats: { count: number; others: readonly Location[] } = { count: 1, others: [] }
): JsonFinding {
  const { location } = finding
  const range = location.range
  return {
    ruleId: finding.ruleId,
    severity: finding.severity,
    title: finding.title,
    message: finding.message,
    file: location.file,
    startLine: range?.startLine ?? null,
    startColumn: range?.startColumn ?? null,
    endLine: range?.endLine ?? null,
    endColumn: range?.endColumn ?? null,
    path: location.path ?? null,
    document: location.document ?? null,
    data: finding.data ?? null,
    kubernetesVersions: finding.kubernetesVersions ?? null,
    fix:
      finding.fix === undefined
        ? null
        : { text: finding.fix.text, snippet: finding.fix.snippet ?? null },
    related: finding.related === undefined ? [] : finding.related.map(toJsonRelated),
    change,
    cause,
    count: repeats.count,
    otherLocations: repeats.others.map(toJsonLocation)
  }
}

function toJsonSuppressed(s: Folded<SuppressedFinding, Location>): JsonSuppressedFinding {
  const {
    change: _change,
    cause: _cause,
    ...finding
  } = toJsonFinding(s.first.finding, null, null, s)
  return { ...finding, suppressedBy: s.first.by, reason: s.first.reason }
}

function toJsonRelated(location: Location & { message?: string }): JsonRelatedLocation {
  // A fresh object: adding to it is fast where `{ ...x, message }` is slow on Node 20.
  return Object.assign(toJsonLocation(location), { message: location.message ?? null })
}

function toJsonLocation(location: Location): JsonLocation {
  const range = location.range
  return {
    file: location.file,
    startLine: range?.startLine ?? null,
    startColumn: range?.startColumn ?? null,
    endLine: range?.endLine ?? null,
    endColumn: range?.endColumn ?? null,
    path: location.path ?? null,
    document: location.document ?? null
  }
}

/**
 * Copies plain data with every bigint as its decimal string, wherever it sits (the policy
 * results are `unknown`, so this cannot rely on the declared types). Keys whose value is
 * `undefined` are dropped, as JSON.stringify would.
 */
export function toJsonSafe<T>(value: T): JsonSafe<T> {
  return convert(value) as JsonSafe<T>
}

function convert(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) return value.map(convert)
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) copy[key] = convert(item)
    }
    return copy
  }
  return value
}
