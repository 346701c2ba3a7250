// Runs @bufbuild/cel-spec's two-variable comprehension suite the way cel-go v0.26.1
// ext/comprehensions_test.go runs each of its expressions, in cel-go's test environment
// (testCompreEnv): the suite lists the expressions of the Go file's tables in order, and
// comprehension-cases.ts carries what each table asserts.

import { getComprehensionSuite } from '@bufbuild/cel-spec/testdata/tests.js'
import type { IncrementalTest } from '@bufbuild/cel-spec/testdata/tests.js'
import { CheckerEnv, check, variable } from '../../../src/cel/checker/index.js'
import type { CheckedExpr } from '../../../src/cel/common/checked.js'
import type { ParsedExpr } from '../../../src/cel/common/ast.js'
import {
  combineOverloadEstimators,
  estimateCost,
  listsCostEstimators,
  stringsCostEstimators
} from '../../../src/cel/cost/index.js'
import {
  AttributePattern,
  Activation,
  UnknownValue,
  plan,
  residualAst
} from '../../../src/cel/interpreter/index.js'
import { bindingsLibrary } from '../../../src/cel/lib/bindings-decls.js'
import { twoVarComprehensionsLibrary } from '../../../src/cel/lib/comprehensions-decls.js'
import { listsLibrary } from '../../../src/cel/lib/lists-decls.js'
import { optionalLibrary } from '../../../src/cel/lib/optional-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { stringsLibrary } from '../../../src/cel/lib/strings-decls.js'
import {
  BIND_MACRO,
  OPT_FLAT_MAP_MACRO,
  OPT_MAP_MACRO,
  SORT_BY_MACRO,
  TWO_VAR_COMPREHENSION_MACROS,
  parse,
  standardMacros
} from '../../../src/cel/parser/index.js'
import { unparse } from '../../../src/cel/parser/unparser.js'
import { hintEstimator, parseTypeNotation } from '../cost/harness.js'
import {
  COST_CASES,
  RESIDUAL_CASES,
  RUNTIME_ERRORS,
  STATIC_ERRORS,
  UNPARSE_CASES,
  type CostCase,
  type ResidualCase,
  type StaticErrorCase
} from './comprehension-cases.js'
import { describeValue, record, type Outcome, type Tally } from './suite-support.js'

// testCompreEnv: cel.NewEnv with TwoVarComprehensions, Bindings, Lists, Strings, OptionalTypes,
// macro call tracking and the hidden accumulator name.
const MACROS = [
  ...standardMacros('0.26'),
  ...TWO_VAR_COMPREHENSION_MACROS,
  BIND_MACRO,
  SORT_BY_MACRO,
  OPT_MAP_MACRO,
  OPT_FLAT_MAP_MACRO
]

const baseEnv = new CheckerEnv({
  libraries: [
    standardLibrary(),
    twoVarComprehensionsLibrary(),
    bindingsLibrary(),
    listsLibrary(),
    stringsLibrary(),
    optionalLibrary()
  ]
})

function envWith(vars: Readonly<Record<string, string>> = {}): CheckerEnv {
  const variables = Object.entries(vars).map(([n, t]) => variable(n, parseTypeNotation(t)))
  return variables.length === 0 ? baseEnv : baseEnv.extend({ variables })
}

function parseExpr(expr: string): ParsedExpr | string {
  const r = parse(expr, {
    macros: MACROS,
    enableOptionalSyntax: true,
    populateMacroCalls: true,
    accumulatorName: '@result'
  })
  return r.ast ?? r.errorText
}

/** env.Compile: the checked AST, or cel-go's error text. */
function compile(expr: string, env: CheckerEnv): CheckedExpr | string {
  const parsed = parse(expr, {
    macros: MACROS,
    enableOptionalSyntax: true,
    populateMacroCalls: true,
    accumulatorName: '@result'
  })
  if (parsed.ast === undefined) return parsed.errorText
  const result = check(parsed.ast, env, { source: parsed.source })
  return result.checked ?? result.errorText
}

const pass: Outcome = { kind: 'pass' }
const fail = (reason: string): Outcome => ({ kind: 'fail', reason })

/** TestTwoVarComprehensions: parses, checks, and both ASTs evaluate to true. */
function truthy(expr: string): Outcome {
  const parsed = parseExpr(expr)
  if (typeof parsed === 'string') return fail(`parse: ${parsed}`)
  const checked = check(parsed, baseEnv)
  if (checked.checked === undefined) return fail(`check: ${checked.errorText}`)
  for (const ast of [parsed, checked.checked]) {
    const r = plan(ast).eval({})
    if (r.value !== true) return fail(`got ${r.error?.message ?? describeValue(r.value)}`)
  }
  return pass
}

// ext.Lists brings its estimators; ext.Strings has none before its version 5 (cel-go v0.29).
const ESTIMATORS = {
  version: '0.26' as const,
  overloadEstimators: combineOverloadEstimators(listsCostEstimators(), stringsCostEstimators(4))
}

/** TestTwoVarComprehensionsCost: the estimate, then true with the actual cost (checked AST). */
function costCase(expr: string, c: CostCase): Outcome {
  const env = envWith(c.vars)
  const checked = compile(expr, env)
  if (typeof checked === 'string') return fail(`compile: ${checked}`)
  const range = estimateCost(checked, hintEstimator(c.hints ?? {}), ESTIMATORS)
  const estimated = [Number(range.min), Number(range.max)]
  if (estimated[0] !== c.estimated[0] || estimated[1] !== c.estimated[1]) {
    return fail(`estimated [${estimated.join(', ')}], want [${c.estimated.join(', ')}]`)
  }
  const parsed = parseExpr(expr)
  if (typeof parsed === 'string') return fail(`parse: ${parsed}`)
  const vars = Activation.fromJs(c.in ?? {})
  if (plan(parsed).eval(vars).value !== true) return fail('parsed AST did not evaluate to true')
  const r = plan(checked).eval(vars)
  if (r.value !== true) return fail(`got ${r.error?.message ?? describeValue(r.value)}`)
  if (r.cost !== BigInt(c.actual)) return fail(`actual cost ${r.cost}, want ${c.actual}`)
  return pass
}

/** TestTwoVarComprehensionsStaticErrors: Compile fails, with exactly cel-go's error. */
function staticError(expr: string, c: StaticErrorCase): Outcome {
  const result = compile(expr, baseEnv)
  if (typeof result !== 'string') return fail('compiled')
  if (!result.includes(c.err)) return fail(`error ${result} lacks ${c.err}`)
  return result === c.errorText ? pass : fail(`error ${JSON.stringify(result)}`)
}

/** TestTwoVarComprehensionsRuntimeErrors: compiles; evaluation fails with that error. */
function runtimeError(expr: string, err: string): Outcome {
  const checked = compile(expr, baseEnv)
  if (typeof checked === 'string') return fail(`compile: ${checked}`)
  const r = plan(checked).eval({})
  return r.error?.message === err ? pass : fail(`got ${r.error?.message ?? describeValue(r.value)}`)
}

/** TestTwoVarComprehensionsUnparse: the parsed AST unparses to cel-go's text. */
function unparsed(expr: string, want: string): Outcome {
  const parsed = parseExpr(expr)
  if (typeof parsed === 'string') return fail(`parse: ${parsed}`)
  const text = unparse(parsed.expr, parsed.sourceInfo)
  return text === want ? pass : fail(`unparsed ${text}`)
}

/** TestTwoVarComprehensionsResidualAST: partial evaluation, then the residual's text. */
function residual(expr: string, c: ResidualCase): Outcome {
  const checked = compile(expr, envWith(c.vars))
  if (typeof checked === 'string') return fail(`compile: ${checked}`)
  const program = plan(checked, { partialEval: true, trackState: true })
  const unknowns = c.unknowns.map((u) => {
    const pattern = new AttributePattern(u.variable)
    for (const i of u.qualInts ?? []) pattern.qualInt(BigInt(i))
    return pattern
  })
  const r = program.eval(Activation.fromJs(c.in), { unknowns })
  if (!(r.value instanceof UnknownValue)) {
    return fail(`got ${r.error?.message ?? describeValue(r.value)}, want unknown`)
  }
  const rest = residualAst(checked, r.state ?? new Map())
  const text = unparse(rest.expr, rest.sourceInfo)
  return text === c.residual ? pass : fail(`residual ${text}`)
}

type Expectation = { readonly expr: string; readonly run: (suiteExpr: string) => Outcome }

/** The Go file's tables after TestTwoVarComprehensions, in order. */
const TABLES: readonly Expectation[] = [
  ...COST_CASES.map((c) => ({ expr: c.expr, run: (e: string) => costCase(e, c) })),
  ...STATIC_ERRORS.map((c) => ({ expr: c.expr, run: (e: string) => staticError(e, c) })),
  ...RUNTIME_ERRORS.map((c) => ({ expr: c.expr, run: (e: string) => runtimeError(e, c.err) })),
  ...UNPARSE_CASES.map((c) => ({ expr: c.expr, run: (e: string) => unparsed(e, c.unparsed) })),
  ...RESIDUAL_CASES.map((c) => ({ expr: c.expr, run: (e: string) => residual(e, c) }))
]

const flat = (s: string): string => s.replace(/\s+/gu, ' ').trim()

/** Runs every case of the suite into the tally, each against its table's expectation. */
export function runComprehensionSuite(t: Tally): void {
  const tests: readonly IncrementalTest[] = getComprehensionSuite().tests
  const firstTable = tests.length - TABLES.length
  tests.forEach((test, i) => {
    const expr = test.original.expr
    const label = `${i} [${flat(expr)}]`
    if (i < firstTable) {
      record(t, label, truthy(expr))
      return
    }
    const expectation = TABLES[i - firstTable]!
    // The tables are transcribed from the Go file: they must line up with the suite.
    if (flat(expectation.expr) !== flat(expr)) {
      record(t, label, fail(`table out of step with the suite: ${expectation.expr}`))
      return
    }
    record(t, label, expectation.run(expr))
  })
}
