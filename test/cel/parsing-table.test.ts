/**
 * Every case of cel-go's parser test table as shipped by @bufbuild/cel-spec (testdata/parsing),
 * run through our parser with the options the table was generated with (cel-go 0.26.1:
 * parser.NewParser(Macros(AllMacros...), MaxRecursionDepth(32), ErrorRecoveryLimit(4),
 * ErrorRecoveryLookaheadTokenLimit(4), PopulateMacroCalls(true)), sources named "").
 *
 * A case with `ast` must parse to exactly that debug form (kind adorner); a case without
 * `ast` failed to parse in cel-go and `error` is the exact error text.
 */
import { describe, expect, it } from '@jest/globals'
import { tests } from '@bufbuild/cel-spec/testdata/parsing.js'
import { kindAdorner, parse, toDebugString } from '../../src/cel/parser/index.js'

/**
 * Cases we do not run, with the reason. Empty: every case of the table is supported. Keep
 * this the only place where cases can be excluded.
 */
const SKIPPED: ReadonlyMap<string, string> = new Map<string, string>()

const TABLE_OPTIONS = {
  description: '',
  maxRecursionDepth: 32,
  errorRecoveryLimit: 4,
  errorRecoveryLookaheadTokenLimit: 4,
  populateMacroCalls: true
} as const

interface Outcome {
  expr: string
  want: string
  got: string
}

function run(): { passed: Outcome[]; failed: Outcome[]; skipped: string[] } {
  const passed: Outcome[] = []
  const failed: Outcome[] = []
  const skipped: string[] = []
  for (const t of tests.tests ?? []) {
    const expr = t.original.expr
    if (SKIPPED.has(expr)) {
      skipped.push(expr)
      continue
    }
    const result = parse(expr, TABLE_OPTIONS)
    let want: string
    let got: string
    if (t.ast !== undefined) {
      want = t.ast
      got = result.ast ? toDebugString(result.ast.expr, kindAdorner()) : result.errorText
    } else {
      want = t.error ?? ''
      got = result.ast ? toDebugString(result.ast.expr, kindAdorner()) : result.errorText
    }
    ;(got === want ? passed : failed).push({ expr, want, got })
  }
  return { passed, failed, skipped }
}

describe('cel-spec parsing table (cel-go parser_test.go)', () => {
  const { passed, failed, skipped } = run()
  // The summary the task asks for, printed once per run.
  console.log(
    `parsing: ${passed.length} passed, ${failed.length} failed, ${skipped.length} skipped`
  )

  it('covers the whole table', () => {
    expect(passed.length + failed.length + skipped.length).toBe(tests.tests?.length)
    expect(passed.length).toBeGreaterThanOrEqual(194)
  })

  it('skips only cases listed with a reason', () => {
    expect(skipped.every((e) => SKIPPED.has(e))).toBe(true)
  })

  it('reproduces every debug form and error text exactly', () => {
    expect(failed).toEqual([])
  })
})
