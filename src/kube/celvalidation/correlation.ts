/**
 * Correlating a new object with its old version, for transition rules and ratcheting
 * (apiserver `cel/common/equality.go` CorrelatedObject and `maplist.go`; crd-validation-spec.md
 * §7.5, §8.4): object properties correlate by key, elements of `x-kubernetes-list-type: map`
 * lists by their map keys; nothing else does. Whether a correlated node is unchanged is computed
 * once and reused by its ancestors.
 */
import { deepEqualJson } from '../../common/json.js'
import {
  additionalProperties,
  items,
  listMapKeys,
  listType,
  properties,
  schemaType
} from './schema-node.js'
import type { RawSchema } from './schema-node.js'
import { isJsonObject } from '../../common/json.js'

type JsonObject = Record<string, unknown>

/** A scalar map-key value as Go compares it (type and value); undefined for non-scalars. */
function scalarKey(v: unknown): string | undefined {
  switch (typeof v) {
    case 'boolean':
      return `b:${v}`
    case 'bigint':
      return `i:${v}`
    case 'number':
      return Number.isInteger(v) ? `i:${v}` : `d:${v}`
    case 'string':
      return `s:${v}`
    default:
      return undefined
  }
}

/**
 * Looks up old elements of a map list by the map keys of a new element (MakeMapList): the first
 * old element with the same keys. Elements are keyed lazily, as far as a lookup needs.
 */
export class MapListIndex {
  private readonly keyed = new Map<string, JsonObject>()
  private next = 0

  private constructor(
    private readonly keys: readonly string[],
    private readonly elements: readonly unknown[]
  ) {}

  /** The index of a map list's old elements; undefined when the schema is not a map list. */
  static of(schema: RawSchema, old: unknown): MapListIndex | undefined {
    const keys = listMapKeys(schema)
    if (
      schemaType(schema) !== 'array' ||
      listType(schema) !== 'map' ||
      keys.length === 0 ||
      !Array.isArray(old) ||
      old.length === 0
    )
      return undefined
    return new MapListIndex(keys, old)
  }

  private keyOf(element: JsonObject): string | undefined {
    if (this.keys.length === 1) {
      const k = this.keys[0]!
      return Object.hasOwn(element, k) ? scalarKey(element[k]) : undefined
    }
    const parts: string[] = []
    for (const k of this.keys) {
      if (!Object.hasOwn(element, k)) return undefined
      const part = scalarKey(element[k])
      if (part === undefined) return undefined
      parts.push(part)
    }
    return parts.join('\u0000')
  }

  get(element: unknown): JsonObject | undefined {
    if (!isJsonObject(element)) return undefined
    const key = this.keyOf(element)
    if (key === undefined) return undefined
    const known = this.keyed.get(key)
    if (known !== undefined) return known
    while (this.next < this.elements.length) {
      const item = this.elements[this.next++]
      if (!isJsonObject(item)) continue
      const itemKey = this.keyOf(item)
      if (itemKey === undefined) continue
      if (!this.keyed.has(itemKey)) this.keyed.set(itemKey, item)
      if (itemKey === key) return item
    }
    return undefined
  }
}

/**
 * One node of the new object with the old value it correlates to. `undefined` stands for an
 * uncorrelatable node (the Go nil *CorrelatedObject).
 */
export class CorrelatedObject {
  private unchanged: boolean | undefined
  private mapList: MapListIndex | undefined | null = null
  private readonly children = new Map<string | number, CorrelatedObject | undefined>()

  constructor(
    readonly value: unknown,
    readonly oldValue: unknown,
    readonly schema: RawSchema | undefined
  ) {}

  /** The correlated child under an object key, undefined when it does not correlate. */
  key(field: string): CorrelatedObject | undefined {
    if (this.schema === undefined) return undefined
    if (this.children.has(field)) return this.children.get(field)
    const value = this.value
    const old = this.oldValue
    if (!isJsonObject(value) || !isJsonObject(old)) return undefined
    if (!Object.hasOwn(value, field) || !Object.hasOwn(old, field)) return undefined
    const schema = properties(this.schema)?.get(field) ?? additionalProperties(this.schema)
    if (schema === undefined) return undefined
    const child = new CorrelatedObject(value[field], old[field], schema)
    this.children.set(field, child)
    return child
  }

  /** The correlated child at a list index: only elements of map lists correlate. */
  index(i: number): CorrelatedObject | undefined {
    if (this.schema === undefined) return undefined
    if (this.children.has(i)) return this.children.get(i)
    const value = this.value
    if (!Array.isArray(value) || i >= value.length) return undefined
    const old = this.oldElementFor(i)
    if (old === undefined) return undefined
    const itemSchema = items(this.schema)
    if (itemSchema === undefined) return undefined
    const child = new CorrelatedObject(value[i], old, itemSchema)
    this.children.set(i, child)
    return child
  }

  private oldElementFor(i: number): unknown {
    if (!Array.isArray(this.oldValue) || !Array.isArray(this.value)) return undefined
    if (listType(this.schema!) !== 'map') return undefined
    if (this.mapList === null) this.mapList = MapListIndex.of(this.schema!, this.oldValue)
    return this.mapList?.get(this.value[i])
  }

  /** CachedDeepEqual: whether the node equals its old value, reusing the children's answers. */
  isUnchanged(): boolean {
    this.unchanged ??= this.computeUnchanged()
    return this.unchanged
  }

  private computeUnchanged(): boolean {
    const value = this.value
    const old = this.oldValue
    if (value === null || value === undefined || old === null || old === undefined)
      return (value ?? null) === (old ?? null)
    if (Array.isArray(value) !== Array.isArray(old) || isJsonObject(value) !== isJsonObject(old))
      return false
    if (Array.isArray(value)) {
      const oldList = old as unknown[]
      if (value.length !== oldList.length) return false
      for (let i = 0; i < value.length; i++) {
        const child = this.index(i)
        if (child === undefined) {
          // Lists whose elements do not correlate are compared as a whole.
          if (this.mapList === null || this.mapList === undefined)
            return deepEqualJson(oldList, value)
          return false
        }
        if (!child.isUnchanged()) return false
      }
      return true
    }
    if (isJsonObject(value)) {
      const oldObject = old as JsonObject
      if (Object.keys(value).length !== Object.keys(oldObject).length) return false
      for (const k of Object.keys(value)) {
        const child = this.key(k)
        if (child === undefined || !child.isUnchanged()) return false
      }
      return true
    }
    return deepEqualJson(old, value)
  }
}

/**
 * The ratcheting position while walking the object (validation.go ratchetingOptions): the
 * current correlated node, or for an uncorrelatable node the nearest correlated ancestor.
 */
export class RatchetingPosition {
  static readonly NONE = new RatchetingPosition(undefined, undefined)

  constructor(
    readonly current: CorrelatedObject | undefined,
    readonly nearestParent: CorrelatedObject | undefined
  ) {}

  static root(value: unknown, oldValue: unknown, schema: RawSchema): RatchetingPosition {
    return new RatchetingPosition(new CorrelatedObject(value, oldValue, schema), undefined)
  }

  /** Errors of this node become warnings when it (or its nearest correlated ancestor) is unchanged. */
  shouldRatchet(): boolean {
    if (this.current !== undefined) return this.current.isUnchanged()
    return this.nearestParent?.isUnchanged() ?? false
  }

  key(field: string): RatchetingPosition {
    if (this.current === undefined) return this
    // The root's apiVersion and kind are not visible as changed (both sides are converted).
    if (this.nearestParent === undefined && (field === 'apiVersion' || field === 'kind'))
      return RatchetingPosition.NONE
    return new RatchetingPosition(this.current.key(field), this.current)
  }

  index(i: number): RatchetingPosition {
    if (this.current === undefined) return this
    return new RatchetingPosition(this.current.index(i), this.current)
  }

  /** allOf validators: no correlation of their own, only the nearest ancestor. */
  forAllOf(): RatchetingPosition {
    return new RatchetingPosition(undefined, this.nearestParent)
  }
}
