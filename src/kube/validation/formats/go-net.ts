/**
 * The address parsers behind the `ipv4`, `ipv6`, `cidr` and `mac` formats (kube-openapi strfmt,
 * crd-validation-spec.md §7.4):
 * - k8s.io/utils/net `ParseIPSloppy` / `ParseCIDRSloppy`: Go 1.16's net parser, which still
 *   accepted IPv4 octets with leading zeros (read as decimal);
 * - Go's current `net.ParseIP` (netip.ParseAddr without a zone);
 * - Go's `net.ParseMAC`.
 * Strings are handled as UTF-8 bytes, as Go does; non-ASCII input never parses.
 */
import { parseAddr } from '../../../go/netip.js'

const IPV4_LEN = 4
const IPV6_LEN = 16
/** Go net's `big`: numbers at or above it overflow the parsers. */
const BIG = 0xffffff

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9'

/** Decimal to integer: [value, characters consumed, ok]. */
function dtoi(s: string): [number, number, boolean] {
  let n = 0
  let i = 0
  for (; i < s.length && isDigit(s[i]); i++) {
    n = n * 10 + (s.charCodeAt(i) - 48)
    if (n >= BIG) return [BIG, i, false]
  }
  return i === 0 ? [0, 0, false] : [n, i, true]
}

/** Hexadecimal to integer: [value, characters consumed, ok]. */
function xtoi(s: string): [number, number, boolean] {
  let n = 0
  let i = 0
  for (; i < s.length; i++) {
    const digit = parseHexDigit(s[i]!)
    if (digit < 0) break
    n = n * 16 + digit
    if (n >= BIG) return [0, i, false]
  }
  return i === 0 ? [0, i, false] : [n, i, true]
}

function parseHexDigit(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48
  if (c >= 'a' && c <= 'f') return c.charCodeAt(0) - 87
  if (c >= 'A' && c <= 'F') return c.charCodeAt(0) - 55
  return -1
}

/** Go 1.16 `parseIPv4` (leading zeros allowed): 4 bytes or null. */
function parseIPv4Sloppy(input: string): number[] | null {
  let s = input
  const bytes: number[] = []
  for (let i = 0; i < IPV4_LEN; i++) {
    if (s.length === 0) return null
    if (i > 0) {
      if (s[0] !== '.') return null
      s = s.slice(1)
    }
    const [n, c, ok] = dtoi(s)
    if (!ok || n > 0xff) return null
    s = s.slice(c)
    bytes.push(n)
  }
  return s.length === 0 ? bytes : null
}

/** Go 1.16 `parseIPv6` (no zone; a trailing IPv4 part parsed sloppily): 16 bytes or null. */
function parseIPv6Sloppy(input: string): number[] | null {
  let s = input
  const ip: number[] = new Array<number>(IPV6_LEN).fill(0)
  let ellipsis = -1
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0
    s = s.slice(2)
    if (s.length === 0) return ip
  }
  let i = 0
  while (i < IPV6_LEN) {
    const [n, c, ok] = xtoi(s)
    if (!ok || n > 0xffff) return null
    if (c < s.length && s[c] === '.') {
      if (ellipsis < 0 && i !== IPV6_LEN - IPV4_LEN) return null
      if (i + IPV4_LEN > IPV6_LEN) return null
      const ip4 = parseIPv4Sloppy(s)
      if (ip4 === null) return null
      for (let k = 0; k < IPV4_LEN; k++) ip[i + k] = ip4[k]!
      s = ''
      i += IPV4_LEN
      break
    }
    ip[i] = n >> 8
    ip[i + 1] = n & 0xff
    i += 2
    s = s.slice(c)
    if (s.length === 0) break
    if (s[0] !== ':' || s.length === 1) return null
    s = s.slice(1)
    if (s[0] === ':') {
      if (ellipsis >= 0) return null
      ellipsis = i
      s = s.slice(1)
      if (s.length === 0) break
    }
  }
  if (s.length !== 0) return null
  if (i < IPV6_LEN) {
    if (ellipsis < 0) return null
    const n = IPV6_LEN - i
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!
    for (let j = ellipsis + n - 1; j >= ellipsis; j--) ip[j] = 0
  } else if (ellipsis >= 0) {
    return null
  }
  return ip
}

/** `netutils.ParseIPSloppy(s) != nil`. */
export function isIPSloppy(s: string): boolean {
  for (const c of s) {
    if (c === '.') return parseIPv4Sloppy(s) !== null
    if (c === ':') return parseIPv6Sloppy(s) !== null
  }
  return false
}

/** `netutils.ParseCIDRSloppy(s)` succeeds. */
export function isCIDRSloppy(s: string): boolean {
  const slash = s.indexOf('/')
  if (slash < 0) return false
  const addr = s.slice(0, slash)
  const mask = s.slice(slash + 1)
  let bits = IPV4_LEN * 8
  let ip = parseIPv4Sloppy(addr)
  if (ip === null) {
    bits = IPV6_LEN * 8
    ip = parseIPv6Sloppy(addr)
  }
  const [n, consumed, ok] = dtoi(mask)
  return ip !== null && ok && consumed === mask.length && n >= 0 && n <= bits
}

/** Go's current `net.ParseIP(s) != nil`: netip.ParseAddr, and no zone. */
export function isIPStrict(s: string): boolean {
  try {
    return parseAddr(s).zone === ''
  } catch {
    return false
  }
}

/** `xtoi2`: two hex digits followed by the separator `e` (or the end). */
function xtoi2(s: string, e: string): boolean {
  if (s.length > 2 && s[2] !== e) return false
  const [, consumed, ok] = xtoi(s.slice(0, 2))
  return ok && consumed === 2
}

/** Go's `net.ParseMAC(s)` succeeds (EUI-48, EUI-64 and 20-octet InfiniBand forms). */
export function isMAC(input: string): boolean {
  // Go indexes bytes; a non-ASCII character can only make the parse fail.
  const s = Buffer.from(input, 'utf8').toString('latin1')
  if (s.length < 14) return false
  const octetCountOk = (n: number) => n === 6 || n === 8 || n === 20
  if (s[2] === ':' || s[2] === '-') {
    if ((s.length + 1) % 3 !== 0) return false
    const n = (s.length + 1) / 3
    if (!octetCountOk(n)) return false
    for (let x = 0, i = 0; i < n; i++, x += 3) if (!xtoi2(s.slice(x), s[2])) return false
    return true
  }
  if (s[4] === '.') {
    if ((s.length + 1) % 5 !== 0) return false
    const n = (2 * (s.length + 1)) / 5
    if (!octetCountOk(n)) return false
    for (let x = 0, i = 0; i < n; i += 2, x += 5) {
      if (!xtoi2(s.slice(x, x + 2), '')) return false
      if (!xtoi2(s.slice(x + 2), s[4])) return false
    }
    return true
  }
  return false
}
