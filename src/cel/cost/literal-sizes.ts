// Sizes the estimator knows without asking (cel-cost-model.md §2.3 steps 2 and 4).

import type { Expr } from '../common/ast.js'
import { OPTIONAL_TYPE_NAME, type Type } from '../common/types.js'
import { fixed, type SizeRange } from './range.js'

/**
 * Size of a literal (cel-go computeExprSize): code points of a string, bytes of a bytes value,
 * 1 for other scalars, the element count of a list or map literal.
 */
export function literalSize(e: Expr): SizeRange | undefined {
  switch (e.kind) {
    case 'const':
      switch (e.value.type) {
        case 'string':
          return fixed(codePointCount(e.value.value))
        case 'bytes':
          return fixed(e.value.value.length)
        default:
          return fixed(1n)
      }
    case 'list':
      return fixed(e.elements.length)
    case 'map':
      return fixed(e.entries.length)
    default:
      return undefined
  }
}

function codePointCount(s: string): number {
  let n = 0
  for (const _ of s) n++
  return n
}

const SCALAR_KINDS: ReadonlySet<string> = new Set([
  'bool',
  'double',
  'duration',
  'int',
  'timestamp',
  'uint'
])

/**
 * Whether values of the type have size 1 (cel-go isScalar). Strings, bytes, containers,
 * messages, dyn and type values are not scalar; since v0.23 an optional of a scalar is.
 */
export function isScalarType(t: Type, optionalOfScalar: boolean): boolean {
  if (SCALAR_KINDS.has(t.kind)) return true
  if (optionalOfScalar && t.kind === 'opaque' && t.name === OPTIONAL_TYPE_NAME) {
    const param = t.params[0]
    return param !== undefined && isScalarType(param, optionalOfScalar)
  }
  return false
}

/** cel-go computeTypeSize: F(1) for scalar types. */
export function typeSize(t: Type, optionalOfScalar: boolean): SizeRange | undefined {
  return isScalarType(t, optionalOfScalar) ? fixed(1n) : undefined
}
