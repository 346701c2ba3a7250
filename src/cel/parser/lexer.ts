// Hand-written lexer with the exact behaviour of the ANTLR lexer generated from cel-go's
// CEL.g4: longest match, ties to the earlier rule (keywords before IDENTIFIER), fall back to
// the longest accepted prefix when a longer candidate dies, triple-quoted strings ending at
// the first closing delimiter (non-greedy loop), and ANTLR's error recovery: when no token
// matches, report "token recognition error at: '<text up to and including the failing
// character>'" at the token start, skip the failing character and go on.

import type { Source } from '../common/source.js'
import { DEFAULT_CHANNEL, HIDDEN_CHANNEL, T, type Token } from './tokens.js'

export type LexerErrorListener = (line: number, column: number, message: string) => void

const EOF = -1

// Character classes (ASCII only, as in the grammar).
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}
function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
}
function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
}
function isIdentStart(c: number): boolean {
  return isLetter(c) || c === 95
}
function isIdentPart(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === 95
}
function isWhitespace(c: number): boolean {
  return c === 9 || c === 32 || c === 13 || c === 10 || c === 12
}
function isEscIdentPart(c: number): boolean {
  // LETTER | DIGIT | '_' | '.' | '-' | '/' | ' '
  return isIdentPart(c) || c === 46 || c === 45 || c === 47 || c === 32
}

/**
 * Result of matching one token at a position: the accepted token (type and end, exclusive)
 * or, when nothing was accepted, the position of the character where every candidate died.
 */
interface Match {
  type: number
  end: number
  dead: number
}

const NO_ACCEPT = -2

export interface LexerOptions {
  /** Whether the grammar has ESC_IDENTIFIER (cel-go >= 0.23). */
  escapedIdentifiers: boolean
}

export class Lexer {
  private readonly cps: Int32Array
  private readonly n: number
  private index = 0
  private line = 1
  private column = 0
  private hitEOF = false
  private readonly match: Match = { type: NO_ACCEPT, end: 0, dead: 0 }

  constructor(
    private readonly source: Source,
    private readonly options: LexerOptions,
    private readonly onError: LexerErrorListener
  ) {
    this.cps = source.codePoints
    this.n = this.cps.length
  }

  /** Returns the next token, hidden ones (whitespace, comments) included, EOF at the end. */
  nextToken(): Token {
    for (;;) {
      if (this.hitEOF || this.index >= this.n) {
        this.hitEOF = true
        return this.makeToken(T.EOF, this.index, this.index, this.line, this.column)
      }
      const start = this.index
      const line = this.line
      const column = this.column
      this.scan(start)
      const m = this.match
      if (m.type === NO_ACCEPT) {
        // Report from the token start through the failing character, then skip the failing
        // character only (ANTLR's LexerATNSimulator consumes one character on recovery).
        const stop = Math.min(m.dead, this.n - 1)
        this.onError(
          line,
          column,
          `token recognition error at: '${this.source.slice(start, stop + 1)}'`
        )
        this.advanceTo(m.dead < this.n ? m.dead + 1 : this.n)
        if (this.index >= this.n) this.hitEOF = true
        continue
      }
      this.advanceTo(m.end)
      if (this.index >= this.n) this.hitEOF = true
      return this.makeToken(m.type, start, m.end, line, column)
    }
  }

  private makeToken(type: number, start: number, end: number, line: number, column: number): Token {
    const channel = type === T.WHITESPACE || type === T.COMMENT ? HIDDEN_CHANNEL : DEFAULT_CHANNEL
    return {
      type,
      channel,
      start,
      stop: end - 1,
      line,
      column,
      tokenIndex: -1,
      text: type === T.EOF ? '<EOF>' : this.source.slice(start, end)
    }
  }

  private advanceTo(end: number): void {
    const cps = this.cps
    for (let i = this.index; i < end; i++) {
      if (cps[i] === 10) {
        this.line++
        this.column = 0
      } else {
        this.column++
      }
    }
    this.index = end
  }

  private at(i: number): number {
    return i < this.n ? this.cps[i]! : EOF
  }

  private accept(type: number, end: number): void {
    this.match.type = type
    this.match.end = end
  }

  private fail(dead: number): void {
    this.match.type = NO_ACCEPT
    this.match.dead = dead
  }

  private scan(p: number): void {
    const c = this.cps[p]!
    const next = this.at(p + 1)
    switch (c) {
      case 9:
      case 10:
      case 12:
      case 13:
      case 32: {
        let i = p + 1
        while (isWhitespace(this.at(i))) i++
        return this.accept(T.WHITESPACE, i)
      }
      case 61: // '='
        return next === 61 ? this.accept(T.EQUALS, p + 2) : this.fail(p + 1)
      case 33: // '!'
        return next === 61 ? this.accept(T.NOT_EQUALS, p + 2) : this.accept(T.EXCLAM, p + 1)
      case 60: // '<'
        return next === 61 ? this.accept(T.LESS_EQUALS, p + 2) : this.accept(T.LESS, p + 1)
      case 62: // '>'
        return next === 61 ? this.accept(T.GREATER_EQUALS, p + 2) : this.accept(T.GREATER, p + 1)
      case 38: // '&'
        return next === 38 ? this.accept(T.LOGICAL_AND, p + 2) : this.fail(p + 1)
      case 124: // '|'
        return next === 124 ? this.accept(T.LOGICAL_OR, p + 2) : this.fail(p + 1)
      case 91:
        return this.accept(T.LBRACKET, p + 1)
      case 93:
        return this.accept(T.RPRACKET, p + 1)
      case 123:
        return this.accept(T.LBRACE, p + 1)
      case 125:
        return this.accept(T.RBRACE, p + 1)
      case 40:
        return this.accept(T.LPAREN, p + 1)
      case 41:
        return this.accept(T.RPAREN, p + 1)
      case 44:
        return this.accept(T.COMMA, p + 1)
      case 45:
        return this.accept(T.MINUS, p + 1)
      case 63:
        return this.accept(T.QUESTIONMARK, p + 1)
      case 58:
        return this.accept(T.COLON, p + 1)
      case 43:
        return this.accept(T.PLUS, p + 1)
      case 42:
        return this.accept(T.STAR, p + 1)
      case 37:
        return this.accept(T.PERCENT, p + 1)
      case 47: // '/' or a comment
        if (next === 47) {
          let i = p + 2
          while (i < this.n && this.cps[i] !== 10) i++
          return this.accept(T.COMMENT, i)
        }
        return this.accept(T.SLASH, p + 1)
      case 46: // '.' or a float such as .5e3
        if (isDigit(next)) return this.fraction(p + 1)
        return this.accept(T.DOT, p + 1)
      case 34: // '"'
      case 39: // "'"
        this.match.type = NO_ACCEPT
        return this.string(p, T.STRING, false)
      case 96: // '`'
        if (!this.options.escapedIdentifiers) return this.fail(p)
        return this.escapedIdentifier(p)
    }
    if (isDigit(c)) return this.number(p)
    if (isIdentStart(c)) return this.identifier(p)
    return this.fail(p)
  }

  /** Digits after a '.' (at least one is known to be there), then an optional exponent. */
  private fraction(i: number): void {
    while (isDigit(this.at(i))) i++
    this.accept(T.NUM_FLOAT, i)
    this.exponent(i)
  }

  /** Extends the accepted float with an exponent when one follows at i. */
  private exponent(i: number): void {
    const e = this.at(i)
    if (e !== 101 && e !== 69) return
    let j = i + 1
    const sign = this.at(j)
    if (sign === 43 || sign === 45) j++
    if (!isDigit(this.at(j))) return
    while (isDigit(this.at(j))) j++
    this.accept(T.NUM_FLOAT, j)
  }

  private number(p: number): void {
    if (this.cps[p] === 48 && this.at(p + 1) === 120 && isHex(this.at(p + 2))) {
      let i = p + 2
      while (isHex(this.at(i))) i++
      const u = this.at(i)
      return u === 117 || u === 85 ? this.accept(T.NUM_UINT, i + 1) : this.accept(T.NUM_INT, i)
    }
    let i = p + 1
    while (isDigit(this.at(i))) i++
    const c = this.at(i)
    if (c === 117 || c === 85) return this.accept(T.NUM_UINT, i + 1)
    this.accept(T.NUM_INT, i)
    if (c === 46 && isDigit(this.at(i + 1))) return this.fraction(i + 1)
    this.exponent(i)
  }

  private identifier(p: number): void {
    let i = p + 1
    while (isIdentPart(this.at(i))) i++
    const len = i - p
    let type: number = T.IDENTIFIER
    const cps = this.cps
    if (len === 2 && cps[p] === 105 && cps[p + 1] === 110) type = T.IN
    else if (len === 4 && this.source.slice(p, i) === 'true') type = T.CEL_TRUE
    else if (len === 4 && this.source.slice(p, i) === 'null') type = T.NUL
    else if (len === 5 && this.source.slice(p, i) === 'false') type = T.CEL_FALSE
    this.accept(type, i)
    // String prefixes: r/R (raw), b/B (bytes), b/B r/R (raw bytes). A string that completes is
    // longer than the identifier; one that dies leaves the identifier as the longest match.
    const c = cps[p]!
    const q1 = this.at(p + 1)
    if ((c === 114 || c === 82) && (q1 === 34 || q1 === 39)) {
      this.stringAfterPrefix(p + 1, T.STRING, true)
    } else if (c === 98 || c === 66) {
      if (q1 === 34 || q1 === 39) this.stringAfterPrefix(p + 1, T.BYTES, false)
      else if (q1 === 114 || q1 === 82) {
        const q2 = this.at(p + 2)
        if (q2 === 34 || q2 === 39) this.stringAfterPrefix(p + 2, T.BYTES, true)
      }
    }
  }

  /** Tries a string after a prefix; keeps the identifier accept when the string dies. */
  private stringAfterPrefix(q: number, type: number, raw: boolean): void {
    const identType = this.match.type
    const identEnd = this.match.end
    this.string(q, type, raw)
    if (this.match.type === NO_ACCEPT) this.accept(identType, identEnd)
  }

  /**
   * Matches a quoted string whose opening quote is at q. Leaves an accept (the longest
   * completed candidate) or a failure at the position where every candidate died.
   */
  private string(q: number, type: number, raw: boolean): void {
    const quote = this.cps[q]!
    if (this.at(q + 1) === quote && this.at(q + 2) === quote) {
      // '' is a complete (empty) string; a third quote opens a triple-quoted string.
      this.accept(type, q + 2)
      const end = this.tripleBody(q + 3, quote, raw)
      if (end >= 0) this.accept(type, end)
      return
    }
    let i = q + 1
    for (;;) {
      const c = this.at(i)
      if (c === quote) return this.accept(type, i + 1)
      if (c === EOF || c === 10 || c === 13) return this.fail(i)
      if (c === 92 && !raw) {
        const after = this.escape(i)
        if (after < 0) return this.fail(-after - 1)
        i = after
        continue
      }
      i++
    }
  }

  /** Body of a triple-quoted string; returns the end (exclusive) or -1 when it dies. */
  private tripleBody(i: number, quote: number, raw: boolean): number {
    for (;;) {
      const c = this.at(i)
      if (c === EOF) return -1
      if (c === quote && this.at(i + 1) === quote && this.at(i + 2) === quote) return i + 3
      if (c === 92 && !raw) {
        const after = this.escape(i)
        if (after < 0) return -1
        i = after
        continue
      }
      i++
    }
  }

  /**
   * An escape sequence starting with the backslash at i. Returns the index after it, or
   * -(dead + 1) where dead is the first character that does not fit.
   */
  private escape(i: number): number {
    const c = this.at(i + 1)
    switch (c) {
      case 97: // a b f n r t v " ' \ ? `
      case 98:
      case 102:
      case 110:
      case 114:
      case 116:
      case 118:
      case 34:
      case 39:
      case 92:
      case 63:
      case 96:
        return i + 2
      case 120: // x X: two hex digits
      case 88:
        return this.digits(i + 2, 2, isHex)
      case 117: // u: four hex digits
        return this.digits(i + 2, 4, isHex)
      case 85: // U: eight hex digits
        return this.digits(i + 2, 8, isHex)
      case 48: // octal \[0-3][0-7][0-7]
      case 49:
      case 50:
      case 51:
        return this.digits(i + 2, 2, isOctal)
      default:
        return -(i + 1) - 1
    }
  }

  private digits(i: number, count: number, test: (c: number) => boolean): number {
    for (let k = 0; k < count; k++) {
      if (!test(this.at(i + k))) return -(i + k) - 1
    }
    return i + count
  }

  private escapedIdentifier(p: number): void {
    let i = p + 1
    if (!isEscIdentPart(this.at(i))) return this.fail(i)
    while (isEscIdentPart(this.at(i))) i++
    if (this.at(i) === 96) return this.accept(T.ESC_IDENTIFIER, i + 1)
    return this.fail(i)
  }
}

function isOctal(c: number): boolean {
  return c >= 48 && c <= 55
}
