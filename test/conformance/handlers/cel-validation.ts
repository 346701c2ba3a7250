/**
 * CEL rule evaluation and compilation on custom resources (cel-validation.json;
 * crd-validation-spec.md §8): evaluation cases run `validateCelRules` on the case's schema,
 * new and old object; compile cases run `compileCelRules`. Cases are recognised by their keys.
 *
 * The tables hold int64 values beyond 2^53 (math.MaxInt64) that JSON.parse rounds, so the
 * objects are re-read from the case file with a parser that keeps such integers as bigints.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { FieldPath, errorString } from '../../../src/kube/fielderrors/index.js'
import type { FieldError } from '../../../src/kube/fielderrors/index.js'
import { compileCelRules, validateCelRules } from '../../../src/kube/celvalidation/index.js'
import type { CelValidationResult } from '../../../src/kube/celvalidation/index.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler } from '../handlers.js'
import type { HandlerOutcome } from '../handlers.js'

type Input = Record<string, unknown>
const input = (c: ConformanceCase): Input => c.input
const has = (c: ConformanceCase, ...keys: string[]): boolean =>
  keys.every((k) => Object.hasOwn(input(c), k))
const isObject = (v: unknown): v is Input =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const show = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x))

// ---------------------------------------------------------------------------------------------
// Lossless reading of the case file

const MAX_INT64 = 9223372036854775807n
const MIN_INT64 = -9223372036854775808n
const BIG_MARK = '\u0000bigint:'

/** JSON.parse, except that integers outside ±2^53 but within int64 become bigints. */
export function parseJsonKeepingInt64(text: string): unknown {
  const marked = text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/gu, (token) => {
    if (token.startsWith('"') || !/^-?\d+$/u.test(token)) return token
    const n = BigInt(token)
    const safe = n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= BigInt(Number.MIN_SAFE_INTEGER)
    if (safe || n > MAX_INT64 || n < MIN_INT64) return token
    return JSON.stringify(`${BIG_MARK}${token}`)
  })
  return JSON.parse(marked, (_k, v: unknown) =>
    typeof v === 'string' && v.startsWith(BIG_MARK) ? BigInt(v.slice(BIG_MARK.length)) : v
  )
}

/** Where a case file may be: the folders given to the runner, then ../shared/conformance beside the repository. */
function candidateFolders(): string[] {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
  const bases = [process.env.INIT_CWD, process.cwd()].filter((b): b is string => !!b)
  const fromArgs = process.argv
    .slice(2)
    .filter((a) => !a.startsWith('-'))
    .flatMap((a) => bases.map((b) => path.resolve(b, a)))
  return [...fromArgs, path.resolve(repoRoot, '../shared/conformance')]
}

const losslessCases = new Map<string, Map<string, Input> | null>()

/** The case as written, with int64 values exact; undefined when the file cannot be found. */
function losslessCase(c: ConformanceCase): Input | undefined {
  let byId = losslessCases.get(c.file)
  if (byId === undefined) {
    byId = null
    for (const folder of candidateFolders()) {
      const file = path.join(folder, c.file)
      if (!existsSync(file) || !statSync(file).isFile()) continue
      const document = parseJsonKeepingInt64(readFileSync(file, 'utf8'))
      const cases = isObject(document) && Array.isArray(document.cases) ? document.cases : []
      byId = new Map(cases.filter(isObject).map((x) => [String(x.id), x]))
      break
    }
    losslessCases.set(c.file, byId)
  }
  return byId?.get(c.id)
}

// ---------------------------------------------------------------------------------------------
// Expectations

interface ExpectedError {
  type?: string
  field?: string
  detail_contains?: string
  error_contains?: string
}

function matches(expected: ExpectedError, actual: FieldError): boolean {
  if (expected.type !== undefined && expected.type !== actual.type) return false
  if (expected.field !== undefined && expected.field !== actual.field) return false
  const text = errorString(actual)
  // The upstream tests look for the substring in the whole `err.Error()` string.
  if (expected.detail_contains !== undefined && !text.includes(expected.detail_contains))
    return false
  if (expected.error_contains !== undefined && !text.includes(expected.error_contains)) return false
  return true
}

function compareErrors(c: ConformanceCase, actual: readonly FieldError[]): string | undefined {
  const expected = (input(c).expected_errors ?? []) as ExpectedError[]
  const rendered = (): string => show(actual.map((e) => errorString(e)))
  if (input(c).expected_errors_complete === true) {
    const unmatched = [...actual]
    const missing: ExpectedError[] = []
    for (const e of expected) {
      const i = unmatched.findIndex((a) => matches(e, a))
      if (i < 0) missing.push(e)
      else unmatched.splice(i, 1)
    }
    if (missing.length > 0 || unmatched.length > 0)
      return `missing ${show(missing)}; got ${rendered()}`
    return undefined
  }
  if (expected.length === 0)
    return actual.length === 0 ? undefined : `expected no errors, got ${rendered()}`
  const count = input(c).expected_error_count
  if (typeof count === 'number' && actual.length !== count)
    return `expected ${count} errors, got ${rendered()}`
  if (actual.length === 0) return `expected errors ${show(expected)}, got none`
  const missing = expected.filter((e) => !actual.some((a) => matches(e, a)))
  if (missing.length > 0) return `missing ${show(missing)}; got ${rendered()}`
  // Without a count, every error returned must be one of the expected kind.
  if (typeof count !== 'number') {
    const stray = actual.filter((a) => !expected.some((e) => matches(e, a)))
    if (stray.length > 0) return `unexpected errors ${show(stray.map((e) => errorString(e)))}`
  }
  return undefined
}

const budgetOf = (v: unknown): bigint =>
  v === 'MaxInt' ? MAX_INT64 : typeof v === 'bigint' ? v : BigInt(typeof v === 'number' ? v : 0)

function compareBudget(
  c: ConformanceCase,
  budget: bigint,
  result: CelValidationResult
): string | undefined {
  const i = input(c)
  const spent = budget - result.remainingBudget
  if (i.expected_cost !== undefined && spent !== BigInt(i.expected_cost as number))
    return `expected cost ${show(i.expected_cost)}, spent ${spent}`
  if (i.expected_skipped_no_cost === true && spent !== 0n)
    return `expected the rule to be skipped at no cost, spent ${spent}`
  if (
    i.expected_remaining_budget !== undefined &&
    result.remainingBudget !== BigInt(i.expected_remaining_budget as number)
  )
    return `expected remaining budget ${show(i.expected_remaining_budget)}, got ${result.remainingBudget}`
  return undefined
}

function compareWarnings(c: ConformanceCase, result: CelValidationResult): string | undefined {
  const expected = input(c).expected_warnings_exact
  if (!Array.isArray(expected)) return undefined
  const actual = [...result.warnings]
  for (const w of expected) {
    const i = actual.indexOf(w as string)
    if (i < 0) return `missing warning ${show(w)}; got ${show(result.warnings)}`
    actual.splice(i, 1)
  }
  return actual.length === 0 ? undefined : `unexpected warnings ${show(actual)}`
}

function compareLogs(c: ConformanceCase, result: CelValidationResult): string | undefined {
  const expected = input(c).expected_log_contains
  if (typeof expected !== 'string') return undefined
  return result.logs.some((l) => l.includes(expected))
    ? undefined
    : `expected a log containing ${show(expected)}, got ${show(result.logs)}`
}

// ---------------------------------------------------------------------------------------------
// Evaluation cases

registerHandler(
  (c) => has(c, 'schema', 'new', 'old', 'costBudget', 'path_prefix', 'expected_errors'),
  (c): HandlerOutcome => {
    const i = losslessCase(c) ?? input(c)
    if (!isObject(i.schema)) return { pass: false, detail: 'case has no schema object' }
    const budget = budgetOf(i.costBudget)
    const result = validateCelRules(i.schema, i.new, i.old ?? undefined, {
      isResourceRoot: i.isResourceRoot === true,
      costBudget: budget,
      ...(i.perCallLimit !== undefined ? { perCallLimit: BigInt(i.perCallLimit as number) } : {}),
      pathRoot: FieldPath.of(String(i.path_prefix)),
      // Only the ratcheting cases pass the correlated old object (WithRatcheting) upstream.
      ratcheting: i.ratcheting === true
    })
    const failure =
      compareErrors(c, result.errors) ??
      compareWarnings(c, result) ??
      compareBudget(c, budget, result) ??
      compareLogs(c, result)
    return failure === undefined ? { pass: true } : { pass: false, detail: failure }
  }
)

// ---------------------------------------------------------------------------------------------
// Compile cases

interface ExpectedRule {
  no_error?: boolean
  uses_oldSelf?: boolean
  error_type?: string
  error_contains?: string
  messageExpression_error_contains?: string
}

registerHandler(
  (c) => has(c, 'schema', 'expected_per_rule') && input(c).kind === 'compile',
  (c): HandlerOutcome => {
    const i = input(c)
    if (!isObject(i.schema)) return { pass: false, detail: 'case has no schema object' }
    const compiled = compileCelRules(i.schema, {
      isResourceRoot: i.isResourceRoot === true,
      environment:
        i.rules_are_preexisting_stored_expressions === true ? 'StoredExpressions' : 'NewExpressions'
    })
    if (compiled.error !== undefined) return { pass: false, detail: compiled.error }
    const expected = i.expected_per_rule as ExpectedRule[]
    if (compiled.rules.length !== expected.length)
      return {
        pass: false,
        detail: `expected ${expected.length} results, got ${compiled.rules.length}`
      }
    for (let n = 0; n < expected.length; n++) {
      const e = expected[n]!
      const r = compiled.rules[n]!
      const where = `rule ${n}`
      if (e.no_error === true && (r.error || r.messageExpressionError))
        return {
          pass: false,
          detail: `${where}: unexpected error ${show(r.error ?? r.messageExpressionError)}`
        }
      if (e.uses_oldSelf !== undefined && e.uses_oldSelf !== r.usesOldSelf)
        return { pass: false, detail: `${where}: usesOldSelf ${r.usesOldSelf}` }
      if (e.error_type !== undefined && r.error?.type !== e.error_type)
        return {
          pass: false,
          detail: `${where}: expected a ${e.error_type} error, got ${show(r.error)}`
        }
      if (e.error_contains !== undefined && !(r.error?.detail ?? '').includes(e.error_contains))
        return {
          pass: false,
          detail: `${where}: expected ${show(e.error_contains)}, got ${show(r.error)}`
        }
      if (
        e.messageExpression_error_contains !== undefined &&
        !(r.messageExpressionError?.detail ?? '').includes(e.messageExpression_error_contains)
      )
        return {
          pass: false,
          detail: `${where}: expected messageExpression error ${show(e.messageExpression_error_contains)}, got ${show(r.messageExpressionError)}`
        }
    }
    return { pass: true }
  }
)
