/**
 * `reports-dir`: the PolicyReports the Kyverno dry-run would create, written for users to inspect
 * (or upload as an artifact). Without Kyverno policies the folder gets an empty index, so a
 * workflow step that reads it does not fail on a missing folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { writeReports } from '../kyverno/reports/index.js'
import type { ReportFileWriter, ReportSet, WrittenReport } from '../kyverno/reports/index.js'
import { outsideOf } from './confine.js'
import { ConfigError } from './options.js'
import type { CheckRun } from './check.js'

export function writePolicyReports(
  run: Pick<CheckRun, 'kyvernoReports'>,
  dir: string
): WrittenReport[] {
  const [first, ...rest] = run.kyvernoReports
  const set: ReportSet = first
    ? { ...first, reports: [...first.reports, ...rest.flatMap((s) => s.reports)] }
    : { layout: 'aggregated', format: 'wgpolicyk8s', reports: [] }
  return writeReports(set, dir, confinedWriter(dir))
}

/**
 * Writes files below `dir` only: the folder may hold links the pull request committed (e.g.
 * `reports/admission -> /home/runner`), which a write would follow out of the workspace.
 */
function confinedWriter(dir: string): ReportFileWriter {
  return (file, text) => {
    // Checked before the folders are made: making them would follow the links already.
    const outside = outsideOf(dir, file)
    if (outside !== undefined)
      throw new ConfigError(
        `reports-dir: ${path.relative(dir, file)} resolves to ${outside}, outside the folder ${dir} (a symbolic link in it?): remove the link; no further report was written.`
      )
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
  }
}
