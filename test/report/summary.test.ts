import { describe, expect, it } from '@jest/globals'
import type { CheckResult, CrdReport } from '../../src/core/result.js'
import type { Finding, Severity } from '../../src/findings/model.js'
import { countBySeverity } from '../../src/findings/model.js'
import { renderSummary } from '../../src/report/summary.js'

function finding(
  ruleId: string,
  severity: Severity,
  file: string,
  line: number,
  message: string,
  extra: Partial<Finding> = {}
): Finding {
  return {
    ruleId,
    severity,
    title: ruleId,
    message,
    location: { file, range: { startLine: line, startColumn: 5, endLine: line, endColumn: 9 } },
    ...extra
  }
}

function checkResult(findings: Finding[], overrides: Partial<CheckResult> = {}): CheckResult {
  const counts = countBySeverity(findings)
  return {
    tool: { name: 'celgate', version: '0.1.0' },
    summary: {
      root: '.',
      files: 2718,
      bytes: 12_345_678,
      documents: 3188,
      skipped: { 'Helm template': 12, 'empty document': 30 },
      celRules: 3,
      kinds: { crd: 40, 'kyverno-policy': 7, resource: 3099 },
      findings: counts,
      timings: [
        { phase: 'discover', ms: 12.4 },
        { phase: 'parse', ms: 9100 },
        { phase: 'CEL cost', ms: 125_000 }
      ]
    },
    gate: {
      failOn: 'error',
      failed: counts.error > 0,
      reason: counts.error > 0 ? `${counts.error} errors at or above fail-on` : 'no errors'
    },
    findings,
    crds: [],
    worstBudgetRatio: 0,
    kubernetesVersions: ['1.35', '1.36', '1.37'],
    costGate: { warnRatio: 0.5, failRatio: 1 },
    policies: [],
    ...overrides
  }
}

function crd(name: string, overrides: Partial<CrdReport['size']> = {}): CrdReport {
  return {
    name,
    apiVersion: 'apiextensions.k8s.io/v1',
    file: 'crds/big.yaml',
    document: 0,
    line: 7,
    versions: [
      { name: 'v1', rules: [], totals: [] },
      { name: 'v1beta1', rules: [], totals: [] }
    ],
    size: {
      jsonBytes: 300_000n,
      lastAppliedAnnotationBytes: 300_100n,
      descriptionBytes: 100_000n,
      versions: [
        { name: 'v1beta1', bytes: 100_000n, descriptionBytes: 20_000n },
        { name: 'v1', bytes: 200_000n, descriptionBytes: 80_000n }
      ],
      largestVersionProperties: [
        { name: 'spec', bytes: 150_000n, descriptionBytes: 1_000n },
        { name: 'status', bytes: 49_000n, descriptionBytes: 0n }
      ],
      limits: [],
      ...overrides
    }
  }
}

function lines(markdown: string): string[] {
  return markdown.split('\n')
}

/** Raw `|` characters in a line: GFM splits table cells on them. */
function pipes(line: string): number {
  return line.split('|').length - 1
}

/** Every table (a header line followed by a delimiter line) keeps its column count on every row. */
function expectConsistentTables(markdown: string): number {
  const all = lines(markdown)
  let tables = 0
  for (let i = 0; i + 1 < all.length; i++) {
    if (!/^\|( ---:? \|)+$/.test(all[i + 1]!)) continue
    tables++
    const columns = pipes(all[i]!)
    expect(pipes(all[i + 1]!)).toBe(columns)
    for (let j = i + 2; j < all.length && all[j]!.startsWith('|'); j++) {
      expect(`${pipes(all[j]!)} ${all[j]}`).toBe(`${columns} ${all[j]}`)
    }
  }
  return tables
}

function expectBalancedDetails(markdown: string): void {
  let depth = 0
  for (const m of markdown.matchAll(/<(\/?)details>/g)) {
    depth += m[1] === '/' ? -1 : 1
    expect(depth).toBeGreaterThanOrEqual(0)
    expect(depth).toBeLessThanOrEqual(1)
  }
  expect(depth).toBe(0)
}

/** The one-line findings: blocking lines (`- ❌ error …`) and folded lines (`- ⚠️ <code>rule</code> …`). */
function findingLines(markdown: string): string[] {
  return lines(markdown).filter((l) => /^- (❌|⚠️|ℹ️) /.test(l))
}

/** How many findings the lines stand for: a folded line `×N` stands for N. */
function findingsShown(markdown: string): number {
  return findingLines(markdown).reduce((sum, l) => {
    const folded = /<\/code> ×([\d,]+)/.exec(l)
    return sum + (folded ? Number(folded[1]!.replace(/,/g, '')) : 1)
  }, 0)
}

const sample = [
  finding('crd/size-last-applied', 'warning', 'crds/big.yaml', 1, 'CRD is 300,100 bytes', {
    fix: { text: 'Apply it with kubectl apply --server-side.' }
  }),
  finding('yaml/syntax-error', 'error', 'a.yaml', 3, 'unexpected end of flow sequence'),
  finding('crd/size-etcd-request', 'error', 'crds/huge.yaml', 9, 'too large for etcd'),
  finding('kyverno/pattern', 'notice', 'policies/p.yaml', 10, 'pattern never matches'),
  finding('crd/size-budget', 'notice', 'crds/a.yaml', 2, 'over the budget')
]

describe('renderSummary: structure', () => {
  const md = renderSummary(checkResult(sample))

  it('starts with a heading and a verdict line giving the gate result and why', () => {
    const [heading, blank, verdict] = lines(md)
    expect(heading).toBe('## ❌ celgate: failed')
    expect(blank).toBe('')
    expect(verdict).toBe(
      '**Failed:** 2 errors at or above fail-on (fail-on: <code>error</code>) · 2 errors, 1 warning, 2 notices'
    )
  })

  it('says passed when the gate passed, with the given title', () => {
    const passed = renderSummary(checkResult([sample[0]!]), { title: 'celgate (prod)' })
    expect(lines(passed)[0]).toBe('## ✅ celgate (prod): passed')
    expect(passed).toContain('**Passed:** no errors')
  })

  it('has the overview rows with thousands separators, document counts and kinds', () => {
    const all = lines(md)
    for (const row of [
      '| Files | 2,718 |',
      '| Bytes | 12,345,678 (11.8 MiB) |',
      '| Documents found | 3,188 |',
      '| Documents analysed | 3,146 |',
      '| Documents skipped | 42 |',
      '| &nbsp;&nbsp;CustomResourceDefinitions | 40 |',
      '| &nbsp;&nbsp;Kyverno policies | 7 |',
      '| &nbsp;&nbsp;Sample resources | 3,099 |',
      '| CRDs measured | 0 |',
      '| ❌ Errors | 2 |',
      '| ⚠️ Warnings | 1 |',
      '| ℹ️ Notices | 2 |'
    ]) {
      expect(all).toContain(row)
    }
    // Kinds with no documents are not listed.
    expect(md).not.toContain('Namespaces')
  })

  it('formats phase times as ms, s and m+s, with a total', () => {
    const all = lines(md)
    expect(all).toContain('| discover | 12 ms |')
    expect(all).toContain('| parse | 9.1 s |')
    expect(all).toContain('| CEL cost | 2 m 05 s |')
    expect(all).toContain('| **Total** | **2 m 14 s** |')
  })

  it('lists skipped documents by reason, most first', () => {
    const all = lines(md)
    const empty = all.indexOf('| empty document | 30 |')
    const helm = all.indexOf('| Helm template | 12 |')
    expect(empty).toBeGreaterThan(0)
    expect(helm).toBeGreaterThan(empty)
  })

  it('orders the sections: verdict, what blocks the merge, the rest by check, statistics collapsed, footer', () => {
    const order = [
      '## ❌ celgate: failed',
      '### ❌ What blocks the merge (2)',
      '### Other findings, by check',
      '<details><summary>Overview: 2,718 files, 3,188 documents (42 skipped), 2 m 14 s</summary>',
      '### Overview',
      '### Time per phase',
      '### Skipped documents',
      '<sub>celgate 0.1.0</sub>'
    ].map((h) => md.indexOf(h))
    expect(order.every((i) => i >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })

  it('lists what blocks the merge first, one line each: severity, place, rule, first sentence', () => {
    const all = lines(md)
    const at = all.indexOf('### ❌ What blocks the merge (2)')
    expect(all.slice(at + 2, at + 4)).toEqual([
      '- ❌ error <code>a.yaml:3</code> <code>yaml/syntax-error</code> — unexpected end of flow sequence',
      '- ❌ error <code>crds/huge.yaml:9</code> <code>crd/size-etcd-request</code> — too large for etcd'
    ])
  })

  it('links each place to its line in the reviewed commit when links are given', () => {
    const linked = renderSummary(checkResult(sample), {
      links: { blobBase: 'https://github.com/o/r/blob/abc' }
    })
    expect(linked).toContain(
      '- ❌ error [<code>a.yaml:3</code>](https://github.com/o/r/blob/abc/a.yaml#L3) <code>yaml/syntax-error</code>'
    )
    const odd = renderSummary(
      checkResult([finding('yaml/syntax-error', 'error', 'dir (1)/a b#c.yaml', 2, 'bad')]),
      { links: { blobBase: 'https://github.com/o/r/blob/abc' } }
    )
    expect(odd).toContain('](https://github.com/o/r/blob/abc/dir%20%281%29/a%20b%23c.yaml#L2)')
  })

  it('groups the other findings by rule-id prefix under readable headings, the most severe first', () => {
    const headings = lines(md).filter((l) => l.startsWith('#### '))
    expect(headings).toEqual([
      '#### ⚠️ CustomResourceDefinitions (1 warning, 1 notice)',
      '#### ℹ️ Kyverno policies (1 notice)'
    ])
  })

  it('uses the prefix itself as the heading of an unknown family, escaped', () => {
    const out = renderSummary(
      checkResult([
        finding('x_y*z/rule', 'warning', 'a.yaml', 1, 'm'),
        finding('solo', 'notice', 'a.yaml', 2, 'n')
      ])
    )
    expect(lines(out)).toContain('#### ⚠️ x&#95;y&#42;z (1 warning)')
    expect(lines(out)).toContain('#### ℹ️ solo (1 notice)')
  })

  it('puts the most severe finding of a family first, then by file and line', () => {
    const rows = findingLines(md).filter((r) => r.includes('<code>crd/size-'))
    expect(rows.map((r) => /<code>(crd\/[a-z-]+)<\/code>/.exec(r)![1])).toEqual([
      'crd/size-etcd-request',
      'crd/size-last-applied',
      'crd/size-budget'
    ])
  })

  it('writes one line per group of findings, and the whole message and fix in a collapsed list', () => {
    expect(lines(md)).toContain(
      '- ⚠️ <code>crd/size-last-applied</code> <code>crds/big.yaml:1</code> — CRD is 300,100 bytes'
    )
    expect(lines(md)).toContain(
      '- <code>crd/size-last-applied</code> at <code>crds/big.yaml:1</code>:<br>CRD is 300,100 bytes<br>💡 Apply it with kubectl apply --server-side.'
    )
    expect(findingsShown(md)).toBe(sample.length)
    // Only the statistics are tables: no finding is in a table cell.
    expect(expectConsistentTables(md)).toBe(3)
  })

  it('folds identical findings into one line with a count and their places', () => {
    const alike = Array.from({ length: 115 }, (_, i) =>
      finding('cr/pruned-field', 'warning', `s/${i}.yaml`, 4, 'spec.x is not in the schema.')
    )
    const out = renderSummary(checkResult(alike))
    expect(findingLines(out)).toEqual([
      '- ⚠️ <code>cr/pruned-field</code> ×115 <code>s/0.yaml:4</code> and 114 more — spec.x is not in the schema.'
    ])
    expect(out).toContain(
      '<code>s/106.yaml:4</code> and 105 more (all in the JSON and SARIF reports):<br>spec.x is not in the schema.'
    )
  })

  it('shows the fields a schema default sets as one line per CRD', () => {
    const defaults = Array.from({ length: 40 }, (_, i) =>
      finding(
        'cr/defaulted-field',
        'notice',
        `s/${i % 5}.yaml`,
        3,
        `The schema default sets spec.f${i} = 1.`,
        {
          data: { crd: i < 30 ? 'gateways.example.com' : 'routes.example.com', field: `spec.f${i}` }
        }
      )
    )
    const out = renderSummary(checkResult(defaults))
    expect(findingLines(out)).toEqual([
      '- ℹ️ <code>cr/defaulted-field</code> ×30 — schema defaults of <code>gateways.example.com</code> set 30 fields, first at <code>s/0.yaml:3</code>; each field is in the JSON report.',
      '- ℹ️ <code>cr/defaulted-field</code> ×10 — schema defaults of <code>routes.example.com</code> set 10 fields, first at <code>s/0.yaml:3</code>; each field is in the JSON report.'
    ])
    expect(out).not.toContain('spec.f1 = 1')
  })

  it('shows the value path and a whole-file location', () => {
    const out = renderSummary(
      checkResult([
        {
          ...finding('workspace/file-too-large', 'error', 'big.yaml', 1, 'too big'),
          location: { file: 'big.yaml' }
        },
        {
          ...finding('crd/x', 'error', 'c.yaml', 4, 'bad'),
          location: {
            file: 'c.yaml',
            document: 1,
            path: 'spec.versions[0]',
            range: { startLine: 4, startColumn: 17, endLine: 4, endColumn: 20 }
          }
        }
      ])
    )
    expect(out).toContain(
      '- ❌ error <code>big.yaml</code> <code>workspace/file-too-large</code> — too big'
    )
    expect(out).toContain(
      '- <code>crd/x</code> at <code>c.yaml:4</code> <code>spec.versions&#91;0&#93;</code>:<br>bad'
    )
  })

  it('says so when there are no findings', () => {
    const out = renderSummary(checkResult([]))
    expect(out).toContain('### Findings\n\nNo findings. ✅')
    expect(findingLines(out)).toHaveLength(0)
  })

  it('explains the annotation cap only when some findings were not annotated', () => {
    const capped = renderSummary(checkResult(sample), { annotations: { shown: 3, total: 5 } })
    expect(capped).toContain(
      'GitHub shows at most 10 annotations of each type per step: 3 of 5 findings are annotated; all are listed here, identical ones folded.'
    )
    const all = renderSummary(checkResult(sample), { annotations: { shown: 5, total: 5 } })
    expect(all).not.toContain('GitHub shows at most')
  })

  it('collapses a family of more than 30 lines into <details>, not one of 30', () => {
    const many = (n: number): Finding[] =>
      Array.from({ length: n }, (_, i) =>
        finding('yaml/crlf-line-endings', 'notice', 'a.yaml', i + 1, `line ${i}`)
      )
    const thirty = renderSummary(checkResult(many(30)))
    expect(thirty).not.toContain('lines</summary>')
    const thirtyOne = renderSummary(checkResult(many(31)))
    expect(thirtyOne).toContain(
      '<details><summary>31 lines</summary>\n\n- ℹ️ <code>yaml/crlf-line-endings</code>'
    )
    expect(findingLines(thirtyOne)).toHaveLength(31)
    expectBalancedDetails(thirtyOne)
  })

  it('is deterministic', () => {
    expect(renderSummary(checkResult(sample))).toBe(md)
  })
})

describe('renderSummary: hostile input', () => {
  const hostile = [
    finding('yaml/syntax-error', 'error', '<script>alert(1)</script>.yaml', 1, 'a | b | c'),
    finding('crd/x', 'warning', 'x`y`.yaml', 2, '</details><script>alert(2)</script>', {
      fix: { text: '@octocat please [fix](javascript:alert(1))' }
    }),
    finding('crd/y', 'notice', '::error::x.yaml', 3, '::error file=a.yaml::forged\nsecond line'),
    finding('cel/z', 'error', 'c.yaml', 4, 'rule `self.a | self.b` costs *too* much'),
    {
      ...finding('crd/p', 'error', 'd.yaml', 5, 'bad path'),
      location: { file: 'd.yaml', path: 'spec["a|b"].<img src=x>' }
    }
  ]
  const result = checkResult(hostile, {
    gate: { failOn: 'error', failed: true, reason: '<script>x</script> | @octocat' },
    summary: {
      ...checkResult(hostile).summary,
      timings: [{ phase: '<b>parse</b> | x', ms: 5 }]
    },
    crds: [crd('</details>|<script>.example.com')]
  })
  const md = renderSummary(result, { title: '<script>t</script>' })

  it('never lets a raw <script> or user tag through', () => {
    expect(md).not.toContain('<script>')
    expect(md).not.toContain('<img')
    expect(md).not.toContain('<b>')
    expect(md).toContain('&lt;script&gt;alert(1)&lt;/script&gt;.yaml')
  })

  it('keeps every table row at its header column count despite | in messages and names', () => {
    expect(expectConsistentTables(md)).toBeGreaterThanOrEqual(5)
    expect(findingsShown(md)).toBe(hostile.length)
    expect(md).toContain('a &#124; b &#124; c')
  })

  it('does not close or open <details> from user text', () => {
    expectBalancedDetails(md)
    // Ours only: the blocking lines' details, the family's, the CRD's and the statistics.
    expect(md.match(/<details>/g)).toHaveLength(4)
  })

  it('mentions nobody, links nothing and starts no workflow command', () => {
    expect(md).not.toMatch(/@\w/)
    expect(md).not.toContain('](javascript:')
    expect(md).not.toContain('::')
    expect(md).toContain('x&#96;y&#96;.yaml')
  })

  it('keeps a multi-line message inside its list item', () => {
    const item = lines(md).find((l) => l.includes('second line'))
    expect(item).toMatch(/^- /)
    expect(item).toContain('forged<br>second line')
  })
})

describe('renderSummary: CRD manifest sizes', () => {
  const big = crd('widgets.example.com')
  const md = renderSummary(checkResult([], { crds: [big] }))

  it('has a row with bytes, last-applied share of 262,144, etcd share and description share', () => {
    expect(lines(md)).toContain(
      '| <code>widgets.<wbr>example.<wbr>com</code><br><sub>crds/<wbr>big.<wbr>yaml:7</sub> | 300,000 | ' +
        '300,100 (114.5% of 262,144) ❌ | 19.1% of 1,572,864 | 33.3% |'
    )
  })

  it('has a collapsed detail with per-version bytes and the largest version’s properties', () => {
    const start = md.indexOf('<details><summary><code>widgets.example.com</code>')
    const end = md.indexOf('</details>', start)
    expect(start).toBeGreaterThan(0)
    const detail = md.slice(start, end)
    expect(detail).toContain('| <code>v1beta1</code> | 100,000 | 20,000 (20.0%) |')
    expect(detail).toContain('| <code>v1</code> | 200,000 | 80,000 (40.0%) |')
    expect(detail).toContain('Top-level properties of <code>v1</code>, the largest version:')
    expect(detail).toContain('| <code>spec</code> | 150,000 | 1,000 (0.7%) |')
    expect(detail).toContain('| <code>status</code> | 49,000 | 0 (0.0%) |')
    expectBalancedDetails(md)
    expectConsistentTables(md)
  })

  it('formats bigints beyond 2^53 exactly', () => {
    const huge = crd('huge.example.com', {
      jsonBytes: 9_007_199_254_740_993n,
      lastAppliedAnnotationBytes: 123_456_789_012_345_678_901n,
      descriptionBytes: 0n
    })
    const out = renderSummary(checkResult([], { crds: [huge] }))
    expect(out).toContain('| 9,007,199,254,740,993 |')
    expect(out).toContain('123,456,789,012,345,678,901 (')
    expect(out).toContain('| 0.0% |')
  })

  it('uses the analyzer’s limit checks when present (bytes and limit)', () => {
    const checked = crd('c.example.com', {
      limits: [
        { limit: 'last-applied', limitBytes: 262_144n, bytes: 131_072n, exceeded: false },
        { limit: 'etcd-request', limitBytes: 1_572_864n, bytes: 1_572_865n, exceeded: true }
      ]
    })
    const out = renderSummary(checkResult([], { crds: [checked] }))
    expect(out).toContain('| 131,072 (50.0% of 262,144) | 100.0% of 1,572,864 ❌ |')
  })
})

describe('renderSummary: byte budget', () => {
  const many = Array.from({ length: 400 }, (_, i) =>
    finding(
      i % 3 === 0 ? 'yaml/syntax-error' : 'crd/size-budget',
      i % 2 === 0 ? 'error' : 'warning',
      `manifests/file-${String(i).padStart(3, '0')}.yaml`,
      i + 1,
      `problem number ${i} with a fairly long message so that rows take some room`
    )
  )

  it('cuts whole rows, keeps verdict and overview, and says how many are missing', () => {
    const maxBytes = 12_000
    const md = renderSummary(checkResult(many), { maxBytes })
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(maxBytes)
    expect(lines(md)[0]).toBe('## ❌ celgate: failed')
    expect(md).toContain('| Documents found | 3,188 |')
    expect(md).toContain('### Time per phase')
    const shown = findingsShown(md)
    expect(shown).toBeGreaterThan(10)
    expect(shown).toBeLessThan(many.length)
    expect(md).toContain(
      `> ✂️ Truncated: ${many.length - shown} more findings not shown (limit 11.7 KiB); see the JSON/SARIF report.`
    )
    // The lines kept are the first ones: the blocking errors first.
    const kept = findingLines(md)
    expect(kept[0]).toMatch(/^- ❌ error <code>manifests\/file-000\.yaml:1<\/code>/)
    expectBalancedDetails(md)
    expectConsistentTables(md)
    expect(md.endsWith('<sub>celgate 0.1.0</sub>\n')).toBe(true)
  })

  it('keeps the budget and structure at every size', () => {
    for (let maxBytes = 3_000; maxBytes <= 60_000; maxBytes += 2_791) {
      const md = renderSummary(
        checkResult(many, { crds: [crd('a.example.com'), crd('b.example.com')] }),
        {
          maxBytes,
          annotations: { shown: 20, total: 400 }
        }
      )
      expect(Buffer.byteLength(md)).toBeLessThanOrEqual(maxBytes)
      expectBalancedDetails(md)
      expectConsistentTables(md)
      const shown = findingsShown(md)
      if (shown < many.length) {
        expect(md).toContain(`Truncated: ${many.length - shown} more findings not shown`)
        expect(md).toMatch(/findings are annotated; the first \d+ others are listed below/)
      }
    }
  })

  it('stays under the default 900 KiB, naming the 1 MiB limit, for a huge run', () => {
    const huge = Array.from({ length: 6_000 }, (_, i) =>
      finding('cel/cost', 'error', `f${i}.yaml`, 1, `${'long message ✂️ '.repeat(12)}${i}`)
    )
    const md = renderSummary(checkResult(huge))
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(900 * 1024)
    expect(Buffer.byteLength(md)).toBeGreaterThan(800 * 1024)
    const shown = findingsShown(md)
    expect(shown).toBeGreaterThan(1_000)
    expect(lines(md).filter((l) => l.includes('Truncated'))).toEqual([
      `> ✂️ Truncated: ${(huge.length - shown).toLocaleString('en-US')} more findings not shown (limit 1 MiB); see the JSON/SARIF report.`
    ])
    expectBalancedDetails(md)
  })

  it('drops CRD entries that do not fit and says how many', () => {
    const crds = Array.from({ length: 100 }, (_, i) => crd(`c${i}.example.com`))
    const md = renderSummary(checkResult([], { crds }), { maxBytes: 8_000 })
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(8_000)
    const shown = lines(md).filter((l) =>
      /^\| <code>c\d+\.<wbr>example\.<wbr>com<\/code><br>/.test(l)
    ).length
    expect(shown).toBeGreaterThan(0)
    expect(shown).toBeLessThan(100)
    expect(md).toContain(
      `Truncated: ${100 - shown} more CRDs (all within the limits and bounded) not shown`
    )
    expectBalancedDetails(md)
  })

  it('keeps the CRDs over a limit in the Storage section when findings fill the budget', () => {
    const crds = Array.from({ length: 40 }, (_, i) => crd(`c${i}.example.com`))
    const oversized = crd('big.example.com', {
      limits: [{ limit: 'last-applied', limitBytes: 262_144n, bytes: 300_100n, exceeded: true }]
    })
    const findings = Array.from({ length: 400 }, (_, i) =>
      finding('yaml/duplicate-key', 'error', `f${i}.yaml`, 1, `${'x'.repeat(200)} ${i}`)
    )
    const md = renderSummary(checkResult(findings, { crds: [...crds, oversized] }), {
      maxBytes: 20_000
    })
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(20_000)
    expect(md).toMatch(/^\| <code>big\.<wbr>example\.<wbr>com<\/code><br>/m)
    expect(md).toContain('more findings not shown')
  })

  it('adds no note when everything fits', () => {
    const md = renderSummary(checkResult(many))
    expect(md).not.toContain('Truncated')
    expect(findingsShown(md)).toBe(many.length)
  })
})

describe('renderSummary: CEL rule costs', () => {
  const versionsWith = (rules: CrdReport['versions'][number]['rules']): CrdReport['versions'] => [
    {
      name: 'v1',
      rules,
      totals: [
        { kubernetesVersion: '1.36', totalCost: 17_825_792n, budgetRatio: 0.178, rejected: true },
        { kubernetesVersion: '1.37', totalCost: 17_825_792n, budgetRatio: 0.178, rejected: false }
      ]
    }
  ]
  const cost = (v: string, total: bigint, bounded: boolean) => ({
    kubernetesVersion: v,
    cost: 17n,
    cardinality: total / 17n,
    cardinalityBounded: bounded,
    totalCost: total,
    budgetRatio: Number(total) / 10_000_000
  })
  const result = checkResult([], {
    kubernetesVersions: ['1.36', '1.37'],
    crds: [
      {
        ...crd('ips.example.com'),
        versions: versionsWith([
          {
            path: 'spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.ips.items.x-kubernetes-validations[0].rule',
            apiPath:
              'spec.validation.openAPIV3Schema.properties[spec].properties[ips].items.x-kubernetes-validations[0].rule',
            field: 'rule',
            rule: 'isIP(self)',
            costs: [cost('1.36', 17_825_792n, false), cost('1.37', 6_000_000n, true)]
          },
          {
            path: 'spec.versions[0].schema.openAPIV3Schema.x-kubernetes-validations[0].rule',
            apiPath: 'spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule',
            field: 'rule',
            rule: 'has(self.spec)',
            costs: [cost('1.36', 34n, true), cost('1.37', 34n, true)]
          }
        ])
      }
    ]
  })
  const md = renderSummary(result)

  it('ranks the rules by their share of the budget, with headroom', () => {
    expect(md).toContain('### CEL rule costs')
    const rows = lines(md).filter((l) => /^\| (❌|✅) \| .*<code>ips\.example\.com<\/code>/.test(l))
    expect(rows[0]).toContain(
      '| <code>isIP(self)</code><br><sub><code>ips.example.com</code> spec.<wbr>validation.<wbr>'
    )
    expect(rows[0]).toContain(
      '| 17 × 1,048,576 (unbounded) = 17,825,792 | 178%<br><sub>over by 7,825,792</sub> |'
    )
    expect(rows[1]).toContain('| 17 × 2 = 34 | 0.0%<br><sub>9,999,966 left</sub> |')
  })

  it('shows which Kubernetes version accepts which CRD', () => {
    expect(md).toContain('| CRD | 1.36 | 1.37 |')
    expect(md).toContain('| ❌ 178% | ⚠️ 60.0% |')
  })
})

describe('policy sections', () => {
  const cell = (
    policy: string,
    name: string,
    outcome: string,
    binding?: string
  ): Record<string, unknown> => ({
    policy,
    ...(binding ? { binding } : {}),
    resource: { file: 'samples/app.yaml', document: 0, line: 1, kind: 'Deployment', name },
    outcome
  })

  it('shows the admission dry-run as a policy × resource matrix', () => {
    const md = renderSummary(
      checkResult([], {
        policies: [
          {
            engine: 'admission-dry-run',
            kubernetesVersion: '1.35',
            matrix: [
              cell('replicas', 'web', 'denied', 'replicas-prod'),
              cell('labels', 'web', 'warned', 'labels-all')
            ]
          }
        ]
      })
    )
    expect(md).toContain('### Policies')
    expect(md).toContain('#### Admission policies × sample resources')
    expect(md).toContain(
      '| Resource | <code>replicas (replicas-prod)</code> | <code>labels (labels-all)</code> | Location |'
    )
    expect(md).toContain(
      '| <code>Deployment/web</code> | ❌ | ⚠️ | <code>samples/app.yaml:1</code> |'
    )
  })

  it('escapes names from user files in the matrix', () => {
    const md = renderSummary(
      checkResult([], {
        policies: [
          {
            engine: 'admission-dry-run',
            kubernetesVersion: '1.35',
            matrix: [cell('<img src=x>', 'a|b', 'admitted')]
          }
        ]
      })
    )
    expect(md).not.toContain('<img')
    expect(md).not.toContain('a|b')
  })

  it('leaves both sections out without policies', () => {
    const md = renderSummary(checkResult([], { policies: [], crds: [] }))
    expect(md).not.toContain('### Policies')
    expect(md).not.toContain('### Storage')
  })
})
