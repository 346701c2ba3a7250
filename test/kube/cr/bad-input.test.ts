/**
 * Bad input through the library API (issue 5, Done when): a schema nested 10,000 levels deep, a
 * 5 MB custom resource, and rules that would exceed the runtime budgets each end in a clear
 * apiserver error from `validateCRD` / `validateCustomResource`, without an exception or a hang.
 * (pipeline.test.ts and crd/validation/validate-crd.test.ts cover a deep schema, a 5 MB string
 * and the per-call limit; these are the remaining combinations.)
 */
import { describe, expect, it } from '@jest/globals'
import { validateCustomResource } from '../../../src/kube/cr/index.js'
import type { CustomResourceResult } from '../../../src/kube/cr/index.js'
import { validateCRD } from '../../../src/kube/crd/validation/index.js'
import { errorString, valueStyleFor } from '../../../src/kube/fielderrors/index.js'
import type { FieldError } from '../../../src/kube/fielderrors/index.js'

type Obj = Record<string, unknown>

const CALL_LIMIT_EXCEEDED = 'no further validation rules will be run due to call cost exceeds limit'
const OUT_OF_BUDGET =
  'validation failed due to running out of cost budget, no further validation rules will be run'

/** A cluster-scoped v1 CRD of kind Thing with `schema` as its openAPIV3Schema. */
function crdWith(schema: Obj): Obj {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'things.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Cluster',
      names: { kind: 'Thing', plural: 'things' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }]
    }
  }
}

const thing = (fields: Obj): Obj => ({
  apiVersion: 'example.com/v1',
  kind: 'Thing',
  metadata: { name: 't' },
  ...fields
})

const strings = (errors: FieldError[]): string[] => errors.map((e) => errorString(e))
const errorsOf = (r: CustomResourceResult): string[] =>
  r.errors.map((e) => errorString(e, { style: valueStyleFor(r.kubernetesVersion) }))

/** Runs `fn` and returns its result with the elapsed milliseconds. */
function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = performance.now()
  const value = fn()
  return { value, ms: performance.now() - start }
}

/** How many objects deep a chain of single-key objects goes (iteratively: jest recurses). */
function depthOf(value: unknown): number {
  let depth = 0
  for (let v = value; typeof v === 'object' && v !== null; depth++) v = Object.values(v)[0]
  return depth
}

/** Every pair of a list: quadratic, so a long list exceeds the per-call limit. */
const PAIRS_RULE = 'self.all(x, self.all(y, x != y || true))'

describe('validateCRD: bad input', () => {
  it('reports a schema nested 10,000 levels deep under a property, for every version', () => {
    let deep: Obj = { type: 'string' }
    for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { a: deep } }
    for (const kubernetesVersion of ['1.32', '1.37'] as const) {
      const { value: errors, ms } = timed(() =>
        validateCRD(crdWith({ type: 'object', properties: { spec: deep } }), { kubernetesVersion })
      )
      expect(strings(errors).join('\n')).toContain('nested more than 1000 levels deep')
      expect(ms).toBeLessThan(30_000)
    }
  })

  it('rejects a rule whose estimated cost exceeds the per-expression budget', () => {
    const crd = crdWith({
      type: 'object',
      properties: {
        list: {
          type: 'array',
          items: { type: 'string' },
          'x-kubernetes-validations': [{ rule: PAIRS_RULE }]
        }
      }
    })
    const text = strings(validateCRD(crd)).join('\n')
    expect(text).toContain(
      'spec.validation.openAPIV3Schema.properties[list].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of'
    )
  })

  it('stops a rule that exceeds the per-call runtime limit on a default value', () => {
    // maxItems bounds the estimate under the 10,000,000 per-expression limit (the CRD is
    // accepted on cost), but running it on the 1,000-item default exceeds the 1,000,000 per call.
    const items = Array.from({ length: 1000 }, (_, i) => `i${i}`)
    const crd = crdWith({
      type: 'object',
      properties: {
        list: {
          type: 'array',
          maxItems: 1000,
          items: { type: 'string', maxLength: 8 },
          default: items,
          'x-kubernetes-validations': [{ rule: PAIRS_RULE }]
        }
      }
    })
    const { value: errors, ms } = timed(() => validateCRD(crd))
    expect(strings(errors).join('\n')).toContain(CALL_LIMIT_EXCEEDED)
    expect(strings(errors).join('\n')).not.toContain('estimated rule cost exceeds budget')
    expect(ms).toBeLessThan(30_000)
  })
})

describe('validateCustomResource: bad input', () => {
  it('validates a 5 MB object of 25,000 list entries, with schema and CEL rules, in bounded time', () => {
    const crd = crdWith({
      type: 'object',
      properties: {
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string', pattern: '^[a-z0-9-]+$' },
              value: { type: 'string' },
              weight: { type: 'integer', format: 'int32', minimum: 0 }
            },
            'x-kubernetes-validations': [{ rule: 'self.name != "forbidden"' }]
          }
        }
      }
    })
    const entries = Array.from({ length: 25_000 }, (_, i): Obj => ({
      name: `entry-${i}`,
      value: 'v'.repeat(180),
      weight: i
    }))
    entries[100] = { name: 'Not Valid', value: '', weight: 1 }
    entries[200] = { name: 'forbidden', value: '', weight: 1 }
    const object = thing({ entries })
    expect(JSON.stringify(object).length).toBeGreaterThan(5_000_000)
    const options = { kubernetesVersion: '1.37' } as const
    const { value: r, ms } = timed(() => validateCustomResource(crd, object, options))
    // A pattern error does not block the CEL rules.
    expect(errorsOf(r)).toEqual([
      `entries[100].name: Invalid value: "Not Valid": entries[100].name in body should match '^[a-z0-9-]+$'`,
      'entries[200]: Invalid value: failed rule: self.name != "forbidden"'
    ])
    // A type error does, as the apiserver's hasBlockingErr decides.
    entries[100] = { name: 'valid', value: '', weight: 'heavy' }
    expect(errorsOf(validateCustomResource(crd, object, options))).toEqual([
      'entries[100].weight: Invalid value: "string": entries[100].weight in body must be of type integer: "string"',
      '<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation'
    ])
    expect(ms).toBeLessThan(60_000)
  }, 120_000)

  it('stops at the per-object budget when many cheap-enough calls add up', () => {
    // Each of the 15 lists costs under the 1,000,000 per-call limit; together they exceed the
    // 10,000,000 per-object budget.
    const crd = crdWith({
      type: 'object',
      properties: {
        lists: {
          type: 'array',
          items: {
            type: 'array',
            items: { type: 'string' },
            'x-kubernetes-validations': [{ rule: PAIRS_RULE }]
          }
        }
      }
    })
    const list = Array.from({ length: 400 }, (_, i) => `i${i}`)
    const lists = Array.from({ length: 15 }, () => list)
    const { value: r, ms } = timed(() => validateCustomResource(crd, thing({ lists })))
    const text = errorsOf(r)
    expect(text).toHaveLength(1)
    expect(text[0]).toContain(OUT_OF_BUDGET)
    expect(text.join('\n')).not.toContain(CALL_LIMIT_EXCEEDED)
    expect(ms).toBeLessThan(60_000)
  })

  it('runs every stage, CEL included, on values nested thousands of levels deep', () => {
    // Go's JSON decoder refuses bodies nested more than 10,000 levels, so 9,990 is about as deep
    // as a request the apiserver decodes can be; under preserve-unknown-fields all of it is kept.
    const nest = (depth: number, leaf: number): unknown => {
      let v: unknown = { leaf }
      for (let i = 0; i < depth; i++) v = { d: v }
      return v
    }
    const crd = crdWith({
      type: 'object',
      properties: {
        blob: {
          type: 'object',
          'x-kubernetes-preserve-unknown-fields': true,
          'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'blob is immutable' }]
        }
      }
    })
    const create = timed(() => validateCustomResource(crd, thing({ blob: nest(9_990, 1) })))
    expect(create.value.rejection).toBeUndefined()
    expect(errorsOf(create.value)).toEqual([])
    expect(depthOf(create.value.object?.blob)).toBe(9_991)
    expect(create.ms).toBeLessThan(30_000)

    // Updates compare old and new values all the way down: in the ratcheting correlation and in
    // CEL's equality.
    const update = (depth: number, leaf: number) =>
      timed(() =>
        validateCustomResource(crd, thing({ blob: nest(depth, leaf) }), {
          oldObject: thing({ blob: nest(depth, 1) }),
          kubernetesVersion: '1.37'
        })
      )
    expect(errorsOf(update(1_000, 1).value)).toEqual([])
    expect(errorsOf(update(1_000, 2).value)).toEqual(['blob: Invalid value: blob is immutable'])
    // Near the decoder's limit JavaScript's stack can run out inside CEL's equality, where Go's
    // growable stacks do not: that must read as a clear error on the rule, never an exception.
    for (const leaf of [1, 2]) {
      const { value, ms } = update(9_990, leaf)
      expect(ms).toBeLessThan(30_000)
      for (const e of errorsOf(value))
        expect([
          'blob: Invalid value: blob is immutable',
          'blob: Invalid value: "object": internal error: stack overflow evaluating rule: blob is immutable'
        ]).toContain(e)
    }
  })
})
