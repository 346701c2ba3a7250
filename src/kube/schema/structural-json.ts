/**
 * JSON-value helpers shared by the schema algorithms (pruning, defaulting, list types,
 * ObjectMeta): objects are user data, so keys are read and written as own properties only
 * (`__proto__` or `constructor` must never reach Object.prototype), and every walk is iterative.
 */

export type JsonObject = Record<string, unknown>

/** A JSON object (`map[string]interface{}`), not an array or null. */
export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** `obj[key]` when `key` is an own property, else undefined. */
export function ownValue(obj: JsonObject, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined
}

/** `obj[key] = value` as an own data property, even for `__proto__`. */
export function setOwn(obj: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true })
}

/** `runtime.DeepCopyJSONValue`: a deep copy of a JSON value. */
export function deepCopyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const root: unknown = Array.isArray(value) ? [] : {}
  const work: Array<[source: unknown, target: unknown]> = [[value, root]]
  while (work.length > 0) {
    const [source, target] = work.pop()!
    const entries: Array<[string, unknown]> = Array.isArray(source)
      ? source.map((v, i) => [String(i), v])
      : Object.entries(source as JsonObject)
    for (const [k, v] of entries) {
      let copy = v
      if (typeof v === 'object' && v !== null) {
        copy = Array.isArray(v) ? [] : {}
        work.push([v, copy])
      }
      if (Array.isArray(target)) target.push(copy)
      else setOwn(target as JsonObject, k, copy)
    }
  }
  return root
}

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
    let key: string
    try {
      key = JSON.stringify(value)
    } catch {
      return this.compute(value)
    }
    const earlier = this.seen.get(key)
    if (earlier !== undefined && deepEqualJson(earlier.value, value)) return earlier.result
    const result = this.compute(value)
    if (earlier === undefined) this.seen.set(key, { value, result })
    return result
  }
}

/**
 * Deep equality of JSON values (`reflect.DeepEqual` on decoded JSON; key order ignored unless
 * `sameKeyOrder`).
 */
export function deepEqualJson(a: unknown, b: unknown, sameKeyOrder = false): boolean {
  return equalBelow(a, b, 0, sameKeyOrder)
}

/**
 * Nesting depth to which deepEqualJson recurses (faster than a work list: no pairs to
 * allocate); deeper values are compared with the work list, so no input overflows the stack.
 */
const RECURSION_LIMIT = 256

function equalBelow(x: unknown, y: unknown, depth: number, sameKeyOrder: boolean): boolean {
  if (x === y) return true
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
  if (depth >= RECURSION_LIMIT) return equalByWorkList(x, y, sameKeyOrder)
  if (Array.isArray(x)) {
    if (!Array.isArray(y) || x.length !== y.length) return false
    for (let i = 0; i < x.length; i++)
      if (!equalBelow(x[i], y[i], depth + 1, sameKeyOrder)) return false
    return true
  }
  if (Array.isArray(y)) return false
  const xo = x as JsonObject
  const yo = y as JsonObject
  const keys = Object.keys(xo)
  if (!sameKeys(keys, yo, sameKeyOrder)) return false
  for (const k of keys) if (!equalBelow(xo[k], yo[k], depth + 1, sameKeyOrder)) return false
  return true
}

/** Whether `y` has exactly the keys `keys` (in that order with `sameKeyOrder`). */
function sameKeys(keys: readonly string[], y: JsonObject, sameKeyOrder: boolean): boolean {
  const yKeys = Object.keys(y)
  if (keys.length !== yKeys.length) return false
  if (sameKeyOrder) return keys.every((k, i) => yKeys[i] === k)
  return keys.every((k) => Object.hasOwn(y, k))
}

function equalByWorkList(a: unknown, b: unknown, sameKeyOrder: boolean): boolean {
  const work: Array<[unknown, unknown]> = [[a, b]]
  while (work.length > 0) {
    const [x, y] = work.pop()!
    if (x === y) continue
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
    if (Array.isArray(x) !== Array.isArray(y)) return false
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false
      x.forEach((v, i) => work.push([v, y[i]]))
      continue
    }
    const xo = x as JsonObject
    const yo = y as JsonObject
    const keys = Object.keys(xo)
    if (!sameKeys(keys, yo, sameKeyOrder)) return false
    for (const k of keys) work.push([xo[k], yo[k]])
  }
  return true
}
