// The static cost estimator of cel-go v0.23 and later (checker/cost.go; cel-cost-model.md §2):
// walks the checked AST once, tracking where values come from (paths), the sizes of call
// results and of list/map entries, and comprehension/bind variables in scopes.

import type {
  CallExpr,
  ComprehensionExpr,
  Expr,
  IdentExpr,
  ListExpr,
  MapExpr,
  SelectExpr
} from '../common/ast.js'
import * as ov from '../common/overloads.js'
import type { Type, TypeKind } from '../common/types.js'
import { builtinCallEstimate } from './builtin-calls.js'
import {
  CONST_COST,
  LIST_CREATE_BASE_COST,
  MAP_CREATE_BASE_COST,
  SELECT_AND_IDENT_COST,
  STRUCT_CREATE_BASE_COST
} from './constants.js'
import { ACCUMULATOR_NAME, CostNode, HIDDEN_ACCUMULATOR_NAME } from './cost-node.js'
import type { CallEstimate, CallSite, EstimatorNode } from './hooks.js'
import { literalSize, typeSize } from './literal-sizes.js'
import { overloadIdsOf, typeOf, type EstimatorContext } from './options.js'
import { PathSlice } from './path-slice.js'
import {
  ONE,
  U64_MAX,
  UNKNOWN,
  ZERO,
  add,
  fixed,
  multiply,
  sum,
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

function isAccumulatorName(name: string | undefined): boolean {
  return name === ACCUMULATOR_NAME || name === HIDDEN_ACCUMULATOR_NAME
}

export class ModernEstimator {
  private readonly exprPaths = new Map<number, PathSlice | undefined>()
  private readonly localVars = new Map<string, LocalVar[]>()
  private readonly computedSizes = new Map<number, SizeRange>()
  private readonly computedEntrySizes = new Map<number, EntrySize>()

  constructor(private readonly ctx: EstimatorContext) {}

  estimate(): CostRange {
    return this.cost(this.ctx.checked.expr)
  }

  private cost(e: Expr): CostRange {
    switch (e.kind) {
      case 'const':
        return CONST_COST
      case 'ident':
        return this.costIdent(e)
      case 'select':
        return this.costSelect(e)
      case 'call':
        return this.costCall(e)
      case 'list':
        return this.costCreateList(e)
      case 'map':
        return this.costCreateMap(e)
      case 'struct':
        return add(sum(e.fields.map((f) => this.cost(f.value))), STRUCT_CREATE_BASE_COST)
      case 'comprehension':
        return isBind(e) ? this.costBind(e) : this.costComprehension(e)
      default:
        return ZERO
    }
  }

  // §2.4 Identifier: 1; its path is the local variable's, else [name].
  private costIdent(e: IdentExpr): CostRange {
    const local = this.peekLocalVar(e.name)
    this.exprPaths.set(e.id, local !== undefined ? local.path : PathSlice.of(e.name))
    return SELECT_AND_IDENT_COST
  }

  // §2.4 Select: +1 only on maps, messages and type parameters; has() adds the presence cost.
  private costSelect(e: SelectExpr): CostRange {
    if (e.testOnly) return add(this.ctx.presenceTestCost, this.cost(e.operand))
    let cost = this.cost(e.operand)
    const kind = this.typeOf(e.operand).kind
    if (kind === 'map' || kind === 'struct' || kind === 'type_param') {
      cost = add(cost, SELECT_AND_IDENT_COST)
    }
    this.exprPaths.set(e.id, PathSlice.append(this.getPath(e.operand), e.field))
    return cost
  }

  private costCall(e: CallExpr): CostRange {
    // dyn() only disables type checking: 1 plus its argument, keeping the argument's sizes.
    if (e.function === ov.TYPE_CONVERT_DYN) {
      const arg = e.args[0]!
      const argCost = this.cost(arg)
      this.copySizeEstimates(e, arg)
      return add(ONE, argCost)
    }
    const argCosts: CostRange[] = []
    const argNodes: EstimatorNode[] = []
    for (const arg of e.args) {
      argCosts.push(this.cost(arg))
      argNodes.push(this.newAstNode(arg))
    }
    const overloadIds = overloadIdsOf(this.ctx.checked, e.id)
    if (overloadIds.length === 0) return ZERO
    let total = ZERO
    let targetNode: EstimatorNode | undefined
    if (e.target !== undefined) {
      total = add(total, this.cost(e.target))
      targetNode = this.newAstNode(e.target)
    }
    // The union over the overloads covers every one the call may dispatch to.
    let fnCost: CostRange = { min: U64_MAX, max: 0n }
    let resultSize: SizeRange | undefined
    for (const overloadId of overloadIds) {
      const estimate = this.functionCost(e, overloadId, targetNode, argNodes, argCosts)
      fnCost = union(fnCost, estimate.cost)
      if (estimate.resultSize !== undefined) {
        resultSize =
          resultSize === undefined ? estimate.resultSize : union(resultSize, estimate.resultSize)
      }
      // Index operations extend the path and take the element size of the container.
      const container = e.args[0]
      if (container !== undefined) {
        if (overloadId === ov.INDEX_LIST) {
          resultSize = this.computeEntrySize(container)?.val
          this.exprPaths.set(e.id, PathSlice.append(this.getPath(container), '@items'))
        } else if (overloadId === ov.INDEX_MAP) {
          resultSize = this.computeEntrySize(container)?.val
          this.exprPaths.set(e.id, PathSlice.append(this.getPath(container), '@values'))
        }
      }
      resultSize ??= this.computeSize(e)
    }
    this.setSize(e, resultSize)
    return add(total, fnCost)
  }

  /** §2.5: library estimator, then the hooks, then cel-go's own rules. */
  private functionCost(
    e: CallExpr,
    overloadId: string,
    target: EstimatorNode | undefined,
    args: readonly EstimatorNode[],
    argCosts: readonly CostRange[]
  ): CallEstimate {
    const site: CallSite = {
      hasTargetPointer: target !== undefined || this.ctx.behaviour.targetPointerOnGlobalCalls
    }
    const libraryEstimator = this.ctx.overloadEstimators.get(overloadId)
    const answer =
      libraryEstimator?.(this.ctx.hooks, target, args, site) ??
      this.ctx.hooks.estimateCallCost(e.function, overloadId, target, args, site)
    if (answer !== undefined) {
      const cost = add(answer.cost, sum(argCosts))
      return answer.resultSize === undefined ? { cost } : { cost, resultSize: answer.resultSize }
    }
    this.trackEntrySizes(e, overloadId)
    return builtinCallEstimate({
      overloadId,
      target,
      hasTargetPointer: site.hasTargetPointer,
      args,
      argCosts,
      sizeOf: (node) => node.computedSize ?? UNKNOWN,
      globalMatchesCosted: this.ctx.behaviour.globalMatchesCosted
    })
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
  private costCreateList(e: ListExpr): CostRange {
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
  private costCreateMap(e: MapExpr): CostRange {
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
  private costComprehension(e: ComprehensionExpr): CostRange {
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

  private typeOf(e: Expr): Type {
    return typeOf(this.ctx.checked, e.id)
  }

  private getPath(e: Expr): PathSlice | undefined {
    if (e.kind === 'ident') {
      const local = this.peekLocalVar(e.name)
      if (local !== undefined) return local.path
    }
    return this.exprPaths.get(e.id)
  }

  /** The node handed to hooks; accumulator paths are withheld (only root variables have paths). */
  private newAstNode(e: Expr): EstimatorNode {
    let path = this.getPath(e)
    if (path !== undefined && path.length > 0 && isAccumulatorName(path.first())) path = undefined
    return new CostNode(path, this.typeOf(e), e, this.computeSize(e))
  }

  private setSize(e: Expr, size: SizeRange | undefined): void {
    if (size !== undefined) this.computedSizes.set(e.id, size)
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
