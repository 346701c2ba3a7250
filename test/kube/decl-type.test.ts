import { describe, expect, it } from '@jest/globals'
import { escapePropertyName, unescapePropertyName } from '../../src/kube/schema/escape.js'
import { schemaDeclType } from '../../src/kube/schema/decl-type.js'
import type { Schema } from '../../src/kube/schema/decl-type.js'
import { releaseFeatures } from '../../src/kube/versions.js'

const v135 = releaseFeatures('1.35')
const v133 = releaseFeatures('1.33')
const v137 = releaseFeatures('1.37')
const decl = (s: Schema, root = false, release = v135) => schemaDeclType(s, root, release)

describe('property name escaping', () => {
  it('escapes as the apiserver does', () => {
    expect(escapePropertyName('x-y')).toBe('x__dash__y')
    expect(escapePropertyName('a.b/c')).toBe('a__dot__b__slash__c')
    expect(escapePropertyName('a__b')).toBe('a__underscores__b')
    expect(escapePropertyName('a___b')).toBe('a__underscores___b')
    expect(escapePropertyName('namespace')).toBe('__namespace__')
    expect(escapePropertyName('in')).toBe('__in__')
    expect(escapePropertyName('plain_name1')).toBe('plain_name1')
    expect(escapePropertyName('1abc')).toBeUndefined()
    expect(escapePropertyName('a b')).toBeUndefined()
    expect(escapePropertyName('')).toBeUndefined()
  })

  it('unescapes what it escapes', () => {
    for (const name of ['x-y', 'a.b/c', 'a__b', 'namespace', 'plain'])
      expect(unescapePropertyName(escapePropertyName(name)!)).toBe(name)
    expect(unescapePropertyName('__bogus__')).toBeUndefined()
  })
})

describe('schemaDeclType sizes (cel-cost-model.md §4.1)', () => {
  it('sizes strings by maxLength × 4, enums by their longest value, otherwise by the request size', () => {
    expect(decl({ type: 'string', maxLength: 10 })).toMatchObject({
      kind: 'string',
      minSerializedSize: 2n,
      maxElements: 40n
    })
    expect(decl({ type: 'string', enum: ['a', 'ccc', 'é'] })!.maxElements).toBe(3n)
    expect(decl({ type: 'string' })!.maxElements).toBe(3_145_726n)
    expect(decl({ type: 'string', maxLength: -3 })!.maxElements).toBe(0n)
  })

  it('gives formats their own types and sizes', () => {
    expect(decl({ type: 'string', format: 'byte', maxLength: 10 })).toMatchObject({
      kind: 'bytes',
      maxElements: 10n
    })
    expect(decl({ type: 'string', format: 'duration', maxLength: 5 })).toMatchObject({
      kind: 'duration',
      minSerializedSize: 3n,
      maxElements: 32n
    })
    expect(decl({ type: 'string', format: 'date' })).toMatchObject({
      kind: 'timestamp',
      minSerializedSize: 12n,
      maxElements: 12n
    })
    expect(decl({ type: 'string', format: 'date-time' })).toMatchObject({
      kind: 'timestamp',
      minSerializedSize: 21n,
      maxElements: 32n
    })
  })

  it('honours maxLength on int-or-string from 1.34 only', () => {
    const s = { 'x-kubernetes-int-or-string': true, maxLength: 5 }
    expect(decl(s, false, v135)).toMatchObject({
      kind: 'dyn',
      minSerializedSize: 1n,
      maxElements: 20n
    })
    expect(decl(s, false, v133)!.maxElements).toBe(3_145_726n)
  })

  it('bounds lists and maps by maxItems/maxProperties, else by what fits in a request', () => {
    expect(decl({ type: 'array', items: { type: 'string' } })!.maxElements).toBe(3_145_726n / 3n)
    expect(decl({ type: 'array', maxItems: 7, items: { type: 'integer' } })!.maxElements).toBe(7n)
    const map = decl({ type: 'object', additionalProperties: { type: 'string' } })!
    expect(map).toMatchObject({ kind: 'map', maxElements: 3_145_726n / 8n })
    expect(map.key!.maxElements).toBe(0n)
    expect(decl({ type: 'array' })).toBeUndefined()
    expect(
      decl({ type: 'array', items: { 'x-kubernetes-preserve-unknown-fields': true } })
    ).toBeUndefined()
  })

  it('adds required properties without defaults to an object minimum size', () => {
    const t = decl({
      type: 'object',
      required: ['name', 'withDefault', 'x-y'],
      properties: {
        name: { type: 'string' },
        withDefault: { type: 'integer', default: 3 },
        'x-y': { type: 'boolean' },
        optional: { type: 'string' },
        'bad name': { type: 'string' }
      }
    })!
    // 2 + ("name": 4 + 2 + 4) + ("x-y": 3 + 4 + 4)
    expect(t.minSerializedSize).toBe(2n + 10n + 11n)
    expect([...t.fields!.keys()]).toEqual(['name', 'withDefault', 'x__dash__y', 'optional'])
  })

  it('injects apiVersion, kind and metadata name/generateName at resource roots', () => {
    const root = decl(
      {
        type: 'object',
        properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } }
      },
      true
    )!
    expect([...root.fields!.keys()].sort()).toEqual(['apiVersion', 'kind', 'metadata'])
    expect([...root.fields!.get('metadata')!.type.fields!.keys()]).toEqual(['name', 'generateName'])
    expect(root.fields!.get('metadata')!.type.fields!.get('name')!.type.maxElements).toBe(
      3_145_726n
    )
    const bounded = decl({ type: 'object' }, true, v137)!
    expect(bounded.fields!.get('metadata')!.type.fields!.get('name')!.type.maxElements).toBe(
      253n * 4n
    )
    expect(
      bounded.fields!.get('metadata')!.type.fields!.get('generateName')!.type.maxElements
    ).toBe(252n * 4n)
  })
})
