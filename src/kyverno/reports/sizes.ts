/**
 * The serialized sizes of reports (goJsonSize: the bytes of Go's compact JSON), with each
 * result entry measured once. One entry object sits in many reports — a resource's ephemeral,
 * aggregated admission and background-scan reports, its namespace's PolicyReports, the sizing
 * build that replays them — and entries are never changed once results.ts has built them.
 */
import type { JsonMap } from '../types.js'
import { goJsonSize } from './identity.js'

const entryBytesMemo = new WeakMap<object, number>()

/** goJsonSize of one result entry of a report. */
export function entryBytes(entry: unknown): number {
  if (typeof entry !== 'object' || entry === null) return goJsonSize(entry)
  let bytes = entryBytesMemo.get(entry)
  if (bytes === undefined) entryBytesMemo.set(entry, (bytes = goJsonSize(entry)))
  return bytes
}

/**
 * goJsonSize of a report: the report with an empty results list, plus its entries and the
 * commas between them. Compact JSON is the concatenation of its parts' JSON, and Go's extra
 * escapes only occur inside strings, which lie wholly in one part.
 */
export function reportBytes(report: JsonMap): number {
  const spec = report.spec
  if (isMap(spec) && Array.isArray(spec.results) && spec.results.length > 0)
    return withEntries({ ...report, spec: { ...spec, results: [] } }, spec.results)
  if (Array.isArray(report.results) && report.results.length > 0)
    return withEntries({ ...report, results: [] }, report.results)
  return goJsonSize(report)
}

function withEntries(shell: JsonMap, entries: readonly unknown[]): number {
  let bytes = goJsonSize(shell) + entries.length - 1
  for (const entry of entries) bytes += entryBytes(entry)
  return bytes
}

const isMap = (v: unknown): v is JsonMap => v !== null && typeof v === 'object' && !Array.isArray(v)
