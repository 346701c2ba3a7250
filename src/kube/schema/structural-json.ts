/**
 * Per-content caching for the schema algorithms; the JSON helpers themselves are in
 * src/common/json.ts.
 */
import { deepEqualJson, type JsonObject } from '../../common/json.js'
import { jsonTextOf } from '../../common/json-text.js'

/**
 * Results computed once per distinct JSON value: repositories repeat objects (copied examples,
 * overlays, test fixtures). Values are keyed by their JSON text and confirmed equal as values
 * (the text equates NaN and ±Infinity with null); the first value of a text keeps its result, and
 * one JSON cannot write (a bigint) is computed every time. Callers share results and only read them.
 */
export class ResultsByContent<T> {
  private readonly seen = new Map<string, { value: unknown; result: T }>()

  constructor(private readonly compute: (value: JsonObject) => T) {}

  of(value: JsonObject): T {
    // The text is written once per object, shared by every memo that sees the same document.
    const key = jsonTextOf(value)
    if (key === undefined) return this.compute(value)
    const earlier = this.seen.get(key)
    if (earlier !== undefined && deepEqualJson(earlier.value, value)) return earlier.result
    const result = this.compute(value)
    if (earlier === undefined) this.seen.set(key, { value, result })
    return result
  }
}
