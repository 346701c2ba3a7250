import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { SourceIndex } from '../../src/workspace/positions.js'
import { formatPath, parsePath } from '../../src/workspace/value-path.js'

const text = readFileSync(new URL('../../fixtures/workspace/rules.yaml', import.meta.url), 'utf8')
const index = new SourceIndex(text)
const rules = (
  parse(text) as {
    spec: {
      versions: Array<{
        schema: {
          openAPIV3Schema: {
            properties: { spec: { 'x-kubernetes-validations': Array<{ rule: string }> } }
          }
        }
      }>
    }
  }
).spec.versions[0]!.schema.openAPIV3Schema.properties.spec['x-kubernetes-validations'].map(
  (r) => r.rule
)
/** Offsets of `needle` in rule i's value, located in the file. */
const locateIn = (i: number, needle: string) => {
  const k = rules[i]!.indexOf(needle)
  expect(k).toBeGreaterThanOrEqual(0)
  return index.locateInString(0, rulePath(i), k, k + needle.length)!
}
const rulePath = (i: number) =>
  parsePath(
    `spec.versions[0].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations[${i}].rule`
  )

/** The source text at a single-line range. */
function at(range: { startLine: number; startColumn: number; endColumn: number }): string {
  return index.line(range.startLine).slice(range.startColumn - 1, range.endColumn - 1)
}

describe('value paths', () => {
  it('parses dotted, indexed, apiserver and quoted forms', () => {
    expect(
      parsePath(
        'spec.versions[0].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations[2].rule'
      )
    ).toEqual([
      'spec',
      'versions',
      0,
      'schema',
      'openAPIV3Schema',
      'properties',
      'spec',
      'x-kubernetes-validations',
      2,
      'rule'
    ])
    expect(
      parsePath('spec.validation.openAPIV3Schema.properties[spec].properties[networkTags]')
    ).toEqual([
      'spec',
      'validation',
      'openAPIV3Schema',
      'properties',
      'spec',
      'properties',
      'networkTags'
    ])
    expect(parsePath("metadata.annotations['example.com/a.b']")).toEqual([
      'metadata',
      'annotations',
      'example.com/a.b'
    ])
  })

  it('formats paths so they parse back', () => {
    const path = ['metadata', 'annotations', 'kubectl.kubernetes.io/last-applied', 'x', 3, "it's"]
    expect(formatPath(path)).toBe(
      "metadata.annotations['kubectl.kubernetes.io/last-applied'].x[3]['it\\'s']"
    )
    expect(parsePath(formatPath(path))).toEqual(path)
  })
})

describe('SourceIndex', () => {
  it('locates values and keys', () => {
    const r = index.locate(0, rulePath(0))
    expect(r.unresolved).toEqual([])
    expect(r.range).toEqual({ startLine: 20, startColumn: 25, endLine: 20, endColumn: 36 })
    const key = index.locate(0, ['metadata', 'name'], 'key')
    expect(at(key.range)).toBe('name')
  })

  it('returns the deepest existing node when the path runs off the document', () => {
    const r = index.locate(0, ['spec', 'names', 'missing', 'deeper'])
    expect(r.matchedPath).toEqual(['spec', 'names'])
    expect(r.unresolved).toEqual(['missing', 'deeper'])
    expect(r.range.startLine).toBe(7)
  })

  it('maps the internal single-schema layout onto spec.versions', () => {
    const r = index.locate(
      0,
      parsePath('spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule')
    )
    expect(r.range.startLine).toBe(20)
  })

  it('maps offsets inside a plain scalar', () => {
    // "self.a == 1": offset 5 is the "a".
    expect(at(index.locateInString(0, rulePath(0), 5, 6)!)).toBe('a')
  })

  it('maps offsets inside a single-quoted scalar with doubled quotes', () => {
    expect(rules[1]).toBe("self.b == 'it''s' && self.c")
    expect(at(locateIn(1, 'self.c'))).toBe('self.c')
  })

  it('maps offsets inside a double-quoted scalar with escapes', () => {
    expect(rules[2]).toBe('self.d == "\\t" && self.e')
    expect(at(locateIn(2, 'self.e'))).toBe('self.e')
  })

  it('maps offsets inside folded and literal block scalars to the right line and column', () => {
    const r = locateIn(3, 'x.size')
    expect(r.startLine).toBe(25)
    expect(at(r)).toBe('x.size')
    const r2 = locateIn(4, 'self.h')
    expect(r2.startLine).toBe(28)
    expect(at(r2)).toBe('self.h')
  })

  it('maps offsets inside a multi-line plain scalar', () => {
    expect(rules[5]).toBe('self.i == self.j')
    const r = locateIn(5, 'self.j')
    expect(r.startLine).toBe(30)
    expect(at(r)).toBe('self.j')
  })
})
