// The estimator's rules on worked examples (cel-cost-model.md §2.7, §4.2, §9) and the hook
// contract: precedence, what the hooks see, and the release differences.

import { describe, expect, test } from '@jest/globals'
import { CheckerEnv, variable, type CelGoVersion } from '../../../src/cel/checker/index.js'
import {
  estimateCost,
  fixed,
  setsCostEstimators,
  type CallSite,
  type EstimateOptions,
  type EstimatorHooks,
  type EstimatorNode,
  type SizeRange
} from '../../../src/cel/cost/index.js'
import { optionalLibrary } from '../../../src/cel/lib/optional-decls.js'
import { setsLibrary } from '../../../src/cel/lib/sets-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { OPT_MAP_MACRO, standardMacros } from '../../../src/cel/parser/index.js'
import { compile, hintEstimator, parseTypeNotation } from './harness.js'

interface Setup {
  readonly vars?: Readonly<Record<string, string>>
  readonly version?: CelGoVersion
  readonly hooks?: EstimatorHooks
  readonly options?: EstimateOptions
}

function estimate(expr: string, setup: Setup = {}): [bigint, bigint] {
  const version = setup.version ?? '0.26'
  const env = new CheckerEnv({
    celGoVersion: version,
    libraries: [standardLibrary({ celGoVersion: version }), optionalLibrary(), setsLibrary()],
    variables: Object.entries(setup.vars ?? {}).map(([n, t]) => variable(n, parseTypeNotation(t)))
  })
  const compiled = compile(expr, env, {
    celGoVersion: version,
    macros: [...standardMacros(version), OPT_MAP_MACRO],
    enableOptionalSyntax: true
  })
  if ('error' in compiled) throw new Error(compiled.error)
  const range = estimateCost(compiled.checked, setup.hooks ?? hintEstimator({}), {
    version,
    ...setup.options
  })
  return [range.min, range.max]
}

/**
 * The shape of the CRD size estimator (§4.2): the first path element is the rule root
 * whatever it names; later elements walk `sizes`, keyed by the rest of the path.
 */
function schemaSizes(root: bigint, sizes: Readonly<Record<string, bigint>> = {}): EstimatorHooks {
  return {
    estimateSize(node: EstimatorNode): SizeRange | undefined {
      const path = node.path
      if (path === undefined || path.length === 0) return undefined
      if (path.length === 1) return { min: 0n, max: root }
      const max = sizes[path.slice(1).join('.')]
      return max === undefined ? undefined : { min: 0n, max }
    },
    estimateCallCost: () => undefined
  }
}

const KUBERNETES: EstimateOptions = { presenceTestHasCost: false }

describe('worked examples (§2.7)', () => {
  test('[1,2,3,4,5].map(x, x) = 86', () => {
    expect(estimate('[1,2,3,4,5].map(x, x)')).toEqual([86n, 86n])
  })

  test('[1,2,3,4,5].filter(x, x % 2 == 0) = [41, 101]', () => {
    expect(estimate('[1,2,3,4,5].filter(x, x % 2 == 0)')).toEqual([41n, 101n])
  })

  test('self.all(x, true) over an unbounded list of numbers = 4718591', () => {
    const hooks = schemaSizes(1572863n, { '@items': 0n })
    const [, max] = estimate('self.all(x, true)', {
      vars: { self: 'list(double)' },
      hooks,
      options: KUBERNETES
    })
    expect(max).toBe(4718591n)
  })

  test("self.contains('test') on an unbounded string = 314574, with maxLength 10 = 5", () => {
    const setup = { vars: { self: 'string' }, options: KUBERNETES }
    expect(estimate("self.contains('test')", { ...setup, hooks: schemaSizes(3145726n) })[1]).toBe(
      314574n
    )
    expect(estimate("self.contains('test')", { ...setup, hooks: schemaSizes(40n) })[1]).toBe(5n)
  })

  test('map keys sized [0, 0]: self.all(x, x.contains(self[x])) = 2752507 (§4.2)', () => {
    const hooks = schemaSizes(393215n, { '@keys': 0n, '@values': 3145726n })
    const [, max] = estimate('self.all(x, x.contains(self[x]))', {
      vars: { self: 'map(string, string)' },
      hooks,
      options: KUBERNETES
    })
    expect(max).toBe(2752507n)
  })

  test('has(self.a.b) costs 2 with presence tests free (§2.4)', () => {
    const vars = { self: 'map(string, map(string, int))' }
    expect(estimate('has(self.a.b)', { vars, options: KUBERNETES })).toEqual([2n, 2n])
    expect(estimate('has(self.a.b)', { vars })).toEqual([3n, 3n])
  })

  test('select from dyn adds nothing, from a map 1 (§2.4)', () => {
    expect(estimate('x.a.b', { vars: { x: 'dyn' } })).toEqual([1n, 1n])
    expect(estimate('x.a.b', { vars: { x: 'map(string, dyn)' } })).toEqual([2n, 2n])
  })
})

describe('release differences (§9)', () => {
  // The optMap variable is a bind; before v0.23 it is a plain identifier that the CRD
  // estimator sizes like the (object) rule root: [0, 0].
  const expr = "optional.of('a').optMap(v, v == 'value').hasValue()"
  const hooks = schemaSizes(0n)

  test.each([
    ['0.17', 17n],
    ['0.20', 17n],
    ['0.22', 17n],
    ['0.23', 18n],
    ['0.26', 18n],
    ['0.29', 18n]
  ] as const)('optMap example under cel-go %s costs %s', (version, want) => {
    expect(estimate(expr, { version, hooks, options: KUBERNETES })[1]).toBe(want)
  })

  test('dyn() keeps its argument size from v0.23; before it is an ordinary call', () => {
    const e = 'dyn([1, 2, 3]).all(i, true)'
    expect(estimate(e, { version: '0.26' })).toEqual([21n, 21n])
    // Legacy: the call result is unsized, so the range is unknown.
    expect(estimate(e, { version: '0.22' })).toEqual([12n, 18446744073709551615n])
  })

  test('global calls get a target pointer before v0.26', () => {
    const seen: [string, boolean][] = []
    const hooks: EstimatorHooks = {
      estimateSize: () => undefined,
      estimateCallCost(fn, _id, target, _args, site: CallSite) {
        seen.push([`${fn}:${target === undefined ? 'global' : 'member'}`, site.hasTargetPointer])
        return undefined
      }
    }
    for (const version of ['0.22', '0.23', '0.26'] as const) {
      seen.length = 0
      estimate("size('a') + 'b'.size()", { version, hooks })
      const pointer = version !== '0.26'
      expect(seen).toEqual([
        ['size:global', pointer],
        ['size:member', true],
        ['_+_:global', pointer]
      ])
    }
  })
})

describe('hooks', () => {
  test('library estimators come before the hooks, the hooks before the built-in rules', () => {
    const calls: string[] = []
    const hooks: EstimatorHooks = {
      estimateSize: () => undefined,
      estimateCallCost(fn) {
        calls.push(fn)
        return fn === 'size' ? { cost: fixed(100n) } : undefined
      }
    }
    const options = { overloadEstimators: setsCostEstimators() }
    // sets.contains: (1 · 2) × 1 + 1 = 3, plus its lists 10 + 10; size: 100 plus its list 10;
    // > adds 1; && takes the left side's minimum and the sum of the maxima.
    expect(estimate('sets.contains([1], [1, 2]) && size([3]) > 0', { hooks, options })).toEqual([
      23n,
      134n
    ])
    expect(calls).toEqual(['size', '_>_', '_&&_'])
  })

  test('call result sizes from a hook feed later operations', () => {
    const sized = hintEstimator({ s: 20 })
    const hooks: EstimatorHooks = {
      estimateSize: (node) => sized.estimateSize(node),
      estimateCallCost: (fn) =>
        fn === 'string' ? { cost: fixed(0n), resultSize: fixed(50n) } : undefined
    }
    const vars = { s: 'string' }
    // == scans the shorter operand: min(50, 20) → [1, 20] × 0.1 = [1, 2], plus s (1).
    expect(estimate('string(1) == s', { vars, hooks })).toEqual([2n, 3n])
    // Unsized, string(1) costs 1 and the comparison is bounded by s alone.
    expect(estimate('string(1) == s', { vars, hooks: sized })).toEqual([3n, 4n])
  })

  test('hooks see paths of variables, fields, items; the accumulator has none', () => {
    const paths: string[] = []
    const hooks: EstimatorHooks = {
      estimateSize(node) {
        paths.push(node.path === undefined ? '<nil>' : node.path.join('.'))
        return undefined
      },
      estimateCallCost: () => undefined
    }
    estimate("l.all(x, x.name.startsWith('a'))", {
      vars: { l: 'list(map(string, string))' },
      hooks
    })
    expect(paths).toContain('l.@items.name')
    expect(paths).toContain('l')
    expect(paths).not.toContain('@result')
  })

  test('paths share storage like Go slices: a later sibling select rewrites an earlier path', () => {
    // x has the 3-element path s.l.@items (capacity 4); x.a and x.b are appended into the same
    // slot, so the inner range x.a is sized — after its body read x.b — as s.l.@items.b.
    const hooks = hintEstimator({ 's.l': 2, 's.l.@items.a': 10, 's.l.@items.b': 100 })
    const vars = { s: 'map(string, list(map(string, list(int))))' }
    const expr = 's.l.all(x, x.a.all(y, y in x.b))'
    expect(estimate(expr, { vars, hooks })).toEqual([3n, 21215n])
    // The legacy estimator builds a fresh path for every identifier, so nothing is shared.
    expect(estimate(expr, { vars, hooks, version: '0.22' })).toEqual([3n, 2135n])
  })
})
