import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import {
  estimateHelmReleaseBytes,
  helmChartOf,
  measureCrd
} from '../../src/kube/crd/manifest-size.js'
import { countValidationRules } from '../../src/kube/crd/rules.js'
import { goJsonBytes, stringBytes } from '../../src/kube/sizing/json-size.js'

const corpus = new URL('../../../shared/corpus/', import.meta.url)
const repo = new URL('../../', import.meta.url).pathname

/** Go's encoding/json output length, derived independently from JSON.stringify. */
function viaStringify(value: unknown): number {
  const json = JSON.stringify(value)
  return (
    Buffer.byteLength(json) +
    5 * (json.match(/[<>&]/g) ?? []).length +
    3 * (json.match(/[\u2028\u2029]/g) ?? []).length
  )
}

describe('Go JSON sizes', () => {
  it('count strings as Go escapes them', () => {
    expect(stringBytes('abc')).toBe(5)
    expect(stringBytes('a<b>&')).toBe(2 + 1 + 6 + 1 + 6 + 6)
    expect(stringBytes('"\\\n\t\u0001')).toBe(2 + 2 + 2 + 2 + 2 + 6)
    expect(stringBytes('é✓𝄞')).toBe(2 + 2 + 3 + 4)
    expect(stringBytes('\u2028')).toBe(8)
  })

  it('match an independent derivation on nested values', () => {
    const value = {
      a: [1, 2.5, -3e-7, true, null, 'x<y'],
      b: { description: 'd & e', c: {} },
      d: [] as unknown[],
      e: 'ü'
    }
    expect(goJsonBytes(value)).toBe(viaStringify(value))
  })

  it('measure the largest real CRD as kubectl sends it', () => {
    const crd = parse(
      readFileSync(
        new URL(
          'crds/prometheus-operator/example/prometheus-operator-crd-full/monitoring.coreos.com_alertmanagerconfigs.yaml',
          corpus
        ),
        'utf8'
      )
    ) as Record<string, unknown>
    // 709,198 bytes of JSON.stringify plus Go's \u003c-style escaping of 823 <, >, & characters.
    expect(Buffer.byteLength(JSON.stringify(crd))).toBe(709_198)
    expect(goJsonBytes(crd)).toBe(713_313)
    const size = measureCrd(crd)
    expect(size.jsonBytes).toBe(713_313n)
    expect(size.versions.map((v) => v.name)).toEqual(['v1alpha1', 'v1beta1'])
    expect(size.descriptionBytes > size.jsonBytes / 2n).toBe(true)
    expect(size.limits.find((l) => l.limit === 'last-applied')).toMatchObject({
      exceeded: true,
      limitBytes: 262_144n
    })
    expect(size.limits.find((l) => l.limit === 'etcd-request')).toMatchObject({ exceeded: false })
  })
})

describe('measureCrd', () => {
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: {
      name: 'a.example.com',
      annotations: { team: 'x', 'kubectl.kubernetes.io/last-applied-configuration': '{"old":1}' }
    },
    spec: {
      group: 'example.com',
      versions: [
        {
          name: 'v1',
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: { type: 'object', description: 'long text' },
                status: { type: 'object' }
              }
            }
          }
        },
        { name: 'v2', schema: { openAPIV3Schema: { type: 'object' } } }
      ]
    }
  }

  it('measures the object without its old last-applied annotation, and the annotation it would get', () => {
    const size = measureCrd(crd)
    const { 'kubectl.kubernetes.io/last-applied-configuration': _, ...rest } =
      crd.metadata.annotations
    const sent = { ...crd, metadata: { ...crd.metadata, annotations: rest } }
    expect(size.jsonBytes).toBe(BigInt(viaStringify(sent)))
    // key + value (the JSON plus the encoder's newline) + the other annotation's key and value
    expect(size.lastAppliedAnnotationBytes).toBe(
      BigInt(48 + viaStringify(sent) + 1 + 'team'.length + 'x'.length)
    )
  })

  it('splits the bytes by version and by top-level property, with description text', () => {
    const size = measureCrd(crd)
    expect(size.versions.map((v) => [v.name, v.bytes])).toEqual([
      ['v1', BigInt(viaStringify(crd.spec.versions[0]))],
      ['v2', BigInt(viaStringify(crd.spec.versions[1]))]
    ])
    expect(size.largestVersionProperties.map((p) => p.name)).toEqual(['spec', 'status'])
    expect(size.descriptionBytes).toBe(BigInt('"description":"long text",'.length))
  })
})

describe('Helm charts', () => {
  it('knows a CRD in a chart from one that is not', () => {
    expect(helmChartOf(repo, 'fixtures/demo/charts/widgets/crds/gadgets.example.com.yaml')).toBe(
      `${repo}fixtures/demo/charts/widgets`
    )
    expect(helmChartOf(repo, 'fixtures/demo/crds/widgets.example.com.yaml')).toBeUndefined()
  })

  it('estimates the release Secret bytes as base64(gzip(base64(file)))', () => {
    const bytes = Buffer.from('a'.repeat(10_000))
    const estimate = estimateHelmReleaseBytes(bytes)
    expect(estimate).toBeGreaterThan(0)
    expect(estimate).toBeLessThan(10_000)
    expect(estimate % 4).toBe(0)
  })
})

describe('countValidationRules', () => {
  it('counts the rules of every version schema, nested and in items, but not inside defaults', () => {
    const crd = {
      spec: {
        versions: [
          {
            schema: {
              openAPIV3Schema: {
                'x-kubernetes-validations': [{ rule: 'a' }],
                properties: {
                  list: { items: { 'x-kubernetes-validations': [{ rule: 'b' }, { rule: 'c' }] } },
                  d: { default: { 'x-kubernetes-validations': [{ rule: 'not a schema' }] } }
                }
              }
            }
          },
          { schema: { openAPIV3Schema: { 'x-kubernetes-validations': [{ rule: 'd' }] } } }
        ]
      }
    }
    expect(countValidationRules(crd)).toBe(4)
  })
})
