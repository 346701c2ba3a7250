// Attribute nodes compiled into specialised closures once planning is done: the same results and
// charges as resolveAttribute() (attributes.ts) followed by the node's own cost, without its
// per-evaluation dispatch on the attribute's shape. The common Kubernetes shapes — `self.a.b`
// over maps, comprehension variables and accumulators, `has(self.a)` — become straight-line code
// whose helpers are plain functions the JIT inlines; anything unusual (partial evaluation,
// optional starts, maybe-attributes) takes the generic path.

import {
  applyQualifiers,
  MissingAttributeError,
  resolveAttribute,
  VISITING,
  type ResolveEnv
} from './attributes.js'
import type { EvalContext } from './eval-context.js'
import { MapValue, type MapShape } from './map-value.js'
import type { AbsoluteAttribute, Attribute, Qualifier, Step } from './plan-node.js'
import { missingKey } from './qualify.js'
import { labelError, maybeNoSuchOverload } from './value-errors.js'
import { ErrorValue, OptionalValue, UnknownValue, type Value } from './values.js'

/** How an attribute node finishes: its own cost, and `has()` reading an optional's presence. */
export interface AttributeStepOptions {
  readonly id: number
  readonly cost: number
  readonly testOnly: boolean
}

/**
 * A qualifier chain whose steps are all plain map fields, the last possibly a presence test:
 * selected in line on maps, by the qualifiers themselves on anything else.
 */
interface FieldChain {
  readonly keys: readonly string[]
  readonly qualifiers: readonly Qualifier[]
  /** Steps that select (all but a final presence test). */
  readonly selects: number
  readonly presence: boolean
  /** Per step, the map layout last seen holding the key, and the key's slot in it. */
  readonly seenShapes: (MapShape | undefined)[]
  readonly seenSlots: number[]
}

function fieldChainOf(qualifiers: readonly Qualifier[]): FieldChain | undefined {
  const n = qualifiers.length
  const keys: string[] = []
  for (let i = 0; i < n; i++) {
    const q = qualifiers[i]!
    // A presence test qualified further (`has(a.b)[0]`, unchecked) stays generic.
    if (q.mapField === undefined || (q.mapPresence === true && i < n - 1)) return undefined
    keys.push(q.mapField)
  }
  const presence = n > 0 && qualifiers[n - 1]!.mapPresence === true
  return {
    keys,
    qualifiers,
    selects: presence ? n - 1 : n,
    presence,
    seenShapes: keys.map(() => undefined),
    seenSlots: keys.map(() => -1)
  }
}

/** `map[key]` for step `step` of a chain: by slot when the map has the layout seen last. */
function fieldOf(map: MapValue, key: string, chain: FieldChain, step: number): Value | undefined {
  const shape = map.shape
  if (shape !== undefined && shape === chain.seenShapes[step])
    return map.slots[chain.seenSlots[step]!]
  const found = map.find(key)
  if (shape !== undefined && found !== undefined) {
    const slot = shape.index.get(key)
    if (slot !== undefined) {
      chain.seenShapes[step] = shape
      chain.seenSlots[step] = slot
    }
  }
  return found
}

/** cel-go applyQualifiers for a FieldChain (an optional start takes the generic path). */
function selectFields(ctx: EvalContext, start: Value, chain: FieldChain): Value {
  if (start instanceof OptionalValue) return applyQualifiers(ctx, start, chain.qualifiers)
  let obj: Value = start
  const { keys, selects } = chain
  for (let i = 0; i < selects; i++) {
    if (obj instanceof MapValue) {
      const key = keys[i]!
      const found = fieldOf(obj, key, chain, i)
      ctx.charge(1)
      if (found === undefined) return missingKey(key)
      obj = found
    } else {
      const v = chain.qualifiers[i]!.qualify(ctx, obj)
      if (v instanceof ErrorValue) return v
      obj = v
    }
  }
  if (!chain.presence) return obj
  if (obj instanceof MapValue) {
    ctx.charge(1)
    // A field holding an error (data that does not fit its type) makes has() fail, as in cel-go.
    const field = fieldOf(obj, keys[selects]!, chain, selects)
    return field instanceof ErrorValue ? field : field !== undefined
  }
  return chain.qualifiers[selects]!.qualify(ctx, obj)
}

/** The node's value from the resolved one (cel-go evalAttr / evalTestOnly). */
function finish(v: Value, id: number, testOnly: boolean): Value {
  if (v instanceof ErrorValue) return labelError(new ErrorValue(v.message), id)
  if (testOnly && v instanceof OptionalValue) return v.hasValue()
  return v
}

/**
 * The evaluation of an attribute node: `resolveAttribute`, then the node's cost, then `finish`.
 * Build it only once no qualifier will be added any more, and only for qualifiers that do not
 * record state (cel-go OptTrackState).
 */
export function compileAttributeStep(
  attr: Attribute,
  env: ResolveEnv,
  options: AttributeStepOptions
): Step {
  const { cost, id, testOnly } = options
  if (attr.type === 'absolute' && attr.names.length === 1) {
    const chain = fieldChainOf(attr.qualifiers)
    if (chain !== undefined) {
      return attr.local === undefined
        ? variableStep(attr, attr.names[0]!, chain, env, options)
        : localStep(attr, chain, env, options)
    }
  }
  if (attr.type === 'conditional' && cost === 0) {
    // `c ? a : b` with attribute branches (cel-go conditionalAttribute) costs nothing itself.
    const condition = attr.condition.eval
    const truthy = compileAttribute(attr.truthy, env)
    const falsy = compileAttribute(attr.falsy, env)
    return (ctx) => {
      const c = condition(ctx)
      if (c === true) return finish(truthy(ctx), id, testOnly)
      if (c === false) return finish(falsy(ctx), id, testOnly)
      return finish(c instanceof UnknownValue ? c : maybeNoSuchOverload(c), id, testOnly)
    }
  }
  const resolve = compileAttribute(attr, env)
  return (ctx) => {
    const v = resolve(ctx)
    ctx.charge(cost)
    return finish(v, id, testOnly)
  }
}

/** A variable with plain field selections: `self`, `self.spec.replicas`, `has(self.a)`. */
function variableStep(
  attr: AbsoluteAttribute,
  name: string,
  chain: FieldChain,
  env: ResolveEnv,
  options: AttributeStepOptions
): Step {
  const { cost, id, testOnly } = options
  const qualified = chain.qualifiers.length > 0
  return (ctx) => {
    let v: Value
    if (ctx.unknownPatterns !== undefined) v = resolveAttribute(ctx, attr, env)
    else {
      const root = ctx.vars.resolve(name)
      if (root === undefined) v = missingVariable(attr, env)
      else if (!qualified || root instanceof ErrorValue) v = root
      else v = selectFields(ctx, root, chain)
    }
    ctx.charge(cost)
    return finish(v, id, testOnly)
  }
}

function missingVariable(attr: AbsoluteAttribute, env: ResolveEnv): Value {
  const name = attr.names[0]!
  if (attr.qualifiers.length === 0) {
    const type = env.findIdent(name)
    if (type !== undefined) return type
  }
  return new MissingAttributeError(`no such attribute(s): ${name}`)
}

/** A comprehension variable, accumulator or block index (lazily initialised), then its fields. */
function localStep(
  attr: AbsoluteAttribute,
  chain: FieldChain,
  env: ResolveEnv,
  options: AttributeStepOptions
): Step {
  const { cost, id, testOnly } = options
  const slot = attr.local!.slot
  const init = attr.local!.init
  const qualified = chain.qualifiers.length > 0
  return (ctx) => {
    const slots = ctx.slots
    let v = slots[slot] as Value | typeof VISITING | undefined
    if (v === undefined && init !== undefined && ctx.unknownPatterns === undefined) {
      slots[slot] = VISITING as unknown as Value
      v = init(ctx)
      slots[slot] = v
    }
    let r: Value
    // Unset without initialiser, a self-referring block index, or partial evaluation.
    if (v === undefined || v === VISITING || ctx.unknownPatterns !== undefined) {
      r = resolveAttribute(ctx, attr, env)
    } else if (!qualified || v instanceof ErrorValue) r = v
    else r = selectFields(ctx, v, chain)
    ctx.charge(cost)
    return finish(r, id, testOnly)
  }
}

/**
 * A closure equal to `resolveAttribute(ctx, attr, env)` (no node cost), with the qualifier
 * chains of absolute and relative attributes specialised.
 */
export function compileAttribute(attr: Attribute, env: ResolveEnv): Step {
  switch (attr.type) {
    case 'absolute': {
      const chain = fieldChainOf(attr.qualifiers)
      if (chain === undefined || attr.names.length !== 1 || attr.local !== undefined) {
        return (ctx) => resolveAttribute(ctx, attr, env)
      }
      const name = attr.names[0]!
      const qualified = attr.qualifiers.length > 0
      return (ctx) => {
        if (ctx.unknownPatterns !== undefined) return resolveAttribute(ctx, attr, env)
        const root = ctx.vars.resolve(name)
        if (root === undefined) return missingVariable(attr, env)
        if (!qualified || root instanceof ErrorValue) return root
        return selectFields(ctx, root, chain)
      }
    }
    case 'relative': {
      const operand = attr.operand.eval
      const qualifiers = attr.qualifiers
      // An unqualified computed value (a conditional's branch): the value itself. An optional
      // would come back re-wrapped, an equal value.
      if (qualifiers.length === 0) return operand
      const chain = fieldChainOf(qualifiers)
      return (ctx) => {
        const v = operand(ctx)
        if (v instanceof ErrorValue || v instanceof UnknownValue) return v
        return chain === undefined
          ? applyQualifiers(ctx, v, qualifiers)
          : selectFields(ctx, v, chain)
      }
    }
    case 'conditional': {
      const condition = attr.condition.eval
      const truthy = compileAttribute(attr.truthy, env)
      const falsy = compileAttribute(attr.falsy, env)
      return (ctx) => {
        const c = condition(ctx)
        if (c === true) return truthy(ctx)
        if (c === false) return falsy(ctx)
        if (c instanceof UnknownValue) return c
        return maybeNoSuchOverload(c)
      }
    }
    case 'maybe':
      return (ctx) => resolveAttribute(ctx, attr, env)
  }
}

/** A number that changes whenever a qualifier is added anywhere in the attribute. */
export function attributeShape(attr: Attribute): number {
  switch (attr.type) {
    case 'absolute':
    case 'relative':
      return attr.qualifiers.length
    case 'conditional':
      return attributeShape(attr.truthy) + attributeShape(attr.falsy)
    case 'maybe':
      return attr.attrs.length * 1000 + (attr.attrs[0]?.qualifiers.length ?? 0)
  }
}
