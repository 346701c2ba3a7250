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

/**
 * The key layout shared by string-keyed maps built with the same keys in the same order (a
 * hidden class): maps keep only their values, in a slot array, and a field selection that saw a
 * layout before finds the slot without hashing the key (attribute-resolvers.ts).
 */
export class MapShape {
  private transitions: Map<string, MapShape> | undefined

  private constructor(
    /** Keys in insertion order; slot i holds the value of keys[i]. */
    readonly keys: readonly string[],
    readonly index: ReadonlyMap<string, number>
  ) {}

  static readonly ROOT = new MapShape([], new Map())

  /** The layout with `key` appended; undefined once layouts are too many or too wide. */
  extend(key: string): MapShape | undefined {
    let next = this.transitions?.get(key)
    if (next === undefined) {
      if (this.keys.length >= MAX_SHAPED_KEYS || shapeCount >= MAX_SHAPES) return undefined
      const index = new Map(this.index)
      index.set(key, this.keys.length)
      next = new MapShape([...this.keys, key], index)
      ;(this.transitions ??= new Map()).set(key, next)
      shapeCount++
    }
    return next
  }
}

/** Maps wider than this, or built once this many layouts exist, use a hash table. */
const MAX_SHAPED_KEYS = 64
const MAX_SHAPES = 20_000
let shapeCount = 0

export class MapValue {
  /**
   * The layout of a map whose keys are all strings (values in `slots`); undefined for a map kept
   * as a hash table (`store`): other key types, deletions, or too many keys.
   */
  shape: MapShape | undefined = MapShape.ROOT
  /** Values in the order of `shape.keys`. */
  slots: Value[] = []
  /**
   * Hash-table maps: values by store key (storeKey). A key that is a string, number, bool, null
   * or an object is its own store key.
   */
  private store: Map<unknown, Value> | undefined
  /** The keys stored under symbols (uint, timestamp, duration and type keys), by symbol. */
  private symbolKeys: Map<symbol, Value> | undefined
  /** True only for a comprehension's private accumulator (cel.@mapInsert inserts in place). */
  public mutable = false

  constructor(entries?: ReadonlyMap<unknown, Entry>) {
    if (entries !== undefined) for (const [k, v] of entries.values()) this.set(k, v)
  }

  /** A map of string keys, e.g. from a JSON object. */
  static fromStringEntries(entries: Iterable<[string, Value]>): MapValue {
    const map = new MapValue()
    for (const [k, v] of entries) map.set(k, v)
    return map
  }

  get size(): number {
    return this.store === undefined ? this.slots.length : this.store.size
  }

  /**
   * The layout when the map's entries are exactly `layout.keys` with `slots` (a subclass that
   * computes entries of its own has more than its slots); undefined otherwise.
   */
  get layout(): MapShape | undefined {
    const shape = this.shape
    return shape !== undefined && this.slots.length === this.size ? shape : undefined
  }

  /** The value of a key (cel-go Find), or undefined when absent. */
  find(key: Value): Value | undefined {
    const shape = this.shape
    if (shape !== undefined) {
      // Only string keys are present; other keys miss (no numeric fallback can find a string).
      if (typeof key !== 'string') return undefined
      const i = shape.index.get(key)
      return i === undefined ? undefined : this.slots[i]
    }
    const store = this.store!
    // String keys (JSON objects) are stored as themselves: the common, fast case.
    if (typeof key === 'string') return store.get(key)
    const direct = store.get(storeKey(key))
    if (direct !== undefined) return direct
    if (typeof key === 'number') {
      const i = doubleToInt64Lossless(key)
      if (i !== undefined) {
        const e = store.get(i)
        if (e !== undefined) return e
      }
      const u = doubleToUint64Lossless(key)
      if (u !== undefined) return store.get(storeKey(new UintValue(u)))
    } else if (typeof key === 'bigint') {
      if (key >= 0n) return store.get(storeKey(new UintValue(key)))
    } else if (key instanceof UintValue) {
      if (key.value <= MAX_INT64) return store.get(key.value)
    }
    return undefined
  }

  has(key: Value): boolean {
    return this.find(key) !== undefined
  }

  keys(): IterableIterator<Value> {
    const shape = this.shape
    if (shape !== undefined) return shape.keys.slice(0, this.slots.length).values()
    const symbolKeys = this.symbolKeys
    const store = this.store!
    if (symbolKeys === undefined) return store.keys() as IterableIterator<Value>
    return mapIterator(store.keys(), (k) =>
      typeof k === 'symbol' ? symbolKeys.get(k)! : (k as Value)
    )
  }

  entries(): IterableIterator<Entry> {
    const shape = this.shape
    if (shape !== undefined) {
      const slots = this.slots
      return shape.keys.map((k, i): Entry => [k, slots[i]!]).values()
    }
    const symbolKeys = this.symbolKeys
    const store = this.store!
    if (symbolKeys === undefined) return store.entries() as IterableIterator<Entry>
    return mapIterator(store.entries(), ([k, v]): Entry => [
      typeof k === 'symbol' ? symbolKeys.get(k)! : (k as Value),
      v
    ])
  }

  /** Sets a key while the map is being built (map literals, accumulators). */
  set(key: Value, value: Value): ErrorValue | undefined {
    if (key instanceof Uint8Array) {
      // Go cannot hash a []byte map key; cel-go panics and reports an internal error.
      return new ErrorValue('internal error: runtime error: hash of unhashable type types.Bytes')
    }
    const shape = this.shape
    if (shape !== undefined && typeof key === 'string') {
      const i = shape.index.get(key)
      if (i !== undefined) {
        this.slots[i] = value
        return undefined
      }
      const next = shape.extend(key)
      if (next !== undefined) {
        this.shape = next
        this.slots.push(value)
        return undefined
      }
    }
    const store = this.hashTable()
    const stored = storeKey(key)
    if (typeof stored === 'symbol') (this.symbolKeys ??= new Map<symbol, Value>()).set(stored, key)
    store.set(stored, value)
    return undefined
  }

  delete(key: Value): void {
    const store = this.hashTable()
    const stored = storeKey(key)
    store.delete(stored)
    if (typeof stored === 'symbol') this.symbolKeys?.delete(stored)
  }

  /** Turns a shaped map into a hash table (for a key a layout cannot hold). */
  private hashTable(): Map<unknown, Value> {
    if (this.store !== undefined) return this.store
    const store = new Map<unknown, Value>()
    const keys = this.shape!.keys
    const slots = this.slots
    for (let i = 0; i < slots.length; i++) store.set(keys[i], slots[i]!)
    this.store = store
    this.shape = undefined
    this.slots = []
    return store
  }
}

function* mapIterator<T, U>(items: IterableIterator<T>, f: (item: T) => U): IterableIterator<U> {
  for (const item of items) yield f(item)
}
