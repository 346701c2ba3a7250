// resource.Quantity parsing and canonical forms (apimachinery quantity_test.go facts) and the
// CEL quantity library (apiserver library/quantity_test.go facts), including the releases'
// different `add`/`sub` on large quantities.

import { describe, expect, test } from '@jest/globals'
import {
  ERR_FORMAT_WRONG,
  ERR_NUMERIC,
  ERR_SUFFIX,
  Quantity
} from '../../../src/kube/cel/go/resource-quantity.js'
import { errorOf, valueOf } from './evaluate.js'

describe('resource.Quantity', () => {
  test.each([
    // TestQuantityString: non-canonical spellings and their canonical form.
    ['1024Mi', '1Gi'],
    ['307200Ki', '300Mi'],
    ['1025024Mi', '1001Gi'],
    ['1024Gi', '1Ti'],
    ['5000m', '5'],
    ['0.5', '500m'],
    ['1000M', '1G'],
    ['0.001T', '1G'],
    ['1000u', '1m'],
    ['1.08', '1080m'],
    ['1080000000n', '1080m'],
    ['.001e12', '1e9'],
    ['0.001e0', '1e-3'],
    ['1000e-12', '1e-9'],
    ['00', '0'],
    // TestQuantityParseEmit.
    ['.001Ki', '1024m'],
    ['.000001Ki', '1024u'],
    ['.000000001Ki', '1024n'],
    ['.000000000001Ki', '2n'],
    // Rounding up to nano, capping binary quantities at MaxInt64.
    ['3.001n', '4n'],
    ['0.00000012345', '124n'],
    ['9Ei', '9223372036854775807'],
    ['100.035Ki', '102435840m'],
    ['0.5Mi', '512Ki']
  ])('%s is canonically %s', (input, canonical) => {
    expect(Quantity.parse(input).toString()).toBe(canonical)
  })

  test.each(['1Gi', '300Mi', '1G', '1080m', '80e-3', '1n', '3k', '1e12'])(
    'a canonical %s is kept as written',
    (input) => {
      expect(Quantity.parse(input).toString()).toBe(input)
    }
  )

  test('a lone sign or point is zero, as in apimachinery', () => {
    expect(Quantity.parse('-').toString()).toBe('0')
    expect(Quantity.parse('.').isZero()).toBe(true)
  })

  test('the parsed text is kept when it looks canonical, even with a sign', () => {
    expect(Quantity.parse('+1k').toString()).toBe('+1k')
  })

  test.each([
    ['', ERR_FORMAT_WRONG],
    ['1.2.3', ERR_FORMAT_WRONG],
    ['10Mo', ERR_FORMAT_WRONG],
    ['10Mm', ERR_SUFFIX],
    ['1ee', ERR_SUFFIX],
    ['.e-20', ERR_NUMERIC]
  ])('%j is rejected with %s', (input, message) => {
    expect(() => Quantity.parse(input)).toThrow(message)
  })

  test('the regular expression of the format error is the apiserver text', () => {
    expect(ERR_FORMAT_WRONG).toBe(
      "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    )
  })

  test.each([
    ['2Ki', 2048],
    ['1.1Ki', 1126.4],
    ['1Mi', 1048576],
    ['2Gi', 2147483648],
    ['50.703k', 50703]
  ])('%s as an approximate float is %d', (input, value) => {
    expect(Quantity.parse(input).asApproximateFloat64()).toBe(value)
  })

  test('comparison is exact across forms and suffixes', () => {
    expect(Quantity.parse('200M').cmp(Quantity.parse('0.2G'))).toBe(0)
    expect(Quantity.parse('50M').cmp(Quantity.parse('50Mi'))).toBe(-1)
    expect(Quantity.parse('1e100').cmp(Quantity.parse('1e99'))).toBe(1)
  })

  test('a decimal-form quantity is not an int64 even when whole', () => {
    const q = Quantity.parse('9999999999999999999999999999999999999G')
    expect(q.isDecimal()).toBe(true)
    expect(q.asInt64()).toBeUndefined()
  })
})

describe('the quantity library', () => {
  test.each([
    ['isQuantity("20")', true],
    ['isQuantity("20M")', true],
    ['isQuantity("20Mi")', true],
    ['isQuantity("20Mo")', false],
    ['isQuantity("10Mm")', false],
    ['quantity("200M") == quantity("0.2G")', true],
    ['quantity("200M") == quantity("0.3G")', false],
    ['quantity("50M").isLessThan(quantity("50Mi"))', true],
    ['quantity("150Mi").isGreaterThan(quantity("100Mi"))', true],
    ['quantity("200M").compareTo(quantity("0.2G"))', 0],
    ['quantity("50Mi").compareTo(quantity("50M"))', 1],
    ['quantity("50k").add(quantity("20")) == quantity("50.02k")', true],
    ['quantity("50k").add(20).isLessThan(quantity("50020"))', false],
    ['quantity("50k").sub(20) == quantity("49980")', true],
    ['quantity("50k").add(20).sub(quantity("100k")).asInteger()', -49980],
    ['quantity("50k").add(20).sub(quantity("100k")).sub(-50000).asInteger()', 20],
    ['quantity("50k").asInteger()', 50000],
    ['quantity("9999999999999999999999999999999999999G").isInteger()', false],
    ['quantity("50").isInteger()', true],
    ['quantity("50.703k").asApproximateFloat()', 50703],
    ['sign(quantity("-5"))', -1],
    ['type(quantity("1")) == kubernetes.Quantity', true]
  ])('%s is %j', (expression, value) => {
    expect(valueOf(expression)).toEqual(value)
  })

  test('errors carry apimachinery messages', () => {
    expect(errorOf('quantity("10Mo")')).toMatch(/^quantities must match the regular expression/)
    expect(errorOf('quantity("10Mm")')).toBe("unable to parse quantity's suffix")
    expect(errorOf('quantity("9999999999999999999999999999999999999G").asInteger()')).toBe(
      'cannot convert value to integer'
    )
  })

  const mutation =
    '[quantity("9999999999999999999999999999999999999")].all(x, ' +
    'x.add(quantity("1")).compareTo(x.add(quantity("2"))) == -1)'

  test('add does not change its receiver from 1.37', () => {
    expect(valueOf(mutation, { version: '1.37' })).toBe(true)
  })

  test('before 1.37 add on a large quantity changes the receiver in place', () => {
    // The receiver shares its decimal with the copy add works on (a Go struct copy).
    expect(valueOf(mutation, { version: '1.36' })).toBe(false)
  })

  test('comparing with a decimal turns the receiver into a decimal, as in Go', () => {
    expect(
      valueOf(
        '[quantity("1")].all(x, x.isInteger() && x.compareTo(quantity("1e-13")) == 1 && !x.isInteger())'
      )
    ).toBe(true)
  })
})
