import { describe, expect, it } from '@jest/globals'
import { maxOf, minOf, pushAll } from '../../src/common/arrays.js'

describe('array helpers without spread arguments', () => {
  it('pushAll appends in order, past the size a spread argument overflows at', () => {
    const target = [0]
    const items = Array.from({ length: 500_000 }, (_, i) => i + 1)
    expect(() => target.push(...items)).toThrow(RangeError)
    target.length = 1
    pushAll(target, items)
    expect(target).toHaveLength(500_001)
    expect(target[500_000]).toBe(500_000)
    pushAll(target, new Set(['x'].map(() => -1)))
    expect(target.at(-1)).toBe(-1)
  })

  it('pushAll of an array onto itself doubles it once, as push(...a) does', () => {
    const a = [1, 2]
    pushAll(a, a)
    expect(a).toEqual([1, 2, 1, 2])
  })

  it('maxOf and minOf agree with Math.max and Math.min, also when empty or with NaN', () => {
    for (const values of [[3, -1, 7], [], [1, NaN, 2], [-0, 0]]) {
      expect(maxOf(values)).toBe(Math.max(...values))
      expect(minOf(values)).toBe(Math.min(...values))
    }
    const many = Array.from({ length: 500_000 }, (_, i) => i)
    expect(maxOf(many)).toBe(499_999)
    expect(minOf(new Set(many))).toBe(0)
  })
})
