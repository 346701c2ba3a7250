import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { firstInvalidUtf8, helmDirectiveLine, loadFile } from '../../src/workspace/load.js'

const fixture = (name: string): Buffer =>
  readFileSync(new URL(`../../fixtures/workspace/${name}`, import.meta.url))
const load = (name: string) => loadFile(`fixtures/workspace/${name}`, fixture(name))

describe('loadFile', () => {
  it('reports a syntax error at its line and keeps the other documents of the file', () => {
    const r = load('malformed.yaml')
    expect(r.documents.map((d) => d.name)).toEqual(['good-before', 'good-after'])
    expect(r.skipped).toEqual([
      {
        file: 'fixtures/workspace/malformed.yaml',
        index: 1,
        line: expect.any(Number),
        reason: 'YAML syntax error'
      }
    ])
    const errors = r.findings.filter((f) => f.ruleId === 'yaml/syntax-error')
    expect(errors.length).toBeGreaterThan(0)
    expect(errors[0]!.location.range!.startLine).toBeGreaterThanOrEqual(11)
    expect(errors[0]!.location.document).toBe(1)
  })

  it('reports a duplicate key at the repeated key and uses the last value', () => {
    const r = load('duplicate-key.yaml')
    const dup = r.findings.find((f) => f.ruleId === 'yaml/duplicate-key')
    expect(dup?.location.range).toMatchObject({ startLine: 7, startColumn: 3 })
    expect(r.documents[0]!.value.data).toEqual({ a: '2' })
  })

  it('notes CRLF files and reads them like LF files', () => {
    const r = load('crlf.yaml')
    expect(r.findings.map((f) => f.ruleId)).toEqual(['yaml/crlf-line-endings'])
    expect(r.findings[0]!.location.range!.startLine).toBe(1)
    expect(r.documents[0]!.value.data).toEqual({ rule: 'self.x > 1' })
  })

  it('skips an alias bomb with a finding at the first alias instead of expanding it', () => {
    const r = load('alias-bomb.yaml')
    const f = r.findings.find((x) => x.ruleId === 'yaml/alias-limit')
    expect(f?.location.range!.startLine).toBe(2)
    expect(r.documents).toHaveLength(0)
    expect(r.skipped[0]!.reason).toBe('too many aliases')
  })

  it('expands List items into documents with their path inside the file', () => {
    const r = load('list.yaml')
    expect(r.documents.map((d) => [d.kind, d.name, d.basePath])).toEqual([
      ['namespace', 'one', ['items', 0]],
      ['resource', 'two', ['items', 1]]
    ])
  })

  it('skips Helm templates with a notice but not Kyverno {{ }} variables', () => {
    const helm = load('helm-template.yaml')
    expect(helm.findings.map((f) => f.ruleId)).toEqual(['workspace/helm-template'])
    expect(helm.findings[0]!.location.range!.startLine).toBe(4)
    expect(helm.skipped[0]!.reason).toBe('Helm template')
    const kyverno = load('kyverno-variables.yaml')
    expect(kyverno.findings).toEqual([])
    expect(kyverno.documents[0]!.kind).toBe('kyverno-policy')
  })

  it('counts empty documents and non-objects as skipped, with the reason', () => {
    const r = load('empty-and-comments.yaml')
    expect(r.documents.map((d) => d.name)).toEqual(['flow'])
    expect(r.skipped.map((s) => s.reason).sort()).toEqual([
      'empty document',
      'not a Kubernetes object (no apiVersion or kind)'
    ])
  })

  it('reports invalid UTF-8 at its line and column and reads the rest', () => {
    const bytes = Buffer.concat([
      Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: caf'),
      Buffer.from([0xe9]),
      Buffer.from('\n')
    ])
    const r = loadFile('bad.yaml', bytes)
    const f = r.findings.find((x) => x.ruleId === 'yaml/invalid-utf8')
    expect(f?.location.range).toMatchObject({ startLine: 4, startColumn: 12 })
    expect(f?.message).toContain('0xe9')
    expect(r.documents[0]!.name).toBe('caf\ufffd')
  })

  it('finds the first invalid UTF-8 byte', () => {
    expect(firstInvalidUtf8(Buffer.from('héllo ✓ 𝄞'))).toBe(Buffer.byteLength('héllo ✓ 𝄞'))
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc0, 0x80]))).toBe(1) // overlong
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1) // surrogate
    expect(firstInvalidUtf8(Buffer.from([0xe2, 0x82]))).toBe(0) // truncated
  })

  it('survives hostile nesting with a finding, not a crash', () => {
    const deepFlow = Buffer.from(`a: ${'['.repeat(20000)}${']'.repeat(20000)}\n`)
    const r1 = loadFile('deep-flow.yaml', deepFlow)
    expect(r1.documents).toHaveLength(0)
    expect(r1.findings.map((f) => f.ruleId)).toContain('yaml/too-deep')
    const deepJson = Buffer.from(
      `{"apiVersion":"v1","kind":"X","a":${'['.repeat(5000)}${']'.repeat(5000)}}`
    )
    const r2 = loadFile('deep.json', deepJson)
    expect(r2.documents).toHaveLength(0)
    expect(r2.findings.map((f) => f.ruleId)).toContain('yaml/too-deep')
  })

  it('reads JSON files, and reports a broken one with the YAML parser position', () => {
    const ok = loadFile(
      'x.json',
      Buffer.from('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"j"}}')
    )
    expect(ok.documents[0]!.name).toBe('j')
    const bad = loadFile('y.json', Buffer.from('{\n  "apiVersion": "v1",\n  "items": [1, 2}\n'))
    expect(bad.findings[0]!.ruleId).toBe('yaml/syntax-error')
    expect(bad.documents).toHaveLength(0)
  })

  it('reports a key a JSON file repeats at its position, and checks the last value', () => {
    const r = loadFile(
      'dup.json',
      Buffer.from(
        '{\n  "apiVersion": "v1",\n  "kind": "ConfigMap",\n  "metadata": {"name": "a", "name": "b"}\n}\n'
      )
    )
    expect(
      r.findings.map((f) => [f.ruleId, f.location.range?.startLine, f.location.range?.startColumn])
    ).toEqual([['yaml/duplicate-key', 4, 29]])
    expect(r.documents.map((d) => d.name)).toEqual(['b'])
  })

  it('tells Helm directives from Kyverno variables', () => {
    expect(helmDirectiveLine('a', 'a: 1\n{{- if .Values.x }}\nb: 2\n{{- end }}\n')).toBe(2)
    expect(helmDirectiveLine('a', 'name: {{ include "x" . }}\n')).toBe(1)
    expect(helmDirectiveLine('a', 'message: "{{ request.object.metadata.name }}"\n')).toBe(0)
    expect(helmDirectiveLine('a', 'key: "{{ element.name }}"\n')).toBe(0)
  })
})

describe('stray documents', () => {
  it('notes a document without apiVersion or kind among Kubernetes objects', () => {
    const text =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n...\nfailurePolicy: Ignore\n'
    const r = loadFile('stray.yaml', Buffer.from(text))
    expect(r.findings.map((f) => [f.ruleId, f.location.range!.startLine])).toEqual([
      ['workspace/stray-document', 6]
    ])
  })

  it('says nothing about plain configuration files', () => {
    expect(loadFile('values.yaml', Buffer.from('replicas: 3\n')).findings).toEqual([])
  })
})
