// Estimates of cel-go v0.29.2's extension tests that the conformance tables do not carry:
// ext/strings_test.go TestStringCostTracking (strings v5 estimators), ext/comprehensions_test.go
// TestTwoVarComprehensionsCost and ext/bindings_test.go TestBindings (cel-cost-model.md §3.4).

import { describe, expect, test } from '@jest/globals'
import { CheckerEnv, variable } from '../../../src/cel/checker/index.js'
import {
  combineOverloadEstimators,
  estimateCost,
  listsCostEstimators,
  stringsCostEstimators
} from '../../../src/cel/cost/index.js'
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
  standardMacros
} from '../../../src/cel/parser/index.js'
import { compile, hintEstimator, parseTypeNotation } from './harness.js'

const VERSION = '0.29'
const STRINGS_V5 = 5

interface ExtCase {
  readonly name: string
  readonly expr: string
  readonly vars?: Readonly<Record<string, string>>
  readonly hints?: Readonly<Record<string, number>>
  readonly container?: string
  readonly want: readonly [number, number]
}

function estimateIn(
  env: (c: ExtCase) => CheckerEnv,
  estimators: Parameters<typeof estimateCost>[2]
): (c: ExtCase) => [number, number] {
  return (c) => {
    const macros = [
      ...standardMacros(VERSION),
      ...TWO_VAR_COMPREHENSION_MACROS,
      BIND_MACRO,
      SORT_BY_MACRO,
      OPT_MAP_MACRO,
      OPT_FLAT_MAP_MACRO
    ]
    const compiled = compile(c.expr, env(c), {
      celGoVersion: VERSION,
      macros,
      enableOptionalSyntax: true
    })
    if ('error' in compiled) throw new Error(compiled.error)
    const range = estimateCost(compiled.checked, hintEstimator(c.hints ?? {}), estimators)
    return [Number(range.min), Number(range.max)]
  }
}

function variables(c: ExtCase) {
  return Object.entries(c.vars ?? {}).map(([name, type]) => variable(name, parseTypeNotation(type)))
}

describe('ext.Strings version 5 estimators (TestStringCostTracking)', () => {
  const estimate = estimateIn(
    () =>
      new CheckerEnv({
        celGoVersion: VERSION,
        libraries: [standardLibrary({ celGoVersion: VERSION }), stringsLibrary({ version: 5 })]
      }),
    { version: VERSION, overloadEstimators: stringsCostEstimators(STRINGS_V5) }
  )
  const cases: ExtCase[] = [
    { name: 'charAt', expr: '"hello world".charAt(0)', want: [4, 4] },
    { name: 'indexOf', expr: '"hello world".indexOf("world")', want: [7, 7] },
    { name: 'lastIndexOf', expr: '"hello world".lastIndexOf("o")', want: [3, 3] },
    { name: 'lowerAscii', expr: '"HELLO".lowerAscii()', want: [7, 7] },
    { name: 'upperAscii', expr: '"hello".upperAscii()', want: [7, 7] },
    { name: 'replace', expr: '"hello world".replace("world", "CEL")', want: [11, 55] },
    {
      name: 'replace_exponential_growth',
      expr: '"A".replace("", "AAAAAAAAAA").replace("", "AAAAAAAAAA")',
      want: [6, 281]
    },
    { name: 'split', expr: '"a,b,c,d,e".split(",")', want: [12, 21] },
    { name: 'substring', expr: '"hello world".substring(0, 5)', want: [8, 8] },
    { name: 'join', expr: '["a", "b", "c", "d", "e"].join("-")', want: [12, 23] },
    { name: 'trim', expr: '"  hello  ".trim()', want: [2, 11] },
    { name: 'reverse', expr: '"hello".reverse()', want: [7, 7] }
  ]
  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(estimate(c)).toEqual(c.want)
  })

  test('strings versions before 5 register no estimators', () => {
    expect(stringsCostEstimators(4).size).toBe(0)
    expect(stringsCostEstimators(STRINGS_V5).size).toBe(17)
  })
})

describe('two-variable comprehensions (TestTwoVarComprehensionsCost)', () => {
  const estimate = estimateIn(
    (c) =>
      new CheckerEnv({
        celGoVersion: VERSION,
        libraries: [
          standardLibrary({ celGoVersion: VERSION }),
          twoVarComprehensionsLibrary(),
          listsLibrary(),
          stringsLibrary(),
          optionalLibrary()
        ],
        variables: variables(c)
      }),
    {
      version: VERSION,
      overloadEstimators: combineOverloadEstimators(
        listsCostEstimators(),
        stringsCostEstimators(STRINGS_V5)
      )
    }
  )
  const cases: ExtCase[] = [
    { name: 'all list literal', expr: '[1, 2, 3, 4].all(i, v, i < 5 && v > 0)', want: [23, 39] },
    {
      name: 'all map literal - true',
      expr: '{1: 1, 2: 2, 3: 3}.all(i, v, i < 5 && v > 0)',
      want: [40, 52]
    },
    { name: 'all map literal - false', expr: '!{0: 0}.all(i, v, i < 5 && v > 0)', want: [35, 39] },
    {
      name: 'all map(int,int) variable',
      expr: 'm.all(i, v, i < 5 && v > 0)',
      vars: { m: 'map(int, int)' },
      hints: { m: 3 },
      want: [2, 23]
    },
    {
      name: 'all map(string,string) variable',
      expr: 'm.all(k, v, k < v)',
      vars: { m: 'map(string, string)' },
      hints: { m: 3, 'm.@keys': 16, 'm.@values': 128 },
      want: [2, 23]
    },
    { name: 'transformList empty', expr: '[].transformList(i, v, v) == []', want: [31, 31] },
    {
      name: 'transformList single element',
      expr: '[1].transformList(i, v, i) == [0]',
      want: [45, 45]
    },
    {
      name: 'transformList with filter',
      expr: '[3, 2, 1].transformList(i, v, v > i, v) == [3, 2]',
      want: [44, 80]
    },
    { name: 'transformMap empty list', expr: '[].transformMap(k, v, v + 1) == {}', want: [71, 71] },
    { name: 'transformMap empty map', expr: '{}.transformMap(k, v, v + 1) == {}', want: [91, 91] },
    {
      name: 'transformMap literal scalar map',
      expr: '{1: 2}.transformMap(k, v, v + 1) == {1: 3}',
      want: [97, 97]
    },
    {
      name: 'transformMap local bind',
      expr: 'cel.bind(m, {"hello": "hello"}, m.transformMap(k, v, v + "world")) == {"hello": "helloworld"}',
      want: [108, 108]
    },
    {
      name: 'transformMap filter map',
      expr: '{1: 2, 3: 4, 5: 6}.transformMap(k, v, k % 3 == 0, v + 1) == {3: 5}',
      want: [104, 116]
    },
    {
      name: 'transformMap variable input',
      expr: "m.transformMap(k, v, k.startsWith('legacy') && v.size() == 1, v + [2]) == {'legacy-solo': [1, 2]}",
      vars: { m: 'map(string, list(int))' },
      hints: { m: 5, 'm.@keys': 16, 'm.@values': 10, 'm.@values.@items': 2 },
      want: [73, 173]
    },
    {
      name: 'transformMapEntry literal input',
      expr: '{1: 2}.transformMapEntry(k, v, {v: k}) == {2: 1}',
      want: [126, 126]
    },
    {
      name: 'transformMapEntry variable input',
      expr: 'm.transformMapEntry(k, v, {v: k}) == m.transformMapEntry(k, v, {v: k})',
      vars: { m: 'map(string, int)' },
      hints: { m: 5, 'm.@keys': 16, 'm.@values': 10 },
      want: [65, 405]
    }
  ]
  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(estimate(c)).toEqual(c.want)
  })
})

describe('cel.bind (TestBindings)', () => {
  const estimate = estimateIn(
    (c) =>
      new CheckerEnv({
        celGoVersion: VERSION,
        ...(c.container !== undefined ? { container: c.container } : {}),
        libraries: [standardLibrary({ celGoVersion: VERSION }), stringsLibrary()],
        variables: variables(c)
      }),
    { version: VERSION, overloadEstimators: stringsCostEstimators(STRINGS_V5) }
  )
  const cases: ExtCase[] = [
    {
      name: 'single bind',
      expr: `cel.bind(a, 'hell' + 'o' + '!', "%s, %s, %s".format([a, a, a])) ==
             'hello!, hello!, hello' + '!'`,
      want: [30, 32]
    },
    {
      name: 'multiple binds',
      expr: `cel.bind(a, 'hello!', cel.bind(b, 'goodbye', a + ' and, ' + b)) == 'hello! and, goodbye'`,
      want: [27, 28]
    },
    {
      name: 'shadow binds',
      expr: `cel.bind(a, cel.bind(a, 'world', a + '!'), 'hello ' + a) == 'hello ' + 'world' + '!'`,
      want: [30, 31]
    },
    {
      name: 'nested bind with int list',
      expr: 'cel.bind(a, x, cel.bind(b, a[0], cel.bind(c, a[1], b + c))) == 10',
      vars: { x: 'list(int)' },
      hints: { x: 3 },
      want: [39, 39]
    },
    {
      name: 'nested bind with string list',
      expr: 'cel.bind(a, x, cel.bind(b, a[0], cel.bind(c, a[1], b + c))) == "threeseven"',
      vars: { x: 'list(string)' },
      hints: { x: 3, 'x.@items': 10 },
      want: [38, 40]
    },
    {
      name: 'shadowed binding',
      expr: 'cel.bind(x, 0, x == 0)',
      vars: { x: 'string' },
      want: [12, 12]
    },
    {
      name: 'container shadowed binding',
      expr: 'cel.bind(x, 0, x == 0)',
      container: 'cel.example',
      vars: { 'cel.example.x': 'string' },
      want: [12, 12]
    },
    {
      name: 'shadowing namespace resolution selector',
      expr: "cel.bind(x, {'y': 0}, x.y == 0)",
      container: 'cel.example',
      vars: { 'cel.example.x.y': 'int' },
      want: [43, 43]
    },
    {
      name: 'shadowing namespace resolution selector with local',
      expr: "cel.bind(x, {'y': 0}, .x.y == x.y)",
      vars: { 'x.y': 'int' },
      want: [44, 44]
    },
    {
      name: 'namespace disambiguation',
      expr: 'cel.bind(y, 0, .y != y)',
      vars: { y: 'int' },
      want: [13, 13]
    },
    { name: 'nesting shadowing', expr: 'cel.bind(y, 0, cel.bind(y, 1, y != 0))', want: [22, 22] }
  ]
  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(estimate(c)).toEqual(c.want)
  })
})
