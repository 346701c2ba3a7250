import { describe, expect, it, jest } from '@jest/globals'
import { FieldPath, errorString, invalid } from '../../../src/kube/fielderrors/index.js'
import { validateCustomResourceSchema } from '../../../src/kube/schema/structural-crd-schema.js'
import type { CrdSchemaHooks } from '../../../src/kube/schema/structural-crd-schema.js'
import { oldSelfErrors } from '../../../src/kube/schema/structural-openapi-subset.js'
import type { RuleNode } from '../../../src/kube/schema/structural-openapi-subset.js'
import type { RawSchema } from '../../../src/kube/schema/structural.js'

const V = FieldPath.of('spec', 'validation')
const strict = {
  allowDefaults: true,
  requireValidPropertyType: true,
  requireStructuralSchema: true,
  requirePrunedDefaults: true,
  requireAtomicSetType: true,
  requireMapListKeysMapSetValidation: true
}
const check = (schema: RawSchema, status = false, hooks: CrdSchemaHooks = {}): string[] =>
  validateCustomResourceSchema(schema, status, strict, V, hooks).map((e) => errorString(e))

describe('CRD schema validation (crd-validation-spec.md §3)', () => {
  it('accepts a typical structural schema', () => {
    expect(
      check({
        type: 'object',
        properties: {
          spec: {
            type: 'object',
            properties: {
              replicas: { type: 'integer', default: 1, minimum: 0 },
              ports: {
                type: 'array',
                'x-kubernetes-list-type': 'map',
                'x-kubernetes-list-map-keys': ['name'],
                items: {
                  type: 'object',
                  required: ['name'],
                  properties: { name: { type: 'string' } }
                }
              }
            }
          }
        }
      })
    ).toEqual([])
  })

  it('restricts the root when the status subresource is enabled', () => {
    expect(check({ type: 'array', items: { type: 'string' } }, true)[0]).toBe(
      'spec.validation.openAPIV3Schema.type: Invalid value: "array": only "object" is allowed as the type at the root of the schema if the status subresource is enabled'
    )
    const [first] = check({ type: 'object', minProperties: 1 }, true)
    expect(first).toMatch(
      /^spec\.validation\.openAPIV3Schema: Invalid value: \{"ID":"","Schema":"","Ref":null,"Description":"","Type":"object",.*"MinProperties":1,.*\}: only \[Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations\] fields are allowed at the root of the schema if the status subresource is enabled$/
    )
  })

  it('reports the conversion error only when nothing else is wrong', () => {
    expect(check({ type: 'object', properties: { a: { type: 'string', $ref: '#/x' } } })).toEqual([
      'spec.validation.openAPIV3Schema.properties[a].$ref: Forbidden: $ref is not supported'
    ])
  })

  it('forbids defaults in top-level metadata and unknown fields in defaults', () => {
    expect(
      check({
        type: 'object',
        properties: {
          metadata: { type: 'object', properties: { name: { type: 'string', default: 'x' } } },
          spec: {
            type: 'object',
            properties: {
              a: { type: 'object', properties: { b: { type: 'string' } }, default: { c: 1 } }
            }
          }
        }
      })
    ).toEqual([
      'spec.validation.openAPIV3Schema.properties[spec].properties[a].default: Invalid value: {"c":1}: must not have unknown fields',
      'spec.validation.openAPIV3Schema.properties[metadata].properties[name].default: Forbidden: must not be set in top-level metadata'
    ])
  })

  it('checks list and map types', () => {
    expect(
      check({
        type: 'object',
        properties: {
          set: {
            type: 'array',
            'x-kubernetes-list-type': 'set',
            items: { type: 'object', properties: { a: { type: 'string' } } }
          },
          map: { type: 'string', 'x-kubernetes-map-type': 'odd' },
          keys: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['k', 'missing'],
            items: { type: 'object', properties: { k: { type: 'string' } } }
          }
        }
      })
    ).toEqual([
      'spec.validation.openAPIV3Schema.properties[set].items.x-kubernetes-map-type: Invalid value: null: must be atomic as item of a list with x-kubernetes-list-type=set',
      'spec.validation.openAPIV3Schema.properties[map].type: Invalid value: "string": must be object if x-kubernetes-map-type is specified',
      'spec.validation.openAPIV3Schema.properties[map].x-kubernetes-map-type: Unsupported value: "odd": supported values: "atomic", "granular"',
      'spec.validation.openAPIV3Schema.properties[keys].x-kubernetes-list-map-keys: Invalid value: ["k","missing"]: entries must all be names of item properties',
      'spec.validation.openAPIV3Schema.properties[keys].items.properties[k].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'
    ])
  })

  it('checks rules statically, including their fieldPath', () => {
    expect(
      check({
        type: 'object',
        properties: { a: { type: 'string' } },
        'x-kubernetes-validations': [
          { rule: 'self.a == "x"', fieldPath: '.b' },
          { rule: 'true', reason: 'Nope' },
          { rule: 'a\nb' }
        ]
      })
    ).toEqual([
      'spec.validation.openAPIV3Schema.x-kubernetes-validations[0].fieldPath: Invalid value: ".b": must be a valid path',
      'spec.validation.openAPIV3Schema.x-kubernetes-validations[1].reason: Unsupported value: "Nope": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"',
      'spec.validation.openAPIV3Schema.x-kubernetes-validations[2].message: Required value: message must be specified if rule contains line breaks'
    ])
  })

  it('asks the CEL hook only for nodes whose schema is clean, with the oldSelf context', () => {
    const nodes: RuleNode[] = []
    const hooks: CrdSchemaHooks = {
      cel: () => ({
        compileRules: (node) => {
          nodes.push(node)
          return oldSelfErrors(node, 0, node.rules[0]!.rule.includes('oldSelf'))
        }
      })
    }
    const schema: RawSchema = {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          items: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] }
        },
        plain: {
          type: 'string',
          'x-kubernetes-validations': [{ rule: 'self == "x"', optionalOldSelf: true }]
        },
        bad: {
          type: 'object',
          properties: { x: { type: 'string' } },
          additionalProperties: { type: 'string' },
          'x-kubernetes-validations': [{ rule: 'true' }]
        }
      }
    }
    expect(check(schema, false, hooks)).toEqual([
      'spec.validation.openAPIV3Schema.properties[bad].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive',
      'spec.validation.openAPIV3Schema.properties[list].items.x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[list]',
      'spec.validation.openAPIV3Schema.properties[plain].x-kubernetes-validations[0].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule'
    ])
    // `bad` has a schema error at its own node, so its rules are not compiled.
    expect(nodes.map((n) => n.steps)).toEqual([
      [{ kind: 'property', name: 'list' }, { kind: 'items' }],
      [{ kind: 'property', name: 'plain' }]
    ])

    // A non-structural schema gets no CEL context at all.
    nodes.length = 0
    check(
      {
        type: 'object',
        additionalProperties: { type: 'string' },
        'x-kubernetes-validations': [{ rule: 'true' }]
      },
      false,
      hooks
    )
    expect(nodes).toEqual([])
  })

  it('builds the validator last, and only without other errors', () => {
    const buildValidator = jest.fn(() => 'boom')
    expect(check({ type: 'object' }, false, { buildValidator })).toEqual([
      'spec.validation: Invalid value: "": error building validator: boom'
    ])
    buildValidator.mockClear()
    check({ type: 'object', nullable: true }, false, { buildValidator })
    expect(buildValidator).not.toHaveBeenCalled()
  })

  it('lets default values be checked by the value validator hook', () => {
    const errors = check(
      { type: 'object', properties: { n: { type: 'integer', default: 'x' } } },
      false,
      {
        defaults: {
          validateValue: (path, value) => [invalid(path, value, 'must be an integer')]
        }
      }
    )
    expect(errors).toEqual([
      'spec.validation.openAPIV3Schema.properties[n].default: Invalid value: "x": must be an integer'
    ])
  })

  it('validates embedded metadata defaults in their surrounding object', () => {
    const errors = check({
      type: 'object',
      properties: {
        e: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          properties: {
            metadata: { type: 'object', properties: { name: { type: 'string', default: '..' } } }
          }
        }
      }
    })
    expect(errors).toEqual([
      `spec.validation.openAPIV3Schema.properties[e].properties[metadata].properties[name].default: Invalid value: "..": must result in valid metadata: metadata.name: Invalid value: "..": may not be '..'`
    ])
  })

  it('walks schemas nested close to the depth limit', () => {
    let raw: RawSchema = { type: 'string', 'x-kubernetes-validations': [{ rule: 'true' }] }
    for (let i = 0; i < 900; i++) raw = { type: 'array', items: raw }
    expect(check({ type: 'object', properties: { deep: raw } })).toEqual([])
  })
})
