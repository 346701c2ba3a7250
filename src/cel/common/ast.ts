// The CEL abstract syntax tree, shaped like cel-go's common/ast: every node has an id; the
// source positions of ids and the original form of expanded macros live in SourceInfo.

import type { Location } from './source.js'
import { NO_LOCATION, locationOfOffset, offsetOfLocation } from './source.js'

export type Constant =
  | { readonly type: 'null' }
  | { readonly type: 'bool'; readonly value: boolean }
  /** int64, kept exact. */
  | { readonly type: 'int'; readonly value: bigint }
  /** uint64, kept exact. */
  | { readonly type: 'uint'; readonly value: bigint }
  | { readonly type: 'double'; readonly value: number }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'bytes'; readonly value: Uint8Array }

/** A node produced where parsing failed; never present in a successful parse. */
export interface UnspecifiedExpr {
  readonly kind: 'unspecified'
  readonly id: number
}

export interface ConstExpr {
  readonly kind: 'const'
  readonly id: number
  readonly value: Constant
}

export interface IdentExpr {
  readonly kind: 'ident'
  readonly id: number
  readonly name: string
}

/**
 * Field selection `operand.field`, or a presence test `has(operand.field)` when testOnly.
 * Optional selection `a.?b` is not a select: cel-go represents it as the call `_?._(a, "b")`.
 */
export interface SelectExpr {
  readonly kind: 'select'
  readonly id: number
  readonly operand: Expr
  readonly field: string
  readonly testOnly: boolean
}

/** A function call; operators are calls too (`_+_`, `_[_]`, `_?_:_`, `!_`, `-_`, `_?._`, ...). */
export interface CallExpr {
  readonly kind: 'call'
  readonly id: number
  readonly function: string
  /** The receiver of a member call `target.function(args)`. */
  readonly target?: Expr
  readonly args: readonly Expr[]
}

export interface ListExpr {
  readonly kind: 'list'
  readonly id: number
  readonly elements: readonly Expr[]
  /** Indexes of `?elem` elements. */
  readonly optionalIndices: readonly number[]
}

export interface MapEntry {
  readonly id: number
  readonly key: Expr
  readonly value: Expr
  readonly optional: boolean
}

export interface MapExpr {
  readonly kind: 'map'
  readonly id: number
  readonly entries: readonly MapEntry[]
}

export interface StructField {
  readonly id: number
  readonly field: string
  readonly value: Expr
  readonly optional: boolean
}

/** A message construction `Type{field: value}`. */
export interface StructExpr {
  readonly kind: 'struct'
  readonly id: number
  readonly typeName: string
  readonly fields: readonly StructField[]
}

export interface ComprehensionExpr {
  readonly kind: 'comprehension'
  readonly id: number
  readonly iterVar: string
  /** Second iteration variable of the two-variable comprehensions (cel-go ext). */
  readonly iterVar2?: string
  readonly iterRange: Expr
  readonly accuVar: string
  readonly accuInit: Expr
  readonly loopCondition: Expr
  readonly loopStep: Expr
  readonly result: Expr
}

export type Expr =
  | UnspecifiedExpr
  | ConstExpr
  | IdentExpr
  | SelectExpr
  | CallExpr
  | ListExpr
  | MapExpr
  | StructExpr
  | ComprehensionExpr

export type ExprKind = Expr['kind']

/** Start and stop offsets (code points) of the source text an id was created for. */
export interface OffsetRange {
  readonly start: number
  readonly stop: number
}

export class SourceInfo {
  readonly offsetRanges = new Map<number, OffsetRange>()
  /** The original call of each expanded macro, keyed by the id of its expansion. */
  readonly macroCalls = new Map<number, Expr>()

  constructor(
    readonly description: string,
    /** cel-go's line offsets (see Source.lineOffsets). */
    readonly lineOffsets: readonly number[]
  ) {}

  /** cel-go's ComputeOffset: 1-based line, 0-based column to a code point offset (-1 if none). */
  computeOffset(line: number, column: number): number {
    return offsetOfLocation(this.lineOffsets, line, column)
  }

  locationOfOffset(offset: number): Location {
    return locationOfOffset(this.lineOffsets, offset)
  }

  startLocation(id: number): Location {
    const range = this.offsetRanges.get(id)
    return range === undefined ? NO_LOCATION : this.locationOfOffset(range.start)
  }

  stopLocation(id: number): Location {
    const range = this.offsetRanges.get(id)
    return range === undefined ? NO_LOCATION : this.locationOfOffset(range.stop)
  }
}

export interface ParsedExpr {
  readonly expr: Expr
  readonly sourceInfo: SourceInfo
}

// Constructors.

export const Ast = {
  unspecified: (id: number): UnspecifiedExpr => ({ kind: 'unspecified', id }),
  constant: (id: number, value: Constant): ConstExpr => ({ kind: 'const', id, value }),
  ident: (id: number, name: string): IdentExpr => ({ kind: 'ident', id, name }),
  select: (id: number, operand: Expr, field: string, testOnly = false): SelectExpr => ({
    kind: 'select',
    id,
    operand,
    field,
    testOnly
  }),
  call: (id: number, fn: string, args: readonly Expr[]): CallExpr => ({
    kind: 'call',
    id,
    function: fn,
    args
  }),
  memberCall: (id: number, fn: string, target: Expr, args: readonly Expr[]): CallExpr => ({
    kind: 'call',
    id,
    function: fn,
    target,
    args
  }),
  list: (
    id: number,
    elements: readonly Expr[],
    optionalIndices: readonly number[] = []
  ): ListExpr => ({
    kind: 'list',
    id,
    elements,
    optionalIndices
  }),
  map: (id: number, entries: readonly MapEntry[]): MapExpr => ({ kind: 'map', id, entries }),
  struct: (id: number, typeName: string, fields: readonly StructField[]): StructExpr => ({
    kind: 'struct',
    id,
    typeName,
    fields
  }),
  comprehension: (
    id: number,
    iterRange: Expr,
    iterVar: string,
    iterVar2: string | undefined,
    accuVar: string,
    accuInit: Expr,
    loopCondition: Expr,
    loopStep: Expr,
    result: Expr
  ): ComprehensionExpr => ({
    kind: 'comprehension',
    id,
    iterVar,
    ...(iterVar2 !== undefined && iterVar2 !== '' ? { iterVar2 } : {}),
    iterRange,
    accuVar,
    accuInit,
    loopCondition,
    loopStep,
    result
  })
}

/**
 * Every node below and including `e`, children first (cel-go ast.MatchDescendants order).
 * Collected eagerly into an array (a recursive generator costs several times more); callers
 * must not change it.
 */
export function postOrder(e: Expr): readonly Expr[] {
  // Several validators walk the same checked AST: one walk per root (nodes are immutable).
  let out = postOrderCache.get(e)
  if (out === undefined) {
    const nodes: Expr[] = []
    collectPostOrder(e, nodes)
    postOrderCache.set(e, (out = nodes))
  }
  return out
}

const postOrderCache = new WeakMap<Expr, readonly Expr[]>()

function collectPostOrder(e: Expr, out: Expr[]): void {
  switch (e.kind) {
    case 'call':
      if (e.target !== undefined) collectPostOrder(e.target, out)
      for (const a of e.args) collectPostOrder(a, out)
      break
    case 'comprehension':
      collectPostOrder(e.iterRange, out)
      collectPostOrder(e.accuInit, out)
      collectPostOrder(e.loopCondition, out)
      collectPostOrder(e.loopStep, out)
      collectPostOrder(e.result, out)
      break
    case 'list':
      for (const el of e.elements) collectPostOrder(el, out)
      break
    case 'map':
      for (const entry of e.entries) {
        collectPostOrder(entry.key, out)
        collectPostOrder(entry.value, out)
      }
      break
    case 'select':
      collectPostOrder(e.operand, out)
      break
    case 'struct':
      for (const f of e.fields) collectPostOrder(f.value, out)
      break
    default:
      break
  }
  out.push(e)
}
