/**
 * The CEL values of one admission request's JSON objects, converted once. A request is evaluated
 * by every matching policy, binding and param, each through up to four activations
 * (matchConditions, validations, messageExpressions, audit annotations) that all bind the same
 * `object`; converting it each time dominated the dry-run of a large repository. Kyverno's
 * evaluations of one resource share a cache the same way.
 *
 * Keyed by identity: callers share a cache only while the objects stay unchanged (one request).
 * CEL values built by toValue are immutable, so sharing them between evaluations is safe. A
 * cache lives for one request, so a Map (cheaper to fill and read than a WeakMap) holds it.
 *
 * Objects convert lazily (JsonObjectValue): expressions read a few fields of an object, and
 * converting all of it (managedFields, status, every container) was most of a dry-run's work
 * and garbage. The loaded documents toValue takes have no cycles and no unconvertible values
 * (the loader refuses self-containing anchors and reads integers as numbers), so converting a
 * field when it is read gives the value converting it up front gives.
 */
import { ListValue, MapValue, toValue, type Value } from '../../cel/interpreter/index.js'

export class JsonValueCache {
  private readonly values = new Map<object, Value>()

  /** `toValue(json)`, null for null and undefined (an absent object). */
  of(json: unknown): Value {
    if (json === null || json === undefined) return null
    if (typeof json !== 'object') return toValue(json)
    let value = this.values.get(json)
    if (value === undefined) {
      value = this.convert(json)
      this.values.set(json, value)
    }
    return value
  }

  /** toValue of an object: plain objects lazily, lists with their items through the cache. */
  private convert(json: object): Value {
    if (isPlainObject(json)) return new JsonObjectValue(json, this)
    if (Array.isArray(json)) return new ListValue(json.map((item: unknown) => this.of(item)))
    return toValue(json)
  }

  /**
   * `toValue(json)` for an object made afresh around cached ones (Kyverno's `request` holds the
   * resource as `request.object`): its fields converted through the cache, itself not cached.
   */
  ofFields(json: unknown): Value {
    if (!isPlainObject(json)) return this.of(json)
    // toValue's conversion of a plain object: entries in order, undefined fields left out.
    const map = new MapValue()
    for (const [key, value] of Object.entries(json))
      if (value !== undefined) map.set(key, this.of(value))
    return map
  }
}

function isPlainObject(json: unknown): json is Record<string, unknown> {
  return (
    json !== null && typeof json === 'object' && Object.getPrototypeOf(json) === Object.prototype
  )
}

/**
 * toValue of a plain JSON object, each field converted on first read (through the request's
 * cache, so copies sharing a field share its value): the map toValue makes, keys in the same
 * order and fields whose value is undefined left out. Read-only, like every converted value.
 */
class JsonObjectValue extends MapValue {
  constructor(
    private readonly json: Record<string, unknown>,
    private readonly cache: JsonValueCache
  ) {
    super()
  }

  override get size(): number {
    let n = 0
    for (const key of Object.keys(this.json)) if (this.json[key] !== undefined) n++
    return n
  }

  override find(key: Value): Value | undefined {
    // Only string keys are present (a JSON object's): other keys miss, as in toValue's map.
    if (typeof key !== 'string' || !Object.hasOwn(this.json, key)) return undefined
    const field = this.json[key]
    return field === undefined ? undefined : this.cache.of(field)
  }

  override has(key: Value): boolean {
    return this.find(key) !== undefined
  }

  override *entries(): IterableIterator<[Value, Value]> {
    for (const key of Object.keys(this.json)) {
      const field = this.json[key]
      if (field !== undefined) yield [key, this.cache.of(field)]
    }
  }

  override *keys(): IterableIterator<Value> {
    for (const key of Object.keys(this.json)) if (this.json[key] !== undefined) yield key
  }
}
