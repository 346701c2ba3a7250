import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Finding } from '../../src/findings/model.js'
import {
  applySuppressions,
  baselineOf,
  checkedFilesUnder,
  findInlineSuppressions,
  parseBaseline
} from '../../src/core/suppressions.js'
import { fixtureWorkspace } from '../kube/admission/workspace.js'

function finding(ruleId: string, file: string, line: number, path?: string): Finding {
  return {
    ruleId,
    severity: 'error',
    title: ruleId,
    message: `${ruleId} at ${line}`,
    location: {
      file,
      range: { startLine: line, startColumn: 1, endLine: line, endColumn: 2 },
      ...(path !== undefined ? { path } : {})
    }
  }
}

const CRD = [
  'spec:', //                                                            1
  '  # celgate-ignore crd/cel-rule-cost: bounded by the controller', //  2
  '  # (it never sends more than 8 items)', //                          3
  '  rules: []', //                                                      4
  '  hosts: [] # celgate-ignore crd/cel-rule-cost', //                   5
  "  note: 'a # celgate-ignore crd/cel-rule-cost: in a string'", //     6
  '  other: 1' //                                                        7
].join('\n')

describe('inline suppressions', () => {
  it('reads comments on their own line (for the next content line) and at a line end', () => {
    const found = findInlineSuppressions('crd.yaml', CRD)
    expect(found.map((s) => [s.line, s.ruleId, s.reason, s.targets])).toEqual([
      [2, 'crd/cel-rule-cost', 'bounded by the controller', [4]],
      [5, 'crd/cel-rule-cost', '', [5]]
    ])
  })

  it('silences only the named rule at that place, and warns when no reason is given', () => {
    const outcome = applySuppressions(
      [
        finding('crd/cel-rule-cost', 'crd.yaml', 4),
        finding('crd/cel-schema-cost', 'crd.yaml', 4),
        finding('crd/cel-rule-cost', 'crd.yaml', 5),
        finding('crd/cel-rule-cost', 'crd.yaml', 6),
        finding('crd/cel-rule-cost', 'crd.yaml', 7)
      ],
      { readFile: (file) => (file === 'crd.yaml' ? CRD : undefined) }
    )
    expect(
      outcome.suppressed.map((s) => [s.finding.location.range?.startLine, s.by, s.reason])
    ).toEqual([
      [4, 'inline', 'bounded by the controller'],
      [5, 'inline', '']
    ])
    expect(outcome.findings.map((f) => `${f.ruleId}:${f.location.range?.startLine}`)).toEqual([
      'crd/cel-schema-cost:4',
      'crd/cel-rule-cost:6',
      'crd/cel-rule-cost:7',
      'suppression/missing-reason:5'
    ])
    expect(outcome.findings[3]?.severity).toBe('warning')
  })
})

describe('baseline', () => {
  it('accepts recorded findings wherever their lines moved, one finding per entry', () => {
    const before = [
      finding('crd/cel-rule-cost', 'a.yaml', 10, 'spec.versions[0].schema'),
      finding('yaml/syntax-error', 'b.yaml', 3)
    ]
    const baseline = parseBaseline(JSON.stringify(baselineOf(before)))
    const after = [
      finding('crd/cel-rule-cost', 'a.yaml', 14, 'spec.versions[0].schema'),
      finding('crd/cel-rule-cost', 'a.yaml', 30, 'spec.versions[0].schema'),
      { ...finding('yaml/syntax-error', 'b.yaml', 3), message: 'yaml/syntax-error at 3' },
      finding('yaml/syntax-error', 'b.yaml', 9)
    ]
    const outcome = applySuppressions(after, { readFile: () => undefined, baseline })
    expect(outcome.suppressed.map((s) => s.by)).toEqual(['baseline', 'baseline'])
    expect(outcome.findings.map((f) => f.location.range?.startLine)).toEqual([30, 9])
  })

  it('rejects a file that is not a baseline, saying what one looks like', () => {
    expect(() => parseBaseline('{"findings": {}}')).toThrow(/"version": 1/)
    expect(() => parseBaseline('{"version": 1, "findings": [{"ruleId": 1}]}')).toThrow(
      /findings\[0\]/
    )
  })
})

describe('reading files for inline suppressions', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'celgate-suppressions-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads again only the checked files that mention celgate-ignore, and files it did not check', async () => {
    const ignored = 'a: 1 # celgate-ignore yaml/duplicate-key: kept on purpose\n'
    writeFileSync(path.join(dir, 'with.yaml'), ignored)
    writeFileSync(path.join(dir, 'without.yaml'), 'a: 1\n')
    const ws = await fixtureWorkspace(dir)
    const rel = (name: string): string =>
      path.relative(ws.repoRoot, path.join(dir, name)).split(path.sep).join('/')

    // Changed after the check: a comment the check did not see is not read either.
    writeFileSync(path.join(dir, 'without.yaml'), ignored)
    writeFileSync(path.join(dir, 'unchecked.yaml'), ignored)
    const read = checkedFilesUnder(ws.repoRoot, ws)
    expect(read(rel('with.yaml'))).toBe(ignored)
    expect(read(rel('without.yaml'))).toBeUndefined()
    expect(read(rel('unchecked.yaml'))).toBe(ignored)
  })
})
