/**
 * cel-go's debug form: constants printed with Go's formatting (strconv.Quote, %v for doubles),
 * the layout of each node kind, and the adorners.
 */
import { describe, expect, it } from '@jest/globals'
import {
  Ast,
  formatConstant,
  kindAdorner,
  parse,
  toDebugString,
  type Constant
} from '../../src/cel/parser/index.js'

const double = (value: number): string => formatConstant({ type: 'double', value })

describe('constants', () => {
  it('prints doubles like Go %v', () => {
    expect(double(2)).toBe('2')
    expect(double(-4.1)).toBe('-4.1')
    expect(double(0.0001)).toBe('0.0001')
    expect(double(0.00001)).toBe('1e-05')
    expect(double(123456)).toBe('123456')
    expect(double(1e6)).toBe('1e+06')
    expect(double(299792000)).toBe('2.99792e+08')
    expect(double(1.8446744073709552e19)).toBe('1.8446744073709552e+19')
    expect(double(1e100)).toBe('1e+100')
    expect(double(-0)).toBe('-0')
    expect(double(Number.NaN)).toBe('NaN')
    expect(double(Infinity)).toBe('+Inf')
    expect(double(-Infinity)).toBe('-Inf')
  })

  it('quotes strings like strconv.Quote', () => {
    const str = (value: string): string => formatConstant({ type: 'string', value })
    expect(str('a"b\\c')).toBe(String.raw`"a\"b\\c"`)
    expect(str('\x07\b\f\n\r\t\v')).toBe(String.raw`"\a\b\f\n\r\t\v"`)
    expect(str('\x00\x1f\x7f')).toBe(String.raw`"\x00\x1f\x7f"`)
    expect(str('é❤😁')).toBe('"é❤😁"')
    expect(str('\u00a0\u200b\u{e0001}')).toBe(String.raw`"\u00a0\u200b\U000e0001"`)
  })

  it('quotes bytes as Go strings of those bytes', () => {
    const bytes = (...b: number[]): string =>
      formatConstant({ type: 'bytes', value: new Uint8Array(b) })
    expect(bytes(0x61, 0x62)).toBe('b"ab"')
    expect(bytes(0xc3, 0xa9)).toBe('b"é"')
    expect(bytes(0xff, 0x00, 0xc3)).toBe(String.raw`b"\xff\x00\xc3"`)
    expect(bytes(0xed, 0xa0, 0x80)).toBe(String.raw`b"\xed\xa0\x80"`)
  })

  it('prints the other constant kinds', () => {
    const cases: [Constant, string][] = [
      [{ type: 'int', value: -9223372036854775808n }, '-9223372036854775808'],
      [{ type: 'uint', value: 18446744073709551615n }, '18446744073709551615u'],
      [{ type: 'bool', value: true }, 'true'],
      [{ type: 'null' }, 'null']
    ]
    for (const [c, text] of cases) expect(formatConstant(c)).toBe(text)
  })
})

describe('layout', () => {
  it('indents calls, lists, maps, messages and comprehensions', () => {
    const r = parse('M{f: [1, {"k": 2}]}.g(x).exists(y, y)', { accumulatorName: '__result__' })
    expect(toDebugString(r.ast!.expr)).toBe(
      [
        '__comprehension__(',
        '  // Variable',
        '  y,',
        '  // Target',
        '  M{',
        '    f:[',
        '      1,',
        '      {',
        '        "k":2',
        '      }',
        '    ]',
        '  }.g(',
        '    x',
        '  ),',
        '  // Accumulator',
        '  __result__,',
        '  // Init',
        '  false,',
        '  // LoopCondition',
        '  @not_strictly_false(',
        '    !_(',
        '      __result__',
        '    )',
        '  ),',
        '  // LoopStep',
        '  _||_(',
        '    __result__,',
        '    y',
        '  ),',
        '  // Result',
        '  __result__)'
      ].join('\n')
    )
  })

  it('prints the second iteration variable and empty aggregates', () => {
    const e = Ast.comprehension(
      9,
      Ast.list(1, []),
      'k',
      'v',
      '@result',
      Ast.map(2, []),
      Ast.constant(3, { type: 'bool', value: true }),
      Ast.ident(4, 'x'),
      Ast.struct(5, 'T', [])
    )
    expect(toDebugString(e, kindAdorner())).toBe(
      [
        '__comprehension__(',
        '  // Variable',
        '  k,',
        '  v,',
        '  // Target',
        '  []^#*expr.Expr_ListExpr#,',
        '  // Accumulator',
        '  @result,',
        '  // Init',
        '  {}^#*expr.Expr_StructExpr#,',
        '  // LoopCondition',
        '  true^#*expr.Constant_BoolValue#,',
        '  // LoopStep',
        '  x^#*expr.Expr_IdentExpr#,',
        '  // Result',
        '  T{}^#*expr.Expr_StructExpr#)^#*expr.Expr_ComprehensionExpr#'
      ].join('\n')
    )
  })

  it('adorns entries of maps and messages', () => {
    const r = parse('{1: 2}')
    expect(toDebugString(r.ast!.expr, kindAdorner())).toBe(
      '{\n  1^#*expr.Constant_Int64Value#:2^#*expr.Constant_Int64Value#^#*expr.Expr_CreateStruct_Entry#\n}^#*expr.Expr_StructExpr#'
    )
  })
})
