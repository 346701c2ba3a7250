/**
 * Kyverno cases (kyverno-cases.json; policy-dryrun-spec.md §2, §5): pattern-engine facts,
 * condition-operator facts, `kyverno test` fixture results and exact messages, each run through
 * src/kyverno's public API. Cases are recognised by their keys, never by id or name.
 */
import {
  admissionDecision,
  autogenRules,
  cliEvaluationOptions,
  cliResource,
  compareWithOperand,
  evaluateOperator,
  evaluatePolicy,
  evaluateValidatingPolicy,
  matchPattern,
  mutatePolicy,
  testResults,
  toReportResult,
  validateValue,
  validatingPolicyDenial,
  VALIDATING_POLICY_KINDS
} from '../../../src/kyverno/index.js'
import type {
  CliUserInfo,
  CliValues,
  KyvernoPolicy,
  Operation,
  PolicyException,
  RuleResult
} from '../../../src/kyverno/index.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler } from '../handlers.js'
import type { HandlerOutcome } from '../handlers.js'

type Input = Record<string, unknown>
const input = (c: ConformanceCase): Input => c.input
const has = (c: ConformanceCase, ...keys: string[]): boolean =>
  keys.every((k) => Object.hasOwn(input(c), k))
const expected = (c: ConformanceCase): Input => (input(c).expected ?? {}) as Input
const show = (v: unknown): string => JSON.stringify(v)

const compare = (what: string, want: unknown, got: unknown): HandlerOutcome =>
  show(want) === show(got)
    ? { pass: true }
    : { pass: false, detail: `${what}: expected ${show(want)}, got ${show(got)}` }

// ---------------------------------------------------------------------------------------------
// Pattern facts: a whole pattern against a resource, or one scalar value against one pattern.

registerHandler(
  (c) => has(c, 'pattern', 'resource', 'expected') && !has(c, 'policy'),
  (c) => {
    const error = matchPattern(input(c).resource, input(c).pattern)
    const result = error === undefined ? 'pass' : error.skip ? 'skip' : 'fail'
    const want = expected(c)
    const outcome = compare('result', want.result, result)
    if (!outcome.pass || want.errorPath === undefined) return outcome
    return compare('error path', want.errorPath, error?.path ?? '')
  }
)

registerHandler(
  (c) => has(c, 'value', 'pattern', 'expected') && !has(c, 'resource'),
  (c) => compare('match', expected(c).match, validateValue(input(c).value, input(c).pattern))
)

const OPERATORS: Readonly<Record<string, '' | '!' | '>' | '<' | '>=' | '<='>> = {
  '(equal)': '',
  '!': '!',
  '>': '>',
  '<': '<',
  '>=': '>=',
  '<=': '<='
}

registerHandler(
  (c) => has(c, 'value', 'operator', 'operand', 'expected'),
  (c) => {
    const op = OPERATORS[String(input(c).operator)]
    if (op === undefined)
      return { pass: false, detail: `unknown operator ${show(input(c).operator)}` }
    return compare(
      'match',
      expected(c).match,
      compareWithOperand(input(c).value, String(input(c).operand), op)
    )
  }
)

// ---------------------------------------------------------------------------------------------
// Condition facts: key, operator, value (already substituted) to a boolean.

registerHandler(
  (c) => has(c, 'condition', 'expected'),
  (c) => {
    const condition = input(c).condition as Input
    const result = evaluateOperator(condition.key, String(condition.operator), condition.value)
    return compare('result', expected(c).result, result ?? 'unknown operator')
  }
)

// ---------------------------------------------------------------------------------------------
// `kyverno test` results: a policy and a resource (with the test's values, user info and
// exceptions) to the report result of the named rule. A pair without any rule response is
// "Excluded" in `kyverno test`, which only counts as the expected skip.

const asObject = (v: unknown): Input =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Input) : {}

function evaluateCase(c: ConformanceCase): { policy: KyvernoPolicy; rules: readonly RuleResult[] } {
  const policy = asObject(input(c).policy) as KyvernoPolicy
  const resource = cliResource(asObject(input(c).resource))
  const exceptions = input(c).exceptions
  const operation = input(c).operation as Operation | undefined
  const options = cliEvaluationOptions(policy.metadata?.name ?? '', resource, {
    ...(input(c).values !== undefined ? { values: input(c).values as CliValues } : {}),
    ...(input(c).userinfo !== undefined ? { userInfo: input(c).userinfo as CliUserInfo } : {}),
    exceptions: (Array.isArray(exceptions)
      ? exceptions
      : exceptions !== undefined
        ? [exceptions]
        : []) as PolicyException[],
    ...(operation !== undefined ? { operation } : {})
  })
  if (VALIDATING_POLICY_KINDS.has(policy.kind ?? ''))
    return { policy, rules: evaluateValidatingPolicy(policy, resource, options).rules }
  // As `kyverno test`: mutate rules first, then validate rules on the patched resource.
  const mutation = mutatePolicy(policy, resource, options)
  const validation = evaluatePolicy(policy, mutation.patchedResource, options)
  return { policy, rules: [...mutation.rules, ...validation.rules] }
}

const describe = (rules: readonly RuleResult[]): string =>
  rules.map((r) => `${r.rule || '(vpol)'}=${r.status}: ${r.message}`).join(' | ') ||
  '(no rule responses)'

registerHandler(
  (c) =>
    has(c, 'policy', 'resource', 'rule', 'expected') &&
    !has(c, 'bindings') &&
    typeof expected(c).result === 'string',
  (c) => {
    const { policy, rules } = evaluateCase(c)
    const want = expected(c).result
    const results = testResults(policy, rules, input(c).rule as string | undefined)
    if (results === 'excluded') {
      return want === 'skip'
        ? { pass: true }
        : {
            pass: false,
            detail: `expected ${String(want)}, got no response (Excluded); all: ${describe(rules)}`
          }
    }
    const wrong = results.filter((r) => r.result !== want)
    if (wrong.length === 0) return { pass: true }
    return { pass: false, detail: `expected ${String(want)}, got ${describe(rules)}` }
  }
)

// ---------------------------------------------------------------------------------------------
// Exact messages: admission warnings and denials, report entries, computed autogen rules.

const subsetMismatch = (want: unknown, got: unknown, path = ''): string | undefined => {
  if (typeof want === 'object' && want !== null && !Array.isArray(want)) {
    if (typeof got !== 'object' || got === null || Array.isArray(got))
      return `${path}: expected an object, got ${show(got)}`
    for (const [k, v] of Object.entries(want)) {
      const m = subsetMismatch(v, (got as Input)[k], `${path}.${k}`)
      if (m !== undefined) return m
    }
    return undefined
  }
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length)
      return `${path}: expected ${show(want)}, got ${show(got)}`
    for (let i = 0; i < want.length; i++) {
      const m = subsetMismatch(want[i], got[i], `${path}[${i}]`)
      if (m !== undefined) return m
    }
    return undefined
  }
  return show(want) === show(got) ? undefined : `${path}: expected ${show(want)}, got ${show(got)}`
}

const outcomeOf = (mismatch: string | undefined): HandlerOutcome =>
  mismatch === undefined ? { pass: true } : { pass: false, detail: mismatch }

registerHandler(
  (c) =>
    has(c, 'policy', 'expected') && !has(c, 'bindings') && expected(c).autogenRules !== undefined,
  (c) =>
    outcomeOf(
      subsetMismatch(
        expected(c).autogenRules,
        autogenRules(asObject(input(c).policy)),
        'autogenRules'
      )
    )
)

registerHandler(
  (c) =>
    has(c, 'policy', 'resource', 'operation', 'expected') &&
    !has(c, 'rule') &&
    !has(c, 'bindings') &&
    expected(c).autogenRules === undefined,
  (c) => {
    const want = expected(c)
    const policy = asObject(input(c).policy) as KyvernoPolicy
    const resource = asObject(input(c).resource)
    const { rules } = evaluateCase(c)
    if (VALIDATING_POLICY_KINDS.has(policy.kind ?? '')) {
      const failure = rules.find((r) => r.status === 'fail')
      const denial =
        failure === undefined ? undefined : validatingPolicyDenial(policy, failure.message)
      return outcomeOf(
        subsetMismatch(
          { blocked: want.blocked, error: want.error },
          { blocked: failure !== undefined, error: denial }
        )
      )
    }
    const selected =
      typeof want.rule === 'string' ? rules.filter((r) => r.rule === want.rule) : rules
    const first = selected[0]
    if (first === undefined)
      return { pass: false, detail: `no rule response; all: ${describe(rules)}` }
    if (want.result !== undefined && first.status !== want.result) {
      return { pass: false, detail: `expected ${show(want.result)}, got ${describe(rules)}` }
    }
    const decision = admissionDecision([{ policy, rules }], resource)
    if (want.blocked !== undefined && decision.blocked !== want.blocked) {
      return {
        pass: false,
        detail: `blocked: expected ${show(want.blocked)}, got ${String(decision.blocked)}`
      }
    }
    if (want.admitted !== undefined && decision.blocked === want.admitted) {
      return {
        pass: false,
        detail: `admitted: expected ${show(want.admitted)}, got ${String(!decision.blocked)}`
      }
    }
    if (typeof want.messageContains === 'string' && !first.message.includes(want.messageContains)) {
      return {
        pass: false,
        detail: `message ${show(first.message)} does not contain ${show(want.messageContains)}`
      }
    }
    if (
      typeof want.warningPrefix === 'string' &&
      !decision.warnings.some((w) => w.startsWith(want.warningPrefix as string))
    ) {
      return {
        pass: false,
        detail: `no warning starts with ${show(want.warningPrefix)}; warnings: ${show(decision.warnings)}`
      }
    }
    if (want.reportResult !== undefined) {
      return outcomeOf(
        subsetMismatch(want.reportResult, toReportResult(policy, first), 'reportResult')
      )
    }
    return { pass: true }
  }
)
