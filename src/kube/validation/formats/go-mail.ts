/**
 * Go's `net/mail.ParseAddress`, as far as the `email` format needs it (strfmt.IsEmail: the
 * parse succeeds and yields a non-empty address): a single RFC 5322 address — an addr-spec,
 * `Name <addr-spec>`, `addr-spec (Comment)`, or a group holding exactly one address — with Go's
 * permissive phrase parsing and RFC 2047 encoded-word handling in display names.
 */
import { isIPStrict } from './go-net.js'
import { pushAll } from '../../../common/arrays.js'

class MailError extends Error {}

/** The parsed address (`Address.Address`), or undefined when Go's parser rejects the input. */
export function parseMailAddress(address: string): string | undefined {
  try {
    return new AddressParser(address).parseSingleAddress()
  } catch (error) {
    if (error instanceof MailError) return undefined
    throw error
  }
}

const fail = (message: string): never => {
  throw new MailError(message)
}

/** RFC 5322 VCHAR, plus any non-ASCII character (RFC 6532). */
const isVchar = (c: number): boolean => (c >= 0x21 && c <= 0x7e) || c >= 0x80
const isWSP = (c: number): boolean => c === 0x20 || c === 0x09
const SPECIALS = new Set([...'()<>[]:;@\\,"'].map((c) => c.charCodeAt(0)))
const isAtext = (c: number, dot: boolean): boolean =>
  c === 0x2e ? dot : !SPECIALS.has(c) && isVchar(c)
const isQtext = (c: number): boolean => c !== 0x5c && c !== 0x22 && isVchar(c)
const isDtext = (c: number): boolean => c !== 0x5b && c !== 0x5d && c !== 0x5c && isVchar(c)
/** A lone surrogate stands for bytes that are not UTF-8 (utf8.RuneError of size 1). */
const isBadRune = (c: number): boolean => c >= 0xd800 && c <= 0xdfff

class AddressParser {
  constructor(private s: string) {}

  parseSingleAddress(): string {
    const addresses = this.parseAddress(true)
    if (!this.skipCFWS()) fail('misformatted parenthetical comment')
    if (this.s.length > 0) fail('expected single address')
    if (addresses.length !== 1) fail('group without exactly one address')
    return addresses[0]!
  }

  private parseAddress(handleGroup: boolean): string[] {
    this.skipSpace()
    if (this.s.length === 0) fail('no address')
    // An addr-spec is tried first; a name-addr is the fallback.
    const spec = this.tryAddrSpec()
    if (spec !== undefined) {
      this.skipSpace()
      if (this.s.length > 0 && this.s[0] === '(') this.consumeDisplayNameComment()
      return [spec]
    }
    let displayName = ''
    if (this.s[0] !== '<') displayName = this.consumePhrase()
    this.skipSpace()
    if (handleGroup && this.consume(':')) return this.consumeGroupList()
    if (!this.consume('<')) {
      const allAtext = [...displayName].every((r) => isAtext(r.codePointAt(0)!, true))
      fail(allAtext ? "missing '@' or angle-addr" : 'no angle-addr')
    }
    const inner = this.consumeAddrSpec()
    if (!this.consume('>')) fail('unclosed angle-addr')
    return [inner]
  }

  private consumeGroupList(): string[] {
    const group: string[] = []
    this.skipSpace()
    if (this.consume(';')) {
      if (!this.skipCFWS()) fail('misformatted parenthetical comment')
      return group
    }
    for (;;) {
      this.skipSpace()
      pushAll(group, this.parseAddress(false))
      if (!this.skipCFWS()) fail('misformatted parenthetical comment')
      if (this.consume(';')) {
        if (!this.skipCFWS()) fail('misformatted parenthetical comment')
        break
      }
      if (!this.consume(',')) fail('expected comma')
    }
    return group
  }

  /** consumeAddrSpec, restoring the input when it fails. */
  private tryAddrSpec(): string | undefined {
    const saved = this.s
    try {
      return this.consumeAddrSpec()
    } catch (error) {
      if (!(error instanceof MailError)) throw error
      this.s = saved
      return undefined
    }
  }

  private consumeAddrSpec(): string {
    const saved = this.s
    try {
      this.skipSpace()
      if (this.s.length === 0) fail('no addr-spec')
      let localPart: string
      if (this.s[0] === '"') {
        localPart = this.consumeQuotedString()
        if (localPart === '') fail('empty quoted string in addr-spec')
      } else {
        localPart = this.consumeAtom(true, false)
      }
      if (!this.consume('@')) fail('missing @ in addr-spec')
      this.skipSpace()
      if (this.s.length === 0) fail('no domain in addr-spec')
      const domain = this.s[0] === '[' ? this.consumeDomainLiteral() : this.consumeAtom(true, false)
      return `${localPart}@${domain}`
    } catch (error) {
      this.s = saved
      throw error
    }
  }

  private consumePhrase(): string {
    const words: string[] = []
    let previousEncoded = false
    let failed = false
    for (;;) {
      if (words.length > 0 && !this.skipCFWS()) fail('misformatted parenthetical comment')
      this.skipSpace()
      if (this.s.length === 0) break
      let word: string
      let encoded = false
      try {
        if (this.s[0] === '"') {
          word = this.consumeQuotedString()
        } else {
          word = this.consumeAtom(true, true)
          ;[word, encoded] = decodeRFC2047Word(word)
        }
      } catch (error) {
        if (!(error instanceof MailError)) throw error
        failed = true
        break
      }
      if (previousEncoded && encoded) words[words.length - 1] += word
      else words.push(word)
      previousEncoded = encoded
    }
    if (failed && words.length === 0) fail('missing word in phrase')
    return words.join(' ')
  }

  private consumeQuotedString(): string {
    const runes = [...this.s]
    let out = ''
    let escaped = false
    let i = 1
    let consumedUnits = 1
    for (; ; i++) {
      const r = runes[i]
      if (r === undefined) fail('unclosed quoted-string')
      const c = r!.codePointAt(0)!
      consumedUnits += r!.length
      if (isBadRune(c)) fail('invalid utf-8 in quoted-string')
      if (escaped) {
        if (!isVchar(c) && !isWSP(c)) fail('bad character in quoted-string')
        out += r
        escaped = false
      } else if (isQtext(c) || isWSP(c)) {
        out += r
      } else if (c === 0x22) {
        break
      } else if (c === 0x5c) {
        escaped = true
      } else {
        fail('bad character in quoted-string')
      }
    }
    this.s = this.s.slice(consumedUnits)
    return out
  }

  private consumeAtom(dot: boolean, permissive: boolean): string {
    let end = 0
    for (const r of this.s) {
      const c = r.codePointAt(0)!
      if (isBadRune(c)) fail('invalid utf-8 in address')
      if (!isAtext(c, dot)) break
      end += r.length
    }
    if (end === 0) fail('invalid string')
    const atom = this.s.slice(0, end)
    this.s = this.s.slice(end)
    if (!permissive) {
      if (atom.startsWith('.')) fail('leading dot in atom')
      if (atom.includes('..')) fail('double dot in atom')
      if (atom.endsWith('.')) fail('trailing dot in atom')
    }
    return atom
  }

  private consumeDomainLiteral(): string {
    if (!this.consume('[')) fail('missing "[" in domain-literal')
    let dtext = ''
    for (;;) {
      if (this.s.length === 0) fail('unclosed domain-literal')
      if (this.s[0] === ']') break
      const r = String.fromCodePoint(this.s.codePointAt(0)!)
      const c = r.codePointAt(0)!
      if (isBadRune(c)) fail('invalid utf-8 in domain-literal')
      if (!isDtext(c)) fail('bad character in domain-literal')
      dtext += r
      this.s = this.s.slice(r.length)
    }
    if (!this.consume(']')) fail('unclosed domain-literal')
    if (!isIPStrict(dtext)) fail('invalid IP address in domain-literal')
    return `[${dtext}]`
  }

  private consumeDisplayNameComment(): void {
    if (!this.consume('(')) fail('comment does not start with (')
    const comment = this.consumeComment()
    if (comment === undefined) fail('misformatted parenthetical comment')
    for (const word of comment!.split(/[ \t]+/).filter((w) => w !== '')) decodeRFC2047Word(word)
  }

  private consume(c: string): boolean {
    if (this.s.length === 0 || this.s[0] !== c) return false
    this.s = this.s.slice(1)
    return true
  }

  private skipSpace(): void {
    this.s = this.s.replace(/^[ \t]+/, '')
  }

  private skipCFWS(): boolean {
    this.skipSpace()
    while (this.consume('(')) {
      if (this.consumeComment() === undefined) return false
      this.skipSpace()
    }
    return true
  }

  /** The comment after its '(' up to the matching ')', or undefined when unbalanced. */
  private consumeComment(): string | undefined {
    let depth = 1
    let comment = ''
    while (this.s.length > 0 && depth > 0) {
      if (this.s[0] === '\\' && this.s.length > 1) this.s = this.s.slice(1)
      else if (this.s[0] === '(') depth++
      else if (this.s[0] === ')') depth--
      if (depth > 0) comment += this.s[0]
      this.s = this.s.slice(1)
    }
    return depth === 0 ? comment : undefined
  }
}

/**
 * `decodeRFC2047Word` with the default decoder: [word, isEncoded]. An encoded-word in a charset
 * Go cannot convert (anything but UTF-8, US-ASCII and ISO-8859-1) is an error; malformed
 * encoded-words are kept as plain text.
 */
function decodeRFC2047Word(s: string): [string, boolean] {
  if (s.length < 8 || !s.startsWith('=?') || !s.endsWith('?=') || s.split('?').length - 1 !== 4) {
    return [s, false]
  }
  const inner = s.slice(2, -2)
  const [charset = '', encoding = '', text = ''] = inner.split('?')
  if (charset === '' || encoding.length !== 1) return [s, false]
  if (!decodesAs(encoding, text)) return [s, false]
  if (!['utf-8', 'us-ascii', 'iso-8859-1'].includes(charset.toLowerCase())) {
    fail(`charset not supported: ${charset}`)
  }
  return [s, true]
}

/** Whether RFC 2047 `B` or `Q` encoded text decodes. */
function decodesAs(encoding: string, text: string): boolean {
  if (encoding === 'B' || encoding === 'b') {
    return /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)
  }
  if (encoding !== 'Q' && encoding !== 'q') return false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (text[i] === '=') {
      if (!/^[0-9A-Fa-f]{2}/.test(text.slice(i + 1, i + 3))) return false
      i += 2
    } else if (!((c >= 0x20 && c <= 0x7e) || c === 0x0a || c === 0x0d || c === 0x09)) {
      return false
    }
  }
  return true
}
