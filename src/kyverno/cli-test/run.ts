/**
 * Runs one `kyverno test` file the way `kyverno test` does (Kyverno
 * cmd/cli/kubectl-kyverno/commands/test/test.go `runTest` then output.go): load what it names,
 * evaluate every policy on every (unique) resource — once for the default operation and once
 * per operation a result declares — and read the results against the responses.
 */
import path from 'node:path'
import type { Operation } from '../engine.js'
import { stringField } from '../go/format.js'
import { isJsonObject } from '../../common/json.js'
import type { JsonMap, KyvernoPolicy } from '../types.js'
import { cliResource } from '../cli-values.js'
import { compareResult, resourceKey, selectedResources } from './compare.js'
import type { ResponsesByResource, TestResponses, TestRow } from './compare.js'
import { buildCelData, buildContextData } from './context-data.js'
import { emptyInputs, loadTestInputs } from './inputs.js'
import type { TestFileSource, TestInputs } from './inputs.js'
import { processResource } from './processor.js'
import { readCliTest } from './test-file.js'
import { checkTestSchema } from './test-schema.js'
import type { TestSchemaVerdict } from './test-schema.js'
import type { KyvernoReleaseFeatures } from '../versions.js'
import type { CliTest, TestFileProblem } from './test-file.js'
import { pushAll } from '../../common/arrays.js'

export interface CliTestOutcome {
  test: CliTest
  /**
   * Why the selected Kyverno release does not run the test (test-schema.ts): `refused` fails the
   * run, and every result with it; `skipped` (up to 1.14) leaves the results unchecked.
   */
  notRun?: NonNullable<TestSchemaVerdict['notRun']>
  /** Problems of the test document itself (shape), with their value paths. */
  problems: TestFileProblem[]
  /** Why the test could not run (missing or unreadable files…); its results all fail then. */
  fatal: string[]
  warnings: string[]
  rows: TestRow[]
  /** Rows by `results` index, for the entry's verdict. */
  entries: Array<{ index: number; passed: boolean; rows: TestRow[] }>
  counts: { pass: number; skip: number; fail: number }
  inputs: TestInputs
}

const OPERATIONS: ReadonlySet<string> = new Set(['CREATE', 'UPDATE', 'DELETE'])

export interface CliTestOptions {
  /** The Kyverno release whose `kyverno test` to follow. */
  features: KyvernoReleaseFeatures
  /** The test file as messages name it (repository-relative). */
  displayPath: string
}

/** Runs a Test document read from `file` (absolute). */
export function runCliTest(
  value: JsonMap,
  file: string,
  source: TestFileSource,
  options: CliTestOptions
): CliTestOutcome {
  const { features } = options
  const problems: TestFileProblem[] = []
  const test = readCliTest(value, problems)
  const schema = checkTestSchema(value, options.displayPath, features)
  if (schema.notRun !== undefined) return notRunOutcome(test, problems, schema.notRun)
  const testDir = path.dirname(file)
  const inputs = loadTestInputs(test, testDir, source, features)
  const fatal = [...inputs.fatal]
  for (const r of test.results) {
    if (r.operation !== '' && !OPERATIONS.has(r.operation))
      fatal.push(
        `invalid test result for policy ${r.policy}: invalid operation "${r.operation}", must be one of CREATE, UPDATE, DELETE`
      )
  }
  const outcome: CliTestOutcome = {
    test,
    problems,
    fatal,
    warnings: [...schema.warnings.map((w) => w.message), ...inputs.warnings],
    rows: [],
    entries: [],
    counts: { pass: 0, skip: 0, fail: 0 },
    inputs
  }
  if (fatal.length > 0) {
    for (const r of test.results) {
      outcome.entries.push({ index: r.index, passed: false, rows: [] })
      outcome.counts.fail++
    }
    return outcome
  }
  const responses = evaluateAll(test, inputs, testDir, source, features)
  for (const entry of test.results) {
    const rows = compareResult(entry, responses, { testDir, source, features })
    pushAll(outcome.rows, rows)
    outcome.entries.push({ index: entry.index, passed: rows.every((r) => r.passed), rows })
    for (const row of rows) outcome.counts[row.tally]++
  }
  return outcome
}

/** A test the release does not run: nothing is loaded or evaluated. */
function notRunOutcome(
  test: CliTest,
  problems: TestFileProblem[],
  notRun: NonNullable<TestSchemaVerdict['notRun']>
): CliTestOutcome {
  const refused = notRun.how === 'refused'
  return {
    test,
    notRun,
    problems,
    fatal: refused ? [notRun.message] : [],
    warnings: [],
    rows: [],
    entries: refused ? test.results.map((r) => ({ index: r.index, passed: false, rows: [] })) : [],
    counts: { pass: 0, skip: 0, fail: refused ? test.results.length : 0 },
    inputs: emptyInputs()
  }
}

/**
 * Every unique resource (first of each group/kind/namespace/name) through the processor, for
 * the default run and each declared operation. Only the policies some result reads on a
 * resource are evaluated there (plus whatever changes the resource they see): the responses
 * `kyverno test` compares are the same, without evaluating pairs nobody looks at.
 */
function evaluateAll(
  test: CliTest,
  inputs: TestInputs,
  testDir: string,
  source: TestFileSource,
  features: KyvernoReleaseFeatures
): TestResponses {
  const contextData = buildContextData(test, inputs, testDir, source)
  const celData = buildCelData(test, inputs, testDir, source)
  const unique = new Map<string, JsonMap>()
  for (const { resource } of inputs.resources) {
    const key = uniqueKey(resource)
    if (!unique.has(key)) unique.set(key, resource)
  }
  const resources = [...unique.values()].map((resource) => ({
    key: resourceKey(resource),
    resource
  }))
  const keys = [...new Set(resources.map((r) => r.key))]
  // Which policy names each run reads on each resource key.
  const wanted = new Map<string, Map<string, Set<string>>>()
  for (const entry of test.results) {
    const run = entry.operation
    const byKey = wanted.get(run) ?? new Map<string, Set<string>>()
    wanted.set(run, byKey)
    const policyName = entry.policy.split('/').pop() ?? ''
    for (const key of selectedResources(entry, keys)) {
      const names = byKey.get(key) ?? new Set<string>()
      names.add(policyName)
      byKey.set(key, names)
    }
  }
  // ruleToCloneSourceResource: the clone sources the results name, by policy and rule.
  const cloneSourceFiles = new Map<string, string>()
  for (const entry of test.results) {
    if (entry.cloneSourceResource === '') continue
    cloneSourceFiles.set(`${entry.policy}\u0000${entry.rule}`, entry.cloneSourceResource)
  }
  const cloneSources = (policy: KyvernoPolicy, rule: string): JsonMap[] => {
    const ns = policy.metadata?.namespace ?? ''
    const name = policy.metadata?.name ?? ''
    const file =
      cloneSourceFiles.get(`${ns !== '' ? `${ns}/` : ''}${name}\u0000${rule}`) ??
      cloneSourceFiles.get(`${name}\u0000${rule}`)
    if (file === undefined) return []
    const loaded = source.load(path.resolve(testDir, file))
    return loaded.documents.map((d) => cliResource(d.value))
  }
  const evaluateRun = (run: string): ResponsesByResource => {
    const out: ResponsesByResource = new Map()
    const byKey = wanted.get(run)
    for (const { key, resource } of resources) {
      const names = byKey?.get(key)
      if (names === undefined) {
        if (!out.has(key)) out.set(key, [])
        continue
      }
      const responses = processResource(resource, run as Operation | '', {
        inputs,
        evaluation: { contextData, celData, kyvernoVersion: features.version },
        cloneSources,
        wanted: (name) => names.has(name)
      })
      out.set(key, [...(out.get(key) ?? []), ...responses])
    }
    return out
  }
  const byOperation = new Map<string, ResponsesByResource>()
  for (const run of wanted.keys())
    if (run !== '' && OPERATIONS.has(run)) byOperation.set(run, evaluateRun(run))
  const trigger = evaluateRun('')
  return {
    trigger,
    target: targetResponses(inputs.targets, trigger),
    byOperation,
    skippedPolicies: new Map()
  }
}

/** testResponse.Target: for each target resource, the responses with a rule that patched it. */
function targetResponses(
  targets: readonly JsonMap[],
  trigger: ResponsesByResource
): ResponsesByResource {
  const out: ResponsesByResource = new Map()
  const all = [...trigger.values()].flat()
  for (const target of targets) {
    const key = resourceKey(target)
    for (const response of all) {
      if (
        !response.rules.some(
          (r) => r.patchedTarget !== undefined && resourceKey(r.patchedTarget) === key
        )
      )
        continue
      out.set(key, [...(out.get(key) ?? []), response])
    }
  }
  return out
}

/** resource.RemoveDuplicates' key: group, kind, namespace, name. */
function uniqueKey(resource: JsonMap): string {
  const apiVersion = typeof resource.apiVersion === 'string' ? resource.apiVersion : ''
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : ''
  const meta = isJsonObject(resource.metadata) ? resource.metadata : {}
  return [
    group,
    stringField(resource.kind),
    stringField(meta.namespace),
    stringField(meta.name)
  ].join('\u0000')
}
