/**
 * Writes long report texts (a large repository's reports run to over 100 MB) as UTF-8 in chunks
 * of under a megabyte: encoding one huge string into one huge buffer takes about twice as long as
 * encoding the same text piece by piece into buffers that stay in cache.
 *
 * A text may come in parts, written one after the other as they are made (the JSON report comes
 * from a generator, json-pieces.ts): appending even one character to a 100 MB string makes a
 * rope that the first read copies whole. The parts (the JSON report's are a few kilobytes each)
 * are encoded one after the other into the same chunk: a buffer per part costs more than the
 * encoding itself.
 */
import { closeSync, fstatSync, mkdirSync, openSync, writeSync } from 'node:fs'
import path from 'node:path'

/** Characters encoded at a time. */
const PIECE = 1 << 18
/** Bytes per chunk: room for a whole piece, at most 3 UTF-8 bytes per UTF-16 unit. */
const CHUNK = 3 * (PIECE + 1)

/** A report text, whole or in parts. */
export type Text = string | Iterable<string>

const partsOf = (text: Text): Iterable<string> => (typeof text === 'string' ? [text] : text)

/** The text in pieces of PIECE characters (or one more), never cutting a surrogate pair in two. */
export function* textPieces(text: string): Generator<string> {
  let start = 0
  while (start < text.length) {
    let end = Math.min(start + PIECE, text.length)
    // A high surrogate at the cut would be encoded alone, as U+FFFD. (Only read at a cut:
    // reading a character of a rope flattens it, a copy of the whole text.)
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++
    yield text.slice(start, end)
    start = end
  }
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff

/**
 * The text as UTF-8, in chunks of at most CHUNK bytes: views of one buffer, each valid until the
 * next is asked for.
 */
export function* utf8Chunks(text: Text): Generator<Buffer> {
  const buffer = Buffer.allocUnsafe(CHUNK)
  let used = 0
  for (const part of partsOf(text))
    for (const piece of textPieces(part)) {
      if (used > 0 && piece.length * 3 > CHUNK - used) {
        yield buffer.subarray(0, used)
        used = 0
      }
      used += buffer.write(piece, used)
    }
  if (used > 0) yield buffer.subarray(0, used)
}

function writeChunks(fd: number, text: Text): void {
  for (const bytes of utf8Chunks(text))
    // writeSync may write less than it is given.
    for (let written = 0; written < bytes.length;)
      written += writeSync(fd, bytes, written, bytes.length - written)
}

/** Writes `text` to `file` (created or truncated), creating its folder if need be. */
export function writeTextFile(file: string, text: Text): void {
  mkdirSync(path.dirname(file), { recursive: true })
  const fd = openSync(file, 'w')
  try {
    writeChunks(fd, text)
  } finally {
    closeSync(fd)
  }
}

/**
 * Writes `text` to a stream, e.g. stdout. Redirected to a file, stdout writes synchronously, so
 * the text goes straight to its descriptor, as to a file. Other streams are given strings: a
 * pipe or socket writes a string without a buffer object, where buffers it queued would count
 * against V8's external memory and bring on full garbage collections (two, 0.24 s, for the
 * corpus's report).
 */
export function writeText(stream: NodeJS.WritableStream, text: Text): void {
  const fd = regularFileDescriptor(stream)
  if (fd !== undefined) writeChunks(fd, text)
  else for (const piece of joinedPieces(text)) stream.write(piece)
}

/**
 * The text in pieces of about PIECE characters: long parts cut (textPieces), short ones joined,
 * so that a report made of many small parts (a TAP test point each) is not one write apiece.
 */
function* joinedPieces(text: Text): Generator<string> {
  let held: string[] = []
  let heldLength = 0
  for (const part of partsOf(text))
    for (const piece of textPieces(part)) {
      if (heldLength + piece.length > PIECE && held.length > 0) {
        yield held.join('')
        held = []
        heldLength = 0
      }
      held.push(piece)
      heldLength += piece.length
    }
  if (held.length > 0) yield held.join('')
}

/** The descriptor of a stream writing to a regular file (stdout redirected to one), if any. */
function regularFileDescriptor(stream: NodeJS.WritableStream): number | undefined {
  const fd = (stream as { fd?: unknown }).fd
  if (typeof fd !== 'number') return undefined
  try {
    return fstatSync(fd).isFile() ? fd : undefined
  } catch {
    return undefined
  }
}
