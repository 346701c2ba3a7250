/**
 * Equality and `+` on custom-resource values as the apiserver's value types define them
 * (apiserver `cel/common/valuesunstructured.go`, `valuesreflect.go`; crd-validation-spec.md
 * §8.1): `x-kubernetes-list-type: set` lists compare as sets and `+` unions them,
 * `map` lists compare by their map keys and `+` merges them, objects compare field by field
 * with unknown fields compared as JSON. cel-go dispatches both operators on the left operand,
 * and so does this module.
 *
 * The interpreter's `==` is built in, so programs of CRD rules are planned from a copy of the
 * checked AST in which `==` and `!=` on values that can be lists, maps or objects call
 * `@crd.equals` / `@crd.notEquals` (keeping the `equals` overload ids and thus the cost rules);
 * `_+_` is overridden through the planner's function bindings.
 */
import type { Expr } from '../../cel/common/ast.js'
import type { CheckedExpr } from '../../cel/common/checked.js'
import type { FunctionDef, PlanOptions, Value } from '../../cel/interpreter/index.js'
import {
  DurationValue,
  ErrorValue,
  ListValue,
  MapValue,
  TimestampValue,
  Trait,
  TypeValue,
  UintValue,
  UnknownValue,
  valuesEqual
} from '../../cel/interpreter/index.js'
import { add as standardAdd } from '../../cel/lib/std-impl.js'
import { CrdListValue, CrdObjectValue, celValueOf } from './values.js'
import { deepEqualJson } from '../../common/json.js'

const NO_SUCH_OVERLOAD = 'no such overload'
const SCALARS_ONLY = 'listSet operations are only supported on lists of scalar values'

const isAbnormal = (v: Value): v is ErrorValue | UnknownValue =>
  v instanceof ErrorValue || v instanceof UnknownValue

/** types.MaybeNoSuchOverloadErr. */
const noSuchOverload = (v: Value): Value => (isAbnormal(v) ? v : new ErrorValue(NO_SUCH_OVERLOAD))

/** types.Equal(lhs, rhs): null equals only null, else the left operand's Equal. */
export function crdEqual(a: Value, b: Value): Value {
  if (a === null || b === null) return a === b
  if (a instanceof CrdListValue) return crdListEqual(a, b)
  if (a instanceof CrdObjectValue) return crdObjectEqual(a, b)
  if (a instanceof ListValue) {
    // baseList.Equal: only a definite `false` of an element decides.
    if (!(b instanceof ListValue) || a.size !== b.size) return false
    for (let i = 0; i < a.items.length; i++)
      if (crdEqual(a.items[i]!, b.items[i]!) === false) return false
    return true
  }
  if (a instanceof MapValue) {
    if (!(b instanceof MapValue) || a.size !== b.size) return false
    for (const [k, v] of a.entries()) {
      const other = b.find(k)
      if (other === undefined || crdEqual(v, other) === false) return false
    }
    return true
  }
  return valuesEqual(a, b)
}

function crdListEqual(a: CrdListValue, b: Value): Value {
  if (!(b instanceof ListValue)) return noSuchOverload(b)
  if (a.size !== b.size) return false
  switch (a.semantics.kind) {
    case 'set':
      return setEqual(a.items, b.items)
    case 'map':
      return a.raw !== undefined && a.itemsSchema !== undefined
        ? rawMapListEqual(a, b, a.semantics.escapedKeys)
        : mapListEqual(a.items, b.items, a.semantics.escapedKeys)
    default:
      for (let i = 0; i < a.items.length; i++) {
        const eq = crdEqual(a.items[i]!, b.items[i]!)
        if (eq !== true) return eq
      }
      return true
  }
}

/** unstructuredMap.Equal. */
function crdObjectEqual(a: CrdObjectValue, b: Value): Value {
  if (!(b instanceof MapValue)) return noSuchOverload(b)
  if (a.size !== b.size) return false
  for (const [name, json] of Object.entries(a.raw)) {
    if (a.schemaOf(name) !== undefined) {
      const v = a.find(name)
      const ov = b.find(name)
      if ((v === undefined) !== (ov === undefined)) return false
      if (v === undefined || ov === undefined) continue
      const eq = crdEqual(v, ov)
      if (eq !== true) return eq
      continue
    }
    // A field without a schema: compared as JSON when the other object has it.
    if (!(b instanceof CrdObjectValue)) return noSuchOverload(b)
    if (Object.hasOwn(b.raw, name) && !deepEqualJson(json, b.raw[name])) return false
  }
  return true
}

// ---------------------------------------------------------------------------------------------
// Set lists

/** setElementKey: scalars by Go type and value; lists and maps are not set elements. */
function setElementKey(v: Value): string | ErrorValue {
  if (v instanceof ListValue || v instanceof MapValue) return new ErrorValue(SCALARS_ONLY)
  return scalarKey(v)
}

/** A key equal exactly when Go's `==` on the raw values is true (type and value). */
function scalarKey(v: Value): string {
  if (v === null) return 'nil'
  switch (typeof v) {
    case 'boolean':
      return `b:${v}`
    case 'bigint':
      return `i:${v}`
    case 'number':
      return `d:${v}`
    case 'string':
      return `s:${v}`
  }
  if (v instanceof UintValue) return `u:${v.value}`
  if (v instanceof TimestampValue) return `t:${v.seconds}:${v.nanos}`
  if (v instanceof DurationValue) return `dur:${v.nanos}`
  if (v instanceof Uint8Array) return `bytes:${Buffer.from(v).toString('hex')}`
  if (v instanceof TypeValue) return `type:${v.name}`
  // Other values (errors, library objects) have no stable raw form: never equal.
  return `ref:${Math.random()}`
}

function setEqual(a: readonly Value[], b: readonly Value[]): Value {
  const set = new Set<string>()
  for (const v of a) {
    const k = setElementKey(v)
    if (k instanceof ErrorValue) return k
    set.add(k)
  }
  const seen = new Set<string>()
  for (const v of b) {
    const k = setElementKey(v)
    if (k instanceof ErrorValue) return k
    if (!set.has(k)) return false
    seen.add(k)
  }
  return seen.size === set.size
}

function addToSetList(a: readonly Value[], b: readonly Value[]): Value {
  const set = new Set<string>()
  const elements = [...a]
  for (const v of a) {
    const k = setElementKey(v)
    if (k instanceof ErrorValue) return k
    set.add(k)
  }
  for (const v of b) {
    const k = setElementKey(v)
    if (k instanceof ErrorValue) return k
    if (set.has(k)) continue
    set.add(k)
    elements.push(v)
  }
  return new CrdListValue(elements, { kind: 'set' })
}

// ---------------------------------------------------------------------------------------------
// Map lists

/** The key of a raw JSON element (unstructuredMapList.toMapKey: raw fields, escaped names). */
function rawElementKey(element: unknown, escapedKeys: readonly string[]): string {
  if (typeof element !== 'object' || element === null || Array.isArray(element))
    return `err:${Math.random()}`
  const record = element as Record<string, unknown>
  return escapedKeys
    .map((k) => (Object.hasOwn(record, k) ? rawJsonKey(record[k]) : 'nil'))
    .join('\u0000')
}

function rawJsonKey(json: unknown): string {
  if (json === null || json === undefined) return 'nil'
  if (typeof json === 'number') return Number.isInteger(json) ? `i:${json}` : `d:${json}`
  if (typeof json === 'bigint') return `i:${json}`
  if (typeof json === 'string') return `s:${json}`
  if (typeof json === 'boolean') return `b:${json}`
  return `x:${JSON.stringify(json)}`
}

/** refValMapKey: the key fields read through CEL (absent, null or errors are nil). */
function valueElementKey(element: Value, escapedKeys: readonly string[]): string {
  return escapedKeys
    .map((k) => {
      const v = element instanceof MapValue ? element.find(k) : undefined
      if (v === undefined || v === null || isAbnormal(v)) return 'nil'
      if (v instanceof ListValue || v instanceof MapValue) return `x:${Math.random()}`
      return scalarKey(v)
    })
    .join('\u0000')
}

/** The raw JSON of a value read from the object (Value()); other values have none. */
function rawOf(v: Value): unknown {
  return v instanceof CrdObjectValue ? v.raw : undefined
}

function rawMapListEqual(a: CrdListValue, b: ListValue, escapedKeys: readonly string[]): Value {
  const byKey = new Map<string, unknown>()
  for (const element of a.raw!) byKey.set(rawElementKey(element, escapedKeys), element)
  const seen = new Set<string>()
  for (const v of b.items) {
    const k = rawElementKey(rawOf(v), escapedKeys)
    if (!byKey.has(k)) return false
    const eq = crdEqual(celValueOf(byKey.get(k), a.itemsSchema!), v)
    if (eq !== true) return eq
    seen.add(k)
  }
  return seen.size === byKey.size
}

function mapListEqual(a: readonly Value[], b: readonly Value[], keys: readonly string[]): Value {
  const byKey = new Map<string, Value>()
  for (const e of a) byKey.set(valueElementKey(e, keys), e)
  const seen = new Set<string>()
  for (const v of b) {
    const k = valueElementKey(v, keys)
    const e = byKey.get(k)
    if (e === undefined) return false
    const eq = crdEqual(e, v)
    if (eq !== true) return eq
    seen.add(k)
  }
  return seen.size === byKey.size
}

/** addToMapList: same keys overwrite in place, new keys are appended in order. */
function addToMapList(a: readonly Value[], b: readonly Value[], keys: readonly string[]): Value {
  const elements = [...a]
  const position = new Map<string, number>()
  elements.forEach((e, i) => position.set(valueElementKey(e, keys), i))
  for (const v of b) {
    const at = position.get(valueElementKey(v, keys))
    if (at !== undefined) elements[at] = v
    else elements.push(v)
  }
  return new CrdListValue(elements, { kind: 'map', escapedKeys: keys })
}

/** `_+_`: set and map lists by their semantics, other CRD lists as new lists, else cel-go's. */
export function crdAdd(a: Value, b: Value): Value {
  if (a instanceof CrdListValue) {
    if (!(b instanceof ListValue)) return noSuchOverload(b)
    switch (a.semantics.kind) {
      case 'set':
        return addToSetList(a.items, b.items)
      case 'map':
        return addToMapList(a.items, b.items, a.semantics.escapedKeys)
      default:
        return new ListValue([...a.items, ...b.items])
    }
  }
  return standardAdd(a, b)
}

// ---------------------------------------------------------------------------------------------
// Planning

export const CRD_EQUALS = '@crd.equals'
export const CRD_NOT_EQUALS = '@crd.notEquals'

const negated = (v: Value): Value => (typeof v === 'boolean' ? !v : v)

/** Bindings that give CRD values their operators (added to the environment's functions). */
export const CRD_VALUE_FUNCTIONS: readonly FunctionDef[] = [
  { name: '_+_', singleton: { binary: crdAdd, trait: Trait.adder } },
  { name: CRD_EQUALS, singleton: { binary: crdEqual } },
  { name: CRD_NOT_EQUALS, singleton: { binary: (a, b) => negated(crdEqual(a, b)) } }
]

/** The plan options of a CRD rule program: the environment's, plus the CRD value operators. */
export function crdPlanOptions(base: PlanOptions): PlanOptions {
  const estimator = base.callCostEstimator
  return {
    functions: [...(base.functions ?? []), ...CRD_VALUE_FUNCTIONS],
    // The renamed equality calls cost what `==` / `!=` cost.
    ...(estimator !== undefined
      ? {
          callCostEstimator: (fn, overloadId, args, result) =>
            estimator(
              fn === CRD_EQUALS ? '_==_' : fn === CRD_NOT_EQUALS ? '_!=_' : fn,
              overloadId,
              args,
              result
            )
        }
      : {})
  }
}

/** Static types whose values may be CRD lists or objects. */
const COMPOUND_KINDS = new Set(['list', 'map', 'struct', 'dyn', 'any', 'type_param'])

/** The checked AST with `==`/`!=` on possibly compound operands calling the CRD equality. */
export function withCrdEquality(ast: CheckedExpr): CheckedExpr {
  const needs = (e: Expr): boolean =>
    e.kind === 'call' &&
    (e.function === '_==_' || e.function === '_!=_') &&
    e.args.length === 2 &&
    COMPOUND_KINDS.has(ast.typeMap.get(e.args[0]!.id)?.kind ?? 'dyn')
  let found = false
  const visit = (e: Expr): Expr => {
    switch (e.kind) {
      case 'call': {
        const args = e.args.map(visit)
        const target = e.target === undefined ? undefined : visit(e.target)
        const fn = needs(e) ? (e.function === '_==_' ? CRD_EQUALS : CRD_NOT_EQUALS) : e.function
        if (fn !== e.function) found = true
        return { ...e, function: fn, args, ...(target !== undefined ? { target } : {}) }
      }
      case 'select':
        return { ...e, operand: visit(e.operand) }
      case 'list':
        return { ...e, elements: e.elements.map(visit) }
      case 'map':
        return {
          ...e,
          entries: e.entries.map((en) => ({ ...en, key: visit(en.key), value: visit(en.value) }))
        }
      case 'struct':
        return { ...e, fields: e.fields.map((f) => ({ ...f, value: visit(f.value) })) }
      case 'comprehension':
        return {
          ...e,
          iterRange: visit(e.iterRange),
          accuInit: visit(e.accuInit),
          loopCondition: visit(e.loopCondition),
          loopStep: visit(e.loopStep),
          result: visit(e.result)
        }
      default:
        return e
    }
  }
  const expr = visit(ast.expr)
  return found ? { ...ast, expr } : ast
}
