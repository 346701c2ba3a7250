/**
 * The serialized sizes of reports (goJsonSize: the bytes of Go's compact JSON), with each
 * result entry measured once. One entry object sits in many reports — a resource's ephemeral,
 * aggregated admission and background-scan reports, its namespace's PolicyReports, the sizing
 * build that replays them — and entries are never changed once results.ts has built them.
 */
import type { JsonMap } from '../types.js'
import { goJsonSize } from './identity.js'
import { isJsonObject } from '../../common/json.js'

const entryBytesMemo = new WeakMap<object, number>()

/** An entry with its twin's fields, plus `resources: [subject]` when it has a subject. */
interface Twin {
  readonly twin: object
  readonly subject?: object
}

const twins = new WeakMap<object, Twin>()

/** `,"resources":[` and `]`: what a `resources` field of one subject adds besides the subject. */
const RESOURCES_FIELD_BYTES = ',"resources":[]'.length

/** goJsonSize of one result entry of a report. */
export function entryBytes(entry: unknown): number {
  if (typeof entry !== 'object' || entry === null) return goJsonSize(entry)
  let bytes = entryBytesMemo.get(entry)
  if (bytes === undefined) {
    const twin = twins.get(entry)
    bytes =
      twin === undefined
        ? goJsonSize(entry)
        : twin.subject === undefined
          ? entryBytes(twin.twin)
          : entryBytes(twin.twin) + RESOURCES_FIELD_BYTES + entryBytes(twin.subject)
    entryBytesMemo.set(entry, bytes)
  }
  return bytes
}

/**
 * Records that `entry` holds `twin`'s fields (in any order) and a `resources: [subject]` field
 * among them (the aggregated layout's entries name their subject; the per-resource reports'
 * same entries do not), so its size is the twin's plus that field's: the subject is serialized
 * once per resource, not once per entry. Both entries need other fields (they always have
 * `source` and `policy`), so the field comes with one comma.
 */
export function sameButSubject(entry: object, twin: object, subject: object): void {
  twins.set(entry, { twin, subject })
}

/**
 * Records that `entry` holds the same fields as `twin` in another order (one result's entries in
 * the two report APIs): compact JSON of the same members has the same size in any order.
 */
export function sameFields(entry: object, twin: object): void {
  twins.set(entry, { twin })
}

/**
 * goJsonSize of a report: the report with an empty results list, plus its entries and the
 * commas between them. Compact JSON is the concatenation of its parts' JSON, and Go's extra
 * escapes only occur inside strings, which lie wholly in one part.
 */
export function reportBytes(report: JsonMap): number {
  const spec = report.spec
  if (isJsonObject(spec) && Array.isArray(spec.results) && spec.results.length > 0)
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
