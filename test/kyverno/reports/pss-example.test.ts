/**
 * The reports design doc's example (issue 7, Done when): the PSS restricted policies — 17
 * policies, 19 rules — against a Pod produce a background-scan report of about 6.3 KB of JSON
 * with 19 passing results. Our report is built by the engine from the real policies of
 * kyverno/policies and compared with the doc's own report (fixtures/kyverno/design-doc).
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { goJsonBytes } from '../../../src/kube/sizing/json-size.js'
import { computeRules } from '../../../src/kyverno/index.js'
import {
  SubjectEvaluator,
  buildReports,
  type GeneratedReport,
  type ReportSet
} from '../../../src/kyverno/reports/index.js'
import { shape, type Entry, type Report } from './shapes.js'
import { DOC_POD_UID, DOC_TIME, docPod, pssRestrictedPolicies } from './pss.js'

const KB = 1024
const DOC_REPORT = parse(
  readFileSync(
    path.resolve(process.cwd(), 'fixtures/kyverno/design-doc/background-scan-report.yaml'),
    'utf8'
  )
) as Report

let set: ReportSet
let background: GeneratedReport
beforeAll(() => {
  const policies = pssRestrictedPolicies()
  const subject = new SubjectEvaluator({ policies }).evaluate(docPod())
  set = buildReports([subject], { layout: 'aggregated', now: DOC_TIME })
  background = set.reports.find((r) => r.role === 'background-scan')!
})

describe('the reports design doc PSS example', () => {
  it('uses 17 policies with 19 rules', () => {
    const policies = pssRestrictedPolicies()
    expect(policies).toHaveLength(17)
    expect(policies.flatMap((p) => computeRules(p, 'Pod'))).toHaveLength(19)
  })

  it('produces a background-scan report of about 6.3 KB with 19 passing results', () => {
    const report = shape(background)
    expect(report.apiVersion).toBe('kyverno.io/v1alpha2')
    expect(report.kind).toBe('BackgroundScanReport')
    expect(report.spec.summary).toEqual({ pass: 19, fail: 0, warn: 0, error: 0, skip: 0 })
    expect(background.results).toBe(19)
    expect(background.bytes).toBe(goJsonBytes(report))
    // 6.3 KB within 10%.
    expect(Math.abs(background.bytes - 6.3 * KB) / (6.3 * KB)).toBeLessThan(0.1)
  })

  it('has the shape of the doc report: names, labels, owner, results', () => {
    const ours = shape(background)
    expect(ours.metadata.name).toBe(DOC_POD_UID)
    expect(ours.metadata.namespace).toBe('kyverno')
    expect(Object.keys(ours.metadata.labels).sort()).toEqual(
      Object.keys(DOC_REPORT.metadata.labels).sort()
    )
    expect(Object.keys(ours.metadata.annotations ?? {})).toEqual([
      'audit.kyverno.io/last-scan-time'
    ])
    expect(ours.metadata.ownerReferences).toEqual(DOC_REPORT.metadata.ownerReferences)
    expect(Object.keys(ours.metadata).sort()).toEqual(Object.keys(DOC_REPORT.metadata).sort())
    const key = (r: Entry) =>
      `${r.policy} ${r.rule} ${r.result} ${r.scored} ${r.category} ${r.severity}`
    expect(ours.spec.results.map(key)).toEqual(DOC_REPORT.spec.results.map(key))
    expect(Object.keys(ours.spec.results[0]!).sort()).toEqual(
      Object.keys(DOC_REPORT.spec.results[0]!).sort()
    )
  })

  it('measures within 2% of the doc report as compact JSON', () => {
    const doc = goJsonBytes(DOC_REPORT)
    expect(doc).toBe(6908)
    expect(Math.abs(background.bytes - doc) / doc).toBeLessThan(0.02)
  })

  it('also builds the admission reports and one PolicyReport per policy', () => {
    const roles = set.reports.map((r) => r.role)
    expect(roles.filter((r) => r === 'ephemeral-admission')).toHaveLength(1)
    expect(roles.filter((r) => r === 'aggregated-admission')).toHaveLength(1)
    const policyReports = set.reports.filter((r) => r.role === 'policy-report')
    expect(policyReports).toHaveLength(17)
    expect(policyReports.reduce((n, r) => n + r.results, 0)).toBe(19)
  })
})
