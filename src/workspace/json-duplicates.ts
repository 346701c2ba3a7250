/**
 * Whether a JSON text repeats a key within one object. JSON.parse keeps the last value without
 * a word, so a `.json` manifest that repeats a key would go unreported; the loader sends such a
 * file to the YAML parser instead, which reports the repeated key at its position
 * (yaml/duplicate-key), as it does for YAML files.
 *
 * The text must be one JSON.parse accepted: the scan relies on it being well formed. It keeps a
 * key set per open object and no values, and compares keys as JSON.parse reads them
 * (`"a"` and `"\u0061"` are the same key).
 */

const QUOTE = 34
const BACKSLASH = 92
const COLON = 58
const LBRACE = 123
const RBRACE = 125
const LBRACKET = 91
const RBRACKET = 93

const isJsonWhitespace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9

export function jsonHasDuplicateKeys(text: string): boolean {
  // One entry per open container: the keys seen so far of an object, null for an array.
  const open: Array<Set<string> | null> = []
  const n = text.length
  let i = 0
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = stringEnd(text, i)
      let next = end
      while (isJsonWhitespace(text.charCodeAt(next))) next++
      if (text.charCodeAt(next) === COLON) {
        const keys = open[open.length - 1]
        if (keys) {
          const raw = text.slice(i + 1, end - 1)
          const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : raw
          if (keys.has(key)) return true
          keys.add(key)
        }
      }
      i = end
    } else {
      if (c === LBRACE) open.push(new Set())
      else if (c === LBRACKET) open.push(null)
      else if (c === RBRACE || c === RBRACKET) open.pop()
      i++
    }
  }
  return false
}

/** The offset just past the closing quote of the string literal opening at `start`. */
function stringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1)
  for (;;) {
    if (quote < 0) return text.length // Not in well-formed JSON; ends the scan all the same.
    // A quote after an odd number of backslashes is escaped.
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return quote + 1
    quote = text.indexOf('"', quote + 1)
  }
}
