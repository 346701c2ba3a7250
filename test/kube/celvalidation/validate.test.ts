/**
 * CEL validation of custom resources (crd-validation-spec.md §8.3–8.4): rule failures with the
 * apiserver's paths, values and details, transition rules, budgets and limits,
 * messageExpressions, ratcheting, and compiling once per schema.
 */
import { describe, expect, it } from '@jest/globals'
import {
  celValidatorFor,
  compileCelRules,
  validateCelRules
} from '../../../src/kube/celvalidation/index.js'
import type { CelValidationOptions } from '../../../src/kube/celvalidation/index.js'
import { FieldPath, errorString } from '../../../src/kube/fielderrors/index.js'

type Schema = Record<string, unknown>

const rules = (...rs: Array<string | Record<string, unknown>>): Record<string, unknown>[] =>
  rs.map((r) => (typeof r === 'string' ? { rule: r } : r))

const errorsOf = (
  schema: Schema,
  obj: unknown,
  old?: unknown,
  options: CelValidationOptions = {}
): string[] => validateCelRules(schema, obj, old, options).errors.map((e) => errorString(e))

const spec = (properties: Schema, validations: Record<string, unknown>[] = []): Schema => ({
  type: 'object',
  properties: {
    spec: { type: 'object', properties, 'x-kubernetes-validations': validations }
  }
})

describe('rule failures', () => {
  const schema = spec(
    { replicas: { type: 'integer', 'x-kubernetes-validations': rules('self <= 10') } },
    rules(
      { rule: 'self.replicas >= 1', message: '  replicas must be positive  ' },
      { rule: 'has(self.replicas)', reason: 'FieldValueRequired', fieldPath: '.replicas' }
    )
  )

  it('reports the node, its value and the failed rule (1.35+)', () => {
    expect(errorsOf(schema, { spec: { replicas: 11 } })).toEqual([
      'spec.replicas: Invalid value: 11: failed rule: self <= 10'
    ])
  })

  it('uses the trimmed message and prints no value for objects', () => {
    expect(errorsOf(schema, { spec: { replicas: 0 } })).toEqual([
      'spec: Invalid value: replicas must be positive'
    ])
  })

  it('reports the reason at the fieldPath', () => {
    expect(errorsOf(schema, { spec: {} })).toEqual([
      'spec: Invalid value: "object": no such key: replicas evaluating rule: replicas must be positive',
      'spec.replicas: Required value: failed rule: has(self.replicas)'
    ])
  })

  it('prints the schema type up to 1.34', () => {
    expect(
      errorsOf(schema, { spec: { replicas: 11 } }, undefined, { kubernetesVersion: '1.34' })
    ).toEqual(['spec.replicas: Invalid value: "integer": failed rule: self <= 10'])
  })

  it('reports under pathRoot and skips null values', () => {
    expect(
      errorsOf(schema, { spec: { replicas: 11 } }, undefined, { pathRoot: FieldPath.of('x') })
    ).toEqual(['x.spec.replicas: Invalid value: 11: failed rule: self <= 10'])
    expect(errorsOf(schema, { spec: null })).toEqual([])
  })

  it('reports runtime errors with the rule and goes on', () => {
    const s = spec(
      { m: { type: 'object', additionalProperties: { type: 'string' } } },
      rules("self.m['a'] == 'x'", 'false')
    )
    expect(errorsOf(s, { spec: { m: {} } })).toEqual([
      "spec: Invalid value: \"object\": no such key: a evaluating rule: self.m['a'] == 'x'",
      'spec: Invalid value: failed rule: false'
    ])
  })

  it('rejects an unsupported release without throwing', () => {
    expect(errorsOf(schema, {}, undefined, { kubernetesVersion: '1.2' })).toEqual([
      "<nil>: Internal error: unsupported Kubernetes version '1.2' (supported: 1.30, 1.31, 1.32, 1.33, 1.34, 1.35, 1.36, 1.37, 1.38)"
    ])
  })
})

describe('values as CEL sees them', () => {
  it('exposes apiVersion, kind and metadata.name at the resource root only', () => {
    const schema: Schema = {
      type: 'object',
      properties: { spec: { type: 'object' } },
      'x-kubernetes-validations': rules("self.metadata.name.startsWith('a') && self.kind == 'K'")
    }
    const obj = { apiVersion: 'v1', kind: 'K', metadata: { name: 'abc', labels: { a: 'b' } } }
    expect(errorsOf(schema, obj)).toEqual([])
    expect(errorsOf(schema, obj, undefined, { isResourceRoot: false })[0]).toContain(
      'compilation failed'
    )
  })

  it('selects escaped and keyword property names', () => {
    const schema: Schema = {
      type: 'object',
      properties: { 'a-b': { type: 'string' }, namespace: { type: 'string' } },
      'x-kubernetes-validations': rules(
        "self.a__dash__b == 'x'",
        "self.__namespace__ == 'n'",
        "self.namespace == 'n'"
      )
    }
    expect(errorsOf(schema, { 'a-b': 'x', namespace: 'n' })).toEqual([])
  })

  it('compares set and map lists by their semantics', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        set: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
        map: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['k'],
          items: { type: 'object', properties: { k: { type: 'string' }, v: { type: 'integer' } } }
        }
      },
      'x-kubernetes-validations': rules(
        "self.set == ['c', 'b', 'a']",
        "self.set + ['a', 'd'] == ['a', 'b', 'c', 'd']",
        'self.map == [self.map[1], self.map[0]]',
        'self.map + [self.map[0]] == self.map'
      )
    }
    const obj = {
      set: ['a', 'b', 'c'],
      map: [
        { k: 'x', v: 1 },
        { k: 'y', v: 2 }
      ]
    }
    expect(errorsOf(schema, obj)).toEqual([])
  })

  it('keeps int64 values exact when given as bigints', () => {
    const schema: Schema = {
      type: 'object',
      properties: { n: { type: 'integer' } },
      'x-kubernetes-validations': rules('self.n == 9223372036854775807', 'self.n + 1 > 0')
    }
    expect(errorsOf(schema, { n: 9223372036854775807n })).toEqual([
      '<nil>: Invalid value: "object": integer overflow evaluating rule: self.n + 1 > 0'
    ])
  })

  it('reports data that does not fit the schema when a rule reads it', () => {
    const schema: Schema = {
      type: 'object',
      properties: { o: { type: 'object', properties: { f: { type: 'string' } } } },
      'x-kubernetes-validations': rules('self.o == self.o')
    }
    expect(errorsOf(schema, { o: [] })[0]).toContain(
      'invalid data, expected a map for the provided schema with type=object'
    )
  })
})

describe('transition rules', () => {
  const schema: Schema = {
    type: 'object',
    properties: {
      v: {
        type: 'string',
        'x-kubernetes-validations': rules({ rule: 'self == oldSelf', message: 'immutable' })
      },
      w: {
        type: 'string',
        'x-kubernetes-validations': rules({
          rule: "oldSelf.hasValue() || self == 'initial'",
          optionalOldSelf: true
        })
      },
      list: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, value: { type: 'string' } },
          'x-kubernetes-validations': rules({
            rule: 'self.value == oldSelf.value',
            message: 'fixed'
          })
        }
      }
    }
  }

  it('are skipped on create unless oldSelf is optional', () => {
    const result = validateCelRules(schema, { v: 'a', w: 'other' }, undefined)
    expect(result.errors.map((e) => errorString(e))).toEqual([
      `w: Invalid value: "other": failed rule: oldSelf.hasValue() || self == 'initial'`
    ])
  })

  it('see the old value of the same key and of map-list elements with the same keys', () => {
    const old = {
      v: 'a',
      w: 'x',
      list: [
        { name: 'p', value: '1' },
        { name: 'q', value: '2' }
      ]
    }
    const obj = {
      v: 'b',
      w: 'y',
      list: [
        { name: 'q', value: '3' },
        { name: 'r', value: '4' }
      ]
    }
    expect(errorsOf(schema, obj, old)).toEqual([
      'v: Invalid value: "b": immutable',
      'list[0]: Invalid value: fixed'
    ])
  })
})

describe('budgets and limits', () => {
  const schema: Schema = {
    type: 'object',
    properties: { items: { type: 'array', items: { type: 'integer' } } },
    'x-kubernetes-validations': rules('self.items.all(i, i >= 0)', 'size(self.items) < 100000')
  }
  const obj = { items: Array.from({ length: 1000 }, (_, i) => i) }

  it('charges every evaluation to the per-object budget', () => {
    const full = validateCelRules(schema, obj, undefined)
    expect(full.errors).toEqual([])
    const spent = 10_000_000n - full.remainingBudget
    expect(spent).toBeGreaterThan(1000n)
    const short = validateCelRules(schema, obj, undefined, { costBudget: spent - 1n })
    expect(short.errors.map((e) => errorString(e))).toEqual([
      '<nil>: Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run'
    ])
    expect(short.remainingBudget).toBe(-1n)
  })

  it('stops at an expression over the per-call limit', () => {
    const result = validateCelRules(schema, obj, undefined, { perCallLimit: 100n })
    expect(result.errors.map((e) => errorString(e))).toEqual([
      `<nil>: Invalid value: "object": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: self.items.all(i, i >= 0)`
    ])
    expect(result.remainingBudget).toBe(-1n)
  })
})

describe('messageExpression', () => {
  const withMessage = (messageExpression: string, message = ''): Schema => ({
    type: 'object',
    properties: { s: { type: 'string' } },
    'x-kubernetes-validations': [{ rule: 'false', messageExpression, message }]
  })

  it('replaces the message when it evaluates to a usable string', () => {
    expect(errorsOf(withMessage("'s is ' + self.s", 'm'), { s: 'x' })).toEqual([
      '<nil>: Invalid value: s is x'
    ])
  })

  it('falls back to the message and logs why', () => {
    const result = validateCelRules(withMessage("'a\\nb'", 'fallback'), { s: 'x' }, undefined)
    expect(result.errors.map((e) => errorString(e))).toEqual(['<nil>: Invalid value: fallback'])
    expect(result.logs.join()).toContain('messageExpression should not contain line breaks')
  })
})

describe('ratcheting', () => {
  const schema: Schema = {
    type: 'object',
    properties: {
      a: {
        type: 'string',
        'x-kubernetes-validations': rules({ rule: "self == 'ok'", message: 'not ok' })
      },
      b: {
        type: 'string',
        'x-kubernetes-validations': rules({ rule: "self == 'ok'", message: 'not ok' })
      }
    }
  }

  it('turns failures of unchanged values into warnings on updates', () => {
    const result = validateCelRules(schema, { a: 'bad', b: 'bad' }, { a: 'bad', b: 'old' })
    expect(result.errors.map((e) => errorString(e))).toEqual(['b: Invalid value: "bad": not ok'])
    expect(result.warnings).toEqual(['a: Invalid value: "bad": not ok'])
  })

  it('reports everything when ratcheting is off', () => {
    const result = validateCelRules(schema, { a: 'bad' }, { a: 'bad' }, { ratcheting: false })
    expect(result.errors).toHaveLength(1)
    expect(result.warnings).toEqual([])
  })
})

describe('compilation', () => {
  it('compiles once per schema and CEL runtime behaviour', () => {
    const schema = spec({ n: { type: 'integer', 'x-kubernetes-validations': rules('self > 0') } })
    const first = celValidatorFor(schema, { kubernetesVersion: '1.36' })
    expect(first).toBeDefined()
    expect(celValidatorFor(schema, { kubernetesVersion: '1.36' })).toBe(first)
    // 1.35 and 1.36 compile and evaluate rules alike; 1.37 moves to cel-go 0.29.
    expect(celValidatorFor(schema, { kubernetesVersion: '1.35' })).toBe(first)
    expect(celValidatorFor(schema, { kubernetesVersion: '1.37' })).not.toBe(first)
    expect(celValidatorFor(schema, { kubernetesVersion: '1.34' })).not.toBe(first)
    expect(celValidatorFor({ type: 'object' })).toBeUndefined()
  })

  it('reports compile errors of the nodes a value reaches, however lazily compiled', () => {
    const schema = spec({
      n: { type: 'integer', 'x-kubernetes-validations': rules('self.missing > 0') },
      m: { type: 'integer', 'x-kubernetes-validations': rules('self > 0') }
    })
    const reached = validateCelRules(schema, { spec: { n: 1 } }, undefined)
    expect(reached.errors.map((e) => errorString(e))).toEqual([
      expect.stringMatching(/^spec\.n: Invalid value: "integer": rule compile error: /)
    ])
    expect(validateCelRules(schema, { spec: { m: 1 } }, undefined).errors).toEqual([])
  })

  it('reports compile errors per rule', () => {
    const result = compileCelRules({
      type: 'integer',
      'x-kubernetes-validations': [
        { rule: 'self > 0' },
        { rule: 'self >= oldSelf' },
        { rule: "self == 'a'" },
        { rule: '42' },
        { rule: 'self == 1', messageExpression: '1' },
        { rule: '   ' }
      ]
    })
    expect(
      result.rules.map((r) => [r.compiled, r.usesOldSelf, r.error?.detail.split(':')[0]])
    ).toEqual([
      [true, false, undefined],
      [true, true, undefined],
      [false, false, 'compilation failed'],
      [false, false, 'cel expression must evaluate to a bool'],
      [true, false, undefined],
      [false, false, undefined]
    ])
    expect(result.rules[4]!.messageExpressionError?.detail).toBe(
      'messageExpression must evaluate to a string'
    )
  })

  it('surfaces a rule that does not compile when validating', () => {
    expect(
      errorsOf(
        {
          type: 'object',
          properties: { n: { type: 'integer', 'x-kubernetes-validations': rules("self == 'a'") } }
        },
        { n: 1 }
      )[0]
    ).toMatch(
      /^n: Invalid value: "integer": rule compile error: compilation failed: ERROR: <input>:1:6: found no matching overload for '_==_' applied to '\(int, string\)'/
    )
  })

  it('gives a schema nested too deeply one error instead of crashing', () => {
    let schema: Schema = { type: 'string', 'x-kubernetes-validations': rules('true') }
    for (let i = 0; i < 5000; i++) schema = { type: 'object', properties: { a: schema } }
    const errors = errorsOf(schema, {})
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('Internal error')
  })
})
