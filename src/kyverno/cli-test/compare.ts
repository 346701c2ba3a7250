/**
 * `kyverno test`'s reading of the engine responses against the test's `results`
 * (Kyverno cmd/cli/kubectl-kyverno/commands/test/output.go `printTestResult`, command.go
 * `checkResult`; policy-dryrun-spec.md §2.13):
 *
 * - a result names resources (`name` or `namespace/name`, matched against every evaluated
 *   resource of any kind); naming none, or none that exists, means every resource;
 * - for each resource, the responses of the named policy are read: the rule responses named
 *   `rule` (or `autogen-rule`, `autogen-cronjob-rule`; all of them for rule-less policy kinds)
 *   each make a row, passing when the policy-report result equals the expected one (and the
 *   patched / generated resource equals the file the result names);
 * - a policy response without such rule responses is "Excluded": a passing row counted as skip;
 * - no response of the policy at all is "Not found": a failing row.
 */
import path from 'node:path'
import { cliResource } from '../cli-values.js'
import { stringField } from '../go/format.js'
import { isJsonObject } from '../../common/json.js'
import { RULELESS_KINDS, testResults } from '../report.js'
import type { JsonMap } from '../types.js'
import type { TestFileSource } from './inputs.js'
import type { EngineResponse, RuleResponse } from './responses.js'
import type { TestResultEntry } from './test-file.js'
import type { KyvernoReleaseFeatures } from '../versions.js'
import { pushAll } from '../../common/arrays.js'

/** How a row was decided (Kyverno's REASON column, plus celgate's "Not evaluated"). */
export type RowReason =
  | 'Ok'
  | 'Excluded'
  | 'Not found'
  | 'Invalid policy'
  | 'Resource diff'
  | 'Resource error'
  | 'Want'
  | 'Not evaluated'

export interface TestRow {
  /** Index of the `results` entry the row checks. */
  result: number
  policy: string
  rule: string
  /** `apiVersion/kind/namespace/name` of the resource (or generated resource name). */
  resource: string
  expected: string
  /** The policy-report result the engine produced, when a rule response was read. */
  actual?: string
  passed: boolean
  reason: RowReason
  /** `Want fail, got pass` and the like for result mismatches. */
  detail?: string
  /** The rule response's message (or why there is none). */
  message: string
  /** What `kyverno test` tallies the row as. */
  tally: 'pass' | 'skip' | 'fail'
  /** Expected-vs-actual lines when a patched or generated resource differs. */
  diff?: string[]
}

/** Responses by resource key (`apiVersion,kind,namespace,name`), in evaluation order. */
export type ResponsesByResource = Map<string, EngineResponse[]>

export interface TestResponses {
  trigger: ResponsesByResource
  /** Responses that patched a target resource of the test, by the target's key. */
  target: ResponsesByResource
  /** Responses of the extra runs for results that declare an operation. */
  byOperation: Map<string, ResponsesByResource>
  /** Policies `kyverno test` would skip as invalid, with the reason. */
  skippedPolicies: Map<string, string>
}

export const resourceKey = (resource: JsonMap): string => {
  const meta = isJsonObject(resource.metadata) ? resource.metadata : {}
  const s = (v: unknown): string => (typeof v === 'string' ? v : '')
  return [s(resource.apiVersion), s(resource.kind), s(meta.namespace), s(meta.name)].join(',')
}

export interface CompareContext {
  testDir: string
  source: TestFileSource
  /** The Kyverno release whose `kyverno test` reads the results. */
  features: KyvernoReleaseFeatures
}

/** The rows of one `results` entry, with the selected release's reading (kyverno/versions.ts). */
export function compareResult(
  entry: TestResultEntry,
  responses: TestResponses,
  context: CompareContext
): TestRow[] {
  const trigger =
    entry.operation !== ''
      ? (responses.byOperation.get(entry.operation) ?? new Map<string, EngineResponse[]>())
      : responses.trigger
  const rows =
    context.features.testResultSelection === 'kind-and-name'
      ? compareByKindAndName(entry, trigger, context)
      : compareByResourceKey(entry, trigger, responses, context)
  return context.features.testFailResultAlwaysPasses
    ? rows.map((row) => expectedFailPasses(entry, row, context.features))
    : rows
}

/**
 * printTestResult up to 1.17: `success := ok || (!ok && test.Result == StatusFail)`, so a result
 * expecting `fail` passes whatever the check found, except in the branch of the policy kinds the
 * release checks strictly. A row without a response ("Not found") still fails.
 */
function expectedFailPasses(
  entry: TestResultEntry,
  row: TestRow,
  features: KyvernoReleaseFeatures
): TestRow {
  if (row.passed || entry.result !== 'fail' || row.reason === 'Not found') return row
  if (entry.policyFlags.some((flag) => features.testStrictResultFlags.includes(flag))) return row
  return {
    ...row,
    passed: true,
    tally: 'pass',
    detail: `${row.detail ?? row.reason}; kyverno test ${features.version} passes a result expecting fail whatever happened`
  }
}

/** 1.14+: the resources the entry names among every evaluated one (all when it names none). */
function compareByResourceKey(
  entry: TestResultEntry,
  trigger: ResponsesByResource,
  responses: TestResponses,
  context: CompareContext
): TestRow[] {
  const policyName = entry.policy.split('/').pop() ?? ''
  const keys = selectedResources(entry, [...responses.target.keys(), ...trigger.keys()])
  const rows: TestRow[] = []
  for (const key of keys) {
    const display = key.replaceAll(',', '/')
    const resourceRows: TestRow[] = []
    let resourceSkipped = false
    for (const response of trigger.get(key) ?? []) {
      if ((response.policy.metadata?.name ?? '') !== policyName) continue
      const found = responseRows(entry, response, display, context)
      pushAll(resourceRows, found.rows)
      resourceSkipped ||= found.skipped
      if (resourceRows.length === 0 && !resourceSkipped)
        resourceRows.push(excludedRow(entry, display))
    }
    // A target resource: the first rule that patched it, whatever the policy and rule.
    for (const response of responses.target.get(key) ?? []) {
      const rule = response.rules.find(
        (r) => r.patchedTarget !== undefined && resourceKey(r.patchedTarget) === key
      )
      if (rule !== undefined)
        resourceRows.push(checkRule(entry, response, rule, display, context, rule.patchedTarget))
    }
    if (resourceRows.length === 0 && !resourceSkipped) {
      const invalid = responses.skippedPolicies.get(policyName)
      resourceRows.push({
        result: entry.index,
        policy: entry.policy,
        rule: entry.rule,
        resource: display,
        expected: entry.result,
        passed: invalid !== undefined,
        reason: invalid !== undefined ? 'Invalid policy' : 'Not found',
        message: invalid ?? 'Not found',
        tally: invalid !== undefined ? 'skip' : 'fail'
      })
    }
    pushAll(rows, resourceRows)
  }
  return rows
}

/**
 * Up to 1.13 (lookupEngineResponses): each name of `resources` (else the deprecated `resource`)
 * picks the responses of the entry's `kind` whose resource is `namespace/name` or `name`, of the
 * policy `namespace/name` (a namespaced policy) or `name`; a name nothing matches is "Not found",
 * and an entry naming no resource checks nothing.
 */
function compareByKindAndName(
  entry: TestResultEntry,
  trigger: ResponsesByResource,
  context: CompareContext
): TestRow[] {
  const names = entry.resources ?? (entry.resource !== '' ? [entry.resource] : [])
  const rows: TestRow[] = []
  for (const name of names) {
    const nameRows: TestRow[] = []
    for (const key of keysOfKindAndName(entry.kind, name, trigger.keys())) {
      for (const response of trigger.get(key) ?? []) {
        const meta = response.policy.metadata
        const policy =
          (meta?.namespace ?? '') !== '' ? `${meta?.namespace}/${meta?.name}` : (meta?.name ?? '')
        if (policy !== entry.policy) continue
        const found = responseRows(entry, response, name, context)
        pushAll(nameRows, found.rows)
        if (nameRows.length === 0) nameRows.push(excludedRow(entry, name))
      }
    }
    if (nameRows.length === 0)
      nameRows.push({
        result: entry.index,
        policy: entry.policy,
        rule: entry.rule,
        resource: name,
        expected: entry.result,
        passed: false,
        reason: 'Not found',
        message: 'Not found',
        tally: 'fail'
      })
    pushAll(rows, nameRows)
  }
  return rows
}

/** The keys of resources of `kind` named `name` or `namespace/name`. */
function keysOfKindAndName(kind: string, name: string, keys: Iterable<string>): string[] {
  const out: string[] = []
  for (const key of keys) {
    const parts = keyParts(key)
    if (key.split(',')[1] !== kind) continue
    const qualified = parts.namespace ? `${parts.namespace}/${parts.name}` : parts.name
    if (qualified === name || parts.name === name) out.push(key)
  }
  return out
}

/** A policy response without rule responses for the entry: the resource was excluded, a pass. */
function excludedRow(entry: TestResultEntry, resource: string): TestRow {
  return {
    result: entry.index,
    policy: entry.policy,
    rule: entry.rule,
    resource,
    expected: entry.result,
    passed: true,
    reason: 'Excluded',
    message: 'Excluded',
    tally: 'skip'
  }
}

/**
 * The rows of the rule responses of one policy response the entry reads (the rules named
 * `rule`, `autogen-rule` or `autogen-cronjob-rule`, all of them for rule-less policy kinds);
 * `skipped` when a row was left out because its resource is missing from the expected file.
 */
function responseRows(
  entry: TestResultEntry,
  response: EngineResponse,
  display: string,
  context: CompareContext
): { rows: TestRow[]; skipped: boolean } {
  const rows: TestRow[] = []
  let skipped = false
  const ruleless = entry.rule === '' || RULELESS_KINDS.has(response.policy.kind ?? '')
  const rules = ruleless
    ? response.rules
    : response.rules.filter(
        (r) =>
          r.rule === entry.rule ||
          r.rule === `autogen-${entry.rule}` ||
          r.rule === `autogen-cronjob-${entry.rule}`
      )
  for (const rule of rules) {
    if (rule.type === 'Generation') {
      // Generated resources are compared one by one; none: the result alone.
      const generated = rule.generated ?? []
      if (generated.length === 0)
        rows.push(checkRule(entry, response, rule, display, context, undefined))
      for (const g of generated) {
        const name = isJsonObject(g.metadata) ? stringField(g.metadata.name) : ''
        rows.push(checkRule(entry, response, rule, name, context, g))
      }
      continue
    }
    const row = checkRule(entry, response, rule, display, context, undefined)
    if (
      context.features.testSkipsResourceMissingFromExpectedFile &&
      !entry.failOnMissingResources &&
      row.message.includes('not found in manifest')
    ) {
      skipped = true
      continue
    }
    rows.push(row)
  }
  return { rows, skipped }
}

/**
 * The resource keys (`apiVersion,kind,namespace,name`) a result entry checks, among `keys`
 * (printTestResult's selection; a name may select several resources, of any kind).
 */
export function selectedResources(entry: TestResultEntry, keys: Iterable<string>): string[] {
  const all = [...keys]
  const selected: string[] = []
  // Up to 1.14 the deprecated `resource` joins the list (printTestResult appends it).
  const names =
    entry.resource !== '' ? [...(entry.resources ?? []), entry.resource] : entry.resources
  if (names !== undefined) {
    const split = all.map(keyParts)
    for (const r of names) {
      const nsAndName = r.split('/')
      for (const { key, namespace, name } of split) {
        if (nsAndName.length === 1 && r === name) selected.push(key)
        if (nsAndName.length === 2 && nsAndName[0] === namespace && nsAndName[1] === name)
          selected.push(key)
      }
    }
    for (const spec of entry.resourceSpecs) {
      const gv = spec.group === '' ? spec.version : `${spec.group}/${spec.version}`
      for (const { key, groupVersion, namespace, name } of split) {
        if (gv !== groupVersion) continue
        if (spec.namespace !== namespace) continue
        if (spec.name === name) selected.push(key)
      }
    }
  }
  if (selected.length === 0) pushAll(selected, all)
  return selected
}

/**
 * The parts of a key results select by, as `key.split(',')` reads them: the first part, the
 * second-to-last and the last (names with commas shift the parts just as they do there).
 */
function keyParts(key: string): KeyParts {
  const last = key.lastIndexOf(',')
  const beforeLast = last <= 0 ? -1 : key.lastIndexOf(',', last - 1)
  const first = key.indexOf(',')
  return {
    key,
    groupVersion: first < 0 ? key : key.slice(0, first),
    namespace: last < 0 ? undefined : key.slice(beforeLast + 1, last),
    name: key.slice(last + 1)
  }
}

interface KeyParts {
  key: string
  groupVersion: string
  /** Undefined for a key without commas (no second-to-last part). */
  namespace: string | undefined
  name: string
}

function checkRule(
  entry: TestResultEntry,
  response: EngineResponse,
  rule: RuleResponse,
  resource: string,
  context: CompareContext,
  /** The resource to compare instead of the response's (a generated or patched target). */
  generated: JsonMap | undefined
): TestRow {
  const row = (outcome: RowOutcome): TestRow => rowOf(entry, rule.rule, resource, outcome)
  if (rule.notEvaluated !== undefined)
    return row({
      passed: false,
      reason: 'Not evaluated',
      message: rule.notEvaluated,
      tally: 'fail'
    })
  const actualResource =
    generated ?? (rule.type === 'Mutation' ? response.patchedResource : response.resource)
  const files: Array<[string, string]> = []
  // A generation rule without generated resources is checked on its result alone.
  const resultOnly = rule.type === 'Generation' && generated === undefined
  if (entry.patchedResources !== '' && !resultOnly)
    files.push([entry.patchedResources, 'PatchedResources'])
  if (entry.generatedResource !== '' && !resultOnly)
    files.push([entry.generatedResource, 'GeneratedResource'])
  for (const [file, what] of files) {
    const compared = compareWithFile(actualResource, file, what, context)
    if (compared.error !== undefined)
      return row({
        passed: false,
        reason: 'Resource error',
        message: compared.error,
        tally: 'fail'
      })
    if (compared.diff !== undefined) {
      const noun = what === 'PatchedResources' ? 'patched' : 'generated'
      return row({
        passed: false,
        reason: 'Resource diff',
        message: `Patched resource didn't match the ${noun} resource in the test result`,
        diff: compared.diff,
        tally: 'fail'
      })
    }
  }
  const report = testResults(response.policy, [rule], undefined)
  const actual = report === 'excluded' ? undefined : report[0]
  const got = actual?.result ?? rule.status
  const message = actual?.message ?? rule.message
  if (got !== entry.result && rule.undecidable !== undefined) {
    // The rule read data celgate cannot have offline (an image registry, a live cluster).
    return row({
      actual: got,
      passed: false,
      reason: 'Not evaluated',
      message: rule.undecidable,
      tally: 'fail'
    })
  }
  if (got !== entry.result) {
    return row({
      actual: got,
      passed: false,
      reason: 'Want',
      detail: `Want ${entry.result}, got ${got}`,
      message,
      tally: 'fail'
    })
  }
  return row({
    actual: got,
    passed: true,
    reason: 'Ok',
    message,
    tally: entry.result === 'skip' ? 'skip' : 'pass'
  })
}

/** What a row says, beside which entry, rule and resource it is about. */
type RowOutcome = Omit<TestRow, 'result' | 'policy' | 'rule' | 'resource' | 'expected'>

/**
 * A row of `entry`. The outcome is spread last: V8 (Node 20) adds the properties that follow a
 * spread one runtime call at a time, which made building rows a visible cost.
 */
function rowOf(
  entry: TestResultEntry,
  rule: string,
  resource: string,
  outcome: RowOutcome
): TestRow {
  return {
    result: entry.index,
    policy: entry.policy,
    rule,
    resource,
    expected: entry.result,
    ...outcome
  }
}

/**
 * getAndCompareResource: the expected resource is the one in the file with the same
 * apiVersion, kind, namespace and name; both sides get FixupGenerateLabels and Tidy, then must
 * be equal (an empty JSON merge patch).
 */
function compareWithFile(
  actual: JsonMap,
  file: string,
  what: string,
  context: CompareContext
): { error?: string; diff?: string[] } {
  const loaded = context.source.load(path.resolve(context.testDir, file))
  if (loaded.error !== undefined)
    return { error: `error: failed to load ${what} resource (${loaded.error})` }
  const key = resourceKey(actual)
  const expected = loaded.documents
    .map((d) => cliResource(d.value))
    .find((r) => resourceKey(r) === key)
  if (expected === undefined) {
    const name = key.split(',').pop() ?? ''
    return {
      error: `error: failed to load ${what} resource (resource with name ${name} not found in manifest)`
    }
  }
  const a = tidy(fixupGenerateLabels(actual))
  const e = tidy(fixupGenerateLabels(expected))
  const diff: string[] = []
  diffValues(e, a, '', diff)
  return diff.length === 0 ? {} : { diff }
}

/** FixupGenerateLabels: `app.kubernetes.io/managed-by: kyverno` plus labels not under generate.kyverno.io/. */
function fixupGenerateLabels(resource: JsonMap): JsonMap {
  const meta = isJsonObject(resource.metadata) ? resource.metadata : {}
  const labels: Record<string, unknown> = { 'app.kubernetes.io/managed-by': 'kyverno' }
  if (isJsonObject(meta.labels))
    for (const [k, v] of Object.entries(meta.labels))
      if (!k.startsWith('generate.kyverno.io/')) labels[k] = v
  return { ...resource, metadata: { ...meta, labels } }
}

/** resource.Tidy: nulls, empty maps and empty lists removed, recursively. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = value.map(tidy).filter((v) => v !== null && v !== undefined)
    return out.length === 0 ? null : out
  }
  if (isJsonObject(value)) {
    const out: JsonMap = {}
    for (const [k, v] of Object.entries(value)) {
      const t = tidy(v)
      if (t !== null && t !== undefined) out[k] = t
    }
    return Object.keys(out).length === 0 ? null : out
  }
  return value
}

const show = (v: unknown): string => (v === undefined ? '(absent)' : JSON.stringify(v))

/** `- path: expected` / `+ path: actual` lines for every difference (lists compared whole). */
function diffValues(expected: unknown, actual: unknown, at: string, out: string[]): void {
  if (out.length > 40) return
  if (isJsonObject(expected) && isJsonObject(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)])
    for (const k of [...keys].sort())
      diffValues(expected[k], actual[k], at === '' ? k : `${at}.${k}`, out)
    return
  }
  if (JSON.stringify(expected) === JSON.stringify(actual)) return
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    expected.forEach((e, i) => diffValues(e, actual[i], `${at}[${i}]`, out))
    return
  }
  out.push(`- ${at || '(root)'}: ${show(expected)}`)
  out.push(`+ ${at || '(root)'}: ${show(actual)}`)
}
