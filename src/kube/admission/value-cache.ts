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
 */
import { MapValue, toValue, type Value } from '../../cel/interpreter/index.js'

export class JsonValueCache {
  private readonly values = new Map<object, Value>()

  /** `toValue(json)`, null for null and undefined (an absent object). */
  of(json: unknown): Value {
    if (json === null || json === undefined) return null
    if (typeof json !== 'object') return toValue(json)
    return this.cached(json, isPlainObject(json))
  }

  /** The cached value of `json`, else made (field by field when `byField`) and cached. */
  private cached(json: object, byField: boolean): Value {
    let value = this.values.get(json)
    if (value === undefined) {
      value = byField ? this.objectOf(json as Record<string, unknown>) : toValue(json)
      this.values.set(json, value)
    }
    return value
  }

  /**
   * toValue of a plain object with each field's value cached on its own: a copy that differs in
   * a few fields (the object in another version, a patched object) shares the others' values.
   * A cycle back to `json` still fails in toValue (the field is not cached yet).
   */
  private objectOf(json: Record<string, unknown>): Value {
    const map = new MapValue()
    for (const key of Object.keys(json)) {
      const field = json[key]
      if (field === undefined) continue
      map.set(
        key,
        typeof field === 'object' && field !== null ? this.cached(field, false) : toValue(field)
      )
    }
    return map
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
