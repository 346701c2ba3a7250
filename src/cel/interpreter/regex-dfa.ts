import { pushAll } from '../../common/arrays.js'
// A lazily built DFA for `matches` on the ASCII subset of RE2 syntax — the shape of nearly every
// pattern in CRD rules. Exact (a DFA accepts the same texts as Go's regexp for these patterns)
// and linear-time (one table step per character), and much faster than a general engine.
//
// The subset: ASCII literals and escapes, classes of ASCII items (ranges, `\d \w \s`, `[:name:]`),
// `.`, the negations `\D \W \S` and `[^…]`, `^ $ \A \z`, groups, alternation and repetition. In
// it, every non-ASCII code point behaves alike (only `.` and negations match it), so the DFA reads
// 129 symbols: the ASCII characters and "any other code point". Meanings follow Go's defaults
// (syntax.Perl): `.` excludes only `\n`, `\s` is `[\t\n\f\r ]`, `^`/`$` are the text's ends.
// Everything else (flags, `\b`, Unicode classes, non-ASCII literals) is left to re2js.

const OTHER = 128
const SYMBOLS = 129

/** A set of DFA symbols. */
type CharSet = Uint8Array

type Node =
  | { readonly t: 'set'; readonly set: CharSet }
  | { readonly t: 'cat'; readonly items: readonly Node[] }
  | { readonly t: 'alt'; readonly items: readonly Node[] }
  | { readonly t: 'rep'; readonly node: Node; readonly min: number; readonly max: number }
  | { readonly t: 'bol' }
  | { readonly t: 'eol' }

class Unsupported extends Error {}

function charSet(ranges: readonly (readonly [number, number])[], negate = false): CharSet {
  const set = new Uint8Array(SYMBOLS)
  for (const [lo, hi] of ranges) set.fill(1, lo, hi + 1)
  if (negate) for (let i = 0; i < SYMBOLS; i++) set[i] = set[i] === 1 ? 0 : 1
  return set
}

const PERL_CLASSES: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  d: [[0x30, 0x39]],
  w: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
    [0x5f, 0x5f]
  ],
  s: [
    [0x09, 0x0a],
    [0x0c, 0x0d],
    [0x20, 0x20]
  ]
}

/** Go's ASCII classes `[:name:]` (regexp/syntax/perl_groups.go). */
const POSIX_CLASSES: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a]
  ],
  alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a]
  ],
  ascii: [[0x00, 0x7f]],
  blank: [
    [0x09, 0x09],
    [0x20, 0x20]
  ],
  cntrl: [
    [0x00, 0x1f],
    [0x7f, 0x7f]
  ],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [
    [0x21, 0x2f],
    [0x3a, 0x40],
    [0x5b, 0x60],
    [0x7b, 0x7e]
  ],
  space: [
    [0x09, 0x0d],
    [0x20, 0x20]
  ],
  upper: [[0x41, 0x5a]],
  word: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
    [0x5f, 0x5f]
  ],
  xdigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66]
  ]
}

const CONTROL_ESCAPES: Readonly<Record<string, number>> = {
  a: 0x07,
  f: 0x0c,
  t: 0x09,
  n: 0x0a,
  r: 0x0d,
  v: 0x0b
}

const PUNCTUATION = /^[!-/:-@[-`{-~]$/u

/** Recursive-descent parser for the subset, of a pattern re2js already accepted. */
class Parser {
  private pos = 0

  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation()
    if (this.pos !== this.src.length) throw new Unsupported()
    return node
  }

  private peek(): string | undefined {
    return this.src[this.pos]
  }

  private alternation(): Node {
    const items = [this.concatenation()]
    while (this.peek() === '|') {
      this.pos++
      items.push(this.concatenation())
    }
    return items.length === 1 ? items[0]! : { t: 'alt', items }
  }

  private concatenation(): Node {
    const items: Node[] = []
    for (;;) {
      const c = this.peek()
      if (c === undefined || c === '|' || c === ')') break
      items.push(this.repetition(this.atom()))
    }
    return items.length === 1 ? items[0]! : { t: 'cat', items }
  }

  /** `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` after an atom (laziness does not change a yes/no). */
  private repetition(node: Node): Node {
    const c = this.peek()
    let min: number
    let max: number
    if (c === '*' || c === '+' || c === '?') {
      this.pos++
      min = c === '+' ? 1 : 0
      max = c === '?' ? 1 : Infinity
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/u.exec(this.src.slice(this.pos))
      if (m === null) return node // a literal `{`, read as the next atom
      this.pos += m[0].length
      min = Number(m[1])
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3])
    } else return node
    if (this.peek() === '?') this.pos++
    const next = this.peek()
    // Go rejects stacked repetitions and repeated anchors; never guess at them.
    if (next === '*' || next === '+' || next === '?' || next === '{') throw new Unsupported()
    if (node.t === 'bol' || node.t === 'eol') throw new Unsupported()
    return { t: 'rep', node, min, max }
  }

  private atom(): Node {
    const c = this.src[this.pos++]!
    switch (c) {
      case '(':
        return this.group()
      case '[':
        return { t: 'set', set: this.characterClass() }
      case '.':
        return { t: 'set', set: charSet([[0x0a, 0x0a]], true) }
      case '^':
        return { t: 'bol' }
      case '$':
        return { t: 'eol' }
      case '\\':
        return this.escape()
      case '*':
      case '+':
      case '?':
        throw new Unsupported()
    }
    const code = this.ascii(c)
    return { t: 'set', set: charSet([[code, code]]) }
  }

  private ascii(c: string): number {
    const code = c.charCodeAt(0)
    if (code > 0x7f) throw new Unsupported()
    return code
  }

  private group(): Node {
    if (this.peek() === '?') {
      const m = /^\?(:|P?<[A-Za-z0-9_]+>)/u.exec(this.src.slice(this.pos))
      // Flag groups such as (?i) change meanings the DFA does not model.
      if (m === null) throw new Unsupported()
      this.pos += m[0].length
    }
    const inner = this.alternation()
    if (this.src[this.pos++] !== ')') throw new Unsupported()
    return inner
  }

  private escape(): Node {
    const c = this.src[this.pos++]
    if (c === undefined) throw new Unsupported()
    const perl = PERL_CLASSES[c.toLowerCase()]
    if (perl !== undefined) return { t: 'set', set: charSet(perl, c !== c.toLowerCase()) }
    if (c === 'A') return { t: 'bol' }
    if (c === 'z') return { t: 'eol' }
    const code = this.escapedChar(c)
    return { t: 'set', set: charSet([[code, code]]) }
  }

  /** The character of an escape (after the backslash) that denotes one character. */
  private escapedChar(c: string): number {
    const control = CONTROL_ESCAPES[c]
    if (control !== undefined) return control
    if (c === 'x') {
      const m = /^(?:([0-9A-Fa-f]{2})|\{([0-9A-Fa-f]{1,6})\})/u.exec(this.src.slice(this.pos))
      if (m === null) throw new Unsupported()
      this.pos += m[0].length
      const code = parseInt(m[1] ?? m[2]!, 16)
      if (code > 0x7f) throw new Unsupported()
      return code
    }
    if (PUNCTUATION.test(c)) return c.charCodeAt(0)
    throw new Unsupported()
  }

  /** One class item: a character, or the ranges of a Perl or POSIX class. */
  private classItem(): { code?: number; ranges?: readonly (readonly [number, number])[] } {
    const c = this.src[this.pos++]
    if (c === undefined) throw new Unsupported()
    if (c === '[' && this.peek() === ':') {
      const m = /^:([a-z]+):\]/u.exec(this.src.slice(this.pos))
      const ranges = m === null ? undefined : POSIX_CLASSES[m[1]!]
      if (m === null || ranges === undefined) throw new Unsupported()
      this.pos += m[0].length
      return { ranges }
    }
    if (c !== '\\') return { code: this.ascii(c) }
    const e = this.src[this.pos++]
    if (e === undefined) throw new Unsupported()
    const perl = PERL_CLASSES[e]
    if (perl !== undefined) return { ranges: perl }
    return { code: this.escapedChar(e) }
  }

  /** `[…]` after the `[`: Go reads `]` first in the class as a literal, `-` as a literal unless it forms a range. */
  private characterClass(): CharSet {
    let negate = false
    if (this.peek() === '^') {
      this.pos++
      negate = true
    }
    const ranges: (readonly [number, number])[] = []
    let first = true
    while (first || this.peek() !== ']') {
      if (this.peek() === undefined) throw new Unsupported()
      first = false
      const lo = this.classItem()
      if (lo.ranges !== undefined) {
        pushAll(ranges, lo.ranges)
        continue
      }
      const code = lo.code!
      if (this.peek() === '-' && this.pos + 1 < this.src.length && this.src[this.pos + 1] !== ']') {
        this.pos++
        const hi = this.classItem()
        if (hi.code === undefined || hi.code < code) throw new Unsupported()
        ranges.push([code, hi.code])
      } else ranges.push([code, code])
    }
    this.pos++
    return charSet(ranges, negate)
  }
}

// Thompson NFA. Kinds: a character step, a split into two, ^ and $ assertions, the match.
const STEP = 0
const SPLIT = 1
const BOL = 2
const EOL = 3
const MATCH = 4

/** The DFA state of no live thread and no new one to start (an anchored pattern that failed). */
const DEAD = 1

/** NFA states past this make the pattern "too large" for the DFA; re2js takes it. */
const MAX_NFA_STATES = 5000
/** DFA states past this stop the DFA (a pattern whose inputs keep reaching new states). */
const MAX_DFA_STATES = 1024

class Nfa {
  readonly kind: number[] = []
  readonly out: number[] = []
  readonly out2: number[] = []
  readonly sets: (CharSet | undefined)[] = []

  add(kind: number, set?: CharSet): number {
    if (this.kind.length >= MAX_NFA_STATES) throw new Unsupported()
    this.kind.push(kind)
    this.out.push(-1)
    this.out2.push(-1)
    this.sets.push(set)
    return this.kind.length - 1
  }

  /** Compiles `node` to continue at `next`; returns its entry state. */
  compile(node: Node, next: number): number {
    switch (node.t) {
      case 'set': {
        const s = this.add(STEP, node.set)
        this.out[s] = next
        return s
      }
      case 'bol':
      case 'eol': {
        const s = this.add(node.t === 'bol' ? BOL : EOL)
        this.out[s] = next
        return s
      }
      case 'cat': {
        let entry = next
        for (let i = node.items.length - 1; i >= 0; i--) entry = this.compile(node.items[i]!, entry)
        return entry
      }
      case 'alt': {
        let entry = this.compile(node.items[node.items.length - 1]!, next)
        for (let i = node.items.length - 2; i >= 0; i--) {
          const s = this.add(SPLIT)
          this.out[s] = this.compile(node.items[i]!, next)
          this.out2[s] = entry
          entry = s
        }
        return entry
      }
      case 'rep': {
        let entry = next
        if (node.max === Infinity) {
          // x*: a split looping back through x.
          const loop = this.add(SPLIT)
          this.out[loop] = this.compile(node.node, loop)
          this.out2[loop] = next
          entry = loop
        } else {
          // (x(x(x)?)?)? for the optional copies.
          for (let i = node.min; i < node.max; i++) {
            const s = this.add(SPLIT)
            this.out[s] = this.compile(node.node, entry)
            this.out2[s] = next
            entry = s
          }
        }
        for (let i = 0; i < node.min; i++) entry = this.compile(node.node, entry)
        return entry
      }
    }
  }
}

/**
 * The compiled matcher: DFA states are sets of NFA states (character steps, `$` assertions and
 * the match) reached through splits; each has a 129-entry transition row built on first use.
 */
class Dfa {
  /** Transition table, SYMBOLS entries per state: -1 unknown, else the next state. */
  private trans = new Int32Array(SYMBOLS * 16).fill(-1)
  private readonly sets: number[][] = []
  /** 1 for states holding the match (the text matches once one is reached). */
  private matching = new Uint8Array(16)
  /** Whether the text may end here (`$` assertions followed), per state; undefined until asked. */
  private readonly endMatching: (boolean | undefined)[] = []
  private readonly index = new Map<string, number>()
  private readonly mark: Uint32Array
  private generation = 0
  exhausted = false

  constructor(
    private readonly nfa: Nfa,
    private readonly start: number
  ) {
    this.mark = new Uint32Array(nfa.kind.length)
    // State 0 is the start of the text, never reached again; state 1 (DEAD) the empty set.
    this.addState(this.closure([start], true, false))
    this.index.clear()
    this.addState([])
  }

  /** NFA states reachable from `from` without reading a character. */
  private closure(from: readonly number[], atStart: boolean, atEnd: boolean): number[] {
    const gen = ++this.generation
    const { kind, out, out2 } = this.nfa
    const result: number[] = []
    const stack = [...from].reverse()
    while (stack.length > 0) {
      const s = stack.pop()!
      if (this.mark[s] === gen) continue
      this.mark[s] = gen
      switch (kind[s]) {
        case SPLIT:
          stack.push(out2[s]!, out[s]!)
          break
        case BOL:
          if (atStart) stack.push(out[s]!)
          break
        case EOL:
          if (atEnd) stack.push(out[s]!)
          else result.push(s)
          break
        default:
          result.push(s)
      }
    }
    return result.sort((a, b) => a - b)
  }

  private addState(set: number[]): number {
    const id = this.sets.length
    this.sets.push(set)
    this.endMatching.push(undefined)
    this.index.set(set.join(','), id)
    if (id >= this.matching.length) {
      const trans = new Int32Array(this.trans.length * 2).fill(-1)
      trans.set(this.trans)
      this.trans = trans
      const matching = new Uint8Array(this.matching.length * 2)
      matching.set(this.matching)
      this.matching = matching
    }
    this.matching[id] = set.some((s) => this.nfa.kind[s] === MATCH) ? 1 : 0
    return id
  }

  /** The state after reading `symbol` in `state`; a new search also starts at every position. */
  private step(state: number, symbol: number): number {
    const { kind, out, sets } = this.nfa
    const next: number[] = []
    for (const s of this.sets[state]!) {
      if (kind[s] === STEP && sets[s]![symbol] === 1) next.push(out[s]!)
    }
    next.push(this.start)
    const set = this.closure(next, false, false)
    const key = set.join(',')
    let id = this.index.get(key)
    if (id === undefined) {
      if (this.sets.length >= MAX_DFA_STATES) {
        this.exhausted = true
        return -1
      }
      id = this.addState(set)
    }
    this.trans[state * SYMBOLS + symbol] = id
    return id
  }

  private matchesAtEnd(state: number, atStart: boolean): boolean {
    const cached = atStart ? undefined : this.endMatching[state]
    if (cached !== undefined) return cached
    const set = this.closure(atStart ? [this.start] : this.sets[state]!, atStart, true)
    const result = set.some((s) => this.nfa.kind[s] === MATCH)
    if (!atStart) this.endMatching[state] = result
    return result
  }

  /** Whether the pattern matches anywhere in `text`; undefined when the DFA ran out of states. */
  test(text: string): boolean | undefined {
    let trans = this.trans
    let matching = this.matching
    let state = 0
    const n = text.length
    for (let i = 0; i < n; i++) {
      if (matching[state] === 1) return true
      if (state === DEAD) return false
      let c = text.charCodeAt(i)
      if (c >= 0x80) {
        // A surrogate pair is one code point (Go reads runes).
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
          const d = text.charCodeAt(i + 1)
          if (d >= 0xdc00 && d <= 0xdfff) i++
        }
        c = OTHER
      }
      let next = trans[state * SYMBOLS + c]!
      if (next < 0) {
        next = this.step(state, c)
        if (next < 0) return undefined
        trans = this.trans
        matching = this.matching
      }
      state = next
    }
    return matching[state] === 1 || this.matchesAtEnd(state, n === 0)
  }
}

/** A DFA for the pattern, or undefined outside the subset (re2js then matches it). */
export function compileRegexDfa(
  pattern: string
): ((text: string) => boolean | undefined) | undefined {
  let dfa: Dfa
  try {
    const nfa = new Nfa()
    const matchState = nfa.add(MATCH)
    const start = nfa.compile(new Parser(pattern).parse(), matchState)
    dfa = new Dfa(nfa, start)
  } catch (error) {
    if (error instanceof Unsupported) return undefined
    throw error
  }
  return (text) => (dfa.exhausted ? undefined : dfa.test(text))
}
