import { describe, expect, it } from '@jest/globals'
import {
  FieldPath,
  GoFloat,
  GoPointer,
  GoStruct,
  GoTypedSlice,
  OMIT_VALUE,
  aggregateMessage,
  duplicate,
  errorBody,
  errorString,
  forbidden,
  formatBadValue,
  goJson,
  goQuote,
  internalError,
  invalid,
  invalidStatus,
  notFound,
  notSupported,
  required,
  sortByErrorString,
  tooLong,
  tooMany,
  typeInvalid,
  valueStyleFor
} from '../../../src/kube/fielderrors/index.js'
import type { FieldError } from '../../../src/kube/fielderrors/index.js'

const p = FieldPath.of('spec')

describe('field paths (crd-validation-spec.md §1.1)', () => {
  it('renders names with dots, indices and keys in brackets', () => {
    expect(FieldPath.of('spec', 'validation').child('openAPIV3Schema').toString()).toBe(
      'spec.validation.openAPIV3Schema'
    )
    expect(p.child('versions').index(3).child('name').toString()).toBe('spec.versions[3].name')
    expect(p.child('properties').key('a.b').toString()).toBe('spec.properties[a.b]')
    expect(p.key('my key').key('').toString()).toBe('spec[my key][]')
  })

  it('prints a name element with dots or brackets raw', () => {
    expect(p.child('openAPIV3Schema.type').toString()).toBe('spec.openAPIV3Schema.type')
    expect(FieldPath.of('properties[foo]').child('type').toString()).toBe('properties[foo].type')
  })

  it('prints the nil path as <nil> and starts a new root below it', () => {
    expect(FieldPath.nil.toString()).toBe('<nil>')
    expect(FieldPath.nil.child('a').child('b').toString()).toBe('a.b')
    expect(FieldPath.nil.index(0).child('a').toString()).toBe('[0].a')
    expect(FieldPath.nil.key('k').toString()).toBe('[k]')
  })

  it('prints an empty root name as []', () => {
    expect(FieldPath.of('').child('a').toString()).toBe('[].a')
    expect(p.child('').child('x').toString()).toBe('spec[].x')
  })

  it('renders very long paths without recursion', () => {
    let path = FieldPath.of('root')
    for (let i = 0; i < 50_000; i++) path = path.index(0)
    expect(path.toString()).toHaveLength(4 + 3 * 50_000)
  })
})

describe('error types and their text (§1.2)', () => {
  it('prints no value for Required, Forbidden, TooLong and InternalError', () => {
    expect(errorString(required(p))).toBe('spec: Required value')
    expect(errorString(required(p, 'must be specified'))).toBe(
      'spec: Required value: must be specified'
    )
    expect(errorString(forbidden(p, 'not allowed'))).toBe('spec: Forbidden: not allowed')
    expect(errorString(tooLong(p, 63))).toBe('spec: Too long: may not be more than 63 bytes')
    expect(errorString(internalError(p, new Error('boom')))).toBe('spec: Internal error: boom')
  })

  it('prints the value for Invalid, TypeInvalid, NotSupported, Duplicate, NotFound, TooMany', () => {
    expect(errorString(invalid(p, 'x', 'bad'))).toBe('spec: Invalid value: "x": bad')
    expect(errorString(typeInvalid(p, 5, 'bad'))).toBe('spec: Invalid value: 5: bad')
    expect(errorString(notSupported(p, 'c', ['a', 'b']))).toBe(
      'spec: Unsupported value: "c": supported values: "a", "b"'
    )
    expect(errorString(notSupported(p, 'c', []))).toBe('spec: Unsupported value: "c"')
    expect(errorString(duplicate(p, { k: 'v' }))).toBe('spec: Duplicate value: {"k":"v"}')
    expect(errorString(notFound(p, true))).toBe('spec: Not found: true')
    expect(errorString(tooMany(p, 5, 3))).toBe('spec: Too many: 5: must have at most 3 items')
  })

  it('omits an unknown count and words the negative limits', () => {
    expect(errorString(tooMany(p, -1, -1))).toBe('spec: Too many: has too many items')
    expect(errorString(tooLong(p, -1))).toBe('spec: Too long: value is too long')
    expect(errorBody(invalid(p, OMIT_VALUE, 'gone'))).toBe('Invalid value: gone')
  })

  it('uses the singular from 1.34 and the plural before', () => {
    expect(tooLong(p, 1).detail).toBe('may not be more than 1 byte')
    expect(tooMany(p, 2, 1).detail).toBe('must have at most 1 item')
    expect(tooLong(p, 1, { style: 'legacy' }).detail).toBe('may not be more than 1 bytes')
    expect(tooMany(p, 2, 1, { style: 'legacy' }).detail).toBe('must have at most 1 items')
  })

  it('keeps the Go type constant and the rendered field', () => {
    expect(invalid(p.child('a'), 1, 'd')).toEqual({
      type: 'FieldValueInvalid',
      field: 'spec.a',
      badValue: 1,
      detail: 'd'
    })
    expect(typeInvalid(p, 1, '').type).toBe('FieldValueTypeInvalid')
  })
})

describe('value formatting', () => {
  it('prints ints and bools bare and floats as Go %v', () => {
    expect(formatBadValue(42)).toBe('42')
    expect(formatBadValue(-7n)).toBe('-7')
    expect(formatBadValue(false)).toBe('false')
    expect(formatBadValue(1.5)).toBe('1.5')
    expect(formatBadValue(new GoFloat(1))).toBe('1')
    expect(formatBadValue(new GoFloat(1_000_000))).toBe('1e+06')
    expect(formatBadValue(new GoFloat(123_456))).toBe('123456')
    expect(formatBadValue(0.00001)).toBe('1e-05')
    expect(formatBadValue(0.0001)).toBe('0.0001')
    expect(formatBadValue(1.234567e21)).toBe('1.234567e+21')
  })

  it('Go-quotes strings with Go escapes', () => {
    expect(goQuote('a"b\\c')).toBe('"a\\"b\\\\c"')
    expect(goQuote('line\nnext\ttab\r\x07\b\f\v')).toBe('"line\\nnext\\ttab\\r\\a\\b\\f\\v"')
    expect(goQuote('\x00\x7f')).toBe('"\\x00\\x7f"')
    expect(goQuote('é 日本 🎉')).toBe('"é 日本 🎉"')
    expect(goQuote('\u00a0\u200b\u{e0001}')).toBe('"\\u00a0\\u200b\\U000e0001"')
    expect(goQuote('\ud800')).toBe('"�"')
  })

  it('JSON-encodes everything else as Go does: sorted keys, HTML-safe', () => {
    expect(formatBadValue({ b: 1, a: [1, 'x'] })).toBe('{"a":[1,"x"],"b":1}')
    expect(formatBadValue([])).toBe('[]')
    expect(formatBadValue(null)).toBe('null')
    expect(formatBadValue(['<a&b>'])).toBe('["\\u003ca\\u0026b\\u003e"]')
    expect(goJson('\u2028\x01\n')).toBe('"\\u2028\\u0001\\n"')
    expect(goJson([1e21, 1e-7, 0.5])).toBe('[1e+21,1e-7,0.5]')
    expect(goJson(Number.NaN)).toBeUndefined()
  })

  it('encodes internal structs with Go field names in declaration order', () => {
    const rule = new GoStruct('apiextensions.ValidationRule', [
      ['Rule', 'self.a'],
      ['Message', ''],
      ['Reason', new GoPointer('string', undefined)]
    ])
    expect(formatBadValue(rule)).toBe('{"Rule":"self.a","Message":"","Reason":null}')
    expect(formatBadValue(new GoPointer('string', 'set'))).toBe('"set"')
    expect(formatBadValue(new GoTypedSlice('string', ['a', 'b']))).toBe('["a","b"]')
  })

  it('prints values as Kubernetes 1.33 did in the legacy style', () => {
    const legacy = { style: 'legacy' } as const
    expect(formatBadValue(null, 'legacy')).toBe('"null"')
    expect(formatBadValue(new GoPointer('string', undefined), 'legacy')).toBe('"null"')
    expect(formatBadValue(new GoPointer('string', 'x'), 'legacy')).toBe('"x"')
    expect(formatBadValue(new GoTypedSlice('string', ['a', 'b']), 'legacy')).toBe(
      '[]string{"a", "b"}'
    )
    expect(formatBadValue(['a', 1, null], 'legacy')).toBe(
      '[]interface {}{"a", 1, interface {}(nil)}'
    )
    expect(formatBadValue({ b: true, a: 'x' }, 'legacy')).toBe(
      'map[string]interface {}{"a":"x", "b":true}'
    )
    expect(
      errorString(
        invalid(p, new GoStruct('apiextensions.ValidationRule', [['Rule', 'x']]), 'd'),
        legacy
      )
    ).toBe('spec: Invalid value: apiextensions.ValidationRule{Rule:"x"}: d')
  })

  it('picks the style from a Kubernetes version', () => {
    expect(valueStyleFor('1.33')).toBe('legacy')
    expect(valueStyleFor('v1.30.2')).toBe('legacy')
    expect(valueStyleFor('1.34')).toBe('current')
    expect(valueStyleFor('1.37')).toBe('current')
  })
})

describe('aggregate and status (§1.3)', () => {
  const a = required(p.child('a'))
  const b = forbidden(p.child('b'), 'no')

  it('prints one distinct error bare and several in brackets, de-duplicated', () => {
    expect(aggregateMessage([])).toBeUndefined()
    expect(aggregateMessage([a, a])).toBe('spec.a: Required value')
    expect(aggregateMessage([a, b, a])).toBe('[spec.a: Required value, spec.b: Forbidden: no]')
  })

  it('builds the 422 Invalid status with one cause per error', () => {
    const status = invalidStatus({ group: 'example.com', kind: 'Foo' }, 'x', [a, b])
    expect(status.message).toBe(
      'Foo.example.com "x" is invalid: [spec.a: Required value, spec.b: Forbidden: no]'
    )
    expect(status.details.causes).toEqual([
      { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.a' },
      { reason: 'FieldValueForbidden', message: 'Forbidden: no', field: 'spec.b' }
    ])
    expect(invalidStatus({ group: '', kind: 'Pod' }, 'p', []).message).toBe('Pod "p" is invalid')
  })

  it('sorts by the full error string in byte order', () => {
    const errors: FieldError[] = [
      required(FieldPath.of('b')),
      required(FieldPath.of('a').child('z')),
      required(FieldPath.of('a').key('é')),
      required(FieldPath.of('a').key('z'))
    ]
    expect(sortByErrorString(errors).map((e) => e.field)).toEqual(['a.z', 'a[z]', 'a[é]', 'b'])
  })
})
