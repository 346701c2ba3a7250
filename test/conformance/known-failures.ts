/**
 * The conformance gate: every case of the tables must pass unless it is listed in the
 * checked-in known-failures file (test/conformance/known-failures.json) with the reason and the
 * issue it waits on. The gate fails on a failure the list does not name, on a listed case that
 * now passes (so the list only shrinks) and on a listed case the tables do not contain.
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { messageOf } from './cases.js'
import type { CaseFailure, ConformanceReport } from './runner.js'

/** The checked-in list, next to this module. */
export const KNOWN_FAILURES_FILE = fileURLToPath(new URL('./known-failures.json', import.meta.url))

/** One case that is allowed to fail, and why. */
export interface KnownFailure {
  /** Table the case is in, e.g. `kyverno-cases.json`. */
  file: string
  id: string
  /** The `expected_by_k8s_version` key, for a case pinned to several versions. */
  version?: string
  /** Why the case fails today. */
  reason: string
  /** The issue whose work would make it pass, or why no celgate issue can. */
  issue: string
}

export interface UnexpectedFailure extends CaseFailure {
  file: string
}

export interface GateResult {
  /** Failures the list does not name. */
  unexpected: UnexpectedFailure[]
  /** Listed cases that passed: the entry must go. */
  nowPassing: KnownFailure[]
  /** Listed cases the tables do not contain: the entry must go or be corrected. */
  missing: KnownFailure[]
  /** Listed cases that failed, as the list says. */
  expected: KnownFailure[]
}

export function gateFailed(gate: GateResult): boolean {
  return gate.unexpected.length + gate.nowPassing.length + gate.missing.length > 0
}

/** `id` or `id@version`, as the runner prints a case. */
function caseLabel(c: { id: string; version?: string }): string {
  return c.version === undefined ? c.id : `${c.id}@${c.version}`
}

function keyOf(file: string, c: { id: string; version?: string }): string {
  return `${file}\u0000${c.id}\u0000${c.version ?? ''}`
}

/** Compares a run's results with the known-failures list. */
export function checkKnownFailures(
  report: ConformanceReport,
  known: readonly KnownFailure[]
): GateResult {
  const failed = new Set<string>()
  const passed = new Set<string>()
  const listed = new Set(known.map((k) => keyOf(k.file, k)))
  const result: GateResult = { unexpected: [], nowPassing: [], missing: [], expected: [] }
  for (const file of report.files) {
    for (const p of file.passes) passed.add(keyOf(file.file, p))
    for (const f of file.failures) {
      const key = keyOf(file.file, f)
      failed.add(key)
      if (!listed.has(key)) result.unexpected.push({ file: file.file, ...f })
    }
  }
  for (const k of known) {
    const key = keyOf(k.file, k)
    if (failed.has(key)) result.expected.push(k)
    else if (passed.has(key)) result.nowPassing.push(k)
    else result.missing.push(k)
  }
  return result
}

/** What the gate prints: one line per problem, then a summary line. */
export function formatGate(gate: GateResult, listName: string): string[] {
  const lines: string[] = []
  for (const f of gate.unexpected) {
    const reason = f.reason.replace(/\s*\n\s*/g, ' ')
    lines.push(`UNEXPECTED FAIL ${f.file} ${caseLabel(f)}: ${reason}`)
  }
  for (const k of gate.nowPassing) {
    lines.push(
      `NOW PASSES ${k.file} ${caseLabel(k)}: listed as a known failure; remove it from the list (${listName})`
    )
  }
  for (const k of gate.missing) {
    lines.push(
      `NO SUCH CASE ${k.file} ${caseLabel(k)}: listed as a known failure but not in the tables; remove or correct it in ${listName}`
    )
  }
  const total = gate.expected.length + gate.nowPassing.length + gate.missing.length
  const summary = `known failures: ${gate.expected.length} of ${total} listed in ${listName} failed as listed`
  if (!gateFailed(gate)) {
    lines.push(`${summary}; no unexpected failure`)
  } else {
    const problems = [
      count(gate.unexpected.length, 'unexpected failure', 'unexpected failures'),
      count(gate.nowPassing.length, 'listed case now passes', 'listed cases now pass'),
      count(gate.missing.length, 'listed case does not exist', 'listed cases do not exist')
    ].filter((p) => p !== undefined)
    lines.push(`${summary}; conformance FAILED: ${problems.join(', ')}`)
  }
  return lines
}

function count(n: number, one: string, many: string): string | undefined {
  if (n === 0) return undefined
  return n === 1 ? `1 ${one}` : `${n} ${many}`
}

/** Reads and checks the list; throws with a message naming the file on any problem. */
export async function loadKnownFailures(file: string): Promise<KnownFailure[]> {
  let document: unknown
  try {
    document = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new Error(`cannot read the known-failures file ${file}: ${messageOf(error)}`, {
      cause: error
    })
  }
  return parseKnownFailures(document, file)
}

/** Checks the shape `{ "failures": [{ file, id, version?, reason, issue }] }`. */
export function parseKnownFailures(document: unknown, file: string): KnownFailure[] {
  const invalid = (what: string): Error => new Error(`invalid known-failures file ${file}: ${what}`)
  const entries = (document as { failures?: unknown } | null)?.failures
  if (!Array.isArray(entries)) throw invalid('expected an object with a "failures" array')
  const seen = new Set<string>()
  return entries.map((entry: unknown, index) => {
    const at = `failures[${index}]`
    if (typeof entry !== 'object' || entry === null) throw invalid(`${at} is not an object`)
    const e = entry as Record<string, unknown>
    for (const key of ['file', 'id', 'reason', 'issue']) {
      const value = e[key]
      if (typeof value !== 'string' || value.trim() === '')
        throw invalid(`${at} needs a non-empty string "${key}"`)
    }
    if (e.version !== undefined && typeof e.version !== 'string')
      throw invalid(`${at}.version must be a string`)
    const known: KnownFailure = {
      file: e.file as string,
      id: e.id as string,
      reason: e.reason as string,
      issue: e.issue as string
    }
    if (e.version !== undefined) known.version = e.version
    const key = keyOf(known.file, known)
    if (seen.has(key)) throw invalid(`${at} lists ${known.file} ${caseLabel(known)} a second time`)
    seen.add(key)
    return known
  })
}
