/**
 * Reading a decoded built-in object the way its Go type holds it: a field that is absent or null
 * is Go's zero value (`""`, `0`, nil), and a value of another JSON type cannot occur (decoding
 * refused it first), so readers only need to tell "set" from "zero". Own properties only: keys
 * such as `__proto__` are plain data.
 */
import { isJsonObject, ownValue } from '../../../common/json.js'
import type { JsonObject } from '../../../common/json.js'

/** The field's value, with null read as absent. */
export function fieldOf(o: JsonObject | undefined, key: string): unknown {
  if (o === undefined || !Object.hasOwn(o, key)) return undefined
  const v = ownValue(o, key)
  return v === null ? undefined : v
}

/** A struct or pointer-to-struct field (undefined when nil). */
export function objectOf(o: JsonObject | undefined, key: string): JsonObject | undefined {
  const v = fieldOf(o, key)
  return isJsonObject(v) ? v : undefined
}

/** A slice field (empty when nil). */
export function listOf(o: JsonObject | undefined, key: string): unknown[] {
  const v = fieldOf(o, key)
  return Array.isArray(v) ? v : []
}

/** The objects of a slice field with their indexes (null items are Go zero structs: `{}`). */
export function itemsOf(o: JsonObject | undefined, key: string): Array<[number, JsonObject]> {
  const out: Array<[number, JsonObject]> = []
  listOf(o, key).forEach((item, i) => {
    if (isJsonObject(item)) out.push([i, item])
    else if (item === null) out.push([i, {}])
  })
  return out
}

/** A string field (`""` when unset). */
export function stringOf(o: JsonObject | undefined, key: string): string {
  const v = fieldOf(o, key)
  return typeof v === 'string' ? v : ''
}

/** An integer field, undefined when unset (a pointer field's nil). */
export function intOf(o: JsonObject | undefined, key: string): number | undefined {
  const v = fieldOf(o, key)
  if (typeof v === 'number') return v
  if (typeof v === 'bigint') return Number(v)
  return undefined
}

/** A `map[string]string` field (undefined when nil). */
export function stringMapOf(
  o: JsonObject | undefined,
  key: string
): Record<string, string> | undefined {
  const v = fieldOf(o, key)
  if (!isJsonObject(v)) return undefined
  const out: Record<string, string> = {}
  for (const k of Object.keys(v)) {
    const item = ownValue(v, k)
    Object.defineProperty(out, k, {
      value: typeof item === 'string' ? item : '',
      enumerable: true,
      writable: true,
      configurable: true
    })
  }
  return out
}
