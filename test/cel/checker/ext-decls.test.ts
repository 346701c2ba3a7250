// The declaration libraries of cel-go's math, encoders and bindings extensions (v0.26
// ext/math.go, ext/encoders.go, ext/bindings.go): overload ids and order as cel-go declares
// them, version gating, and an implementation in the interpreter for every declared overload.

import { describe, expect, test } from '@jest/globals'
import { CheckerEnv } from '../../../src/cel/checker/index.js'
import { defaultLibraries } from '../../../src/cel/interpreter/libraries.js'
import { bindingsLibrary } from '../../../src/cel/lib/bindings-decls.js'
import { encodersLibrary } from '../../../src/cel/lib/encoders-decls.js'
import { mathFunctions, mathLibrary } from '../../../src/cel/lib/math-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import type { DeclarationLibrary } from '../../../src/cel/checker/index.js'
import { MATH_GREATEST_MACRO, MATH_LEAST_MACRO } from '../../../src/cel/parser/macros.js'
import { standardMacros } from '../../../src/cel/parser/options.js'
import { BLOCK_TEST_MACROS } from '../interpreter/suite-support.js'
import { compile as compileWith } from './compile.js'

// math.greatest/least expand into math.@max/@min; cel.block (cel-go's conformance test macro)
// into cel.@block: names the source text cannot spell.
const MACROS = [
  ...standardMacros('0.26'),
  MATH_GREATEST_MACRO,
  MATH_LEAST_MACRO,
  ...BLOCK_TEST_MACROS
]

const compile = (expr: string, env: CheckerEnv) => compileWith(expr, env, { macros: MACROS })

function ids(lib: DeclarationLibrary): string[] {
  return (lib.functions ?? []).flatMap((f) => f.overloads.map((o) => `${f.name} ${o.id}`))
}

const extremum = (fn: string): string[] =>
  [
    'double',
    'int',
    'uint',
    'double_double',
    'int_int',
    'uint_uint',
    'int_uint',
    'int_double',
    'double_int',
    'double_uint',
    'uint_int',
    'uint_double',
    'list_double',
    'list_int',
    'list_uint'
  ].map((s) => `math.${fn} math_${fn}_${s}`)

describe('ext.Math declarations', () => {
  test('version 0: math.@min and math.@max, in cel-go order', () => {
    expect(ids(mathLibrary({ version: 0 }))).toEqual([...extremum('@min'), ...extremum('@max')])
  })

  test('version 1 adds rounding, floating point, sign and bitwise functions', () => {
    expect(ids(mathLibrary({ version: 1 })).slice(30)).toEqual([
      'math.ceil math_ceil_double',
      'math.floor math_floor_double',
      'math.round math_round_double',
      'math.trunc math_trunc_double',
      'math.isInf math_isInf_double',
      'math.isNaN math_isNaN_double',
      'math.isFinite math_isFinite_double',
      'math.abs math_abs_double',
      'math.abs math_abs_int',
      'math.abs math_abs_uint',
      'math.sign math_sign_double',
      'math.sign math_sign_int',
      'math.sign math_sign_uint',
      'math.bitAnd math_bitAnd_int_int',
      'math.bitAnd math_bitAnd_uint_uint',
      'math.bitOr math_bitOr_int_int',
      'math.bitOr math_bitOr_uint_uint',
      'math.bitXor math_bitXor_int_int',
      'math.bitXor math_bitXor_uint_uint',
      'math.bitNot math_bitNot_int_int',
      'math.bitNot math_bitNot_uint_uint',
      'math.bitShiftLeft math_bitShiftLeft_int_int',
      'math.bitShiftLeft math_bitShiftLeft_uint_int',
      'math.bitShiftRight math_bitShiftRight_int_int',
      'math.bitShiftRight math_bitShiftRight_uint_int'
    ])
  })

  test('version 2 adds math.sqrt; the default is every version', () => {
    expect(ids(mathLibrary({ version: 2 })).slice(55)).toEqual([
      'math.sqrt math_sqrt_double',
      'math.sqrt math_sqrt_int',
      'math.sqrt math_sqrt_uint'
    ])
    expect(ids(mathLibrary())).toEqual(ids(mathLibrary({ version: 2 })))
  })

  test('mixed-type pairs are dyn; lists of one numeric type keep it', () => {
    const env = new CheckerEnv({ libraries: [standardLibrary(), mathLibrary()] })
    expect(compile('math.greatest(1, 2u)', env).type).toBe('dyn')
    expect(compile('math.least([1.5, 2.5])', env).type).toBe('double')
    expect(compile('math.sqrt(4)', env).type).toBe('double')
    expect(compile("math.abs('a')", env).errors).toContain(
      "found no matching overload for 'math.abs' applied to '(string)'"
    )
  })
})

describe('ext.Encoders declarations', () => {
  test('base64.decode and base64.encode', () => {
    expect(ids(encodersLibrary())).toEqual([
      'base64.decode base64_decode_string',
      'base64.encode base64_encode_bytes'
    ])
    const env = new CheckerEnv({ libraries: [standardLibrary(), encodersLibrary()] })
    expect(compile("base64.decode('aGVsbG8=')", env).type).toBe('bytes')
    expect(compile("base64.encode(b'hello')", env).type).toBe('string')
  })
})

describe('ext.Bindings declarations', () => {
  test('version 1 declares cel.@block, typed as its expression', () => {
    expect(ids(bindingsLibrary({ version: 0 }))).toEqual([])
    expect(ids(bindingsLibrary())).toEqual(['cel.@block cel_block_list'])
    const env = new CheckerEnv({ libraries: [standardLibrary(), bindingsLibrary()] })
    expect(compile("cel.block([1, 'a'], 'x')", env).type).toBe('string')
  })

  test('its bindings are exempt from the homogeneous literal check', () => {
    const env = new CheckerEnv({
      libraries: [standardLibrary(), bindingsLibrary()],
      homogeneousAggregateLiterals: true
    })
    expect(compile("cel.block([1, 'a'], 2)", env).errors).toBe('')
    expect(compile("[1, 'a'].size()", env).errors).toContain("expected type 'int'")
  })
})

test('every declared extension overload has an implementation in the interpreter', () => {
  const dispatcher = defaultLibraries({}).dispatcher([])
  const declared = [...mathFunctions(), ...(encodersLibrary().functions ?? [])]
  const missing = declared.flatMap((f) =>
    f.overloads.filter((o) => dispatcher.find(o.id) === undefined).map((o) => o.id)
  )
  expect(missing).toEqual([])
})
