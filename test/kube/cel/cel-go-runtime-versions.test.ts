// Run-time behaviour that follows the cel-go release a Kubernetes release vendors
// (src/cel/interpreter/versions.ts): 1.30–1.36 vendor cel-go v0.17–v0.26, 1.37 vendors v0.29.2.
// Cases are cel-go's own, from the commits that changed the behaviour (cel-expr/cel-go):
// - b62dcafe (v0.28.0) "Check arg kinds in optional.or and .orValue impl", cel/cel_test.go
//   TestOptionalValuesEvalErrorCases; before it, cel/library.go evalOptionalOr(Value).Eval
//   returned a non-optional receiver as is (v0.17.8 … v0.27.0).
// - 783267d0 (v0.29) "reject out-of-range minutes in timezone offset parsing",
//   common/types/timestamp_test.go TestTimestampGetMinutes.
// - 14f6746a (v0.29) "validate offset on empty-string path in indexOf and lastIndexOf",
//   ext/strings_test.go stringTests.

import { describe, expect, test } from '@jest/globals'
import { variable } from '../../../src/cel/checker/index.js'
import { DYN } from '../../../src/cel/common/types.js'
import { CelEnv } from '../../../src/cel/index.js'
import { SUPPORTED_VERSIONS, releaseFeatures } from '../../../src/kube/versions.js'
import { errorOf, evaluate, valueOf } from './evaluate.js'

const before = SUPPORTED_VERSIONS.filter((v) => releaseFeatures(v).celGoVersion !== '0.29')
const from029 = SUPPORTED_VERSIONS.filter((v) => releaseFeatures(v).celGoVersion === '0.29')

describe('or / orValue on a value that is not optional', () => {
  test('the releases are split where the vendored cel-go is', () => {
    expect(before).toEqual(['1.30', '1.31', '1.32', '1.33', '1.34', '1.35', '1.36'])
    expect(from029).toContain('1.37')
  })

  test.each(before)('%s: the receiver is the result and the argument is not evaluated', (v) => {
    expect(valueOf('dyn(1).orValue(2)', { version: v })).toBe(1)
    expect(valueOf('dyn(1).or(optional.of(2))', { version: v })).toBe(1)
    expect(valueOf("dyn('a').orValue(1/0)", { version: v })).toBe('a')
    // The case that matters in policies: a plain field read through orValue.
    expect(
      valueOf('object.spec.orValue({})', {
        version: v,
        variables: [variable('object', DYN)],
        vars: { object: { spec: { a: 1 } } }
      })
    ).toEqual({ a: 1 })
  })

  test.each(from029)('%s: no such overload, as cel-go v0.28+', (v) => {
    expect(errorOf('dyn(1).orValue(2)', { version: v })).toBe('no such overload')
    expect(errorOf('dyn(1).or(optional.of(2))', { version: v })).toBe('no such overload')
  })

  test.each(SUPPORTED_VERSIONS)('%s: optionals and errors behave alike in every release', (v) => {
    expect(valueOf('optional.of(1).orValue(2)', { version: v })).toBe(1)
    expect(valueOf('optional.none().orValue(2)', { version: v })).toBe(2)
    expect(errorOf('optional.of(1/0).orValue(2)', { version: v })).toBe('division by zero')
    expect(errorOf('optional.of(1/0).or(optional.of(2))', { version: v })).toBe('division by zero')
  })

  test('a plain CelEnv follows its cel-go version', () => {
    expect(new CelEnv({ celGoVersion: '0.26' }).evaluate('dyn(1).orValue(2)').value).toBe(1n)
    expect(new CelEnv({ celGoVersion: '0.29' }).evaluate('dyn(1).orValue(2)').error?.message).toBe(
      'no such overload'
    )
  })
})

// 1970-01-01T02:05:06Z, the timestamp of TestTimestampGetMinutes.
const ts = 'timestamp(7506)'

describe('time zone offsets with minutes out of range', () => {
  test.each(SUPPORTED_VERSIONS)('%s: a valid offset resolves', (v) => {
    expect(valueOf(`${ts}.getMinutes('-08:30')`, { version: v })).toBe(35)
  })

  test.each(from029)('%s: refused', (v) => {
    for (const tz of ['+00:99', '-00:90', '+05:-30']) {
      expect(errorOf(`${ts}.getMinutes('${tz}')`, { version: v })).toBe(
        `timezone offset minutes out of range [0, 59]: ${tz}`
      )
    }
  })

  test.each(before)('%s: the minutes are added as they are', (v) => {
    // +00:99 is 1h39m east: 02:05 UTC is 03:44.
    expect(valueOf(`${ts}.getMinutes('+00:99')`, { version: v })).toBe(44)
    expect(valueOf(`${ts}.getHours('+00:99')`, { version: v })).toBe(3)
    // -00:90: 0*60 - 90 minutes, 00:35.
    expect(valueOf(`${ts}.getHours('-00:90')`, { version: v })).toBe(0)
    // +05:-30: 5*60 + (-30) minutes, 06:35.
    expect(valueOf(`${ts}.getHours('+05:-30')`, { version: v })).toBe(6)
  })
})

describe("indexOf('', n) and lastIndexOf('', n)", () => {
  test.each(from029)('%s: the offset is checked and clamped', (v) => {
    for (const fn of ['indexOf', 'lastIndexOf']) {
      expect(valueOf(`'tacocat'.${fn}('', 7)`, { version: v })).toBe(7)
      expect(valueOf(`'tacocat'.${fn}('', 30)`, { version: v })).toBe(7)
      expect(errorOf(`'tacocat'.${fn}('', -1)`, { version: v })).toBe('index out of range: -1')
    }
  })

  test.each(before)('%s: the offset is the result', (v) => {
    for (const fn of ['indexOf', 'lastIndexOf']) {
      expect(valueOf(`'tacocat'.${fn}('', 30)`, { version: v })).toBe(30)
      expect(valueOf(`'tacocat'.${fn}('', -1)`, { version: v })).toBe(-1)
    }
  })

  test('non-empty substrings are unchanged', () => {
    for (const version of SUPPORTED_VERSIONS) {
      expect(evaluate("'tacocat'.indexOf('a', 30)", { version }).value).toBe(-1)
      expect(evaluate("'tacocat'.indexOf('a', -1)", { version }).error).toBe(
        'index out of range: -1'
      )
    }
  })
})
