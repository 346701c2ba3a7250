/**
 * Error values that are the apiserver's *internal* apiextensions structs. They have no JSON tags,
 * so from 1.34 they print as JSON with Go field names and every field present
 * (crd-validation-spec.md §1.2), e.g. a rule as
 * `{"Rule":"self.a","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}`.
 */
import { GoFloat, GoPointer, GoStruct, GoTypedSlice } from '../fielderrors/index.js'
import { field, rawItems, rawSchemaOrBool, rawValidationRules } from './structural.js'
import type { RawSchema, ValidationRule } from './structural.js'
import { isJsonObject } from '../../common/json.js'

const MAX_DEPTH = 1000

/** A nil or non-nil Go pointer to a value. */
const ptr = (type: string, v: unknown): GoPointer => new GoPointer(type, v)

/** `apiextensions.ValidationRule`. */
export function validationRuleValue(rule: ValidationRule): GoStruct {
  return new GoStruct('apiextensions.ValidationRule', [
    ['Rule', rule.rule],
    ['Message', rule.message],
    ['MessageExpression', rule.messageExpression],
    ['Reason', ptr('apiextensions.FieldValueErrorReason', rule.reason)],
    ['FieldPath', rule.fieldPath],
    ['OptionalOldSelf', ptr('bool', rule.optionalOldSelf)]
  ])
}

const str = (s: RawSchema, k: string): string => {
  const v = field(s, k)
  return typeof v === 'string' ? v : ''
}
const bool = (s: RawSchema, k: string): boolean => field(s, k) === true
const float = (s: RawSchema, k: string): GoPointer => {
  const v = field(s, k)
  return ptr('float64', typeof v === 'number' ? new GoFloat(v) : undefined)
}
const int = (s: RawSchema, k: string): GoPointer => {
  const v = field(s, k)
  return ptr('int64', typeof v === 'number' ? v : undefined)
}
const strList = (s: RawSchema, k: string): unknown => {
  const v = field(s, k)
  return Array.isArray(v) ? new GoTypedSlice('string', v) : null
}

/** `apiextensions.JSONSchemaProps` (all fields, in declaration order). */
export function schemaPropsValue(s: RawSchema, depth = 0): GoStruct {
  if (depth > MAX_DEPTH) return new GoStruct('apiextensions.JSONSchemaProps', [])
  const props = (v: RawSchema): GoStruct => schemaPropsValue(v, depth + 1)
  const list = (k: string): unknown => {
    const v = field(s, k)
    return Array.isArray(v)
      ? new GoTypedSlice('apiextensions.JSONSchemaProps', v.filter(isJsonObject).map(props))
      : null
  }
  const map = (k: string): unknown => {
    const v = field(s, k)
    if (!isJsonObject(v)) return null
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => isJsonObject(x))
        .map(([key, x]) => [key, props(x as RawSchema)])
    )
  }
  const orBool = (k: string): unknown => {
    const v = rawSchemaOrBool(s, k)
    if (v === undefined) return ptr('apiextensions.JSONSchemaPropsOrBool', undefined)
    return ptr(
      'apiextensions.JSONSchemaPropsOrBool',
      new GoStruct('apiextensions.JSONSchemaPropsOrBool', [
        ['Allows', v.allows],
        [
          'Schema',
          ptr('apiextensions.JSONSchemaProps', v.schema === undefined ? undefined : props(v.schema))
        ]
      ])
    )
  }
  const dependencies = field(s, 'dependencies')
  const externalDocs = field(s, 'externalDocs')
  const enumValues = field(s, 'enum')
  const not = field(s, 'not')
  const ref = field(s, '$ref')
  const preserve = field(s, 'x-kubernetes-preserve-unknown-fields')
  const rules = rawValidationRules(s)
  return new GoStruct('apiextensions.JSONSchemaProps', [
    ['ID', str(s, 'id')],
    ['Schema', str(s, '$schema')],
    ['Ref', ptr('string', typeof ref === 'string' ? ref : undefined)],
    ['Description', str(s, 'description')],
    ['Type', str(s, 'type')],
    ['Nullable', bool(s, 'nullable')],
    ['Format', str(s, 'format')],
    ['Title', str(s, 'title')],
    ['Default', ptr('apiextensions.JSON', field(s, 'default'))],
    ['Maximum', float(s, 'maximum')],
    ['ExclusiveMaximum', bool(s, 'exclusiveMaximum')],
    ['Minimum', float(s, 'minimum')],
    ['ExclusiveMinimum', bool(s, 'exclusiveMinimum')],
    ['MaxLength', int(s, 'maxLength')],
    ['MinLength', int(s, 'minLength')],
    ['Pattern', str(s, 'pattern')],
    ['MaxItems', int(s, 'maxItems')],
    ['MinItems', int(s, 'minItems')],
    ['UniqueItems', bool(s, 'uniqueItems')],
    ['MultipleOf', float(s, 'multipleOf')],
    ['Enum', Array.isArray(enumValues) ? new GoTypedSlice('apiextensions.JSON', enumValues) : null],
    ['MaxProperties', int(s, 'maxProperties')],
    ['MinProperties', int(s, 'minProperties')],
    ['Required', strList(s, 'required')],
    ['Items', itemsValue(s, depth)],
    ['AllOf', list('allOf')],
    ['OneOf', list('oneOf')],
    ['AnyOf', list('anyOf')],
    ['Not', ptr('apiextensions.JSONSchemaProps', isJsonObject(not) ? props(not) : undefined)],
    ['Properties', map('properties')],
    ['AdditionalProperties', orBool('additionalProperties')],
    ['PatternProperties', map('patternProperties')],
    [
      'Dependencies',
      isJsonObject(dependencies)
        ? Object.fromEntries(
            Object.entries(dependencies).map(([k, d]) => [
              k,
              new GoStruct('apiextensions.JSONSchemaPropsOrStringArray', [
                [
                  'Schema',
                  ptr('apiextensions.JSONSchemaProps', isJsonObject(d) ? props(d) : undefined)
                ],
                ['Property', Array.isArray(d) ? new GoTypedSlice('string', d) : null]
              ])
            ])
          )
        : null
    ],
    ['AdditionalItems', orBool('additionalItems')],
    ['Definitions', map('definitions')],
    [
      'ExternalDocs',
      ptr(
        'apiextensions.ExternalDocumentation',
        isJsonObject(externalDocs)
          ? new GoStruct('apiextensions.ExternalDocumentation', [
              ['Description', str(externalDocs, 'description')],
              ['URL', str(externalDocs, 'url')]
            ])
          : undefined
      )
    ],
    ['Example', ptr('apiextensions.JSON', field(s, 'example'))],
    ['XPreserveUnknownFields', ptr('bool', typeof preserve === 'boolean' ? preserve : undefined)],
    ['XEmbeddedResource', bool(s, 'x-kubernetes-embedded-resource')],
    ['XIntOrString', bool(s, 'x-kubernetes-int-or-string')],
    ['XListMapKeys', strList(s, 'x-kubernetes-list-map-keys')],
    ['XListType', ptr('string', field(s, 'x-kubernetes-list-type'))],
    ['XMapType', ptr('string', field(s, 'x-kubernetes-map-type'))],
    [
      'XValidations',
      rules === undefined
        ? null
        : new GoTypedSlice('apiextensions.ValidationRule', rules.map(validationRuleValue))
    ]
  ])
}

/** `apiextensions.JSONSchemaPropsOrArray` behind `schema.Items` (a pointer). */
export function itemsValue(s: RawSchema, depth = 0): GoPointer {
  const items = rawItems(s)
  return new GoPointer(
    'apiextensions.JSONSchemaPropsOrArray',
    items === undefined
      ? undefined
      : new GoStruct('apiextensions.JSONSchemaPropsOrArray', [
          [
            'Schema',
            new GoPointer(
              'apiextensions.JSONSchemaProps',
              items.schema === undefined ? undefined : schemaPropsValue(items.schema, depth + 1)
            )
          ],
          [
            'JSONSchemas',
            items.list === undefined
              ? null
              : new GoTypedSlice(
                  'apiextensions.JSONSchemaProps',
                  items.list.map((x) => schemaPropsValue(x, depth + 1))
                )
          ]
        ])
  )
}
