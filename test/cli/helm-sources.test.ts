import { describe, expect, it } from '@jest/globals'
import { helmSourceSpans, templateAt } from '../../src/cli/helm-sources.js'

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
