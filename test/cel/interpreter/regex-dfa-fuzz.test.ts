/**
 * The regex DFA against re2js (Go's regexp) on generated patterns of the DFA's ASCII subset and
 * generated texts: the comparison used in review, bounded and seeded so a failure replays. Every
 * pattern re2js accepts either compiles to a DFA that answers as re2js does on every text, or is
 * left to re2js (undefined).
 */
import { describe, expect, it } from '@jest/globals'
import { RE2JS } from 're2js'
import { compileRegexDfa } from '../../../src/cel/interpreter/regex-dfa.js'

/** mulberry32: a small seeded generator. */
function generator(seed: number): (n: number) => number {
  let a = seed >>> 0
  return (n) => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)
  }
}

const ATOMS = [
  'a',
  'b',
  'c',
  '0',
  '-',
  '.',
  '\\.',
  '\\d',
  '\\w',
  '\\s',
  '\\D',
  '\\W',
  '\\S',
  '[a-c]',
  '[^b]',
  '[a-]',
  '[]a]',
  '[^]a]',
  '[[:alpha:]]',
  '[[:digit:]_]',
  '[0-9A-F]',
  '\\-',
  '\\A',
  '\\z',
  ' ',
  '/',
  'é',
  '\\b',
  '(?i)a'
]
const QUANTIFIERS = ['', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '+?']
const TEXT_CHARS = [
  'a',
  'b',
  'c',
  'A',
  '0',
  '9',
  '-',
  '.',
  '_',
  ' ',
  '\n',
  '\t',
  '/',
  'é',
  '😀',
  ']'
]

function pattern(next: (n: number) => number, depth = 0): string {
  let out = ''
  for (let n = 1 + next(4); n > 0; n--) {
    const roll = next(10)
    let atom: string
    if (roll === 0 && depth < 2) atom = `(${pattern(next, depth + 1)})`
    else if (roll === 1 && depth < 2)
      atom = `(${pattern(next, depth + 1)}|${pattern(next, depth + 1)})`
    else atom = ATOMS[next(ATOMS.length)]!
    out += atom + QUANTIFIERS[next(QUANTIFIERS.length)]!
  }
  if (depth === 0) {
    if (next(2) === 0) out = `^${out}`
    if (next(2) === 0) out = `${out}$`
  }
  return out
}

function text(next: (n: number) => number): string {
  let out = ''
  for (let n = next(9); n > 0; n--) out += TEXT_CHARS[next(TEXT_CHARS.length)]!
  return out
}

describe('regex DFA against re2js on generated patterns', () => {
  it('answers as re2js on 3,000 seeded patterns × 24 texts, or leaves the pattern to re2js', () => {
    const next = generator(0x2e9d_f001)
    let compiled = 0
    let left = 0
    const mismatches: string[] = []
    for (let i = 0; i < 3000; i++) {
      const source = pattern(next)
      const texts = Array.from({ length: 24 }, () => text(next))
      let re: RE2JS
      try {
        re = RE2JS.compile(source)
      } catch {
        continue
      }
      const dfa = compileRegexDfa(source)
      if (dfa === undefined) {
        left++
        continue
      }
      compiled++
      for (const t of texts)
        if (dfa(t) !== re.test(t))
          mismatches.push(`${JSON.stringify(source)} on ${JSON.stringify(t)}: re2js ${re.test(t)}`)
    }
    expect(mismatches).toEqual([])
    // Both paths are exercised: most patterns compile to a DFA, some are left to re2js.
    expect(compiled).toBeGreaterThan(1500)
    expect(left).toBeGreaterThan(100)
  })
})
