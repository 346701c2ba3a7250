/**
 * Every number of the summary's Storage section can be computed from the JSON report (issue 8):
 * for the corpus's CRDs, each row of the manifest-size and largest-object tables is derived
 * again here from `crds[]` of the JSON report alone; for a Kyverno repository, each row of the
 * policy-report table from `policies[engine=kyverno].footprint`.
 */
import { describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import { toJsonReport } from '../../src/report/json.js'
import { renderSummary } from '../../src/report/summary.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)

/** The summary and the JSON report of one check (the JSON as a reader gets it). */
async function both(folder: string): Promise<{ md: string; json: Json }> {
  const { result } = await check(resolveOptions(folder, {}, {}).check, silentLogger)
  return {
    md: renderSummary(result),
    json: JSON.parse(JSON.stringify(toJsonReport(result))) as Json
  }
}
type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const int = (v: string | number): string => BigInt(v).toLocaleString('en-US')
/** One decimal, half up, as documented for the summary. */
const pct = (part: string | number, whole: string | number): string => {
  const p = BigInt(part)
  const w = BigInt(whole)
  const tenths = (p * 2000n + w) / (2n * w)
  return `${(tenths / 10n).toLocaleString('en-US')}.${tenths % 10n}%`
}
const section = (md: string, heading: string): string[] => {
  const lines = md.split('\n')
  const start = lines.indexOf(heading)
  expect(start).toBeGreaterThanOrEqual(0)
  const end = lines.findIndex((l, i) => i > start && /^#{1,4} /.test(l))
  return lines.slice(start + 1, end === -1 ? undefined : end)
}
const cells = (row: string): string[] =>
  row
    .slice(2, -2)
    .split(' | ')
    .map((c) =>
      c
        .replace(/<\/?code>|<wbr>|<\/?sub>/g, '')
        .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    )
/** A cell of two parts (`<code>name</code><br><sub>file:line</sub>`, `<code>name</code> <code>v1</code>`). */
const parts = (cell: string, separator: string): [string, string] => {
  const at = cell.indexOf(separator)
  return [cell.slice(0, at), cell.slice(at + separator.length)]
}

describe('the Storage section from the JSON report', () => {
  it('reproduces every CRD row of the corpus', async () => {
    const { md, json } = await both(path.join(repo, '../shared/corpus/crds'))
    const crds = json.crds as Json[]
    const at = new Map(crds.map((c) => [`${c.file as string}:${c.line as number}`, c]))
    const sizeRows = section(md, '### CRD manifest sizes').filter((l) => l.startsWith('| <code>'))
    expect(sizeRows.length).toBeGreaterThan(100)
    for (const row of sizeRows) {
      const [crdCell, jsonBytes, lastApplied, etcd, descriptions] = cells(row)
      const [name, where] = parts(crdCell ?? '', '<br>')
      const crd = at.get(where)!
      expect(crd.name).toBe(name)
      const size = crd.size as Json
      const limit = (which: string): Json | undefined =>
        (size.limits as Json[]).find((l) => l.limit === which)
      const la = limit('last-applied')
      const laBytes = la?.bytes ?? size.lastAppliedAnnotationBytes
      const laLimit = la?.limitBytes ?? '262144'
      const et = limit('etcd-request')
      expect(jsonBytes).toBe(int(size.jsonBytes))
      expect(lastApplied!.replace(' ❌', '')).toBe(
        `${int(laBytes)} (${pct(laBytes, laLimit)} of ${int(laLimit)})`
      )
      expect(etcd!.replace(' ❌', '')).toBe(
        `${pct(et?.bytes ?? size.jsonBytes, et?.limitBytes ?? '1572864')} of ${int(et?.limitBytes ?? '1572864')}`
      )
      expect(descriptions).toBe(pct(size.descriptionBytes, size.jsonBytes))
      expect(lastApplied!.includes('❌')).toBe(BigInt(laBytes) > BigInt(laLimit))
    }
    // The CRDs over a limit are all listed.
    const over = crds.filter((c) => (c.size.limits as Json[]).some((l) => l.exceeded))
    expect(over.length).toBeGreaterThan(0)
    for (const c of over)
      expect(sizeRows.some((r) => parts(cells(r)[0]!, '<br>')[0] === c.name)).toBe(true)

    // Its table's rows (the per-CRD details that follow have three columns).
    const objectRows = section(md, '#### Largest custom resources').filter(
      (l) => l.startsWith('| <code>') && cells(l).length === 5
    )
    expect(objectRows.length).toBeGreaterThan(100)
    for (const row of objectRows) {
      const [crdCell, smallest, largest, share] = cells(row)
      const [name, version] = parts(crdCell ?? '', ' ')
      // A name can appear in several files (channels, copies): one of them gives the row.
      const candidates = crds
        .filter((c) => c.name === name)
        .map(
          (c) => ((c.versions as Json[]).find((x) => x.name === version)?.objectSize ?? {}) as Json
        )
        .filter((o) => o.minBytes !== undefined && int(o.minBytes) === smallest)
      expect(candidates.length).toBeGreaterThan(0)
      const size = candidates[0]!
      expect(smallest).toBe(int(size.minBytes))
      if (size.maxBytes === null || size.maxBytes === undefined) {
        expect(largest).toBe('unbounded')
        expect((size.unbounded as unknown[]).length).toBeGreaterThan(0)
      } else {
        expect(largest).toBe(int(size.maxBytes))
        expect(share!.replace(' ⚠️', '')).toBe(pct(size.maxBytes, 1_572_864))
      }
    }
  }, 300_000)

  it('reproduces the Kyverno policy-report table', async () => {
    const { md, json } = await both(path.join(repo, 'fixtures/kyverno/repo'))
    const footprint = (json.policies as Json[]).find((p) => p.engine === 'kyverno')!
      .footprint as Json
    const iec = (bytes: string): string => {
      const n = Number(bytes)
      if (n < 1024) return `${int(n)} B`
      const units = ['KiB', 'MiB', 'GiB', 'TiB']
      let value = n / 1024
      let unit = 0
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024
        unit++
      }
      return `${value.toFixed(1)} ${units[unit]}`
    }
    const rows = section(md, '#### Kyverno policy reports').filter((l) => /^\| [A-Z]/.test(l))
    const roles = footprint.roles as Json[]
    expect(rows.slice(1, 1 + roles.length).map((r) => cells(r).slice(1, 4))).toEqual(
      roles.map((r) => [int(r.objects), iec(r.bytes), iec(r.largestObjectBytes)])
    )
    expect(md).toContain(
      `| **Stored** | **${int(footprint.persistent.objects)}** | **${iec(footprint.persistent.bytes)}** |`
    )
  })
})
