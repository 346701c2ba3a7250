/**
 * JSON deep equality was written three times for decoded JSON: deepEqualJson
 * (src/kube/schema/structural-json.ts), jsonDeepEqual (src/kube/celvalidation/list-semantics.ts,
 * which also took an int64 read as a bigint as equal to the same number) and the deepEqual of
 * src/kyverno/mutation.ts, until issue 31 kept one in src/common/json.ts.
 * fixtures/pre-merge/json-equal.json holds what each old copy answered at the last commit that
 * had them, on 3,000 seeded pairs of nearly equal values (scripts/pre-merge-golden.mjs
 * json-equal). The survivor answers as every old copy did.
 *
 * Two deep equalities stay apart on purpose, as different upstream behaviours: goDeepEqual
 * (src/kube/validation/go-kinds.ts, reflect.DeepEqual on Go's typed values: int64 1 is not
 * float64 1) and semanticEqual (src/kube/crd/validation/internal.ts, equality.Semantic on the
 * CRD's Go structs: a nil list equals an empty one).
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { deepEqualJson } from '../../src/common/json.js'

interface Golden {
  commit: string
  inputs: [unknown, unknown][]
  results: Record<string, boolean[]>
}

const golden = JSON.parse(
  readFileSync(new URL('../../fixtures/pre-merge/json-equal.json', import.meta.url), 'utf8'),
  (_k, v: unknown) =>
    typeof v === 'object' && v !== null && '$bigint' in v
      ? BigInt((v as { $bigint: string }).$bigint)
      : v
) as Golden

describe('JSON deep equality: the merged function against the three pre-merge copies', () => {
  it('the recorded pairs hold equal and unequal ones, bigints and reordered keys', () => {
    const answers = golden.results['structural.deepEqualJson']!
    expect(answers.filter(Boolean).length).toBeGreaterThan(300)
    expect(answers.filter((a) => !a).length).toBeGreaterThan(300)
    const reordered = golden.results['structural.deepEqualJson(sameKeyOrder)']!
    expect(reordered.some((r, i) => r !== answers[i])).toBe(true)
  })

  it('answers as celvalidation.jsonDeepEqual did on every pair', () => {
    const recorded = golden.results['celvalidation.jsonDeepEqual']!
    const differences = golden.inputs
      .map(([a, b], i) => [i, deepEqualJson(a, b), recorded[i]] as const)
      .filter(([, now, then]) => now !== then)
    expect(differences).toEqual([])
  })

  // These two copies never met an int64 read as a bigint: they called 1n and 1 unequal. The
  // survivor keeps the celvalidation copy's answer there (one JSON number), and only there.
  it.each([
    ['structural.deepEqualJson', false],
    ['structural.deepEqualJson(sameKeyOrder)', true],
    ['kyverno.mutation.deepEqual', false]
  ])(
    'answers as %s did, except that a bigint equals the same integer as a number',
    (name, sameKeyOrder) => {
      const recorded = golden.results[name]!
      const bigintAware = golden.results['celvalidation.jsonDeepEqual']!
      let bigintPairs = 0
      const differences = golden.inputs
        .map(([a, b], i) => [i, deepEqualJson(a, b, sameKeyOrder), recorded[i]] as const)
        .filter(([i, now, then]) => {
          if (now === then) return false
          const explained = now && !then && bigintAware[i] === true && hasBigint(golden.inputs[i]!)
          if (explained) bigintPairs++
          return !explained
        })
      expect(differences).toEqual([])
      expect(bigintPairs).toBeGreaterThan(0)
    }
  )
})

function hasBigint(value: unknown): boolean {
  const work = [value]
  while (work.length > 0) {
    const v = work.pop()
    if (typeof v === 'bigint') return true
    if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) work.push(x)
  }
  return false
}
