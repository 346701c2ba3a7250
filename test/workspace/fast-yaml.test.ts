/**
 * The fast path against `yaml` itself (read as kubectl reads it: kubectl-text.ts and
 * kubectl-decode.ts): on every text it accepts, the same documents, values (key order
 * included), notes where kubectl reads a scalar otherwise than YAML 1.2, document starts,
 * identity spans and node offsets; everything outside its subset is left to `yaml`.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { isMap, isScalar, isSeq, parseAllDocuments } from 'yaml'
import type { Node } from 'yaml'
import { parseYamlFast } from '../../src/workspace/fast-yaml.js'
import type { FastNode } from '../../src/workspace/fast-yaml.js'
import { SourceIndex } from '../../src/workspace/positions.js'
import { kubectlDecode } from '../../src/workspace/kubectl-decode.js'
import { parseAsKubectl } from '../../src/workspace/kubectl-text.js'
import { kubectlPlainKey } from '../../src/workspace/go-yaml-scalars.js'
import { yamlFiles } from '../support/yaml-files.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const corpus = path.resolve(repo, '../shared/corpus')

/** JSON with key order kept and non-finite numbers spelled out. */
const ordered = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'number' && !Number.isFinite(x) ? String(x) : x
  )

/** A `yaml` key node as kubectl sends it. */
function kubectlKey(key: Node): string {
  if (isScalar(key) && !key.tag && key.type === 'PLAIN' && key.source !== undefined) {
    const k = kubectlPlainKey(key.source)
    return 'key' in k ? k.key : '(unsupported)'
  }
  return String((key as { value?: unknown }).value)
}

/** Where a fast-path node and `yaml`'s disagree, or nothing. */
function nodeDifferences(y: Node | null, f: FastNode, at: string, out: string[]): void {
  if (!y) return void out.push(`${at}: yaml has no node`)
  const [start, end] = y.range!
  if (start !== f.start) out.push(`${at}: start ${f.start}, yaml ${start}`)
  if (f.end !== -1 && end !== f.end) out.push(`${at}: end ${f.end}, yaml ${end}`)
  if (isScalar(y)) {
    if (f.kind !== 'scalar' || f.style !== y.type)
      out.push(`${at}: ${f.kind} ${f.style}, yaml ${y.type}`)
  } else if (isMap(y)) {
    const keys = [...(f.pairs?.keys() ?? [])]
    if (f.kind !== 'map' || keys.length !== y.items.length) return void out.push(`${at}: map`)
    y.items.forEach((pair, i) => {
      const key = pair.key as Node
      const fp = f.pairs!.get(keys[i]!)!
      if (kubectlKey(key) !== keys[i]) out.push(`${at}: key ${keys[i]}`)
      if (key.range![0] !== fp.key.start || key.range![1] !== fp.key.end)
        out.push(`${at}.${keys[i]}: key offsets`)
      nodeDifferences(pair.value as Node, fp.value, `${at}.${keys[i]}`, out)
    })
  } else if (isSeq(y)) {
    if (f.kind !== 'seq' || f.items!.length !== y.items.length) return void out.push(`${at}: seq`)
    y.items.forEach((item, i) => nodeDifferences(item as Node, f.items![i]!, `${at}[${i}]`, out))
  }
}

/**
 * 'fast' when the fast path takes `text` (and then agrees with `yaml` in everything, or the
 * differences are returned), 'yaml' when it leaves the text to `yaml`.
 */
function compareWithYaml(text: string): 'fast' | 'yaml' | string[] {
  const fast = parseYamlFast(text)
  if (!fast) return 'yaml'
  const tree = parseYamlFast(text, true)!
  const { docs, overrides } = parseAsKubectl(text)
  const out: string[] = []
  if (docs.length !== fast.length) return [`${fast.length} documents, yaml ${docs.length}`]
  docs.forEach((doc, i) => {
    if (doc.errors.length > 0) return void out.push(`doc ${i}: yaml reports ${doc.errors[0]!.code}`)
    const decoded = kubectlDecode(doc, overrides)
    if ('error' in decoded) return void out.push(`doc ${i}: kubectl rejects it: ${decoded.error}`)
    const value = decoded.value
    const f = fast[i]!
    if (!isDeepStrictEqual(value, f.value) || ordered(value) !== ordered(f.value))
      out.push(`doc ${i}: value ${ordered(f.value)}, yaml ${ordered(value)}`)
    if (!isDeepStrictEqual(f.notes ?? [], decoded.notes))
      out.push(`doc ${i}: notes ${ordered(f.notes)}, yaml ${ordered(decoded.notes)}`)
    const start = doc.contents?.range[0] ?? doc.range[0]
    if (start !== f.start) out.push(`doc ${i}: start ${f.start}, yaml ${start}`)
    const names: Array<[string, Array<string | number>]> = [['metadata.name', ['metadata', 'name']]]
    const items = (value as { items?: unknown } | null)?.items
    if (Array.isArray(items))
      items.forEach((_x, k) =>
        names.push([`items[${k}].metadata.name`, ['items', k, 'metadata', 'name']])
      )
    for (const [key, p] of names) {
      const node: unknown = doc.getIn(p, true)
      const want = isScalar(node) && node.range ? [node.range[0], node.range[1]] : undefined
      const got = f.names?.get(key)
      if (!isDeepStrictEqual(got ? [...got] : undefined, want)) out.push(`doc ${i}: ${key} span`)
    }
    nodeDifferences(doc.contents, tree[i]!.root!, `doc ${i}`, out)
  })
  return out.length > 0 ? out : 'fast'
}

const ACCEPTED: Record<string, string> = {
  'block mapping and sequence': 'a: 1\nb:\n  - x\n  - y: 2\n    z: [1, "two", three]\n',
  'sequence at the parent key indent': 'a:\n- 1\n- 2\nb: 3\n',
  'nested sequences': '- - a\n  - b\n- c\n',
  'core schema scalars': 'n: ~\nb: True\no: 0o17\nh: 0x1F\ni: -12\nf: 1.50\ne: 1e3\nq: "12"\n',
  'YAML 1.1 scalars as kubectl reads them':
    'a: on\nb: No\nc: y\nd: 0777\ne: 1_000\nf: 0b101\ng: +0x1F\nh: 190:20:30\ni: [off, 0o7, "on"]\n',
  'non-string keys, as kubectl writes them': '1: a\ny: b\n2.0: c\n1e10: d\ne: {no: 1, 0x10: 2}\n',
  'comment without a space': 'a: "b"# c\nd: [1]#e\n',
  'quoted lines less indented than their key': 'a:\n  b: "one\n two"\n  c: \'x\ny\'\n',
  'flow collection closed at column 0': 'a:\n  b: [1,\n2\n]\n  c: {d: 1,\ne: 2\n}\n',
  'plain scalar over lines': 'description: first line\n  second line\n\n  after a blank\nnext: 1\n',
  'indicators inside a plain continuation': 'a: b\n  - c *d `e` [f]\n',
  'quoted scalars': 'a: "tab\\tquote\\" \\u00e9 \\x41"\nb: \'it\'\'s\'\nc: "folded\n  line"\n',
  'escaped line break': 'a: "one \\\n   two"\n',
  'long quoted scalars with escapes, breaks and spaces before breaks':
    'a: "a longer line with \\"escapes\\" and \\t tabs   \n   folded onto more lines  \n\n  and a blank one \\u00e9\\x41 end"\n' +
    "b: \"spaces before an escaped break  \\\n  next line of it\"\nc: 'single quoted over\n\n  several lines, it''s\n  done'\n",
  'plain scalar over lines with characters past U+00FF':
    'description: first line \u013a of it\n  second line\n\n\n  after blanks\nnext: 1\n',
  'literal and folded block scalars':
    'a: |\n  line 1\n\n    indented\n  line 3\nb: >-\n  folded\n  text\n\n  para\n    more\n  end\nc: |+\n  kept\nd: |2-\n     explicit\n',
  // Lines on both sides of the length at which block scalar pieces stop being copied one byte
  // at a time, and more-indented folded lines, whose indentation is written as spaces.
  'block scalars with long and short lines':
    `a: |\n  ${'x'.repeat(255)}\n  ${'y'.repeat(256)}\n  short\n  ${'z'.repeat(1000)} end\n` +
    `b: >\n  ${'w'.repeat(300)}\n      ${'v'.repeat(40)}\n  after\nc: 1\n`,
  'empty values': 'a:\nb: # comment\nc:\n- \n- x\n',
  'comments everywhere': '# head\na: 1 # tail\n  # deeper\nb:\n  # before\n  c: 2\n# last\n',
  'documents and empty documents': '---\na: 1\n---\n--- # c\n---\nb: 2\n',
  'flow collections over lines':
    'args: [\n  "--a", # first\n  --b\n]\nm: {a: 1, "b": [x, {c: d}], e: "f"}\n',
  'JSON document': '{\n  "kind": "List",\n  "items": [{"metadata": {"name": "x"}}]\n}\n',
  'identity of list items':
    'kind: List\nitems:\n- metadata:\n    name: one\n- metadata: {name: "two"}\n',
  'dashes and colons in plain text': 'args: --flag=a:b\nurl: http://x/y\n-neg: -1\n',
  'plain values starting with ? or :': 'a: ?*\nb: :x\nc:\n  - ?y\n  - ":"\n',
  'key with spaces before the colon': 'a   : 1\n',
  // Each is read as one byte; these ones' low bytes are `:`, `#`, CR, LF and `]`.
  'characters past U+00FF':
    'a: x\u013a y # \u0123\nb: "\u010d"\nc: |\n  \u010a\nd: [\u013a, \u015d]\n'
}

const LEFT_TO_YAML: Record<string, string> = {
  anchor: 'a: &x 1\nb: *x\n',
  tag: 'a: !!str 1\n',
  directive: '%YAML 1.2\n---\na: 1\n',
  'duplicate key': 'a: 1\na: 2\n',
  'tab indentation': 'a:\n\tb: 1\n',
  'document end marker': 'a: 1\n...\n',
  'CRLF line breaks': 'a: 1\r\nb: 2\r\n',
  'nested compact mapping': 'a: b: c\n',
  'NaN (kubectl cannot send it)': 'a: .nan\n',
  'null key': '~: 1\n',
  'trailing comma in flow': 'a: [1, 2,]\n',
  'explicit key': '? a\n: b\n',
  'merge key': '<<: {a: 1}\n',
  'long quoted key': `"${'k'.repeat(1023)}": 1\n`,
  'long plain key': `${'k'.repeat(1024)}: 1\n`,
  'multi-line flow plain scalar': 'a: [b\n  c]\n',
  'content on the marker line': '--- a: 1\n',
  'more indented blank line in a block scalar': 'a: |\n  x\n      \n  y\n',
  'kept trailing lines': 'a: |+\n  x\n\nb: 1\n',
  'bad indentation': 'a:\n    b: 1\n  c: 2\n',
  'syntax error': 'a: [1, 2\n'
}

describe('the fast YAML path', () => {
  it.each(Object.entries(ACCEPTED))('reads %s as yaml does', (_name, text) => {
    expect(compareWithYaml(text)).toBe('fast')
  })

  it.each(Object.entries(LEFT_TO_YAML))('leaves %s to yaml', (_name, text) => {
    expect(parseYamlFast(text)).toBeUndefined()
  })

  it('gives every value right when more distinct strings come than it shares (140,000)', () => {
    const values = Array.from({ length: 140_000 }, (_v, i) => `value-${i}`)
    const text = `list:\n${values.map((v) => `- ${v}\n- value-7\n`).join('')}`
    const list = (parseYamlFast(text)![0]!.value as { list: string[] }).list
    expect(list).toHaveLength(280_000)
    expect(list.filter((_v, i) => i % 2 === 0)).toEqual(values)
    expect(new Set(list.filter((_v, i) => i % 2 === 1))).toEqual(new Set(['value-7']))
  })

  it('keeps keys apart that share a length (more of them than its key cache has slots)', () => {
    const keys = Array.from({ length: 20_000 }, (_k, i) => `k${String(i).padStart(5, '0')}`)
    const text = keys.map((k, i) => `${k}: ${i}\n`).join('')
    for (let pass = 0; pass < 2; pass++) {
      const value = parseYamlFast(text)![0]!.value as Record<string, number>
      expect(Object.keys(value)).toEqual(keys)
      expect(value.k12345).toBe(12345)
    }
  })

  it('agrees with yaml on every YAML file of the repository', () => {
    const files = [...yamlFiles(path.join(repo, 'fixtures')), ...yamlFiles(path.join(repo, 'test'))]
    let fast = 0
    for (const file of files) {
      const r = compareWithYaml(readFileSync(file, 'utf8').replace(/^\ufeff/, ''))
      if (r === 'fast') fast++
      else if (r !== 'yaml') throw new Error(`${file}: ${r.slice(0, 5).join('; ')}`)
    }
    expect(fast).toBeGreaterThan(files.length / 2)
  })

  // CI has ../shared beside the clone.
  it('agrees with yaml on a sample of the real corpus (every 7th file)', () => {
    const files = yamlFiles(corpus, 7)
    let fast = 0
    for (const file of files) {
      const r = compareWithYaml(readFileSync(file, 'utf8').replace(/^\ufeff/, ''))
      if (r === 'fast') fast++
      else if (r !== 'yaml') throw new Error(`${file}: ${r.slice(0, 5).join('; ')}`)
    }
    // Nearly all of it is inside the subset.
    expect(fast / files.length).toBeGreaterThan(0.95)
  }, 300_000)

  it('locates values and string offsets as the yaml-only index does', () => {
    for (const text of Object.values(ACCEPTED)) {
      const fast = new SourceIndex(text)
      const slow = new SourceIndex(text, false)
      parseAllDocuments(text).forEach((doc, i) => {
        const visit = (v: unknown, p: Array<string | number>): void => {
          expect(fast.locate(i, p)).toEqual(slow.locate(i, p))
          expect(fast.locate(i, [...p, 'missing'])).toEqual(slow.locate(i, [...p, 'missing']))
          if (p.length > 0) expect(fast.locate(i, p, 'key')).toEqual(slow.locate(i, p, 'key'))
          if (typeof v === 'string')
            for (let k = 0; k <= v.length; k += 3)
              expect(fast.locateInString(i, p, k, k + 2)).toEqual(
                slow.locateInString(i, p, k, k + 2)
              )
          if (Array.isArray(v)) v.forEach((x, k) => visit(x, [...p, k]))
          else if (v !== null && typeof v === 'object')
            for (const [k, x] of Object.entries(v)) visit(x, [...p, k])
        }
        const decoded = kubectlDecode(doc)
        visit('value' in decoded ? decoded.value : null, [])
        expect(fast.documentRange(i)).toEqual(slow.documentRange(i))
      })
    }
  })
})
