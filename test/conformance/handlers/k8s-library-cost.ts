// Runs the Kubernetes library cost cases (k8s-library-cost.json; apiserver pkg/cel/library
// cost_test.go): each expression is compiled in the test's environment of a release, its
// estimated range checked with the library cost estimator over the test's size estimator
// ([0, 12] for every string or bytes node), and its actual cost checked by evaluating with the
// library's runtime CallCost (no OptOptimize). A case pinned per release is run for its
// release; any other case for every release whose test table has it, and passes only when all
// of them match. The `replace` result-size cases call the estimator hook directly.

import { variable } from '../../../src/cel/checker/index.js'
import { STRING, type Type } from '../../../src/cel/common/types.js'
import { formatRange, type EstimatorNode, type SizeRange } from '../../../src/cel/cost/index.js'
import { PlanError } from '../../../src/cel/interpreter/index.js'
import { ALWAYS_ALLOW_AUTHORIZER } from '../../../src/kube/cel/authz.js'
import {
  KubernetesCelEnvironment,
  selectBaseOptions,
  type BaseOptionId
} from '../../../src/kube/cel/environment.js'
import { kubernetesEstimatorHooks } from '../../../src/kube/cel/library-costs.js'
import { AUTHORIZER_TYPE } from '../../../src/kube/cel/values.js'
import {
  SUPPORTED_VERSIONS,
  releaseFeatures,
  type KubernetesVersion
} from '../../../src/kube/versions.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler, type HandlerOutcome } from '../handlers.js'

const HARNESS = 'apiserver pkg/cel/library cost_test.go testCost'

interface Expectation {
  readonly min: string
  readonly max: string
  readonly actual: string
}

interface ExpressionCase {
  expr: string
  expected_estimated_min: string
  expected_estimated_max: string
  expected_actual: string
  expected_by_k8s_version?: Record<
    string,
    { estimated_min: string; estimated_max: string; actual: string }
  >
  absent_in_k8s_versions?: string[]
}

/**
 * testCost's cel.NewEnv of a release: the libraries the release has (not the base
 * environment's options: no homogeneous literals, no cross-type comparisons, no validators,
 * no ext.Lists), JSONPatch from 1.32, and the `authorizer` variable.
 */
function testEnvironment(version: KubernetesVersion): KubernetesCelEnvironment {
  const excluded: ReadonlySet<BaseOptionId> = new Set([
    'base',
    'cross-type-numeric-comparisons',
    'literal-validators',
    'ext-lists-v3'
  ])
  const options = selectBaseOptions(version, 'stored', { authorizeWithSelectors: true }).filter(
    (id) => !excluded.has(id)
  )
  if (releaseFeatures(version).libraryTypeEqualityCost) options.push('jsonpatch')
  return new KubernetesCelEnvironment({
    version,
    options,
    variables: [variable('authorizer', AUTHORIZER_TYPE)],
    authorizer: ALWAYS_ALLOW_AUTHORIZER,
    featureGates: { authorizeWithSelectors: true },
    // testCost estimates with PresenceTestHasCost(false); its program keeps cel-go's default.
    presenceTestHasCost: false
  })
}

const environments = new Map<KubernetesVersion, KubernetesCelEnvironment>()

function environmentOf(version: KubernetesVersion): KubernetesCelEnvironment {
  let env = environments.get(version)
  if (env === undefined) {
    env = testEnvironment(version)
    environments.set(version, env)
  }
  return env
}

/** testCostEstimator: every string or bytes node without a computed size is [0, 12]. */
function testSizeEstimator(node: EstimatorNode): SizeRange | undefined {
  const t = node.type
  if ((t.kind === 'string' || t.kind === 'bytes') && !t.nullable) return { min: 0n, max: 12n }
  return undefined
}

function expectationsOf(c: ConformanceCase): Map<KubernetesVersion, Expectation> {
  const input = c.input as unknown as ExpressionCase
  const out = new Map<KubernetesVersion, Expectation>()
  if (c.version !== undefined) {
    const pinned = input.expected_by_k8s_version?.[c.version]
    if (pinned !== undefined && (SUPPORTED_VERSIONS as readonly string[]).includes(c.version)) {
      out.set(c.version as KubernetesVersion, {
        min: pinned.estimated_min,
        max: pinned.estimated_max,
        actual: pinned.actual
      })
    }
    return out
  }
  const absent = new Set(input.absent_in_k8s_versions ?? [])
  for (const version of SUPPORTED_VERSIONS) {
    if (absent.has(version)) continue
    out.set(version, {
      min: input.expected_estimated_min,
      max: input.expected_estimated_max,
      actual: input.expected_actual
    })
  }
  return out
}

function runVersion(expr: string, version: KubernetesVersion, want: Expectation): string[] {
  const env = environmentOf(version)
  const compiled = env.compile(expr)
  if (compiled.ast === undefined) return [`${version}: compile: ${compiled.errorText}`]
  const problems: string[] = []
  const estimate = env.estimateCost(compiled.ast, testSizeEstimator)
  const expected = { min: BigInt(want.min), max: BigInt(want.max) }
  if (estimate.min !== expected.min || estimate.max !== expected.max) {
    problems.push(
      `${version}: estimated ${formatRange(estimate)}, expected ${formatRange(expected)}`
    )
  }
  try {
    const program = env.program(compiled.ast, { optimize: false, presenceTestHasCost: true })
    const activation = { authorizer: env.authorizerValue() }
    const result = program.eval(activation)
    if (result.error !== undefined) {
      problems.push(`${version}: evaluation error: ${result.error.message}`)
    }
    if (result.cost !== BigInt(want.actual)) {
      problems.push(`${version}: actual cost ${result.cost}, expected ${want.actual}`)
    }
  } catch (error) {
    if (!(error instanceof PlanError)) throw error
    problems.push(`${version}: plan: ${error.message}`)
  }
  return problems
}

function runExpression(c: ConformanceCase): HandlerOutcome {
  const input = c.input as unknown as ExpressionCase
  const expectations = expectationsOf(c)
  if (expectations.size === 0) return { pass: false, detail: 'no supported release to run' }
  const problems: string[] = []
  for (const [version, want] of expectations)
    problems.push(...runVersion(input.expr, version, want))
  return problems.length === 0 ? { pass: true } : { pass: false, detail: problems.join('; ') }
}

interface SizeCase {
  function: string
  target_size: { min: string; max: string }
  arg_sizes: { min: string; max: string }[]
  expected_result_size: { min: string; max: string }
}

function sizedNode(size: { min: string; max: string }, type: Type = STRING): EstimatorNode {
  return {
    path: undefined,
    type,
    expr: undefined,
    computedSize: { min: BigInt(size.min), max: BigInt(size.max) }
  }
}

/** TestSize: EstimateCallCost on nodes of known size, in every release. */
function runResultSize(c: ConformanceCase): HandlerOutcome {
  const input = c.input as unknown as SizeCase
  const want = {
    min: BigInt(input.expected_result_size.min),
    max: BigInt(input.expected_result_size.max)
  }
  const problems: string[] = []
  for (const version of SUPPORTED_VERSIONS) {
    const hooks = kubernetesEstimatorHooks(releaseFeatures(version))
    const estimate = hooks.estimateCallCost(
      input.function,
      '',
      sizedNode(input.target_size),
      input.arg_sizes.map((size) => sizedNode(size)),
      { hasTargetPointer: true }
    )
    const got = estimate?.resultSize
    if (got === undefined) problems.push(`${version}: no result size`)
    else if (got.min !== want.min || got.max !== want.max) {
      problems.push(`${version}: result size ${formatRange(got)}, expected ${formatRange(want)}`)
    }
  }
  return problems.length === 0 ? { pass: true } : { pass: false, detail: problems.join('; ') }
}

registerHandler(
  (c) =>
    c.harness?.startsWith(HARNESS) === true &&
    typeof c.input.expr === 'string' &&
    typeof c.input.expected_estimated_max === 'string',
  runExpression
)

registerHandler(
  (c) =>
    typeof c.input.kind === 'string' &&
    c.input.kind.startsWith('function-level result size') &&
    typeof c.input.function === 'string' &&
    c.input.expected_result_size !== undefined,
  runResultSize
)
