import { describe, expect, it } from '@jest/globals'
import { errorString } from '../../../src/kube/fielderrors/index.js'
import { checkSchemaCost } from '../../../src/kube/crd/schema-cost.js'
import { versionSchemas } from '../../../src/kube/crd/schema-walk.js'
import { validateCRD } from '../../../src/kube/crd/validation/index.js'
import { memoized, schemaMemoActive, withSchemaMemo } from '../../../src/kube/schema/memo.js'
import { newStructural } from '../../../src/kube/schema/structural.js'
import { SUPPORTED_VERSIONS } from '../../../src/kube/versions.js'

describe('schema memo', () => {
  it('computes every time outside a scope', () => {
    const key = {}
    let calls = 0
    memoized('t', key, '', () => ++calls)
    memoized('t', key, '', () => ++calls)
    expect(calls).toBe(2)
    expect(schemaMemoActive()).toBe(false)
  })

  it('keeps one result per key object and variant inside a scope, for the same owner', () => {
    const owner = {}
    const key = {}
    let calls = 0
    const get = (variant: string): number => memoized('t', key, variant, () => ++calls)
    withSchemaMemo(owner, () => {
      expect(schemaMemoActive()).toBe(true)
      expect([get('a'), get('a'), get('b')]).toEqual([1, 1, 2])
      // A nested scope keeps the outer one.
      withSchemaMemo({}, () => expect(get('a')).toBe(1))
    })
    expect(schemaMemoActive()).toBe(false)
    withSchemaMemo(owner, () => expect(get('a')).toBe(1))
    withSchemaMemo({}, () => expect(get('a')).toBe(3))
  })

  it('does not remember a compute that throws', () => {
    let calls = 0
    const fail = (): never => {
      calls++
      throw new Error('no')
    }
    withSchemaMemo({}, () => {
      const key = {}
      expect(() => memoized('t', key, '', fail)).toThrow('no')
      expect(() => memoized('t', key, '', fail)).toThrow('no')
    })
    expect(calls).toBe(2)
  })

  it('shares a structural conversion, and its refusal, within a scope only', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } }
    expect(newStructural(schema)).not.toBe(newStructural(schema))
    withSchemaMemo({}, () => expect(newStructural(schema)).toBe(newStructural(schema)))
    const refused = { type: 'object', $ref: '#/x' }
    withSchemaMemo({}, () => {
      expect(() => newStructural(refused)).toThrow("'$ref' is not supported")
      expect(() => newStructural(refused)).toThrow("'$ref' is not supported")
    })
  })

  it('gives every release the errors it gives without a scope', () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        scope: 'Namespaced',
        names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  spec: {
                    type: 'object',
                    'x-kubernetes-validations': [
                      { rule: 'self.replicas <= self.max', message: 'too many' },
                      { rule: 'self.nope.size() > 0' }
                    ],
                    properties: {
                      replicas: { type: 'integer', format: 'int32', default: 2.5 },
                      max: { type: 'integer', default: 1 },
                      items: { type: 'array', items: { type: 'string', default: 'x' } },
                      unbounded: {
                        type: 'array',
                        items: {
                          type: 'string',
                          'x-kubernetes-validations': [{ rule: "self.matches('^a+$')" }]
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        ]
      }
    }
    // The same CRD with a valid default: its CEL errors are reported then.
    const clean = structuredClone(crd)
    clean.spec.versions[0]!.schema.openAPIV3Schema.properties.spec.properties.replicas.default = 2
    const run = (): string[][] =>
      [crd, clean].flatMap((c) =>
        SUPPORTED_VERSIONS.map((kubernetesVersion) =>
          validateCRD(c, { kubernetesVersion }).map((e) => errorString(e))
        )
      )
    const fresh = run()
    expect(fresh.flat().some((e) => e.includes('default'))).toBe(true)
    expect(fresh.flat().some((e) => e.includes('x-kubernetes-validations[1].rule'))).toBe(true)
    expect(withSchemaMemo({}, run)).toEqual(fresh)
  })

  it('shares declared types between releases only where their derivation is the same', () => {
    const crdWith = (spec: Record<string, unknown>): Record<string, unknown> => ({
      spec: {
        versions: [
          {
            name: 'v1',
            schema: { openAPIV3Schema: { type: 'object', properties: { spec } } }
          }
        ]
      }
    })
    const rule = { rule: "self.template.metadata.name.matches('^a')" }
    const plain = crdWith({
      type: 'object',
      'x-kubernetes-validations': [rule],
      properties: {
        template: {
          type: 'object',
          properties: { metadata: { type: 'object', properties: { name: { type: 'string' } } } }
        }
      }
    })
    // 1.37 bounds the metadata.name it injects into an embedded resource; 1.36 does not.
    const embedded = crdWith({
      type: 'object',
      'x-kubernetes-validations': [rule],
      properties: {
        template: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          'x-kubernetes-preserve-unknown-fields': true
        }
      }
    })
    const run = (crd: Record<string, unknown>) =>
      (['1.36', '1.37'] as const).map((kubernetesVersion) =>
        checkSchemaCost(versionSchemas(crd)[0]!, { kubernetesVersion })
      )
    const costs = (results: ReturnType<typeof run>): bigint[] =>
      results.map((r) => r.expressions[0]!.cost)

    const [plain36, plain37] = withSchemaMemo({}, () => run(plain))
    expect(plain37!.expressions[0]!.declType).toBe(plain36!.expressions[0]!.declType)
    expect(costs([plain36!, plain37!])).toEqual(costs(run(plain)))

    const scoped = withSchemaMemo({}, () => run(embedded))
    expect(scoped[1]!.expressions[0]!.declType).not.toBe(scoped[0]!.expressions[0]!.declType)
    const fresh = costs(run(embedded))
    expect(fresh[1]).toBeLessThan(fresh[0]!)
    expect(costs(scoped)).toEqual(fresh)
  })
})
