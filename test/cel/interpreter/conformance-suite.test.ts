// The CEL conformance suite (cel-spec, via @bufbuild/cel-spec) run through our parser, checker
// and interpreter, set up like cel-go's conformance runner (conformance/conformance_test.go):
// standard, optional, strings, math, encoders and bindings libraries, the cel.block test macros
// and variables, the conformance messages' descriptors for type-checking, errors on bad presence
// tests. As in cel-go, a case must parse and (unless disabled) type-check; check-only cases
// compare the deduced type, the others evaluate and compare the value, and the deduced type too
// when the case gives one. Where cel-go v0.26 does not produce the spec's expectation, the
// outcome asserted is cel-go's (cel-go-deviations.ts). Prints, per file of the suite, how many
// cases passed, failed and were skipped; every skip is protobuf-related and listed in SKIPPED.
// The two-variable comprehension suite runs in comprehension-suite.ts and is tallied here too.

import { afterAll, describe, expect, test } from '@jest/globals'
import { getConformanceSuite } from '@bufbuild/cel-spec/testdata/tests.js'
import type { IncrementalTest, IncrementalTestSuite } from '@bufbuild/cel-spec/testdata/tests.js'
import type { SimpleTest } from '@bufbuild/cel-spec/cel/expr/conformance/test/simple_pb.js'
import { CheckerEnv, check } from '../../../src/cel/checker/index.js'
import type { Type } from '../../../src/cel/common/types.js'
import { bindingsLibrary } from '../../../src/cel/lib/bindings-decls.js'
import { twoVarComprehensionsLibrary } from '../../../src/cel/lib/comprehensions-decls.js'
import { encodersLibrary } from '../../../src/cel/lib/encoders-decls.js'
import { mathLibrary } from '../../../src/cel/lib/math-decls.js'
import { optionalLibrary } from '../../../src/cel/lib/optional-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { stringsLibrary } from '../../../src/cel/lib/strings-decls.js'
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
import { conformanceMessagesProvider } from '../checker/test-messages.js'
import { CEL_GO_DEVIATIONS, CEL_GO_DEVIATIONS_BY_NAME } from './cel-go-deviations.js'
import type { CelGoDeviation } from './cel-go-deviations.js'
import { runComprehensionSuite } from './comprehension-suite.js'
import {
  BLOCK_INDEX_VARIABLES,
  BLOCK_TEST_MACROS,
  NeedsProtobuf,
  bindings,
  declarations,
  describeValue,
  functionDeclarations,
  fromPbType,
  fromPbValue,
  sameType,
  sameValue,
  type Outcome,
  type Tally,
  newTally,
  record
} from './suite-support.js'

interface CaseInfo {
  readonly file: string
  readonly section: string
  readonly test: IncrementalTest
}

/**
 * Every case we do not run, and why: all of them need protobuf messages. One place; the first
 * two are matched before running (by file, content or container), the last is raised while
 * running, when a case's bindings or expected value turn out to be messages.
 */
const SKIPPED = {
  messageTypes: {
    reason: 'protobuf message types (TestAllTypes, enums, proto2/proto3 fields and extensions)',
    applies: (c: CaseInfo) => ['proto2', 'proto3', 'proto2_ext', 'enums'].includes(c.file)
  },
  messageValues: {
    reason: 'protobuf wrapper, Any, Struct, Value and ListValue messages',
    applies: (c: CaseInfo) =>
      c.file === 'wrappers' ||
      /TestAllTypes|NestedTestAllTypes|GlobalEnum|google\.protobuf\.(?!Timestamp\b|Duration\b)\w+|google\.protobuf\.(Timestamp|Duration)\s*\{/u.test(
        c.test.original.expr
      ) ||
      c.test.original.container.startsWith('cel.expr.conformance') ||
      c.test.original.container === 'google.protobuf'
  },
  messageBindings: {
    reason:
      'protobuf messages as bindings or expected values (parsed and type-checked, not evaluated)'
  }
} as const

// cel-go's conformance environment (conformance_test.go init and celBlockLib). The two-variable
// comprehensions are there for macros2, which cel-go v0.26 did not run yet; later cel-go adds
// ext.TwoVarComprehensions() to this environment for it (e9f15ea).
const CONFORMANCE_MACROS: readonly Macro[] = [
  BIND_MACRO,
  ...TWO_VAR_COMPREHENSION_MACROS,
  OPT_MAP_MACRO,
  OPT_FLAT_MAP_MACRO,
  MATH_GREATEST_MACRO,
  MATH_LEAST_MACRO,
  ...BLOCK_TEST_MACROS
]

const checkerEnv = new CheckerEnv({
  provider: conformanceMessagesProvider(),
  libraries: [
    standardLibrary(),
    optionalLibrary(),
    bindingsLibrary(),
    encodersLibrary(),
    mathLibrary(),
    stringsLibrary(),
    twoVarComprehensionsLibrary()
  ],
  variables: BLOCK_INDEX_VARIABLES
})

function parseCase(test: SimpleTest): ParsedExpr | string {
  const macros = test.disableMacros
    ? CONFORMANCE_MACROS
    : [...standardMacros('0.26'), ...CONFORMANCE_MACROS]
  const result = parse(test.expr, {
    macros,
    enableOptionalSyntax: true,
    enableIdentEscapeSyntax: true,
    description: test.name
  })
  return result.ast ?? `parse: ${result.errorText}`
}

/** What the case must produce: cel-go's outcome for a listed deviation, else the spec's. */
interface Expectation {
  readonly deducedType?: Type | string
  readonly value?: Value
  /** The expected value is a protobuf message the interpreter cannot represent. */
  readonly valueIsMessage?: true
  /** Any error (the spec's evalError: cel-go only checks that there is one), or this one. */
  readonly error?: true | string
  readonly planError?: string
}

function expectedValue(v: Parameters<typeof fromPbValue>[0]): Expectation {
  try {
    return { value: fromPbValue(v) }
  } catch (error) {
    if (error instanceof NeedsProtobuf) return { valueIsMessage: true }
    throw error
  }
}

function specExpectation(test: SimpleTest): Expectation {
  const m = test.resultMatcher
  switch (m.case) {
    case undefined:
      return { value: true }
    case 'value':
      return expectedValue(m.value)
    case 'typedResult':
      return {
        ...(m.value.result !== undefined ? expectedValue(m.value.result) : {}),
        ...(m.value.deducedType !== undefined
          ? { deducedType: fromPbType(m.value.deducedType) }
          : {})
      }
    case 'evalError':
    case 'anyEvalErrors':
      return { error: true }
    default:
      throw new Error(`result matcher ${m.case} is not supported by this runner`)
  }
}

function expectationOf(test: SimpleTest, deviation: CelGoDeviation | undefined): Expectation {
  const spec = specExpectation(test)
  if (deviation === undefined) return spec
  const o = deviation.celGo
  if ('asSpec' in o) return spec
  if ('value' in o) return { value: o.value }
  if ('evalError' in o) return { error: o.evalError }
  if ('planError' in o) return { planError: o.planError }
  return { ...spec, deducedType: o.deducedType }
}

function typeMatches(actual: Type | undefined, expected: Type | string): boolean {
  if (actual === undefined) return false
  return typeof expected === 'string' ? actual.format() === expected : sameType(actual, expected)
}

function formatExpected(t: Type | string): string {
  return typeof t === 'string' ? t : t.format()
}

/** Parses, type-checks and evaluates a case as cel-go's conformanceTest does. */
function runCase(c: CaseInfo, deviation: CelGoDeviation | undefined): Outcome {
  const test = c.test.original
  for (const skip of [SKIPPED.messageTypes, SKIPPED.messageValues]) {
    if (skip.applies(c)) return { kind: 'skip', reason: skip.reason }
  }
  const want = expectationOf(test, deviation)
  const parsed = parseCase(test)
  if (typeof parsed === 'string') return { kind: 'fail', reason: parsed }
  let ast: Parameters<typeof plan>[0] = parsed
  if (!test.disableCheck) {
    const env = checkerEnv.extend({
      container: test.container,
      variables: declarations(test.typeEnv),
      functions: functionDeclarations(test.typeEnv)
    })
    const result = check(parsed, env)
    if (result.checked === undefined) return { kind: 'fail', reason: `check: ${result.errorText}` }
    ast = result.checked
    const deduced = result.checked.typeMap.get(result.checked.expr.id)
    if (want.deducedType !== undefined && !typeMatches(deduced, want.deducedType)) {
      const expected = formatExpected(want.deducedType)
      return { kind: 'fail', reason: `deduced ${deduced?.format()}, want ${expected}` }
    }
  }
  if (test.checkOnly) return { kind: 'pass' }
  let vars: Map<string, Value>
  try {
    vars = bindings(test)
  } catch (error) {
    if (error instanceof NeedsProtobuf)
      return { kind: 'skip', reason: SKIPPED.messageBindings.reason }
    throw error
  }
  if (want.valueIsMessage === true) return { kind: 'skip', reason: SKIPPED.messageBindings.reason }
  return evaluate(ast, test.container, vars, want)
}

function evaluate(
  ast: Parameters<typeof plan>[0],
  container: string,
  vars: Map<string, Value>,
  want: Expectation
): Outcome {
  let program: ReturnType<typeof plan>
  try {
    program = plan(ast, { container, errorOnBadPresenceTest: true })
  } catch (e) {
    if (!(e instanceof PlanError)) throw e
    // cel-go's runner fails on a Program error whatever the case expects.
    return want.planError === e.message
      ? { kind: 'pass' }
      : { kind: 'fail', reason: `plan: ${e.message}` }
  }
  if (want.planError !== undefined) {
    return { kind: 'fail', reason: `planned, want plan error ${want.planError}` }
  }
  const { value, error } = program.eval(Activation.fromValues(vars))
  if (want.error !== undefined) {
    if (error === undefined) {
      return { kind: 'fail', reason: `expected an error, got ${describeValue(value)}` }
    }
    return want.error === true || error.message === want.error
      ? { kind: 'pass' }
      : { kind: 'fail', reason: `error ${error.message}, want ${want.error}` }
  }
  if (error !== undefined) return { kind: 'fail', reason: `error: ${error.message}` }
  if (!sameValue(value!, want.value!)) {
    return {
      kind: 'fail',
      reason: `got ${describeValue(value)}, want ${describeValue(want.value)}`
    }
  }
  return { kind: 'pass' }
}

function* casesOf(suite: IncrementalTestSuite, file: string, section = ''): Generator<CaseInfo> {
  for (const test of suite.tests) yield { file, section, test }
  for (const s of suite.suites) yield* casesOf(s, file, section === '' ? s.name : section)
}

const tallies = new Map<string, Tally>()

/** file/section/test names, as cel-go names conformance cases. */
function caseName(c: CaseInfo): string {
  return `${c.file}/${c.section}/${c.test.name}`
}

afterAll(() => {
  const lines = ['CEL conformance suite (cel-spec) through parse → check → plan → eval:']
  let total = { passed: 0, failed: 0, skipped: 0 }
  for (const [file, t] of tallies) {
    lines.push(`  ${file}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`)
    for (const [reason, n] of t.skips) lines.push(`      skipped ${n}: ${reason}`)
    for (const failure of t.unresolved) lines.push(`      failed (unresolved): ${failure}`)
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
    t = newTally()
    tallies.set(file, t)
  }
  return t
}

describe('CEL conformance suite', () => {
  for (const file of getConformanceSuite().suites) {
    test(`${file.name}`, () => {
      const t = tally(file.name)
      for (const c of casesOf(file, file.name)) {
        const deviation = CEL_GO_DEVIATIONS_BY_NAME.get(caseName(c))
        const outcome = runCase(c, deviation)
        const label = `${c.section}/${c.test.name} [${c.test.original.expr}]`
        record(t, label, outcome, deviation?.unresolved)
      }
      expect(t.failures).toEqual([])
    })
  }

  test('every cel-go deviation names a case of the suite', () => {
    const names = new Set<string>()
    for (const file of getConformanceSuite().suites) {
      for (const c of casesOf(file, file.name)) names.add(caseName(c))
    }
    expect(CEL_GO_DEVIATIONS.map((d) => d.name).filter((n) => !names.has(n))).toEqual([])
  })
})

describe('two-variable comprehension suite (cel-go ext/comprehensions_test.go)', () => {
  test('every case behaves as in cel-go', () => {
    const t = tally('comprehensions')
    runComprehensionSuite(t)
    expect(t.failures).toEqual([])
  })
})
