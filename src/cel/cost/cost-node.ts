// The EstimatorNode the estimators hand to hooks: the path is read from its Go-style slice
// whenever asked, so it reflects later writes to a shared backing array as cel-go's does.

import type { Expr } from '../common/ast.js'
import type { Type } from '../common/types.js'
import type { EstimatorNode } from './hooks.js'
import type { PathSlice } from './path-slice.js'
import type { SizeRange } from './range.js'

export class CostNode implements EstimatorNode {
  constructor(
    private readonly pathSlice: PathSlice | undefined,
    readonly type: Type,
    readonly expr: Expr,
    readonly computedSize: SizeRange | undefined
  ) {}

  get path(): readonly string[] | undefined {
    return this.pathSlice?.toArray()
  }
}

/** cel-go parser.AccumulatorName, the accumulator of macros unless the hidden name is used. */
export const ACCUMULATOR_NAME = '__result__'
/** cel-go parser.HiddenAccumulatorName. */
export const HIDDEN_ACCUMULATOR_NAME = '@result'
