import { describe, expect, it } from '@jest/globals'
import { FieldPath, errorString } from '../../../src/kube/fielderrors/index.js'
import {
  SchemaTooDeepError,
  StructuralConversionError,
  newStructural,
  tryNewStructural
} from '../../../src/kube/schema/structural.js'
import type { RawSchema } from '../../../src/kube/schema/structural.js'
import { validateStructural } from '../../../src/kube/schema/structural-validation.js'

const P0 = FieldPath.of('spec', 'validation', 'openAPIV3Schema')
const errorsOf = (raw: RawSchema): string[] =>
  validateStructural(P0, newStructural(raw)).map((e) => errorString(e))

describe('newStructural rejects (crd-validation-spec.md §3.1)', () => {
  it.each([
    [{ id: 'x' }, "OpenAPIV3Schema 'id' is not supported"],
    [{ $schema: 'x' }, "OpenAPIV3Schema 'schema' is not supported"],
    [{ $ref: '#/a' }, "OpenAPIV3Schema '$ref' is not supported"],
    [{ patternProperties: { a: {} } }, "OpenAPIV3Schema 'patternProperties' is not supported"],
    [{ dependencies: { a: {} } }, "OpenAPIV3Schema 'dependencies' is not supported"],
    [{ additionalItems: false }, "OpenAPIV3Schema 'additionalItems' is not supported"],
    [{ definitions: { a: {} } }, "OpenAPIV3Schema 'definitions' is not supported"],
    [{ items: [{}] }, "OpenAPIV3Schema 'items' must be a schema, but is an array"],
    [
      { 'x-kubernetes-preserve-unknown-fields': false },
      "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined"
    ]
  ])('%j', (raw, message) => {
    expect(tryNewStructural(raw)).toEqual({ error: message })
    expect(() => newStructural({ properties: { a: { anyOf: [raw] } } })).toThrow(
      StructuralConversionError
    )
  })

  it('keeps presence as the apiserver decodes it', () => {
    const s = newStructural({
      type: 'object',
      default: null,
      required: [],
      enum: [],
      properties: {},
      additionalProperties: false
    })!
    expect(s.default).toBeUndefined()
    expect(s.valueValidation.required).toEqual([])
    expect(s.valueValidation.enum).toBeUndefined()
    expect(s.properties).toBeUndefined()
    expect(s.additionalProperties).toEqual({ allows: false })
  })

  it('refuses absurdly deep schemas with a clear error instead of overflowing the stack', () => {
    let raw: RawSchema = { type: 'string' }
    for (let i = 0; i < 5000; i++) raw = { type: 'array', items: raw }
    expect(() => newStructural(raw)).toThrow(SchemaTooDeepError)
    expect(() => newStructural(raw)).toThrow('nested more than 1000 levels')
  })

  it('reads properties as own keys only', () => {
    const s = newStructural({ type: 'object', properties: { a: { type: 'string' } } })!
    expect(s.properties?.get('constructor')).toBeUndefined()
    expect(s.properties?.get('toString')).toBeUndefined()
  })
})

describe('validateStructural (§3.2)', () => {
  it('requires types and items, sorted by full error string', () => {
    expect(errorsOf({ properties: { b: {}, a: { type: 'array' } } })).toEqual([
      'spec.validation.openAPIV3Schema.properties[a].items: Required value: must be specified',
      'spec.validation.openAPIV3Schema.properties[b].type: Required value: must not be empty for specified object fields',
      'spec.validation.openAPIV3Schema.type: Required value: must not be empty at the root'
    ])
  })

  it('exempts both int-or-string patterns, set or not', () => {
    const anyOf = [{ type: 'integer' }, { type: 'string' }]
    const node = (extra: RawSchema): RawSchema => ({
      type: 'object',
      properties: { port: { 'x-kubernetes-int-or-string': true, ...extra } }
    })
    expect(errorsOf(node({ anyOf }))).toEqual([])
    expect(errorsOf(node({ allOf: [{ anyOf }, { maxLength: 3 }] }))).toEqual([])
    expect(errorsOf(node({ anyOf: [{ type: 'string' }, { type: 'integer' }] }))).toEqual([
      'spec.validation.openAPIV3Schema.properties[port].anyOf[0].type: Forbidden: must be empty to be structural',
      'spec.validation.openAPIV3Schema.properties[port].anyOf[1].type: Forbidden: must be empty to be structural'
    ])
  })

  it('forbids structural fields inside value validations', () => {
    const errors = errorsOf({
      type: 'object',
      properties: { a: { type: 'string' } },
      allOf: [
        {
          title: 't',
          description: 'd',
          nullable: true,
          default: 1,
          'x-kubernetes-list-type': 'set',
          'x-kubernetes-validations': [{ rule: 'true' }],
          properties: { a: {} }
        }
      ]
    })
    expect(errors.map((e) => e.replace('spec.validation.openAPIV3Schema.allOf[0].', ''))).toEqual([
      'default: Forbidden: must be undefined to be structural',
      'description: Forbidden: must be empty to be structural',
      'nullable: Forbidden: must be false to be structural',
      'title: Forbidden: must be empty to be structural',
      'x-kubernetes-list-type: Forbidden: must be undefined to be structural',
      'x-kubernetes-validations: Forbidden: must be empty to be structural'
    ])
  })

  it('reports value validations on properties the spine does not define', () => {
    expect(errorsOf({ type: 'object', anyOf: [{ properties: { x: { minLength: 1 } } }] })).toEqual([
      'spec.validation.openAPIV3Schema.properties[x]: Required value: because it is defined in spec.validation.openAPIV3Schema.anyOf[0].properties[x]'
    ])
  })

  it('restricts root metadata to name and generateName', () => {
    const root = (metadata: RawSchema): RawSchema => ({ type: 'object', properties: { metadata } })
    expect(
      errorsOf(root({ type: 'object', properties: { name: { type: 'string', maxLength: 3 } } }))
    ).toEqual([])
    expect(errorsOf(root({ type: 'object', description: 'meta' }))).toEqual([
      'spec.validation.openAPIV3Schema.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified'
    ])
    expect(errorsOf(root({ type: 'string' }))).toEqual([
      'spec.validation.openAPIV3Schema.properties[metadata].type: Invalid value: "string": must be object'
    ])
  })

  it('checks embedded resources', () => {
    expect(
      errorsOf({
        type: 'object',
        properties: {
          e: { 'x-kubernetes-embedded-resource': true, properties: { kind: { type: 'integer' } } }
        }
      })
    ).toEqual([
      'spec.validation.openAPIV3Schema.properties[e].properties[kind].type: Invalid value: "integer": must be string',
      'spec.validation.openAPIV3Schema.properties[e].type: Required value: must be object if x-kubernetes-embedded-resource is true'
    ])
  })

  it('reports Go regexp errors in patterns', () => {
    expect(
      errorsOf({ type: 'object', properties: { a: { type: 'string', pattern: '(abc' } } })
    ).toEqual([
      'spec.validation.openAPIV3Schema.properties[a].pattern: Invalid value: "(abc": must be a valid regular expression, but isn\'t: error parsing regexp: missing closing ): `(abc`'
    ])
  })
})
