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

/** Deep equality of JSON values (`reflect.DeepEqual` on decoded JSON; key order ignored). */
export function deepEqualJson(a: unknown, b: unknown): boolean {
  return equalBelow(a, b, 0)
}

/**
 * Nesting depth to which deepEqualJson recurses (faster than a work list: no pairs to
 * allocate); deeper values are compared with the work list, so no input overflows the stack.
 */
const RECURSION_LIMIT = 256

function equalBelow(x: unknown, y: unknown, depth: number): boolean {
  if (x === y) return true
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
  if (depth >= RECURSION_LIMIT) return equalByWorkList(x, y)
  if (Array.isArray(x)) {
    if (!Array.isArray(y) || x.length !== y.length) return false
    for (let i = 0; i < x.length; i++) if (!equalBelow(x[i], y[i], depth + 1)) return false
    return true
  }
  if (Array.isArray(y)) return false
  const xo = x as JsonObject
  const yo = y as JsonObject
  const keys = Object.keys(xo)
  if (keys.length !== Object.keys(yo).length) return false
  for (const k of keys)
    if (!Object.hasOwn(yo, k) || !equalBelow(xo[k], yo[k], depth + 1)) return false
  return true
}

function equalByWorkList(a: unknown, b: unknown): boolean {
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
    if (keys.length !== Object.keys(yo).length) return false
    for (const k of keys) {
      if (!Object.hasOwn(yo, k)) return false
      work.push([xo[k], yo[k]])
    }
  }
  return true
}
