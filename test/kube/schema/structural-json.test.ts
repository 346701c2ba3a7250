import { describe, expect, it } from '@jest/globals'
import { deepEqualJson } from '../../../src/kube/schema/structural-json.js'

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

  it('compares values nested far deeper than its recursion goes', () => {
    expect(deepEqualJson(nested(20_000, 'x'), nested(20_000, 'x'))).toBe(true)
    expect(deepEqualJson(nested(20_000, 'x'), nested(20_000, 'y'))).toBe(false)
    expect(deepEqualJson(nested(300, 1), nested(300, 1))).toBe(true)
    expect(deepEqualJson(nested(300, 1), nested(301, 1))).toBe(false)
  })
})
