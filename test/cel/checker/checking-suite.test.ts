// Runs every case of @bufbuild/cel-spec's checking suite (cel-go v0.26 checker_test.go cases,
// with the outputs cel-go produced) and compares the checked AST debug form, the result type
// and the error text exactly.

import { afterAll, describe, expect, test } from '@jest/globals'
import { tests as suite } from '@bufbuild/cel-spec/testdata/checking.js'
import { check, printChecked, type CheckerEnv } from '../../../src/cel/checker/index.js'
import { DeclarationError } from '../../../src/cel/checker/decls.js'
import { BIND_MACRO, OPT_FLAT_MAP_MACRO, OPT_MAP_MACRO } from '../../../src/cel/parser/macros.js'
import { standardMacros } from '../../../src/cel/parser/options.js'
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

/**
 * Cases that cannot run here. Most have no checker expectation: the suite's generator parsed every expression with a
 * parser that had optional syntax disabled before compiling it, so for these it recorded that
 * parser's syntax error (note the empty source name) and never type-checked them. One needs a
 * field of cel-go's own test proto that the cel-spec descriptors name differently.
 */
const SKIPPED: ReadonlyMap<string, string> = new Map(
  [
    'a.?b',
    'type(a.?b) == optional_type',
    'has(a.?b.c)',
    "{?'key': {'a': 'b'}.?value}",
    "{?'key': {'a': 'b'}.?value}.key",
    "{?'nested': a.b}",
    "{?'key': 'hi'}",
    "[?a, ?b, 'world']",
    "[?'value']",
    'TestAllTypes{?single_int32: {}.?i}',
    'TestAllTypes{?single_int32: 1}'
  ]
    .map((expr): [string, string] => [
      expr,
      'recorded a syntax error of the generator (optional syntax disabled)'
    ])
    .concat([
      [
        'type(testAllTypes.nestedgroup.nested_id) == int',
        "needs cel-go's proto2 NestedGroup.nested_id; cel-spec's descriptor names it single_id"
      ]
    ])
)

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
