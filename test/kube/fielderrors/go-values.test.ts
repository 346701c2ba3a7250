import { describe, expect, it } from '@jest/globals'
import {
  GoFloat,
  GoPointer,
  GoStruct,
  GoTypedSlice,
  compareGoStrings,
  goJson,
  goJsonString,
  goQuote
} from '../../../src/kube/fielderrors/go-values.js'

describe('goJsonString', () => {
  it('quotes plain text as it is', () => {
    expect(goJsonString('metadata.name')).toBe('"metadata.name"')
    expect(goJsonString('é€😀')).toBe('"é€😀"')
    expect(goJsonString('')).toBe('""')
  })

  it('escapes what encoding/json escapes, HTML-safe', () => {
    expect(goJsonString('a"b\\c\n\r\t\b\f')).toBe('"a\\"b\\\\c\\n\\r\\t\\b\\f"')
    expect(goJsonString('<a>&\u0001\u001f\u2028\u2029')).toBe(
      '"\\u003ca\\u003e\\u0026\\u0001\\u001f\\u2028\\u2029"'
    )
  })

  it('keeps surrogate pairs and turns lone surrogates into U+FFFD', () => {
    expect(goJsonString('x\ud83d\ude00y')).toBe('"x\ud83d\ude00y"')
    expect(goJsonString('\ud800x\udc00')).toBe('"\ufffdx\ufffd"')
    expect(goJsonString('a\ud83d')).toBe('"a\ufffd"')
  })
})

describe('goQuote', () => {
  it('quotes printable ASCII as it is and escapes the rest like strconv.Quote', () => {
    expect(goQuote('kube-system')).toBe('"kube-system"')
    expect(goQuote('say "hi"\\')).toBe('"say \\"hi\\"\\\\"')
    expect(goQuote('\x07\x7f\u00a0é\u{10ffff}')).toBe('"\\a\\x7f\\u00a0é\\U0010ffff"')
  })
})

describe('compareGoStrings (UTF-8 byte order)', () => {
  it('orders like code points, also past U+D800', () => {
    const sorted = ['b', '\ue000', 'a', '\ud83d\ude00', 'ab', '', '\uffff'].sort(compareGoStrings)
    expect(sorted).toEqual(['', 'a', 'ab', 'b', '\ue000', '\uffff', '\ud83d\ude00'])
    expect(compareGoStrings('x\ud83d\ude00', 'x\uffff')).toBe(1)
    expect(compareGoStrings('same', 'same')).toBe(0)
  })
})

describe('goJson', () => {
  it('writes maps with sorted keys, structs in field order, Go markers', () => {
    expect(
      goJson({
        b: [1n, 2.5, true, null],
        a: new GoStruct('T', [
          ['Z', 'z'],
          ['A', new GoFloat(3)]
        ]),
        p: new GoPointer('int', undefined),
        s: new GoTypedSlice('string', ['x'])
      })
    ).toBe('{"a":{"Z":"z","A":3},"b":[1,2.5,true,null],"p":null,"s":["x"]}')
  })

  it('fails where Go fails (NaN, ±Inf, functions)', () => {
    expect(goJson([1, Number.NaN])).toBeUndefined()
    expect(goJson({ a: { b: Infinity } })).toBeUndefined()
    expect(goJson({ f: () => 1 })).toBeUndefined()
  })

  it('handles values nested deeper than the recursion allows', () => {
    let deep: unknown = 1n
    for (let i = 0; i < 5000; i++) deep = { k: [deep] }
    const text = goJson(deep)!
    expect(text.length).toBe(5000 * '{"k":[]}'.length + 1)
    expect(text.startsWith('{"k":[{"k":[')).toBe(true)
    let bad: unknown = Number.NaN
    for (let i = 0; i < 5000; i++) bad = [bad]
    expect(goJson(bad)).toBeUndefined()
  })
})
