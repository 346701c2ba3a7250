import { describe, expect, it } from '@jest/globals'
import { FieldPath, GoFloat, errorString } from '../../../src/kube/fielderrors/index.js'
import { MAX_VALIDATION_DEPTH, validateValue } from '../../../src/kube/validation/index.js'
import type { ValueValidationOptions } from '../../../src/kube/validation/index.js'

const errors = (schema: unknown, value: unknown, options: ValueValidationOptions = {}) =>
  validateValue(schema, value, options).map((e) => errorString(e))

/** A schema with one property `x`. */
const withX = (x: object) => ({ type: 'object', properties: { x } })

describe('types and nullable (apiextensions TestValidateCustomResource)', () => {
  const intOrString = withX({ nullable: true, 'x-kubernetes-int-or-string': true })

  it('accepts integers, strings and null for a nullable int-or-string', () => {
    for (const v of [{}, { x: 42 }, { x: 'foo' }, { x: null }])
      expect(errors(intOrString, v)).toEqual([])
  })

  it('names both types when an int-or-string value has another type', () => {
    expect(errors(intOrString, { x: true })).toEqual([
      'x: Invalid value: "boolean": x in body must be of type integer,string: "boolean"'
    ])
    expect(errors(intOrString, { x: 1.2 })).toEqual([
      'x: Invalid value: "number": x in body must be of type integer,string: "number"'
    ])
    expect(errors(intOrString, { x: [] })).toEqual([
      'x: Invalid value: "array": x in body must be of type integer,string: "array"'
    ])
  })

  it('reports a type error at the root with an empty name', () => {
    expect(errors({ type: 'object' }, 'x')).toEqual([
      '<nil>: Invalid value: "string":  in body must be of type object: "string"'
    ])
  })

  it('accepts an integral float64 where an integer is expected, but not a fraction', () => {
    const schema = withX({ type: 'integer' })
    expect(errors(schema, { x: new GoFloat(2) })).toEqual([])
    expect(errors(schema, { x: 1.5 })).toEqual([
      'x: Invalid value: "number": x in body must be of type integer: "number"',
      '<nil>: Invalid value: "": Checked value must be of type integer (default format) in x'
    ])
  })

  it('accepts integers where a number is expected', () => {
    expect(errors(withX({ type: 'number' }), { x: 3 })).toEqual([])
  })

  it('reports a float64 under an int64 format by its Go type', () => {
    expect(
      errors(withX({ type: 'integer', format: 'int64' }), { x: 1.0145709240540254e19 })
    ).toEqual([
      'x: Invalid value: "float64": x in body must be of type int64: "float64"',
      '<nil>: Invalid value: "": Checked value must be of type integer with format int64 in x'
    ])
  })

  it('validates nothing for a schema that is not an object', () => {
    expect(errors(undefined, { a: 1 })).toEqual([])
    expect(errors([], 'x')).toEqual([])
  })
})

describe('required, enum and counts (apiextensions TestValidateCustomResource)', () => {
  it('reports missing required fields without detail', () => {
    const schema = {
      type: 'object',
      required: ['field'],
      properties: { field: { type: 'object', required: ['nested'], properties: { nested: {} } } }
    }
    expect(errors(schema, { test: 'a' })).toEqual(['field: Required value'])
    expect(errors(schema, { field: {} })).toEqual(['field.nested: Required value'])
    expect(errors({ required: ['a'] }, {})).toEqual(['a: Required value'])
  })

  it('reports enum failures as unsupported values, next to type errors', () => {
    const schema = withX({
      type: 'object',
      required: ['nestedint', 'nestedstring'],
      properties: {
        nestedint: { type: 'integer', enum: [1, 2] },
        nestedstring: { type: 'string', enum: ['a', 'b'] }
      }
    })
    expect(new Set(errors(schema, { x: {} }))).toEqual(
      new Set(['x.nestedint: Required value', 'x.nestedstring: Required value'])
    )
    expect(new Set(errors(schema, { x: { nestedint: 'x', nestedstring: true } }))).toEqual(
      new Set([
        'x.nestedint: Invalid value: "string": x.nestedint in body must be of type integer: "string"',
        'x.nestedint: Unsupported value: "x": supported values: "1", "2"',
        'x.nestedstring: Invalid value: "boolean": x.nestedstring in body must be of type string: "boolean"',
        'x.nestedstring: Unsupported value: true: supported values: "a", "b"'
      ])
    )
  })

  it('compares enum entries after Go type conversion', () => {
    // reflect converts float64 1.5 to int64 1 and int64 65 to the string "A".
    expect(errors(withX({ enum: [1] }), { x: 1.5 })).toEqual([])
    expect(errors(withX({ enum: ['A'] }), { x: 65 })).toEqual([])
    expect(errors(withX({ enum: [1.5] }), { x: 1 })).toEqual([
      'x: Unsupported value: 1: supported values: "1.5"'
    ])
  })

  it('never matches null against an enum, and JSON-encodes non-string entries', () => {
    expect(errors(withX({ nullable: true, enum: ['a', null] }), { x: null })).toEqual([
      'x: Unsupported value: null: supported values: "a", "null"'
    ])
    expect(errors(withX({ enum: [{ a: 1 }] }), { x: { a: 2 } })).toEqual([
      'x: Unsupported value: {"a":2}: supported values: "{\\"a\\":1}"'
    ])
  })

  it('reports maxProperties and maxItems as Too many, maxLength as Too long', () => {
    expect(
      errors(withX({ type: 'object', maxProperties: 2 }), { x: { a: 1, b: 2, c: 3 } })
    ).toEqual(['x: Too many: 3: must have at most 2 items'])
    expect(errors(withX({ type: 'array', maxItems: 2 }), { x: ['a', 'b', 'c'] })).toEqual([
      'x: Too many: 3: must have at most 2 items'
    ])
    expect(errors(withX({ type: 'string', maxLength: 2 }), { x: 'abc' })).toEqual([
      'x: Too long: may not be more than 2 bytes'
    ])
  })

  it('reports minProperties and minItems with the count as value', () => {
    expect(errors(withX({ type: 'object', minProperties: 1 }), { x: {} })).toEqual([
      'x: Invalid value: 0: x in body should have at least 1 properties'
    ])
    expect(errors(withX({ type: 'array', minItems: 2 }), { x: ['a'] })).toEqual([
      'x: Invalid value: 1: x in body should have at least 2 items'
    ])
  })

  it('uses the singular detail from 1.34 on', () => {
    const schema = withX({ type: 'string', maxLength: 1 })
    expect(errors(schema, { x: 'ab' }, { kubernetesVersion: '1.33' })).toEqual([
      'x: Too long: may not be more than 1 bytes'
    ])
    expect(errors(schema, { x: 'ab' }, { kubernetesVersion: '1.34' })).toEqual([
      'x: Too long: may not be more than 1 byte'
    ])
  })
})

describe('strings', () => {
  it('counts runes, not bytes or UTF-16 units', () => {
    const schema = withX({ type: 'string', maxLength: 2, minLength: 2 })
    expect(errors(schema, { x: 'é€' })).toEqual([])
    expect(errors(schema, { x: '😀😀' })).toEqual([])
    expect(errors(schema, { x: '😀' })).toEqual([
      'x: Invalid value: "😀": x in body should be at least 2 chars long'
    ])
  })

  it('matches patterns with RE2 semantics, unanchored', () => {
    expect(errors(withX({ type: 'string', pattern: '(?i)^abc$' }), { x: 'ABC' })).toEqual([])
    expect(errors(withX({ type: 'string', pattern: 'b' }), { x: 'abc' })).toEqual([])
    expect(errors(withX({ type: 'string', pattern: '^a+$' }), { x: 'b' })).toEqual([
      `x: Invalid value: "b": x in body should match '^a+$'`
    ])
  })

  it('reports a pattern RE2 rejects with Go’s compile error', () => {
    expect(errors(withX({ type: 'string', pattern: '(?=a)' }), { x: 'a' })).toEqual([
      'x: Invalid value: "a": x in body should match \'(?=a), but pattern is invalid: error parsing regexp: invalid or unsupported Perl syntax: `(?=`\''
    ])
  })

  it('stops at the first failing string check', () => {
    expect(errors(withX({ type: 'string', maxLength: 1, pattern: '^z$' }), { x: 'ab' })).toEqual([
      'x: Too long: may not be more than 1 byte'
    ])
  })
})

describe('numbers', () => {
  it('reports minimum and maximum, exclusive or not', () => {
    expect(
      errors(withX({ type: 'integer', minimum: 5, exclusiveMinimum: true }), { x: 5 })
    ).toEqual(['x: Invalid value: 5: x in body should be greater than 5'])
    expect(
      errors(withX({ type: 'number', maximum: 10, exclusiveMaximum: true }), { x: 10.5 })
    ).toEqual(['x: Invalid value: 10.5: x in body should be less than 10'])
  })

  it('prints bounds as Go does: truncated for integer values, %v for floats', () => {
    const schema = withX({ type: 'number', maximum: 1e6 })
    expect(errors(schema, { x: 2000000 })).toEqual([
      'x: Invalid value: 2000000: x in body should be less than or equal to 1000000'
    ])
    expect(errors(schema, { x: 2500000.5 })).toEqual([
      'x: Invalid value: 2.5000005e+06: x in body should be less than or equal to 1e+06'
    ])
    // An integer value is compared with the truncated bound: minimum 1.5 accepts 1.
    expect(errors(withX({ type: 'number', minimum: 1.5 }), { x: 1 })).toEqual([])
  })

  it('reports a bound that does not fit an integer schema, and compares as float64', () => {
    expect(errors(withX({ type: 'integer', minimum: 1.5 }), { x: 1 })).toEqual([
      '<nil>: Invalid value: "": Minimum boundary value must be of type integer (default format) in x',
      'x: Invalid value: 1: x in body should be greater than or equal to 1.5'
    ])
  })

  it('checks multipleOf with integer division for integers and relative error for floats', () => {
    expect(errors(withX({ type: 'integer', multipleOf: 3 }), { x: 7 })).toEqual([
      'x: Invalid value: 7: x in body should be a multiple of 3'
    ])
    expect(errors(withX({ type: 'number', multipleOf: 0.5 }), { x: 2.25 })).toEqual([
      'x: Invalid value: 2.25: x in body should be a multiple of 0.5'
    ])
    expect(errors(withX({ type: 'number', multipleOf: 0.1 }), { x: 0.3 })).toEqual([])
    // An integer value meets a fractional factor truncated to 0.
    expect(errors(withX({ type: 'number', multipleOf: 0.5 }), { x: 3 })).toEqual([
      'x: Invalid value: 0: factor MultipleOf declared for x must be positive: 0'
    ])
  })

  it('enforces the int32, int64 and float ranges', () => {
    const schema = {
      type: 'object',
      properties: {
        i32: { type: 'integer', format: 'int32' },
        i64: { type: 'integer', format: 'int64' },
        f32: { type: 'number', format: 'float' },
        f64: { type: 'number', format: 'double' }
      }
    }
    expect(
      errors(schema, {
        i32: 2147483647,
        i64: 9223372036854775807n,
        f32: 3.4028234663852886e38,
        f64: 1.7976931348623157e308
      })
    ).toEqual([])
    expect(errors(schema, { i32: -2147483649 })).toEqual([
      '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in i32'
    ])
    expect(errors(schema, { f32: -3.7431058130238175e38 })).toEqual([
      '<nil>: Invalid value: "": Checked value must be of type number with format float in f32'
    ])
  })
})

describe('arrays and objects', () => {
  it('validates items at indexed paths', () => {
    expect(errors(withX({ type: 'array', items: { type: 'string' } }), { x: ['a', 1] })).toEqual([
      'x[1]: Invalid value: "integer": x[1] in body must be of type string: "integer"'
    ])
  })

  it('finds duplicates by Go deep equality (int64 1 differs from float64 1)', () => {
    const schema = withX({ type: 'array', uniqueItems: true })
    expect(errors(schema, { x: [1, new GoFloat(1), 'a'] })).toEqual([])
    expect(errors(schema, { x: [{ a: [1] }, 2, { a: [1] }] })).toEqual([
      `x: Invalid value: "": x in body shouldn't contain duplicates`
    ])
  })

  it('names root additionalProperties keys with a leading dot in the message only', () => {
    expect(errors({ type: 'object', additionalProperties: { type: 'string' } }, { k: 1 })).toEqual([
      'k: Invalid value: "integer": .k in body must be of type string: "integer"'
    ])
  })

  it('forbids unknown properties under additionalProperties: false', () => {
    const schema = withX({ type: 'object', properties: { a: {} }, additionalProperties: false })
    expect(errors(schema, { x: { a: 1, b: 2 } })).toEqual([
      'x: Invalid value: "b": x.b in body is a forbidden property'
    ])
  })

  it('keeps map keys with dots as one path element', () => {
    const schema = withX({ type: 'object', additionalProperties: { type: 'integer' } })
    const [e] = validateValue(schema, { x: { 'a.b': 'no' } })
    expect(e?.field).toBe('x.a.b')
  })
})

describe('allOf, anyOf, oneOf, not', () => {
  it('reports anyOf with the errors of the alternative that matched most', () => {
    const schema = withX({ anyOf: [{ type: 'string' }, { type: 'integer', minimum: 5 }] })
    expect(errors(schema, { x: 3 })).toEqual([
      '<nil>: Invalid value: "": "x" must validate at least one schema (anyOf)',
      'x: Invalid value: 3: x in body should be greater than or equal to 5'
    ])
    expect(errors(schema, { x: 'a' })).toEqual([])
  })

  it('reports oneOf with none or several valid alternatives', () => {
    expect(errors(withX({ oneOf: [{ type: 'string' }, { type: 'boolean' }] }), { x: 1 })).toEqual([
      '<nil>: Invalid value: "": "x" must validate one and only one schema (oneOf). Found none valid',
      'x: Invalid value: "integer": x in body must be of type string: "integer"'
    ])
    expect(errors(withX({ oneOf: [{ minimum: 0 }, { maximum: 10 }] }), { x: 5 })).toEqual([
      '<nil>: Invalid value: "": "x" must validate one and only one schema (oneOf). Found 2 valid alternatives'
    ])
  })

  it('reports allOf with every failure, and whether none validated', () => {
    expect(errors(withX({ allOf: [{ minimum: 0 }, { maximum: 10 }] }), { x: 11 })).toEqual([
      'x: Invalid value: 11: x in body should be less than or equal to 10',
      '<nil>: Invalid value: "": "x" must validate all the schemas (allOf)'
    ])
    expect(errors(withX({ allOf: [{ minimum: 20 }, { maximum: 10 }] }), { x: 15 })).toEqual([
      'x: Invalid value: 15: x in body should be greater than or equal to 20',
      'x: Invalid value: 15: x in body should be less than or equal to 10',
      '<nil>: Invalid value: "": "x" must validate all the schemas (allOf). None validated'
    ])
  })

  it('reports not when the value validates', () => {
    expect(errors(withX({ not: { type: 'string' } }), { x: 'a' })).toEqual([
      '<nil>: Invalid value: "": "x" must not validate the schema (not)'
    ])
    expect(errors(withX({ not: { type: 'string' } }), { x: 1 })).toEqual([])
  })

  it('skips compositions for null values', () => {
    expect(errors(withX({ nullable: true, anyOf: [{ type: 'string' }] }), { x: null })).toEqual([])
  })
})

describe('formats and versions', () => {
  const name = withX({ type: 'string', format: 'k8s-long-name' })

  it('enforces formats introduced in 1.34 only from compatibility version 1.34 on', () => {
    const failure = ['x: Invalid value: "a.-": x in body must be of type k8s-long-name: "a.-"']
    expect(errors(name, { x: 'a.-' }, { compatibilityVersion: '1.34' })).toEqual(failure)
    expect(errors(name, { x: 'a.-' }, { kubernetesVersion: '1.35' })).toEqual(failure)
    // A 1.34 apiserver still runs with compatibility version 1.33.
    expect(errors(name, { x: 'a.-' }, { kubernetesVersion: '1.34' })).toEqual([])
  })

  it('drops formats the type does not support', () => {
    expect(errors(withX({ type: 'string', format: 'int32' }), { x: 'x' })).toEqual([])
    expect(errors(withX({ type: 'integer', format: 'uuid' }), { x: 5 })).toEqual([])
    expect(errors(withX({ type: 'string', format: 'no-such-format' }), { x: '?' })).toEqual([])
  })

  it('normalises dashes in format names', () => {
    expect(errors(withX({ type: 'string', format: 'date-time' }), { x: 'x' })).toEqual([
      'x: Invalid value: "x": x in body must be of type date-time: "x"'
    ])
    expect(errors(withX({ type: 'string', format: 'u-u-i-d' }), { x: 'x' })).toEqual([
      'x: Invalid value: "x": x in body must be of type u-u-i-d: "x"'
    ])
  })

  it('reports a non-string value under a string format by its Go type', () => {
    expect(errors(withX({ format: 'uuid' }), { x: 5 })).toEqual([
      'x: Invalid value: "int64": x in body must be of type uuid: "int64"'
    ])
  })
})

describe('numeric formats per release (apiextensions-apiserver 0835a2fa9, 1.36)', () => {
  const int32 = withX({ type: 'integer', format: 'int32' })
  const float = withX({ type: 'number', format: 'float' })

  it('before 1.36 strips int32 and float, so a decimal reads as a plain type error', () => {
    for (const kubernetesVersion of ['1.32', '1.35'] as const) {
      // The range check then parses "1.5" as a plain (default format) integer.
      expect(errors(int32, { x: 1.5 }, { kubernetesVersion })).toEqual([
        'x: Invalid value: "number": x in body must be of type integer: "number"',
        '<nil>: Invalid value: "": Checked value must be of type integer (default format) in x'
      ])
      // No range checks either.
      expect(errors(int32, { x: 2147483648 }, { kubernetesVersion })).toEqual([])
      expect(errors(float, { x: 1e39 }, { kubernetesVersion })).toEqual([])
    }
  })

  it('from 1.36 keeps int32 and float: the format is named and ranges are enforced', () => {
    for (const kubernetesVersion of ['1.36', '1.37'] as const) {
      expect(errors(int32, { x: 1.5 }, { kubernetesVersion })).toEqual([
        'x: Invalid value: "float64": x in body must be of type int32: "float64"',
        '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in x'
      ])
      expect(errors(int32, { x: 2147483648 }, { kubernetesVersion })).toEqual([
        '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in x'
      ])
      expect(errors(float, { x: 1e39 }, { kubernetesVersion })).toEqual([
        '<nil>: Invalid value: "": Checked value must be of type number with format float in x'
      ])
    }
  })

  it('before 1.36 keeps a string format on any type; from 1.36 only on strings', () => {
    const uuid = withX({ type: 'integer', format: 'uuid' })
    const notAnInteger =
      '<nil>: Invalid value: "": Checked value must be of type integer (default format) in x'
    expect(errors(uuid, { x: 1.5 }, { kubernetesVersion: '1.35' })).toEqual([
      'x: Invalid value: "float64": x in body must be of type uuid: "float64"',
      notAnInteger
    ])
    expect(errors(uuid, { x: 1.5 }, { kubernetesVersion: '1.36' })).toEqual([
      'x: Invalid value: "number": x in body must be of type integer: "number"',
      notAnInteger
    ])
    // A kept format lets a string through a non-numeric type, checked by the format alone.
    const date = withX({ type: 'boolean', format: 'date' })
    expect(errors(date, { x: '2020-01-01' }, { kubernetesVersion: '1.35' })).toEqual([])
    expect(errors(date, { x: 'x' }, { kubernetesVersion: '1.35' })).toEqual([
      'x: Invalid value: "x": x in body must be of type date: "x"'
    ])
    expect(errors(date, { x: '2020-01-01' }, { kubernetesVersion: '1.36' })).toEqual([
      'x: Invalid value: "string": x in body must be of type boolean: "string"'
    ])
  })

  it('converts one schema separately for each behaviour', () => {
    expect(errors(int32, { x: 2147483648 }, { kubernetesVersion: '1.35' })).toEqual([])
    expect(errors(int32, { x: 2147483648 }, { kubernetesVersion: '1.37' })).toHaveLength(1)
  })
})

describe('paths and limits', () => {
  it('roots errors at pathRoot', () => {
    const status = FieldPath.of('status')
    expect(errors({ type: 'object' }, 'x', { pathRoot: status })).toEqual([
      'status: Invalid value: "string":  in body must be of type object: "string"'
    ])
    expect(errors(withX({ type: 'string' }), { x: 1 }, { pathRoot: status })).toEqual([
      'status.x: Invalid value: "integer": x in body must be of type string: "integer"'
    ])
    expect(errors(withX({ anyOf: [{ type: 'string' }] }), { x: 1 }, { pathRoot: status })).toEqual([
      'status: Invalid value: "": "x" must validate at least one schema (anyOf)',
      'status.x: Invalid value: "integer": x in body must be of type string: "integer"'
    ])
  })

  it('validates values nested a few hundred levels deep', () => {
    const schema: Record<string, unknown> = { type: 'object', maxProperties: 1 }
    schema.additionalProperties = schema
    let value: Record<string, unknown> = { a: {}, b: {} }
    const depth = MAX_VALIDATION_DEPTH / 4
    for (let i = 1; i < depth; i++) value = { a: value }
    const [e, ...rest] = validateValue(schema, value)
    expect(rest).toEqual([])
    expect(e?.field).toBe(`${'a.'.repeat(depth - 1)}`.slice(0, -1))
    expect(e?.type).toBe('FieldValueTooMany')
  })

  it('ends a too deeply nested value with one internal error', () => {
    const schema: Record<string, unknown> = { type: 'object' }
    schema.additionalProperties = schema
    let value: Record<string, unknown> = {}
    for (let i = 0; i < 10_000; i++) value = { a: value }
    const result = validateValue(schema, value)
    expect(result).toHaveLength(1)
    expect(result[0]?.type).toBe('InternalError')
    expect(result[0]?.detail).toContain('is nested too deeply')
  })

  it('ends a too deeply nested schema with one internal error', () => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 10_000; i++) schema = { allOf: [schema] }
    const result = validateValue(schema, 'x')
    expect(result.map((e) => e.type)).toEqual(['InternalError'])
  })

  it('validates a large object quickly', () => {
    const schema = withX({
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string', maxLength: 5 } } }
    })
    const items = Array.from({ length: 50_000 }, (_, i) => ({ name: `n${i}` }))
    const started = Date.now()
    const result = validateValue(schema, { x: items })
    expect(result.length).toBe(50_000 - 10_000)
    expect(result[0]?.field).toBe('x[10000].name')
    // Generous: a shared CI machine; it takes well under a second on an idle one.
    expect(Date.now() - started).toBeLessThan(30_000)
  })
})

describe('values no decoder produces', () => {
  it('treats infinities and NaN as out of every numeric format, without throwing', () => {
    const schema = {
      type: 'object',
      properties: {
        f: { type: 'number', format: 'float' },
        i: { type: 'integer' },
        n: { type: 'number', minimum: 0 }
      }
    }
    expect(errors(schema, { f: Infinity, i: -Infinity, n: Number.NaN })).toEqual([
      '<nil>: Invalid value: "": Checked value must be of type number with format float in f',
      'i: Invalid value: "number": i in body must be of type integer: "number"',
      '<nil>: Invalid value: "": Checked value must be of type integer (default format) in i'
    ])
  })

  it('reads other JavaScript values by their shape', () => {
    expect(errors(withX({ type: 'object' }), { x: new Date(0) })).toEqual([])
    expect(errors(withX({ type: 'string' }), { x: undefined })).toEqual([
      'x: Invalid value: "null": x in body must be of type string: "null"'
    ])
  })
})
