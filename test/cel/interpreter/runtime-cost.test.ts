// Runtime cost as cel-go's cost tracker counts it (cel-cost-model.md §6): the ext library
// tables of ../shared/conformance/cel-ext-cost.json (actual costs), cel-go's two-variable
// comprehension cost table, the Kubernetes program options and the cost limit.

import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from '@jest/globals'
import * as t from '../../../src/cel/common/types.js'
import { Activation, type Value } from '../../../src/cel/interpreter/index.js'
import { listsLibrary } from '../../../src/cel/lib/lists-decls.js'
import { setsLibrary } from '../../../src/cel/lib/sets-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { compile, run } from './helpers.js'
import { parseTypeNotation, valueOfType } from './type-notation.js'

interface ExtCostCase {
  id: string
  harness: string
  expr: string
  declarations?: { name: string; type: string }[]
  activation?: Record<string, unknown>
  expected_actual?: string
}

const EXT_COST_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/conformance/cel-ext-cost.json'
)

describe('ext library runtime costs (cel-ext-cost.json, actual costs)', () => {
  const cases = (JSON.parse(readFileSync(EXT_COST_FILE, 'utf8')) as ExtCostCase[]).filter(
    (c) => c.expected_actual !== undefined
  )
  test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const types = Object.fromEntries(
      (c.declarations ?? []).map((d) => [d.name, parseTypeNotation(d.type)])
    )
    const vars = new Map<string, Value>()
    for (const [name, json] of Object.entries(c.activation ?? {})) {
      vars.set(name, valueOfType(json, types[name] ?? t.DYN))
    }
    // cel-go's test environments: the standard library plus the one extension under test.
    const ext = c.harness.includes('ext.Sets') ? setsLibrary() : listsLibrary()
    const program = compile(c.expr, { declarations: types, libraries: [standardLibrary(), ext] })
    const result = program.eval(Activation.fromValues(vars))
    expect(result.error).toBeUndefined()
    expect(result.value).toBe(true)
    expect(result.cost).toBe(BigInt(c.expected_actual!))
  })
})

// cel-go ext/comprehensions_test.go TestTwoVarComprehensionsCost (actual costs).
const TWO_VAR_COSTS: readonly [string, Record<string, t.Type>, Record<string, unknown>, number][] =
  [
    ['[1, 2, 3, 4].all(i, v, i < 5 && v > 0)', {}, {}, 39],
    ['{1: 1, 2: 2, 3: 3}.all(i, v, i < 5 && v > 0)', {}, {}, 52],
    ['!{0: 0}.all(i, v, i < 5 && v > 0)', {}, {}, 39],
    [
      'm.all(i, v, i < 5 && v > 0)',
      { m: t.mapType(t.INT, t.INT) },
      {
        m: new Map([
          [1, 1],
          [2, 2]
        ])
      },
      16
    ],
    [
      'm.all(k, v, k < v)',
      { m: t.mapType(t.STRING, t.STRING) },
      { m: { he: 'hello', go: 'goodbye' } },
      14
    ],
    ['[].transformList(i, v, v) == []', {}, {}, 31],
    ['[1].transformList(i, v, i) == [0]', {}, {}, 45],
    ['[3, 2, 1].transformList(i, v, v > i, v) == [3, 2]', {}, {}, 67],
    ['[].transformMap(k, v, v + 1) == {}', {}, {}, 71],
    ['{}.transformMap(k, v, v + 1) == {}', {}, {}, 91],
    ['{1: 2}.transformMap(k, v, v + 1) == {1: 3}', {}, {}, 97],
    [
      'cel.bind(m, {"hello": "hello"}, m.transformMap(k, v, v + "world")) == {"hello": "helloworld"}',
      {},
      {},
      108
    ],
    ['{1: 2, 3: 4, 5: 6}.transformMap(k, v, k % 3 == 0, v + 1) == {3: 5}', {}, {}, 106],
    [
      "m.transformMap(k, v, k.startsWith('legacy') && v.size() == 1, v + [2]) == {'legacy-solo': [1, 2]}",
      { m: t.mapType(t.STRING, t.listType(t.INT)) },
      { m: { 'legacy-solo': [1], 'legacy-pair': [3, 2] } },
      100
    ],
    ['{1: 2}.transformMapEntry(k, v, {v: k}) == {2: 1}', {}, {}, 126],
    [
      'm.transformMapEntry(k, v, {v: k}) == m.transformMapEntry(k, v, {v: k})',
      { m: t.mapType(t.STRING, t.INT) },
      { m: { 'legacy-solo': 1, 'legacy-pair': 2 } },
      201
    ]
  ]

describe('two-variable comprehension costs (cel-go TestTwoVarComprehensionsCost)', () => {
  test.each(TWO_VAR_COSTS)('%s', (expr, declarations, vars, cost) => {
    const result = run(expr, vars, { declarations, accumulatorName: '@result' })
    expect(result.error).toBeUndefined()
    expect(result.value).toBe(true)
    expect(result.cost).toBe(BigInt(cost))
  })
})

const SELF = { self: t.mapType(t.STRING, t.DYN) }
const KUBERNETES = { optimize: true, presenceTestHasCost: false, declarations: SELF } as const

describe('Kubernetes program options (cel-cost-model.md §6.2, §7)', () => {
  test.each([
    ['self.val.all(k, self.val[k] > 0)', { val: { b: 1, d: 2 } }, 17],
    ['self.val.exists_one(k, self.val[k] == 2)', { val: { b: 1, d: 2 } }, 14],
    ['size(self.val.filter(k, self.val[k] > 1)) == 1', { val: { b: 1, d: 2 } }, 26],
    ["self.enumStr in ['Pending', 'Available']", { enumStr: 'Pending' }, 2],
    [
      "type(self.something) == int ? self.something == 1 : self.something == '25%'",
      { something: 1 },
      7
    ],
    ['!self.array.all(e, e < 2)', { array: [1, 1, 2, 2, 3, 3, 4, 5] }, 21]
  ])('%s', (expr, self, cost) => {
    const result = run(expr, { self }, KUBERNETES)
    expect(result.error).toBeUndefined()
    expect(result.cost).toBe(BigInt(cost))
  })

  test('has() costs nothing and constant literals are folded', () => {
    expect(run('has(self.a)', { self: { a: 1 } }, KUBERNETES).cost).toBe(1n)
    expect(run('has(self.a)', { self: { a: 1 } }, { declarations: SELF }).cost).toBe(2n)
    expect(run('[1, 2, [3]] == [1, 2, [3]]', {}, KUBERNETES).cost).toBe(1n)
    expect(run('[1, 2, [3]] == [1, 2, [3]]', {}, { declarations: SELF }).cost).toBe(41n)
    expect(run("int('12') + 1", {}, KUBERNETES).cost).toBe(1n)
  })

  test('membership in an empty constant list is false without evaluating the left side', () => {
    const result = run('self.missing in []', { self: {} }, KUBERNETES)
    expect(result.value).toBe(false)
    expect(result.cost).toBe(0n)
  })

  test('invalid constant conversions and patterns fail at plan time', () => {
    expect(() => compile("int('x')", KUBERNETES)).toThrow('type conversion error')
    expect(() => compile("'a'.matches('(')", KUBERNETES)).toThrow('missing closing )')
    expect(run("'a'.matches('(')", {}, { declarations: SELF }).error?.message).toContain(
      'missing closing )'
    )
  })
})

describe('cost limit', () => {
  const expr = '"abcdefg".contains(str1 + str2)'
  const declarations = { str1: t.STRING, str2: t.STRING }
  const vars = { str1: 'val1', str2: 'val2222222' }

  test('a cost equal to the limit is allowed', () => {
    const result = run(expr, vars, { declarations, costLimit: 6n })
    expect(result.value).toBe(false)
    expect(result.cost).toBe(6n)
  })

  test('exceeding the limit aborts with cel-go message', () => {
    const result = run(expr, vars, { declarations, costLimit: 5n })
    expect(result.error?.message).toBe('operation cancelled: actual cost limit exceeded')
  })

  test('runaway comprehensions stop at the limit', () => {
    const result = run(
      'lists.range(1000).map(i, lists.range(1000).map(j, i * j)).size()',
      {},
      { costLimit: 100_000n }
    )
    expect(result.error?.message).toBe('operation cancelled: actual cost limit exceeded')
    expect(result.cost).toBeGreaterThan(100_000n)
    expect(result.cost).toBeLessThan(101_100n)
  })
})

describe('call costs', () => {
  test('unchecked calls have no overload id, so they cost 1 except equality', () => {
    expect(run("'abcdefghijklmnopqrstuvwxyz' + 'a'").cost).toBe(1n)
    expect(run("'abcdefghijklmnopqrstuvwxyz' + 'a'", {}, { declarations: {} }).cost).toBe(3n)
    expect(run("'abcdefghijklmnopqrstuvwxyz' == 'abcdefghijklmnopqrstuvwxyz'").cost).toBe(3n)
  })

  test('startsWith charges the receiver before cel-go v0.29 and the prefix from it', () => {
    const declarations = { s: t.STRING, p: t.STRING }
    const vars = { s: 'abc', p: 'x'.repeat(100) }
    expect(run('s.startsWith(p)', vars, { declarations }).cost).toBe(3n)
    expect(run('s.startsWith(p)', vars, { declarations, costModel: '0.29' }).cost).toBe(12n)
  })

  test('a call cost estimator takes precedence over the defaults', () => {
    const result = run(
      "'abc'.size()",
      {},
      {
        declarations: {},
        callCostEstimator: (fn, id, args) =>
          fn === 'size' && id === 'string_size' && args[0] === 'abc' ? 100n : undefined
      }
    )
    expect(result.cost).toBe(100n)
  })

  test('a strict call whose first argument fails does not evaluate or charge the rest', () => {
    // Three-argument calls stop at the first error (cel-go evalVarArgs).
    const declarations = { s: t.STRING }
    const failing = run("s.substring(1/0, size('abc'))", { s: 'hello' }, { declarations })
    expect(failing.error?.message).toBe('division by zero')
    expect(failing.cost).toBe(2n)
  })
})
