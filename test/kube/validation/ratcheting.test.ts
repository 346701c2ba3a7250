import { describe, expect, it } from '@jest/globals'
import { GoFloat, errorString } from '../../../src/kube/fielderrors/index.js'
import { validateValueUpdate } from '../../../src/kube/validation/index.js'

const update = (schema: unknown, value: unknown, old: unknown) => {
  const { errors, ratcheted } = validateValueUpdate(schema, value, old)
  return {
    errors: errors.map((e) => errorString(e)),
    ratcheted: ratcheted.map((e) => errorString(e))
  }
}

const bounded = { type: 'number', minimum: 50, maximum: 10000 }

describe('CRD validation ratcheting (crd-validation-spec.md §7.5)', () => {
  it('lets an unchanged invalid scalar through and reports a changed one', () => {
    expect(update(bounded, 1, 1)).toEqual({
      errors: [],
      ratcheted: ['<nil>: Invalid value: 1:  in body should be greater than or equal to 50']
    })
    expect(update(bounded, 1, 2).errors).toEqual([
      '<nil>: Invalid value: 1:  in body should be greater than or equal to 50'
    ])
  })

  it('tells int64 from float64 when deciding whether a value changed', () => {
    expect(update(bounded, 1, new GoFloat(1)).errors).toHaveLength(1)
  })

  it('ratchets unchanged properties while siblings change or disappear', () => {
    const schema = {
      type: 'object',
      properties: { small: { type: 'number', maximum: 50 }, medium: bounded }
    }
    expect(update(schema, { small: 501 }, { small: 501, medium: 500 }).errors).toEqual([])
    expect(update(schema, { small: 501, medium: 1 }, { small: 501 }).errors).toEqual([
      'medium: Invalid value: 1: medium in body should be greater than or equal to 50'
    ])
    expect(update(schema, { nested: 1, small: 500 }, { small: 501 }).errors).toEqual([
      'small: Invalid value: 500: small in body should be less than or equal to 50'
    ])
  })

  it("reports a changed object's own checks but ratchets its unchanged children", () => {
    const schema = {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, size: { type: 'integer', maximum: 3 } }
        }
      }
    }
    expect(update(schema, { spec: { size: 9, other: 1 } }, { spec: { size: 9 } })).toEqual({
      errors: ['spec.name: Required value'],
      ratcheted: [
        'spec.size: Invalid value: 9: spec.size in body should be less than or equal to 3'
      ]
    })
  })

  it('correlates map-list elements by key, wherever they moved', () => {
    const schema = {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, value: { type: 'integer', maximum: 5 } }
          }
        }
      }
    }
    const old = { list: [{ name: 'a', value: 10 }] }
    expect(
      update(
        schema,
        {
          list: [
            { name: 'b', value: 1 },
            { name: 'a', value: 10 }
          ]
        },
        old
      ).errors
    ).toEqual([])
    expect(update(schema, { list: [{ name: 'a', value: 11 }] }, old).errors).toEqual([
      'list[0].value: Invalid value: 11: list[0].value in body should be less than or equal to 5'
    ])
  })

  it('does not correlate elements of atomic lists, only the unchanged list as a whole', () => {
    const schema = {
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'integer', maximum: 5 } },
        other: { type: 'string' }
      }
    }
    expect(
      update(schema, { list: [10, 1], other: 'b' }, { list: [10], other: 'a' }).errors
    ).toEqual(['list[0]: Invalid value: 10: list[0] in body should be less than or equal to 5'])
    expect(update(schema, { list: [10], other: 'b' }, { list: [10], other: 'a' }).errors).toEqual(
      []
    )
  })

  it('never ratchets apiVersion and kind of the root on their own', () => {
    const schema = {
      type: 'object',
      properties: {
        kind: { type: 'string', maxLength: 1 },
        other: { type: 'string', maxLength: 1 },
        spec: { type: 'object', properties: { kind: { type: 'string', maxLength: 1 } } },
        x: { type: 'string' }
      }
    }
    const value = { kind: 'Foo', other: 'Foo', spec: { kind: 'Foo' }, x: 'new' }
    const old = { kind: 'Foo', other: 'Foo', spec: { kind: 'Foo' }, x: 'old' }
    expect(update(schema, value, old).errors).toEqual([
      'kind: Too long: may not be more than 1 byte'
    ])
  })

  it('ratchets map values by key, and compositions with their node', () => {
    const schema = {
      type: 'object',
      properties: {
        labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 2 } },
        mode: { type: 'string', allOf: [{ enum: ['a', 'b'] }] },
        x: { type: 'string' }
      }
    }
    const value = { labels: { k: 'long', n: 'ok' }, mode: 'zzz', x: 'new' }
    const old = { labels: { k: 'long' }, mode: 'zzz', x: 'old' }
    expect(update(schema, value, old).errors).toEqual([])
    expect(update(schema, { ...value, labels: { k: 'longer' } }, old).errors).toEqual([
      'labels.k: Too long: may not be more than 2 bytes'
    ])
  })

  it('treats objects with keys the schema does not describe as changed', () => {
    // CorrelatedObject cannot pair keys without a schema, so such an object never counts as
    // unchanged, even when it is.
    const schema = {
      type: 'object',
      properties: {
        m: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, maxProperties: 1 },
        x: { type: 'string' }
      }
    }
    const m = { a: 1, b: 2 }
    expect(update(schema, { m, x: 'new' }, { m, x: 'old' }).errors).toEqual([
      'm: Too many: 2: must have at most 1 item'
    ])
  })

  it('ratchets the int32 range check of an unchanged value', () => {
    const schema = {
      type: 'object',
      properties: { i: { type: 'integer', format: 'int32' }, u: { type: 'string' } }
    }
    expect(update(schema, { i: 2147483648, u: 'b' }, { i: 2147483648, u: 'a' }).errors).toEqual([])
    expect(update(schema, { i: 2147483649 }, { i: 2147483648 }).errors).toEqual([
      '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in i'
    ])
  })
})
