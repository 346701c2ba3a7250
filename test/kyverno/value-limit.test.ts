import { describe, expect, it } from '@jest/globals'
import {
  MAX_VALUE_SIZE,
  ValueSizeLimitError,
  assertBoundedValue,
  expandedSize,
  valueLimitHits
} from '../../src/kyverno/value-limit.js'

describe('expandedSize', () => {
  it('counts one per element and one per character of strings and keys', () => {
    expect(expandedSize('abc', 100)).toBe(4)
    expect(expandedSize(7, 100)).toBe(1)
    // [ "ab", 1, {k: null} ]: array 1 + "ab" 3 + 1 + object 1 + key 1 + null 1
    expect(expandedSize(['ab', 1, { k: null }], 100)).toBe(8)
  })

  it('counts a shared part each time it occurs, in time linear in the distinct parts', () => {
    let v: unknown = 'x'
    for (let i = 0; i < 10; i++) v = [v, v]
    // 2^10 strings of 2 and 2^10 - 1 arrays.
    expect(expandedSize(v, 1e9)).toBe(1024 * 2 + 1023)
    for (let i = 10; i < 60; i++) v = [v, v]
    const started = performance.now()
    expect(expandedSize(v, MAX_VALUE_SIZE)).toBe(MAX_VALUE_SIZE + 1)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('gives a cycle no size, and walks deep values without recursion', () => {
    const cycle: unknown[] = []
    cycle.push([cycle])
    expect(expandedSize(cycle, 100)).toBe(101)
    let deep: unknown = 0
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(expandedSize(deep, 1e9)).toBe(200_001)
  })
})

describe('assertBoundedValue', () => {
  it('throws past the bound and counts the hit', () => {
    const before = valueLimitHits()
    expect(() => assertBoundedValue('x'.repeat(MAX_VALUE_SIZE), 'a string')).not.toThrow()
    expect(() => assertBoundedValue('x'.repeat(MAX_VALUE_SIZE + 1), 'a string')).toThrow(
      ValueSizeLimitError
    )
    expect(() => assertBoundedValue(['x'.repeat(MAX_VALUE_SIZE)], 'a list')).toThrow(
      'a list would hold more than 2,000,000 elements and characters'
    )
    expect(valueLimitHits()).toBe(before + 2)
  })
})
