// A buffered token stream that fetches tokens from the lexer on demand, like ANTLR's
// CommonTokenStream: lexer errors are reported at the moment a token is fetched, which
// decides which of them are reported when parsing stops early (recursion limits).

import type { Lexer } from './lexer.js'
import { DEFAULT_CHANNEL, T, type Token } from './tokens.js'

export class TokenStream {
  private readonly tokens: Token[] = []
  private fetchedEOF = false
  private p = -1

  constructor(private readonly lexer: Lexer) {}

  /** Index of the current (LT(1)) token. */
  index(): number {
    this.lazyInit()
    return this.p
  }

  get(i: number): Token {
    this.lazyInit()
    return this.tokens[i]!
  }

  LA(k: number): number {
    if (k === 1 && this.p >= 0) return this.tokens[this.p]!.type
    return this.LT(k)!.type
  }

  LT(k: number): Token | undefined {
    if (k === 1 && this.p >= 0) return this.tokens[this.p]
    this.lazyInit()
    if (k === 0) return undefined
    if (k < 0) return this.LB(-k)
    let i = this.p
    for (let n = 1; n < k; n++) {
      if (this.sync(i + 1)) i = this.nextTokenOnChannel(i + 1)
    }
    return this.tokens[i]
  }

  consume(): void {
    this.lazyInit()
    let skipEOFCheck: boolean
    if (this.fetchedEOF) skipEOFCheck = this.p < this.tokens.length - 1
    else skipEOFCheck = this.p < this.tokens.length
    if (!skipEOFCheck && this.LA(1) === T.EOF) throw new Error('cannot consume EOF')
    if (this.sync(this.p + 1)) this.p = this.nextTokenOnChannel(this.p + 1)
  }

  seek(index: number): void {
    this.lazyInit()
    const t = this.tokens[index]
    this.p =
      t !== undefined && t.channel === DEFAULT_CHANNEL ? index : this.nextTokenOnChannel(index)
  }

  /** Text of the tokens from start to stop (inclusive, hidden ones too), EOF excluded. */
  getText(start: Token, stop: Token): string {
    this.lazyInit()
    const from = start.tokenIndex
    let to = stop.tokenIndex
    if (from < 0 || to < 0) return ''
    this.sync(to)
    if (to >= this.tokens.length) to = this.tokens.length - 1
    let s = ''
    for (let i = from; i <= to; i++) {
      const t = this.tokens[i]!
      if (t.type === T.EOF) break
      s += t.text
    }
    return s
  }

  private LB(k: number): Token | undefined {
    if (this.p - k < 0) return undefined
    let i = this.p
    for (let n = 1; n <= k; n++) i = this.previousTokenOnChannel(i - 1)
    return i < 0 ? undefined : this.tokens[i]
  }

  private lazyInit(): void {
    if (this.p === -1) {
      this.sync(0)
      this.p = this.nextTokenOnChannel(0)
    }
  }

  private sync(i: number): boolean {
    const n = i - this.tokens.length + 1
    if (n > 0) return this.fetch(n) >= n
    return true
  }

  private fetch(n: number): number {
    if (this.fetchedEOF) return 0
    for (let i = 0; i < n; i++) {
      const t = this.lexer.nextToken()
      t.tokenIndex = this.tokens.length
      this.tokens.push(t)
      if (t.type === T.EOF) {
        this.fetchedEOF = true
        return i + 1
      }
    }
    return n
  }

  private nextTokenOnChannel(i: number): number {
    this.sync(i)
    if (i >= this.tokens.length) return -1
    let token = this.tokens[i]!
    while (token.channel !== DEFAULT_CHANNEL) {
      if (token.type === T.EOF) return -1
      i++
      this.sync(i)
      token = this.tokens[i]!
    }
    return i
  }

  private previousTokenOnChannel(i: number): number {
    this.sync(i)
    if (i >= this.tokens.length) return this.tokens.length - 1
    while (i >= 0) {
      const token = this.tokens[i]!
      if (token.type === T.EOF || token.channel === DEFAULT_CHANNEL) return i
      i--
    }
    return i
  }
}
