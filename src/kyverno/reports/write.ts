/**
 * Writes the generated reports to a folder (`reports-dir`) so users can inspect what Kyverno
 * would store: one YAML file per report, in a folder per role —
 * `<dir>/<role>/<namespace or _cluster>/<name>.yaml` — and `index.json` listing each file
 * with its role, results and size as compact JSON (the size etcd stores).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { stringify } from 'yaml'
import type { ReportSet } from './types.js'

export interface WrittenReport {
  /** Relative to the folder, with forward slashes. */
  file: string
  role: string
  kind: string
  namespace: string
  name: string
  results: number
  bytes: number
}

/** A file name segment that cannot leave its folder or clash with separators. */
const safe = (segment: string): string => segment.replace(/[^A-Za-z0-9._-]/g, '_') || '_'

/** Writes one file of the folder, creating its parent folders. */
export type ReportFileWriter = (file: string, text: string) => void

const writeFile: ReportFileWriter = (file, text) => {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
}

export function writeReports(
  set: ReportSet,
  dir: string,
  write: ReportFileWriter = writeFile
): WrittenReport[] {
  const written: WrittenReport[] = []
  for (const report of set.reports) {
    const meta = (report.object.metadata ?? {}) as { name?: unknown }
    const name = typeof meta.name === 'string' ? meta.name : ''
    const kind = typeof report.object.kind === 'string' ? report.object.kind : ''
    const file = [
      report.role,
      report.namespace === '' ? '_cluster' : safe(report.namespace),
      `${safe(name)}.yaml`
    ].join('/')
    write(path.join(dir, file), stringify(report.object, { lineWidth: 0 }))
    written.push({
      file,
      role: report.role,
      kind,
      namespace: report.namespace,
      name,
      results: report.results,
      bytes: report.bytes
    })
  }
  write(
    path.join(dir, 'index.json'),
    `${JSON.stringify({ layout: set.layout, format: set.format, reports: written }, null, 2)}\n`
  )
  return written
}
