/**
 * Syntax errors (and, for the few valid cases, ASTs with ids and offsets) of 3,000 seeded fuzzed
 * expressions, against digests recorded from the parser this project had before the generated
 * one: a hand-written emulation of ANTLR's Go runtime for cel-go's grammar, itself checked
 * against cel-go's messages. The generated parser gave the same output on all of them and on
 * 25,000 more (seed 2026); a changed digest means a changed message or position.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from '@jest/globals'
import {
  kindAndIdAdorner,
  parse,
  toDebugString,
  type ParseResult
} from '../../src/cel/parser/index.js'
import { parseWithRecognizer } from '../../src/cel/parser/parser.js'
import { fuzzCases } from './parser-fuzz-cases.js'

function show(r: ParseResult): string {
  if (r.ast === undefined) return `ERROR ${r.errorText}`
  const info = r.ast.sourceInfo
  const ranges = [...info.offsetRanges].map(([id, o]) => `${id}:${o.start}-${o.stop}`)
  const calls = [...info.macroCalls].map(
    ([id, e]) => `${id}=>${toDebugString(e, kindAndIdAdorner())}`
  )
  return [toDebugString(r.ast.expr, kindAndIdAdorner(info)), ranges.join(','), ...calls].join('\n')
}

const digest = (text: string): string =>
  createHash('sha256').update(text).digest('hex').slice(0, 12)

const expected = JSON.parse(
  readFileSync(new URL('./parser-errors-fuzz.expected.json', import.meta.url), 'utf8')
) as { seed: number; count: number; digests: string[] }

describe('parser on fuzzed malformed expressions', () => {
  const cases = fuzzCases(expected.seed, expected.count)

  it('generates the recorded cases, most of them errors', () => {
    expect(cases).toHaveLength(expected.digests.length)
    const errors = cases.filter((c) => parse(c.input, c.options).ast === undefined).length
    expect(errors).toBeGreaterThan(cases.length * 0.8)
  })

  it('gives the recorded errors and ASTs through parse() and the generated parser alone', () => {
    const differing: string[] = []
    cases.forEach((c, i) => {
      const result = parse(c.input, c.options)
      // parse() gives errors from the generated parser; valid inputs take the fast path, so
      // these are parsed by the generated parser alone too.
      const results =
        result.ast === undefined ? [result] : [result, parseWithRecognizer(c.input, c.options)]
      for (const r of results) {
        const text = show(r)
        if (digest(text) !== expected.digests[i] && differing.length < 10)
          differing.push(`#${i} ${JSON.stringify(c.input)} (options ${c.optionSet}):\n${text}`)
      }
    })
    expect(differing).toEqual([])
  })
})
