// uint64 cost arithmetic (cel-cost-model.md §1) and Go slice sharing of paths.

import { describe, expect, test } from '@jest/globals'
import {
  U64_MAX,
  UNKNOWN,
  add,
  addSaturating,
  fixed,
  multiply,
  multiplyByFactor,
  multiplyRangeByFactor,
  multiplySaturating,
  union
} from '../../../src/cel/cost/index.js'
import { PathSlice } from '../../../src/cel/cost/path-slice.js'
import { wrapUint64 } from '../../../src/cel/cost/range.js'

describe('saturating integer arithmetic (§1.2)', () => {
  test('add saturates at U', () => {
    expect(addSaturating(U64_MAX, 1n)).toBe(U64_MAX)
    expect(addSaturating(U64_MAX - 1n, 1n)).toBe(U64_MAX)
    expect(addSaturating(U64_MAX, 0n)).toBe(U64_MAX)
    expect(addSaturating(2n, 3n)).toBe(5n)
  })

  test('multiply saturates at U', () => {
    expect(multiplySaturating(1n << 32n, 1n << 32n)).toBe(U64_MAX)
    // (2^32 − 1)(2^32 + 1) = 2^64 − 1 fits exactly.
    expect(multiplySaturating((1n << 32n) - 1n, (1n << 32n) + 1n)).toBe(U64_MAX)
    expect(multiplySaturating(1n << 32n, (1n << 32n) - 1n)).toBe(U64_MAX - (1n << 32n) + 1n)
    expect(multiplySaturating(0n, U64_MAX)).toBe(0n)
    expect(multiplySaturating(U64_MAX, 1n)).toBe(U64_MAX)
  })

  test('ranges combine element-wise; union widens', () => {
    expect(add({ min: 1n, max: 2n }, { min: 3n, max: U64_MAX })).toEqual({ min: 4n, max: U64_MAX })
    expect(multiply({ min: 2n, max: 3n }, { min: 5n, max: 7n })).toEqual({ min: 10n, max: 21n })
    expect(union({ min: 2n, max: 3n }, { min: 1n, max: 2n })).toEqual({ min: 1n, max: 3n })
  })

  test('unsigned subtraction and multiplication where cel-go does not guard wrap', () => {
    expect(wrapUint64(1n - 3n)).toBe(U64_MAX - 1n)
    expect(wrapUint64(U64_MAX * 4n)).toBe(U64_MAX - 3n)
  })
})

describe('float factors (§1.3)', () => {
  test('[0, U] × 0.1 is [0, 1844674407370955264]: U rounds to 2^64 first', () => {
    expect(multiplyRangeByFactor(UNKNOWN, 0.1)).toEqual({
      min: 0n,
      max: 1844674407370955264n
    })
  })

  test('[0, U] × 1 stays [0, U]', () => {
    expect(multiplyRangeByFactor(UNKNOWN, 1)).toEqual(UNKNOWN)
  })

  test('products that are exact in float64 are not rounded up', () => {
    expect(multiplyByFactor(40n, 0.1)).toBe(4n)
    expect(multiplyByFactor(15n, 0.2)).toBe(3n)
  })

  test('float64 error rounds up: 12 × 0.1 = ceil(1.2000000000000002) = 2', () => {
    expect(multiplyByFactor(12n, 0.1)).toBe(2n)
  })

  test('× 0 is 0, also for U', () => {
    expect(multiplyByFactor(U64_MAX, 0)).toBe(0n)
    expect(multiplyByFactor(0n, 0.1)).toBe(0n)
  })

  test('results at or beyond 2^64 saturate', () => {
    expect(multiplyByFactor(U64_MAX, 2)).toBe(U64_MAX)
    expect(multiplyByFactor(1n << 63n, 2)).toBe(U64_MAX)
    expect(multiplyByFactor(1n, Number(U64_MAX))).toBe(U64_MAX)
  })

  test('integers beyond 2^53 go through float64 rounding, as float64(x) does in Go', () => {
    expect(multiplyByFactor((1n << 63n) - 1n, 1)).toBe(1n << 63n)
    expect(multiplyByFactor((1n << 53n) + 1n, 1)).toBe(1n << 53n)
  })

  test('two factors round twice: ceil(ceil(1 × 0.1) × 32) = 32, not ceil(1 × 3.2) = 4', () => {
    expect(multiplyByFactor(multiplyByFactor(1n, 0.1), 32)).toBe(32n)
    expect(multiplyByFactor(1n, 3.2)).toBe(4n)
  })

  test('fixed() builds [n, n]', () => {
    expect(fixed(7)).toEqual({ min: 7n, max: 7n })
  })
})

describe('paths as Go slices', () => {
  test('appends within capacity share the backing array', () => {
    const root = PathSlice.append(PathSlice.of('s'), 'l') // len 2, cap 2
    const item = PathSlice.append(root, '@items') // new array: len 3, cap 4
    const a = PathSlice.append(item, 'a') // writes slot 3
    expect(a.toArray()).toEqual(['s', 'l', '@items', 'a'])
    const b = PathSlice.append(item, 'b') // writes slot 3 again
    expect(b.toArray()).toEqual(['s', 'l', '@items', 'b'])
    expect(a.toArray()).toEqual(['s', 'l', '@items', 'b'])
    expect(item.toArray()).toEqual(['s', 'l', '@items'])
  })

  test('an append beyond capacity copies', () => {
    const full = PathSlice.append(PathSlice.of('x'), 'y') // len 2, cap 2
    const one = PathSlice.append(full, 'a')
    const two = PathSlice.append(full, 'b')
    expect(one.toArray()).toEqual(['x', 'y', 'a'])
    expect(two.toArray()).toEqual(['x', 'y', 'b'])
  })

  test('appending to a nil slice makes a one-element slice', () => {
    expect(PathSlice.append(undefined, '@items').toArray()).toEqual(['@items'])
  })
})
