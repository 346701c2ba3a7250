/**
 * Writes long report texts (a large repository's reports run to over 100 MB) in 1 MiB pieces:
 * encoding one huge string into one huge buffer takes about twice as long as encoding the same
 * text piece by piece into buffers that stay in cache.
 *
 * A text may come in parts, written one after the other as they are made (the JSON report comes
 * from a generator, json-pieces.ts): appending even one character to a 100 MB string makes a
 * rope that the first read copies whole.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import path from 'node:path'

const PIECE = 1 << 20

/** A report text, whole or in parts. */
export type Text = string | Iterable<string>

const partsOf = (text: Text): Iterable<string> => (typeof text === 'string' ? [text] : text)

/** The text in pieces of about PIECE characters, never cutting a surrogate pair in two. */
export function* textPieces(text: string): Generator<string> {
  let start = 0
  while (start < text.length) {
    let end = Math.min(start + PIECE, text.length)
    // A high surrogate at the cut would be encoded alone, as U+FFFD.
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++
    yield text.slice(start, end)
    start = end
  }
}

/** Writes `text` to `file` (created or truncated), creating its folder if need be. */
export function writeTextFile(file: string, text: Text): void {
  mkdirSync(path.dirname(file), { recursive: true })
  const fd = openSync(file, 'w')
  try {
    for (const part of partsOf(text))
      for (const piece of textPieces(part)) {
        const bytes = Buffer.from(piece, 'utf8')
        // writeSync may write less than it is given.
        for (let written = 0; written < bytes.length;)
          written += writeSync(fd, bytes, written, bytes.length - written)
      }
  } finally {
    closeSync(fd)
  }
}

/** Writes `text` to a stream, e.g. stdout. */
export function writeText(stream: NodeJS.WritableStream, text: Text): void {
  for (const part of partsOf(text)) for (const piece of textPieces(part)) stream.write(piece)
}
