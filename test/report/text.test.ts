import { describe, expect, it } from '@jest/globals'
import type { CheckResult } from '../../src/core/result.js'
import type { Finding, Severity, SourceRange } from '../../src/findings/model.js'
import { countBySeverity } from '../../src/findings/model.js'
import { renderText, textReportPieces } from '../../src/report/text.js'

function finding(
  ruleId: string,
  severity: Severity,
  file: string,
  range: SourceRange | undefined,
  message: string,
  extra: Partial<Finding> = {}
): Finding {
  return { ruleId, severity, title: ruleId, message, location: { file, range }, ...extra }
}

function at(line: number, column: number, endColumn = column + 1, endLine = line): SourceRange {
  return { startLine: line, startColumn: column, endLine, endColumn }
}

function checkResult(findings: Finding[], gate: Partial<CheckResult['gate']> = {}): CheckResult {
  const counts = countBySeverity(findings)
  return {
    tool: { name: 'celgate', version: '0.1.0' },
    summary: {
      root: '.',
      files: 12,
      bytes: 4096,
      documents: 30,
      skipped: {},
      celRules: 3,
      kinds: {},
      findings: counts,
      timings: []
    },
    gate: {
      failOn: 'error',
      failed: counts.error > 0,
      reason: counts.error > 0 ? 'errors at or above fail-on: error' : 'no errors',
      ...gate
    },
    findings,
    crds: [],
    worstBudgetRatio: 0,
    kubernetesVersions: ['1.35', '1.36', '1.37'],
    costGate: { warnRatio: 0.5, failRatio: 1 },
    policies: []
  }
}

/** In-memory files, read the way the CLI would give them to the reporter. */
function sources(
  files: Record<string, string>
): (file: string) => ((line: number) => string) | undefined {
  return (file) => {
    const text = files[file]
    if (text === undefined) return undefined
    const lines = text.split('\n')
    return (line) => lines[line - 1] ?? ''
  }
}

// Matches any ANSI/VT escape sequence introducer: ESC or a one-byte CSI.
// eslint-disable-next-line no-control-regex
const ANSI = /[\x1b\u009b]/

const CRD = [
  'apiVersion: apiextensions.k8s.io/v1',
  'kind: CustomResourceDefinition',
  'spec:',
  '  versions:',
  '    - name: v1',
  '      rule: self.spec.replicas < 10'
].join('\n')

const sample = [
  finding('crd/cost', 'warning', 'crds/widget.yaml', at(6, 13, 34), 'rule cost is high', {
    fix: { text: 'Add maxItems to the list.' }
  }),
  finding('yaml/syntax-error', 'error', 'b.yaml', at(2, 1), 'unexpected token'),
  finding('crd/structural', 'error', 'crds/widget.yaml', at(3, 1, 6), 'schema is not structural'),
  finding('yaml/crlf-line-endings', 'notice', 'b.yaml', undefined, 'CRLF line endings'),
  finding('crd/size-budget', 'notice', 'crds/widget.yaml', at(3, 1, 6), 'over the budget')
]

describe('renderText: grouping and lines', () => {
  const out = renderText(checkResult(sample), { color: false })
  const lines = out.split('\n')

  it('groups by file, files in path order, findings by line then column then severity', () => {
    expect(lines).toEqual([
      'b.yaml',
      '  0:0  notice   CRLF line endings  yaml/crlf-line-endings',
      '  2:1  error    unexpected token  yaml/syntax-error',
      '',
      'crds/widget.yaml',
      '  3:1   error    schema is not structural  crd/structural',
      '  3:1   notice   over the budget  crd/size-budget',
      '  6:13  warning  rule cost is high  crd/cost',
      '    fix: Add maxItems to the list.',
      '',
      '✖ 2 errors, 1 warning, 2 notices in 12 files (30 documents) — gate: failed (errors at or above fail-on: error)',
      ''
    ])
  })

  it('writes a passing footer with singulars and a check mark when there is nothing', () => {
    const empty = checkResult([])
    empty.summary.files = 1
    empty.summary.documents = 1
    expect(renderText(empty, { color: false })).toBe(
      '✔ 0 errors, 0 warnings, 0 notices in 1 file (1 document) — gate: passed (no errors)\n'
    )
  })

  it('reports the gate as passed with its reason even with warnings', () => {
    const out = renderText(checkResult([sample[0]!]), { color: false })
    expect(out.trimEnd().split('\n').at(-1)).toBe(
      '⚠ 0 errors, 1 warning, 0 notices in 12 files (30 documents) — gate: passed (no errors)'
    )
  })

  it('shows a passing run with notices only with a check mark in green, never a red ✖', () => {
    const notice = { ...sample[0]!, severity: 'notice' as const }
    const out = renderText(checkResult([notice]), { color: true })
    const footer = out.trimEnd().split('\n').at(-1)!
    expect(footer).toBe(
      '\x1b[1m\x1b[32m✔ 0 errors, 0 warnings, 1 notice in 12 files (30 documents) — gate: passed (no errors)\x1b[39m\x1b[22m'
    )
  })
})

describe('renderText: code frames', () => {
  const source = sources({ 'crds/widget.yaml': CRD })

  it('shows the line before, the line, and carets under startColumn..endColumn', () => {
    const out = renderText(checkResult([sample[0]!]), { color: false, source })
    const lines = out.split('\n')
    expect(lines.slice(0, 6)).toEqual([
      'crds/widget.yaml',
      '  6:13  warning  rule cost is high  crd/cost',
      '      5 |     - name: v1',
      '    > 6 |       rule: self.spec.replicas < 10',
      '        |             ^^^^^^^^^^^^^^^^^^^^^',
      '    fix: Add maxItems to the list.'
    ])
    // The first caret sits under column 13 of the source line.
    const sourceLine = lines[3]!
    const caretLine = lines[4]!
    const offset = sourceLine.indexOf('| ') + 2
    expect(caretLine.indexOf('^') - offset + 1).toBe(13)
    expect(sourceLine.slice(caretLine.indexOf('^'), caretLine.lastIndexOf('^') + 1)).toBe(
      'self.spec.replicas < 10'.slice(0, 21)
    )
  })

  it('puts one caret at column 17 for a one-character range', () => {
    const text = 'metadata:\n  name: my-crd.example.com'
    const out = renderText(
      checkResult([finding('crd/name', 'error', 'c.yaml', at(2, 17), 'bad name')]),
      { color: false, source: sources({ 'c.yaml': text }) }
    )
    const [, , before, line, carets] = out.split('\n')
    expect(before).toBe('      1 | metadata:')
    expect(line).toBe('    > 2 |   name: my-crd.example.com')
    expect(carets).toBe(`        | ${' '.repeat(16)}^`)
    // Column 17 of `  name: my-crd.example.com` is the `x` of `example`.
    expect(line!.charAt(carets!.indexOf('^'))).toBe('x')
  })

  it('has no line before line 1, widens the gutter for wide line numbers', () => {
    const first = renderText(
      checkResult([finding('yaml/syntax-error', 'error', 'c.yaml', at(1, 1, 4), 'bad')]),
      { color: false, source: sources({ 'c.yaml': 'foo: [\n' }) }
    ).split('\n')
    expect(first.slice(2, 4)).toEqual(['    > 1 | foo: [', '        | ^^^'])

    const many = Array.from({ length: 120 }, (_, i) => `k${i + 1}: v`).join('\n')
    const wide = renderText(
      checkResult([finding('yaml/duplicate-key', 'error', 'm.yaml', at(100, 1, 5), 'dup')]),
      { color: false, source: sources({ 'm.yaml': many }) }
    ).split('\n')
    expect(wide.slice(2, 5)).toEqual([
      '       99 | k99: v',
      '    > 100 | k100: v',
      '          | ^^^^'
    ])
  })

  it('underlines a multi-line range to the end of its first line', () => {
    const out = renderText(
      checkResult([finding('crd/x', 'error', 'crds/widget.yaml', at(5, 7, 3, 6), 'spans lines')]),
      { color: false, source }
    ).split('\n')
    expect(out.slice(3, 5)).toEqual(['    > 5 |     - name: v1', '        |       ^^^^^^^^'])
  })

  it('keeps tabs in the padding so that the carets stay aligned', () => {
    const out = renderText(checkResult([finding('crd/x', 'error', 't.yaml', at(1, 3, 6), 'tab')]), {
      color: false,
      source: sources({ 't.yaml': '\t\tabc: 1' })
    }).split('\n')
    expect(out.slice(2, 4)).toEqual(['    > 1 | \t\tabc: 1', '        | \t\t^^^'])
  })

  it('drops the CR of CRLF lines and shows no frame without a reader or a range', () => {
    const out = renderText(
      checkResult([
        finding('crd/x', 'error', 'w.yaml', at(1, 1, 4), 'crlf'),
        finding('yaml/crlf-line-endings', 'notice', 'w.yaml', undefined, 'whole file'),
        finding('crd/x', 'error', 'other.yaml', at(1, 1, 4), 'no source')
      ]),
      { color: false, source: sources({ 'w.yaml': 'abc: 1\r\n' }) }
    )
    expect(out).toContain('    > 1 | abc: 1\n        | ^^^\n')
    expect(out).not.toContain('\\r')
    expect(out).toContain('other.yaml\n  1:1  error    no source  crd/x\n\n')
  })

  it('cuts a long line to 160 columns around the finding, the carets still under it', () => {
    // Minified JSON: one line of 300,000 characters, the finding far inside it.
    const text = `{"a":"${'x'.repeat(150_000)}","rule":"self.size() < 10","b":"${'y'.repeat(150_000)}"}`
    const column = text.indexOf('self.size()') + 1
    const out = renderText(
      checkResult([finding('crd/cost', 'warning', 'min.json', at(1, column, column + 11), 'cost')]),
      { color: false, source: sources({ 'min.json': text }) }
    )
    expect(out.length).toBeLessThan(1000)
    const [, , line, carets] = out.split('\n')
    const shown = `…${text.slice(column - 41, column + 119)}…`
    expect(line).toBe(`    > 1 | ${shown}`)
    expect(carets).toBe(`        | ${' '.repeat(41)}^^^^^^^^^^^`)
    expect(line!.slice(carets!.indexOf('^'), carets!.lastIndexOf('^') + 1)).toBe('self.size()')
  })

  it('ends the window at the end of a long line, and cuts a long line before a short one', () => {
    const long = 'k'.repeat(1000)
    const atEnd = renderText(
      checkResult([finding('x', 'error', 'a.yaml', at(1, 998, 1001), 'end')]),
      { color: false, source: sources({ 'a.yaml': long }) }
    ).split('\n')
    expect(atEnd[2]).toBe(`    > 1 | …${'k'.repeat(160)}`)
    expect(atEnd[3]).toBe(`        | ${' '.repeat(158)}^^^`)

    const afterLong = renderText(
      checkResult([finding('x', 'error', 'b.yaml', at(2, 1, 2), 'short')]),
      { color: false, source: sources({ 'b.yaml': `${long}\nb: 1` }) }
    ).split('\n')
    expect(afterLong.slice(2, 5)).toEqual([
      `      1 | ${'k'.repeat(160)}…`,
      '    > 2 | b: 1',
      '        | ^'
    ])
  })

  it('does not cut a surrogate pair at the edge of the window', () => {
    // U+1F600 is two UTF-16 units; the window's left edge (column - 40) falls between them.
    const text = `${'a'.repeat(99)}\u{1F600}${'b'.repeat(300)}`
    const out = renderText(checkResult([finding('x', 'error', 'e.yaml', at(1, 141), 'edge')]), {
      color: false,
      source: sources({ 'e.yaml': text })
    }).split('\n')
    expect(out[2]).toBe(`    > 1 | …\u{1F600}${'b'.repeat(159)}…`)
    expect(out[2]!.charAt(out[3]!.indexOf('^'))).toBe('b')
  })

  it('prints the fix snippet indented below the fix text', () => {
    const out = renderText(
      checkResult([
        finding('crd/cost', 'warning', 'a.yaml', at(1, 1), 'cost', {
          fix: { text: 'Bound the list:', snippet: 'maxItems: 100\nitems:\n  type: string\n' }
        })
      ]),
      { color: false }
    )
    expect(out).toContain(
      '    fix: Bound the list:\n         maxItems: 100\n         items:\n           type: string\n\n'
    )
  })
})

describe('renderText: colour', () => {
  const source = sources({ 'crds/widget.yaml': CRD })

  it('has no escape codes at all when colour is off', () => {
    expect(renderText(checkResult(sample), { color: false, source })).not.toMatch(ANSI)
  })

  it('colours severities, carets, gutter and footer when colour is on', () => {
    const out = renderText(checkResult(sample), { color: true, source })
    expect(out).toContain('\x1b[31merror  \x1b[39m')
    expect(out).toContain('\x1b[33mwarning\x1b[39m')
    expect(out).toContain('\x1b[36mnotice \x1b[39m')
    expect(out).toContain('\x1b[33m^^^^^^^^^^^^^^^^^^^^^\x1b[39m')
    expect(out).toContain('\x1b[2m> 6 |\x1b[22m')
    expect(out).toContain('\x1b[2mcrd/cost\x1b[22m')
    expect(out.trimEnd().split('\n').at(-1)!.startsWith('\x1b[1m\x1b[31m✖ 2 errors')).toBe(true)
  })

  it('shows the same text with colour stripped', () => {
    const coloured = renderText(checkResult(sample), { color: true, source })
    // eslint-disable-next-line no-control-regex
    expect(coloured.replace(/\x1b\[\d+m/g, '')).toBe(
      renderText(checkResult(sample), { color: false, source })
    )
  })
})

describe('renderText: hostile input', () => {
  const hostileFile = 'evil\x1b[2J.yaml'
  const hostile = [
    finding(
      'crd/x',
      'error',
      hostileFile,
      at(1, 7, 12),
      'value \x1b[31mred\x1b[0m \x07 \u009b2J \u202eevil',
      {
        fix: { text: 'do \x1b]0;title\x07 this' }
      }
    ),
    finding(
      'crd/y',
      'warning',
      '::error::x.yaml',
      at(1, 1),
      'line one\n::error file=a.yaml::forged\r\nend\rover'
    ),
    finding('crd/\x1b[1mz', 'notice', 'n.yaml', undefined, 'ok')
  ]
  const source = sources({
    [hostileFile]: 'name: \x1b[2Jboom\x1b[H',
    '::error::x.yaml': '::warning::in source'
  })

  for (const color of [false, true]) {
    it(`keeps control characters from user files out of the terminal (color ${color})`, () => {
      const out = renderText(checkResult(hostile, { reason: 'reason with \x1b[2K escape' }), {
        color,
        source
      })
      // eslint-disable-next-line no-control-regex
      const withoutOurColours = out.replace(/\x1b\[(?:[0-9]|[1-3][0-9])m/g, '')
      expect(withoutOurColours).not.toMatch(ANSI)
      // eslint-disable-next-line no-control-regex
      expect(withoutOurColours).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/)
      expect(withoutOurColours).toContain('evil\\x1b[2J.yaml')
      expect(withoutOurColours).toContain('value \\x1b[31mred\\x1b[0m \\x07 \\x9b2J \\u202eevil')
      expect(withoutOurColours).toContain('fix: do \\x1b]0;title\\x07 this')
      expect(withoutOurColours).toContain('crd/\\x1b[1mz')
      expect(withoutOurColours).toContain('reason with \\x1b[2K escape')
    })
  }

  it('lets no output line start a workflow command', () => {
    const out = renderText(checkResult(hostile), { color: false, source })
    for (const line of out.split('\n')) expect(line.trimStart().startsWith('::')).toBe(false)
    expect(out).toContain('\\x3a:error::x.yaml')
  })

  it('keeps message line breaks indented under the message and escapes a lone CR', () => {
    const out = renderText(checkResult([hostile[1]!]), { color: false })
    expect(out.split('\n').slice(1, 4)).toEqual([
      '  1:1  warning  line one  crd/y',
      '                \\x3a:error file=a.yaml::forged',
      '                end\\rover'
    ])
  })

  it('shows an escaped source line with the carets widened over the escapes', () => {
    const out = renderText(checkResult([hostile[0]!]), { color: false, source }).split('\n')
    expect(out.slice(2, 4)).toEqual([
      '    > 1 | name: \\x1b[2Jboom\\x1b[H',
      '        |       ^^^^^^^^'
    ])
  })
})

describe('notices of rules quiet by default', () => {
  const defaulted = finding(
    'cr/defaulted-field',
    'notice',
    'samples/a.yaml',
    at(3, 1),
    'The schema default sets spec.mode = "fast".'
  )
  const mutated = finding('admission/mutated', 'notice', 'samples/b.yaml', at(1, 1), 'mutated')
  const real = finding('yaml/crlf-line-endings', 'notice', 'samples/c.yaml', at(1, 1), 'CRLF')

  it('are counted in one line instead of listed, and the verdict still counts them', () => {
    const text = renderText(checkResult([defaulted, defaulted, mutated, real]), { color: false })
    expect(text).not.toContain('spec.mode')
    expect(text).toContain('samples/c.yaml')
    expect(text).toContain(
      'Not listed: 3 notices (admission/mutated 1, cr/defaulted-field 2), off by default;'
    )
    expect(text).toContain('0 errors, 0 warnings, 4 notices')
  })

  it('are listed when the team names the rule under rules:', () => {
    const text = renderText(checkResult([defaulted, real]), {
      color: false,
      rules: { 'cr/defaulted-field': 'notice' }
    })
    expect(text).toContain('The schema default sets spec.mode = "fast".')
    expect(text).not.toContain('Not listed')
  })
})

describe('textReportPieces (issue 33)', () => {
  it('makes the report a file at a time, then the verdict', () => {
    const result = checkResult([
      finding('a/one', 'error', 'b.yaml', at(2, 1), 'first'),
      finding('a/two', 'warning', 'a.yaml', at(1, 1), 'second'),
      finding('a/three', 'notice', 'b.yaml', undefined, 'third')
    ])
    const pieces = [...textReportPieces(result, { color: false })]
    expect(pieces.join('')).toBe(renderText(result, { color: false }))
    expect(pieces).toHaveLength(3)
    expect(pieces[0]!.startsWith('a.yaml\n')).toBe(true)
    expect(pieces[1]!.startsWith('b.yaml\n')).toBe(true)
    expect(pieces[2]).toMatch(/^✖ 1 error, 1 warning, 1 notice in 12 files/)
  })
})
