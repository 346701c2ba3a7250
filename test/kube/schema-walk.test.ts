import { describe, expect, it } from '@jest/globals'
import { versionSchemas, walkSchema } from '../../src/kube/crd/schema-walk.js'
import type { SchemaNode } from '../../src/kube/crd/schema-walk.js'

const schema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          maxItems: 10,
          items: {
            type: 'object',
            properties: { tags: { type: 'object', additionalProperties: { type: 'string' } } }
          }
        }
      }
    }
  }
}
const crd = (versions: unknown[]) => ({ spec: { versions } })

describe('versionSchemas', () => {
  it('reports identical version schemas in the hoisted spec.validation layout', () => {
    const vs = versionSchemas(
      crd([
        { name: 'v1', schema: { openAPIV3Schema: schema } },
        { name: 'v2', schema: { openAPIV3Schema: schema } }
      ])
    )
    expect(vs.map((v) => [v.versions, v.apiPath, v.yamlPath])).toEqual([
      [
        ['v1'],
        'spec.validation.openAPIV3Schema',
        ['spec', 'versions', 0, 'schema', 'openAPIV3Schema']
      ],
      [
        ['v2'],
        'spec.validation.openAPIV3Schema',
        ['spec', 'versions', 1, 'schema', 'openAPIV3Schema']
      ]
    ])
  })

  it('keeps per-version paths when the schemas differ, and reads v1beta1 top-level schemas', () => {
    const vs = versionSchemas(
      crd([
        { name: 'v1', schema: { openAPIV3Schema: schema } },
        { name: 'v2', schema: { openAPIV3Schema: { type: 'object' } } }
      ])
    )
    expect(vs.map((v) => v.apiPath)).toEqual([
      'spec.versions[0].schema.openAPIV3Schema',
      'spec.versions[1].schema.openAPIV3Schema'
    ])
    const beta = versionSchemas({
      spec: { version: 'v1', versions: [{ name: 'v1' }], validation: { openAPIV3Schema: schema } }
    })
    expect(beta.map((v) => [v.versions, v.yamlPath])).toEqual([
      [['v1'], ['spec', 'validation', 'openAPIV3Schema']]
    ])
  })
})

describe('walkSchema', () => {
  it('visits children before parents with cardinality and both paths', () => {
    const [v] = versionSchemas(crd([{ name: 'v1', schema: { openAPIV3Schema: schema } }]))
    const seen: SchemaNode[] = []
    walkSchema(v!, (n) => seen.push(n))
    expect(
      seen.map((n) => [n.apiPath.replace('spec.validation.openAPIV3Schema', '$'), n.cardinality])
    ).toEqual([
      [
        '$.properties[spec].properties[list].items.properties[tags].additionalProperties',
        undefined
      ],
      ['$.properties[spec].properties[list].items.properties[tags]', 10n],
      ['$.properties[spec].properties[list].items', 10n],
      ['$.properties[spec].properties[list]', 1n],
      ['$.properties[spec]', 1n],
      ['$', 1n]
    ])
    expect(seen[0]!.yamlPath).toEqual([
      'properties',
      'spec',
      'properties',
      'list',
      'items',
      'properties',
      'tags',
      'additionalProperties'
    ])
  })
})
