// CEL maps with cel-go's key rules: keys of different CEL types are different keys (1 and 1u may
// both be present), but a lookup that misses falls back across int, uint and double when the
// number converts losslessly (refValMapAccessor.Find). Iteration follows insertion order.

import {
  DurationValue,
  ErrorValue,
  MAX_INT64,
  TimestampValue,
  TypeValue,
  UintValue,
  type Value
} from './values.js'

type Entry = [key: Value, value: Value]

/** A JS Map key for a CEL map key: primitives by value, uint and time values as registered symbols. */
export function storeKey(key: Value): unknown {
  switch (typeof key) {
    case 'string':
    case 'bigint':
    case 'boolean':
    case 'number':
      return key
  }
  if (key === null) return null
  if (key instanceof UintValue) return Symbol.for(`celgate:u:${key.value}`)
  if (key instanceof TimestampValue) return Symbol.for(`celgate:ts:${key.seconds}:${key.nanos}`)
  if (key instanceof DurationValue) return Symbol.for(`celgate:d:${key.nanos}`)
  if (key instanceof TypeValue) return Symbol.for(`celgate:t:${key.name}`)
  // Lists, maps, messages and optionals hash by identity in cel-go (pointer keys).
  return key
}

const TWO_POW_63 = 9223372036854775808
const TWO_POW_64 = 18446744073709551616

/** cel-go doubleToInt64Lossless. */
export function doubleToInt64Lossless(d: number): bigint | undefined {
  if (!Number.isFinite(d) || d <= -TWO_POW_63 || d >= TWO_POW_63 || !Number.isInteger(d)) {
    return undefined
  }
  return BigInt(d)
}

/** cel-go doubleToUint64Lossless. */
export function doubleToUint64Lossless(d: number): bigint | undefined {
  if (!Number.isFinite(d) || d < 0 || d >= TWO_POW_64 || !Number.isInteger(d)) return undefined
  return BigInt(d)
}

export class MapValue {
  private readonly store: Map<unknown, Entry>
  /** True only for a comprehension's private accumulator (cel.@mapInsert inserts in place). */
  public mutable = false

  constructor(store?: Map<unknown, Entry>) {
    this.store = store ?? new Map<unknown, Entry>()
  }

  /** A map of string keys, e.g. from a JSON object. */
  static fromStringEntries(entries: Iterable<[string, Value]>): MapValue {
    const store = new Map<unknown, Entry>()
    for (const [k, v] of entries) store.set(k, [k, v])
    return new MapValue(store)
  }

  get size(): number {
    return this.store.size
  }

  /** The value of a key (cel-go Find), or undefined when absent. */
  find(key: Value): Value | undefined {
    // String keys (JSON objects) are stored as themselves: the common, fast case.
    if (typeof key === 'string') return this.store.get(key)?.[1]
    const direct = this.store.get(storeKey(key))
    if (direct !== undefined) return direct[1]
    if (typeof key === 'number') {
      const i = doubleToInt64Lossless(key)
      if (i !== undefined) {
        const e = this.store.get(i)
        if (e !== undefined) return e[1]
      }
      const u = doubleToUint64Lossless(key)
      if (u !== undefined) return this.store.get(storeKey(new UintValue(u)))?.[1]
    } else if (typeof key === 'bigint') {
      if (key >= 0n) return this.store.get(storeKey(new UintValue(key)))?.[1]
    } else if (key instanceof UintValue) {
      if (key.value <= MAX_INT64) return this.store.get(key.value)?.[1]
    }
    return undefined
  }

  has(key: Value): boolean {
    return this.find(key) !== undefined
  }

  keys(): IterableIterator<Value> {
    return mapIterator(this.store.values(), 0)
  }

  entries(): IterableIterator<Entry> {
    return this.store.values()
  }

  /** Sets a key while the map is being built (map literals, accumulators). */
  set(key: Value, value: Value): ErrorValue | undefined {
    if (key instanceof Uint8Array) {
      // Go cannot hash a []byte map key; cel-go panics and reports an internal error.
      return new ErrorValue('internal error: runtime error: hash of unhashable type types.Bytes')
    }
    this.store.set(storeKey(key), [key, value])
    return undefined
  }

  delete(key: Value): void {
    this.store.delete(storeKey(key))
  }
}

function* mapIterator(entries: IterableIterator<Entry>, index: 0 | 1): IterableIterator<Value> {
  for (const e of entries) yield e[index]
}
