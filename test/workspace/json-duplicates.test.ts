import { describe, expect, it } from '@jest/globals'
import { jsonHasDuplicateKeys } from '../../src/workspace/json-duplicates.js'

describe('jsonHasDuplicateKeys', () => {
  it('finds a key repeated in one object, at any depth', () => {
    expect(jsonHasDuplicateKeys('{"a":1,"a":2}')).toBe(true)
    expect(jsonHasDuplicateKeys('{"m":{"name":"x","name":"y"}}')).toBe(true)
    expect(jsonHasDuplicateKeys('[{"k":[{"a":1}, {"b":1, "b" : 2}]}]')).toBe(true)
  })

  it('lets the same key appear in different objects, and as a value', () => {
    expect(jsonHasDuplicateKeys('{"a":{"a":1},"b":[{"a":1},{"a":2}],"c":"a"}')).toBe(false)
    expect(jsonHasDuplicateKeys('{"a":["a","a"],"b":{}}')).toBe(false)
    expect(jsonHasDuplicateKeys('["a", "a", {"x": 1}]')).toBe(false)
    expect(jsonHasDuplicateKeys('"just a string"')).toBe(false)
  })

  it('compares keys as JSON.parse reads them, past escapes and quotes inside strings', () => {
    expect(jsonHasDuplicateKeys('{"a":1,"\\u0061":2}')).toBe(true)
    expect(jsonHasDuplicateKeys('{"a\\"":1,"a":2}')).toBe(false)
    expect(jsonHasDuplicateKeys('{"x":"\\\\","x\\\\":"\\"a\\":"}')).toBe(false)
    expect(jsonHasDuplicateKeys('{"x":"{\\"y\\":1,\\"y\\":2}"}')).toBe(false)
  })

  it('scans a large object in one pass', () => {
    const members = Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`)
    expect(jsonHasDuplicateKeys(`{${members.join(',')}}`)).toBe(false)
    expect(jsonHasDuplicateKeys(`{${members.join(',')},"k0":1}`)).toBe(true)
  })
})
