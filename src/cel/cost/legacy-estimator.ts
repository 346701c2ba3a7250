// The static cost estimator of cel-go v0.17–v0.22 (Kubernetes 1.30–1.32), the "legacy
// estimator" of cel-cost-model.md §9. It shares the walk of CostWalk with the current
// estimator and differs only where those releases did: no entry sizes and no local-variable
// sizes, an iteration variable's path comes from its range's type, every comprehension's size
// is its range's, dyn() and bind shapes are ordinary calls and comprehensions, and sizes are
// looked up computed → hooks → scalar type → unknown.

import type { CallExpr, ComprehensionExpr, Expr, IdentExpr } from '../common/ast.js'
import { SELECT_AND_IDENT_COST } from './constants.js'
import { ACCUMULATOR_NAME } from './cost-node.js'
import { CostWalk } from './cost-walk.js'
import type { EstimatorNode } from './hooks.js'
import { literalSize, typeSize } from './literal-sizes.js'
import { PathSlice } from './path-slice.js'
import { UNKNOWN, add, multiply, type CostRange, type SizeRange } from './range.js'

export class LegacyEstimator extends CostWalk {
  /** The range expression of each iteration variable in scope, innermost last. */
  private readonly iterRanges = new Map<string, Expr[]>()

  /**
   * An iteration variable's path is its range's plus `@items` (list) or `@keys` (map), and
   * none over other ranges; every other identifier (accumulator, bind variables, the second
   * variable of two-variable comprehensions) is a root `[name]`.
   */
  protected costIdent(e: IdentExpr): CostRange {
    const ranges = this.iterRanges.get(e.name)
    const range = ranges?.[ranges.length - 1]
    if (range !== undefined) {
      const kind = this.typeOf(range).kind
      if (kind === 'list' || kind === 'map') {
        const step = kind === 'list' ? '@items' : '@keys'
        this.exprPaths.set(e.id, PathSlice.append(this.getPath(range), step))
      }
    } else {
      this.exprPaths.set(e.id, PathSlice.of(e.name))
    }
    return SELECT_AND_IDENT_COST
  }

  protected costComprehension(e: ComprehensionExpr): CostRange {
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

  /** Call results keep only the sizes the estimators gave; index results are unsized. */
  protected callResultSize(
    _e: CallExpr,
    _overloadId: string,
    resultSize: SizeRange | undefined
  ): SizeRange | undefined {
    return resultSize
  }

  protected builtinOperandSize(node: EstimatorNode): SizeRange {
    return this.sizeEstimate(node)
  }

  /** Only computed and literal sizes travel with a node. */
  protected nodeSize(e: Expr): SizeRange | undefined {
    return this.computedSizes.get(e.id) ?? literalSize(e)
  }

  /** These releases predate the hidden accumulator name. */
  protected isAccumulatorName(name: string | undefined): boolean {
    return name === ACCUMULATOR_NAME
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
