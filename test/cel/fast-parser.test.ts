/**
 * The parser's fast path (recursive descent) must give exactly what the parser generated from
 * the grammar gives (src/cel/parser/recognize.ts): the same AST with the same ids, the same
 * offsets and macro call records, and, when it gives up, the generated parser's own errors.
 */
import { describe, expect, it } from '@jest/globals'
import { Source } from '../../src/cel/common/source.js'
import { fastParse } from '../../src/cel/parser/fast-parser.js'
import {
  BIND_MACRO,
  OPT_MAP_MACRO,
  TWO_VAR_COMPREHENSION_MACROS,
  allMacros,
  kindAndIdAdorner,
  parse,
  resolveParserOptions,
  standardMacros,
  toDebugString,
  type ParseResult,
  type ParserOptions
} from '../../src/cel/parser/index.js'
import { parseWithRecognizer } from '../../src/cel/parser/parser.js'

function show(r: ParseResult): string {
  if (r.ast === undefined) return `ERROR ${r.errorText}`
  const info = r.ast.sourceInfo
  const ranges = [...info.offsetRanges].map(([id, o]) => `${id}:${o.start}-${o.stop}`)
  const calls = [...info.macroCalls].map(
    ([id, e]) => `${id}=>${toDebugString(e, kindAndIdAdorner())}`
  )
  return [toDebugString(r.ast.expr, kindAndIdAdorner(info)), ranges.join(','), ...calls].join('\n')
}

const VARIANTS: readonly ParserOptions[] = [
  { celGoVersion: '0.17' },
  { celGoVersion: '0.20', enableOptionalSyntax: true, populateMacroCalls: true },
  { celGoVersion: '0.22', populateMacroCalls: true },
  { celGoVersion: '0.26', macros: standardMacros('0.26'), accumulatorName: '__result__' },
  {
    celGoVersion: '0.26',
    enableOptionalSyntax: true,
    populateMacroCalls: true,
    macros: [...allMacros('0.26'), BIND_MACRO, OPT_MAP_MACRO, ...TWO_VAR_COMPREHENSION_MACROS]
  },
  { celGoVersion: '0.29', enableOptionalSyntax: true, enableVariadicOperatorASTs: true },
  { celGoVersion: '0.29', enableIdentEscapeSyntax: false, maxRecursionDepth: 6 },
  { celGoVersion: '0.23', enableIdentEscapeSyntax: true, maxRecursionDepth: 3 }
]

const INPUTS: readonly string[] = [
  // operators, precedence and associativity
  'a + b * c - d / e % f',
  'a < b == c != d >= e > f <= g in h',
  'a || b && c || d && e && f || g',
  'a ? b : c ? d : e',
  '(a ? b : c) ? (d || e) : [f][0]',
  '!a && !!b && !!!c',
  '-a - -b - --c - ---d',
  '-1 + - 1 - -1.5 * -0.5e3 / 2u',
  '--1',
  '---1',
  '!-1',
  '-1.size()',
  '-9223372036854775808',
  '-9223372036854775809',
  '18446744073709551615u',
  '18446744073709551616u',
  '0x7fffffffffffffff + 0xFFu',
  '1e400',
  // members, calls, messages
  'a.b.c.d(e, f).g[h][i].j()',
  '.a.b.c',
  '.f(x)',
  'a.b.C{x: 1, y: [2], z: {3: 4},}',
  '.google.protobuf.Duration{seconds: 1}',
  'Msg{}',
  'Msg{,}',
  '[]',
  '[,]',
  '{}',
  '{,}',
  '[1, 2, 3,]',
  '{1: 2, 3: 4,}',
  'f()',
  'f(,)',
  'a.f()',
  'size(x) > 0 && x.size() < 10',
  // optional syntax
  'a.?b.?c[?0]',
  '[?a, b, ?c]',
  '{?a: b, c: d}',
  'Msg{?f: v}',
  'a.?b.orValue(1)',
  // reserved words and escaped identifiers
  'if',
  'a.if',
  'in(a)',
  'a.in',
  'null.x',
  'a.true',
  'let + 1',
  'namespace.x',
  'a.`b-c`.`d.e`',
  'Msg{`a b`: 1}',
  '`a`',
  'a.``',
  // macros
  'has(a.b)',
  'has(a)',
  'has(a.b.c) && has(d.e)',
  'a.all(x, x > 0)',
  'a.exists(x, b.exists_one(y, x == y))',
  'a.map(x, x.filter(y, y > 0)).map(x, x * 2, x > 1)',
  'a.existsOne(x, x)',
  'a.all(x, y, x < y)',
  'a.transformMap(k, v, v + 1)',
  'cel.bind(x, 1, x + x)',
  'a.optMap(x, x + 1)',
  'a.map(1, x)',
  'a.all(x.y, true)',
  '[1, 2].exists(i, [3].all(j, i < j)) ? {1: [2].map(x, x)} : {}',
  // strings and bytes
  '"a\\nb\\t\\"c\\u00e9\\U0001F600\\x41\\101"',
  "'single' + r'raw\\n' + R\"RAW\"",
  '"""triple\n"quoted" string"""',
  "'''x''' + b'\\xff\\000' + br'\\d' + B\"b\"",
  '"\\ud800"',
  '"\\q"',
  'b"\\u0041"',
  '"unterminated',
  // unicode and layout
  '"héllo wörld 😀" + x // comment 😀\n + y',
  'a\n.\nb\r\n+\tc',
  '"😀😀" == "\\U0001F600" && ü',
  // errors of every kind
  '',
  ' ',
  'a +',
  'a b',
  '(a',
  'a)',
  'a ? b',
  'a ? b ? c : d : e',
  '1 = 2',
  'a & b',
  '#',
  'a.?',
  'a[?]',
  'a.b(',
  '{a: }',
  'Msg{1: 2}'
]

function nested(open: string, close: string, n: number): string {
  return open.repeat(n) + 'x' + close.repeat(n)
}

const DEEP: readonly string[] = [
  nested('(', ')', 5),
  nested('[', ']', 6),
  nested('f(', ')', 4),
  nested('-(', ')', 7),
  'a' + '.b'.repeat(5),
  'a' + '.b'.repeat(6),
  'a' + '[0]'.repeat(7),
  Array.from({ length: 8 }, (_, i) => `x${i}`).join(' + '),
  Array.from({ length: 8 }, (_, i) => `x${i}`).join(' * '),
  Array.from({ length: 8 }, (_, i) => `x${i}`).join(' == '),
  Array.from({ length: 8 }, (_, i) => `x${i}`).join(' && '),
  'a ? b : '.repeat(6) + 'c',
  'x' + '.map(y, y)'.repeat(4),
  nested('(', ')', 249),
  nested('(', ')', 250),
  nested('[', ']', 251),
  'a' + '.b'.repeat(249),
  'a' + '.b'.repeat(250),
  Array.from({ length: 260 }, (_, i) => `x${i}`).join(' + '),
  Array.from({ length: 260 }, (_, i) => `x${i}`).join(' || ')
]

describe('parser fast path', () => {
  it('gives exactly the recognizer result for every input and grammar variant', () => {
    let compared = 0
    for (const options of VARIANTS) {
      for (const input of [...INPUTS, ...DEEP]) {
        expect(`${input}\n${show(parse(input, options))}`).toBe(
          `${input}\n${show(parseWithRecognizer(input, options))}`
        )
        compared++
      }
    }
    expect(compared).toBe(VARIANTS.length * (INPUTS.length + DEEP.length))
  })

  it('takes valid inputs itself and leaves every error to the recognizer', () => {
    const opts = resolveParserOptions({ celGoVersion: '0.26', enableOptionalSyntax: true })
    const fast = (s: string): boolean => fastParse(new Source(s, '<input>'), opts) !== undefined
    expect(fast('a.b.c.d(e, f).g[h][i].j() && x.all(y, y > -1)')).toBe(true)
    expect(fast('[?a, b].exists(x, x) ? {?1: 2} : Msg{?f: "é"}')).toBe(true)
    expect(fast('--1')).toBe(false)
    expect(fast('if')).toBe(false)
    expect(fast('a.map(1, x)')).toBe(false)
    expect(fast('"\\q"')).toBe(false)
    expect(fast('a +')).toBe(false)
  })

  it('counts nesting as the recognizer does, at the limits', () => {
    for (const depth of [3, 6, 10]) {
      for (let n = depth - 3; n <= depth + 3; n++) {
        for (const input of [
          nested('(', ')', n),
          'a' + '.b'.repeat(n),
          Array.from({ length: n + 1 }, (_, i) => `x${i}`).join(' - '),
          Array.from({ length: n + 1 }, (_, i) => `x${i}`).join(' < '),
          '[' + nested('{1: ', '}', n) + ']'
        ]) {
          const options = { maxRecursionDepth: depth }
          expect(show(parse(input, options))).toBe(show(parseWithRecognizer(input, options)))
        }
      }
    }
  })
})
