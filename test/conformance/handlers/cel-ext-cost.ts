// Runs cel-go's ext library cost cases (cel-ext-cost.json; ext/sets_test.go TestSets and
// ext/lists_test.go TestListsCosts): the estimated range with the library's per-overload
// estimators and a size-hint estimator, and the actual cost of evaluating the checked
// expression with cost tracking (no call estimator, no constant folding). A case passes only
// when every expectation it carries matches.

import { CheckerEnv, variable } from '../../../src/cel/checker/index.js'
import type { CelGoVersion, DeclarationLibrary } from '../../../src/cel/checker/index.js'
import {
  estimateCost,
  formatRange,
  listsCostEstimators,
  setsCostEstimators,
  type OverloadEstimator
} from '../../../src/cel/cost/index.js'
import { Activation, PlanError, plan } from '../../../src/cel/interpreter/index.js'
import { listsLibrary } from '../../../src/cel/lib/lists-decls.js'
import { setsLibrary } from '../../../src/cel/lib/sets-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { SORT_BY_MACRO, standardMacros, type Macro } from '../../../src/cel/parser/index.js'
import {
  celGoVersionOfRef,
  compile,
  hintEstimator,
  parseTypeNotation
} from '../../cel/cost/harness.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler, type HandlerOutcome } from '../handlers.js'

interface ExtCostCase {
  expr: string
  declarations?: { name: string; type: string }[]
  size_hints?: Record<string, number>
  activation?: Record<string, unknown>
  expected_estimated_min?: string
  expected_estimated_max?: string
  expected_actual?: string
  source?: { ref?: string }
}

/** The environment each test file builds (its harness line names the file). */
interface ExtEnvironment {
  readonly libraries: (version: CelGoVersion) => DeclarationLibrary[]
  readonly macros: (version: CelGoVersion) => readonly Macro[]
  readonly estimators: ReadonlyMap<string, OverloadEstimator>
  readonly container?: string
}

const ENVIRONMENTS: ReadonlyMap<string, ExtEnvironment> = new Map([
  [
    'cel-go ext/sets_test.go',
    {
      libraries: (version) => [standardLibrary({ celGoVersion: version }), setsLibrary()],
      macros: (version) => standardMacros(version),
      estimators: setsCostEstimators()
    }
  ],
  [
    'cel-go ext/lists_test.go',
    {
      libraries: (version) => [standardLibrary({ celGoVersion: version }), listsLibrary()],
      macros: (version) => [...standardMacros(version), SORT_BY_MACRO],
      estimators: listsCostEstimators(),
      container: 'google.expr.proto2.test'
    }
  ]
])

function environmentOf(c: ConformanceCase): ExtEnvironment | undefined {
  for (const [prefix, env] of ENVIRONMENTS) if (c.harness?.startsWith(prefix) === true) return env
  return undefined
}

function run(c: ConformanceCase): HandlerOutcome {
  const input = c.input as unknown as ExtCostCase
  const ext = environmentOf(c)!
  const version = celGoVersionOfRef(input.source?.ref)
  const env = new CheckerEnv({
    celGoVersion: version,
    ...(ext.container !== undefined ? { container: ext.container } : {}),
    libraries: ext.libraries(version),
    variables: (input.declarations ?? []).map((d) => variable(d.name, parseTypeNotation(d.type)))
  })
  const compiled = compile(input.expr, env, { celGoVersion: version, macros: ext.macros(version) })
  if ('error' in compiled) return { pass: false, detail: compiled.error }
  const checked = compiled.checked

  const problems: string[] = []
  if (input.expected_estimated_min !== undefined || input.expected_estimated_max !== undefined) {
    const estimate = estimateCost(checked, hintEstimator(input.size_hints ?? {}), {
      version,
      overloadEstimators: ext.estimators
    })
    const want = {
      min: BigInt(input.expected_estimated_min ?? estimate.min),
      max: BigInt(input.expected_estimated_max ?? estimate.max)
    }
    if (estimate.min !== want.min || estimate.max !== want.max) {
      problems.push(`estimated ${formatRange(estimate)}, expected ${formatRange(want)}`)
    }
  }
  if (input.expected_actual !== undefined) {
    try {
      const program = plan(checked, {
        ...(ext.container !== undefined ? { container: ext.container } : {}),
        costModel: version === '0.29' ? '0.29' : '0.26'
      })
      const result = program.eval(Activation.fromJs(input.activation ?? {}))
      if (result.error !== undefined) problems.push(`evaluation error: ${result.error.message}`)
      else if (result.value !== true) problems.push('the expression did not evaluate to true')
      if (result.cost !== BigInt(input.expected_actual)) {
        problems.push(`actual cost ${result.cost}, expected ${input.expected_actual}`)
      }
    } catch (error) {
      if (!(error instanceof PlanError)) throw error
      problems.push(`plan: ${error.message}`)
    }
  }
  return problems.length === 0 ? { pass: true } : { pass: false, detail: problems.join('; ') }
}

registerHandler(
  (c) =>
    environmentOf(c) !== undefined &&
    typeof c.input.expr === 'string' &&
    (typeof c.input.expected_estimated_max === 'string' ||
      typeof c.input.expected_actual === 'string'),
  run
)
