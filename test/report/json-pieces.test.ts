import { describe, expect, it } from '@jest/globals'
import { jsonPieces, MappedList } from '../../src/report/json-pieces.js'

const joined = (value: unknown, indent = 2, batch = 3): string =>
  [...jsonPieces(value, { indent, batch })].join('')

/** A small deterministic generator (mulberry32), so a failure names a reproducible seed. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function randomValue(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 5 ? 6 : 10))
  switch (pick) {
    case 0:
      return null
    case 1:
      return next() < 0.5
    case 2:
      return [0, -0, 1.5, -7, NaN, Infinity, 2 ** 60][Math.floor(next() * 7)]
    case 3:
      return ['', 'a', 'quote " and \\ slash', 'line\nbreak', '\u2028\ud800', 'é ü 漢'][
        Math.floor(next() * 6)
      ]
    case 4:
      return undefined
    case 5:
      return new Date(Date.UTC(2026, 10, 22))
    case 6:
    case 7: {
      const length = [0, 1, 2, 3, 4, 7, 12][Math.floor(next() * 7)]!
      return Array.from({ length }, () => randomValue(next, depth + 1))
    }
    default: {
      const object: Record<string, unknown> = {}
      const keys = Math.floor(next() * 6)
      for (let k = 0; k < keys; k++)
        object[['a', 'b', 'key "q"', '1', 'ü', 'z'][k]!] = randomValue(next, depth + 1)
      if (next() < 0.1) object.fn = () => 1
      return object
    }
  }
}

describe('jsonPieces', () => {
  it('writes what JSON.stringify(value, null, indent) writes, for random values', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const next = random(seed)
      const value = { root: randomValue(next, 0), list: randomValue(next, 0) }
      for (const indent of [1, 2, 4])
        for (const batch of [1, 2, 5])
          expect([seed, indent, batch, joined(value, indent, batch)]).toEqual([
            seed,
            indent,
            batch,
            JSON.stringify(value, null, indent)
          ])
    }
  })

  it('batches long arrays at any depth and walks the objects above them', () => {
    const cells = Array.from({ length: 10 }, (_v, i) => ({ cell: i, nested: { list: [i, i] } }))
    const value = {
      policies: [
        { engine: 'x', matrix: cells },
        { engine: 'y', matrix: [] }
      ]
    }
    const pieces = [...jsonPieces(value, { indent: 2, batch: 4 })]
    expect(pieces.join('')).toBe(JSON.stringify(value, null, 2))
    // Ten cells in batches of four: three pieces carry them.
    expect(pieces.filter((p) => p.includes('"cell"'))).toHaveLength(3)
  })

  it('makes runs of large elements shorter, so that pieces stay well under 128 KiB', () => {
    const findings = Array.from({ length: 600 }, (_v, i) => ({ i, message: 'x'.repeat(2000) }))
    const pieces = [...jsonPieces({ findings }, { indent: 2 })]
    expect(pieces.join('')).toBe(JSON.stringify({ findings }, null, 2))
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(64 * 1024)
    // Small elements go 128 to a piece after a first run of 16.
    const small = Array.from({ length: 272 }, (_v, i) => ({ i }))
    const smallPieces = [...jsonPieces({ small }, { indent: 2 })]
    expect(smallPieces.filter((p) => p.includes('"i"'))).toHaveLength(3)
  })

  it('writes the top level and a lone value', () => {
    for (const value of [
      [],
      {},
      [[]],
      [{}],
      'text',
      3,
      null,
      [undefined, () => 1],
      { a: undefined }
    ])
      expect(joined(value)).toBe(JSON.stringify(value, null, 2))
  })

  it('makes the items of a MappedList as it writes them, a batch at a time', () => {
    const made: number[] = []
    const list = new MappedList([1, 2, 3, 4, 5], (n) => {
      made.push(n)
      return { n, big: BigInt(n) > 2n }
    })
    const pieces = jsonPieces({ findings: list, after: true }, { indent: 2, batch: 2 })
    const first = pieces.next()
    expect(first.done).toBe(false)
    expect(made).toEqual([])
    const rest = [...pieces].join('')
    expect(made).toEqual([1, 2, 3, 4, 5])
    const items = [1, 2, 3, 4, 5].map((n) => ({ n, big: n > 2 }))
    expect(first.value + rest).toBe(JSON.stringify({ findings: items, after: true }, null, 2))
  })

  it('leaves values with their own toJSON to stringify', () => {
    const value = { when: new Date(0), own: { toJSON: () => ({ replaced: [1, 2, 3, 4] }) } }
    expect(joined(value, 2, 1)).toBe(JSON.stringify(value, null, 2))
  })
})
