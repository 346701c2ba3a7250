/**
 * The pairing of a new value with its old value during an update (apiserver
 * `common.CorrelatedObject`, crd-validation-spec.md §7.5): object properties correlate by key
 * (when the schema knows the key), elements of `x-kubernetes-list-type: map` lists by their
 * map keys; nothing else correlates. `cachedDeepEqual` is "unchanged", computed from the
 * children where they correlate so that a node's answer is reused by its parent.
 */
import { asFloat64, goDeepEqual, goQuote, int64Of, kindOf } from './go-kinds.js'
import type { OpenApiSchema } from './schema.js'

type Obj = Record<string, unknown>

const isMap = (v: unknown): v is Obj => kindOf(v) === 'map'

export class Correlation {
  private comparison?: boolean
  /** The old list keyed by map keys; set on the first element lookup of a map-type list. */
  private mapList?: MapList
  private readonly keyChildren = new Map<string, Correlation | undefined>()
  private readonly indexChildren = new Map<number, Correlation | undefined>()

  constructor(
    readonly value: unknown,
    readonly oldValue: unknown,
    readonly schema: OpenApiSchema | undefined
  ) {}

  /** The child at property `field`, when both objects have it and the schema describes it. */
  key(field: string): Correlation | undefined {
    if (this.schema === undefined) return undefined
    if (this.keyChildren.has(field)) return this.keyChildren.get(field)
    if (!isMap(this.value) || !isMap(this.oldValue)) return undefined
    if (!Object.hasOwn(this.value, field) || !Object.hasOwn(this.oldValue, field)) return undefined
    const propertySchema =
      this.schema.properties?.get(field) ?? this.schema.additionalProperties?.schema
    if (propertySchema === undefined) return undefined
    const child = new Correlation(this.value[field], this.oldValue[field], propertySchema)
    this.keyChildren.set(field, child)
    return child
  }

  /** The child at index `i`: only elements of map-type lists correlate (by their keys). */
  index(i: number): Correlation | undefined {
    if (this.schema === undefined) return undefined
    if (this.indexChildren.has(i)) return this.indexChildren.get(i)
    if (!Array.isArray(this.value) || i >= this.value.length) return undefined
    const old = this.correlateOldElement(i)
    if (old === undefined) return undefined
    const itemSchema = this.schema.items?.schema
    if (itemSchema === undefined) return undefined
    const child = new Correlation(this.value[i], old, itemSchema)
    this.indexChildren.set(i, child)
    return child
  }

  private correlateOldElement(i: number): unknown {
    if (!Array.isArray(this.oldValue) || !Array.isArray(this.value)) return undefined
    if (this.value.length <= i) return undefined
    // Sets, atomic and unknown list types do not correlate element by element.
    if (this.schema?.xListType !== 'map') return undefined
    this.mapList ??= makeMapList(this.schema, this.oldValue)
    return this.mapList.get(this.value[i])
  }

  /** Whether the value equals the old value (reflect.DeepEqual, reusing the children's answers). */
  cachedDeepEqual(): boolean {
    if (this.comparison === undefined) this.comparison = this.computeDeepEqual()
    return this.comparison
  }

  private computeDeepEqual(): boolean {
    const newKind = kindOf(this.value)
    const oldKind = kindOf(this.oldValue)
    if (newKind === 'nil' && oldKind === 'nil') return true
    if (newKind === 'nil' || oldKind === 'nil') return false
    if ((newKind === 'slice') !== (oldKind === 'slice')) return false
    if ((newKind === 'map') !== (oldKind === 'map')) return false
    if (newKind === 'slice') {
      const values = this.value as unknown[]
      const olds = this.oldValue as unknown[]
      if (values.length !== olds.length) return false
      for (let i = 0; i < values.length; i++) {
        const child = this.index(i)
        if (child === undefined) {
          // A list that does not correlate compares as a whole.
          return this.mapList === undefined ? goDeepEqual(olds, values) : false
        }
        if (!child.cachedDeepEqual()) return false
      }
      return true
    }
    if (newKind === 'map') {
      const value = this.value as Obj
      const keys = Object.keys(value)
      if (keys.length !== Object.keys(this.oldValue as Obj).length) return false
      for (const k of keys) {
        const child = this.key(k)
        if (child === undefined || !child.cachedDeepEqual()) return false
      }
      return true
    }
    return goDeepEqual(this.oldValue, this.value)
  }
}

/** Lookup of old map-list elements by their key fields (apiserver `common.MapList`). */
interface MapList {
  get(element: unknown): unknown
}

const EMPTY_MAP_LIST: MapList = { get: () => undefined }

function makeMapList(schema: OpenApiSchema, items: readonly unknown[]): MapList {
  const keys = schema.xListMapKeys
  if (schema.type[0] !== 'array' || keys.length === 0 || items.length === 0) return EMPTY_MAP_LIST
  const compositeKey = keys.length === 1 ? singleKey(keys[0]!) : multiKey(keys)
  const keyed = new Map<string, unknown>()
  let next = 0
  return {
    get(element) {
      if (!isMap(element)) return undefined
      const key = compositeKey(element)
      if (key === undefined) return undefined
      if (keyed.has(key)) return keyed.get(key)
      // Key the old items lazily until the element's key turns up; the first item wins.
      while (next < items.length) {
        const item = items[next++]
        if (!isMap(item)) continue
        const itemKey = compositeKey(item)
        if (itemKey === undefined) continue
        if (!keyed.has(itemKey)) keyed.set(itemKey, item)
        if (itemKey === key) return item
      }
      return undefined
    }
  }
}

/** One key field: its scalar value (typed, so int64 1 and float64 1 differ). */
function singleKey(field: string): (o: Obj) => string | undefined {
  return (o) => {
    if (!Object.hasOwn(o, field)) return undefined
    const v = o[field]
    switch (kindOf(v)) {
      case 'bool':
        return `b${String(v)}`
      case 'float64':
        return `f${asFloat64(v)}`
      case 'int64':
        return `i${int64Of(v)}`
      case 'string':
        return `s${v as string}`
      default:
        return undefined
    }
  }
}

/** Several key fields: Go's `\x00`-delimited `%t`/`%f`/`%d`/`%q` rendering of each. */
function multiKey(fields: readonly string[]): (o: Obj) => string | undefined {
  return (o) => {
    let key = ''
    for (const field of fields) {
      if (!Object.hasOwn(o, field)) return undefined
      const v = o[field]
      switch (kindOf(v)) {
        case 'bool':
          key += `\x00${String(v)}`
          break
        case 'float64':
          key += `\x00${goFixed6(asFloat64(v))}`
          break
        case 'int64':
          key += `\x00${int64Of(v)}`
          break
        case 'string':
          key += `\x00${goQuote(v as string)}`
          break
        default:
          return undefined
      }
    }
    return key
  }
}

/** Go's `%f` (six decimals, never exponent notation). */
function goFixed6(f: number): string {
  if (Math.abs(f) < 1e21) return f.toFixed(6)
  return `${BigInt(f).toString()}.000000`
}
