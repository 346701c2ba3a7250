// Runs cel-go's static cost estimator cases (cel-go-cost.json; checker/cost_test.go TestCost):
// parse with all macros, check against the standard library, the proto3 test messages and a
// `max(list(bytes))` member function, then estimate with the test's size-hint estimator
// (unhinted bytes [0, 12], timestamp_to_year costs 7) and the case's options, with the
// estimator of the cel-go release the case was transcribed from.

import { estimateCost, formatRange, type OverloadEstimator } from '../../../src/cel/cost/index.js'
import {
  CEL_GO_TEST_ESTIMATORS,
  celGoTestEnvironment,
  celGoTestHooks,
  celGoVersionOfRef,
  compile
} from '../../cel/cost/harness.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler, type HandlerOutcome } from '../handlers.js'

const HARNESS = 'cel-go checker test env'

interface CostCase {
  expr: string
  declarations: { name: string; type: string }[]
  size_hints: Record<string, number>
  options: Record<string, unknown>[]
  expected_min: string
  expected_max: string
  source?: { ref?: string }
}

function run(c: ConformanceCase): HandlerOutcome {
  const input = c.input as unknown as CostCase
  const version = celGoVersionOfRef(input.source?.ref)
  const env = celGoTestEnvironment(version, input.declarations)
  const compiled = compile(input.expr, env, { celGoVersion: version })
  if ('error' in compiled) return { pass: false, detail: compiled.error }

  let presenceTestHasCost = true
  const overloadEstimators = new Map<string, OverloadEstimator>()
  for (const option of input.options) {
    const custom = option.custom_overload_estimator
    if (typeof option.presence_test_has_cost === 'boolean') {
      presenceTestHasCost = option.presence_test_has_cost
    } else if (typeof custom === 'string' && CEL_GO_TEST_ESTIMATORS.has(custom)) {
      overloadEstimators.set(custom, CEL_GO_TEST_ESTIMATORS.get(custom)!)
    } else {
      return { pass: false, detail: `unsupported option ${JSON.stringify(option)}` }
    }
  }
  const estimate = estimateCost(compiled.checked, celGoTestHooks(input.size_hints, version), {
    version,
    presenceTestHasCost,
    overloadEstimators
  })
  const want = { min: BigInt(input.expected_min), max: BigInt(input.expected_max) }
  return estimate.min === want.min && estimate.max === want.max
    ? { pass: true }
    : { pass: false, detail: `estimated ${formatRange(estimate)}, expected ${formatRange(want)}` }
}

registerHandler(
  (c) =>
    c.harness?.startsWith(HARNESS) === true &&
    typeof c.input.expr === 'string' &&
    typeof c.input.expected_min === 'string' &&
    typeof c.input.expected_max === 'string',
  run
)
