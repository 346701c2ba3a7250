// Attribute resolution (cel-go interpreter/attributes.go): variables, selections from computed
// values and conditionals, each followed by its chain of qualifiers.

import { matchUnknownPatterns } from './attribute-patterns.js'
import type { EvalContext } from './eval-context.js'
import { ABSENT, type Attribute, type AbsoluteAttribute, type Qualifier } from './plan-node.js'
import { qualifyByValue, type QualifyOptions } from './qualify.js'
import { maybeNoSuchOverload } from './value-errors.js'
import {
  ErrorValue,
  OPTIONAL_NONE,
  OptionalValue,
  optionalOf,
  UnknownValue,
  type Value
} from './values.js'

/** Resolves type identifiers that are not variables (cel-go Provider.FindIdent). */
export type IdentResolver = (name: string) => Value | undefined

/** A missing variable, which a maybe-attribute may still find under another candidate name. */
export class MissingAttributeError extends ErrorValue {}

/** Marks a slot whose lazy initialiser is running (a cel.@block index referring to itself). */
export const VISITING = Symbol('visiting')

export interface ResolveEnv {
  readonly findIdent: IdentResolver
}

/** cel-go applyQualifiers: the qualified value, wrapped in an optional when any step was optional. */
export function applyQualifiers(
  ctx: EvalContext,
  start: Value,
  qualifiers: readonly Qualifier[]
): Value {
  let obj = start
  let isOptional = false
  if (obj instanceof OptionalValue) {
    if (obj.value === undefined) return obj
    obj = obj.value
    isOptional = true
  }
  for (const q of qualifiers) {
    isOptional = isOptional || q.optional
    if (isOptional) {
      const v = q.qualifyIfPresent(ctx, obj, false)
      if (v === ABSENT) return OPTIONAL_NONE
      if (v instanceof ErrorValue) return v
      obj = v
    } else {
      const v = q.qualify(ctx, obj)
      if (v instanceof ErrorValue) return v
      obj = v
    }
  }
  if (isOptional && !(obj instanceof UnknownValue)) return optionalOf(obj)
  return obj
}

function lookupLocal(ctx: EvalContext, attr: AbsoluteAttribute): Value | undefined {
  const local = attr.local!
  let v = ctx.slots[local.slot] as Value | typeof VISITING | undefined
  if (v === VISITING) return undefined
  if (v === undefined && local.init !== undefined) {
    ctx.slots[local.slot] = VISITING as unknown as Value
    v = local.init(ctx)
    ctx.slots[local.slot] = v
  }
  return v
}

function resolveAbsolute(ctx: EvalContext, attr: AbsoluteAttribute, env: ResolveEnv): Value {
  // Partial evaluation: attributes matching an unknown pattern are unknown, not looked up.
  if (ctx.unknownPatterns !== undefined) {
    const unknown = matchUnknownPatterns(ctx, attr, ctx.unknownPatterns)
    if (unknown !== undefined) return unknown
  }
  const names = attr.names
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!
    const v = i === 0 && attr.local !== undefined ? lookupLocal(ctx, attr) : ctx.vars.resolve(name)
    if (v !== undefined) {
      if (v instanceof ErrorValue) return v
      // A plain variable read (comprehension variables, accumulators) needs no qualifying.
      if (attr.qualifiers.length === 0) return v
      return applyQualifiers(ctx, v, attr.qualifiers)
    }
    if (attr.qualifiers.length === 0) {
      const type = env.findIdent(name)
      if (type !== undefined) return type
    }
  }
  return new MissingAttributeError(`no such attribute(s): ${names.join(', ')}`)
}

/** Resolves an attribute; errors come back as ErrorValue. Charges qualifiers, not the attribute. */
export function resolveAttribute(ctx: EvalContext, attr: Attribute, env: ResolveEnv): Value {
  switch (attr.type) {
    case 'absolute':
      return resolveAbsolute(ctx, attr, env)
    case 'maybe': {
      let missing: Value | undefined
      for (const candidate of attr.attrs) {
        const v = resolveAbsolute(ctx, candidate, env)
        if (v instanceof MissingAttributeError) {
          missing ??= v
          continue
        }
        return v
      }
      return missing!
    }
    case 'relative': {
      const v = attr.operand.eval(ctx)
      if (v instanceof ErrorValue || v instanceof UnknownValue) return v
      return applyQualifiers(ctx, v, attr.qualifiers)
    }
    case 'conditional': {
      const c = attr.condition.eval(ctx)
      if (c === true) return resolveAttribute(ctx, attr.truthy, env)
      if (c === false) return resolveAttribute(ctx, attr.falsy, env)
      if (c instanceof UnknownValue) return c
      return maybeNoSuchOverload(c)
    }
  }
}

/** cel-go Attribute.ID(): the id the attribute's value is reported under (its last qualifier's). */
export function attributeId(attr: Attribute): number {
  switch (attr.type) {
    case 'absolute':
    case 'relative':
      return attr.qualifiers[attr.qualifiers.length - 1]?.id ?? attr.id
    case 'maybe':
      return attr.attrs[0] === undefined ? attr.id : attributeId(attr.attrs[0])
    case 'conditional':
      return attr.id
  }
}

/**
 * Appends a qualifier (cel-go Attribute.AddQualifier). A maybe-attribute also gains the longer
 * candidate variable name `a.b` when qualified by the constant field `b`.
 */
export function addQualifier(
  attr: Attribute,
  q: Qualifier,
  newAbsolute: (id: number, names: readonly string[]) => AbsoluteAttribute
): void {
  switch (attr.type) {
    case 'absolute':
    case 'relative':
      attr.qualifiers.push(q)
      return
    case 'conditional':
      addQualifier(attr.truthy, q, newAbsolute)
      addQualifier(attr.falsy, q, newAbsolute)
      return
    case 'maybe': {
      let augmented: string[] | undefined
      for (const a of attr.attrs) {
        if (typeof q.constant === 'string' && a.qualifiers.length === 0) {
          augmented = a.names.map((n) => `${n}.${q.constant as string}`)
        }
        a.qualifiers.push(q)
      }
      if (augmented !== undefined) attr.attrs.unshift(newAbsolute(q.id, augmented))
    }
  }
}

/**
 * A qualifier whose key is another attribute's value (`m[k]`) or a computed value (`m[f(x)]`):
 * resolved when applied, then charged one step like cel-go's evalWatchAttrQual.
 */
export function attributeQualifier(
  id: number,
  key: Attribute,
  optional: boolean,
  env: ResolveEnv,
  options: QualifyOptions
): Qualifier {
  return {
    id,
    optional,
    keyOf: (ctx) => resolveAttribute(ctx, key, env),
    qualify(ctx, obj) {
      const k = resolveAttribute(ctx, key, env)
      const v = qualifyByValue(obj, k, false, false, options)
      ctx.charge(1)
      if (v === ABSENT) return new ErrorValue('no such key')
      return v
    },
    qualifyIfPresent(ctx, obj, presenceOnly) {
      const k = resolveAttribute(ctx, key, env)
      const v = qualifyByValue(obj, k, true, presenceOnly, options)
      if (presenceOnly || (v !== ABSENT && !(v instanceof ErrorValue))) ctx.charge(1)
      return v
    }
  }
}
