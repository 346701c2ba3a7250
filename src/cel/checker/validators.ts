// Checks that run on a successfully type-checked expression (cel-go cel.ASTValidators), and the
// homogeneous aggregate literal check Kubernetes enables (cel.HomogeneousAggregateLiterals).

import type { Expr } from '../common/ast.js'
import type { CheckedExpr } from '../common/checked.js'
import { isEquivalentType, type Type } from '../common/types.js'

export interface ValidationContext {
  readonly checked: CheckedExpr
  /** Functions whose arguments are exempt from the homogeneous literal check. */
  readonly homogeneousLiteralExemptFunctions: ReadonlySet<string>
  /** Reports an error at the start location of an expression id. */
  report(exprId: number, message: string): void
}

export interface AstValidator {
  readonly name: string
  validate(context: ValidationContext): void
}

/** Post-order walk, as cel-go's ast.MatchDescendants visits, with the enclosing call names. */
function visitPostOrder(
  e: Expr,
  callers: string[],
  visit: (e: Expr, callers: string[]) => void
): void {
  switch (e.kind) {
    case 'call':
      callers.push(e.function)
      if (e.target !== undefined) visitPostOrder(e.target, callers, visit)
      for (const a of e.args) visitPostOrder(a, callers, visit)
      callers.pop()
      break
    case 'comprehension':
      for (const c of [e.iterRange, e.accuInit, e.loopCondition, e.loopStep, e.result]) {
        visitPostOrder(c, callers, visit)
      }
      break
    case 'list':
      for (const el of e.elements) visitPostOrder(el, callers, visit)
      break
    case 'map':
      for (const entry of e.entries) {
        visitPostOrder(entry.key, callers, visit)
        visitPostOrder(entry.value, callers, visit)
      }
      break
    case 'select':
      visitPostOrder(e.operand, callers, visit)
      break
    case 'struct':
      for (const f of e.fields) visitPostOrder(f.value, callers, visit)
      break
    default:
      break
  }
  visit(e, callers)
}

/** Every list and map literal must have elements (keys, values) of one type. */
export const HOMOGENEOUS_AGGREGATE_LITERALS: AstValidator = {
  name: 'cel.validator.homogeneous_literals',
  validate(ctx) {
    const { checked } = ctx
    const typeOf = (id: number): Type | undefined => checked.typeMap.get(id)
    const mismatch = (id: number, expected: Type, actual: Type): void =>
      ctx.report(id, `expected type '${expected.format()}' but found '${actual.format()}'`)
    const lists: Expr[] = []
    const maps: Expr[] = []
    visitPostOrder(checked.expr, [], (e, callers) => {
      if (e.kind !== 'list' && e.kind !== 'map') return
      if (callers.some((c) => ctx.homogeneousLiteralExemptFunctions.has(c))) return
      ;(e.kind === 'list' ? lists : maps).push(e)
    })
    for (const l of lists) {
      if (l.kind !== 'list') continue
      let elemType: Type | undefined
      for (let i = 0; i < l.elements.length; i++) {
        const el = l.elements[i]!
        let t = typeOf(el.id)
        if (t === undefined) continue
        if (l.optionalIndices.includes(i)) t = t.params[0] ?? t
        if (elemType === undefined) {
          elemType = t
        } else if (!isEquivalentType(elemType, t)) {
          mismatch(el.id, elemType, t)
          break
        }
      }
    }
    for (const m of maps) {
      if (m.kind !== 'map') continue
      let keyType: Type | undefined
      let valueType: Type | undefined
      for (const entry of m.entries) {
        const kt = typeOf(entry.key.id)
        let vt = typeOf(entry.value.id)
        if (kt === undefined || vt === undefined) continue
        if (entry.optional) vt = vt.params[0] ?? vt
        if (keyType === undefined || valueType === undefined) {
          keyType = kt
          valueType = vt
          continue
        }
        if (!isEquivalentType(keyType, kt)) mismatch(entry.key.id, keyType, kt)
        if (!isEquivalentType(valueType, vt)) mismatch(entry.value.id, valueType, vt)
      }
    }
  }
}
