// The static cost estimator of cel-go v0.23 and later (checker/cost.go; cel-cost-model.md §2).
// It shares the walk of CostWalk with the legacy estimator and adds what those releases
// track (§9): the sizes of list/map entries, comprehension/accumulator/bind variables in
// scopes with their own paths and sizes, the bind shape, dyn() passing sizes through, and the
// size lookup of §2.3.

import type {
  CallExpr,
  ComprehensionExpr,
  Expr,
  IdentExpr,
  ListExpr,
  MapExpr
} from '../common/ast.js'
import * as ov from '../common/overloads.js'
import type { TypeKind } from '../common/types.js'
import { LIST_CREATE_BASE_COST, MAP_CREATE_BASE_COST, SELECT_AND_IDENT_COST } from './constants.js'
import { ACCUMULATOR_NAME, CostNode, HIDDEN_ACCUMULATOR_NAME } from './cost-node.js'
import { CostWalk } from './cost-walk.js'
import type { EstimatorNode } from './hooks.js'
import { literalSize, typeSize } from './literal-sizes.js'
import { PathSlice } from './path-slice.js'
import {
  ONE,
  U64_MAX,
  UNKNOWN,
  ZERO,
  add,
  fixed,
  multiply,
  union,
  type CostRange,
  type SizeRange
} from './range.js'

/** Sizes of a container's keys (or indices) and values, when every entry's size is known. */
interface EntrySize {
  readonly containerKind: TypeKind
  readonly key: SizeRange
  readonly val: SizeRange
}

/** A comprehension, accumulator or bind variable in scope (cel-go localVar). */
interface LocalVar {
  readonly path: PathSlice | undefined
  readonly size: SizeRange | undefined
  readonly entrySize: EntrySize | undefined
}

function unionEntries(a: EntrySize | undefined, b: EntrySize | undefined): EntrySize | undefined {
  if (a === undefined || b === undefined) return undefined
  return { containerKind: a.containerKind, key: union(a.key, b.key), val: union(a.val, b.val) }
}

export class ModernEstimator extends CostWalk {
  private readonly localVars = new Map<string, LocalVar[]>()
  private readonly computedEntrySizes = new Map<number, EntrySize>()

  // §2.4 Identifier: 1; its path is the local variable's, else [name].
  protected costIdent(e: IdentExpr): CostRange {
    const local = this.peekLocalVar(e.name)
    this.exprPaths.set(e.id, local !== undefined ? local.path : PathSlice.of(e.name))
    return SELECT_AND_IDENT_COST
  }

  protected override costCall(e: CallExpr): CostRange {
    // dyn() only disables type checking: 1 plus its argument, keeping the argument's sizes.
    if (e.function === ov.TYPE_CONVERT_DYN) {
      const arg = e.args[0]!
      const argCost = this.cost(arg)
      this.copySizeEstimates(e, arg)
      return add(ONE, argCost)
    }
    return super.costCall(e)
  }

  /** Index operations take the element size of the container; else §2.3's lookup. */
  protected callResultSize(
    e: CallExpr,
    overloadId: string,
    resultSize: SizeRange | undefined
  ): SizeRange | undefined {
    const container = e.args[0]
    if (container !== undefined && (overloadId === ov.INDEX_LIST || overloadId === ov.INDEX_MAP)) {
      resultSize = this.computeEntrySize(container)?.val
    }
    return resultSize ?? this.computeSize(e)
  }

  protected override beforeBuiltinCall(e: CallExpr, overloadId: string): void {
    this.trackEntrySizes(e, overloadId)
  }

  protected builtinOperandSize(node: EstimatorNode): SizeRange {
    return node.computedSize ?? UNKNOWN
  }

  protected nodeSize(e: Expr): SizeRange | undefined {
    return this.computeSize(e)
  }

  protected isAccumulatorName(name: string | undefined): boolean {
    return name === ACCUMULATOR_NAME || name === HIDDEN_ACCUMULATOR_NAME
  }

  /** Conditionals and concatenations carry their operands' entry sizes to the result. */
  private trackEntrySizes(e: CallExpr, overloadId: string): void {
    switch (overloadId) {
      case ov.CONDITIONAL:
        this.setEntrySize(
          e,
          unionEntries(this.computeEntrySize(e.args[1]!), this.computeEntrySize(e.args[2]!))
        )
        break
      case ov.ADD_STRING:
      case ov.ADD_BYTES:
      case ov.ADD_LIST:
        if (e.args.length === 2) {
          this.setEntrySize(
            e,
            unionEntries(this.computeEntrySize(e.args[0]!), this.computeEntrySize(e.args[1]!))
          )
        }
        break
      default:
        break
    }
  }

  // §2.4 List literal: 10 plus the elements; entry sizes from the elements.
  protected override costCreateList(e: ListExpr): CostRange {
    let cost = ZERO
    let itemSize: SizeRange = { min: e.elements.length === 0 ? 0n : U64_MAX, max: 0n }
    for (const element of e.elements) {
      cost = add(cost, this.cost(element))
      itemSize = union(itemSize, this.computeSize(element) ?? UNKNOWN)
    }
    this.setEntrySize(e, { containerKind: 'list', key: fixed(1n), val: itemSize })
    return add(cost, LIST_CREATE_BASE_COST)
  }

  // §2.4 Map literal: 30 plus keys and values; entry sizes from them.
  protected override costCreateMap(e: MapExpr): CostRange {
    let cost = ZERO
    const empty = e.entries.length === 0
    let keySize: SizeRange = { min: empty ? 0n : U64_MAX, max: 0n }
    let valSize: SizeRange = { min: empty ? 0n : U64_MAX, max: 0n }
    for (const entry of e.entries) {
      cost = add(cost, this.cost(entry.key))
      cost = add(cost, this.cost(entry.value))
      keySize = union(keySize, this.computeSize(entry.key) ?? UNKNOWN)
      valSize = union(valSize, this.computeSize(entry.value) ?? UNKNOWN)
    }
    this.setEntrySize(e, { containerKind: 'map', key: keySize, val: valSize })
    return add(cost, MAP_CREATE_BASE_COST)
  }

  // §2.4 Comprehension: range + init + result + size(range) · (condition + step).
  protected costComprehension(e: ComprehensionExpr): CostRange {
    if (isBind(e)) return this.costBind(e)
    let cost = add(this.cost(e.iterRange), this.cost(e.accuInit))
    this.pushLocalVar(e.accuVar, e.accuInit)
    if (hasSecondIterVar(e)) {
      this.pushIterVar(e.iterVar, e.iterRange, 'key')
      this.pushIterVar(e.iterVar2!, e.iterRange, 'value')
    } else {
      this.pushIterVar(e.iterVar, e.iterRange, 'single')
    }
    const loopCost = this.cost(e.loopCondition)
    const stepCost = this.cost(e.loopStep)
    this.popLocalVar(e.iterVar)
    if (hasSecondIterVar(e)) this.popLocalVar(e.iterVar2!)
    cost = add(cost, this.cost(e.result))
    this.popLocalVar(e.accuVar)

    const rangeCount = this.computeSize(e.iterRange) ?? UNKNOWN
    cost = add(cost, multiply(rangeCount, add(stepCost, loopCost)))

    switch (e.accuInit.kind) {
      case 'const':
        this.setSize(e, this.computeSize(e.accuInit))
        break
      case 'list':
      case 'map': {
        // map/filter/transform*: as many entries as the range, sized like the step's.
        this.setSize(e, rangeCount)
        this.setEntrySize(e, this.computeEntrySize(e.loopStep))
        break
      }
      default:
        break
    }
    return cost
  }

  // §2.4 Bind shape (cel.bind, optMap, optFlatMap, sortBy): range + init + result.
  private costBind(e: ComprehensionExpr): CostRange {
    // Binds are initialised lazily, so the empty range list is still paid for.
    let cost = add(this.cost(e.iterRange), this.cost(e.accuInit))
    this.pushLocalVar(e.accuVar, e.accuInit)
    cost = add(cost, this.cost(e.result))
    this.popLocalVar(e.accuVar)
    this.copySizeEstimates(e, e.result)
    return cost
  }

  // Scopes.

  private pushLocalVar(name: string, init: Expr): void {
    const path = this.getPath(init)
    const entrySize = this.computeEntrySize(init)
    this.pushVar(name, { path, size: this.computeSize(init), entrySize })
  }

  /**
   * §2.4 step 3: a single variable ranges over list items or map keys; of two variables the
   * first is the index/key and the second the item/value.
   */
  private pushIterVar(name: string, range: Expr, role: 'single' | 'key' | 'value'): void {
    const entrySize = this.computeEntrySize(range)
    const container = entrySize?.containerKind ?? this.typeOf(range).kind
    const isList = container === 'list'
    let size: SizeRange | undefined
    let step: string
    switch (role) {
      case 'single':
        size = isList ? entrySize?.val : entrySize?.key
        step = isList ? '@items' : '@keys'
        break
      case 'key':
        size = entrySize?.key
        step = isList ? '@indices' : '@keys'
        break
      case 'value':
        size = entrySize?.val
        step = isList ? '@items' : '@values'
        break
    }
    const path = PathSlice.append(this.getPath(range), step)
    this.pushVar(name, { path, size, entrySize: undefined })
  }

  private pushVar(name: string, v: LocalVar): void {
    const stack = this.localVars.get(name)
    if (stack === undefined) this.localVars.set(name, [v])
    else stack.push(v)
  }

  private popLocalVar(name: string): void {
    this.localVars.get(name)?.pop()
  }

  private peekLocalVar(name: string): LocalVar | undefined {
    const stack = this.localVars.get(name)
    return stack === undefined ? undefined : stack[stack.length - 1]
  }

  // Paths and sizes.

  protected override getPath(e: Expr): PathSlice | undefined {
    if (e.kind === 'ident') {
      const local = this.peekLocalVar(e.name)
      if (local !== undefined) return local.path
    }
    return this.exprPaths.get(e.id)
  }

  private copySizeEstimates(dst: Expr, src: Expr): void {
    this.setSize(dst, this.computeSize(src))
    this.setEntrySize(dst, this.computeEntrySize(src))
  }

  /** §2.3: computed, literal, the hooks (cached), scalar type, then a local variable's size. */
  private computeSize(e: Expr): SizeRange | undefined {
    const computed = this.computedSizes.get(e.id)
    if (computed !== undefined) return computed
    const literal = literalSize(e)
    if (literal !== undefined) return literal
    // The hooks come before the type so that estimators can override what CEL would assume.
    const node = new CostNode(this.getPath(e), this.typeOf(e), e, undefined)
    const estimated = this.ctx.hooks.estimateSize(node)
    if (estimated !== undefined) {
      this.computedSizes.set(e.id, estimated)
      return estimated
    }
    const scalar = typeSize(this.typeOf(e), true)
    if (scalar !== undefined) return scalar
    if (e.kind === 'ident') return this.peekLocalVar(e.name)?.size
    return undefined
  }

  private setEntrySize(e: Expr, size: EntrySize | undefined): void {
    if (size !== undefined) this.computedEntrySizes.set(e.id, size)
  }

  private computeEntrySize(e: Expr): EntrySize | undefined {
    const computed = this.computedEntrySizes.get(e.id)
    if (computed !== undefined) return computed
    if (e.kind === 'ident') return this.peekLocalVar(e.name)?.entrySize
    return undefined
  }
}

/** The shape cel.bind and the optional/sortBy macros expand to: no iterations, a local. */
function isBind(e: ComprehensionExpr): boolean {
  const range = e.iterRange
  const condition = e.loopCondition
  return (
    range.kind === 'list' &&
    range.elements.length === 0 &&
    condition.kind === 'const' &&
    condition.value.type === 'bool' &&
    !condition.value.value &&
    e.accuVar !== ACCUMULATOR_NAME
  )
}

function hasSecondIterVar(e: ComprehensionExpr): boolean {
  return e.iterVar2 !== undefined && e.iterVar2 !== ''
}
