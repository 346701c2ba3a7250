import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { DiscoveredFile } from '../../src/workspace/discover.js'
import { loadFiles, readAndLoad } from '../../src/workspace/parse-pool.js'
import { ReadAhead } from '../../src/workspace/read-ahead.js'

let dir: string
const file = (name: string, text: string | Buffer): DiscoveredFile & { size: number } => {
  const absolutePath = path.join(dir, name)
  writeFileSync(absolutePath, text)
  return { absolutePath, file: name, size: Buffer.byteLength(text) }
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'celgate-read-ahead-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('ReadAhead', () => {
  it('gives the bytes of the files it read, in order, and leaves the rest to the caller', async () => {
    const small = file('small.yaml', 'kind: A\n')
    const big = file('big.yaml', Buffer.alloc(1 << 20, 97))
    const ahead = new ReadAhead([
      small.absolutePath,
      big.absolutePath,
      path.join(dir, 'missing.yaml'),
      ''
    ])
    const into = (length: number): Uint8Array => new Uint8Array(length + 3)
    // The worker reads in its own time: wait for the first file (CI machines can be slow).
    let first = ahead.take(0, into)
    for (let waited = 0; first === undefined && waited < 20_000; waited += 20) {
      await sleep(20)
      first = ahead.take(0, into)
    }
    expect(Buffer.from(first!).toString()).toBe('kind: A\n')
    ahead.release(0)
    for (const k of [1, 2, 3]) {
      expect(ahead.take(k, into)).toBeUndefined()
      ahead.release(k)
    }
    ahead.stop()
  })
})

describe('loadFiles', () => {
  it('loads many files read ahead as it loads each one alone', async () => {
    mkdirSync(path.join(dir, 'many'))
    const files = Array.from({ length: 300 }, (_v, i) =>
      file(`many/${i}.yaml`, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m${i}\n`)
    )
    files.push(
      file('many/bad.yaml', 'a: [\n'),
      file('many/big.yaml', `x: ${'y'.repeat(1 << 17)}\n`)
    )
    files.push({ absolutePath: path.join(dir, 'many/gone.yaml'), file: 'many/gone.yaml', size: 5 })
    const order = files.map((_f, i) => i).reverse()
    const loaded = await loadFiles(files, { maxFileSize: 1 << 20, order })
    expect(loaded).toEqual(files.map((f) => readAndLoad(f.file, f.absolutePath)))
    expect(loaded.at(-1)!.findings.map((f) => f.ruleId)).toEqual(['workspace/unreadable-file'])
  })
})

describe('sizes discovery leaves unknown', () => {
  it('finds a file over max-file-size when it is opened or read ahead, and never parses it', async () => {
    mkdirSync(path.join(dir, 'unsized'))
    // Enough files for the reader to start: the big ones fit its slots, so it reads them too.
    const files = Array.from({ length: 300 }, (_v, i) => {
      const f = file(`unsized/${i}.yaml`, i % 100 === 7 ? `x: ${'y'.repeat(300)}\n` : 'a: 1\n')
      return { absolutePath: f.absolutePath, file: f.file }
    })
    const loaded = await loadFiles(files, { maxFileSize: 200 })
    const tooLarge = loaded.filter((r) => r.skipped[0]?.reason === 'file too large')
    expect(tooLarge.map((r) => r.file)).toEqual([
      'unsized/7.yaml',
      'unsized/107.yaml',
      'unsized/207.yaml'
    ])
    expect(tooLarge[0]!.findings[0]!.message).toBe(
      'The file has 304 bytes, more than the maximum of 200 (max-file-size); it is not parsed.'
    )
    expect(tooLarge[0]!.documents).toEqual([])
    // Each size is known once the file is read.
    expect(files.map((f) => (f as DiscoveredFile).size)).toEqual(
      files.map((_f, i) => (i % 100 === 7 ? 304 : 5))
    )
    // Opened alone, without the reader.
    const alone = readAndLoad(files[7]!.file, files[7]!.absolutePath, undefined, 200)
    expect(alone.skipped[0]?.reason).toBe('file too large')
  })
})
