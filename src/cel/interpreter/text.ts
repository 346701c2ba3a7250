// Strings as cel-go sees them: sequences of code points (runes), ordered like their UTF-8 bytes.

const encoder = new TextEncoder()
const strictDecoder = new TextDecoder('utf-8', { fatal: true })

/** Number of code points (cel-go size() of a string). */
export function codePointLength(s: string): number {
  const n = s.length
  let count = n
  for (let i = 0; i < n - 1; i++) {
    // A high surrogate followed by a low one is one code point.
    if ((s.charCodeAt(i) & 0xfc00) === 0xd800 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--
      i++
    }
  }
  return count
}

/** The code points of a string, each as a one-code-point string. */
export function runes(s: string): string[] {
  return Array.from(s)
}

/** strings.Compare on the UTF-8 encodings: code point order, not UTF-16 unit order. */
export function compareStrings(a: string, b: string): -1 | 0 | 1 {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x === y) continue
    // Surrogates (0xD800-0xDFFF) encode code points above 0xFFFF, which sort after 0xE000-0xFFFF.
    const xs = x >= 0xd800 && x <= 0xdfff
    const ys = y >= 0xd800 && y <= 0xdfff
    if (xs !== ys) {
      if (xs) return y >= 0xe000 ? 1 : -1
      return x >= 0xe000 ? -1 : 1
    }
    return x < y ? -1 : 1
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0
}

export function utf8Encode(s: string): Uint8Array {
  return encoder.encode(s)
}

/** The string of valid UTF-8 bytes, or undefined when they are not valid UTF-8. */
export function utf8DecodeStrict(b: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(b)
  } catch {
    return undefined
  }
}

/** Go's string(bytes) for possibly invalid UTF-8: invalid sequences become U+FFFD. */
export function utf8DecodeLossy(b: Uint8Array): string {
  return new TextDecoder('utf-8').decode(b)
}

/** Length in bytes of the UTF-8 encoding (Go's len(string)). */
export function utf8Length(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4
      i++
    } else n += 3
  }
  return n
}

export function compareBytes(a: Uint8Array, b: Uint8Array): -1 | 0 | 1 {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a, 0)
  out.set(b, a.length)
  return out
}

/** unicode.IsSpace. */
export function isGoSpace(cp: number): boolean {
  switch (cp) {
    case 0x09:
    case 0x0a:
    case 0x0b:
    case 0x0c:
    case 0x0d:
    case 0x20:
    case 0x85:
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000:
      return true
  }
  return cp >= 0x2000 && cp <= 0x200a
}

/** strings.TrimSpace. */
export function trimSpace(s: string): string {
  // Every Unicode space is in the BMP, so UTF-16 units can be tested one by one: a surrogate is
  // never a space.
  let start = 0
  let end = s.length
  while (start < end && isGoSpace(s.charCodeAt(start))) start++
  while (end > start && isGoSpace(s.charCodeAt(end - 1))) end--
  return s.slice(start, end)
}
