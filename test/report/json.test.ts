import { describe, expect, it } from '@jest/globals'
import type { CheckResult, CrdReport } from '../../src/core/result.js'
import type { Finding } from '../../src/findings/model.js'
import { jsonReportText, toJsonReport, toJsonSafe } from '../../src/report/json.js'

// 2^53 + 1: a JSON number would silently round it to 9007199254740992.
const BEYOND_DOUBLE = 9007199254740993n

/** The report text as the CLI writes it: its parts one after the other. */
const stringifyJsonReport = (result: CheckResult): string => [...jsonReportText(result)].join('')

const crd: CrdReport = {
  name: 'widgets.example.com',
  group: 'example.com',
  kind: 'Widget',
  apiVersion: 'apiextensions.k8s.io/v1',
  file: 'config/crd/widgets.yaml',
  document: 0,
  line: 1,
  versions: [
    { name: 'v1', rules: [], totals: [] },
    { name: 'v1beta1', rules: [], totals: [] }
  ],
  size: {
    jsonBytes: BEYOND_DOUBLE,
    lastAppliedAnnotationBytes: 300_123n,
    descriptionBytes: 0n,
    versions: [{ name: 'v1', bytes: 150_000n, descriptionBytes: 90_000n }],
    largestVersionProperties: [{ name: 'spec', bytes: 120_000n, descriptionBytes: 80_000n }],
    limits: [
      { limit: 'etcd-request', limitBytes: 1_572_864n, bytes: BEYOND_DOUBLE, exceeded: true }
    ]
  }
}

const located: Finding = {
  ruleId: 'crd/size-etcd-request',
  severity: 'error',
  title: 'CRD too large for etcd',
  message: 'The CRD widgets.example.com is too large for etcd.',
  location: {
    file: 'config/crd/widgets.yaml',
    range: { startLine: 3, startColumn: 1, endLine: 40, endColumn: 12 },
    path: 'spec',
    document: 0
  },
  related: [{ file: 'Chart.yaml', message: 'The chart that ships it' }, { file: 'values.yaml' }],
  data: { bytes: BEYOND_DOUBLE.toString(), served: true, versions: 2 },
  kubernetesVersions: ['1.34'],
  fix: { text: 'Trim descriptions.', snippet: 'maxDescLen: 0' }
}

const fileLevel: Finding = {
  ruleId: 'yaml/crlf-line-endings',
  severity: 'notice',
  title: 'CRLF line endings',
  message: 'The file uses CRLF line endings.',
  location: { file: 'a/windows.yaml' }
}

const fixWithoutSnippet: Finding = {
  ...fileLevel,
  severity: 'warning',
  location: { file: 'b.yaml', range: { startLine: 2, startColumn: 1, endLine: 2, endColumn: 5 } },
  fix: { text: 'Convert to LF.' }
}

function checkResult(findings: Finding[]): CheckResult {
  return {
    tool: { name: 'celgate', version: '0.1.0' },
    summary: {
      root: '.',
      files: 2,
      bytes: 4096,
      documents: 3,
      skipped: { 'Helm template': 1 },
      celRules: 3,
      kinds: { crd: 1, resource: 1 },
      findings: { error: 1, warning: 1, notice: 1 },
      timings: [{ phase: 'load', ms: 12 }]
    },
    gate: { failOn: 'error', failed: true, reason: '1 error.' },
    findings,
    crds: [crd],
    worstBudgetRatio: 0,
    kubernetesVersions: ['1.35', '1.36', '1.37'],
    costGate: { warnRatio: 0.5, failRatio: 1 },
    policies: [{ name: 'require-labels', cost: BEYOND_DOUBLE, nested: [{ bytes: 7n }] }]
  }
}

describe('toJsonReport', () => {
  const report = toJsonReport(checkResult([fileLevel, fixWithoutSnippet, located]))

  it('has the documented top-level shape', () => {
    expect(Object.keys(report)).toEqual([
      'schemaVersion',
      'tool',
      'summary',
      'gate',
      'findings',
      'suppressed',
      'delta',
      'crds',
      'kubernetesVersions',
      'worstBudgetRatio',
      'costGate',
      'policies'
    ])
    expect(report.schemaVersion).toBe(3)
    expect(report.tool).toEqual({ name: 'celgate', version: '0.1.0' })
    expect(report.gate).toEqual({ failOn: 'error', failed: true, reason: '1 error.' })
    expect(report.summary.skipped).toEqual({ 'Helm template': 1 })
  })

  it('flattens a located finding with every field', () => {
    expect(report.findings[0]).toEqual({
      ruleId: 'crd/size-etcd-request',
      severity: 'error',
      title: 'CRD too large for etcd',
      message: 'The CRD widgets.example.com is too large for etcd.',
      file: 'config/crd/widgets.yaml',
      startLine: 3,
      startColumn: 1,
      endLine: 40,
      endColumn: 12,
      path: 'spec',
      document: 0,
      data: { bytes: '9007199254740993', served: true, versions: 2 },
      kubernetesVersions: ['1.34'],
      fix: { text: 'Trim descriptions.', snippet: 'maxDescLen: 0' },
      related: [
        {
          file: 'Chart.yaml',
          startLine: null,
          startColumn: null,
          endLine: null,
          endColumn: null,
          path: null,
          document: null,
          message: 'The chart that ships it'
        },
        {
          file: 'values.yaml',
          startLine: null,
          startColumn: null,
          endLine: null,
          endColumn: null,
          path: null,
          document: null,
          message: null
        }
      ],
      change: null,
      cause: null,
      count: 1,
      otherLocations: []
    })
  })

  it('writes null, never a missing key, for what a finding does not have', () => {
    const parsed = JSON.parse(stringifyJsonReport(checkResult([fileLevel])))
    expect(parsed.findings[0]).toEqual({
      ruleId: 'yaml/crlf-line-endings',
      severity: 'notice',
      title: 'CRLF line endings',
      message: 'The file uses CRLF line endings.',
      file: 'a/windows.yaml',
      startLine: null,
      startColumn: null,
      endLine: null,
      endColumn: null,
      path: null,
      document: null,
      data: null,
      kubernetesVersions: null,
      fix: null,
      related: [],
      change: null,
      cause: null,
      count: 1,
      otherLocations: []
    })
    expect(report.findings.find((f) => f.file === 'b.yaml')?.fix).toEqual({
      text: 'Convert to LF.',
      snippet: null
    })
  })

  it('lists findings most severe first', () => {
    expect(report.findings.map((f) => f.severity)).toEqual(['error', 'warning', 'notice'])
  })

  it('turns every bigint into its exact decimal string', () => {
    const size = report.crds[0]?.size
    expect(size?.jsonBytes).toBe('9007199254740993')
    expect(size?.lastAppliedAnnotationBytes).toBe('300123')
    expect(size?.descriptionBytes).toBe('0')
    expect(size?.versions).toEqual([{ name: 'v1', bytes: '150000', descriptionBytes: '90000' }])
    expect(size?.limits[0]).toEqual({
      limit: 'etcd-request',
      limitBytes: '1572864',
      bytes: '9007199254740993',
      exceeded: true
    })
    expect(report.policies).toEqual([
      { name: 'require-labels', cost: '9007199254740993', nested: [{ bytes: '7' }] }
    ])
    expect(report.crds[0]?.group).toBe('example.com')
    expect(report.crds[0]?.size).not.toHaveProperty('helmReleaseBytes')
  })

  it('survives JSON.stringify and JSON.parse unchanged', () => {
    const text = stringifyJsonReport(checkResult([fileLevel, fixWithoutSnippet, located]))
    expect(JSON.parse(text)).toEqual(report)
    expect(BigInt(JSON.parse(text).crds[0].size.jsonBytes)).toBe(BEYOND_DOUBLE)
    expect(text).toContain('"jsonBytes": "9007199254740993"')
  })

  it('indents by two spaces and ends with a newline', () => {
    const text = stringifyJsonReport(checkResult([]))
    expect(text.startsWith('{\n  "schemaVersion": 3,\n  "tool": {\n    "name": "celgate"')).toBe(
      true
    )
    expect(text.endsWith('}\n')).toBe(true)
    expect(text.endsWith('}\n\n')).toBe(false)
  })

  it('writes exactly JSON.stringify of toJsonReport, without its copy', () => {
    const result = checkResult([fileLevel, fixWithoutSnippet, located])
    expect(stringifyJsonReport(result)).toBe(`${JSON.stringify(toJsonReport(result), null, 2)}\n`)
  })

  it('leaves BigInt.prototype as it found it', () => {
    stringifyJsonReport(checkResult([located]))
    expect(Object.getOwnPropertyDescriptor(BigInt.prototype, 'toJSON')).toBeUndefined()
    expect(() => JSON.stringify(1n)).toThrow(TypeError)
    const own = (): string => 'own'
    Object.defineProperty(BigInt.prototype, 'toJSON', { value: own, configurable: true })
    try {
      expect(stringifyJsonReport(checkResult([located]))).toContain(
        '"jsonBytes": "9007199254740993"'
      )
      expect(Object.getOwnPropertyDescriptor(BigInt.prototype, 'toJSON')?.value).toBe(own)
    } finally {
      delete (BigInt.prototype as { toJSON?: unknown }).toJSON
    }
  })

  it('does not change the check result it reads', () => {
    const result = checkResult([located])
    toJsonReport(result)
    expect(result.crds[0]?.size.jsonBytes).toBe(BEYOND_DOUBLE)
    expect(result.policies[0]).toEqual({
      name: 'require-labels',
      cost: BEYOND_DOUBLE,
      nested: [{ bytes: 7n }]
    })
  })
})

describe('toJsonSafe', () => {
  it('converts bigints at any depth and leaves other values alone', () => {
    const date = new Date(0)
    expect(
      toJsonSafe({ a: 1n, b: [2n, { c: -3n }], d: 'x', e: 4, f: null, g: true, h: date })
    ).toEqual({ a: '1', b: ['2', { c: '-3' }], d: 'x', e: 4, f: null, g: true, h: date })
    expect(toJsonSafe(18446744073709551615n)).toBe('18446744073709551615')
  })

  it('drops undefined members as JSON would', () => {
    expect(toJsonSafe({ a: undefined, b: 1 })).toEqual({ b: 1 })
    expect(Object.keys(toJsonSafe({ a: undefined, b: 1 }))).toEqual(['b'])
  })
})
