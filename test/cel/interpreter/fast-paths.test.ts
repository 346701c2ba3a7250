// The interpreter's fast paths answer exactly as the general ones: the regex DFA as re2js (Go's
// regexp), shaped maps as hash-table maps, compiled attributes as generic resolution.

import { describe, expect, test } from '@jest/globals'
import { RE2JS } from 're2js'
import * as t from '../../../src/cel/common/types.js'
import type { MapValue } from '../../../src/cel/interpreter/index.js'
import { Activation, UintValue, toValue } from '../../../src/cel/interpreter/index.js'
import { compileRegexDfa } from '../../../src/cel/interpreter/regex-dfa.js'
import { valuesEqual } from '../../../src/cel/interpreter/equality.js'
import { compile, run, value } from './helpers.js'

/** Patterns of CRD rules and edge cases of the subset (classes, escapes, anchors, repeats). */
const PATTERNS = [
  '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
  '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9]$',
  '^[a-zA-Z0-9._-]+$',
  '\\.(service|socket|device)$',
  '^([0-9]+(\\.[0-9]+)?(ms|s|m))+$',
  '^(Linux|LVM|[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12})$',
  '.*:([\\w][\\w.-]{0,127})$',
  '^[^#]*$',
  '\\s',
  '^a*$',
  '^(a|b)*c$',
  '^[]a]+$',
  '^[^]a]+$',
  '^[a-]+$',
  '^[-a]+$',
  '^[a-z-0]+$',
  '^[\\d-z]+$',
  '^\\d{2,4}$',
  '^a{,3}$',
  '^a{2}$',
  '^a{0}b$',
  '^\\s+$',
  '^\\S+$',
  '^\\W\\D\\S$',
  '^.$',
  '^x\\.y$',
  '^\\$\\^$',
  '^(?:ab|cd)+$',
  '^(?P<n>a)b$',
  '^[a-z]{1,3}?b$',
  '^\\Aab\\z',
  '^a\\x41$',
  '^a\\x{41}$',
  '^[\\x20-\\x7E]+$',
  '^[[:print:]]+$',
  '^[[:space:]]+$',
  '^[[:punct:][:digit:]]+$',
  '^\\{\\}$',
  '^{$',
  '^[\\t ]*x$',
  '^(a|b)c|d$',
  '$^',
  '^$',
  '',
  'a|',
  '(a*)*b',
  '^()$',
  '[^a-z]',
  'x*'
]

const INPUTS = [
  '',
  'a',
  'aa',
  'aaa',
  'ab',
  'abc',
  'abab',
  'b',
  'c',
  'ac',
  'bc',
  'd',
  'xd',
  'x.y',
  'xay',
  'aA',
  'a{,3}',
  '{',
  '{}',
  '$^',
  '!!!',
  ' \tx',
  '12',
  '1234',
  '12345',
  '1h',
  '10ms',
  '1.5s3m',
  'sample-value',
  'example.com',
  'a.b-c.d',
  '-a',
  'a-',
  'a..b',
  'foo/bar',
  'example.com/Name_1',
  'host:8080',
  'img:v1.0',
  'LVM',
  'Linux',
  '0123abcd-0123-4567-89ab-0123456789ab',
  'x.service',
  'x.socketx',
  'no#hash',
  'has#hash',
  'a b',
  '\n',
  'a\nb',
  'é',
  'aé',
  '😀',
  'a😀b',
  '\u2028',
  '\u00a0',
  ']a]',
  'a-0-z',
  '5-z',
  'abcdefghij'.repeat(10)
]

describe('regex DFA', () => {
  test.each(PATTERNS)('%s matches as re2js does', (pattern) => {
    const dfa = compileRegexDfa(pattern)
    expect(dfa).toBeDefined()
    const re = RE2JS.compile(pattern)
    for (const text of INPUTS) expect([text, dfa!(text)]).toEqual([text, re.test(text)])
  })

  test.each(['(?i)abc', '\\bword\\b', '\\pL+', 'é+', '[\\D]', '\\Qa.b\\E', '\\123'])(
    '%s is left to re2js',
    (pattern) => {
      expect(compileRegexDfa(pattern)).toBeUndefined()
    }
  )

  test('long inputs take linear time', () => {
    const dfa = compileRegexDfa('^(a|b)*c$')!
    const text = 'ab'.repeat(200_000)
    const start = performance.now()
    expect(dfa(text)).toBe(false)
    expect(dfa(`${text}c`)).toBe(true)
    expect(performance.now() - start).toBeLessThan(2_000)
  })

  test('matches() uses it with cel-go results and costs', () => {
    const declarations = { s: t.STRING }
    const cases: [string, string, boolean, bigint][] = [
      // ceil((1 + 12) × 0.1) × ceil(9 × 0.25) + 1 for reading s
      ['sample-value', '^[a-z-]+$', true, 7n],
      ['a😀b', '^a.b$', true, 3n],
      ['a\nb', '^a.b$', false, 3n]
    ]
    for (const [s, pattern, matched, cost] of cases) {
      const r = run(`s.matches('${pattern}')`, { s }, { declarations, optimize: true })
      expect([s, r.value, r.cost]).toEqual([s, matched, cost])
    }
  })
})

describe('shaped maps', () => {
  const shaped = (): MapValue => toValue({ a: 1, b: 'x', c: [true] }) as MapValue

  test('answer lookups, size and iteration like a hash table', () => {
    const m = shaped()
    expect(m.shape).toBeDefined()
    expect(m.size).toBe(3)
    expect(m.find('b')).toBe('x')
    expect(m.find('z')).toBeUndefined()
    expect(m.find(1n)).toBeUndefined()
    expect([...m.keys()]).toEqual(['a', 'b', 'c'])
    expect([...m.entries()].map(([k]) => k)).toEqual(['a', 'b', 'c'])
  })

  test('turn into hash tables for other keys and deletions, keeping their entries', () => {
    const m = shaped()
    m.set(new UintValue(1n), 'u')
    expect(m.shape).toBeUndefined()
    expect(m.find(1n)).toBe('u')
    expect(m.find('a')).toBe(1n)
    expect([...m.keys()]).toEqual(['a', 'b', 'c', new UintValue(1n)])
    const d = shaped()
    d.delete('a')
    expect([...d.keys()]).toEqual(['b', 'c'])
  })

  test('compare equal regardless of representation and key order', () => {
    const other = toValue({ c: [true], a: 1, b: 'x' }) as MapValue
    expect(valuesEqual(shaped(), other)).toBe(true)
    const hashed = shaped()
    hashed.delete('zz')
    expect(valuesEqual(shaped(), hashed)).toBe(true)
    expect(valuesEqual(shaped(), toValue({ a: 1, b: 'y', c: [true] }))).toBe(false)
  })

  test('field selections stay right when objects of different layouts alternate', () => {
    const expr = 'has(self.a.b) ? self.a.b + size(self.a) : -1'
    const options = { declarations: { self: t.DYN }, optimize: true }
    const fast = compile(expr, options)
    // State tracking keeps the generic attribute resolution.
    const generic = compile(expr, { ...options, trackState: true })
    const objects = [{ a: { b: 1 } }, { x: 0, a: { y: 2, b: 3 } }, { a: { b: 4 } }, { a: {} }]
    const outcome = (p: typeof fast, self: unknown): unknown[] => {
      const r = p.eval(Activation.fromJs({ self }))
      return [r.value, r.error?.message, r.cost]
    }
    for (const self of [...objects, ...objects, 'not a map', { a: 'no fields' }]) {
      expect(outcome(fast, self)).toEqual(outcome(generic, self))
    }
    expect(objects.map((self) => outcome(fast, self)[0])).toEqual([2n, 5n, 5n, -1n])
    expect(value('{"a": 1, "b": 2}.b')).toBe(2n)
  })

  test('comprehensions over shaped maps see every key once', () => {
    expect(
      value('m.all(k, m[k] > 0) && m.map(k, k).join("") == "abc"', { m: { a: 1, b: 2, c: 3 } })
    ).toBe(true)
  })
})
