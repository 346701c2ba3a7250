/**
 * Label selectors checked many times: a selector without wildcards gives the answer of its own
 * labels each time, an invalid one the same error each time, and wildcard matchLabels still
 * follow the labels they are expanded against.
 */
import { describe, expect, it } from '@jest/globals'
import { SelectorError, selectorMatches } from '../../src/kyverno/selector.js'

describe('selectorMatches on a repeated selector', () => {
  it('answers for the labels of each call', () => {
    const selector = {
      matchLabels: { app: 'web' },
      matchExpressions: [{ key: 'tier', operator: 'In', values: ['front'] }]
    }
    expect(selectorMatches(selector, { app: 'web', tier: 'front' })).toBe(true)
    expect(selectorMatches(selector, { app: 'db', tier: 'front' })).toBe(false)
    expect(selectorMatches(selector, { app: 'web' })).toBe(false)
    expect(selectorMatches({}, { any: 'thing' })).toBe(true)
  })

  it('throws the same error for an invalid selector every time', () => {
    const selector = { matchExpressions: [{ key: 'a', operator: 'Near', values: [] }] }
    for (let i = 0; i < 2; i++) {
      expect(() => selectorMatches(selector, {})).toThrow(SelectorError)
      expect(() => selectorMatches(selector, {})).toThrow(
        '"Near" is not a valid label selector operator'
      )
    }
  })

  it('expands wildcard matchLabels against each call’s labels', () => {
    const selector = { matchLabels: { 'app*': 'w?b' } }
    expect(selectorMatches(selector, { application: 'web' })).toBe(true)
    expect(selectorMatches(selector, { other: 'web' })).toBe(false)
  })

  it('keeps throwing for matchLabels that are not strings', () => {
    const selector = { matchLabels: { app: 1 } } as unknown as {
      matchLabels: Record<string, string>
    }
    expect(() => selectorMatches(selector, {})).toThrow(TypeError)
    expect(() => selectorMatches(selector, {})).toThrow(TypeError)
  })
})
