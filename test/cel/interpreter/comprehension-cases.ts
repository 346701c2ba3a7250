// What cel-go v0.26.1 ext/comprehensions_test.go asserts about the expressions of
// @bufbuild/cel-spec's comprehension suite, which carries the expressions only, in the order of
// the Go file: TestTwoVarComprehensions (each evaluates to true), then the tables below.
// Transcribed from the Go tables; `errorText` is the complete error cel-go reports, where its
// test only checks for the `err` fragment (see the comments on STATIC_ERRORS).

import { UintValue } from '../../../src/cel/interpreter/index.js'

/** TestTwoVarComprehensionsCost: evaluates to true; estimated and actual cost. */
export interface CostCase {
  readonly name: string
  readonly expr: string
  /** Variable declarations in type notation. */
  readonly vars?: Readonly<Record<string, string>>
  /** Inputs, as JS data. */
  readonly in?: Readonly<Record<string, unknown>>
  readonly hints?: Readonly<Record<string, number>>
  readonly estimated: readonly [number, number]
  readonly actual: number
}

export const COST_CASES: readonly CostCase[] = [
  {
    name: 'all list literal',
    expr: '[1, 2, 3, 4].all(i, v, i < 5 && v > 0)',
    estimated: [23, 39],
    actual: 39
  },
  {
    name: 'all map literal - true',
    expr: '{1: 1, 2: 2, 3: 3}.all(i, v, i < 5 && v > 0)',
    estimated: [40, 52],
    actual: 52
  },
  {
    name: 'all map literal - false',
    expr: '!{0: 0}.all(i, v, i < 5 && v > 0)',
    estimated: [35, 39],
    actual: 39
  },
  {
    name: 'all map(int,int) variable',
    expr: 'm.all(i, v, i < 5 && v > 0)',
    vars: { m: 'map(int, int)' },
    hints: { m: 3 },
    in: {
      m: new Map([
        [1, 1],
        [2, 2]
      ])
    },
    estimated: [2, 23],
    actual: 16
  },
  {
    name: 'all map(string,string) variable',
    expr: 'm.all(k, v, k < v)',
    vars: { m: 'map(string, string)' },
    hints: { m: 3, 'm.@keys': 16, 'm.@values': 128 },
    in: { m: { he: 'hello', go: 'goodbye' } },
    estimated: [2, 23],
    actual: 14
  },
  {
    name: 'transformList empty',
    expr: '[].transformList(i, v, v) == []',
    estimated: [31, 31],
    actual: 31
  },
  {
    name: 'transformList single element',
    expr: '[1].transformList(i, v, i) == [0]',
    estimated: [45, 45],
    actual: 45
  },
  {
    name: 'transformList with filter',
    expr: '[3, 2, 1].transformList(i, v, v > i, v) == [3, 2]',
    estimated: [44, 80],
    actual: 67
  },
  {
    name: 'transformMap empty list',
    expr: '[].transformMap(k, v, v + 1) == {}',
    estimated: [71, 71],
    actual: 71
  },
  {
    name: 'transformMap empty map',
    expr: '{}.transformMap(k, v, v + 1) == {}',
    estimated: [91, 91],
    actual: 91
  },
  {
    name: 'transformMap literal scalar map',
    expr: '{1: 2}.transformMap(k, v, v + 1) == {1: 3}',
    estimated: [97, 97],
    actual: 97
  },
  {
    name: 'transformMap local bind',
    expr: 'cel.bind(m, {"hello": "hello"}, m.transformMap(k, v, v + "world")) == {"hello": "helloworld"}',
    estimated: [108, 108],
    actual: 108
  },
  {
    name: 'transformMap filter map',
    expr: '{1: 2, 3: 4, 5: 6}.transformMap(k, v, k % 3 == 0, v + 1) == {3: 5}',
    estimated: [104, 116],
    actual: 106
  },
  {
    name: 'transformMap variable input',
    expr: "m.transformMap(k, v, k.startsWith('legacy') && v.size() == 1, v + [2]) == {'legacy-solo': [1, 2]}",
    vars: { m: 'map(string, list(int))' },
    in: { m: { 'legacy-solo': [1], 'legacy-pair': [3, 2] } },
    hints: { m: 5, 'm.@keys': 16, 'm.@values': 10, 'm.@values.@items': 2 },
    estimated: [73, 173],
    actual: 100
  },
  {
    name: 'transformMapEntry literal input',
    expr: '{1: 2}.transformMapEntry(k, v, {v: k}) == {2: 1}',
    estimated: [126, 126],
    actual: 126
  },
  {
    name: 'transformMapEntry variable input',
    expr: 'm.transformMapEntry(k, v, {v: k}) == m.transformMapEntry(k, v, {v: k})',
    vars: { m: 'map(string, int)' },
    in: { m: { 'legacy-solo': 1, 'legacy-pair': 2 } },
    hints: { m: 5, 'm.@keys': 16, 'm.@values': 10 },
    estimated: [65, 405],
    actual: 201
  }
]

/** TestTwoVarComprehensionsStaticErrors: env.Compile fails. */
export interface StaticErrorCase {
  readonly expr: string
  /** What cel-go's test checks the error contains. */
  readonly err: string
  /**
   * The whole error: cel-go's messages (ext/comprehensions.go extractIterVars for the macro
   * errors, checker/errors.go for the checker's) at cel-go's locations (a macro's own nodes sit
   * at its call's '(', a select at its '.', a conditional at its '?').
   */
  readonly errorText: string
}

const at = (line: string, col: number, message: string, expr: string): string =>
  `ERROR: <input>:${line}:${col}: ${message}\n | ${expr}\n | ${'.'.repeat(col - 1)}^`

const simpleName = (expr: string, col: number): StaticErrorCase => ({
  expr,
  err: 'argument must be a simple name',
  errorText: at('1', col, 'argument must be a simple name', expr)
})

const notARange = (expr: string, type: string): StaticErrorCase => ({
  expr,
  err: 'cannot be range',
  errorText: at(
    '1',
    1,
    `expression of type '${type}' cannot be range of a comprehension (must be list, map, or dynamic)`,
    expr
  )
})

const noOverload = (expr: string, col: number, fn: string, args: string): StaticErrorCase => ({
  expr,
  err: 'no matching overload',
  errorText: at('1', col, `found no matching overload for '${fn}' applied to '${args}'`, expr)
})

export const STATIC_ERRORS: readonly StaticErrorCase[] = [
  {
    expr: '[].all(i, i, i < i)',
    err: 'duplicate variable name: i',
    errorText: at('1', 11, 'duplicate variable name: i', '[].all(i, i, i < i)')
  },
  {
    expr: '[].all(__result__, i, __result__ < i)',
    err: 'iteration variable overwrites accumulator variable',
    errorText: at(
      '1',
      8,
      'iteration variable overwrites accumulator variable',
      '[].all(__result__, i, __result__ < i)'
    )
  },
  {
    expr: '[].all(j, __result__, __result__ < j)',
    err: 'iteration variable overwrites accumulator variable',
    errorText: at(
      '1',
      11,
      'iteration variable overwrites accumulator variable',
      '[].all(j, __result__, __result__ < j)'
    )
  },
  simpleName('[].all(i.j, k, i.j < k)', 9),
  simpleName('[].all(j, i.k, j < i.k)', 12),
  notARange('1.all(j, k, j < k)', 'int'),
  simpleName('[].exists(i.j, k, i.j < k)', 12),
  simpleName('[].exists(j, i.k, j < i.k)', 15),
  notARange("''.exists(j, k, j < k)", 'string'),
  simpleName('[].exists_one(i.j, k, i.j < k)', 16),
  simpleName('[].existsOne(j, i.k, j < i.k)', 18),
  simpleName('[].exists_one(i.j, k, i.j < k)', 16),
  notARange("''.existsOne(j, k, j < k)", 'string'),
  simpleName('[].transformList(i.j, k, i.j + k)', 19),
  simpleName('[].transformList(j, i.k, j + i.k)', 22),
  simpleName('{}.transformMap(i.j, k, i.j + k)', 18),
  simpleName('{}.transformMap(j, i.k, j + i.k)', 21),
  simpleName('{}.transformMapEntry(j, i.k, {j: i.k})', 26),
  simpleName('{}.transformMapEntry(i.j, k, {k: i.j})', 23),
  noOverload(
    "{}.transformMapEntry(j, k, 'bad filter', {k: j})",
    21,
    '_?_:_',
    '(string, map(dyn, dyn), map(dyn, dyn))'
  ),
  noOverload(
    '[1, 2].transformList(i, v, v % 2 == 0 ? [v] : v)',
    39,
    '_?_:_',
    '(bool, list(int), int)'
  ),
  noOverload(
    "{'hello': 'world', 'greetings': 'tacocat'}.transformMapEntry(k, v, []) == {}",
    61,
    'cel.@mapInsert',
    '(map(dyn, dyn), list(dyn))'
  )
]

/** TestTwoVarComprehensionsRuntimeErrors: compiles, evaluation fails with this error. */
export const RUNTIME_ERRORS: readonly { readonly expr: string; readonly err: string }[] = [
  { expr: '[1, 1].transformMapEntry(i, v, {v: i})', err: 'insert failed: key 1 already exists' },
  { expr: '[0, 0u].transformMapEntry(i, v, {v: i})', err: 'insert failed: key 0 already exists' }
]

/** TestTwoVarComprehensionsUnparse: parses, and cel.AstToString gives `unparsed`. */
export const UNPARSE_CASES: readonly {
  readonly name: string
  readonly expr: string
  readonly unparsed: string
}[] = [
  {
    name: 'transform map entry',
    expr: '[0, 0u].transformMapEntry(i, v, {v: i})',
    unparsed: '[0, 0u].transformMapEntry(i, v, {v: i})'
  },
  {
    name: 'transform map',
    expr: "{'a': 'world', 'b': 'hello'}.transformMap(i, v, i == 'a' ? v.upperAscii() : v)",
    unparsed: '{"a": "world", "b": "hello"}.transformMap(i, v, (i == "a") ? v.upperAscii() : v)'
  },
  {
    name: 'transform list',
    expr: '[1.0, 2.0, 2.0].transformList(i, v, i / 2.0 == 1.0)',
    unparsed: '[1.0, 2.0, 2.0].transformList(i, v, i / 2.0 == 1.0)'
  },
  {
    name: 'existsOne',
    expr: "{'a': 'b', 'c': 'd'}.existsOne(k, v, k == 'b' || v == 'b')",
    unparsed: '{"a": "b", "c": "d"}.existsOne(k, v, k == "b" || v == "b")'
  },
  {
    name: 'exists',
    expr: "{'a': 'b', 'c': 'd'}.exists(k, v, k == 'b' || v == 'b')",
    unparsed: '{"a": "b", "c": "d"}.exists(k, v, k == "b" || v == "b")'
  },
  {
    name: 'all',
    expr: "[null, null, 'hello', string].all(i, v, i == 0 || type(v) != int)",
    unparsed: '[null, null, "hello", string].all(i, v, i == 0 || type(v) != int)'
  }
]

/** An unknown attribute pattern: a variable and qualifier values (cel.AttributePattern). */
export interface UnknownPattern {
  readonly variable: string
  readonly qualInts?: readonly number[]
}

/**
 * TestTwoVarComprehensionsResidualAST: compiles; evaluated with OptTrackState, OptPartialEval and
 * these unknowns the result is unknown, and the residual AST unparses to `residual`.
 */
export interface ResidualCase {
  readonly name: string
  readonly vars: Readonly<Record<string, string>>
  readonly in: Readonly<Record<string, unknown>>
  readonly unknowns: readonly UnknownPattern[]
  readonly expr: string
  readonly residual: string
}

const XY_LISTS = { x: 'list(int)', y: 'map(int, dyn)' }
const HI_HELLO_HOWDY = new Map([
  [1, 'hi'],
  [2, 'hello'],
  [3, 'howdy']
])

export const RESIDUAL_CASES: readonly ResidualCase[] = [
  {
    name: 'transform map entry residual compare',
    vars: { x: 'list(dyn)', y: 'int' },
    in: { x: [0, new UintValue(1n)] },
    unknowns: [{ variable: 'y' }],
    expr: 'x.transformMapEntry(i, v, {v: i}).size() < y',
    residual: '2 < y'
  },
  {
    name: 'transform map entry residual transform',
    vars: { x: 'list(dyn)', y: 'int' },
    in: { x: [0, new UintValue(1n)] },
    unknowns: [{ variable: 'y' }],
    expr: 'x.transformMapEntry(i, v, i < y, {v: i})',
    residual: '[0, 1u].transformMapEntry(i, v, i < y, {v: i})'
  },
  {
    name: 'nested exists unknown inner range',
    vars: XY_LISTS,
    in: { x: [1, 2, 3] },
    unknowns: [{ variable: 'y' }],
    expr: 'x.exists(val, y.exists(key, _, key == val))',
    residual: '[1, 2, 3].exists(val, y.exists(key, _, key == val))'
  },
  {
    name: 'nested exists unknown inner range',
    vars: XY_LISTS,
    in: { y: HI_HELLO_HOWDY },
    unknowns: [{ variable: 'x' }],
    expr: 'x.exists(val, y.exists(key, _, key == val))',
    residual: 'x.exists(val, y.exists(key, _, key == val))'
  },
  {
    name: 'nested exists unknown outer range with extra predicate',
    vars: XY_LISTS,
    in: { y: HI_HELLO_HOWDY },
    unknowns: [{ variable: 'x' }],
    expr: "x.exists(val, y.exists(key, _, key == val)) && y.all(key, val, val.startsWith('h'))",
    residual: 'x.exists(val, y.exists(key, _, key == val))'
  },
  {
    name: 'nested exists partial unknown outer range',
    vars: XY_LISTS,
    in: { x: [42, 0, 43], y: HI_HELLO_HOWDY },
    unknowns: [{ variable: 'x', qualInts: [1] }],
    expr: 'x.exists(val, y.exists(key, _, key == val)) || x[0] == 0 || x[1] == 1 || x[2] == 2',
    residual: 'x.exists(val, y.exists(key, _, key == val)) || x[1] == 1'
  },
  {
    name: 'nested exists partial unknown outer range with optionals',
    vars: XY_LISTS,
    in: { x: [42, 0, 43], y: HI_HELLO_HOWDY },
    unknowns: [{ variable: 'x', qualInts: [1] }],
    expr: 'x.exists(val, y.exists(key, _, key == val)) || (x[?0].hasValue() && x[?1].hasValue())',
    residual: 'x.exists(val, y.exists(key, _, key == val)) || x[?1].hasValue()'
  },
  {
    name: 'inner value partial unknown two-var',
    vars: { x: 'list(string)', y: 'map(int, string)' },
    in: {
      x: ['howdy', 'hello', 'hi'],
      y: new Map([
        [0, 'hi'],
        [1, 'hello'],
        [2, 'howdy']
      ])
    },
    unknowns: [{ variable: 'y', qualInts: [1] }],
    expr: 'x.exists(key, val, y[?key] == optional.of(val))',
    residual: '["howdy", "hello", "hi"].exists(key, val, y[?key] == optional.of(val))'
  },
  {
    name: 'inner value partial unknown one-var',
    vars: { x: 'list(string)', y: 'map(int, string)' },
    in: { x: ['howdy'], y: new Map([[0, 'hello']]) },
    unknowns: [{ variable: 'x', qualInts: [0] }],
    expr: 'y.exists(key, y[?key] == x[?key])',
    residual: '{0: "hello"}.exists(key, y[?key] == x[?key])'
  },
  {
    name: 'simple bind',
    vars: { y: 'map(int, string)' },
    in: {
      y: new Map([
        [0, 'hi'],
        [1, 'hello'],
        [2, 'howdy']
      ])
    },
    unknowns: [{ variable: 'y', qualInts: [1] }],
    expr: 'cel.bind(z, y[0], z + y[1])',
    residual: 'cel.bind(z, "hi", "hi" + y[1])'
  },
  {
    name: 'bind with comprehension',
    vars: { x: 'list(string)', y: 'map(int, string)' },
    in: {
      x: ['hi', 'hello', 'howdy'],
      y: new Map([
        [0, 'hi'],
        [1, 'hello'],
        [2, 'howdy']
      ])
    },
    unknowns: [{ variable: 'y', qualInts: [1] }],
    expr: 'cel.bind(z, y[0], x.all(i, val, val == z || optional.of(val) == y[?i]))',
    residual:
      'cel.bind(z, "hi", ["hi", "hello", "howdy"].all(i, val, val == z || optional.of(val) == y[?i]))'
  }
]
