import { describe, expect, it } from '@jest/globals'
import { goJsonBytes } from '../../../src/kube/sizing/json-size.js'
import { objectSizeBounds } from '../../../src/kube/sizing/object-size.js'
import {
  describeUnbounded,
  objectSizeFinding,
  versionObjectSize
} from '../../../src/kube/sizing/object-size-report.js'

const identity = { apiVersion: 'example.com/v1', kind: 'Widget' }

describe('objectSizeBounds', () => {
  const bounded = {
    type: 'object',
    required: ['spec'],
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      spec: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', maxLength: 10 },
          replicas: { type: 'integer', minimum: 0, maximum: 100 },
          enabled: { type: 'boolean' },
          mode: { type: 'string', enum: ['Fast', 'Thorough'] },
          ratio: { type: 'number' },
          tags: { type: 'array', maxItems: 2, items: { type: 'string', maxLength: 3 } },
          note: { type: 'string', maxLength: 1, nullable: true }
        }
      }
    }
  }

  it('gives the size of the largest object the schema admits, as Go would write it', () => {
    const result = objectSizeBounds(bounded, identity)
    expect(result.unbounded).toEqual([])
    // The largest object: every string full of characters Go escapes to six bytes.
    const largest = {
      apiVersion: identity.apiVersion,
      kind: identity.kind,
      spec: {
        name: '<'.repeat(10),
        replicas: 100,
        enabled: false,
        mode: 'Thorough',
        ratio: -2.2250738585072014e-308,
        tags: ['<<<', '&&&'],
        note: '>'
      }
    }
    expect(String(goJsonBytes(largest.spec.ratio))).toBe('24')
    expect(result.maxBytes).toBe(BigInt(goJsonBytes(largest)))
  })

  it('counts required fields without defaults in the minimum, as the cost estimator does', () => {
    const result = objectSizeBounds(bounded, identity)
    // {} + "apiVersion":"example.com/v1", + "kind":"Widget", + "spec":{"name":""},
    const apiVersion = 10n + 16n + 4n
    const kind = 4n + 8n + 4n
    const spec = 4n + (2n + 4n + 2n + 4n) + 4n
    expect(result.minBytes).toBe(2n + apiVersion + kind + spec)
  })

  it('names every value no keyword bounds, with the keyword that would', () => {
    const result = objectSizeBounds(
      {
        type: 'object',
        properties: {
          spec: {
            type: 'object',
            properties: {
              hosts: { type: 'array', items: { type: 'string', maxLength: 253 } },
              labels: { type: 'object', additionalProperties: { type: 'string' } },
              limits: {
                type: 'object',
                maxProperties: 4,
                additionalProperties: { type: 'string', maxLength: 8 }
              },
              raw: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              template: {
                type: 'object',
                'x-kubernetes-embedded-resource': true,
                properties: { spec: { type: 'object' } }
              },
              when: { type: 'string', format: 'date-time' },
              day: { type: 'string', format: 'date' },
              port: { 'x-kubernetes-int-or-string': true },
              items: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 2 } }
            }
          }
        }
      },
      identity
    )
    expect(result.maxBytes).toBeUndefined()
    expect(result.unbounded.map((u) => `${u.path} ${u.reason}`).sort()).toEqual([
      'spec.hosts maxItems',
      'spec.labels maxProperties',
      'spec.labels.* maxLength',
      'spec.limits map-keys',
      'spec.port maxLength',
      'spec.raw preserve-unknown-fields',
      'spec.template embedded-resource',
      'spec.when maxLength'
    ])
    const hosts = result.unbounded.find((u) => u.path === 'spec.hosts')
    expect(hosts?.yamlPath).toEqual(['properties', 'spec', 'properties', 'hosts'])
  })

  it('sizes int-or-string values by their longest form and nullable values by null', () => {
    const result = objectSizeBounds({
      type: 'object',
      properties: {
        short: { 'x-kubernetes-int-or-string': true, maxLength: 2 },
        nothing: { type: 'string', maxLength: 0, nullable: true }
      }
    })
    // {"short":-9223372036854775808,"nothing":null}
    expect(result.maxBytes).toBe(
      BigInt(goJsonBytes({ short: -9223372036854775808n, nothing: null }))
    )
  })

  it('survives a schema nested 10,000 levels deep and a schema that contains itself', () => {
    let deep: Record<string, unknown> = { type: 'string', maxLength: 1 }
    for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { a: deep } }
    const result = objectSizeBounds(deep)
    expect(result.maxBytes).toBe(10_000n * 6n + 8n)

    const cyclic: Record<string, unknown> = { type: 'object', properties: {} }
    ;(cyclic.properties as Record<string, unknown>).self = cyclic
    const cycle = objectSizeBounds(cyclic)
    expect(cycle.maxBytes).toBeUndefined()
    expect(cycle.unbounded.map((u) => u.reason)).toEqual(['untyped'])
  })
})

describe('versionObjectSize and its finding', () => {
  const crd = (maxItems: number) => ({
    spec: {
      group: 'example.com',
      names: { kind: 'Widget' },
      versions: [
        {
          name: 'v1',
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  properties: {
                    hosts: { type: 'array', maxItems, items: { type: 'string', maxLength: 10 } }
                  }
                }
              }
            }
          }
        }
      ]
    }
  })
  const where = { file: 'crd.yaml' }

  it('flags a bounded version whose largest object is over etcd’s request limit', () => {
    const big = versionObjectSize(crd(100_000), 'v1')!
    expect(big.fitsEtcd).toBe(false)
    expect(big.maxBytes).toBeGreaterThan(1_572_864n)
    const finding = objectSizeFinding('widgets.example.com', 'v1', big, where)
    expect(finding?.ruleId).toBe('crd/object-size-etcd')
    expect(finding?.message).toContain('etcdserver: request is too large')

    const small = versionObjectSize(crd(100), 'v1')!
    expect(small.fitsEtcd).toBe(true)
    expect(objectSizeFinding('widgets.example.com', 'v1', small, where)).toBeUndefined()
  })

  it('counts unbounded values by reason, in schema order', () => {
    const size = versionObjectSize(
      { spec: { versions: [{ name: 'v1' }], validation: { openAPIV3Schema: bounded2() } } },
      'v1'
    )!
    expect(size.fitsEtcd).toBe(false)
    expect(size.unbounded.map((u) => u.path)).toEqual(['spec.a', 'spec.a[*]', 'spec.b'])
    expect(describeUnbounded(size.unboundedCounts)).toBe(
      '2 strings without maxLength, 1 list without maxItems'
    )
  })
})

function bounded2(): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          a: { type: 'array', items: { type: 'string' } },
          b: { type: 'string' }
        }
      }
    }
  }
}
