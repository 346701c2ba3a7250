// The walk both static estimators share (cel-go checker/cost.go; cel-cost-model.md §2.4, §2.5):
// one pass over the checked AST that costs each node, records where values come from (paths)
// and sizes call results. The releases differ only in how identifiers and comprehensions are
// scoped and in how sizes are looked up (§9); those steps are left to the subclasses.

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
import type { Type } from '../common/types.js'
import { builtinCallEstimate } from './builtin-calls.js'
import {
  CONST_COST,
  LIST_CREATE_BASE_COST,
  MAP_CREATE_BASE_COST,
  SELECT_AND_IDENT_COST,
  STRUCT_CREATE_BASE_COST
} from './constants.js'
import { CostNode } from './cost-node.js'
import type { CallEstimate, CallSite, EstimatorNode } from './hooks.js'
import { overloadIdsOf, typeOf, type EstimatorContext } from './options.js'
import { PathSlice } from './path-slice.js'
import { U64_MAX, ZERO, add, sum, union, type CostRange, type SizeRange } from './range.js'

export abstract class CostWalk {
  protected readonly exprPaths = new Map<number, PathSlice | undefined>()
  protected readonly computedSizes = new Map<number, SizeRange>()

  constructor(protected readonly ctx: EstimatorContext) {}

  estimate(): CostRange {
    return this.cost(this.ctx.checked.expr)
  }

  protected cost(e: Expr): CostRange {
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
        return this.costComprehension(e)
      default:
        return ZERO
    }
  }

  // §2.4 Identifier: 1; its path depends on how the release scopes variables.
  protected abstract costIdent(e: IdentExpr): CostRange

  // §2.4 Comprehension: range + init + result + size(range) · (condition + step).
  protected abstract costComprehension(e: ComprehensionExpr): CostRange

  /** The size cel-go's own call rules see for an operand (sizeOrUnknown / sizeEstimate). */
  protected abstract builtinOperandSize(node: EstimatorNode): SizeRange

  /** The computed size a node handed to the hooks carries. */
  protected abstract nodeSize(e: Expr): SizeRange | undefined

  /** Whether a path rooted at `name` is an accumulator's, withheld from the hooks. */
  protected abstract isAccumulatorName(name: string | undefined): boolean

  /**
   * A call's result size after one more of its overloads is estimated; `resultSize` is the
   * union of the estimates so far. The path of an index call is already set.
   */
  protected abstract callResultSize(
    e: CallExpr,
    overloadId: string,
    resultSize: SizeRange | undefined
  ): SizeRange | undefined

  /** Called before cel-go's own rules cost an overload that no estimator answered. */
  protected beforeBuiltinCall(_e: CallExpr, _overloadId: string): void {}

  // §2.4 List literal: 10 plus the elements.
  protected costCreateList(e: ListExpr): CostRange {
    return add(sum(e.elements.map((el) => this.cost(el))), LIST_CREATE_BASE_COST)
  }

  // §2.4 Map literal: 30 plus keys and values.
  protected costCreateMap(e: MapExpr): CostRange {
    let cost = ZERO
    for (const entry of e.entries) {
      cost = add(cost, this.cost(entry.key))
      cost = add(cost, this.cost(entry.value))
    }
    return add(cost, MAP_CREATE_BASE_COST)
  }

  // §2.4 Select: +1 only on maps, messages and type parameters; has() adds the presence cost.
  protected costSelect(e: SelectExpr): CostRange {
    if (e.testOnly) return add(this.ctx.presenceTestCost, this.cost(e.operand))
    let cost = this.cost(e.operand)
    const kind = this.typeOf(e.operand).kind
    if (kind === 'map' || kind === 'struct' || kind === 'type_param') {
      cost = add(cost, SELECT_AND_IDENT_COST)
    }
    this.exprPaths.set(e.id, PathSlice.append(this.getPath(e.operand), e.field))
    return cost
  }

  protected costCall(e: CallExpr): CostRange {
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
      // Index operations extend the path.
      const container = e.args[0]
      if (container !== undefined) {
        if (overloadId === ov.INDEX_LIST) {
          this.exprPaths.set(e.id, PathSlice.append(this.getPath(container), '@items'))
        } else if (overloadId === ov.INDEX_MAP) {
          this.exprPaths.set(e.id, PathSlice.append(this.getPath(container), '@values'))
        }
      }
      resultSize = this.callResultSize(e, overloadId, resultSize)
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
    // §9: up to v0.23 global calls also hand estimators a non-nil target pointer.
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
    this.beforeBuiltinCall(e, overloadId)
    return builtinCallEstimate({
      overloadId,
      target,
      hasTargetPointer: site.hasTargetPointer,
      args,
      argCosts,
      sizeOf: (node) => this.builtinOperandSize(node),
      globalMatchesCosted: this.ctx.behaviour.globalMatchesCosted
    })
  }

  protected typeOf(e: Expr): Type {
    return typeOf(this.ctx.checked, e.id)
  }

  protected getPath(e: Expr): PathSlice | undefined {
    return this.exprPaths.get(e.id)
  }

  /** The node handed to the hooks; accumulator paths are withheld (only root variables have paths). */
  protected newAstNode(e: Expr): EstimatorNode {
    let path = this.getPath(e)
    if (path !== undefined && path.length > 0 && this.isAccumulatorName(path.first())) {
      path = undefined
    }
    return new CostNode(path, this.typeOf(e), e, this.nodeSize(e))
  }

  protected setSize(e: Expr, size: SizeRange | undefined): void {
    if (size !== undefined) this.computedSizes.set(e.id, size)
  }
}
