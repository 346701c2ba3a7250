/**
 * The pipeline's analyzer list: each analyzer's findings in list order, facts in the report,
 * and a failing analyzer contained as one internal-error finding while the others still run.
 */
import { describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { ANALYZERS, analyzer, check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import { makeFinding } from '../../src/findings/make.js'

const demo = path.resolve(new URL('../../fixtures/demo', import.meta.url).pathname)
const options = () => resolveOptions(demo, {}, {}).check

describe('check', () => {
  it('runs the analyzers of the list and puts their facts in the report', async () => {
    const { result } = await check(options(), silentLogger)
    expect(ANALYZERS.map((a) => a.phase)).toEqual([
      'crd sizes',
      'crd cel',
      'crd validity',
      'built-in objects',
      'custom resources',
      'admission policies',
      'admission dry-run',
      'kyverno'
    ])
    expect(result.summary.timings.map((t) => t.phase)).toEqual([
      'discover',
      'parse',
      ...ANALYZERS.map((a) => a.phase)
    ])
    expect(result.crds.length).toBe(result.summary.kinds.crd)
    expect(result.crds.some((c) => c.versions.some((v) => v.rules.length > 0))).toBe(true)
  })

  it('contains a failing analyzer as one internal-error finding and runs the others', async () => {
    const failing = analyzer('exploding', 'workspace', () => {
      throw new Error('boom')
    })
    const notes = analyzer('notes', 'document', (ws) => ({
      findings: ws.documents
        .filter((d) => d.kind === 'crd')
        .map((d) => makeFinding('internal-error', ws.locate(d, ['metadata', 'name']), 'noted'))
    }))
    const { result } = await check(options(), silentLogger, [failing, notes])
    const errors = result.findings.filter((f) => f.ruleId === 'internal-error')
    expect(errors.filter((f) => f.message === 'The exploding check failed: boom')).toHaveLength(1)
    expect(errors.filter((f) => f.message === 'noted')).toHaveLength(result.summary.kinds.crd!)
    expect(result.summary.timings.map((t) => t.phase)).toEqual([
      'discover',
      'parse',
      'exploding',
      'notes'
    ])
  })
})
