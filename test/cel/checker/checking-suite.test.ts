// Runs every case of @bufbuild/cel-spec's checking suite (cel-go v0.26 checker_test.go cases,
// with the outputs cel-go produced) and compares the checked AST debug form, the result type
// and the error text exactly.

import { afterAll, describe, expect, test } from '@jest/globals'
import { tests as suite } from '@bufbuild/cel-spec/testdata/checking.js'
import { check, printChecked, type CheckerEnv } from '../../../src/cel/checker/index.js'
import { DeclarationError } from '../../../src/cel/checker/decls.js'
import { BIND_MACRO, OPT_FLAT_MAP_MACRO, OPT_MAP_MACRO } from '../../../src/cel/parser/macros.js'
import { allMacros, standardMacros, type ParserOptions } from '../../../src/cel/parser/options.js'
import { parse } from '../../../src/cel/parser/parser.js'
import { declsFromJson, suiteBaseEnv, type JsonDecl } from './suite-env.js'

interface SuiteCase {
  readonly original: {
    readonly expr: string
    readonly container?: string
    readonly typeEnv?: JsonDecl[]
  }
  readonly checkedAst?: string
  readonly type?: string
  readonly error?: string
}

/** Cases that cannot run here, each with the reason. */
const SKIPPED: ReadonlyMap<string, string> = new Map([
  [
    'type(testAllTypes.nestedgroup.nested_id) == int',
    "needs cel-go's proto2 TestAllTypes.NestedGroup (fields nested_id = 24, nested_name = 25); " +
      "cel-spec's descriptors declare a different group message (single_id = 404, " +
      'single_name = 405), so the field does not exist there under any name'
  ]
])

/** gen_incremental_tests.go's parserInstance. */
const GENERATOR_PARSER: ParserOptions = {
  description: '',
  macros: allMacros('0.26'),
  maxRecursionDepth: 32,
  errorRecoveryLimit: 4,
  errorRecoveryLookaheadTokenLimit: 4,
  populateMacroCalls: true
}

const cases = (suite.tests ?? []) as unknown as SuiteCase[]
const macros = [...standardMacros('0.26'), OPT_MAP_MACRO, OPT_FLAT_MAP_MACRO, BIND_MACRO]
const baseEnv = suiteBaseEnv()
const counts = { passed: 0, failed: 0, skipped: 0, parserFailures: 0 }

function caseEnv(c: SuiteCase): CheckerEnv {
  const { variables, functions } = declsFromJson(c.original.typeEnv ?? [])
  return baseEnv.extend({
    ...(c.original.container !== undefined ? { container: c.original.container } : {}),
    variables,
    functions
  })
}

/** The outcome of compiling a case, in the suite's terms. */
function run(c: SuiteCase): {
  error?: string
  checkedAst?: string
  type?: string
  parser?: string
} {
  // The suite's generator first parses every expression with its own parser (optional syntax
  // off, no source name, cel-go parser.AllMacros, tight limits) and records that parser's
  // error instead of compiling when it fails: the optional-syntax cases expect exactly that.
  const generator = parse(c.original.expr, GENERATOR_PARSER)
  if (generator.ast === undefined) return { error: generator.errorText }
  const parsed = parse(c.original.expr, { enableOptionalSyntax: true, macros })
  if (parsed.ast === undefined) return { parser: parsed.errorText }
  let env: CheckerEnv
  try {
    env = caseEnv(c)
  } catch (e) {
    if (e instanceof DeclarationError) return { error: e.message }
    throw e
  }
  const result = check(parsed.ast, env, { source: parsed.source })
  if (result.checked === undefined) return { error: result.errorText }
  return {
    checkedAst: printChecked(result.checked),
    type: result.checked.typeMap.get(result.checked.expr.id)?.format() ?? ''
  }
}

const labelled = cases.map((c, i): [string, SuiteCase] => [
  `${i} ${c.original.expr.replace(/\s+/g, ' ').trim()}`,
  c
])
const runnable = labelled.filter(([, c]) => !SKIPPED.has(c.original.expr))
counts.skipped = labelled.length - runnable.length

describe('cel-spec checking suite', () => {
  test('skips only cases of the suite, each for its reason', () => {
    const expressions = new Set(cases.map((c) => c.original.expr))
    expect([...SKIPPED.keys()].filter((e) => !expressions.has(e))).toEqual([])
    expect(counts.skipped).toBe(SKIPPED.size)
  })

  test.each(runnable)('%s', (_label, c) => {
    const actual = run(c)
    if (actual.parser !== undefined) counts.parserFailures++
    const expected =
      c.error !== undefined ? { error: c.error } : { checkedAst: c.checkedAst, type: c.type }
    const ok = actual.parser === undefined && JSON.stringify(actual) === JSON.stringify(expected)
    if (ok) counts.passed++
    else counts.failed++
    expect(actual).toEqual(expected)
  })
})

afterAll(() => {
  const { passed, failed, skipped, parserFailures } = counts
  const parserNote = parserFailures > 0 ? ` (${parserFailures} of them parse failures)` : ''
  console.log(`checking: ${passed} passed, ${failed} failed${parserNote}, ${skipped} skipped`)
})
