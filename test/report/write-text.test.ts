/** Long texts are written in pieces that concatenate to the text and encode as it does. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough, Writable } from 'node:stream'
import { textPieces, utf8Chunks, writeText, writeTextFile } from '../../src/report/write-text.js'
import type { Text } from '../../src/report/write-text.js'

const MiB = 1 << 20
/** Characters per piece. */
const PIECE = 1 << 18

describe('textPieces', () => {
  it('gives a short text whole, and nothing for an empty one', () => {
    expect([...textPieces('{}\n')]).toEqual(['{}\n'])
    expect([...textPieces('')]).toEqual([])
  })

  it('cuts a long text into pieces of 256 Ki characters', () => {
    const text = 'a'.repeat(2 * PIECE + 5)
    expect([...textPieces(text)].map((p) => p.length)).toEqual([PIECE, PIECE, 5])
  })

  it('never cuts a surrogate pair, so every piece encodes to the same UTF-8', () => {
    // An emoji (two UTF-16 units) straddles the first cut.
    const text = `${'a'.repeat(PIECE - 1)}😀${'b'.repeat(10)}`
    const pieces = [...textPieces(text)]
    expect(pieces.join('')).toBe(text)
    expect(pieces[0]!.endsWith('😀')).toBe(true)
    const bytes = Buffer.concat(pieces.map((p) => Buffer.from(p, 'utf8')))
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true)
  })
})

describe('utf8Chunks', () => {
  /** The chunks' text, each copied before the next is made. */
  const decoded = (chunks: Iterable<Buffer>): string => {
    const copies: Buffer[] = []
    for (const c of chunks) copies.push(Buffer.from(c))
    return Buffer.concat(copies).toString('utf8')
  }

  it('encodes many small parts into few chunks, each under a megabyte', () => {
    const parts = Array.from({ length: 5000 }, (_, i) => `{"n": ${i}, "é": "😀"},\n`)
    const chunks = [...utf8Chunks(parts)]
    expect(decoded(chunks)).toBe(parts.join(''))
    expect(chunks.length).toBeLessThan(5)
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(3 * (PIECE + 1))
  })

  it('fits a piece of three-byte characters whole, however full the chunk is', () => {
    // After two pieces of ASCII, a third piece has room in characters but not in bytes.
    const parts = [
      'x'.repeat(PIECE),
      'x'.repeat(PIECE),
      '€'.repeat(PIECE),
      `${'€'.repeat(PIECE - 1)}😀`
    ]
    expect(decoded(utf8Chunks(parts))).toBe(parts.join(''))
  })

  it('gives views of one buffer, each chunk before the next is made', () => {
    const parts = ['x'.repeat(PIECE), '€'.repeat(PIECE), 'y'.repeat(PIECE)]
    const buffers = new Set<ArrayBufferLike>()
    let text = ''
    for (const c of utf8Chunks(parts)) {
      buffers.add(c.buffer)
      text += c.toString('utf8')
    }
    expect(text).toBe(parts.join(''))
    expect(buffers.size).toBe(1)
  })
})

describe('writeText and writeTextFile', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-write-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const text = `${'é'.repeat(MiB)}😀${'x'.repeat(MiB)}\n`

  it('writes the whole text to a file', () => {
    const file = path.join(dir, 'report.json')
    writeTextFile(file, text)
    expect(readFileSync(file, 'utf8')).toBe(text)
  })

  /** What writeText writes to a stream, and in how many chunks. */
  async function streamed(t: Text): Promise<{ written: string; chunks: number }> {
    const stream = new PassThrough()
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    writeText(stream, t)
    stream.end()
    await new Promise((resolve) => stream.on('end', resolve))
    return { written: Buffer.concat(chunks).toString('utf8'), chunks: chunks.length }
  }

  it('writes the whole text to a stream', async () => {
    const { written, chunks } = await streamed(text)
    expect(written).toBe(text)
    expect(chunks).toBeGreaterThan(1)
  })

  it('writes straight to the descriptor of a stream on a regular file (stdout redirected)', () => {
    const file = path.join(dir, 'stdout.json')
    const fd = openSync(file, 'w')
    const stream = {
      fd,
      write: () => {
        throw new Error('written through the stream')
      }
    }
    try {
      writeText(stream as unknown as NodeJS.WritableStream, [text, 'tail\n'])
    } finally {
      closeSync(fd)
    }
    expect(readFileSync(file, 'utf8')).toBe(`${text}tail\n`)
  })

  it('gives other streams strings', async () => {
    const kinds = new Set<string>()
    const stream = new Writable({
      decodeStrings: false,
      write: (chunk: unknown, _encoding, done) => {
        kinds.add(typeof chunk)
        done()
      }
    })
    writeText(stream, text)
    stream.end()
    await new Promise((resolve) => stream.on('finish', resolve))
    expect([...kinds]).toEqual(['string'])
  })

  it('joins small parts into pieces of about 256 Ki characters for a stream', async () => {
    const parts = Array.from({ length: 100_000 }, (_, i) => `line ${i}\n`)
    const { written, chunks } = await streamed(parts)
    expect(written).toBe(parts.join(''))
    // 788,890 characters: four pieces, not one write per part.
    expect(chunks).toBe(Math.ceil(written.length / 2 ** 18))
  })

  it('writes a text given in parts one part after the other', async () => {
    const parts = [text, '', 'tail\n']
    const file = path.join(dir, 'nested', 'parts.json')
    writeTextFile(file, parts)
    expect(readFileSync(file, 'utf8')).toBe(parts.join(''))
    expect((await streamed(parts)).written).toBe(parts.join(''))
  })
})
