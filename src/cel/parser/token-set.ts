// A small set of token types (EPSILON = -2, EOF = -1, 0..63) as two bit words plus flags.

import { tokenDisplayName } from './tokens.js'

export const EPSILON = -2

export class TokenSet {
  private lo = 0
  private hi = 0
  private eof = false
  private epsilon = false

  static of(...types: number[]): TokenSet {
    return TokenSet.from(types)
  }

  static from(types: Iterable<number>): TokenSet {
    const s = new TokenSet()
    for (const t of types) s.add(t)
    return s
  }

  add(t: number): this {
    if (t === EPSILON) this.epsilon = true
    else if (t === -1) this.eof = true
    else if (t < 32) this.lo |= 1 << t
    else this.hi |= 1 << (t - 32)
    return this
  }

  addSet(other: TokenSet): this {
    this.lo |= other.lo
    this.hi |= other.hi
    this.eof ||= other.eof
    this.epsilon ||= other.epsilon
    return this
  }

  remove(t: number): this {
    if (t === EPSILON) this.epsilon = false
    else if (t === -1) this.eof = false
    else if (t < 32) this.lo &= ~(1 << t)
    else this.hi &= ~(1 << (t - 32))
    return this
  }

  contains(t: number): boolean {
    if (t === EPSILON) return this.epsilon
    if (t === -1) return this.eof
    if (t < 0) return false
    if (t < 32) return (this.lo & (1 << t)) !== 0
    if (t < 64) return (this.hi & (1 << (t - 32))) !== 0
    return false
  }

  intersects(other: TokenSet): boolean {
    return (
      (this.lo & other.lo) !== 0 ||
      (this.hi & other.hi) !== 0 ||
      (this.eof && other.eof) ||
      (this.epsilon && other.epsilon)
    )
  }

  isEmpty(): boolean {
    return this.lo === 0 && this.hi === 0 && !this.eof && !this.epsilon
  }

  copy(): TokenSet {
    return new TokenSet().addSet(this)
  }

  /** Members in ascending order (EPSILON, EOF, then token types). */
  toArray(): number[] {
    const out: number[] = []
    if (this.epsilon) out.push(EPSILON)
    if (this.eof) out.push(-1)
    for (let t = 0; t < 64; t++) if (this.contains(t)) out.push(t)
    return out
  }

  /** Smallest member, or undefined when empty (IntervalSet.first). */
  first(): number | undefined {
    return this.toArray()[0]
  }

  /** The form ANTLR prints in "expecting ..." messages. */
  toDisplayString(): string {
    const names = this.toArray().map(tokenDisplayName)
    if (names.length === 1) return names[0]!
    return `{${names.join(', ')}}`
  }
}
