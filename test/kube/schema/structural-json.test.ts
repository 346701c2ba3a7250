import { describe, expect, it } from '@jest/globals'
import { deepEqualJson } from '../../../src/common/json.js'

/** `depth` arrays and objects nested in turn around `leaf`. */
function nested(depth: number, leaf: unknown): unknown {
  let v = leaf
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { k: v }
  return v
}

describe('deepEqualJson', () => {
  it('compares JSON values, key order aside', () => {
    expect(deepEqualJson({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true)
    expect(deepEqualJson({ a: 1 }, { a: 1, b: undefined })).toBe(false)
    expect(deepEqualJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false)
    expect(deepEqualJson([], {})).toBe(false)
    expect(deepEqualJson({ a: null }, { a: {} })).toBe(false)
    expect(deepEqualJson(Number.NaN, null)).toBe(false)
  })

  it('compares member order when asked to', () => {
    expect(deepEqualJson({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { d: 3, c: 2 } })).toBe(true)
    expect(deepEqualJson({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { d: 3, c: 2 } }, true)).toBe(
      false
    )
    expect(deepEqualJson({ a: [{ c: 2, d: 3 }] }, { a: [{ c: 2, d: 3 }] }, true)).toBe(true)
    const deep = (order: 'cd' | 'dc') =>
      nested(400, order === 'cd' ? { c: 1, d: 2 } : { d: 2, c: 1 })
    expect(deepEqualJson(deep('cd'), deep('dc'))).toBe(true)
    expect(deepEqualJson(deep('cd'), deep('dc'), true)).toBe(false)
  })

  it('compares values nested far deeper than its recursion goes', () => {
    expect(deepEqualJson(nested(20_000, 'x'), nested(20_000, 'x'))).toBe(true)
    expect(deepEqualJson(nested(20_000, 'x'), nested(20_000, 'y'))).toBe(false)
    expect(deepEqualJson(nested(300, 1), nested(300, 1))).toBe(true)
    expect(deepEqualJson(nested(300, 1), nested(301, 1))).toBe(false)
  })
})
