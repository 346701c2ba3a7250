// The library cost estimator's rules that the conformance tables pin only indirectly:
// `replace` result sizes, the URL equality quirk, the release-dependent guards, runtime costs.

import { describe, expect, test } from '@jest/globals'
import { STRING, type Type } from '../../../src/cel/common/types.js'
import type { EstimatorNode, SizeRange } from '../../../src/cel/cost/index.js'
import { kubernetesEstimatorHooks, replaceResultSize } from '../../../src/kube/cel/library-costs.js'
import { QUANTITY_TYPE, URL_TYPE } from '../../../src/kube/cel/values.js'
import { releaseFeatures } from '../../../src/kube/versions.js'
import { evaluate } from './evaluate.js'

const r = (min: bigint, max = min): SizeRange => ({ min, max })

function node(type: Type, computedSize?: SizeRange): EstimatorNode {
  return { path: undefined, type, expr: undefined, computedSize }
}

describe('replace result size (cel-cost-model.md §3.3)', () => {
  test.each([
    [r(3n), r(0n), r(1n), r(7n)],
    [r(3n), r(1n), r(0n), r(0n, 3n)],
    [r(4n), r(2n), r(4n), r(4n, 8n)],
    [r(4n), r(0n, 1n), r(0n, 2n), r(0n, 14n)],
    [r(4n), r(1n), r(1n, 2n), r(4n, 8n)]
  ])('%o replacing %o with %o is %o', (s, needle, replacement, size) => {
    expect(replaceResultSize(s, needle, replacement)).toEqual(size)
  })
})

describe('equality of library types', () => {
  const hooks = kubernetesEstimatorHooks(releaseFeatures('1.36'))
  const site = { hasTargetPointer: false }

  test('URL equality is sized by the right operand only', () => {
    const left = node(URL_TYPE, r(1000n))
    const estimate = hooks.estimateCallCost(
      '_==_',
      'equals',
      undefined,
      [left, node(URL_TYPE, r(10n))],
      site
    )
    expect(estimate?.cost).toEqual(r(1n))
    const unsized = hooks.estimateCallCost(
      '_==_',
      'equals',
      undefined,
      [left, node(URL_TYPE)],
      site
    )
    expect(unsized?.cost).toEqual(r(1n))
    const large = hooks.estimateCallCost(
      '_==_',
      'equals',
      undefined,
      [node(URL_TYPE), node(URL_TYPE, r(0n, 100n))],
      site
    )
    expect(large?.cost).toEqual(r(1n, 10n))
  })

  test('equality of different types is left to cel-go', () => {
    expect(
      hooks.estimateCallCost('_==_', 'equals', undefined, [node(QUANTITY_TYPE), node(STRING)], site)
    ).toBeUndefined()
  })

  test('before 1.32 equality is always left to cel-go', () => {
    const old = kubernetesEstimatorHooks(releaseFeatures('1.31'))
    expect(
      old.estimateCallCost(
        '_==_',
        'equals',
        undefined,
        [node(QUANTITY_TYPE), node(QUANTITY_TYPE)],
        site
      )
    ).toBeUndefined()
  })
})

describe('guards', () => {
  const arg = node(STRING, r(0n, 100n))

  test('1.30–1.33 test `target != nil`, which cel-go ≤ v0.23 makes true for global calls', () => {
    const hooks = kubernetesEstimatorHooks(releaseFeatures('1.33'))
    const withPointer = hooks.estimateCallCost('quantity', 'string_to_quantity', undefined, [arg], {
      hasTargetPointer: true
    })
    expect(withPointer?.cost).toEqual(r(0n, 10n))
    const withoutPointer = hooks.estimateCallCost(
      'quantity',
      'string_to_quantity',
      undefined,
      [arg],
      {
        hasTargetPointer: false
      }
    )
    expect(withoutPointer).toBeUndefined()
  })

  test('1.34+ test the arguments', () => {
    const hooks = kubernetesEstimatorHooks(releaseFeatures('1.34'))
    const estimate = hooks.estimateCallCost('quantity', 'string_to_quantity', undefined, [arg], {
      hasTargetPointer: false
    })
    expect(estimate?.cost).toEqual(r(0n, 10n))
  })
})

describe('runtime', () => {
  test('join charges its result at ×0.2', () => {
    // The constant list is folded (OptOptimize); the 22-character result costs ceil(4.4).
    expect(evaluate("['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join(' ')").cost).toBe(
      5n
    )
  })

  test('the list functions charge one traversal of the receiver', () => {
    // OptOptimize folds the literal list, so only the call is charged: 5 strings of 12 bytes.
    expect(
      evaluate(
        "['012345678901', '012345678901', '012345678901', '012345678901', '012345678901'].isSorted()"
      ).cost
    ).toBe(5n)
  })
})
