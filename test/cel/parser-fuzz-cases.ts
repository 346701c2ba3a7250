/**
 * Seeded generator of mostly malformed CEL expressions for differential tests of the parser's
 * syntax errors: token soup, mutated valid expressions, and nesting near the parser's limits,
 * each with one of several parser option sets (grammar variants and small limits so that the
 * recursion, recovery and error-count limits are reached too).
 */
import type { ParserOptions } from '../../src/cel/parser/index.js'

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

const TOKENS: readonly string[] = [
  'a',
  'b',
  'x',
  '_y1',
  'in',
  'true',
  'false',
  'null',
  'if',
  'let',
  'namespace',
  '1',
  '0x1f',
  '1u',
  '1.5',
  '.5',
  '1e3',
  '1e',
  '0x',
  '9223372036854775808',
  "'s'",
  '"t"',
  "r'\\d'",
  "b'\\xff'",
  '"""m\nl"""',
  "'''q'''",
  '"open',
  "'open",
  '"\\q"',
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '&&',
  '||',
  '!',
  '?',
  ':',
  '.',
  ',',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '.?',
  '[?',
  '`a b`',
  '`',
  '=',
  '&',
  '|',
  '#',
  '$',
  '~',
  '@',
  '\\',
  'é',
  '😀',
  ' ',
  '\n',
  '\t',
  '// c\n',
  'has(',
  '.all(',
  '.map(',
  '.exists_one(',
  'cel.bind(',
  'Msg{',
  'f('
]

const VALID: readonly string[] = [
  'a + b * c - d / e % f',
  'a < b == c != d >= e > f <= g in h',
  'a || b && c || !d',
  'a ? b : c ? d : e',
  '-a - -1 - --b',
  'a.b.c(d, e)[f].g',
  '.a.b{c: 1, d: [2, 3], e: {4: 5}}',
  '[1, 2, 3].map(x, x * 2).filter(y, y > 1)',
  'has(a.b) && a.all(x, x in [1u, 2u])',
  'a.?b.orValue([?c, d][?0])',
  '{?a: b, "k": r"v"}',
  'a.`b-c` == Msg{`d e`: 1.5e-3}',
  "size(s) < 10 && s.matches('^[a-z]+$')",
  'cel.bind(v, a, v + v) == b"\\x00"',
  '(a + (b - (c * (d / e))))',
  'x.exists_one(y, y == """t\n""")'
]

const OPTIONS: readonly ParserOptions[] = [
  { celGoVersion: '0.22' },
  { celGoVersion: '0.26', enableOptionalSyntax: true },
  { celGoVersion: '0.29' },
  { celGoVersion: '0.20', enableOptionalSyntax: true, maxRecursionDepth: 6 },
  {
    celGoVersion: '0.29',
    enableOptionalSyntax: true,
    maxRecursionDepth: 8,
    errorRecoveryLimit: 3,
    errorRecoveryLookaheadTokenLimit: 4,
    errorReportingLimit: 4
  }
]

export interface FuzzCase {
  readonly input: string
  readonly options: ParserOptions
  /** Index into the option sets, to name the case in a failure. */
  readonly optionSet: number
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!
}

function tokenSoup(next: () => number): string {
  const n = 1 + Math.floor(next() * 12)
  let s = ''
  for (let i = 0; i < n; i++) {
    s += pick(next, TOKENS)
    if (next() < 0.5) s += ' '
  }
  return s
}

function mutate(next: () => number, text: string): string {
  let s = text
  const n = 1 + Math.floor(next() * 3)
  for (let i = 0; i < n; i++) {
    const at = Math.floor(next() * (s.length + 1))
    const r = next()
    if (r < 0.3) s = s.slice(0, at) + s.slice(at + 1)
    else if (r < 0.6) s = s.slice(0, at) + pick(next, TOKENS) + s.slice(at)
    else if (r < 0.75) s = s.slice(0, at)
    else if (r < 0.9) {
      const len = Math.floor(next() * 6)
      s = s.slice(0, at) + s.slice(at, at + len) + s.slice(at)
    } else {
      const other = Math.floor(next() * (s.length + 1))
      s = s.slice(0, Math.min(at, other)) + s.slice(Math.max(at, other))
    }
  }
  return s
}

function nesting(next: () => number): string {
  const open = pick(next, ['(', '[', '{1: ', 'f(', '-', '!', 'a.b(', '[?'])
  const depth = Math.floor(next() * 12)
  const close = next() < 0.5 ? '' : pick(next, [')', ']', '}', ''])
  return open.repeat(depth) + pick(next, TOKENS) + close.repeat(Math.floor(next() * depth + 1))
}

/** `count` cases from `seed`; the same arguments always give the same cases. */
export function fuzzCases(seed: number, count: number): FuzzCase[] {
  const next = rng(seed)
  const cases: FuzzCase[] = []
  for (let i = 0; i < count; i++) {
    const r = next()
    const input =
      r < 0.4 ? tokenSoup(next) : r < 0.85 ? mutate(next, pick(next, VALID)) : nesting(next)
    const optionSet = Math.floor(next() * OPTIONS.length)
    cases.push({ input, options: OPTIONS[optionSet]!, optionSet })
  }
  return cases
}
