import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadFile } from '../../src/workspace/load.js'
import { decodeUtf16, manifestText, utf16ByteOrder } from '../../src/workspace/text-encoding.js'
import { fixtureWorkspace } from '../kube/admission/workspace.js'

/** `text` as Windows PowerShell 5's `>` writes it: UTF-16LE with a byte order mark. */
const utf16le = (text: string): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
const utf16be = (text: string): Buffer => {
  const le = Buffer.from(text, 'utf16le')
  return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()])
}

const CONFIG_MAP =
  'apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: café\r\ndata:\r\n  k: "😀"\r\n'

describe('UTF-16 manifests', () => {
  it('tells UTF-16 byte order marks from UTF-8 and UTF-32LE', () => {
    expect(utf16ByteOrder(utf16le('a: 1'))).toBe('UTF-16LE')
    expect(utf16ByteOrder(utf16be('a: 1'))).toBe('UTF-16BE')
    expect(utf16ByteOrder(Buffer.from('\ufeffa: 1'))).toBeUndefined()
    expect(utf16ByteOrder(Buffer.from([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0]))).toBeUndefined()
    expect(utf16ByteOrder(Buffer.from([0xff]))).toBeUndefined()
  })

  it('decodes both byte orders, a lone last byte as U+FFFD', () => {
    expect(decodeUtf16(utf16le(CONFIG_MAP), 'UTF-16LE')).toBe(CONFIG_MAP)
    expect(decodeUtf16(utf16be(CONFIG_MAP), 'UTF-16BE')).toBe(CONFIG_MAP)
    const odd = Buffer.concat([utf16be('ab'), Buffer.from([0x00])])
    expect(decodeUtf16(odd, 'UTF-16BE')).toBe('ab\ufffd')
    expect(manifestText(Buffer.from('\ufeffa: 1'))).toBe('a: 1')
    expect(manifestText(utf16be('a: 1'))).toBe('a: 1')
  })

  it('loads a UTF-16 file as kubectl reads it, with a warning on its encoding', () => {
    for (const bytes of [utf16le(CONFIG_MAP), utf16be(CONFIG_MAP)]) {
      const r = loadFile('cm.yaml', bytes)
      expect(r.documents.map((d) => d.value)).toEqual([
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'café' }, data: { k: '😀' } }
      ])
      expect(r.findings.map((f) => [f.ruleId, f.location.range?.startLine])).toEqual([
        ['yaml/utf16', 1],
        ['yaml/crlf-line-endings', 1]
      ])
      expect(r.findings[0]!.message).toMatch(/^The file is encoded as UTF-16(LE|BE) \(it starts/)
    }
  })

  it('locates values in a UTF-16 file by its decoded text', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'celgate-utf16-'))
    try {
      writeFileSync(path.join(dir, 'cm.yaml'), utf16le(CONFIG_MAP))
      const ws = await fixtureWorkspace(dir)
      const doc = ws.documents[0]!
      expect(ws.locate(doc, ['data', 'k']).range).toMatchObject({ startLine: 6, startColumn: 6 })
      expect(ws.lineReader('cm.yaml')?.(4)).toBe('  name: café')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
