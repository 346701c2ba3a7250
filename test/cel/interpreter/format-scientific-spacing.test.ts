// `%e` of string.format versions 1–3 is printed by golang.org/x/text, whose v0.23.0 (CL 644121,
// golang/go#71428) dropped the U+202F narrow no-break spaces around `×`. cel-go's own go.mod pins
// an older x/text (the default here); Kubernetes 1.33+ vendors v0.23+ (apiextensions-apiserver
// commit 24536987d "fix narrow spaces of %e for x/net bump"). No other clause changed.

import { describe, expect, test } from '@jest/globals'
import { SUPPORTED_VERSIONS, releaseFeatures } from '../../../src/kube/versions.js'
import { kubernetesCelEnvironment } from '../../../src/kube/cel/environment.js'
import { run } from './helpers.js'

type Options = NonNullable<Parameters<typeof run>[2]>

const NARROW: Options = { stringsVersion: 2 }
const TIGHT: Options = { stringsVersion: 2, scientificNarrowSpaces: false }

const format = (expr: string, options: Options): unknown => {
  const r = run(expr, {}, options)
  return r.error !== undefined ? `error: ${r.error.message}` : r.value
}

describe('%e with and without narrow no-break spaces (strings versions 1-3)', () => {
  test.each([
    ["'%e'.format([3.14])", '3.140000\u202f×\u202f10⁰⁰', '3.140000×10⁰⁰'],
    ["'%e'.format([-1052.032911275])", '-1.052033\u202f×\u202f10⁰³', '-1.052033×10⁰³'],
    ["'%e'.format([0.000123])", '1.230000\u202f×\u202f10⁻⁰⁴', '1.230000×10⁻⁰⁴'],
    ["'%e'.format([1e300])", '1.000000\u202f×\u202f10³⁰⁰', '1.000000×10³⁰⁰'],
    ["'%e'.format([0.0])", '0.000000\u202f×\u202f10⁰⁰', '0.000000×10⁰⁰'],
    // The precision becomes a width ("%20e"): x/text pads to it by runes, before the sign.
    ["'%.20e'.format([3.14])", '     3.140000\u202f×\u202f10⁰⁰', '       3.140000×10⁰⁰'],
    ["'%.20e'.format([-3.14])", '    -3.140000\u202f×\u202f10⁰⁰', '      -3.140000×10⁰⁰'],
    ["'%.14e'.format([3.14])", '3.140000\u202f×\u202f10⁰⁰', ' 3.140000×10⁰⁰'],
    [
      '\'a %e b %e\'.format([2.71828, "NaN"])',
      'a 2.718280\u202f×\u202f10⁰⁰ b    NaN',
      'a 2.718280×10⁰⁰ b    NaN'
    ]
  ])('%s', (expr, narrow, tight) => {
    expect(format(expr, NARROW)).toBe(narrow)
    expect(format(expr, TIGHT)).toBe(tight)
  })

  test('special values are unaffected', () => {
    for (const options of [NARROW, TIGHT]) {
      expect(format('\'%e\'.format(["Infinity"])', options)).toBe('     ∞')
      expect(format("'%e'.format([-1.0/0.0])", options)).toBe('    -∞')
    }
  })

  test.each([
    "'%f'.format([1234567.891])",
    "'%.3f'.format([-0.0005])",
    '\'%f\'.format(["NaN"])',
    "'%s'.format([2.5e-9])",
    "'%s'.format([[1.5, 2.0e10]])",
    "'%s'.format([{'k': 1e-7}])",
    "'%d %o %x %X %b'.format([-42, 8, 255, 'hi', true])",
    "'%d'.format([1.5])",
    "'%e'.format([1])"
  ])('%s prints the same either way', (expr) => {
    expect(format(expr, TIGHT)).toBe(format(expr, NARROW))
  })

  test('the version 4+ formatter (strconv, not x/text) ignores the option', () => {
    const latest = { scientificNarrowSpaces: true }
    expect(format("'%e'.format([3.14])", latest)).toBe('3.140000e+00')
    expect(format("'%e'.format([3.14])", {})).toBe('3.140000e+00')
  })
})

describe('Kubernetes releases', () => {
  test('1.30–1.32 vendor golang.org/x/text < v0.23.0 (narrow spaces), 1.33+ do not', () => {
    const narrow = SUPPORTED_VERSIONS.filter((v) => releaseFeatures(v).scientificNarrowSpaces)
    expect(narrow).toEqual(['1.30', '1.31', '1.32'])
  })

  test.each([
    ['1.30', '3.140000\u202f×\u202f10⁰⁰'],
    ['1.32', '3.140000\u202f×\u202f10⁰⁰'],
    ['1.33', '3.140000×10⁰⁰'],
    ['1.36', '3.140000×10⁰⁰'],
    ['1.37', '3.140000×10⁰⁰']
  ] as const)('%s evaluates %%e to %s', (version, expected) => {
    const env = kubernetesCelEnvironment({ version, mode: 'stored' })
    const compiled = env.compile("'%e'.format([3.14])")
    expect(compiled.ast).toBeDefined()
    const result = env.program(compiled.ast!).eval({}, { costLimit: env.costLimit })
    expect(result.value).toBe(expected)
  })
})
