/**
 * Parser behaviour beyond the cel-spec table: node ids, positions and offsets, options,
 * version-dependent behaviour, the extension macros, and hostile input.
 */
import { describe, expect, it } from '@jest/globals'
import {
  BIND_MACRO,
  MATH_GREATEST_MACRO,
  MATH_LEAST_MACRO,
  OPT_FLAT_MAP_MACRO,
  OPT_MAP_MACRO,
  SORT_BY_MACRO,
  Source,
  TWO_VAR_COMPREHENSION_MACROS,
  allMacros,
  kindAndIdAdorner,
  locationAdorner,
  parse,
  resolveParserOptions,
  standardMacros,
  toDebugString,
  type Expr,
  type ParserOptions
} from '../../src/cel/parser/index.js'

/** Debug form with ids (and macro names for expansions), whitespace-insensitive. */
function tree(expr: string, options: ParserOptions = {}): string {
  const r = parse(expr, { populateMacroCalls: true, ...options })
  if (r.ast === undefined) throw new Error(r.errorText)
  return toDebugString(r.ast.expr, kindAndIdAdorner(r.ast.sourceInfo)).replace(/\s+/g, '')
}

function flat(s: string): string {
  return s.replace(/\s+/g, '')
}

function errors(expr: string, options: ParserOptions = {}): string {
  const r = parse(expr, options)
  expect(r.ast).toBeUndefined()
  return r.errorText
}

const EXTENDED: ParserOptions = {
  macros: [
    ...allMacros(),
    ...TWO_VAR_COMPREHENSION_MACROS,
    BIND_MACRO,
    OPT_MAP_MACRO,
    OPT_FLAT_MAP_MACRO,
    SORT_BY_MACRO,
    MATH_GREATEST_MACRO,
    MATH_LEAST_MACRO
  ]
}

describe('node ids', () => {
  it('numbers operands before the operator of binary calls', () => {
    expect(tree('a + b * c')).toBe(
      flat(`_+_(a^#1:*expr.Expr_IdentExpr#, _*_(b^#3:*expr.Expr_IdentExpr#,
        c^#5:*expr.Expr_IdentExpr#)^#4:*expr.Expr_CallExpr#)^#2:*expr.Expr_CallExpr#`)
    )
  })

  it('numbers unary and ternary operators before their operands', () => {
    expect(tree('!a ? -b : c')).toBe(
      flat(`_?_:_(!_(a^#2:*expr.Expr_IdentExpr#)^#1:*expr.Expr_CallExpr#,
        -_(b^#5:*expr.Expr_IdentExpr#)^#4:*expr.Expr_CallExpr#,
        c^#6:*expr.Expr_IdentExpr#)^#3:*expr.Expr_CallExpr#`)
    )
  })

  it('balances chains of && and ||, or makes them variadic on request', () => {
    expect(tree('a && b && c && d')).toBe(
      flat(`_&&_(_&&_(a^#1:*expr.Expr_IdentExpr#, b^#2:*expr.Expr_IdentExpr#)^#3:*expr.Expr_CallExpr#,
        _&&_(c^#4:*expr.Expr_IdentExpr#, d^#6:*expr.Expr_IdentExpr#)^#7:*expr.Expr_CallExpr#)^#5:*expr.Expr_CallExpr#`)
    )
    expect(tree('a || b || c', { enableVariadicOperatorASTs: true })).toBe(
      flat(`_||_(a^#1:*expr.Expr_IdentExpr#, b^#2:*expr.Expr_IdentExpr#,
        c^#4:*expr.Expr_IdentExpr#)^#3:*expr.Expr_CallExpr#`)
    )
  })

  it('folds a minus into number literals but not into other operands', () => {
    expect(tree('-1')).toBe('-1^#1:*expr.Constant_Int64Value#')
    expect(tree('- 2.5')).toBe('-2.5^#1:*expr.Constant_DoubleValue#')
    expect(tree('--1')).toBe('1^#1:*expr.Constant_Int64Value#')
    expect(tree('---1')).toBe('-_(1^#2:*expr.Constant_Int64Value#)^#1:*expr.Expr_CallExpr#')
    expect(tree('-1u')).toBe('-_(1u^#2:*expr.Constant_Uint64Value#)^#1:*expr.Expr_CallExpr#')
    expect(tree('4--4')).toBe(
      flat(
        `_-_(4^#1:*expr.Constant_Int64Value#, -4^#3:*expr.Constant_Int64Value#)^#2:*expr.Expr_CallExpr#`
      )
    )
    expect(tree('-1.size()')).toBe(
      flat('-1^#1:*expr.Constant_Int64Value#.size()^#2:*expr.Expr_CallExpr#')
    )
  })

  it('records macro expansions with the original call', () => {
    const r = parse('m.exists(v, f)', { populateMacroCalls: true, accumulatorName: '__result__' })
    const si = r.ast!.sourceInfo
    expect([...si.macroCalls.keys()]).toEqual([12])
    const call = si.macroCalls.get(12)!
    expect(toDebugString(call, kindAndIdAdorner(si)).replace(/\s+/g, '')).toBe(
      flat(
        `m^#1:*expr.Expr_IdentExpr#.exists(v^#3:*expr.Expr_IdentExpr#, f^#4:*expr.Expr_IdentExpr#)^#0:*expr.Expr_CallExpr#`
      )
    )
    // The call's own id (2) was given back; the expansion's nodes carry the call's position.
    expect(si.offsetRanges.has(2)).toBe(false)
    expect(si.startLocation(12)).toEqual({ line: 1, column: 8 })
  })
})

describe('positions and offsets', () => {
  it('records line and column of every node', () => {
    const r = parse('a &&\n  b.c[0]')
    expect(flat(toDebugString(r.ast!.expr, locationAdorner(r.ast!.sourceInfo)))).toBe(
      flat(`_&&_(a^#1[1,0]#, _[_](b^#2[2,2]#.c^#3[2,3]#, 0^#5[2,6]#)^#4[2,5]#)^#6[1,2]#`)
    )
  })

  it('gives error offsets in code points, mappable to UTF-16 offsets', () => {
    const r = parse("'😁' + 😁")
    expect(r.errors).toHaveLength(2)
    const first = r.errors[0]!
    expect(first.location).toEqual({ line: 1, column: 6 })
    expect(first.offset).toBe(6)
    expect(r.source.utf16Offset(first.offset)).toBe(7)
    expect(r.errorText).toContain(" | '😁' + 😁\n | .．....＾")
  })

  it('uses offsets relative to the whole text on later lines', () => {
    const r = parse('a +\n  b +\n  @')
    const e = r.errors[0]!
    expect(e.location).toEqual({ line: 3, column: 2 })
    expect(e.offset).toBe(12)
    expect(r.source.slice(e.offset, e.offset + 1)).toBe('@')
  })

  it('reports locationless errors with offset -1', () => {
    const r = parse('('.repeat(300) + '1' + ')'.repeat(300))
    expect(r.errors).toEqual([
      {
        message: 'expression recursion limit exceeded: 250',
        location: { line: -1, column: -1 },
        offset: -1,
        exprId: 0
      }
    ])
    expect(r.errorText).toBe('ERROR: <input>:-1:0: expression recursion limit exceeded: 250')
  })

  it('maps positions through Source', () => {
    const source = new Source('ab\ncd😁e\n', 'rule.cel')
    expect(source.size).toBe(8)
    expect(source.lineOffsets).toEqual([3, 8, 9])
    expect(source.snippet(2)).toBe('cd😁e')
    expect(source.snippet(3)).toBe('')
    expect(source.locationOfOffset(6)).toEqual({ line: 2, column: 3 })
    expect(source.computeOffset(2, 3)).toBe(6)
    expect(source.utf16Offset(6)).toBe(7)
  })
})

describe('literals', () => {
  it('checks the ranges of numbers', () => {
    expect(tree('9223372036854775807')).toBe('9223372036854775807^#1:*expr.Constant_Int64Value#')
    expect(tree('-9223372036854775808')).toBe('-9223372036854775808^#1:*expr.Constant_Int64Value#')
    expect(tree('0x7FFFFFFFFFFFFFFF')).toBe('9223372036854775807^#1:*expr.Constant_Int64Value#')
    expect(tree('18446744073709551615u')).toBe(
      '18446744073709551615u^#1:*expr.Constant_Uint64Value#'
    )
    expect(errors('9223372036854775808')).toContain('invalid int literal')
    expect(errors('18446744073709551616u')).toContain('invalid uint literal')
    expect(errors('1e309')).toContain('invalid double literal')
    expect(tree('1e-400')).toBe('0^#1:*expr.Constant_DoubleValue#')
  })

  it('unescapes strings as code points and bytes as bytes', () => {
    const value = (expr: string): unknown => {
      const e = parse(expr).ast!.expr
      return e.kind === 'const' && 'value' in e.value ? e.value.value : undefined
    }
    expect(value(String.raw`'\x41\101\u00e9\U0001F600\n'`)).toBe('AAé😁\n'.replace('😁', '😀'))
    expect(value(String.raw`r'\x41\n'`)).toBe(String.raw`\x41\n`)
    expect(value("'''a\r\nb'''")).toBe('a\nb')
    expect(value(String.raw`"\"'\\\?\``.concat('"'))).toBe('"\'\\?`')
    expect(value(String.raw`b'\xff\377é'`)).toEqual(new Uint8Array([0xff, 0xff, 0xc3, 0xa9]))
    expect(value(String.raw`b"\x41"`)).toEqual(new Uint8Array([0x41]))
  })

  it('rejects escapes that are invalid in the literal kind', () => {
    expect(errors(String.raw`b'\u0041'`)).toContain('unable to unescape string')
    expect(errors(String.raw`'\ud800'`)).toContain('invalid unicode code point')
    expect(errors(String.raw`'\U00110000'`)).toContain('invalid unicode code point')
  })

  it('turns surrogate escapes into U+FFFD before cel-go 0.23', () => {
    const e = parse(String.raw`'\ud800'`, { celGoVersion: '0.22' }).ast!.expr
    expect(e).toMatchObject({ kind: 'const', value: { type: 'string', value: '\ufffd' } })
  })
})

describe('identifiers and fields', () => {
  it('rejects reserved identifiers but allows them as fields in messages', () => {
    expect(errors('if')).toBe('ERROR: <input>:1:1: reserved identifier: if\n | if\n | ^')
    expect(tree('a.package')).toBe(
      flat('a^#1:*expr.Expr_IdentExpr#.package^#2:*expr.Expr_SelectExpr#')
    )
    expect(tree('Msg{package: 1}')).toContain('package:1')
  })

  it('reports reserved words after a dot as cel-go does', () => {
    expect(errors('a.null')).toContain("Syntax error: mismatched input 'null' expecting IDENTIFIER")
  })

  it('keeps leading dots of absolute names', () => {
    expect(tree('.a.b')).toBe(flat('.a^#1:*expr.Expr_IdentExpr#.b^#2:*expr.Expr_SelectExpr#'))
    expect(tree('.pkg.Msg{}')).toBe('.pkg.Msg{}^#1:*expr.Expr_StructExpr#')
    expect(tree('.f(1)')).toBe(flat('.f(1^#2:*expr.Constant_Int64Value#)^#1:*expr.Expr_CallExpr#'))
  })

  it('accepts backtick field names when enabled (cel-go >= 0.23)', () => {
    expect(tree('a.`b-c`', { enableIdentEscapeSyntax: true })).toBe(
      flat('a^#1:*expr.Expr_IdentExpr#.b-c^#2:*expr.Expr_SelectExpr#')
    )
    expect(tree('M{`x.y`: 1}', { enableIdentEscapeSyntax: true })).toContain('x.y:1')
    expect(errors('a.`b-c`')).toContain("unsupported syntax: '`'")
    expect(tree('a.`b`', { celGoVersion: '0.29' })).toContain('.b^#2')
    expect(errors('a.`b`', { celGoVersion: '0.22' })).toContain("token recognition error at: '`'")
  })
})

describe('optional syntax', () => {
  it('is rejected unless enabled', () => {
    expect(errors('a.?b')).toContain("unsupported syntax '.?'")
    expect(errors('a[?0]')).toContain("unsupported syntax '[?'")
    expect(errors('[?a]')).toContain("unsupported syntax '?'")
  })

  it('builds optional selects, indexes and entries', () => {
    const o = { enableOptionalSyntax: true }
    expect(tree('a.?b', o)).toBe(
      flat(
        `_?._(a^#1:*expr.Expr_IdentExpr#, "b"^#2:*expr.Constant_StringValue#)^#3:*expr.Expr_CallExpr#`
      )
    )
    expect(tree('a[?0]', o)).toBe(
      flat(
        `_[?_](a^#1:*expr.Expr_IdentExpr#, 0^#3:*expr.Constant_Int64Value#)^#2:*expr.Expr_CallExpr#`
      )
    )
    const list = parse('[a, ?b]', o).ast!.expr
    expect(list).toMatchObject({ kind: 'list', optionalIndices: [1] })
    const map = parse('{?k: v}', o).ast!.expr
    expect(map).toMatchObject({ kind: 'map', entries: [{ optional: true }] })
    const msg = parse('M{?f: v}', o).ast!.expr
    expect(msg).toMatchObject({ kind: 'struct', fields: [{ field: 'f', optional: true }] })
  })
})

describe('macros', () => {
  it('expands the standard macros with the configured accumulator', () => {
    expect(tree('l.map(x, x * 2)', { accumulatorName: '__result__' })).toContain('__result__')
    expect(tree('l.map(x, x * 2)')).toContain('@result')
    expect(tree('l.existsOne(x, x)')).toContain('existsOne#')
    expect(tree('has(a.b)')).toBe(flat('a^#2:*expr.Expr_IdentExpr#.b~test-only~^#4:has#'))
  })

  it('leaves calls that match no macro signature alone', () => {
    expect(tree('l.map(x)')).toContain('.map(')
    expect(tree('l.existsOne(x, x)', { celGoVersion: '0.22' })).toContain('.existsOne(')
    expect(tree('x.bind(a, 1, a)', EXTENDED)).toContain('.bind(')
  })

  it('reports malformed macro calls at the offending argument', () => {
    expect(errors('l.all(1, true)')).toBe(
      'ERROR: <input>:1:7: argument must be a simple name\n | l.all(1, true)\n | ......^'
    )
    expect(errors('l.map(x.y, 1)')).toContain('1:8: argument is not an identifier')
    expect(errors('has(a)')).toContain('1:5: invalid argument to has() macro')
    expect(errors('l.all(@result, true)')).toContain('token recognition error')
    expect(errors('l.all(__result__, true)')).toContain(
      'iteration variable overwrites accumulator variable'
    )
    expect(tree('l.all(__result__, true)', { celGoVersion: '0.22' })).toContain('__comprehension__')
  })

  it('shares nodes within expansions as old cel-go releases did', () => {
    // 0.17 creates one accumulator identifier for the whole map/filter expansion.
    const e = parse('l.map(x, x)', { celGoVersion: '0.17' }).ast!.expr
    expect(e.kind).toBe('comprehension')
    if (e.kind !== 'comprehension') return
    const step = e.loopStep
    expect(step.kind === 'call' && step.args[0]).toBe(e.result)
    expect(flat(toDebugString(e))).toContain('__result__')
  })

  it('expands the two-variable comprehension macros', () => {
    expect(tree('m.all(k, v, v > 0)', EXTENDED)).toBe(
      flat(`__comprehension__(//Variable k, v, //Target m^#1:*expr.Expr_IdentExpr#,
        //Accumulator @result, //Init true^#8:*expr.Constant_BoolValue#,
        //LoopCondition @not_strictly_false(@result^#9:*expr.Expr_IdentExpr#)^#10:*expr.Expr_CallExpr#,
        //LoopStep _&&_(@result^#11:*expr.Expr_IdentExpr#, _>_(v^#5:*expr.Expr_IdentExpr#,
          0^#7:*expr.Constant_Int64Value#)^#6:*expr.Expr_CallExpr#)^#12:*expr.Expr_CallExpr#,
        //Result @result^#13:*expr.Expr_IdentExpr#)^#14:all#`)
    )
    expect(tree('m.transformMap(k, v, v > 0, v * 2)', EXTENDED)).toContain(
      flat(`cel.@mapInsert(@result^#11:*expr.Expr_IdentExpr#, k^#12:*expr.Expr_IdentExpr#,
        _*_(v^#8:*expr.Expr_IdentExpr#, 2^#10:*expr.Constant_Int64Value#)^#9:*expr.Expr_CallExpr#)`)
    )
    expect(tree('l.transformList(i, v, v)', EXTENDED)).toContain('[]^#')
    expect(tree('m.transformMapEntry(k, v, {k: v})', EXTENDED)).toContain('cel.@mapInsert(')
    expect(tree('m.existsOne(k, v, v)', EXTENDED)).toContain('existsOne#')
    expect(tree('m.exists_one(k, v, v)', EXTENDED)).toContain('exists_one#')
  })

  it('checks the iteration variables of two-variable comprehensions', () => {
    expect(errors('m.all(k, k, true)', EXTENDED)).toContain('1:10: duplicate variable name: k')
    expect(errors('m.exists(1, v, true)', EXTENDED)).toContain(
      '1:10: argument must be a simple name'
    )
    expect(errors('m.transformList(i, __result__, v)', EXTENDED)).toContain(
      '1:20: iteration variable overwrites accumulator variable'
    )
  })

  it('expands cel.bind, optMap, optFlatMap and sortBy', () => {
    expect(tree('cel.bind(x, 1, x + x)', EXTENDED)).toBe(
      flat(`__comprehension__(//Variable #unused, //Target []^#8:*expr.Expr_ListExpr#,
        //Accumulator x, //Init 1^#4:*expr.Constant_Int64Value#,
        //LoopCondition false^#9:*expr.Constant_BoolValue#, //LoopStep x^#10:*expr.Expr_IdentExpr#,
        //Result _+_(x^#5:*expr.Expr_IdentExpr#, x^#7:*expr.Expr_IdentExpr#)^#6:*expr.Expr_CallExpr#)^#11:bind#`)
    )
    expect(errors('cel.bind(a.b, 1, 2)', EXTENDED)).toContain(
      'cel.bind() variable names must be simple identifiers'
    )
    const optMap = tree('a.optMap(v, v.b)', EXTENDED)
    expect(optMap).toContain('a^#1:*expr.Expr_IdentExpr#.hasValue()^#6')
    expect(optMap).toContain('a^#8:*expr.Expr_IdentExpr#.value()^#9')
    expect(optMap).toContain('optional.of(')
    expect(tree('a.optFlatMap(v, v.b)', EXTENDED)).not.toContain('optional.of(')
    expect(errors('a.optMap(1, 2)', EXTENDED)).toContain(
      'optMap() variable name must be a simple identifier'
    )
    expect(tree('[3, 1].sortBy(e, -e)', EXTENDED)).toContain('@sortByAssociatedKeys(')
    expect(errors('1.sortBy(e, e)', EXTENDED)).toContain('sortBy can only be applied to a list')
  })

  it('expands math.greatest and math.least', () => {
    expect(tree('math.greatest(1)', EXTENDED)).toBe(
      flat('math.@max(1^#3:*expr.Constant_Int64Value#)^#4:greatest#')
    )
    expect(tree('math.least(a, 2.5)', EXTENDED)).toContain('math.@min(a^#3')
    expect(tree('math.least(1, 2, 3)', EXTENDED)).toContain('math.@min([')
    expect(tree('x.greatest(1)', EXTENDED)).toContain('x^#1:*expr.Expr_IdentExpr#.greatest(')
    expect(errors('math.greatest()', EXTENDED)).toContain(
      '1:1: math.greatest() requires at least one argument'
    )
    expect(errors("math.least(1, 'a')", EXTENDED)).toContain(
      'math.least() simple literal arguments must be numeric'
    )
    expect(errors('math.least([])', EXTENDED)).toContain(
      'math.least() invalid single argument value'
    )
  })

  it('shares the receiver of optMap before cel-go 0.22', () => {
    const e = parse('a.optMap(v, v)', { ...EXTENDED, celGoVersion: '0.20' }).ast!.expr
    const receivers: Expr[] = []
    const walk = (x: Expr): void => {
      if (x.kind === 'call') {
        if (x.target !== undefined) {
          receivers.push(x.target)
          walk(x.target)
        }
        x.args.forEach(walk)
      } else if (x.kind === 'comprehension') {
        walk(x.accuInit)
      }
    }
    walk(e)
    expect(receivers).toHaveLength(2)
    expect(receivers[0]).toBe(receivers[1])
  })
})

describe('options', () => {
  it("distinguishes parser.AllMacros from cel's standard macros", () => {
    expect(tree('l.existsOne(x, x)')).toContain('existsOne#')
    expect(tree('l.existsOne(x, x)', { macros: standardMacros() })).toContain('.existsOne(')
    expect(tree('l.exists_one(x, x)', { macros: standardMacros() })).toContain('exists_one#')
  })

  it('validates limits like cel-go', () => {
    expect(() => resolveParserOptions({ maxRecursionDepth: -2 })).toThrow(
      'max recursion depth must be greater than or equal to -1: -2'
    )
    expect(() => resolveParserOptions({ errorRecoveryLookaheadTokenLimit: -1 })).toThrow(RangeError)
    expect(resolveParserOptions({ maxRecursionDepth: 0 }).maxRecursionDepth).toBe(250)
  })

  it('limits the expression size in code points', () => {
    expect(errors('😁😁😁', { expressionSizeCodePointLimit: 2 })).toBe(
      'ERROR: <input>:-1:0: expression code point size exceeds limit: size: 3, limit 2'
    )
    expect(parse('😁😁', { expressionSizeCodePointLimit: 2 }).errors.length).toBeGreaterThan(0)
    expect(errors('x'.repeat(100_001))).toContain('size: 100001, limit 100000')
  })

  it('stops after the configured number of syntax errors', () => {
    const r = parse('@'.repeat(10), { errorReportingLimit: 3 })
    expect(r.errors.map((e) => e.message)).toEqual([
      "Syntax error: token recognition error at: '@'",
      "Syntax error: token recognition error at: '@'",
      "Syntax error: token recognition error at: '@'",
      'Syntax error: More than 3 syntax errors'
    ])
  })

  it('keeps at most 100 errors and says how many were dropped', () => {
    const r = parse('@'.repeat(150), { errorReportingLimit: 1000 })
    expect(r.errors).toHaveLength(100)
    expect(r.errorText.endsWith('\n51 more errors were truncated')).toBe(true)
  })
})

describe('hostile input', () => {
  it('stops deep nesting with cel-go errors, never a stack overflow', () => {
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
      ['{1: ', '}'],
      ['f(', ')'],
      ['a[', ']'],
      ['-(', ')']
    ] as const) {
      const r = parse(open.repeat(10_000) + '1' + close.repeat(10_000))
      expect(r.errorText).toBe('ERROR: <input>:-1:0: expression recursion limit exceeded: 250')
    }
    expect(errors('a' + '.b'.repeat(10_000))).toBe(
      'ERROR: <input>:-1:0: max recursion depth exceeded'
    )
    expect(errors('1' + ' + 1'.repeat(10_000))).toBe(
      'ERROR: <input>:-1:0: max recursion depth exceeded'
    )
    expect(errors('a ? b : '.repeat(300) + 'c')).toContain('expression recursion limit exceeded')
  })

  it('parses long flat chains', () => {
    expect(parse('a' + ' && a'.repeat(5000)).ast).toBeDefined()
    expect(parse('!'.repeat(5000) + 'a').ast).toBeDefined()
    expect(parse('[' + '1, '.repeat(5000) + '1]').ast).toBeDefined()
  })

  it('reports a recursion error instead of overflowing when limits are disabled', () => {
    const r = parse('('.repeat(50_000) + ')'.repeat(50_000), {
      maxRecursionDepth: -1,
      expressionSizeCodePointLimit: -1
    })
    expect(r.errorText).toContain('max recursion depth exceeded')
  })

  it('never throws on random input', () => {
    let seed = 42
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % n
    }
    const alphabet = [
      ...'abcxyz_019.,:;?!&|^$@#~`\'"\\()[]{}<>=+-*/% \n\trRbBeEuU',
      'in',
      'true',
      'null',
      '😁',
      'é',
      '\u0000',
      '\uffff',
      '"""',
      "'''",
      '0x',
      '.?',
      '[?',
      '//'
    ]
    for (let i = 0; i < 3000; i++) {
      let text = ''
      const length = random(40)
      for (let j = 0; j < length; j++) text += alphabet[random(alphabet.length)]
      for (const celGoVersion of ['0.17', '0.26'] as const) {
        const r = parse(text, { celGoVersion, enableOptionalSyntax: random(2) === 0 })
        expect(r.ast !== undefined || r.errors.length > 0).toBe(true)
      }
    }
    const bytes = new Uint8Array(4000)
    for (let i = 0; i < bytes.length; i++) bytes[i] = random(256)
    const text = new TextDecoder().decode(bytes)
    expect(() => parse(text)).not.toThrow()
  })
})
