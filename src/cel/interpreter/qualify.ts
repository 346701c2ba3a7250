// Field, key and index steps (cel-go attributes.go qualifiers and refQualify), with the cost
// charges of cel-go's evalWatch*Qual observers: one per applied step.

import type { EvalContext } from './eval-context.js'
import { goValueString } from './go-value-format.js'
import { ListValue } from './list-value.js'
import { doubleToInt64Lossless, MapValue } from './map-value.js'
import { ABSENT, type Qualified, type Qualifier } from './plan-node.js'
import { goTypeNameOf, typeNameOf } from './type-of.js'
import {
  ErrorValue,
  MAX_INT64,
  ObjectValue,
  UintValue,
  UnknownValue,
  type Value
} from './values.js'

/** How presence tests treat values that have no fields (cel-go EnableErrorOnBadPresenceTest). */
export interface QualifyOptions {
  readonly errorOnBadPresenceTest: boolean
}

export function missingKey(key: Value): ErrorValue {
  return new ErrorValue(`no such key: ${goValueString(key)}`)
}

/** types.IndexOrError: the list index a value denotes, or the error for it. */
export function indexOrError(index: Value): number | ErrorValue {
  if (typeof index === 'bigint') {
    return index > BigInt(Number.MAX_SAFE_INTEGER) || index < -BigInt(Number.MAX_SAFE_INTEGER)
      ? Number.MAX_SAFE_INTEGER
      : Number(index)
  }
  if (typeof index === 'number') {
    const i = doubleToInt64Lossless(index)
    if (i === undefined) {
      return new ErrorValue(`unsupported index value ${goValueString(index)} in list`)
    }
    return Number(i)
  }
  if (index instanceof UintValue) {
    if (index.value > MAX_INT64) {
      return new ErrorValue(`unsupported index value ${goValueString(index)} in list`)
    }
    return index.value > BigInt(Number.MAX_SAFE_INTEGER)
      ? Number.MAX_SAFE_INTEGER
      : Number(index.value)
  }
  return new ErrorValue(`unsupported index type '${typeNameOf(index)}' in list`)
}

/** A message field by name, or the error for an unknown field. */
export function objectField(obj: ObjectValue, name: Value): Value {
  if (typeof name !== 'string') return new ErrorValue('no such overload')
  const field = obj.type.fields.get(name)
  if (field === undefined) return new ErrorValue(`no such field '${name}'`)
  return obj.fields.get(name) ?? field.defaultValue
}

export function objectHasField(obj: ObjectValue, name: Value): boolean | ErrorValue {
  if (typeof name !== 'string') return new ErrorValue('no such overload')
  if (!obj.type.fields.has(name)) return new ErrorValue(`no such field '${name}'`)
  return obj.fields.has(name)
}

/**
 * refQualify: selects `key` from `obj`. With `presenceTest`, a missing key or index yields ABSENT
 * instead of an error; with `presenceOnly`, a present message field yields `true` (its value is
 * not needed).
 */
export function refQualify(
  obj: Value,
  key: Value,
  presenceTest: boolean,
  presenceOnly: boolean,
  options: QualifyOptions
): Qualified {
  if (obj instanceof UnknownValue) return obj
  if (obj instanceof ErrorValue) return obj
  if (obj instanceof MapValue) {
    const v = obj.find(key)
    if (v !== undefined) return v
    return presenceTest ? ABSENT : missingKey(key)
  }
  if (obj instanceof ListValue) {
    const i = indexOrError(key)
    if (typeof i !== 'number') return i
    if (i >= 0 && i < obj.items.length) return obj.items[i]!
    return presenceTest ? ABSENT : new ErrorValue(`index out of bounds: ${goValueString(key)}`)
  }
  if (obj instanceof ObjectValue) {
    if (presenceTest) {
      const present = objectHasField(obj, key)
      if (present instanceof ErrorValue) return present
      if (!present) return ABSENT
      if (presenceOnly) return true
    }
    return objectField(obj, key)
  }
  if (presenceTest && !options.errorOnBadPresenceTest) return ABSENT
  return missingKey(key)
}

/**
 * The engine's shared copy of a field name: JS objects' keys (and so maps built from JSON) use
 * these, and a map lookup with the same copy compares pointers instead of characters.
 */
function internalized(name: string): string {
  // A map lookup is cheaper than building a throwaway object per qualifier; the map hands back
  // the engine's copy made the first time the name was seen.
  let shared = internalizedNames.get(name)
  if (shared === undefined) {
    if (internalizedNames.size >= MAX_INTERNALIZED_NAMES) internalizedNames.clear()
    shared = Object.keys({ [name]: 0 })[0] ?? name
    internalizedNames.set(name, shared)
  }
  return shared
}

const internalizedNames = new Map<string, string>()
/** Field names are few; the bound only keeps odd inputs (generated keys) from piling up. */
const MAX_INTERNALIZED_NAMES = 50_000

/** A qualifier selecting a constant key (cel-go string/int/uint/bool/double qualifiers). */
export function constantQualifier(
  id: number,
  constant: Value,
  optional: boolean,
  options: QualifyOptions
): Qualifier {
  const key = typeof constant === 'string' ? internalized(constant) : constant
  const qualify = (ctx: EvalContext, obj: Value): Value => {
    // Field selection on a map is by far the most common step.
    if (obj instanceof MapValue) {
      const found = obj.find(key)
      ctx.charge(1)
      return found === undefined ? missingKey(key) : found
    }
    const v = refQualify(obj, key, false, false, options)
    ctx.charge(1)
    return v === ABSENT ? missingKey(key) : v
  }
  const qualifyIfPresent = (ctx: EvalContext, obj: Value, presenceOnly: boolean): Qualified => {
    const v = refQualify(obj, key, true, presenceOnly, options)
    if (presenceOnly || (v !== ABSENT && !(v instanceof ErrorValue))) ctx.charge(1)
    return v
  }
  // Two literals rather than a conditional spread (several times faster on Node 20).
  if (typeof key === 'string' && !optional) {
    return { id, optional, constant: key, mapField: key, qualify, qualifyIfPresent }
  }
  return { id, optional, constant: key, qualify, qualifyIfPresent }
}

/** The qualifier of `has(x.f)`: yields whether `f` is present (cel-go testOnlyQualifier). */
export function testOnlyQualifier(id: number, name: string, options: QualifyOptions): Qualifier {
  const field = internalized(name)
  return {
    id,
    optional: false,
    constant: field,
    mapField: field,
    mapPresence: true,
    qualify(ctx, obj) {
      const v = refQualify(obj, field, true, true, options)
      ctx.charge(1)
      if (v instanceof ErrorValue || v instanceof UnknownValue) return v
      return v !== ABSENT
    },
    qualifyIfPresent(ctx, obj) {
      const v = refQualify(obj, field, true, true, options)
      if (v !== ABSENT && !(v instanceof ErrorValue)) ctx.charge(1)
      return v
    }
  }
}

/**
 * The qualifier built from a value computed at runtime (cel-go attrQualify + newQualifier): the
 * key types a qualifier accepts, unknowns pass through, anything else is an error.
 */
export function qualifyByValue(
  obj: Value,
  key: Value,
  presenceTest: boolean,
  presenceOnly: boolean,
  options: QualifyOptions
): Qualified {
  if (key instanceof UnknownValue) return key
  if (key instanceof ErrorValue) return key
  switch (typeof key) {
    case 'string':
    case 'bigint':
    case 'number':
    case 'boolean':
      return refQualify(obj, key, presenceTest, presenceOnly, options)
  }
  if (key instanceof UintValue) return refQualify(obj, key, presenceTest, presenceOnly, options)
  return new ErrorValue(`invalid qualifier type: ${goTypeNameOf(key)}`)
}

/** Whether a constant can be a qualifier (cel-go newQualifier accepts it). */
export function isQualifierConstant(v: Value): boolean {
  switch (typeof v) {
    case 'string':
    case 'bigint':
    case 'number':
    case 'boolean':
      return true
  }
  return v instanceof UintValue || v instanceof UnknownValue
}
