/**
 * The Kyverno check's own reports (the ReportSet behind the footprint and the report facts) hold
 * the entries of the selected release, as `reports-dir` does: Kyverno 1.12 and 1.13 wrote no
 * `process` property (pkg/utils/report/results.go ToPolicyReportResult on release-1.13; 1.14
 * added selectProcess).
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { analyzeKyvernoPolicies } from '../../../src/kyverno/check.js'
import type { ReportSet } from '../../../src/kyverno/reports/index.js'
import type { JsonMap } from '../../../src/kyverno/types.js'
import type { KyvernoVersion } from '../../../src/kyverno/versions.js'
import type { Workspace } from '../../../src/workspace/workspace.js'
import { fixtureWorkspace } from '../../kube/admission/workspace.js'

const NOW = new Date('2026-01-02T03:04:05Z')
let ws: Workspace
beforeAll(async () => {
  ws = await fixtureWorkspace('fixtures/kyverno/repo')
}, 120_000)

const reportSetOf = (kyvernoVersion: KyvernoVersion): ReportSet =>
  analyzeKyvernoPolicies(ws, { now: NOW, kyvernoVersion, footprint: false }).reportSet

/** The `properties` of every result of every report. */
const propertiesOf = (set: ReportSet): Array<Record<string, unknown> | undefined> =>
  set.reports.flatMap((r) =>
    ((r.object.results ?? []) as JsonMap[]).map(
      (e) => e.properties as Record<string, unknown> | undefined
    )
  )

describe("the Kyverno check's reports follow the selected release", () => {
  it('writes no `process` property for Kyverno 1.13', () => {
    const properties = propertiesOf(reportSetOf('1.13'))
    expect(properties.length).toBeGreaterThan(0)
    expect(properties.filter((p) => p !== undefined && 'process' in p)).toEqual([])
  })

  it('writes `process` on every entry for Kyverno 1.19', () => {
    const properties = propertiesOf(reportSetOf('1.19'))
    expect(properties.length).toBeGreaterThan(0)
    expect(properties.every((p) => typeof p?.process === 'string')).toBe(true)
  })
})
