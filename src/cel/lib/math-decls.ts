// Declarations of cel-go's math extension library (ext.Math, ext/math.go in v0.26). The
// math.greatest and math.least macros are the parser's; they expand into calls of math.@max and
// math.@min, declared here with the library's version-1 and version-2 functions.

import type { DeclarationLibrary } from '../checker/env.js'
import { fn, fnOf, overload, type FunctionDecl, type OverloadDecl } from '../checker/decls.js'
import { BOOL, DOUBLE, DYN, INT, UINT, listType, type Type } from '../common/types.js'

export const MATH_LIBRARY_LATEST = Number.MAX_SAFE_INTEGER

export interface MathLibraryOptions {
  /** ext.MathVersion; default: every version (cel-go's default). */
  readonly version?: number
}

const NUMERIC: readonly Type[] = [DOUBLE, INT, UINT]

/** The mixed-type pairs in cel-go's declaration order; their result is dyn. */
const MIXED_PAIRS: readonly [Type, Type][] = [
  [INT, UINT],
  [INT, DOUBLE],
  [DOUBLE, INT],
  [DOUBLE, UINT],
  [UINT, INT],
  [UINT, DOUBLE]
]

/** math.@min / math.@max: one number, two numbers, or a list of one numeric type. */
function extremum(name: string): FunctionDecl {
  const prefix = name.replace('math.', 'math_')
  const overloads: OverloadDecl[] = []
  for (const t of NUMERIC) overloads.push(overload(`${prefix}_${t.name}`, [t], t))
  for (const t of NUMERIC) overloads.push(overload(`${prefix}_${t.name}_${t.name}`, [t, t], t))
  for (const [a, b] of MIXED_PAIRS) {
    overloads.push(overload(`${prefix}_${a.name}_${b.name}`, [a, b], DYN))
  }
  for (const t of NUMERIC) overloads.push(overload(`${prefix}_list_${t.name}`, [listType(t)], t))
  return fnOf(name, overloads)
}

function unaryDouble(name: string, result: Type): FunctionDecl {
  const id = `${name.replace('math.', 'math_')}_double`
  return fn(name, overload(id, [DOUBLE], result))
}

/** A function with one overload per numeric type, named `math_<fn>_<type>`. */
function perNumericType(name: string, result: (t: Type) => Type): FunctionDecl {
  const prefix = name.replace('math.', 'math_')
  return fnOf(
    name,
    NUMERIC.map((t) => overload(`${prefix}_${t.name}`, [t], result(t)))
  )
}

/** Bitwise functions: ids end in the argument types (bitNot repeats its own, as cel-go does). */
function bitwise(name: string, args: (t: Type) => Type[], idSuffix: (t: Type) => string) {
  const prefix = name.replace('math.', 'math_')
  return fnOf(
    name,
    [INT, UINT].map((t) => overload(`${prefix}_${idSuffix(t)}`, args(t), t))
  )
}

export function mathFunctions(options: MathLibraryOptions = {}): FunctionDecl[] {
  const version = options.version ?? MATH_LIBRARY_LATEST
  const fns = [extremum('math.@min'), extremum('math.@max')]
  if (version >= 1) {
    const pair = (t: Type): string => `${t.name}_${t.name}`
    const shifted = (t: Type): string => `${t.name}_int`
    fns.push(
      unaryDouble('math.ceil', DOUBLE),
      unaryDouble('math.floor', DOUBLE),
      unaryDouble('math.round', DOUBLE),
      unaryDouble('math.trunc', DOUBLE),
      unaryDouble('math.isInf', BOOL),
      unaryDouble('math.isNaN', BOOL),
      unaryDouble('math.isFinite', BOOL),
      perNumericType('math.abs', (t) => t),
      perNumericType('math.sign', (t) => t),
      bitwise('math.bitAnd', (t) => [t, t], pair),
      bitwise('math.bitOr', (t) => [t, t], pair),
      bitwise('math.bitXor', (t) => [t, t], pair),
      bitwise('math.bitNot', (t) => [t], pair),
      bitwise('math.bitShiftLeft', (t) => [t, INT], shifted),
      bitwise('math.bitShiftRight', (t) => [t, INT], shifted)
    )
  }
  if (version >= 2) fns.push(perNumericType('math.sqrt', () => DOUBLE))
  return fns
}

/** ext.Math(ext.MathVersion(version)). */
export function mathLibrary(options: MathLibraryOptions = {}): DeclarationLibrary {
  return { functions: mathFunctions(options) }
}
