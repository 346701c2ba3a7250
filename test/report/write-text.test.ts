/** Long texts are written in pieces that concatenate to the text and encode as it does. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { textPieces, writeText, writeTextFile } from '../../src/report/write-text.js'
import type { Text } from '../../src/report/write-text.js'

const MiB = 1 << 20

describe('textPieces', () => {
  it('gives a short text whole, and nothing for an empty one', () => {
    expect([...textPieces('{}\n')]).toEqual(['{}\n'])
    expect([...textPieces('')]).toEqual([])
  })

  it('cuts a long text into 1 MiB pieces', () => {
    const text = 'a'.repeat(2 * MiB + 5)
    expect([...textPieces(text)].map((p) => p.length)).toEqual([MiB, MiB, 5])
  })

  it('never cuts a surrogate pair, so every piece encodes to the same UTF-8', () => {
    // An emoji (two UTF-16 units) straddles the first cut.
    const text = `${'a'.repeat(MiB - 1)}😀${'b'.repeat(10)}`
    const pieces = [...textPieces(text)]
    expect(pieces.join('')).toBe(text)
    expect(pieces[0]!.endsWith('😀')).toBe(true)
    const bytes = Buffer.concat(pieces.map((p) => Buffer.from(p, 'utf8')))
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true)
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

  it('writes a text given in parts one part after the other', async () => {
    const parts = [text, '', 'tail\n']
    const file = path.join(dir, 'nested', 'parts.json')
    writeTextFile(file, parts)
    expect(readFileSync(file, 'utf8')).toBe(parts.join(''))
    expect((await streamed(parts)).written).toBe(parts.join(''))
  })
})
