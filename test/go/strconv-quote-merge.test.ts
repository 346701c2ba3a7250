/**
 * Go's strconv.Quote had two copies (src/go/strconv.ts and src/kube/fielderrors/go-values.ts)
 * until issue 31 kept the first. The copies differed on lone surrogates, which no Go string can
 * hold: the apiserver's strings come from encoding/json, which decodes a lone `\ud800` escape
 * as U+FFFD, so fielderrors now quotes goStringFromJson(s) with strconv's Quote.
 *
 * Facts: golang/go src/strconv/quote_test.go at aaca30f6b1d38ec6fefc42c41964cd31cdb0e1b7
 * (quotetests, quoterunetests); encoding/json decode.go `unquote` ("Invalid surrogate; fall back
 * to replacement rune").
 */
import { describe, expect, it } from '@jest/globals'
import { formatDouble, goQuote, goQuoteBytes } from '../../src/go/strconv.js'
import {
  goFloatV,
  goQuote as fieldErrorQuote,
  goStringFromJson
} from '../../src/kube/fielderrors/go-values.js'

/** A seeded linear congruential generator: the same strings on every machine. */
function seeded(seed: number): (n: number) => number {
  let state = seed >>> 0
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return (state >>> 8) % n
  }
}

/** Code units and code points the two copies could treat differently, weighted to collide. */
const PIECES = [
  'a',
  'Z',
  ' ',
  '"',
  '\\',
  '\x00',
  '\x07',
  '\b',
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  '\x1b',
  '\x7f',
  '\x80',
  '\x9f',
  '\u00a0', // no-break space: graphic, not printable
  'é',
  'ÿ',
  '\u00ad', // soft hyphen (Cf)
  '\u2028',
  '\u3000',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '☺',
  '\u{1f600}',
  '\u{10ffff}',
  '\u{e0001}',
  '\ud800', // lone high surrogate
  '\udbff',
  '\udc00', // lone low surrogate
  '\udfff'
]

function randomString(rand: (n: number) => number): string {
  let s = ''
  for (let n = rand(8); n > 0; n--) s += PIECES[rand(PIECES.length)]!
  return s
}

/** What a Go string holds for a JavaScript string: its UTF-8 bytes (lone surrogates → U+FFFD). */
const utf8 = (s: string) => new TextEncoder().encode(s)

describe("strconv.Quote (quote_test.go's quotetests and quoterunetests)", () => {
  const facts: Array<[string, string]> = [
    ['\x07\b\f\r\n\t\v', '"\\a\\b\\f\\r\\n\\t\\v"'],
    ['\\', '"\\\\"'],
    ['\u263a', '"☺"'],
    ['\u{10ffff}', '"\\U0010ffff"'],
    ['\x04', '"\\x04"'],
    ['!\u00a0!\u2000!\u3000!', '"!\\u00a0!\\u2000!\\u3000!"'],
    ['a', '"a"'],
    ['\u00ff', '"ÿ"'],
    ['\ufffd', '"�"']
  ]
  it.each(facts)('Quote(%j) is %s, in both callers', (input, quoted) => {
    expect(goQuote(input)).toBe(quoted)
    expect(fieldErrorQuote(input)).toBe(quoted)
    expect(goQuoteBytes(utf8(input))).toBe(quoted)
  })

  it('escapes invalid UTF-8 bytes as \\x (the "abc\\xffdef" case)', () => {
    expect(goQuoteBytes(new Uint8Array([0x61, 0x62, 0x63, 0xff, 0x64, 0x65, 0x66]))).toBe(
      '"abc\\xffdef"'
    )
  })
})

describe('the Go string encoding/json makes of a JavaScript string', () => {
  it('replaces each lone surrogate with U+FFFD and keeps pairs', () => {
    expect(goStringFromJson('\ud800')).toBe('\ufffd')
    expect(goStringFromJson('a\udc00b')).toBe('a\ufffdb')
    expect(goStringFromJson('\ud83d\ude00')).toBe('\u{1f600}')
    expect(goStringFromJson('\ud800\ud800\udc00')).toBe('\ufffd\u{10000}')
    expect(goStringFromJson('\udc00\ud800')).toBe('\ufffd\ufffd')
  })
})

describe('one Quote on 20,000 seeded strings', () => {
  const rand = seeded(31)
  const inputs = Array.from({ length: 20_000 }, () => randomString(rand))

  it("fielderrors quotes the string's UTF-8 form with strconv's Quote", () => {
    // The decoder's view, computed independently of goStringFromJson: UTF-8 bytes through
    // goQuoteBytes (the path for Go byte strings) equal Quote of the repaired string.
    const differing = inputs.filter((s) => {
      const expected = goQuoteBytes(utf8(s))
      return fieldErrorQuote(s) !== expected || goQuote(goStringFromJson(s)) !== expected
    })
    expect(differing).toEqual([])
  })

  it('the two old copies differed only on lone surrogates: \\ufffd escaped against U+FFFD', () => {
    const loneSurrogate = (s: string) =>
      /[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))
    const differing = inputs.filter((s) => {
      const strconvText = goQuote(s)
      const expected = loneSurrogate(s) ? strconvText.replaceAll('\\ufffd', '\ufffd') : strconvText
      return fieldErrorQuote(s) !== expected
    })
    expect(differing).toEqual([])
    expect(inputs.filter(loneSurrogate).length).toBeGreaterThan(2000)
  })
})

describe("fmt's %v of a float64, one copy", () => {
  it.each([
    [1e6, '1e+06'],
    [123456, '123456'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [1e21, '1e+21'],
    [-2.5e-7, '-2.5e-07'],
    [1.5e300, '1.5e+300'],
    [-0, '-0'],
    [Number.NaN, 'NaN'],
    [Infinity, '+Inf']
  ])('%p prints as %s', (f, text) => {
    expect(formatDouble(f)).toBe(text)
    expect(goFloatV(f)).toBe(text)
  })
})
