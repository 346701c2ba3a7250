// Graph-structured invocation stacks used by prediction, with the merge rules of the ANTLR Go
// runtime 4.13 that cel-go links (including its quirks: an empty stack merged into a
// non-empty one in full-context mode yields the array form of the non-empty one).

import type { Atn, InvocationContext } from './atn.js'

export const EMPTY_RETURN_STATE = 0x7fffffff

const KIND_EMPTY = 0
const KIND_SINGLETON = 1
const KIND_ARRAY = 2

export class PredictionContext {
  private cachedKey: string | undefined

  private constructor(
    readonly kind: number,
    readonly parent: PredictionContext | undefined,
    readonly returnState: number,
    readonly parents: readonly (PredictionContext | undefined)[],
    readonly returnStates: readonly number[]
  ) {}

  static readonly EMPTY = new PredictionContext(KIND_EMPTY, undefined, EMPTY_RETURN_STATE, [], [])

  static singleton(parent: PredictionContext | undefined, returnState: number): PredictionContext {
    if (returnState === EMPTY_RETURN_STATE && parent === undefined) return PredictionContext.EMPTY
    return new PredictionContext(KIND_SINGLETON, parent, returnState, [], [])
  }

  static array(
    parents: readonly (PredictionContext | undefined)[],
    returnStates: readonly number[]
  ): PredictionContext {
    return new PredictionContext(KIND_ARRAY, undefined, 0, parents, returnStates)
  }

  isEmptyKind(): boolean {
    return this.kind === KIND_EMPTY
  }

  isEmpty(): boolean {
    if (this.kind === KIND_EMPTY) return true
    if (this.kind === KIND_ARRAY) return this.returnStates[0] === EMPTY_RETURN_STATE
    return false
  }

  hasEmptyPath(): boolean {
    if (this.kind === KIND_SINGLETON) return this.returnState === EMPTY_RETURN_STATE
    return this.getReturnState(this.length() - 1) === EMPTY_RETURN_STATE
  }

  length(): number {
    return this.kind === KIND_ARRAY ? this.returnStates.length : 1
  }

  getReturnState(i: number): number {
    return this.kind === KIND_ARRAY ? this.returnStates[i]! : this.returnState
  }

  getParent(i: number): PredictionContext | undefined {
    if (this.kind === KIND_EMPTY) return undefined
    if (this.kind === KIND_SINGLETON) return this.parent
    return this.parents[i]
  }

  /** Structural key: equal keys iff the Go runtime considers the contexts equal (and hashes alike). */
  key(): string {
    if (this.cachedKey !== undefined) return this.cachedKey
    let k: string
    if (this.kind === KIND_EMPTY) k = '$'
    else if (this.kind === KIND_SINGLETON) k = `(${this.returnState} ${keyOf(this.parent)})`
    else {
      k = '['
      for (let i = 0; i < this.returnStates.length; i++) {
        k += `${i > 0 ? ',' : ''}${this.returnStates[i]} ${keyOf(this.parents[i])}`
      }
      k += ']'
    }
    this.cachedKey = k
    return k
  }

  equals(other: PredictionContext | undefined): boolean {
    if (this === other) return true
    if (this.kind === KIND_EMPTY) return other === undefined || other.isEmpty()
    if (other === undefined || other.kind !== this.kind) return false
    return this.key() === other.key()
  }
}

function keyOf(c: PredictionContext | undefined): string {
  return c === undefined ? 'nil' : c.key()
}

function eq(a: PredictionContext | undefined, b: PredictionContext | undefined): boolean {
  if (a === undefined) return b === undefined
  return a.equals(b)
}

export function mergeContexts(
  a: PredictionContext,
  b: PredictionContext,
  rootIsWildcard: boolean
): PredictionContext {
  if (a === b || a.equals(b)) return a
  if (a.kind === KIND_SINGLETON && b.kind === KIND_SINGLETON) {
    return mergeSingletons(a, b, rootIsWildcard)
  }
  if (rootIsWildcard) {
    if (a.isEmpty()) return a
    if (b.isEmpty()) return b
  }
  return mergeArrays(toArray(a), toArray(b), rootIsWildcard)
}

function toArray(c: PredictionContext): PredictionContext {
  if (c.kind === KIND_EMPTY) return PredictionContext.array([], [])
  if (c.kind === KIND_SINGLETON) return PredictionContext.array([c.parent], [c.returnState])
  return c
}

function mergeSingletons(
  a: PredictionContext,
  b: PredictionContext,
  rootIsWildcard: boolean
): PredictionContext {
  if (a.returnState === b.returnState) {
    const parent = mergeMaybe(a.parent, b.parent, rootIsWildcard)
    if (eq(parent, a.parent)) return a
    if (eq(parent, b.parent)) return b
    return PredictionContext.singleton(parent, a.returnState)
  }
  let singleParent: PredictionContext | undefined
  if (a.equals(b) || (a.parent !== undefined && a.parent.equals(b.parent))) singleParent = a.parent
  if (singleParent !== undefined) {
    const payloads =
      a.returnState > b.returnState
        ? [b.returnState, a.returnState]
        : [a.returnState, b.returnState]
    return PredictionContext.array([singleParent, singleParent], payloads)
  }
  if (a.returnState > b.returnState) {
    return PredictionContext.array([b.parent, a.parent], [b.returnState, a.returnState])
  }
  return PredictionContext.array([a.parent, b.parent], [a.returnState, b.returnState])
}

function mergeMaybe(
  a: PredictionContext | undefined,
  b: PredictionContext | undefined,
  rootIsWildcard: boolean
): PredictionContext | undefined {
  if (a === undefined || b === undefined) return a === b ? a : (a ?? b)
  return mergeContexts(a, b, rootIsWildcard)
}

function mergeArrays(
  a: PredictionContext,
  b: PredictionContext,
  rootIsWildcard: boolean
): PredictionContext {
  const ar = a.returnStates
  const br = b.returnStates
  let i = 0
  let j = 0
  const parents: (PredictionContext | undefined)[] = []
  const states: number[] = []
  while (i < ar.length && j < br.length) {
    const ap = a.parents[i]
    const bp = b.parents[j]
    if (ar[i] === br[j]) {
      const payload = ar[i]!
      const bothDollars = payload === EMPTY_RETURN_STATE && ap === undefined && bp === undefined
      const same = ap !== undefined && bp !== undefined && ap.equals(bp)
      parents.push(bothDollars || same ? ap : mergeMaybe(ap, bp, rootIsWildcard))
      states.push(payload)
      i++
      j++
    } else if (ar[i]! < br[j]!) {
      parents.push(ap)
      states.push(ar[i]!)
      i++
    } else {
      parents.push(bp)
      states.push(br[j]!)
      j++
    }
  }
  for (; i < ar.length; i++) {
    parents.push(a.parents[i])
    states.push(ar[i]!)
  }
  for (; j < br.length; j++) {
    parents.push(b.parents[j])
    states.push(br[j]!)
  }
  if (states.length < ar.length + br.length && states.length === 1) {
    return PredictionContext.singleton(parents[0], states[0]!)
  }
  const merged = PredictionContext.array(parents, states)
  if (merged.equals(a)) return a
  if (merged.equals(b)) return b
  return merged
}

/** The prediction context of a parser rule context (its chain of return states). */
export function contextFromRuleContext(
  atn: Atn,
  ctx: InvocationContext | undefined
): PredictionContext {
  if (ctx === undefined || ctx.parent === undefined) return PredictionContext.EMPTY
  const parent = contextFromRuleContext(atn, ctx.parent)
  const t = atn.states[ctx.invokingState]!.transitions[0]!
  return PredictionContext.singleton(parent, t.followState!.number)
}
