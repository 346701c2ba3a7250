// The checked AST debug form of cel-go's checker tests (checker.Print): every node followed by
// `~type` and, for identifiers, calls, selections and literals with a reference, `^name` or the
// sorted overload ids joined with '|'.

import type { CheckedExpr } from '../common/checked.js'
import { toDebugString, type Adorner } from '../common/debug.js'

const REFERENCED_KINDS: ReadonlySet<string> = new Set(['ident', 'call', 'list', 'struct', 'select'])

export function semanticAdorner(checked: CheckedExpr): Adorner {
  return {
    metadata(el) {
      if (el.kind !== 'expr') return ''
      const e = el.expr
      let out = ''
      const t = checked.typeMap.get(e.id)
      if (t !== undefined) out += `~${t.format()}`
      if (REFERENCED_KINDS.has(e.kind)) {
        const ref = checked.referenceMap.get(e.id)
        if (ref !== undefined) {
          out +=
            ref.overloadIds.length === 0
              ? `^${ref.name ?? ''}`
              : `^${[...ref.overloadIds].sort().join('|')}`
        }
      }
      return out
    }
  }
}

/** The checked expression printed with its types and references (cel-go checker.Print). */
export function printChecked(checked: CheckedExpr): string {
  return toDebugString(checked.expr, semanticAdorner(checked))
}
