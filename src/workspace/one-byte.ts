/**
 * A one-byte stand-in for a text with characters past U+00FF, for the fast YAML parser.
 *
 * V8 keeps such a text two bytes per character, and every string cut out of it stays two-byte
 * even when it holds only ASCII. Keys are worse: V8 keeps one copy of each property name, the
 * first one made, so one CRD with a curly quote in a description makes names such as
 * `spec` or `backendRef` two-byte in every object of the run. And past the first two-byte
 * string it meets, JSON.stringify writes the rest of its output two-byte: on the corpus, where
 * 45 of 6,841 files have such characters, the 142 MB report became a 285 MB string, slower to
 * build, copy and write.
 *
 * So such a file is parsed from a copy of its text in which each of these characters (each
 * UTF-16 unit) is replaced by a Latin-1 letter the file does not use, one letter per distinct
 * character: the copy is one-byte and as long as the text, so every offset holds. The fast
 * parser treats every character from U+00A0 up alike, so it parses the copy as it would the
 * text; `restore` then puts the real characters back into the strings that hold a stand-in.
 */

import { holdsCharsPastLatin1, offsetsPastLatin1 } from '../findings/one-byte.js'

const UPPER_LATIN1 = /[\xa1-\xff]/g
/** Double-quoted escapes that can make any character, e.g. `\xe9` or `\u00e9`. */
const CODE_ESCAPE = /\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8}))/g
/** Characters past U+00FF the fast parser does not take as ordinary ones (it leaves the file). */
const SPECIAL = new Set([0x2028, 0x2029, 0xfeff])

/** Whether `text`, decoded from `byteLength` bytes of UTF-8, holds a character past U+00FF. */
export function hasCharsPastLatin1(text: string, byteLength: number): boolean {
  // As many characters as bytes: all ASCII.
  return text.length !== byteLength && holdsCharsPastLatin1(text)
}

export interface OneByteStandIn {
  /** The text, one-byte, with a stand-in for each character past U+00FF. */
  text: string
  /** A value parsed from `text`, with the real characters back in its strings and keys. */
  restore<T>(value: T): T
}

/**
 * The stand-in for `text`, or undefined when it has more distinct such characters than free
 * letters, or one the fast parser does not take (the file then goes to `yaml` as it is).
 */
export function oneByteStandIn(text: string): OneByteStandIn | undefined {
  const at = offsetsPastLatin1(text)
  const past = new Set(at.map((i) => text.charCodeAt(i)))
  if ([...past].some((c) => SPECIAL.has(c))) return undefined
  // Letters the file holds, or may make through an escape, cannot stand in.
  const used = new Set<number>()
  for (const m of text.matchAll(UPPER_LATIN1)) used.add(m[0].charCodeAt(0))
  for (const m of text.matchAll(CODE_ESCAPE)) used.add(parseInt(m[1] ?? m[2] ?? m[3]!, 16))
  const letters: number[] = []
  for (let c = 0xa1; c <= 0xff && letters.length < past.size; c++) if (!used.has(c)) letters.push(c)
  if (letters.length < past.size) return undefined

  const letterOf = new Map<number, number>()
  const original = new Map<string, string>()
  ;[...past].forEach((c, i) => {
    letterOf.set(c, letters[i]!)
    original.set(String.fromCharCode(letters[i]!), String.fromCharCode(c))
  })
  // Latin-1 encoding keeps one byte per character (the low byte of those past U+00FF).
  const bytes = Buffer.from(text, 'latin1')
  for (const i of at) bytes[i] = letterOf.get(text.charCodeAt(i))!
  const letterClass = [...original.keys()].join('')
  const holdsLetter = new RegExp(`[${letterClass}]`)
  const everyLetter = new RegExp(`[${letterClass}]`, 'g')
  const back = (s: string): string =>
    holdsLetter.test(s) ? s.replace(everyLetter, (l) => original.get(l)!) : s
  return { text: bytes.toString('latin1'), restore: (value) => restoreStrings(value, back) }
}

/**
 * `value` with `back` applied to every string and key: arrays and objects are changed in place,
 * except an object with a key to change, which is copied in key order.
 */
function restoreStrings<T>(value: T, back: (s: string) => string): T {
  if (typeof value === 'string') return back(value) as T
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    const items = value as unknown[]
    for (let i = 0; i < items.length; i++) items[i] = restoreStrings(items[i], back)
    return value
  }
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
  if (keys.every((k) => back(k) === k)) {
    for (const k of keys) record[k] = restoreStrings(record[k], back)
    return value
  }
  const copy: Record<string, unknown> = {}
  for (const k of keys)
    // A YAML key `__proto__` is an own data property, as the parser made it.
    Object.defineProperty(copy, back(k), {
      value: restoreStrings(record[k], back),
      enumerable: true,
      writable: true,
      configurable: true
    })
  return copy as T
}
