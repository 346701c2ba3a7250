// The planner's intermediate form: a node per planned expression carrying the closure that
// evaluates it (with its cost charges) and what the planner needs to know to merge nodes the way
// cel-go's Interpretables merge (attributes absorb selects and indexes; constants fold).

import type { EvalContext } from './eval-context.js'
import type { Value } from './values.js'

/** Evaluates one planned expression, charging its cost to the context. */
export type Step = (ctx: EvalContext) => Value

/** Marks a qualification that found nothing (QualifyIfPresent returning present = false). */
export const ABSENT: unique symbol = Symbol('absent')
export type Qualified = Value | typeof ABSENT

/** A field, key or index step applied to a value (cel-go Qualifier). */
export interface Qualifier {
  readonly id: number
  readonly optional: boolean
  /** The constant a constant qualifier selects (cel-go ConstantQualifier.Value()). */
  readonly constant?: Value
  /** The key a computed qualifier selects, resolved now (unknown-pattern matching needs it). */
  readonly keyOf?: (ctx: EvalContext) => Value
  /**
   * Set when, on a MapValue, the step is exactly: find this key, charge 1, a missing key is the
   * error `no such key: <key>` — lets compiled attributes select map fields in line.
   */
  readonly mapField?: string
  /** With mapField: the step is `has()`'s test, yielding whether the key is present. */
  readonly mapPresence?: boolean
  /** Applies the step; an ErrorValue when it fails. Charges its cost. */
  qualify(ctx: EvalContext, obj: Value): Value
  /** Applies the step if it is present; ABSENT otherwise. Charges its cost when present. */
  qualifyIfPresent(ctx: EvalContext, obj: Value, presenceOnly: boolean): Qualified
}

/** A variable or local slot, optionally qualified (cel-go absoluteAttribute). */
export interface AbsoluteAttribute {
  readonly type: 'absolute'
  readonly id: number
  /** Candidate variable names in resolution order. */
  readonly names: readonly string[]
  /** Local (comprehension or block) slot the first name refers to. */
  readonly local?: LocalSlot
  readonly qualifiers: Qualifier[]
}

/** A comprehension variable, accumulator or cel.@block index, resolved by slot. */
export interface LocalSlot {
  readonly slot: number
  /** Computes a lazily initialised slot (accumulator init, block index) on first read. */
  readonly init?: (ctx: EvalContext) => Value
}

/** An unchecked name that may be a variable or a selection from one (cel-go maybeAttribute). */
export interface MaybeAttribute {
  readonly type: 'maybe'
  readonly id: number
  readonly attrs: AbsoluteAttribute[]
}

/** Qualifiers applied to a computed value (cel-go relativeAttribute). */
export interface RelativeAttribute {
  readonly type: 'relative'
  readonly id: number
  readonly operand: PlanNode
  readonly qualifiers: Qualifier[]
}

/** `c ? a : b` whose branches are attributes (cel-go conditionalAttribute). */
export interface ConditionalAttribute {
  readonly type: 'conditional'
  readonly id: number
  readonly condition: PlanNode
  readonly truthy: Attribute
  readonly falsy: Attribute
}

export type Attribute =
  AbsoluteAttribute | MaybeAttribute | RelativeAttribute | ConditionalAttribute

interface NodeBase {
  readonly id: number
  eval: Step
}

export interface ConstNode extends NodeBase {
  readonly kind: 'const'
  readonly value: Value
}

/** An attribute evaluation (cel-go InterpretableAttribute); `testOnly` for has() tests. */
export interface AttrNode extends NodeBase {
  readonly kind: 'attr'
  readonly attr: Attribute
  readonly testOnly: boolean
}

/** A function call (cel-go InterpretableCall). */
export interface CallNode extends NodeBase {
  readonly kind: 'call'
  readonly fn: string
  readonly overloadId: string
  readonly args: readonly PlanNode[]
}

/** A list, map or message construction (cel-go InterpretableConstructor). */
export interface ConstructorNode extends NodeBase {
  readonly kind: 'list' | 'map' | 'struct'
  /** List elements, or map keys and values interleaved, or struct field values. */
  readonly initValues: readonly PlanNode[]
}

/** Anything else (logical operators, comprehensions, blocks, optional or/orValue …). */
export interface OtherNode extends NodeBase {
  readonly kind: 'other'
}

export type PlanNode = ConstNode | AttrNode | CallNode | ConstructorNode | OtherNode
