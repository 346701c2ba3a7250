/**
 * Bad input never crashes or hangs the CEL pipeline: thousands of generated and mutated
 * expressions (a seeded generator, so failures reproduce) each give a value, a positioned
 * compile error, or an evaluation error — never a thrown exception.
 */
import { describe, expect, it } from '@jest/globals'
import { CelEnv, types, variable } from '../../src/cel/index.js'

/** mulberry32: small, seeded, good enough to spread cases. */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const LITERALS = [
  '0',
  '1',
  '-1',
  '9223372036854775807',
  '-9223372036854775808',
  '18446744073709551615u',
  '1u',
  '0x7f',
  '1.5',
  '-0.0',
  '1e308',
  '2.5e-3',
  "'a'",
  '"\\u00e9"',
  "r'\\d+'",
  "b'\\xff'",
  "'''multi'''",
  'true',
  'false',
  'null',
  "duration('1h')",
  "timestamp('2024-01-01T00:00:00Z')"
]
const VARS = ['x', 's', 'l', 'm']
const BINARY = ['+', '-', '*', '/', '%', '==', '!=', '<', '<=', '>', '>=', '&&', '||', 'in']
const MEMBER = [
  'size()',
  "contains('a')",
  "startsWith('a')",
  "matches('^[a-z]+$')",
  'exists(v, v == 1)',
  'all(v, v > 0)',
  'map(v, v * 2)',
  'filter(v, v != 0)',
  "split(',')",
  'lowerAscii()'
]

function generate(next: () => number, depth: number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!
  if (depth <= 0 || next() < 0.25) return next() < 0.5 ? pick(LITERALS) : pick(VARS)
  const sub = () => generate(next, depth - 1)
  switch (Math.floor(next() * 9)) {
    case 0:
      return `${sub()} ${pick(BINARY)} ${sub()}`
    case 1:
      return `!${sub()}`
    case 2:
      return `-${sub()}`
    case 3:
      return `${sub()} ? ${sub()} : ${sub()}`
    case 4:
      return `[${sub()}, ${sub()}]`
    case 5:
      return `{${sub()}: ${sub()}}`
    case 6:
      return `${sub()}.${pick(MEMBER)}`
    case 7:
      return `${sub()}[${sub()}]`
    default:
      return `(${sub()})`
  }
}

function mutate(expr: string, next: () => number): string {
  const chars = [...expr]
  const edits = 1 + Math.floor(next() * 3)
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(next() * (chars.length + 1))
    const junk = '()[]{}.,:?!\'"\\@#$`~|&^%*+-/<>=01azAZ_\u00e9\u{1F600}\n\t'
    const op = next()
    const ch = [...junk][Math.floor(next() * [...junk].length)]!
    if (op < 0.4) chars.splice(at, 0, ch)
    else if (op < 0.7) chars.splice(at, 1)
    else chars[at] = ch
  }
  return chars.join('')
}

const env = new CelEnv({
  variables: [
    variable('x', types.DYN),
    variable('s', types.STRING),
    variable('l', types.listType(types.INT)),
    variable('m', types.mapType(types.STRING, types.INT))
  ]
})
const activation = { x: 3n, s: 'a,b', l: [1n, 2n, 3n], m: { a: 1n } }

/** Runs one input through compile and evaluation; returns what happened. */
function run(expr: string): 'value' | 'compile-error' | 'eval-error' {
  const compiled = env.compile(expr)
  if (!compiled.ast) {
    expect(compiled.errors.length).toBeGreaterThan(0)
    for (const e of compiled.errors) {
      expect(e.location.line).toBeGreaterThanOrEqual(1)
      expect(e.location.column).toBeGreaterThanOrEqual(0)
    }
    expect(compiled.errorText).toMatch(/^ERROR: <input>:-?\d+:\d+: /)
    return 'compile-error'
  }
  const result = env.program(compiled.ast).eval(activation, { costLimit: 1_000_000n })
  expect(result.value !== undefined || result.error !== undefined).toBe(true)
  return result.error ? 'eval-error' : 'value'
}

describe('CEL pipeline on hostile input', () => {
  it('gives a value or a positioned error for 3,000 generated and mutated expressions', () => {
    const next = rng(20261122)
    const outcomes = { value: 0, 'compile-error': 0, 'eval-error': 0 }
    for (let i = 0; i < 1500; i++) {
      const expr = generate(next, 4)
      outcomes[run(expr)]++
      outcomes[run(mutate(expr, next))]++
    }
    // The generator must exercise every outcome, or the test proves little.
    expect(outcomes.value).toBeGreaterThan(100)
    expect(outcomes['compile-error']).toBeGreaterThan(100)
    expect(outcomes['eval-error']).toBeGreaterThan(20)
  })

  it("reports cel-go's depth error for deep nesting, not a stack overflow", () => {
    for (const deep of [
      '('.repeat(5000) + '1' + ')'.repeat(5000),
      '['.repeat(5000) + ']'.repeat(5000),
      '-('.repeat(5000) + '1' + ')'.repeat(5000),
      'a' + '.b'.repeat(5000)
    ]) {
      const compiled = env.compile(deep)
      expect(compiled.ast).toBeUndefined()
      expect(compiled.errorText).toMatch(
        /max recursion depth exceeded|expression recursion limit exceeded: 250|expression code point size exceeds limit/
      )
    }
  })

  it('stops runaway evaluation at the cost limit', () => {
    const result = env.evaluate(
      '[1,2,3,4,5,6,7,8,9,10].map(a, [1,2,3,4,5,6,7,8,9,10].map(b, [1,2,3,4,5,6,7,8,9,10].map(c, [1,2,3,4,5,6,7,8,9,10].map(d, a+b+c+d)))).size() > 0',
      {},
      10_000n
    )
    expect(result.error?.message).toBe('operation cancelled: actual cost limit exceeded')
  })
})
