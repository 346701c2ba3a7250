/**
 * Report text kept one byte per character where its characters allow.
 *
 * V8 stores a string two bytes per character when any character of it is past U+00FF, and on
 * Node 20 also, whatever its characters, a string its optimized code concatenates from a string
 * that has been used as a property name (a ThinString, e.g. a resource's `kind`): Kyverno's
 * finding messages come out two-byte that way. Past the first two-byte string it meets,
 * JSON.stringify writes the rest of its output two-byte: the corpus report became a 285 MB
 * string instead of 142 MB, slower to build, copy and write. A round trip through Latin-1
 * bytes (under a microsecond for a message) gives the one-byte copy.
 */

const PAST_LATIN1 = /[\u0100-\uffff]/

/** Whether `text` holds a character past U+00FF (one V8 must store two bytes per character). */
export const holdsCharsPastLatin1 = (text: string): boolean => PAST_LATIN1.test(text)

const EVERY_PAST_LATIN1 = /[\u0100-\uffff]/g

/** The offsets of the characters (UTF-16 units) of `text` past U+00FF, in order. */
export function offsetsPastLatin1(text: string): number[] {
  if (!holdsCharsPastLatin1(text)) return []
  return Array.from(text.matchAll(EVERY_PAST_LATIN1), (m) => m.index)
}

/** `text` as a one-byte string when all its characters are Latin-1; otherwise `text`. */
export function oneByte(text: string): string {
  return holdsCharsPastLatin1(text) ? text : Buffer.from(text, 'latin1').toString('latin1')
}
