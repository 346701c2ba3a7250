/**
 * Go's net/netip Addr and Prefix, as far as the Kubernetes ip() and cidr() libraries use them:
 * parsing with Go's error messages, the canonical text (RFC 5952 for IPv6), the address
 * classes, and prefix containment. Behaviour of the newest Go release Kubernetes builds with.
 */
import { goQuote } from './strconv.js'

export class NetipError extends Error {
  override name = 'NetipError'
}

/** An IPv4 or IPv6 address (never the zero Addr: parsing either succeeds or throws). */
export class Addr {
  private constructor(
    /** The 128-bit address; IPv4 addresses are stored as IPv4-mapped IPv6. */
    readonly bits: bigint,
    readonly is4: boolean,
    /** IPv6 zone, '' when none. */
    readonly zone: string
  ) {}

  static from4(bytes: readonly number[]): Addr {
    let v = 0xffffn
    for (const b of bytes) v = (v << 8n) | BigInt(b)
    return new Addr(v, true, '')
  }

  static from16(bytes: readonly number[], zone = ''): Addr {
    let v = 0n
    for (const b of bytes) v = (v << 8n) | BigInt(b)
    return new Addr(v, false, zone)
  }

  get is6(): boolean {
    return !this.is4
  }

  bitLen(): 32 | 128 {
    return this.is4 ? 32 : 128
  }

  /** IPv4-mapped IPv6 (::ffff:a.b.c.d). */
  is4In6(): boolean {
    return this.is6 && this.bits >> 32n === 0xffffn
  }

  private unmap(): Addr {
    return this.is4In6() ? new Addr(this.bits, true, '') : this
  }

  private v4(i: number): number {
    return Number((this.bits >> BigInt((3 - i) * 8)) & 0xffn)
  }

  private v6u16(i: number): number {
    return Number((this.bits >> BigInt((7 - i) * 16)) & 0xffffn)
  }

  /** AsSlice: 4 bytes for IPv4, 16 for IPv6. */
  bytes(): number[] {
    const n = this.is4 ? 4 : 16
    const out: number[] = []
    for (let i = n - 1; i >= 0; i--) out.push(Number((this.bits >> BigInt(i * 8)) & 0xffn))
    return out
  }

  isUnspecified(): boolean {
    return this.zone === '' && (this.is4 ? this.bits === 0xffff00000000n : this.bits === 0n)
  }

  isLoopback(): boolean {
    const ip = this.unmap()
    if (ip.is4) return ip.v4(0) === 127
    return ip.bits === 1n
  }

  isMulticast(): boolean {
    const ip = this.unmap()
    if (ip.is4) return (ip.v4(0) & 0xf0) === 0xe0
    return ip.bits >> 120n === 0xffn
  }

  isLinkLocalMulticast(): boolean {
    const ip = this.unmap()
    if (ip.is4) return ip.v4(0) === 224 && ip.v4(1) === 0 && ip.v4(2) === 0
    return (ip.v6u16(0) & 0xff0f) === 0xff02
  }

  isLinkLocalUnicast(): boolean {
    const ip = this.unmap()
    if (ip.is4) return ip.v4(0) === 169 && ip.v4(1) === 254
    return (ip.v6u16(0) & 0xffc0) === 0xfe80
  }

  /** Matches package net's IsGlobalUnicast: private and ULA addresses count as global. */
  isGlobalUnicast(): boolean {
    const ip = this.unmap()
    if (ip.is4 && (ip.bits === 0xffff00000000n || ip.bits === 0xffffffffffffn)) return false
    const unspecified6 = !ip.is4 && ip.bits === 0n && ip.zone === ''
    return !unspecified6 && !ip.isLoopback() && !ip.isMulticast() && !ip.isLinkLocalUnicast()
  }

  /** Addr.String(). */
  toString(): string {
    if (this.is4) return this.string4()
    if (this.is4In6()) {
      const text = `::ffff:${this.unmap().string4()}`
      return this.zone === '' ? text : `${text}%${this.zone}`
    }
    return this.string6()
  }

  private string4(): string {
    return [0, 1, 2, 3].map((i) => this.v4(i)).join('.')
  }

  /** RFC 5952: no leading zeros, the longest run (≥ 2) of zero groups as `::`, the first one. */
  private string6(): string {
    let zeroStart = -1
    let zeroEnd = -1
    for (let i = 0; i < 8; i++) {
      let j = i
      while (j < 8 && this.v6u16(j) === 0) j++
      if (j - i >= 2 && j - i > zeroEnd - zeroStart) {
        zeroStart = i
        zeroEnd = j
      }
    }
    let out = ''
    for (let i = 0; i < 8; i++) {
      if (i === zeroStart) {
        out += '::'
        i = zeroEnd
        if (i >= 8) break
      } else if (i > 0) {
        out += ':'
      }
      out += this.v6u16(i).toString(16)
    }
    return this.zone === '' ? out : `${out}%${this.zone}`
  }

  /** What `==` on Go's netip.Addr compares: family, bits and zone. */
  key(): string {
    return `${this.is4 ? 4 : 6}:${this.bits.toString(16)}%${this.zone}`
  }

  /** The address with all but the top `bits` bits cleared, without zone (Addr.Prefix). */
  masked(bits: number): Addr {
    const total = this.is4 ? 32 : 128
    const hostBits = BigInt(total - bits)
    const mask = ~((1n << hostBits) - 1n)
    return new Addr(this.bits & mask, this.is4, '')
  }

  withoutZone(): Addr {
    return this.zone === '' ? this : new Addr(this.bits, this.is4, '')
  }
}

class ParseAddrError extends NetipError {
  constructor(input: string, msg: string, at = '') {
    super(
      at === ''
        ? `ParseAddr(${goQuote(input)}): ${msg}`
        : `ParseAddr(${goQuote(input)}): ${msg} (at ${goQuote(at)})`
    )
  }
}

/** netip.ParseAddr. */
export function parseAddr(s: string): Addr {
  for (let i = 0; i < s.length; i++) {
    switch (s[i]) {
      case '.':
        return parseIPv4(s)
      case ':':
        return parseIPv6(s)
      case '%':
        // An IPv6 zone without the address.
        throw new ParseAddrError(s, 'missing IPv6 address')
    }
  }
  throw new ParseAddrError(s, 'unable to parse IP')
}

const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9'

/** parseIPv4Fields: dotted decimal, no leading zeros; errors name the whole input. */
function parseIPv4Fields(input: string, s: string): number[] {
  const fields: number[] = []
  let value = 0
  let digits = 0
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!
    if (isDigit(ch)) {
      if (digits === 1 && value === 0) {
        throw new ParseAddrError(input, 'IPv4 field has octet with leading zero')
      }
      value = value * 10 + Number(ch)
      digits++
      if (value > 255) throw new ParseAddrError(input, 'IPv4 field has value >255')
    } else if (ch === '.') {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') {
        throw new ParseAddrError(input, 'IPv4 field must have at least one digit', s.slice(i))
      }
      if (fields.length === 3) throw new ParseAddrError(input, 'IPv4 address too long')
      fields.push(value)
      value = 0
      digits = 0
    } else {
      throw new ParseAddrError(input, 'unexpected character', s.slice(i))
    }
  }
  if (fields.length < 3) throw new ParseAddrError(input, 'IPv4 address too short')
  fields.push(value)
  return fields
}

function parseIPv4(s: string): Addr {
  return Addr.from4(parseIPv4Fields(s, s))
}

function hexValue(ch: string | undefined): number {
  if (ch === undefined) return -1
  const c = ch.charCodeAt(0)
  if (c >= 48 && c <= 57) return c - 48
  if (c >= 97 && c <= 102) return c - 87
  if (c >= 65 && c <= 70) return c - 55
  return -1
}

function parseIPv6(input: string): Addr {
  let s = input
  let zone = ''
  const percent = s.indexOf('%')
  if (percent !== -1) {
    zone = s.slice(percent + 1)
    s = s.slice(0, percent)
    if (zone === '') throw new ParseAddrError(input, 'zone must be a non-empty string')
  }

  const ip = new Array<number>(16).fill(0)
  let ellipsis = -1
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0
    s = s.slice(2)
    if (s.length === 0) return Addr.from16(ip, zone)
  }

  let i = 0
  while (i < 16) {
    let off = 0
    let acc = 0
    for (; off < s.length; off++) {
      const h = hexValue(s[off])
      if (h < 0) break
      acc = acc * 16 + h
      if (off > 3) throw new ParseAddrError(input, 'each group must have 4 or less digits', s)
      if (acc > 0xffff) throw new ParseAddrError(input, 'IPv6 field has value >=2^16', s)
    }
    if (off === 0) {
      throw new ParseAddrError(input, 'each colon-separated field must have at least one digit', s)
    }

    // A trailing embedded IPv4 address.
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) {
        throw new ParseAddrError(
          input,
          'embedded IPv4 address must replace the final 2 fields of the address',
          s
        )
      }
      if (i + 4 > 16) {
        throw new ParseAddrError(
          input,
          'too many hex fields to fit an embedded IPv4 at the end of the address',
          s
        )
      }
      const v4 = parseIPv4Fields(input, s)
      for (let k = 0; k < 4; k++) ip[i + k] = v4[k]!
      s = ''
      i += 4
      break
    }

    ip[i] = acc >> 8
    ip[i + 1] = acc & 0xff
    i += 2

    s = s.slice(off)
    if (s.length === 0) break
    if (s[0] !== ':') throw new ParseAddrError(input, 'unexpected character, want colon', s)
    if (s.length === 1) {
      throw new ParseAddrError(input, 'colon must be followed by more characters', s)
    }
    s = s.slice(1)
    if (s[0] === ':') {
      if (ellipsis >= 0) throw new ParseAddrError(input, 'multiple :: in address', s)
      ellipsis = i
      s = s.slice(1)
      if (s.length === 0) break
    }
  }

  if (s.length !== 0) throw new ParseAddrError(input, 'trailing garbage after address', s)

  if (i < 16) {
    if (ellipsis < 0) throw new ParseAddrError(input, 'address string too short')
    const n = 16 - i
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!
    for (let j = ellipsis; j < ellipsis + n; j++) ip[j] = 0
  } else if (ellipsis >= 0) {
    throw new ParseAddrError(input, 'the :: must expand to at least one field of zeros')
  }
  return Addr.from16(ip, zone)
}

/** An IP network: an address and a prefix length (not masked: ParsePrefix keeps host bits). */
export class Prefix {
  constructor(
    readonly addr: Addr,
    readonly bits: number
  ) {}

  /** Prefix.Masked. */
  masked(): Prefix {
    return new Prefix(this.addr.masked(this.bits), this.bits)
  }

  /** Prefix.Contains: same family, no zone, equal in the first `bits` bits. */
  contains(ip: Addr): boolean {
    if (ip.zone !== '' || ip.bitLen() !== this.addr.bitLen()) return false
    return ip.masked(this.bits).bits === this.addr.masked(this.bits).bits
  }

  /** Prefix.Overlaps. */
  overlaps(o: Prefix): boolean {
    if (this.key() === o.key()) return true
    if (this.addr.is4 !== o.addr.is4) return false
    const minBits = Math.min(this.bits, o.bits)
    if (minBits === 0) return true
    return this.addr.masked(minBits).bits === o.addr.masked(minBits).bits
  }

  /** Prefix.String. */
  toString(): string {
    return `${this.addr.toString()}/${this.bits}`
  }

  /** What `==` on Go's netip.Prefix compares: the (zoneless) address and the length. */
  key(): string {
    return `${this.addr.key()}/${this.bits}`
  }
}

class ParsePrefixError extends NetipError {
  constructor(input: string, msg: string) {
    super(`netip.ParsePrefix(${goQuote(input)}): ${msg}`)
  }
}

/** netip.ParsePrefix. */
export function parsePrefix(s: string): Prefix {
  const slash = s.lastIndexOf('/')
  if (slash < 0) throw new ParsePrefixError(s, "no '/'")
  let ip: Addr
  try {
    ip = parseAddr(s.slice(0, slash))
  } catch (error) {
    throw new ParsePrefixError(s, (error as Error).message)
  }
  if (ip.is6 && ip.zone !== '') {
    throw new ParsePrefixError(s, 'IPv6 zones cannot be present in a prefix')
  }
  const bitsText = s.slice(slash + 1)
  // strconv.Atoi would take a sign or leading zeros; ParsePrefix does not.
  const badBits = (): ParsePrefixError =>
    new ParsePrefixError(s, `bad bits after slash: ${goQuote(bitsText)}`)
  if (bitsText.length > 1 && !(bitsText[0]! >= '1' && bitsText[0]! <= '9')) throw badBits()
  if (!/^[+-]?[0-9]+$/u.test(bitsText)) throw badBits()
  const bits = Number(bitsText)
  // Atoi's range (int64) errors and out-of-range lengths.
  if (!Number.isSafeInteger(bits) && Math.abs(bits) >= 2 ** 63) throw badBits()
  const maxBits = ip.is6 ? 128 : 32
  if (bits < 0 || bits > maxBits) throw new ParsePrefixError(s, 'prefix length out of range')
  return new Prefix(ip.withoutZone(), bits)
}
