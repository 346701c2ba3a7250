/**
 * crd-rule-cost.json: the static cost of one rule on the root of a schema, as apiextensions'
 * Compile reports it (CompilationResult.MaxCost, no cardinality), per Kubernetes version where
 * the releases disagree. Cases that pin nothing but a successful compile pass when the rule
 * compiles.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { compileRule } from '../../../src/kube/crd/rule-compiler.js'
import { evaluateRule } from '../../../src/kube/crd/rule-evaluator.js'
import { checkSchemaCost } from '../../../src/kube/crd/schema-cost.js'
import type { ExpressionEnvironment } from '../../../src/kube/crd/rule-environment.js'
import { isSupportedVersion } from '../../../src/kube/versions.js'
import type { KubernetesVersion } from '../../../src/kube/versions.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler } from '../handlers.js'

type Input = Record<string, unknown>

/** The newest release the tables were taken from (`master(1.37-dev)`). */
const NEWEST: KubernetesVersion = '1.37'

/** `1.31` or `master(1.37-dev)` → a supported version. */
export function caseVersion(c: ConformanceCase): KubernetesVersion {
  const v = c.version ?? NEWEST
  const match = /(\d+\.\d+)/.exec(v)?.[1] ?? NEWEST
  if (!isSupportedVersion(match)) throw new Error(`unsupported Kubernetes version ${v}`)
  return match
}

const isObject = (v: unknown): v is Input =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

function expectedCost(c: ConformanceCase): string | undefined {
  const byVersion = c.input.expected_by_k8s_version
  if (c.version !== undefined && isObject(byVersion)) {
    const v = byVersion[c.version]
    if (typeof v === 'string') return v
  }
  return typeof c.input.expected_cost === 'string' ? c.input.expected_cost : undefined
}

registerHandler(
  (c) =>
    isObject(c.input.schema) &&
    typeof c.input.rule === 'string' &&
    !('new' in c.input) &&
    !('object' in c.input) &&
    !('expected_errors' in c.input),
  (c) => {
    const harness = c.harness ?? ''
    const isResourceRoot = /isResourceRoot\s*=\s*true/i.test(harness)
    const environment: ExpressionEnvironment = /StoredExpressions env/.test(harness)
      ? 'StoredExpressions'
      : 'NewExpressions'
    const compiled = compileRule(c.input.schema as Input, c.input.rule as string, {
      kubernetesVersion: caseVersion(c),
      isResourceRoot,
      environment
    })
    if (!compiled) return { pass: false, detail: 'schema not exposed to CEL' }
    const error = compiled.rule?.error
    if (error) return { pass: false, detail: error.detail }
    const cost = compiled.maxCost
    const input = c.input
    const exact = expectedCost(c)
    if (exact !== undefined)
      return { pass: cost === BigInt(exact), detail: `expected ${exact}, got ${cost}` }
    const checks: Array<[boolean, string]> = []
    if (typeof input.expected_cost_at_least === 'string')
      checks.push([
        cost >= BigInt(input.expected_cost_at_least),
        `>= ${input.expected_cost_at_least}`
      ])
    if (typeof input.expected_cost_greater_than === 'string')
      checks.push([
        cost > BigInt(input.expected_cost_greater_than),
        `> ${input.expected_cost_greater_than}`
      ])
    if (typeof input.expected_cost_at_most === 'string')
      checks.push([
        cost <= BigInt(input.expected_cost_at_most),
        `<= ${input.expected_cost_at_most}`
      ])
    const failed = checks.filter(([ok]) => !ok).map(([, what]) => what)
    return { pass: failed.length === 0, detail: `expected ${failed.join(' and ')}, got ${cost}` }
  }
)

/**
 * crd-validation-cost.json: a whole openAPIV3Schema checked as on CRD create; the errors the
 * apiserver returns, compared as a multiset of (type, field path).
 */
registerHandler(
  (c) => isObject(c.input.openAPIV3Schema) && Array.isArray(c.input.expected_errors),
  (c) => {
    const result = checkSchemaCost(
      {
        versions: [],
        yamlPath: ['spec', 'validation', 'openAPIV3Schema'],
        apiPath: 'spec.validation.openAPIV3Schema',
        root: c.input.openAPIV3Schema as Input
      },
      { kubernetesVersion: caseVersion(c) }
    )
    const key = (type: unknown, field: unknown): string => `${String(type)} ${String(field)}`
    const got = result.errors.map((e) => key(e.error.type, e.error.field)).sort()
    const expected = (c.input.expected_errors as Input[]).map((e) => key(e.type, e.field)).sort()
    return {
      pass: JSON.stringify(got) === JSON.stringify(expected),
      detail: `expected [${expected.join('; ')}], got [${got.join('; ')}]`
    }
  }
)

/**
 * runtime-cost.json, Kubernetes CRD validator cases: the actual cost of the rule (the only one
 * on the resource root) on the given object — what the validator deducts from its budget.
 */
registerHandler(
  (c) =>
    isObject(c.input.schema) &&
    typeof c.input.rule === 'string' &&
    'object' in c.input &&
    typeof c.input.expected_runtime_cost === 'string',
  (c) => {
    const evaluation = evaluateRule(
      c.input.schema as Input,
      c.input.rule as string,
      { self: exactObject(c) },
      { kubernetesVersion: caseVersion(c), isResourceRoot: true }
    )
    if (!evaluation) return { pass: false, detail: 'schema not exposed to CEL' }
    const expected = expectedRuntimeCost(c)
    const error = evaluation.error
    const detail = `expected ${expected}, got ${evaluation.cost}${error ? ` (error: ${'detail' in error ? error.detail : error.message})` : ''}`
    return { pass: evaluation.cost === BigInt(expected), detail }
  }
)

function expectedRuntimeCost(c: ConformanceCase): string {
  const byVersion = c.input.expected_by_k8s_version
  if (c.version !== undefined && isObject(byVersion)) {
    const v = byVersion[c.version]
    if (typeof v === 'string') return v
  }
  return c.input.expected_runtime_cost as string
}

/**
 * The case's object with int64 values beyond 2^53 exact: JSON.parse rounds them (the tables
 * hold 9223372036854775807), so the file is read again with those integers kept as bigints.
 */
function exactObject(c: ConformanceCase): unknown {
  const file = path.resolve(process.cwd(), '../shared/conformance', c.file)
  if (!existsSync(file)) return c.input.object
  let cases = exactCases.get(file)
  if (!cases) {
    const marked = readFileSync(file, 'utf8').replace(
      /([:[,]\s*)(-?\d{16,})(?=\s*[,}\]])/g,
      (_, before: string, digits: string) => `${before}"#int64:${digits}"`
    )
    const parsed: unknown = JSON.parse(marked, (_key, value: unknown) =>
      typeof value === 'string' && value.startsWith('#int64:') ? BigInt(value.slice(7)) : value
    )
    cases = new Map(
      (Array.isArray(parsed) ? parsed : [])
        .filter(isObject)
        .map((x) => [String(x.id), x.object] as [string, unknown])
    )
    exactCases.set(file, cases)
  }
  return cases.has(c.id) ? cases.get(c.id) : c.input.object
}

const exactCases = new Map<string, Map<string, unknown>>()
