/**
 * The JSON report: the whole check result for machines (docs/json-report.md). Every key is
 * always present on findings (absent values are `null`), and every bigint is a decimal string
 * because costs and sizes exceed what a JSON number carries exactly (2^53).
 */
import type { CheckResult, CheckSummary, CrdReport, GateResult } from '../core/result.js'
import { compareFindings } from '../findings/model.js'
import type { Finding, FindingData, Location, Severity } from '../findings/model.js'

/**
 * Bumped when a field changes meaning or disappears; new fields do not bump it.
 * 2: `crds[].versions[]` became objects (name, CEL rules with costs, schema totals).
 */
export const JSON_REPORT_SCHEMA_VERSION = 2 as const

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
}

export interface JsonReport {
  schemaVersion: typeof JSON_REPORT_SCHEMA_VERSION
  tool: { name: string; version: string }
  summary: JsonSafe<CheckSummary>
  gate: GateResult
  /** Most severe first, then by file, line and column. */
  findings: JsonFinding[]
  crds: JsonSafe<CrdReport>[]
  /** The Kubernetes versions the CRD CEL checks ran for. */
  kubernetesVersions: string[]
  /** The largest share of a CEL budget any rule or schema total uses (1 = at the limit). */
  worstBudgetRatio: number
  /** The CEL headroom gate: cost-warn-ratio and cost-fail-ratio. */
  costGate: { warnRatio: number; failRatio: number }
  policies: unknown[]
}

export function toJsonReport(result: CheckResult): JsonReport {
  return toJsonSafe({
    schemaVersion: JSON_REPORT_SCHEMA_VERSION,
    tool: result.tool,
    summary: result.summary,
    gate: result.gate,
    findings: result.findings.toSorted(compareFindings).map(toJsonFinding),
    crds: result.crds,
    kubernetesVersions: result.kubernetesVersions,
    worstBudgetRatio: result.worstBudgetRatio,
    costGate: result.costGate,
    policies: result.policies
  })
}

export function stringifyJsonReport(result: CheckResult): string {
  return `${JSON.stringify(toJsonReport(result), null, 2)}\n`
}

function toJsonFinding(finding: Finding): JsonFinding {
  return {
    ruleId: finding.ruleId,
    severity: finding.severity,
    title: finding.title,
    message: finding.message,
    ...toJsonLocation(finding.location),
    data: finding.data ?? null,
    kubernetesVersions: finding.kubernetesVersions ?? null,
    fix:
      finding.fix === undefined
        ? null
        : { text: finding.fix.text, snippet: finding.fix.snippet ?? null },
    related: (finding.related ?? []).map((location) => ({
      ...toJsonLocation(location),
      message: location.message ?? null
    }))
  }
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

/** Objects with their own toJSON (Date) or behaviour (Map) are left for JSON.stringify. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
