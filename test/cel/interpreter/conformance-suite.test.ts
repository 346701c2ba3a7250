// The CEL conformance suite (cel-spec, via @bufbuild/cel-spec) run through our parser, checker
// and interpreter, set up like cel-go's conformance runner (conformance/conformance_test.go):
// standard, optional, strings, math, encoders, bindings and two-variable comprehension
// libraries, cel.block test macros, errors on bad presence tests. Prints, per file of the suite,
// how many cases passed, failed and were skipped; skips are listed with their reason in SKIPPED.

import { afterAll, describe, expect, test } from '@jest/globals'
import { getComprehensionSuite, getConformanceSuite } from '@bufbuild/cel-spec/testdata/tests.js'
import type { IncrementalTest, IncrementalTestSuite } from '@bufbuild/cel-spec/testdata/tests.js'
import type { SimpleTest } from '@bufbuild/cel-spec/cel/expr/conformance/test/simple_pb.js'
import { CheckerEnv, check } from '../../../src/cel/checker/index.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { optionalLibrary } from '../../../src/cel/lib/optional-decls.js'
import { stringsLibrary } from '../../../src/cel/lib/strings-decls.js'
import { twoVarComprehensionsLibrary } from '../../../src/cel/lib/comprehensions-decls.js'
import { listsLibrary } from '../../../src/cel/lib/lists-decls.js'
import { MATH_GREATEST_MACRO, MATH_LEAST_MACRO } from '../../../src/cel/parser/macros.js'
import {
  BIND_MACRO,
  OPT_FLAT_MAP_MACRO,
  OPT_MAP_MACRO,
  TWO_VAR_COMPREHENSION_MACROS,
  parse,
  standardMacros,
  type Macro
} from '../../../src/cel/parser/index.js'
import type { ParsedExpr } from '../../../src/cel/common/ast.js'
import { Activation, PlanError, plan, type Value } from '../../../src/cel/interpreter/index.js'
import {
  BLOCK_TEST_MACROS,
  NeedsProtobuf,
  bindings,
  declarations,
  fromPbValue,
  sameValue
} from './suite-support.js'

interface CaseInfo {
  readonly file: string
  readonly section: string
  readonly test: IncrementalTest
}

/** Every case we do not run, and why. One place, matched by file, section, name or content. */
const SKIPPED: readonly { reason: string; applies: (c: CaseInfo) => boolean }[] = [
  {
    reason: 'protobuf message types (TestAllTypes, enums, proto2/proto3 fields and extensions)',
    applies: (c) => ['proto2', 'proto3', 'proto2_ext', 'enums'].includes(c.file)
  },
  {
    reason: 'protobuf wrapper, Any, Struct, Value and ListValue messages',
    applies: (c) =>
      c.file === 'wrappers' ||
      /TestAllTypes|NestedTestAllTypes|GlobalEnum|google\.protobuf\.(?!Timestamp\b|Duration\b)\w+|google\.protobuf\.(Timestamp|Duration)\s*\{/u.test(
        c.test.original.expr
      ) ||
      c.test.original.container.startsWith('cel.expr.conformance') ||
      c.test.original.container === 'google.protobuf'
  },
  {
    reason:
      'cel-go v0.26 does not pass these spec cases (its conformance _TESTS_TO_SKIP); we match cel-go',
    applies: (c) =>
      [
        'comparisons/eq_literal/eq_mixed_types_error',
        'comparisons/eq_literal/eq_list_elem_mixed_types_error',
        'comparisons/eq_literal/eq_map_value_mixed_types_error',
        'comparisons/ne_literal/ne_mixed_types_error',
        'comparisons/in_list_literal/elem_in_mixed_type_list_error',
        'comparisons/in_map_literal/key_in_mixed_key_type_map_error',
        'macros/exists/list_elem_type_exhaustive',
        'macros/exists/map_key_type_exhaustive',
        'fields/qualified_identifier_resolution/map_key_float',
        'fields/qualified_identifier_resolution/map_key_null',
        'fields/qualified_identifier_resolution/map_value_repeat_key',
        'fields/qualified_identifier_resolution/map_value_repeat_key_heterogeneous',
        'macros/map/map_extract_keys',
        'timestamps/duration_converters/get_milliseconds',
        'optionals/optionals/map_optional_select_has',
        'string_ext/value_errors/indexof_out_of_range',
        'string_ext/value_errors/lastindexof_out_of_range',
        'type_deductions/wrappers/wrapper_promotion_2'
      ].includes(`${c.file}/${c.section}/${c.test.name}`) ||
      `${c.file}/${c.section}`.startsWith('type_deductions/legacy_nullable_types')
  },
  {
    reason: 'type-check only (no evaluation): the checker tests cover it',
    applies: (c) => c.test.original.checkOnly
  },
  {
    reason: 'unknown results (partial evaluation) are not produced by this interpreter',
    applies: (c) =>
      c.test.original.resultMatcher.case === 'unknown' ||
      c.test.original.resultMatcher.case === 'anyUnknowns'
  }
]

// cel-go's conformance environment (conformance_test.go) without the protobuf messages.
const EXTENSION_MACROS: readonly Macro[] = [
  BIND_MACRO,
  ...TWO_VAR_COMPREHENSION_MACROS,
  OPT_MAP_MACRO,
  OPT_FLAT_MAP_MACRO,
  MATH_GREATEST_MACRO,
  MATH_LEAST_MACRO,
  ...BLOCK_TEST_MACROS
]

const checkerEnv = new CheckerEnv({
  libraries: [
    standardLibrary(),
    optionalLibrary(),
    stringsLibrary(),
    twoVarComprehensionsLibrary(),
    listsLibrary()
  ]
})

type Outcome =
  | { kind: 'pass'; unchecked?: string }
  | { kind: 'fail'; reason: string }
  | { kind: 'skip'; reason: string }

function describeValue(v: Value | undefined): string {
  return String(
    JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x)) ?? 'undefined'
  )
}

function parseCase(test: SimpleTest): ParsedExpr | string {
  const macros = test.disableMacros
    ? EXTENSION_MACROS
    : [...standardMacros('0.26'), ...EXTENSION_MACROS]
  const result = parse(test.expr, {
    macros,
    enableOptionalSyntax: true,
    enableIdentEscapeSyntax: true,
    description: test.name
  })
  return result.ast ?? `parse: ${result.errorText}`
}

/** Parses, checks (falling back to the unchecked AST when the checker rejects it) and evaluates. */
function runCase(c: CaseInfo): Outcome {
  const test = c.test.original
  for (const skip of SKIPPED) if (skip.applies(c)) return { kind: 'skip', reason: skip.reason }
  let vars: Map<string, Value>
  let expected: Value | undefined
  try {
    vars = bindings(test)
    const m = test.resultMatcher
    if (m.case === 'value') expected = fromPbValue(m.value)
    else if (m.case === 'typedResult' && m.value.result !== undefined) {
      expected = fromPbValue(m.value.result)
    } else if (m.case === undefined) expected = true
  } catch (error) {
    if (error instanceof NeedsProtobuf) {
      return { kind: 'skip', reason: 'protobuf wrapper, Any, Struct, Value and ListValue messages' }
    }
    throw error
  }
  const parsed = parseCase(test)
  if (typeof parsed === 'string') return { kind: 'fail', reason: parsed }
  let ast: Parameters<typeof plan>[0] = parsed
  let unchecked: string | undefined = test.disableCheck ? undefined : 'not checked'
  if (!test.disableCheck) {
    try {
      const env = checkerEnv.extend({
        container: test.container,
        variables: declarations(test.typeEnv)
      })
      const result = check(parsed, env)
      if (result.checked !== undefined) {
        ast = result.checked
        unchecked = undefined
      } else unchecked = result.errorText
    } catch (error) {
      if (error instanceof NeedsProtobuf) {
        return {
          kind: 'skip',
          reason: 'protobuf wrapper, Any, Struct, Value and ListValue messages'
        }
      }
      unchecked = `checker threw: ${String(error)}`
    }
  }
  let value: Value | undefined
  let error: string | undefined
  try {
    const program = plan(ast, { container: test.container, errorOnBadPresenceTest: true })
    const result = program.eval(Activation.fromValues(vars))
    value = result.value
    error = result.error?.message
  } catch (e) {
    if (!(e instanceof PlanError)) throw e
    error = `plan: ${e.message}`
  }
  const m = test.resultMatcher
  const wantsError = m.case === 'evalError' || m.case === 'anyEvalErrors'
  if (wantsError) {
    return error !== undefined
      ? { kind: 'pass', ...(unchecked !== undefined ? { unchecked } : {}) }
      : { kind: 'fail', reason: `expected an error, got ${describeValue(value)}` }
  }
  if (error !== undefined) return { kind: 'fail', reason: `error: ${error}` }
  if (!sameValue(value!, expected!)) {
    return {
      kind: 'fail',
      reason: `got ${describeValue(value)}, want ${describeValue(expected)}`
    }
  }
  return { kind: 'pass', ...(unchecked !== undefined ? { unchecked } : {}) }
}

function* casesOf(suite: IncrementalTestSuite, file: string, section = ''): Generator<CaseInfo> {
  for (const test of suite.tests) yield { file, section, test }
  for (const s of suite.suites) yield* casesOf(s, file, section === '' ? s.name : section)
}

interface Tally {
  passed: number
  failed: number
  skipped: number
  uncheckedPasses: number
  failures: string[]
  skips: Map<string, number>
}

const tallies = new Map<string, Tally>()

afterAll(() => {
  const lines = ['CEL conformance suite (cel-spec) through parse → check → plan → eval:']
  let total = { passed: 0, failed: 0, skipped: 0 }
  for (const [file, t] of tallies) {
    const unchecked = t.uncheckedPasses > 0 ? ` (${t.uncheckedPasses} passed unchecked)` : ''
    lines.push(
      `  ${file}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped${unchecked}`
    )
    for (const [reason, n] of t.skips) lines.push(`      skipped ${n}: ${reason}`)
    total = {
      passed: total.passed + t.passed,
      failed: total.failed + t.failed,
      skipped: total.skipped + t.skipped
    }
  }
  lines.push(`  total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
  process.stdout.write(`${lines.join('\n')}\n`)
})

function tally(file: string): Tally {
  let t = tallies.get(file)
  if (t === undefined) {
    t = { passed: 0, failed: 0, skipped: 0, uncheckedPasses: 0, failures: [], skips: new Map() }
    tallies.set(file, t)
  }
  return t
}

describe('CEL conformance suite', () => {
  for (const file of getConformanceSuite().suites) {
    test(`${file.name}`, () => {
      const t = tally(file.name)
      for (const c of casesOf(file, file.name)) {
        const outcome = runCase(c)
        const name = `${c.section}/${c.test.name}`
        if (outcome.kind === 'pass') {
          t.passed++
          if (outcome.unchecked !== undefined) t.uncheckedPasses++
        } else if (outcome.kind === 'skip') {
          t.skipped++
          t.skips.set(outcome.reason, (t.skips.get(outcome.reason) ?? 0) + 1)
        } else {
          t.failed++
          t.failures.push(`${name} [${c.test.original.expr}]: ${outcome.reason}`)
        }
      }
      expect(t.failures).toEqual([])
    })
  }
})

// cel-go ext/comprehensions_test.go: the expressions of TestTwoVarComprehensions evaluate to
// true; TestTwoVarComprehensionsRuntimeErrors fail at runtime with these messages; the static
// error cases (TestTwoVarComprehensionsStaticErrors) are the parser's and checker's business.
const COMPREHENSION_RUNTIME_ERRORS: ReadonlyMap<string, string> = new Map([
  ['[1, 1].transformMapEntry(i, v, {v: i})', 'insert failed: key 1 already exists'],
  ['[0, 0u].transformMapEntry(i, v, {v: i})', 'insert failed: key 0 already exists']
])

describe('two-variable comprehension suite (cel-go ext/comprehensions_test.go)', () => {
  test('every expression that compiles evaluates as cel-go does', () => {
    const t = tally('comprehensions')
    const env = checkerEnv
    for (const c of casesOf(getComprehensionSuite(), 'comprehensions')) {
      const expr = c.test.original.expr
      const parsed = parse(expr, {
        macros: [...standardMacros('0.26'), ...EXTENSION_MACROS],
        enableOptionalSyntax: true,
        accumulatorName: '@result'
      })
      const checked = parsed.ast === undefined ? undefined : check(parsed.ast, env).checked
      if (parsed.ast === undefined || checked === undefined) {
        t.skipped++
        const reason = 'static error case (TestTwoVarComprehensionsStaticErrors): parser/checker'
        t.skips.set(reason, (t.skips.get(reason) ?? 0) + 1)
        continue
      }
      const result = plan(checked).eval({})
      const wantError = COMPREHENSION_RUNTIME_ERRORS.get(expr.trim())
      if (
        wantError === undefined &&
        result.value !== undefined &&
        typeof result.value !== 'boolean'
      ) {
        t.skipped++
        const reason = 'no expected value (TestTwoVarComprehensionsUnparse / ResidualAST)'
        t.skips.set(reason, (t.skips.get(reason) ?? 0) + 1)
        continue
      }
      const ok =
        wantError === undefined
          ? result.value === true
          : result.error?.message.includes(wantError) === true
      if (ok) t.passed++
      else {
        t.failed++
        t.failures.push(`${expr}: ${result.error?.message ?? describeValue(result.value)}`)
      }
    }
    expect(t.failures).toEqual([])
  })
})
