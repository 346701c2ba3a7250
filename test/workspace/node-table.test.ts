/**
 * The loader keeps each file's fast-path nodes in a compact table (node-table.ts), so that
 * locating a finding reads and parses nothing again: located from the table, every value, key
 * and document is where the file's own parse puts it, and a file no longer on disk is still
 * located.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { DocumentReleases } from '../../src/core/document-release.js'
import { analyzer } from '../../src/core/check.js'
import { loadFile } from '../../src/workspace/load.js'
import type { FileLoadResult } from '../../src/workspace/load.js'
import { SourceIndex } from '../../src/workspace/positions.js'
import { manifestText } from '../../src/workspace/text-encoding.js'
import { Workspace } from '../../src/workspace/workspace.js'
import { yamlFiles } from '../support/yaml-files.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const corpus = path.resolve(repo, '../shared/corpus')

/**
 * Compares the table's answers with the tree's for every path of every document of `r`, loaded
 * from `bytes`; returns how many paths.
 */
function compareAll(r: FileLoadResult, bytes: Uint8Array): number {
  const positions = r.documents[0]?.positions
  if (!positions) return 0
  const text = manifestText(bytes)
  let reads = 0
  const fromTable = new SourceIndex(
    () => {
      reads++
      return text
    },
    true,
    positions
  )
  const fromTree = new SourceIndex(text)
  // isDeepStrictEqual, not expect(): hundreds of thousands of comparisons on the corpus.
  const same = (what: string, a: unknown, b: unknown): void => {
    if (!isDeepStrictEqual(a, b))
      throw new Error(`${r.file}: ${what}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`)
  }
  let compared = 0
  for (const doc of r.documents) {
    expect(doc.positions).toBe(positions)
    const i = doc.index
    same(`document ${i}`, fromTable.documentRange(i), fromTree.documentRange(i))
    // Iterative: corpus documents nest deeply.
    const stack: Array<[unknown, Array<string | number>]> = [[doc.value, doc.basePath]]
    while (stack.length > 0) {
      const [v, p] = stack.pop()!
      const at = `${i} ${JSON.stringify(p)}`
      same(at, fromTable.locate(i, p), fromTree.locate(i, p))
      const off = [...p, 'missing', 0]
      same(`${at} missing`, fromTable.locate(i, off), fromTree.locate(i, off))
      if (p.length > 0)
        same(`${at} key`, fromTable.locate(i, p, 'key'), fromTree.locate(i, p, 'key'))
      compared++
      if (Array.isArray(v)) {
        const past = [...p, v.length]
        same(`${at} past the end`, fromTable.locate(i, past), fromTree.locate(i, past))
        v.forEach((x, k) => stack.push([x, [...p, k]]))
      } else if (v !== null && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) stack.push([x, [...p, k]])
    }
  }
  // Only where `yaml` decides an end (comments after a collection's last value).
  if (reads > 0) expect(fromTable.text).toBe(fromTree.text)
  return compared
}

describe('the loader keeps positions for locating', () => {
  it('locates every value and key of a document as a parse of the file does', () => {
    const text = [
      'apiVersion: v1',
      'kind: List',
      'items:',
      '- apiVersion: v1',
      '  kind: ConfigMap',
      '  metadata: {name: "a", labels: {x: y}}',
      '  data:',
      '    "quoted key": |',
      '      text',
      '    y: plain # kubectl sends the key as "true"',
      '    empty:',
      '- apiVersion: v1',
      '  kind: Secret',
      '  metadata:',
      '    name: café-∂',
      '  stringData: {k: [1, 2, {z: 3}]}',
      '---',
      'apiVersion: v1',
      'kind: Namespace',
      'metadata:',
      '  name: ns',
      '  # a comment after the last value: its end is left to `yaml`',
      ''
    ].join('\n')
    const bytes = new TextEncoder().encode(text)
    const r = loadFile('list.yaml', bytes)
    expect(r.documents.map((d) => d.name)).toEqual(['a', 'café-∂', 'ns'])
    expect(compareAll(r, bytes)).toBeGreaterThan(20)
  })

  // CI has ../shared beside the clone.
  it('locates as a parse of the file does on a sample of the real corpus (every 17th file)', () => {
    let compared = 0
    for (const file of yamlFiles(corpus, 17)) {
      const bytes = readFileSync(file)
      compared += compareAll(loadFile(path.relative(corpus, file), bytes), bytes)
    }
    expect(compared).toBeGreaterThan(10_000)
  }, 300_000)

  it('locates findings without reading the file again, and lets go with the values', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'celgate-node-table-'))
    try {
      const file = path.join(dir, 'cm.yaml')
      const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  key: value\n'
      writeFileSync(file, text)
      const loaded = loadFile('cm.yaml', readFileSync(file))
      const files = [{ file: 'cm.yaml', absolutePath: file, size: text.length }]
      const ws = new Workspace(dir, dir, files, [loaded])
      const doc = ws.documents[0]!
      rmSync(file)
      const where = { file: 'cm.yaml', path: 'data.key', document: 0 }
      expect(ws.locate(doc, ['data', 'key'])).toEqual({
        ...where,
        range: { startLine: 6, startColumn: 8, endLine: 6, endColumn: 13 }
      })
      // Released with the value: the file would be read again, and it is gone.
      new DocumentReleases(
        ws.documents,
        [analyzer('nothing', { scope: 'workspace', reads: [] }, () => ({ findings: [] }))],
        []
      ).releaseAll()
      expect(doc.positions).toBeUndefined()
      const after = new Workspace(dir, dir, files, [loaded])
      expect(after.locate(doc, ['data', 'key'])).toEqual({
        ...where,
        range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 }
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
