/**
 * The engine against real policies and their `kyverno test` expectations (kyverno/policies in
 * ../shared/corpus/policies): each result row of each kyverno-test.yaml is evaluated the way
 * `kyverno test` does and compared with the expected report result. A row whose resource gets
 * no rule response counts as passing, as `kyverno test` counts it ("Excluded").
 *
 * Rows the engine cannot decide by design are left out: mutate/generate expectations
 * (patched or generated resources), podSecurity rules, and policy kinds other than
 * ClusterPolicy/Policy/ValidatingPolicy.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseAllDocuments } from 'yaml'
import {
  cliEvaluationOptions,
  cliResource,
  evaluatePolicy,
  evaluateValidatingPolicy,
  testResults,
  VALIDATING_POLICY_KINDS
} from '../../src/kyverno/index.js'
import type {
  CliValues,
  KyvernoPolicy,
  Operation,
  PolicyException
} from '../../src/kyverno/index.js'

type Json = Record<string, unknown>
const CORPUS = path.resolve(process.cwd(), '../shared/corpus/policies/kyverno')
const FOLDERS = [
  'best-practices',
  'best-practices-cel',
  'other',
  'other-cel',
  'psa',
  'psp-migration',
  'argo'
]
const SUPPORTED_KINDS = new Set([
  'ClusterPolicy',
  'Policy',
  'ValidatingPolicy',
  'NamespacedValidatingPolicy'
])

function testFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return testFiles(p)
    return e.name === 'kyverno-test.yaml' ? [p] : []
  })
}

function load(file: string): Json[] {
  if (!existsSync(file)) return []
  if (statSync(file).isDirectory()) {
    return readdirSync(file)
      .filter((f) => /\.ya?ml$/.test(f))
      .flatMap((f) => load(path.join(file, f)))
  }
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as unknown)
    .filter((x): x is Json => typeof x === 'object' && x !== null)
    .flatMap((d) => (d.kind === 'List' && Array.isArray(d.items) ? (d.items as Json[]) : [d]))
}

interface Row {
  where: string
  expected: string
  actual: string
}

function runTestFile(file: string): Row[] {
  const dir = path.dirname(file)
  const test = load(file)[0] ?? {}
  const paths = (key: string): string[] => (Array.isArray(test[key]) ? (test[key] as string[]) : [])
  const policies = paths('policies').flatMap((p) => load(path.resolve(dir, p)))
  const resources = paths('resources')
    .flatMap((p) => load(path.resolve(dir, p)))
    .map(cliResource)
  const inline = test.values as CliValues | undefined
  const values: CliValues | undefined =
    inline ??
    (typeof test.variables === 'string' ? load(path.resolve(dir, test.variables))[0] : undefined)
  const exceptions = paths('exceptions').flatMap((p) =>
    load(path.resolve(dir, p))
  ) as PolicyException[]
  const rows: Row[] = []
  for (const result of (test.results ?? []) as Json[]) {
    if (result.patchedResources || result.patchedResource || result.generatedResource) continue
    const name = String(result.policy).split('/').pop()
    const policy: KyvernoPolicy | undefined = policies.find(
      (p) => (p.metadata as Json | undefined)?.name === name
    )
    if (policy === undefined || !SUPPORTED_KINDS.has(policy.kind ?? '')) continue
    const rules = policy.spec?.rules ?? []
    if (rules.some((r) => r.validate?.podSecurity !== undefined)) continue
    if (rules.length > 0 && !rules.some((r) => r.validate !== undefined)) continue
    for (const resourceName of (result.resources ?? []) as string[]) {
      const [ns, n] = resourceName.includes('/')
        ? resourceName.split('/')
        : [undefined, resourceName]
      for (const resource of resources.filter((r) => {
        const meta = (r.metadata ?? {}) as Json
        return meta.name === n && (ns === undefined || meta.namespace === ns)
      })) {
        const options = cliEvaluationOptions(name ?? '', resource, {
          ...(values !== undefined ? { values } : {}),
          exceptions,
          ...(typeof result.operation === 'string'
            ? { operation: result.operation as Operation }
            : {})
        })
        const evaluation = VALIDATING_POLICY_KINDS.has(policy.kind ?? '')
          ? evaluateValidatingPolicy(policy, resource, options)
          : evaluatePolicy(policy, resource, options)
        const reported = testResults(policy, evaluation.rules, result.rule as string | undefined)
        const expected = String(result.result)
        const actual =
          reported === 'excluded' || reported.every((r) => r.result === expected)
            ? expected
            : reported.map((r) => `${r.result}: ${r.message}`).join(' | ')
        rows.push({
          where: `${path.relative(CORPUS, file)} ${name}/${String(result.rule)} ${resourceName}`,
          expected,
          actual
        })
      }
    }
  }
  return rows
}

describe('kyverno/policies tests through the engine', () => {
  const available = existsSync(CORPUS)
  it.each(FOLDERS)('agrees with the expected results in %s', (folder) => {
    if (!available) return
    const rows = testFiles(path.join(CORPUS, folder)).flatMap(runTestFile)
    const disagreements = rows.filter((r) => r.actual !== r.expected)
    expect(rows.length).toBeGreaterThan(0)
    expect(disagreements).toEqual([])
  })
})
