/** The test-report formats: JUnit XML and TAP 13, one test case per object. */
import { describe, expect, it } from '@jest/globals'
import type { CheckResult } from '../../src/core/result.js'
import type { Finding, Severity } from '../../src/findings/model.js'
import { countBySeverity } from '../../src/findings/model.js'
import { attribute, content, junitPieces, renderJunit } from '../../src/report/junit.js'
import type { ReportedObject, ReportedSkip } from '../../src/report/object-cases.js'
import { renderTap, tapPieces } from '../../src/report/tap.js'

function finding(
  ruleId: string,
  severity: Severity,
  file: string,
  line: number | undefined,
  document: number | undefined,
  message: string,
  extra: Partial<Finding> = {}
): Finding {
  return {
    ruleId,
    severity,
    title: ruleId,
    message,
    location: {
      file,
      ...(line !== undefined
        ? { range: { startLine: line, startColumn: 3, endLine: line, endColumn: 4 } }
        : {}),
      ...(document !== undefined ? { document } : {})
    },
    ...extra
  }
}

function result(findings: Finding[], failOn: 'error' | 'warning' | 'never' = 'error'): CheckResult {
  const counts = countBySeverity(findings)
  const failing =
    failOn === 'never' ? 0 : counts.error + (failOn === 'warning' ? counts.warning : 0)
  return {
    tool: { name: 'celgate', version: '0.1.0' },
    summary: {
      root: '.',
      files: 2,
      bytes: 100,
      documents: 4,
      skipped: {},
      celRules: 0,
      kinds: {},
      findings: counts,
      timings: []
    },
    gate: { failOn, failed: failing > 0, reason: failing > 0 ? 'it failed' : 'no errors' },
    findings,
    crds: [],
    worstBudgetRatio: 0,
    kubernetesVersions: ['1.35'],
    costGate: { warnRatio: 0.5, failRatio: 1 },
    policies: []
  }
}

const objects: ReportedObject[] = [
  {
    file: 'apps/web.yaml',
    index: 0,
    line: 1,
    objectKind: 'Deployment',
    name: 'web',
    namespace: 'prod'
  },
  { file: 'apps/web.yaml', index: 1, line: 20, objectKind: 'Service', name: 'web' },
  {
    file: 'crds/a.yaml',
    index: 0,
    line: 1,
    objectKind: 'CustomResourceDefinition',
    name: 'as.x.io'
  }
]
const skipped: ReportedSkip[] = [
  { file: 'apps/web.yaml', index: 2, line: 40, reason: 'YAML syntax error' },
  { file: 'apps/web.yaml', index: 3, line: 50, reason: 'empty document' }
]
const findings = [
  finding('builtin/unknown-field', 'error', 'apps/web.yaml', 7, 0, 'unknown field "spec.replica"', {
    related: [{ file: 'web/templates/deploy.yaml', message: 'the Helm template' }]
  }),
  finding('crd/cel-cost', 'warning', 'crds/a.yaml', 12, 0, 'the rule costs <a lot> & "more"'),
  finding('yaml/crlf-line-endings', 'notice', 'crds/a.yaml', undefined, undefined, 'CRLF')
]

describe('renderJunit', () => {
  it('writes a testsuite per file, a testcase per object, failures for what fails the gate', () => {
    expect(renderJunit(result(findings), objects, skipped)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="celgate" tests="5" failures="1" errors="0" skipped="1">',
        '  <testsuite name="apps/web.yaml" tests="3" failures="1" errors="0" skipped="1">',
        '    <testcase name="Deployment prod/web" classname="apps/web.yaml">',
        '      <failure message="unknown field &quot;spec.replica&quot;" type="builtin/unknown-field">apps/web.yaml:7:3: error builtin/unknown-field: unknown field "spec.replica"',
        '  related: web/templates/deploy.yaml: the Helm template</failure>',
        '    </testcase>',
        '    <testcase name="Service web" classname="apps/web.yaml"/>',
        '    <testcase name="document 3 (line 40)" classname="apps/web.yaml">',
        '      <skipped message="not checked: YAML syntax error"/>',
        '    </testcase>',
        '  </testsuite>',
        '  <testsuite name="crds/a.yaml" tests="2" failures="0" errors="0" skipped="0">',
        '    <testcase name="(file)" classname="crds/a.yaml">',
        '      <system-out>crds/a.yaml: notice yaml/crlf-line-endings: CRLF</system-out>',
        '    </testcase>',
        '    <testcase name="CustomResourceDefinition as.x.io" classname="crds/a.yaml">',
        '      <system-out>crds/a.yaml:12:3: warning crd/cel-cost: the rule costs &lt;a lot&gt; &amp; "more"</system-out>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        ''
      ].join('\n')
    )
  })

  it('counts warnings as failures when the gate fails on warnings', () => {
    const xml = renderJunit(result(findings, 'warning'), objects, skipped)
    expect(xml).toContain(
      '<testsuites name="celgate" tests="5" failures="2" errors="0" skipped="1">'
    )
    expect(xml).toContain(
      '<failure message="the rule costs &lt;a lot&gt; &amp; &quot;more&quot;" type="crd/cel-cost">'
    )
  })

  it('escapes what XML cannot hold and what a CI log would run as a workflow command', () => {
    expect(attribute('a"b\'c<d>&e\nf\tg')).toBe('a&quot;b&apos;c&lt;d&gt;&amp;e&#10;f&#9;g')
    expect(content('bell\u0007 esc\u001b csi\u009b lone\ud800 pair\ud83d\ude00 cr\r')).toBe(
      'bell\\u0007 esc\\u001b csi\\u009b lone\\ud800 pair\ud83d\ude00 cr&#13;'
    )
    const hostile = finding(
      'yaml/syntax-error',
      'error',
      'x.yaml',
      1,
      0,
      'first\n::error::owned\n  ##[group]x'
    )
    const xml = renderJunit(result([hostile]), [{ file: 'x.yaml', index: 0, line: 1 }], [])
    expect(xml).not.toMatch(/^\s*::/m)
    expect(xml).not.toContain('##[')
    expect(xml).toContain('&#58;:error::owned')
  })
})

describe('renderTap', () => {
  it('writes TAP 13: a test point per object, not ok for failures, SKIP, YAML diagnostics', () => {
    expect(renderTap(result(findings), objects, skipped)).toBe(
      [
        'TAP version 13',
        '1..5',
        'not ok 1 - apps/web.yaml: Deployment prod/web',
        '  ---',
        '  findings:',
        '    - severity: error',
        '      rule: "builtin/unknown-field"',
        '      at: "apps/web.yaml:7:3"',
        '      message: "unknown field \\"spec.replica\\""',
        '      related:',
        '        - "web/templates/deploy.yaml: the Helm template"',
        '  ...',
        'ok 2 - apps/web.yaml: Service web',
        'ok 3 - apps/web.yaml: document 3 (line 40) # SKIP not checked: YAML syntax error',
        'ok 4 - crds/a.yaml: (file)',
        '  ---',
        '  findings:',
        '    - severity: notice',
        '      rule: "yaml/crlf-line-endings"',
        '      at: "crds/a.yaml"',
        '      message: "CRLF"',
        '  ...',
        'ok 5 - crds/a.yaml: CustomResourceDefinition as.x.io',
        '  ---',
        '  findings:',
        '    - severity: warning',
        '      rule: "crd/cel-cost"',
        '      at: "crds/a.yaml:12:3"',
        '      message: "the rule costs <a lot> & \\"more\\""',
        '  ...',
        '# 1 error, 1 warning, 1 notice; gate failed (it failed)',
        ''
      ].join('\n')
    )
  })

  it('keeps descriptions on one line with # escaped, so a name cannot add a directive', () => {
    const tap = renderTap(
      result([]),
      [{ file: 'a.yaml', index: 0, line: 1, objectKind: 'ConfigMap', name: 'x # TODO\nnot ok 9' }],
      []
    )
    expect(tap.split('\n')[2]).toBe('ok 1 - a.yaml: ConfigMap x \\# TODO\\nnot ok 9')
    expect(tap).toContain('1..1\n')
  })

  it('plans 0 tests for a run without objects', () => {
    expect(renderTap(result([]), [], [])).toBe(
      'TAP version 13\n1..0\n# 0 errors, 0 warnings, 0 notices; gate passed (no errors)\n'
    )
  })
})

describe('written in pieces (issue 33)', () => {
  it('makes JUnit a testsuite at a time and TAP a test point at a time', () => {
    const junit = [...junitPieces(result(findings), objects, skipped)]
    expect(junit.join('')).toBe(renderJunit(result(findings), objects, skipped))
    const suites = new Set([...objects, ...skipped].map((o) => o.file)).size
    expect(junit).toHaveLength(suites + 2)
    const tap = [...tapPieces(result(findings), objects, skipped)]
    expect(tap.join('')).toBe(renderTap(result(findings), objects, skipped))
    expect(tap).toHaveLength(objects.length + skipped.length + 2)
    for (const piece of [...junit, ...tap]) expect(piece.endsWith('\n')).toBe(true)
  })
})
