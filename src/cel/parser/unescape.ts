// Unquoting and unescaping of string and bytes literals with cel-go's rules (parser/unescape.go):
// raw strings keep backslashes, triple quotes may span lines, \r\n and \r become \n, \x and octal
// escapes are code points in strings but raw bytes in bytes literals, \u and \U are rejected in
// bytes literals, and code points must be valid Unicode scalar values (cel-go >= 0.20; older
// versions only rejected values above U+10FFFF and turned surrogates into U+FFFD).

export type Unescaped =
  | { readonly ok: true; readonly value: string | Uint8Array }
  | { readonly ok: false; readonly error: string }

export interface UnescapeOptions {
  /** Reject \u/\U surrogate code points ("invalid unicode code point"); cel-go >= 0.20. */
  rejectSurrogates: boolean
}

const UNABLE = 'unable to unescape string'
const encoder = new TextEncoder()

function fail(error: string): Unescaped {
  return { ok: false, error }
}

/** Unquotes the text of a STRING token (or of a BYTES token without its b/B prefix). */
export function unescape(text: string, isBytes: boolean, options: UnescapeOptions): Unescaped {
  let value = text.replaceAll('\r\n', '\n').replaceAll('\r', '\n')
  if (value.length < 2) return fail(UNABLE)
  let raw = false
  if (value[0] === 'r' || value[0] === 'R') {
    value = value.slice(1)
    raw = true
  }
  const q = value[0]
  if (value.length === 0 || q !== value[value.length - 1] || (q !== '"' && q !== "'")) {
    return fail(UNABLE)
  }
  if (value.length >= 6) {
    const triple = q + q + q
    if (value.startsWith(triple)) {
      if (!value.endsWith(triple)) return fail(UNABLE)
      value = value.slice(2, value.length - 2)
    }
  }
  value = value.slice(1, value.length - 1)
  if (raw || !value.includes('\\')) {
    return { ok: true, value: isBytes ? encoder.encode(value) : value }
  }
  return isBytes ? unescapeBytes(value) : unescapeString(value, options)
}

interface Escape {
  /** Code point (string) or byte (bytes) value. */
  value: number
  /** Index after the escape. */
  next: number
}

/** The one-character escapes (`\n`, `\"`, …) and the value each stands for. */
const SIMPLE_ESCAPES: ReadonlyMap<string, number> = new Map([
  ['a', 7],
  ['b', 8],
  ['f', 12],
  ['n', 10],
  ['r', 13],
  ['t', 9],
  ['v', 11],
  ...['\\', "'", '"', '`', '?'].map((quoted): [string, number] => [quoted, quoted.charCodeAt(0)])
])

/** Decodes the escape whose backslash is at i; returns an error message on failure. */
function escapeAt(
  s: string,
  i: number,
  isBytes: boolean,
  options: UnescapeOptions
): Escape | string {
  if (i + 1 >= s.length) return "unable to unescape string, found '\\' as last character"
  const c = s[i + 1]!
  const rest = i + 2
  const simple = SIMPLE_ESCAPES.get(c)
  if (simple !== undefined) return { value: simple, next: rest }
  switch (c) {
    case 'x':
    case 'X':
    case 'u':
    case 'U': {
      const n = c === 'x' || c === 'X' ? 2 : c === 'u' ? 4 : 8
      if ((c === 'u' || c === 'U') && isBytes) return UNABLE
      if (s.length - rest < n) return UNABLE
      let v = 0
      for (let j = 0; j < n; j++) {
        const h = hexValue(s.charCodeAt(rest + j))
        if (h < 0) return UNABLE
        v = v * 16 + h
      }
      if (!isBytes) {
        if (v > 0x10ffff) return 'invalid unicode code point'
        if (v >= 0xd800 && v <= 0xdfff) {
          if (options.rejectSurrogates) return 'invalid unicode code point'
          v = 0xfffd
        }
      }
      return { value: v, next: rest + n }
    }
    case '0':
    case '1':
    case '2':
    case '3': {
      if (s.length - rest < 2) return 'unable to unescape octal sequence in string'
      let v = c.charCodeAt(0) - 48
      for (let j = 0; j < 2; j++) {
        const d = s.charCodeAt(rest + j)
        if (d < 48 || d > 55) return 'unable to unescape octal sequence in string'
        v = v * 8 + (d - 48)
      }
      return { value: v, next: rest + 2 }
    }
    default:
      return UNABLE
  }
}

function unescapeString(s: string, options: UnescapeOptions): Unescaped {
  let out = ''
  const error = decodeEscapes(
    s,
    false,
    options,
    (text) => (out += text),
    (codePoint) => (out += String.fromCodePoint(codePoint))
  )
  return error !== undefined ? fail(error) : { ok: true, value: out }
}

function unescapeBytes(s: string): Unescaped {
  const out: number[] = []
  const error = decodeEscapes(
    s,
    true,
    { rejectSurrogates: true },
    (text) => {
      for (const b of encoder.encode(text)) out.push(b)
    },
    (byte) => out.push(byte)
  )
  return error !== undefined ? fail(error) : { ok: true, value: Uint8Array.from(out) }
}

/**
 * Walks `s`, handing each run of text without backslashes and each decoded escape to the
 * callbacks in order; the error message of the first bad escape, if any.
 */
function decodeEscapes(
  s: string,
  isBytes: boolean,
  options: UnescapeOptions,
  onText: (text: string) => void,
  onEscape: (value: number) => void
): string | undefined {
  let i = 0
  while (i < s.length) {
    if (s.charCodeAt(i) !== 92) {
      const start = i
      while (i < s.length && s.charCodeAt(i) !== 92) i++
      onText(s.slice(start, i))
      continue
    }
    const e = escapeAt(s, i, isBytes, options)
    if (typeof e === 'string') return e
    onEscape(e.value)
    i = e.next
  }
  return undefined
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48
  if (c >= 97 && c <= 102) return c - 87
  if (c >= 65 && c <= 70) return c - 55
  return -1
}
