/**
 * Issue 33: the JSON report folds repeats. The same finding on many objects is one entry with
 * its count and the first other locations (capped); the dry-run matrices fold equal cells the
 * same way. The summary counts and the gate still count every object.
 */
import { describe, expect, it } from '@jest/globals'
import { FOLDED_LOCATIONS_LIMIT } from '../../src/common/limits.js'
import type { CheckResult } from '../../src/core/result.js'
import type { Finding } from '../../src/findings/model.js'
import { jsonReportText, toJsonReport } from '../../src/report/json.js'

const at = (file: string, line: number): Finding['location'] => ({
  file,
  range: { startLine: line, startColumn: 9, endLine: line, endColumn: 14 },
  path: 'metadata.name',
  document: 0
})

/** The same policy failing on `n` Deployments, one per file. */
const repeated = (n: number): Finding[] =>
  Array.from({ length: n }, (_x, i) => ({
    ruleId: 'admission/denied',
    severity: 'error' as const,
    title: 'Sample resource denied by an admission policy',
    message: 'The apiserver would reject this Deployment: replicas must be at most 5',
    location: at(`apps/app-${String(i).padStart(3, '0')}.yaml`, 4),
    kubernetesVersions: ['1.37']
  }))

function result(findings: Finding[], policies: unknown[] = []): CheckResult {
  return {
    tool: { name: 'celgate', version: '0.1.0' },
    summary: {
      root: '.',
      files: findings.length,
      bytes: 1,
      documents: findings.length,
      skipped: {},
      celRules: 0,
      kinds: {},
      findings: { error: findings.length, warning: 0, notice: 0 },
      timings: []
    },
    gate: { failOn: 'error', failed: true, reason: 'errors' },
    findings,
    crds: [],
    worstBudgetRatio: 0,
    kubernetesVersions: ['1.37'],
    costGate: { warnRatio: 0.5, failRatio: 1 },
    policies
  }
}

describe('repeated findings in the JSON report', () => {
  const same = repeated(50)
  const other: Finding = { ...same[0]!, message: 'A different message.', location: at('z.yaml', 1) }
  const report = toJsonReport(result([...same, other]))

  it('are one entry with the total and the first other locations, capped', () => {
    expect(report.findings).toHaveLength(2)
    const folded = report.findings[0]!
    expect(folded.file).toBe('apps/app-000.yaml')
    expect(folded.count).toBe(50)
    expect(folded.otherLocations).toHaveLength(FOLDED_LOCATIONS_LIMIT)
    expect(folded.otherLocations.map((l) => l.file)).toEqual(
      Array.from(
        { length: FOLDED_LOCATIONS_LIMIT },
        (_x, i) => `apps/app-${String(i + 1).padStart(3, '0')}.yaml`
      )
    )
    expect(folded.otherLocations[0]).toEqual({
      file: 'apps/app-001.yaml',
      startLine: 4,
      startColumn: 9,
      endLine: 4,
      endColumn: 14,
      path: 'metadata.name',
      document: 0
    })
    expect(report.findings[1]).toMatchObject({ file: 'z.yaml', count: 1, otherLocations: [] })
  })

  it('still count every object in the summary', () => {
    expect(report.summary.findings.error).toBe(51)
  })

  it('stay apart when anything but the location differs', () => {
    const withData = same.slice(0, 3).map((f, i) => ({ ...f, data: { replicas: i } }))
    const severities = same.slice(0, 2).map((f, i) => ({
      ...f,
      severity: i === 0 ? ('error' as const) : ('warning' as const)
    }))
    expect(toJsonReport(result(withData)).findings.map((f) => f.count)).toEqual([1, 1, 1])
    expect(toJsonReport(result(severities)).findings.map((f) => f.count)).toEqual([1, 1])
  })

  it('are written the same by the streaming writer', () => {
    const r = result([...same, other])
    expect([...jsonReportText(r)].join('')).toBe(`${JSON.stringify(toJsonReport(r), null, 2)}\n`)
  })
})

describe('dry-run matrices in the JSON report', () => {
  const resource = (i: number) => ({
    file: `apps/app-${i}.yaml`,
    document: 0,
    line: 1,
    kind: 'Deployment',
    name: `app-${i}`
  })
  const admission = {
    engine: 'admission-dry-run',
    kubernetesVersion: '1.37',
    matrix: [
      ...Array.from({ length: 30 }, (_x, i) => ({
        policy: 'replica-limit',
        binding: 'replica-limit-binding',
        resource: resource(i),
        outcome: 'denied',
        message: 'replicas must be at most 5'
      })),
      {
        policy: 'replica-limit',
        binding: 'replica-limit-binding',
        resource: resource(30),
        outcome: 'admitted'
      }
    ]
  }

  it('fold cells equal but for the resource, with the count and the first resources', () => {
    const [entry] = toJsonReport(result([], [admission])).policies as Array<{
      matrix: Array<Record<string, unknown> & { resources: unknown[] }>
    }>
    expect(entry!.matrix).toHaveLength(2)
    const denied = entry!.matrix[0]!
    expect(Object.keys(denied)).toEqual([
      'policy',
      'binding',
      'outcome',
      'message',
      'count',
      'resources'
    ])
    expect(denied.count).toBe(30)
    expect(denied.resources).toHaveLength(FOLDED_LOCATIONS_LIMIT)
    expect(denied.resources[0]).toEqual(resource(0))
    expect(entry!.matrix[1]).toEqual({
      policy: 'replica-limit',
      binding: 'replica-limit-binding',
      outcome: 'admitted',
      count: 1,
      resources: [resource(30)]
    })
  })

  it('are left whole in the check result the summary reads', () => {
    const r = result([], [admission])
    toJsonReport(r)
    expect((r.policies[0] as typeof admission).matrix).toHaveLength(31)
  })
})
