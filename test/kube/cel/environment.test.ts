// The Kubernetes CEL environment per release and mode (base.go's options by introduced and
// removed version, cel-cost-model.md §8) and the library cost hooks it wires in.

import { describe, expect, test } from '@jest/globals'
import { variable } from '../../../src/cel/checker/index.js'
import { STRING, listType } from '../../../src/cel/common/types.js'
import { kubernetesCelEnvironment, selectBaseOptions } from '../../../src/kube/cel/environment.js'
import { SUPPORTED_VERSIONS, type KubernetesVersion } from '../../../src/kube/versions.js'
import { evaluate, valueOf } from './evaluate.js'
import { PER_CALL_LIMIT } from '../../../src/kube/limits.js'

const compiles = (
  expression: string,
  version: KubernetesVersion,
  mode: 'new' | 'stored'
): boolean => kubernetesCelEnvironment({ version, mode }).compile(expression).ast !== undefined

describe('base options', () => {
  test('NewExpressions get the previous release’s options, StoredExpressions all current ones', () => {
    expect(selectBaseOptions('1.34', 'stored')).toContain('ext-lists-v3')
    expect(selectBaseOptions('1.34', 'new')).not.toContain('ext-lists-v3')
    expect(selectBaseOptions('1.35', 'new')).toContain('ext-lists-v3')
    expect(selectBaseOptions('1.37', 'new')).toContain('lists-v0')
    expect(selectBaseOptions('1.37', 'stored')).not.toContain('lists-v0')
    expect(selectBaseOptions('1.37', 'stored')).toContain('lists-v1')
    expect(selectBaseOptions('1.30', 'new')).not.toContain('ip')
  })

  test('AuthzSelectors follow the feature gate in NewExpressions of 1.31–1.36', () => {
    expect(selectBaseOptions('1.31', 'new')).not.toContain('authz-selectors')
    expect(selectBaseOptions('1.31', 'new', { authorizeWithSelectors: true })).toContain(
      'authz-selectors'
    )
    expect(selectBaseOptions('1.31', 'stored')).toContain('authz-selectors')
    expect(selectBaseOptions('1.33', 'new', { authorizeWithSelectors: false })).not.toContain(
      'authz-selectors'
    )
    expect(selectBaseOptions('1.37', 'new', { authorizeWithSelectors: false })).toContain(
      'authz-selectors'
    )
  })

  test.each([
    // [expression, first release in StoredExpressions]
    ["'%s'.format(['x']) == 'x'", 29],
    ["quantity('1') == quantity('1')", 28],
    ["ip('1.2.3.4').family() == 4", 30],
    ["format.named('uri').hasValue()", 31],
    ['{"a": 1}.all(k, v, v > 0)', 32],
    ["semver('1.0.0').major() == 1", 33],
    ['[3, 1].sort() == [1, 3]', 34],
    ['[1, 2].includes(2)', 37]
  ])('%s: StoredExpressions from 1.%i, NewExpressions one release later', (expression, first) => {
    for (const version of SUPPORTED_VERSIONS) {
      const minor = Number(version.split('.')[1])
      expect([version, compiles(expression, version, 'stored')]).toEqual([version, minor >= first])
      expect([version, compiles(expression, version, 'new')]).toEqual([version, minor >= first + 1])
    }
  })

  test('jsonpatch.escapeKey only in mutating environments, from 1.32', () => {
    const expression = "jsonpatch.escapeKey('a/b~c') == 'a~1b~0c'"
    expect(compiles(expression, '1.36', 'stored')).toBe(false)
    const env = kubernetesCelEnvironment({ version: '1.36', mode: 'new', mutating: true })
    expect(env.compile(expression).ast).toBeDefined()
    expect(
      kubernetesCelEnvironment({ version: '1.31', mode: 'stored', mutating: true }).compile(
        expression
      ).ast
    ).toBeUndefined()
  })

  test('language options of every release', () => {
    expect(valueOf('1.5 > 1')).toBe(true)
    expect(evaluate('[1, "a"]').compileError).toMatch(/expected type 'int' but found 'string'/)
    expect(evaluate("duration('1x')").compileError).toMatch(/invalid duration argument/)
    expect(evaluate("timestamp('2020-13-01T00:00:00Z')").compileError).toMatch(
      /invalid timestamp argument/
    )
    expect(valueOf('optional.of(1).orValue(2)')).toBe(1)
    expect(valueOf("{'a': 1}[?'b'].orValue(0)")).toBe(0)
    expect(valueOf('[1, 2, 3].exists_one(x, x > 2)')).toBe(true)
    expect(evaluate('[1].existsOne(x, x > 0)').compileError).toBeDefined()
  })

  test('keyword field names follow the environment’s compatibility version', () => {
    expect(
      kubernetesCelEnvironment({ version: '1.31', mode: 'new' }).recognizeKeywordAsFieldName
    ).toBe(false)
    expect(
      kubernetesCelEnvironment({ version: '1.31', mode: 'stored' }).recognizeKeywordAsFieldName
    ).toBe(true)
  })
})

describe('runtime', () => {
  test('OptOptimize folds constant literals', () => {
    const env = kubernetesCelEnvironment({
      version: '1.36',
      mode: 'stored',
      variables: [variable('s', STRING)]
    })
    const ast = env.compile("s in ['Pending', 'Available']").ast!
    // Set membership after folding: only the variable read is charged.
    expect(env.program(ast).eval({ s: 'Pending' }).cost).toBe(1n)
    expect(env.estimateCost(ast)).toEqual({ min: 13n, max: 13n })
    expect(env.costLimit).toBe(PER_CALL_LIMIT)
  })

  test('the per-call limit stops expensive expressions', () => {
    const env = kubernetesCelEnvironment({ version: '1.36', mode: 'stored' })
    const loop = env.compile('lists.range(2000).all(i, lists.range(2000).all(j, true))').ast!
    const result = env.program(loop).eval({}, { costLimit: env.costLimit })
    expect(result.error?.message).toBe('operation cancelled: actual cost limit exceeded')
  })

  test('startsWith charges the prefix from 1.37 (cel-go v0.29)', () => {
    const expression = "'Rook and Bishop'.startsWith('Rook')"
    expect(evaluate(expression, { version: '1.36' }).cost).toBe(2n)
    expect(evaluate(expression, { version: '1.37' }).cost).toBe(1n)
  })

  test('equality of IPv6 addresses costs their size where cel-go’s default applies', () => {
    expect(evaluate("ip('::1') != ip('::2')").cost).toBe(2n + 2n)
    expect(evaluate("ip('::1') == ip('::2')").cost).toBe(2n + 1n)
    expect(evaluate("ip('::1') == ip('::2')", { version: '1.31' }).cost).toBe(2n + 2n)
  })
})

describe('estimates', () => {
  test('library costs use the size estimator for variables', () => {
    const env = kubernetesCelEnvironment({
      version: '1.36',
      mode: 'stored',
      variables: [variable('names', listType(STRING))]
    })
    const ast = env.compile("names.join(',')").ast!
    const sized = (): { min: bigint; max: bigint } => ({ min: 0n, max: 10n })
    // 10 elements of up to 10 characters and 9 separators: size 109, cost 11 + 1 (names).
    expect(env.estimateCost(ast, sized)).toEqual({ min: 1n, max: 12n })
  })

  test('quantity equality is unit cost from 1.32', () => {
    const expression = "quantity('1') == quantity('1')"
    const cost = (version: KubernetesVersion): bigint => {
      const env = kubernetesCelEnvironment({ version, mode: 'stored' })
      return env.estimateCost(env.compile(expression).ast!).max
    }
    expect(cost('1.32')).toBe(3n)
    expect(cost('1.31')).toBe(1844674407370955266n)
  })
})
