/**
 * A run's findings as test cases, one per checked object, for the reports CI systems read as
 * test results (junit.ts, tap.ts): kubeconform reports each resource the same way. Findings
 * about a file as a whole get a case of their own in that file, and findings about the run
 * (no file) one case at `.`.
 */
import type { FailOn } from '../core/result.js'
import type { Finding, Severity } from '../findings/model.js'

/** A checked object as the loader found it (workspace/load.ts LoadedDocument). */
export interface ReportedObject {
  file: string
  /** The YAML document's index in its file. */
  index: number
  line: number
  objectKind?: string
  name?: string
  namespace?: string
}

/** A document that was not checked, and why (workspace/load.ts SkippedDocument). */
export interface ReportedSkip {
  file: string
  index: number
  line: number
  reason: string
}

export interface ObjectCase {
  file: string
  /** `Deployment prod/web`, `document 2 (line 14)`, or `(file)` for the file as a whole. */
  name: string
  findings: Finding[]
  /** Why the document was not checked, when it was not. */
  skipped?: string
}

/** Documents with nothing in them are not objects: no case. */
const NOT_A_CASE = 'empty document'

/** Whether a finding of this severity fails a run with this fail-on (core/check.ts gate). */
export function failsGate(severity: Severity, failOn: FailOn): boolean {
  if (failOn === 'never') return false
  return severity === 'error' || (failOn === 'warning' && severity === 'warning')
}

/** Whether any finding of the case fails the gate (JUnit's failure, TAP's `not ok`). */
export function caseFails(c: ObjectCase, failOn: FailOn): boolean {
  return c.findings.some((f) => failsGate(f.severity, failOn))
}

/** The cases of a run, by file (in path order), objects in document order within each. */
export function objectCases(
  findings: readonly Finding[],
  objects: readonly ReportedObject[],
  skipped: readonly ReportedSkip[]
): ObjectCase[] {
  const byDocument = new Map<string, ObjectCase>()
  const cases: Array<ObjectCase & { line: number }> = []
  const key = (file: string, index: number): string => `${index}\u0000${file}`
  for (const o of objects) {
    // The items of a List share their document: its findings go to the first item's case.
    const c = { file: o.file, name: objectName(o), findings: [], line: o.line }
    if (!byDocument.has(key(o.file, o.index))) byDocument.set(key(o.file, o.index), c)
    cases.push(c)
  }
  for (const s of skipped) {
    if (s.reason === NOT_A_CASE || byDocument.has(key(s.file, s.index))) continue
    const c = {
      file: s.file,
      name: `document ${s.index + 1} (line ${s.line})`,
      findings: [],
      skipped: s.reason,
      line: s.line
    }
    byDocument.set(key(s.file, s.index), c)
    cases.push(c)
  }
  const wholeFile = new Map<string, ObjectCase & { line: number }>()
  for (const f of findings) {
    const { file, document } = f.location
    const target = document !== undefined ? byDocument.get(key(file, document)) : undefined
    if (target) {
      target.findings.push(f)
      continue
    }
    let c = wholeFile.get(file)
    if (!c) {
      c = { file, name: '(file)', findings: [], line: 0 }
      wholeFile.set(file, c)
      cases.push(c)
    }
    c.findings.push(f)
  }
  cases.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line))
  return cases.map(({ line: _line, ...c }) => c)
}

function objectName(o: ReportedObject): string {
  const kind = o.objectKind ?? 'object'
  if (o.name === undefined) return `${kind} (line ${o.line})`
  return `${kind} ${o.namespace !== undefined ? `${o.namespace}/` : ''}${o.name}`
}

/** `file:line:column` of a finding, as the text report shows it. */
export function findingPlace(f: Finding): string {
  const r = f.location.range
  return r ? `${f.location.file}:${r.startLine}:${r.startColumn}` : f.location.file
}
