// cel-go's TestCost tables run against the estimator of each release: the legacy estimator
// (v0.17–v0.22), v0.23/v0.26 and v0.29 (cel-cost-model.md §2, §9).

import { describe, expect, test } from '@jest/globals'
import type { CelGoVersion } from '../../../src/cel/checker/index.js'
import { estimateCost, type OverloadEstimator } from '../../../src/cel/cost/index.js'
import { LEGACY_TABLE, V0_23_TABLE, V0_29_TABLE, type CelGoCostCase } from './cel-go-cost-tables.js'
import { CEL_GO_TEST_ESTIMATORS, celGoTestEnvironment, celGoTestHooks, compile } from './harness.js'

function estimate(c: CelGoCostCase, version: CelGoVersion): [string, string] {
  const declarations = (c.vars ?? []).map(([name, type]) => ({ name, type }))
  const compiled = compile(c.expr, celGoTestEnvironment(version, declarations), {
    celGoVersion: version
  })
  if ('error' in compiled) throw new Error(compiled.error)
  let presenceTestHasCost = true
  const overloadEstimators = new Map<string, OverloadEstimator>()
  for (const option of c.options ?? []) {
    if (option.presenceTestHasCost !== undefined) presenceTestHasCost = option.presenceTestHasCost
    if (option.customEstimator !== undefined) {
      overloadEstimators.set(
        option.customEstimator,
        CEL_GO_TEST_ESTIMATORS.get(option.customEstimator)!
      )
    }
  }
  const range = estimateCost(compiled.checked, celGoTestHooks(c.hints ?? {}, version), {
    version,
    presenceTestHasCost,
    overloadEstimators
  })
  return [range.min.toString(), range.max.toString()]
}

const TABLES: readonly [string, readonly CelGoCostCase[], readonly CelGoVersion[]][] = [
  ['v0.17.8 / v0.20.1 / v0.22.0', LEGACY_TABLE, ['0.17', '0.20', '0.22']],
  ['v0.23.2 / v0.26.0', V0_23_TABLE, ['0.23', '0.26']],
  ['v0.29.2', V0_29_TABLE, ['0.29']]
]

describe.each(TABLES)('cel-go %s TestCost', (_label, table, versions) => {
  describe.each(versions)('estimator %s', (version) => {
    test.each(table.map((c, i) => [`${i}: ${c.name}`, c] as const))('%s', (_name, c) => {
      expect(estimate(c, version)).toEqual(c.want)
    })
  })
})

describe('version differences', () => {
  const globalMatches: CelGoCostCase = {
    name: 'matches global',
    expr: "matches(input, '\\\\d+a\\\\d+b')",
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '103']
  }

  test('the global matches() overload is costed like the member form from v0.29', () => {
    expect(estimate(globalMatches, '0.29')).toEqual(['3', '103'])
    // Before: the default call cost 1 plus the argument.
    expect(estimate(globalMatches, '0.26')).toEqual(['2', '2'])
  })
})
