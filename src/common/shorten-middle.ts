/**
 * Shortening a long text in its middle. A finding's message starts with what is wrong and
 * where, and an apiserver or Kyverno message ends with its reason (`…: Invalid value: …: must
 * be …`): cutting the end would lose the part that says what to fix, so both ends are kept.
 */

/**
 * `text` when it has at most `max` characters (UTF-16 units); otherwise its beginning and its
 * end, `max` characters in all, around a note saying how many characters were left out. Never
 * splits a surrogate pair.
 */
export function shortenMiddle(text: string, max: number): string {
  if (text.length <= max) return text
  // The count is at most text.length: its digits bound the marker's length.
  const markerLength = marker(text.length).length
  const keep = Math.max(0, max - markerLength)
  let head = Math.ceil(keep / 2)
  let tail = keep - head
  if (head > 0 && isHighSurrogate(text.charCodeAt(head - 1))) head--
  if (tail > 0 && isLowSurrogate(text.charCodeAt(text.length - tail))) tail--
  return text.slice(0, head) + marker(text.length - head - tail) + text.slice(text.length - tail)
}

const marker = (leftOut: number): string =>
  ` … [${leftOut.toLocaleString('en-US')} characters left out] … `

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff
