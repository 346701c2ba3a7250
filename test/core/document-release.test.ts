/**
 * Document values are released once no analyzer still to run reads them (issue 33): the
 * analyzers' `reads` lists decide when, a read after the release fails loudly, and the report
 * is the same as when every value is kept to the end.
 */
import { describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { ANALYZERS, analyzer, check } from '../../src/core/check.js'
import type { Analyzer } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import { makeFinding } from '../../src/findings/make.js'
import { jsonReportText } from '../../src/report/json.js'
import type { Workspace } from '../../src/workspace/workspace.js'

const demo = path.resolve(new URL('../../fixtures/demo', import.meta.url).pathname)
const options = () => resolveOptions(demo, {}, {}).check

/** One notice per CRD naming its group, read from the CRD's value. */
const crdGroups = (ws: Workspace) => ({
  findings: ws.documents
    .filter((d) => d.kind === 'crd')
    .map((d) =>
      makeFinding(
        'internal-error',
        ws.locate(d, []),
        `group ${String((d.value.spec as { group?: unknown }).group)}`
      )
    )
})
const noFindings = () => ({ findings: [] })

const reportWithoutTimings = async (analyzers: readonly Analyzer[]): Promise<string> => {
  const { result } = await check(options(), silentLogger, analyzers)
  return [...jsonReportText({ ...result, summary: { ...result.summary, timings: [] } })].join('')
}

describe('document release', () => {
  it('releases a kind once the analyzers reading it are done; a later read is an internal error', async () => {
    const steps = [
      analyzer('crd groups', { scope: 'workspace', reads: ['crd'] }, crdGroups),
      analyzer('resources only', { scope: 'workspace', reads: ['resource'] }, noFindings),
      analyzer('crd groups again', { scope: 'workspace', reads: ['resource'] }, crdGroups)
    ]
    const { result, workspace } = await check(options(), silentLogger, steps)
    const crds = result.summary.kinds.crd!
    expect(crds).toBeGreaterThan(0)
    const messages = result.findings.map((f) => f.message)
    expect(messages.filter((m) => m.startsWith('group '))).toHaveLength(crds)
    expect(messages).toContain(
      'The crd groups again check failed: a document value was read after it was released (core/document-release.ts): the analyzer reading it must list its kind in `reads`'
    )
    // After the run every value is released; what the reports list of a document stays.
    const crd = workspace.documents.find((d) => d.kind === 'crd')!
    expect(crd.name).toBeDefined()
    expect(() => crd.value.kind).toThrow('was released')
  })

  it('keeps every value for an analyzer that does not say what it reads', async () => {
    const steps = [
      analyzer('resources only', { scope: 'workspace', reads: ['resource'] }, noFindings),
      analyzer('crd groups', 'workspace', crdGroups)
    ]
    const { result } = await check(options(), silentLogger, steps)
    expect(result.findings.filter((f) => f.message.startsWith('group '))).toHaveLength(
      result.summary.kinds.crd!
    )
  })

  it('keeps every value when a base ref is given: the comparison analyses the head again', async () => {
    const { workspace } = await check({ ...options(), baseRef: 'HEAD' }, silentLogger, [
      analyzer('nothing', { scope: 'workspace', reads: [] }, noFindings)
    ])
    expect(workspace.documents.find((d) => d.kind === 'crd')!.value.kind).toBe(
      'CustomResourceDefinition'
    )
  })

  it('gives the same report as when every value is kept until the end', async () => {
    // Without `reads`, a workspace analyzer counts as reading every kind.
    const keepingAll = ANALYZERS.map((a): Analyzer => {
      if (a.scope === 'document') return a
      const { reads: _everything, ...rest } = a
      return rest
    })
    expect(await reportWithoutTimings(ANALYZERS.slice())).toBe(
      await reportWithoutTimings(keepingAll)
    )
  }, 60_000)
})
