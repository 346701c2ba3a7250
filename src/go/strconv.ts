// Go's formatting of strings (strconv.Quote) and doubles (fmt %v), used where cel-go's output
// is reproduced (debug forms, error messages).

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u
const HEX = '0123456789abcdef'

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0')
}

/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
function isPrint(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x20 && cp < 0x7f
  return PRINTABLE.test(String.fromCodePoint(cp))
}

function escapeRune(cp: number): string {
  if (cp === 0x22) return '\\"'
  if (cp === 0x5c) return '\\\\'
  if (isPrint(cp)) return String.fromCodePoint(cp)
  switch (cp) {
    case 7:
      return '\\a'
    case 8:
      return '\\b'
    case 12:
      return '\\f'
    case 10:
      return '\\n'
    case 13:
      return '\\r'
    case 9:
      return '\\t'
    case 11:
      return '\\v'
  }
  if (cp < 0x20 || cp === 0x7f) return `\\x${hex(cp, 2)}`
  if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd
  if (cp < 0x10000) return `\\u${hex(cp, 4)}`
  return `\\U${hex(cp, 8)}`
}

/** Printable ASCII other than `"` and backslash: quoted as it is (the common case, checked first). */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/

/**
 * strconv.Quote of a (valid Unicode) string. A lone surrogate, which no Go string holds, is
 * escaped as `\ufffd` (what appendEscapedRune does with an invalid rune); callers whose strings
 * came from JSON turn lone surrogates into U+FFFD first, as Go's decoder does.
 */
export function goQuote(s: string): string {
  if (PLAIN_ASCII.test(s)) return `"${s}"`
  let out = '"'
  for (const ch of s) out += escapeRune(ch.codePointAt(0)!)
  return `${out}"`
}

/** strconv.Quote(string(bytes)): UTF-8 sequences as runes, invalid bytes as \x escapes. */
export function goQuoteBytes(bytes: Uint8Array): string {
  let out = '"'
  let i = 0
  while (i < bytes.length) {
    const [cp, width] = decodeRune(bytes, i)
    if (cp < 0) out += `\\x${HEX[bytes[i]! >> 4]}${HEX[bytes[i]! & 15]}`
    else out += escapeRune(cp)
    i += width
  }
  return `${out}"`
}

/** utf8.DecodeRune: [code point, width], code point -1 for an invalid byte (width 1). */
function decodeRune(b: Uint8Array, i: number): [number, number] {
  const c0 = b[i]!
  if (c0 < 0x80) return [c0, 1]
  const cont = (k: number): number => {
    const c = b[i + k]
    return c !== undefined && (c & 0xc0) === 0x80 ? c & 0x3f : -1
  }
  if (c0 >= 0xc2 && c0 <= 0xdf) {
    const c1 = cont(1)
    if (c1 >= 0) return [((c0 & 0x1f) << 6) | c1, 2]
  } else if (c0 >= 0xe0 && c0 <= 0xef) {
    const c1 = cont(1)
    const c2 = cont(2)
    if (c1 >= 0 && c2 >= 0) {
      const cp = ((c0 & 0x0f) << 12) | (c1 << 6) | c2
      if (cp >= 0x800 && (cp < 0xd800 || cp > 0xdfff)) return [cp, 3]
    }
  } else if (c0 >= 0xf0 && c0 <= 0xf4) {
    const c1 = cont(1)
    const c2 = cont(2)
    const c3 = cont(3)
    if (c1 >= 0 && c2 >= 0 && c3 >= 0) {
      const cp = ((c0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3
      if (cp >= 0x10000 && cp <= 0x10ffff) return [cp, 4]
    }
  }
  return [-1, 1]
}

/** fmt.Sprintf("%v", f) for a float64: shortest digits, exponent form below 1e-4 and from 1e6. */
export function formatDouble(f: number): string {
  if (Number.isNaN(f)) return 'NaN'
  if (f === Infinity) return '+Inf'
  if (f === -Infinity) return '-Inf'
  if (f === 0) return Object.is(f, -0) ? '-0' : '0'
  const [mantissa, expText] = f.toExponential().split('e') as [string, string]
  const exp = Number(expText)
  const negative = mantissa.startsWith('-')
  const digits = mantissa.replace('-', '').replace('.', '')
  let out: string
  if (exp < -4 || exp >= 6) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits
    const e = Math.abs(exp)
    out = `${m}e${exp < 0 ? '-' : '+'}${e < 10 ? `0${e}` : e}`
  } else if (exp < 0) {
    out = `0.${'0'.repeat(-exp - 1)}${digits}`
  } else if (digits.length <= exp + 1) {
    out = digits + '0'.repeat(exp + 1 - digits.length)
  } else {
    out = `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`
  }
  return negative ? `-${out}` : out
}
