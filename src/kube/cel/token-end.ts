/** The end of the token at a CEL error offset (a name, after a leading `.`), for the highlight. */
export function tokenEnd(
  source: { size: number; slice(s: number, e: number): string },
  offset: number
): number {
  let end = offset
  if (source.slice(end, end + 1) === '.') end++
  while (end < source.size && end - offset < 256 && /\w/.test(source.slice(end, end + 1))) end++
  return end > offset ? end : offset + 1
}
