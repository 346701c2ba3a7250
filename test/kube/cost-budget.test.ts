import { describe, expect, it } from '@jest/globals'
import {
  SchemaCostTotal,
  budgetFactor,
  chainCardinality,
  ruleBudgetMessage,
  ruleCostWithCardinality,
  schemaTotalBudgetMessage
} from '../../src/kube/crd/cost-budget.js'
import { U64_MAX } from '../../src/kube/cost/uint64.js'

describe('budget messages', () => {
  it('format the factor as the apiserver does', () => {
    expect(budgetFactor(10_000_001n, 10_000_000n)).toBe('1.000000x')
    expect(budgetFactor(14_999_999n, 10_000_000n)).toBe('1.500000x')
    expect(budgetFactor(200_100_000n, 10_000_000n)).toBe('20.0x')
    expect(budgetFactor(1_000_000_001n, 10_000_000n)).toBe('more than 100x')
    expect(budgetFactor(1_000_000_000n, 10_000_000n)).toBe('100.0x')
  })

  it('word the rule and total errors exactly', () => {
    expect(ruleBudgetMessage(200_100_000n)).toBe(
      'estimated rule cost exceeds budget by factor of 20.0x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)'
    )
    expect(schemaTotalBudgetMessage(202_101_000n)).toMatch(
      /^x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of 2\.0x \(try/
    )
  })
})

describe('cardinality and totals', () => {
  it('multiplies bounds down the chain and saturates', () => {
    expect(
      chainCardinality([
        { type: 'array', maxItems: 2 },
        { type: 'object' },
        { type: 'object', additionalProperties: {}, maxProperties: 4 }
      ])
    ).toBe(8n)
    expect(chainCardinality([{ type: 'array' }, { type: 'array', maxItems: 3 }])).toBeUndefined()
    expect(
      chainCardinality([
        { type: 'array', maxItems: 2n ** 63n - 1n },
        { type: 'array', maxItems: 100 }
      ])
    ).toBe(U64_MAX)
    expect(chainCardinality([{ type: 'array', maxItems: -5 }])).toBe(0n)
  })

  it('falls back to the request size over the node minimum size when unbounded', () => {
    // A list of strings (min size 2) under an unbounded parent: floor(3145728 / 3) times.
    expect(ruleCostWithCardinality(2001n, undefined, 2n)).toBe(2001n * 1048576n)
    expect(ruleCostWithCardinality(0n, undefined, 2n)).toBe(0n)
    expect(ruleCostWithCardinality(2001n, 100000n, 2n)).toBe(200_100_000n)
  })

  it('keeps the four largest contributors of at least 1% of the CRD budget', () => {
    const total = new SchemaCostTotal<string>()
    for (const [cost, name] of [
      [999_999n, 'small'],
      [5_000_000n, 'a'],
      [7n, 'tiny'],
      [9_000_000n, 'b'],
      [2_000_000n, 'c'],
      [1_000_000n, 'd'],
      [3_000_000n, 'e']
    ] as const)
      total.observe(cost, name)
    expect(total.mostExpensive.map((c) => c.source)).toEqual(['b', 'a', 'e', 'c'])
    expect(total.total).toBe(21_000_006n)
  })
})
