// The static cost estimator of cel-go v0.17–v0.22 (Kubernetes 1.30–1.32), the "legacy
// estimator" of cel-cost-model.md §9: no entry sizes and no local-variable sizes, an iteration
// variable's path comes from its range's type, every comprehension's size is its range's, and
// dyn() and bind shapes are ordinary calls and comprehensions.

import type { CallExpr, ComprehensionExpr, Expr, IdentExpr, SelectExpr } from '../common/ast.js'
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
import { ACCUMULATOR_NAME, CostNode } from './cost-node.js'
import type { CallEstimate, CallSite, EstimatorNode } from './hooks.js'
import { literalSize, typeSize } from './literal-sizes.js'
import { overloadIdsOf, typeOf, type EstimatorContext } from './options.js'
import { PathSlice } from './path-slice.js'
import {
  U64_MAX,
  UNKNOWN,
  ZERO,
  add,
  multiply,
  sum,
  union,
  type CostRange,
  type SizeRange
} from './range.js'

/** Before v0.23 every call passes a non-nil target pointer, also global ones. */
const LEGACY_CALL_SITE: CallSite = { hasTargetPointer: true }

export class LegacyEstimator {
  private readonly exprPaths = new Map<number, PathSlice | undefined>()
  /** The range expression of each iteration variable in scope, innermost last. */
  private readonly iterRanges = new Map<string, Expr[]>()
  private readonly computedSizes = new Map<number, SizeRange>()

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
        return add(sum(e.elements.map((el) => this.cost(el))), LIST_CREATE_BASE_COST)
      case 'map': {
        let cost = ZERO
        for (const entry of e.entries) {
          cost = add(cost, this.cost(entry.key))
          cost = add(cost, this.cost(entry.value))
        }
        return add(cost, MAP_CREATE_BASE_COST)
      }
      case 'struct':
        return add(sum(e.fields.map((f) => this.cost(f.value))), STRUCT_CREATE_BASE_COST)
      case 'comprehension':
        return this.costComprehension(e)
      default:
        return ZERO
    }
  }

  /**
   * An iteration variable's path is its range's plus `@items` (list) or `@keys` (map), and
   * none over other ranges; every other identifier (accumulator, bind variables, the second
   * variable of two-variable comprehensions) is a root `[name]`.
   */
  private costIdent(e: IdentExpr): CostRange {
    const ranges = this.iterRanges.get(e.name)
    const range = ranges?.[ranges.length - 1]
    if (range !== undefined) {
      const kind = this.typeOf(range).kind
      if (kind === 'list' || kind === 'map') {
        const step = kind === 'list' ? '@items' : '@keys'
        this.exprPaths.set(e.id, PathSlice.append(this.exprPaths.get(range.id), step))
      }
    } else {
      this.exprPaths.set(e.id, PathSlice.of(e.name))
    }
    return SELECT_AND_IDENT_COST
  }

  private costSelect(e: SelectExpr): CostRange {
    if (e.testOnly) return add(this.ctx.presenceTestCost, this.cost(e.operand))
    let cost = this.cost(e.operand)
    const kind = this.typeOf(e.operand).kind
    if (kind === 'map' || kind === 'struct' || kind === 'type_param') {
      cost = add(cost, SELECT_AND_IDENT_COST)
    }
    this.exprPaths.set(e.id, PathSlice.append(this.exprPaths.get(e.operand.id), e.field))
    return cost
  }

  private costCall(e: CallExpr): CostRange {
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
    let fnCost: CostRange = { min: U64_MAX, max: 0n }
    let resultSize: SizeRange | undefined
    for (const overloadId of overloadIds) {
      const estimate = this.functionCost(e, overloadId, targetNode, argNodes, argCosts)
      fnCost = union(fnCost, estimate.cost)
      if (estimate.resultSize !== undefined) {
        resultSize =
          resultSize === undefined ? estimate.resultSize : union(resultSize, estimate.resultSize)
      }
      const container = e.args[0]
      if (container !== undefined) {
        if (overloadId === ov.INDEX_LIST) {
          this.exprPaths.set(e.id, PathSlice.append(this.exprPaths.get(container.id), '@items'))
        } else if (overloadId === ov.INDEX_MAP) {
          this.exprPaths.set(e.id, PathSlice.append(this.exprPaths.get(container.id), '@values'))
        }
      }
    }
    if (resultSize !== undefined) this.computedSizes.set(e.id, resultSize)
    return add(total, fnCost)
  }

  private functionCost(
    e: CallExpr,
    overloadId: string,
    target: EstimatorNode | undefined,
    args: readonly EstimatorNode[],
    argCosts: readonly CostRange[]
  ): CallEstimate {
    const libraryEstimator = this.ctx.overloadEstimators.get(overloadId)
    const answer =
      libraryEstimator?.(this.ctx.hooks, target, args, LEGACY_CALL_SITE) ??
      this.ctx.hooks.estimateCallCost(e.function, overloadId, target, args, LEGACY_CALL_SITE)
    if (answer !== undefined) {
      const cost = add(answer.cost, sum(argCosts))
      return answer.resultSize === undefined ? { cost } : { cost, resultSize: answer.resultSize }
    }
    return builtinCallEstimate({
      overloadId,
      target,
      hasTargetPointer: true,
      args,
      argCosts,
      sizeOf: (node) => this.sizeEstimate(node),
      globalMatchesCosted: false
    })
  }

  private costComprehension(e: ComprehensionExpr): CostRange {
    let cost = add(this.cost(e.iterRange), this.cost(e.accuInit))
    // Only the first iteration variable is tracked.
    const ranges = this.iterRanges.get(e.iterVar)
    if (ranges === undefined) this.iterRanges.set(e.iterVar, [e.iterRange])
    else ranges.push(e.iterRange)
    const loopCost = this.cost(e.loopCondition)
    const stepCost = this.cost(e.loopStep)
    this.iterRanges.get(e.iterVar)!.pop()
    cost = add(cost, this.cost(e.result))
    const rangeCount = this.sizeEstimate(this.newAstNode(e.iterRange))
    this.computedSizes.set(e.id, rangeCount)
    return add(cost, multiply(rangeCount, add(stepCost, loopCost)))
  }

  private typeOf(e: Expr): Type {
    return typeOf(this.ctx.checked, e.id)
  }

  /** A node for the hooks: the accumulator's path is withheld; the size is computed or literal. */
  private newAstNode(e: Expr): EstimatorNode {
    let path = this.exprPaths.get(e.id)
    if (path !== undefined && path.length > 0 && path.first() === ACCUMULATOR_NAME) {
      path = undefined
    }
    const computed = this.computedSizes.get(e.id) ?? literalSize(e)
    return new CostNode(path, this.typeOf(e), e, computed)
  }

  /** Legacy size lookup: computed size, the hooks, scalar type, else unknown. */
  private sizeEstimate(node: EstimatorNode): SizeRange {
    return (
      node.computedSize ??
      this.ctx.hooks.estimateSize(node) ??
      typeSize(node.type, false) ??
      UNKNOWN
    )
  }
}
