// A type-checked expression (cel-go's checked ast.AST): the rewritten expression plus the type
// and the resolved reference of every node, keyed by expression id.

import type { Constant, ParsedExpr } from './ast.js'
import type { Type } from './types.js'

/**
 * What an identifier or call resolved to. Identifiers (and struct type names) carry the fully
 * qualified `name` (and a `value` for enum constants); calls carry every overload id whose
 * signature matched, in declaration order.
 */
export interface Reference {
  readonly name?: string
  readonly overloadIds: readonly string[]
  readonly value?: Constant
}

export interface CheckedExpr extends ParsedExpr {
  readonly typeMap: ReadonlyMap<number, Type>
  readonly referenceMap: ReadonlyMap<number, Reference>
}
