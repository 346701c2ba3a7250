/**
 * The JSON-value helpers every layer shares (one copy: issue 31): objects are user data, so keys
 * are read and written as own properties only (`__proto__` or `constructor` must never reach
 * Object.prototype), and every walk is iterative or bounded in depth.
 */

export type JsonObject = Record<string, unknown>

/** A JSON object (`map[string]interface{}`), not an array or null. */
export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The value as a JSON object, or undefined when it is not one. */
export const asJsonObject = (v: unknown): JsonObject | undefined =>
  isJsonObject(v) ? v : undefined

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
  // Source and target of each container still to fill, in pairs: a work list, not recursion
  // (the input controls the depth), and no array of entries made per container.
  const work: unknown[] = [value, root]
  while (work.length > 0) {
    const target = work.pop()
    const source = work.pop()
    if (Array.isArray(source)) {
      const items = target as unknown[]
      for (let i = 0; i < source.length; i++) items.push(emptyCopy(source[i], work))
    } else {
      const from = source as JsonObject
      const to = target as JsonObject
      for (const key of Object.keys(from)) {
        const copy = emptyCopy(from[key], work)
        if (key === '__proto__') setOwn(to, key, copy)
        else to[key] = copy
      }
    }
  }
  return root
}

/** `value` itself when it is a scalar, else an empty container queued on `work` to be filled. */
function emptyCopy(value: unknown, work: unknown[]): unknown {
  if (typeof value !== 'object' || value === null) return value
  const copy = Array.isArray(value) ? [] : {}
  work.push(value, copy)
  return copy
}

/**
 * Deep equality of JSON values (`reflect.DeepEqual` on decoded JSON; key order ignored unless
 * `sameKeyOrder`). An integer read as a bigint (an exact int64) equals the same integer read as
 * a number: both are one JSON number.
 */
export function deepEqualJson(a: unknown, b: unknown, sameKeyOrder = false): boolean {
  return equalBelow(a, b, 0, sameKeyOrder)
}

/**
 * Nesting depth to which deepEqualJson recurses (faster than a work list: no pairs to
 * allocate); deeper values are compared with the work list, so no input overflows the stack.
 */
const RECURSION_LIMIT = 256

/** Whether two leaves, one of them a bigint, are the same integer. */
function sameInteger(a: unknown, b: unknown): boolean {
  const asBig = (v: unknown): bigint | undefined =>
    typeof v === 'bigint' ? v : typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : undefined
  const x = asBig(a)
  return x !== undefined && x === asBig(b)
}

function equalBelow(x: unknown, y: unknown, depth: number, sameKeyOrder: boolean): boolean {
  if (x === y) return true
  if (typeof x === 'bigint' || typeof y === 'bigint') return sameInteger(x, y)
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

/**
 * Whether `y` has exactly the keys `keys` (in that order with `sameKeyOrder`). `y`'s keys are
 * read with for…in (JSON values have no inherited enumerable keys): no second array per object.
 */
function sameKeys(keys: readonly string[], y: JsonObject, sameKeyOrder: boolean): boolean {
  let count = 0
  for (const k in y) {
    if (sameKeyOrder && keys[count] !== k) return false
    count++
  }
  if (count !== keys.length) return false
  if (!sameKeyOrder) for (const k of keys) if (!Object.hasOwn(y, k)) return false
  return true
}

function equalByWorkList(a: unknown, b: unknown, sameKeyOrder: boolean): boolean {
  const work: Array<[unknown, unknown]> = [[a, b]]
  while (work.length > 0) {
    const [x, y] = work.pop()!
    if (x === y) continue
    if (typeof x === 'bigint' || typeof y === 'bigint') {
      if (!sameInteger(x, y)) return false
      continue
    }
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
