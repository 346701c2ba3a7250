/**
 * The fast path against `yaml` on generated documents (seeded, so a failure can be replayed):
 * keys and values over ASCII, Latin-1 (with U+00FF), CJK and emoji, many distinct keys of one
 * length per file so that keys meet in the key cache, and files with few and with many distinct
 * characters past U+00FF (with many, the loader gets no one-byte stand-in and the parser reads
 * the text itself, as the position index always does).
 */
import { describe, expect, it } from '@jest/globals'
import { isDeepStrictEqual } from 'node:util'
import { parseYamlFast } from '../../src/workspace/fast-yaml.js'
import { loadFile } from '../../src/workspace/load.js'
import { SourceIndex } from '../../src/workspace/positions.js'
import { kubectlDecode } from '../../src/workspace/kubectl-decode.js'
import { parseAsKubectl } from '../../src/workspace/kubectl-text.js'

/** mulberry32: a small seeded generator. */
function generator(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ASCII = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ']
const ASCII_INNER = [...ASCII, ...'0123456789-_.']
const LATIN1 = [...'éñüßÿÀçø']
const EMOJI = ['😀', '😃', '🙂', '🚀', '🎉', '🔥']
const cjk = (random: () => number): string =>
  String.fromCharCode(0x4e00 + Math.floor(random() * 0x5000))

/** One file's characters: a few CJK characters, or any of 20,480 (so more than 94 distinct). */
function alphabet(random: () => number): string[] {
  const few = random() < 0.5
  const ideographs = few
    ? Array.from({ length: 2 + Math.floor(random() * 4) }, () => cjk(random))
    : Array.from({ length: 400 }, () => cjk(random))
  return [...ASCII, ...LATIN1, ...EMOJI, ...ideographs, ...ideographs]
}

function generateFile(seed: number): string {
  const random = generator(seed)
  const pick = <T>(from: readonly T[]): T => from[Math.floor(random() * from.length)]!
  const chars = alphabet(random)
  const inner = [...chars, ...ASCII_INNER]
  // Mostly one or two characters: keys of one length that differ only in characters past U+00FF.
  const word = (): string => {
    const length = 1 + Math.floor(random() * random() * 4)
    let s = pick(chars)
    for (let i = 1; i < length; i++) s += pick(inner)
    return s
  }
  const scalar = (): string => {
    const r = random()
    const w = `${word()} ${word()}`
    if (r < 0.5) return w
    if (r < 0.7) return JSON.stringify(`${w}: ${pick(chars)}`)
    if (r < 0.85) return `'${w.replace(/'/g, "''")}'`
    return String(Math.floor(random() * 1000))
  }
  const mapping = (indent: string, depth: number): string => {
    const keys = new Set<string>()
    const size = 2 + Math.floor(random() * 12)
    while (keys.size < size) keys.add(word())
    let out = ''
    for (const key of keys) {
      const r = random()
      if (depth < 3 && r < 0.25) out += `${indent}${key}:\n${mapping(indent + '  ', depth + 1)}`
      else if (depth < 3 && r < 0.35)
        out += `${indent}${key}:\n${Array.from({ length: 1 + Math.floor(random() * 3) }, () => `${indent}- ${scalar()}\n`).join('')}`
      else if (r < 0.42) out += `${indent}${key}: [${scalar()}, ${scalar()}]\n`
      else if (r < 0.48) out += `${indent}${key}: {${word()}x: ${scalar()}}\n`
      else out += `${indent}${key}: ${scalar()}\n`
    }
    return out
  }
  const docs = Array.from(
    { length: 1 + Math.floor(random() * 3) },
    (_d, i) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${pick(ASCII)}${seed}-${i}\ndata:\n${mapping('  ', 0)}`
  )
  return docs.join('---\n')
}

const FILES = 150

/**
 * `yaml`'s values of the documents of `text` as kubectl reads them (kubectl-decode.ts), or
 * undefined when it reports an error.
 */
function yamlValues(text: string): unknown[] | undefined {
  const { docs, overrides } = parseAsKubectl(text)
  if (docs.some((d) => d.errors.length > 0)) return undefined
  const values: unknown[] = []
  for (const doc of docs) {
    const decoded = kubectlDecode(doc, overrides)
    if ('error' in decoded) return undefined
    values.push(decoded.value)
  }
  return values
}

/** Deep equality with key order. */
const same = (a: unknown, b: unknown): boolean =>
  isDeepStrictEqual(a, b) && JSON.stringify(a) === JSON.stringify(b)

describe('the fast YAML path on generated documents', () => {
  it('reads what yaml reads, text after text (the key cache is shared between them)', () => {
    let fast = 0
    for (let seed = 1; seed <= FILES; seed++) {
      const text = generateFile(seed)
      const want = yamlValues(text)
      if (!want) throw new Error(`seed ${seed}: yaml reports an error in\n${text}`)
      for (const tree of [false, true]) {
        const docs = parseYamlFast(text, tree)
        if (!docs) continue
        fast++
        const got = docs.map((d) => d.value)
        if (!same(got, want))
          throw new Error(
            `seed ${seed} (tree ${tree}): ${JSON.stringify(got)}\nyaml: ${JSON.stringify(want)}`
          )
      }
    }
    // The generated documents are inside the fast subset: nearly all of them are read by it.
    expect(fast).toBeGreaterThan(FILES * 2 * 0.95)
  })

  it('loads what yaml reads, with and without the one-byte stand-in', () => {
    const differing: number[] = []
    for (let seed = 1; seed <= FILES; seed++) {
      const text = generateFile(seed)
      const result = loadFile(`fuzz-${seed}.yaml`, Buffer.from(text))
      if (
        !same(
          result.documents.map((d) => d.value),
          yamlValues(text)
        )
      )
        differing.push(seed)
    }
    expect(differing).toEqual([])
  })

  it('locates every key and value as the yaml-only index does', () => {
    let located = 0
    for (let seed = 1; seed <= FILES; seed += 8) {
      const text = generateFile(seed)
      const fast = new SourceIndex(text)
      const slow = new SourceIndex(text, false)
      yamlValues(text)!.forEach((doc, i) => {
        const visit = (v: unknown, p: Array<string | number>): void => {
          if (!isDeepStrictEqual(fast.locate(i, p), slow.locate(i, p)))
            throw new Error(`seed ${seed}: ${JSON.stringify(p)} located differently`)
          if (
            p.length > 0 &&
            !isDeepStrictEqual(fast.locate(i, p, 'key'), slow.locate(i, p, 'key'))
          )
            throw new Error(`seed ${seed}: key ${JSON.stringify(p)} located differently`)
          located++
          if (Array.isArray(v)) v.forEach((x, k) => visit(x, [...p, k]))
          else if (v !== null && typeof v === 'object')
            for (const [k, x] of Object.entries(v)) visit(x, [...p, k])
        }
        visit(doc, [])
      })
    }
    expect(located).toBeGreaterThan(1000)
  })

  it('keeps apart keys whose characters past U+00FF differ, across files and in one', () => {
    expect(parseYamlFast('a:\n  名前: 1\nb:\n  住所: 2\n')?.[0]?.value).toEqual({
      a: { 名前: 1 },
      b: { 住所: 2 }
    })
    // A key with U+00FF in a one-byte text after one with units past it.
    expect(parseYamlFast('名前: 1\n')?.[0]?.value).toEqual({ 名前: 1 })
    expect(parseYamlFast('ÿÿ: 1\n')?.[0]?.value).toEqual({ ÿÿ: 1 })
  })
})
