/**
 * `reports-dir`: the PolicyReports the Kyverno dry-run would create, written for users to inspect
 * (or upload as an artifact). Without Kyverno policies the folder gets an empty index, so a
 * workflow step that reads it does not fail on a missing folder.
 */
import { writeReports } from '../kyverno/reports/index.js'
import type { ReportSet, WrittenReport } from '../kyverno/reports/index.js'
import type { CheckRun } from './check.js'

export function writePolicyReports(
  run: Pick<CheckRun, 'kyvernoReports'>,
  dir: string
): WrittenReport[] {
  const [first, ...rest] = run.kyvernoReports
  const set: ReportSet = first
    ? { ...first, reports: [...first.reports, ...rest.flatMap((s) => s.reports)] }
    : { layout: 'aggregated', format: 'wgpolicyk8s', reports: [] }
  return writeReports(set, dir)
}
