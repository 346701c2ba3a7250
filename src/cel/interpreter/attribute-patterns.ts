// Unknown attribute patterns for partial evaluation (cel-go interpreter/attribute_patterns.go):
// a variable, optionally followed by qualifier values or wildcards, whose matching attributes
// evaluate to an unknown value instead of being looked up.

import { valuesEqual } from './equality.js'
import type { EvalContext } from './eval-context.js'
import type { AbsoluteAttribute, Qualifier } from './plan-node.js'
import { isQualifierConstant } from './qualify.js'
import { goTypeNameOf } from './type-of.js'
import { ErrorValue, UintValue, UnknownValue, type Value } from './values.js'

/** One qualifier position of a pattern: a value to match, or any value. */
type QualifierPattern = { readonly wildcard: true } | { readonly value: Value }

/**
 * `new AttributePattern('x').qualInt(1)` marks `x[1]` (and anything selected from it) unknown;
 * a pattern also makes the bare variable `x` unknown, since part of it is.
 */
export class AttributePattern {
  private readonly patterns: QualifierPattern[] = []

  constructor(readonly variable: string) {}

  qualString(value: string): this {
    this.patterns.push({ value })
    return this
  }

  qualInt(value: bigint): this {
    this.patterns.push({ value })
    return this
  }

  qualUint(value: bigint): this {
    this.patterns.push({ value: new UintValue(value) })
    return this
  }

  qualBool(value: boolean): this {
    this.patterns.push({ value })
    return this
  }

  wildcard(): this {
    this.patterns.push({ wildcard: true })
    return this
  }

  get qualifiers(): readonly QualifierPattern[] {
    return this.patterns
  }
}

/** cel-go Attribute.ID(): the id of the last qualifier, else the attribute's own. */
function attributeId(attr: AbsoluteAttribute): number {
  return attr.qualifiers[attr.qualifiers.length - 1]?.id ?? attr.id
}

/**
 * The key a qualifier selects, for matching: constants as they are, computed keys resolved now
 * (cel-go resolves attribute qualifiers into constant ones once before matching).
 */
function qualifierKey(ctx: EvalContext, q: Qualifier): Value {
  if (q.constant !== undefined) return q.constant
  const key = q.keyOf?.(ctx)
  if (key === undefined) return new UnknownValue([q.id])
  if (key instanceof ErrorValue || isQualifierConstant(key)) return key
  return new ErrorValue(`invalid qualifier type: ${goTypeNameOf(key)}`)
}

/** AttributeQualifierPattern.Matches: values compare as the qualifier types do (numbers across types). */
function matches(pattern: QualifierPattern, key: Value): boolean {
  if ('wildcard' in pattern) return true
  if (key instanceof UnknownValue) return false
  return valuesEqual(key, pattern.value)
}

/**
 * cel-go partialAttributeFactory.matchesUnknownPatterns: the unknown value an absolute attribute
 * resolves to under the patterns, an error from resolving a computed key, or undefined.
 */
export function matchUnknownPatterns(
  ctx: EvalContext,
  attr: AbsoluteAttribute,
  patterns: readonly AttributePattern[]
): UnknownValue | ErrorValue | undefined {
  const id = attributeId(attr)
  const candidates: AttributePattern[] = []
  for (const name of attr.names) {
    for (const p of patterns) {
      if (p.variable !== name) continue
      if (attr.qualifiers.length === 0) return new UnknownValue([id])
      if (!candidates.includes(p)) candidates.push(p)
    }
  }
  if (candidates.length === 0) return undefined
  const keys: Value[] = []
  for (const q of attr.qualifiers) {
    const key = qualifierKey(ctx, q)
    if (key instanceof ErrorValue) return key
    keys.push(key)
  }
  for (const p of candidates) {
    let matchId = id
    let unknown = true
    for (let i = 0; i < keys.length && i < p.qualifiers.length; i++) {
      matchId = attr.qualifiers[i]!.id
      if (!matches(p.qualifiers[i]!, keys[i]!)) {
        unknown = false
        break
      }
    }
    if (unknown) return new UnknownValue([matchId])
  }
  return undefined
}
