import { describe, expect, it } from '@jest/globals'
import { addHelmSources, helmSourceSpans, templateAt } from '../../src/cli/helm-sources.js'
import type { Finding } from '../../src/findings/model.js'

describe('helmSourceSpans', () => {
  it('gives each `# Source:` comment the lines up to the next document marker', () => {
    const text = [
      '# Source: c/templates/a.yaml', // 1: helm's first document may lack `---`
      'kind: A', //                        2
      '---', //                            3
      'kind: B', //                        4: no Source comment: no template
      '---\r', //                          5: CRLF output still ends a document
      '# Source: c/templates/c.yaml\r', // 6
      'kind: C', //                        7
      '' //                                8
    ].join('\n')
    const spans = helmSourceSpans(text)
    expect(spans).toEqual([
      { from: 1, to: 3, template: 'c/templates/a.yaml' },
      { from: 6, to: Number.MAX_SAFE_INTEGER, template: 'c/templates/c.yaml' }
    ])
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((line) => templateAt(spans, line))).toEqual([
      'c/templates/a.yaml',
      'c/templates/a.yaml',
      undefined,
      undefined,
      undefined,
      'c/templates/c.yaml',
      'c/templates/c.yaml',
      'c/templates/c.yaml'
    ])
  })

  it('ignores indented comments and `---` inside a line', () => {
    const text = 'data:\n  # Source: not/a/template.yaml\n  x: "---"\n'
    expect(helmSourceSpans(text)).toEqual([])
  })
})

describe('addHelmSources', () => {
  it('gives each finding its template without touching a related list it shares', () => {
    const text = [
      '# Source: c/templates/a.yaml',
      'kind: A',
      '---',
      '# Source: c/templates/b.yaml',
      'kind: B'
    ].join('\n')
    const shared = [{ file: 'policy.yaml', message: 'the policy' }]
    const at = (line: number): Finding => ({
      ruleId: 'kyverno-enforce-failed',
      severity: 'error',
      title: 't',
      message: 'm',
      location: {
        file: 'out.yaml',
        range: { startLine: line, startColumn: 1, endLine: line, endColumn: 2 }
      },
      related: shared
    })
    const findings = [at(2), at(5)]
    addHelmSources(findings, 'out.yaml', text)
    expect(findings.map((f) => f.related?.map((r) => r.file))).toEqual([
      ['c/templates/a.yaml', 'policy.yaml'],
      ['c/templates/b.yaml', 'policy.yaml']
    ])
    expect(shared).toEqual([{ file: 'policy.yaml', message: 'the policy' }])
  })
})
