import { describe, expect, it } from '@jest/globals'
import { estimateSchemaSize } from '../../src/kube/cost/schema-sizes.js'
import { schemaDeclType } from '../../src/kube/schema/decl-type.js'
import { releaseFeatures } from '../../src/kube/versions.js'

const root = schemaDeclType(
  {
    type: 'object',
    properties: {
      names: { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 10 } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      count: { type: 'integer' },
      'x-y': { type: 'string', maxLength: 3 }
    }
  },
  false,
  releaseFeatures('1.35')
)!

describe('estimateSchemaSize', () => {
  it('follows fields, items, values and keys from the rule root, ignoring the root name', () => {
    expect(estimateSchemaSize(root, ['self', 'names'])).toEqual({ min: 0n, max: 5n })
    expect(estimateSchemaSize(root, ['oldSelf', 'names', '@items'])).toEqual({ min: 0n, max: 40n })
    expect(estimateSchemaSize(root, ['anything', 'labels', '@values'])).toEqual({
      min: 0n,
      max: 3_145_726n
    })
    expect(estimateSchemaSize(root, ['self', 'labels', '@keys'])).toEqual({ min: 0n, max: 0n })
    expect(estimateSchemaSize(root, ['self', 'x__dash__y'])).toEqual({ min: 0n, max: 12n })
  })

  it('sizes scalars and objects as 0, and unknown steps as unknown', () => {
    expect(estimateSchemaSize(root, ['self', 'count'])).toEqual({ min: 0n, max: 0n })
    expect(estimateSchemaSize(root, ['self'])).toEqual({ min: 0n, max: 0n })
    expect(estimateSchemaSize(root, ['self', 'missing'])).toBeUndefined()
    expect(estimateSchemaSize(root, ['self', 'names', '@indices'])).toBeUndefined()
    expect(estimateSchemaSize(root, [])).toBeUndefined()
  })
})
