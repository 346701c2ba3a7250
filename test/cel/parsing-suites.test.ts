/**
 * The parse half of the other @bufbuild/cel-spec suites: for every expression of the
 * conformance, comprehension and checking tables the generator recorded cel-go's parse
 * (kind-adorned debug form, same parser options as the parsing table) or, when parsing failed,
 * the error text (sources named after the test). Errors produced by cel-go's checker on
 * expressions that parse are not part of this comparison.
 */
import { describe, expect, it } from '@jest/globals'
import { tests as checking } from '@bufbuild/cel-spec/testdata/checking.js'
import { tests as comprehension } from '@bufbuild/cel-spec/testdata/comprehension.js'
import { tests as conformance } from '@bufbuild/cel-spec/testdata/conformance.js'
import { kindAdorner, parse, toDebugString } from '../../src/cel/parser/index.js'

interface Suite {
  readonly name: string
  readonly suites?: readonly Suite[]
  readonly tests?: readonly {
    readonly original: { readonly expr: string; readonly name?: string }
    readonly ast?: string
    readonly error?: string
  }[]
}

interface Mismatch {
  path: string
  expr: string
  want: string
  got: string
}

function runSuite(
  suite: Suite,
  path: string,
  out: { compared: number; mismatches: Mismatch[] }
): void {
  for (const sub of suite.suites ?? []) runSuite(sub, `${path}/${sub.name}`, out)
  for (const t of suite.tests ?? []) {
    const expr = t.original.expr
    const result = parse(expr, {
      description: t.original.name ?? '',
      maxRecursionDepth: 32,
      errorRecoveryLimit: 4,
      errorRecoveryLookaheadTokenLimit: 4,
      populateMacroCalls: true
    })
    const got = result.ast ? toDebugString(result.ast.expr, kindAdorner()) : result.errorText
    let want: string
    if (t.ast !== undefined) want = t.ast
    else if (t.error !== undefined && result.ast === undefined) want = t.error
    else continue
    out.compared++
    if (got !== want) out.mismatches.push({ path, expr, want, got })
  }
}

describe.each([
  ['conformance', conformance as Suite],
  ['comprehension', comprehension as Suite],
  ['checking', checking as Suite]
])('cel-spec %s suite: parser output', (name, suite) => {
  it('matches cel-go for every expression', () => {
    const out = { compared: 0, mismatches: [] as Mismatch[] }
    runSuite(suite, name, out)
    expect(out.compared).toBeGreaterThan(0)
    expect(out.mismatches).toEqual([])
  })
})
