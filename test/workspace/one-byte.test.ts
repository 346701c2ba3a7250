/**
 * The one-byte stand-in the fast parser reads for files with characters past U+00FF: the values
 * it gives, once restored, are the ones the real text gives.
 */
import { describe, expect, it } from '@jest/globals'
import { parseYamlFast } from '../../src/workspace/fast-yaml.js'
import { hasCharsPastLatin1, oneByteStandIn } from '../../src/workspace/one-byte.js'
import { loadFile } from '../../src/workspace/load.js'

const MANIFEST = [
  'apiVersion: v1',
  'kind: ConfigMap',
  'metadata:',
  '  name: “quoted” — name',
  '  annotations:',
  '    note: ’single’ and café and ¤ and 日本語 and 🚀 rocket',
  '    “key”: value',
  '    escaped: "\\xa1 \\u00a2 \\u2019 plus ’ literal"',
  'data:',
  '  block: |',
  '    line one — with a dash',
  '    line two ✓',
  '  folded: >',
  '    folded ’text’',
  '    goes on',
  '  list: [“a”, b, ’c’]',
  '---',
  'kind: Other',
  'items:',
  '  - “first”',
  '  - second ✓',
  ''
].join('\n')

const bytesOf = (text: string): number => Buffer.byteLength(text, 'utf8')

describe('hasCharsPastLatin1', () => {
  it('tells texts with characters past U+00FF from ASCII and Latin-1 ones', () => {
    expect(hasCharsPastLatin1('plain: ascii\n', bytesOf('plain: ascii\n'))).toBe(false)
    expect(hasCharsPastLatin1('name: café\n', bytesOf('name: café\n'))).toBe(false)
    expect(hasCharsPastLatin1(MANIFEST, bytesOf(MANIFEST))).toBe(true)
  })
})

describe('oneByteStandIn', () => {
  it('keeps every offset and parses to the same values once restored', () => {
    const standIn = oneByteStandIn(MANIFEST)!
    expect(standIn.text).toHaveLength(MANIFEST.length)
    expect(hasCharsPastLatin1(standIn.text, standIn.text.length)).toBe(false)
    const real = parseYamlFast(MANIFEST)!
    const parsed = parseYamlFast(standIn.text)!
    expect(parsed.map((d) => d.start)).toEqual(real.map((d) => d.start))
    expect(parsed.map((d) => standIn.restore(d.value))).toEqual(real.map((d) => d.value))
    expect(
      Object.keys((real[0]!.value as { metadata: { annotations: object } }).metadata.annotations)
    ).toEqual(['note', '“key”', 'escaped'])
  })

  it('keeps an own `__proto__` key whose value holds a stand-in', () => {
    const text = 'a: 1\n__proto__: “x”\n“k”: 2\n'
    const standIn = oneByteStandIn(text)!
    const value = standIn.restore(parseYamlFast(standIn.text)![0]!.value) as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toEqual(['a', '__proto__', '“k”'])
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('“x”')
  })

  it('stands back when the file has more distinct such characters than free letters', () => {
    const many = Array.from({ length: 120 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('')
    expect(oneByteStandIn(`name: ${many}\n`)).toBeUndefined()
  })

  it('stands back for the line and paragraph separators, which send a file to `yaml`', () => {
    expect(oneByteStandIn('name: a\u2028b ’\n')).toBeUndefined()
  })
})

describe('loadFile with characters past U+00FF', () => {
  it('loads the values the text holds', () => {
    const r = loadFile('m.yaml', Buffer.from(MANIFEST, 'utf8'))
    expect(r.documents.map((d) => d.name)).toEqual(['“quoted” — name', undefined])
    const data = r.documents[0]!.value.data as Record<string, unknown>
    expect(data).toEqual({
      block: 'line one — with a dash\nline two ✓\n',
      folded: 'folded ’text’ goes on\n',
      list: ['“a”', 'b', '’c’']
    })
  })
})
