/**
 * The one findings model every analyzer produces and every reporter consumes.
 * Reporters only format findings; they never decide anything about them.
 */

export type Severity = 'error' | 'warning' | 'notice'

export const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, notice: 2 }

/** 1-based lines and columns; `endColumn` is exclusive (the column after the last character), as in SARIF. */
export interface SourceRange {
  startLine: number
  startColumn: number
  endLine: number
  endColumn: number
}

export interface Location {
  /** Path relative to the repository root, with forward slashes. */
  file: string
  /** Absent when the finding is about the whole file. */
  range?: SourceRange
  /** Value path inside the document, e.g. `spec.versions[0].schema.openAPIV3Schema`. */
  path?: string
  /** Index of the YAML document inside the file (0-based), when the finding is about one document. */
  document?: number
}

export interface SuggestedFix {
  /** What to change, in words. */
  text: string
  /** An optional YAML snippet showing the change. */
  snippet?: string
}

/** Numbers in `data` that can exceed 2^53 (costs, sizes) are decimal strings. */
export type FindingData = Record<string, string | number | boolean>

export interface Finding {
  ruleId: string
  severity: Severity
  /** Short title; defaults to the rule's title in the catalogue. */
  title: string
  message: string
  location: Location
  related?: Array<Location & { message?: string }>
  data?: FindingData
  /** Kubernetes minor versions the finding applies to (e.g. `1.33`); absent when version-independent. */
  kubernetesVersions?: string[]
  fix?: SuggestedFix
}

/** Most severe first, then by file, line and column: the order reporters present findings in. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    compareLocations(a.location, b.location) ||
    compareRuleIds(a.ruleId, b.ruleId)
  )
}

/** Equal ids are the common tie; skip localeCompare's collation for them. */
function compareRuleIds(a: string, b: string): number {
  return a === b ? 0 : a.localeCompare(b)
}

export function compareLocations(a: Location, b: Location): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1
  const la = a.range?.startLine ?? 0
  const lb = b.range?.startLine ?? 0
  if (la !== lb) return la - lb
  return (a.range?.startColumn ?? 0) - (b.range?.startColumn ?? 0)
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, notice: 0 }
  for (const f of findings) counts[f.severity]++
  return counts
}
