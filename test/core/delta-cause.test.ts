/**
 * Attributing the comparison's findings to the pull request's changes (issue 28,
 * core/delta-cause.ts): new in a changed file, new because a file it depends on changed (its
 * CRD, a policy, a policy's params), or celgate's own nondeterminism (counted as unchanged).
 */
import { describe, expect, it } from '@jest/globals'
import { attributeDelta } from '../../src/core/delta-cause.js'
import { compareResults } from '../../src/core/delta.js'
import { silentLogger } from '../../src/core/logger.js'
import type { Logger } from '../../src/core/logger.js'
import { makeFinding } from '../../src/findings/make.js'
import type { Finding } from '../../src/findings/model.js'
import type { DocumentKind } from '../../src/workspace/classify.js'
import type { LoadedDocument } from '../../src/workspace/load.js'

const doc = (file: string, kind: DocumentKind, value: Record<string, unknown>): LoadedDocument => ({
  file,
  index: 0,
  basePath: [],
  line: 1,
  kind,
  value
})

const DOCUMENTS = [
  doc('crds/widgets.yaml', 'crd', { metadata: { name: 'widgets.example.com' } }),
  doc('crds/gadgets.yaml', 'crd', { metadata: { name: 'gadgets.example.com' } }),
  doc('config/widget.yaml', 'resource', { apiVersion: 'example.com/v1', kind: 'Widget' }),
  doc('policies/vap.yaml', 'validating-admission-policy', {
    spec: { paramKind: { apiVersion: 'example.com/v1', kind: 'Limits' } }
  }),
  doc('policies/limits.yaml', 'resource', { apiVersion: 'example.com/v1', kind: 'Limits' }),
  doc('kyverno/policy.yaml', 'kyverno-policy', {}),
  doc('kyverno/exception.yaml', 'kyverno-policy-exception', {})
]

const widgetInvalid = makeFinding(
  'cr/invalid',
  { file: 'config/widget.yaml' },
  'spec.size: Too long',
  {
    data: { crd: 'widgets.example.com' }
  }
)
const admissionDenied = makeFinding('admission/denied', { file: 'config/widget.yaml' }, 'denied')
const kyvernoFailed = makeFinding('kyverno/enforce-failed', { file: 'config/widget.yaml' }, 'fails')
const fixedElsewhere = makeFinding(
  'cr/invalid',
  { file: 'config/widget.yaml' },
  'spec.other: Required value',
  {
    data: { crd: 'widgets.example.com' }
  }
)

function attribute(
  changed: string[],
  head: Finding[],
  base: Finding[] = [],
  logger = silentLogger
) {
  const delta = compareResults(
    { findings: base, crds: [] },
    { findings: head, crds: [] },
    { baseRef: 'main', mergeBase: 'a'.repeat(40) }
  )
  const sides = { base: { documents: DOCUMENTS }, head: { documents: DOCUMENTS } }
  attributeDelta(delta, new Set(changed), sides, logger)
  return delta.findings
}

describe('attributeDelta', () => {
  it('keeps a new finding in a changed file, without a cause', () => {
    const d = attribute(['config/widget.yaml'], [widgetInvalid])
    expect(d.new).toEqual([widgetInvalid])
    expect(d.causes?.size).toBe(0)
  })

  it('names the CRD file a new custom-resource finding comes from, not another CRD', () => {
    expect(attribute(['crds/widgets.yaml'], [widgetInvalid]).causes).toEqual(
      new Map([[widgetInvalid, 'crds/widgets.yaml']])
    )
    const other = attribute(['crds/gadgets.yaml'], [widgetInvalid])
    expect(other.new).toEqual([])
    expect(other.unchanged).toEqual([widgetInvalid])
  })

  it('counts a difference nothing explains as unchanged, and says so at debug level', () => {
    const debug: string[] = []
    const logger: Logger = { ...silentLogger, debug: (m) => debug.push(m) }
    const d = attribute(['README.md'], [widgetInvalid], [fixedElsewhere], logger)
    expect(d.new).toEqual([])
    expect(d.fixed).toEqual([])
    expect(d.unchanged).toEqual([widgetInvalid])
    expect(debug).toEqual([
      'New finding cr/invalid at config/widget.yaml counted as unchanged: neither its file nor one it depends on changed',
      'Fixed finding cr/invalid at config/widget.yaml left out: neither its file nor one it depends on changed'
    ])
  })

  it('attributes admission findings to policies and their params, Kyverno ones to exceptions', () => {
    expect(
      attribute(['policies/limits.yaml'], [admissionDenied]).causes?.get(admissionDenied)
    ).toBe('policies/limits.yaml')
    expect(attribute(['policies/vap.yaml'], [admissionDenied]).causes?.get(admissionDenied)).toBe(
      'policies/vap.yaml'
    )
    expect(attribute(['kyverno/exception.yaml'], [kyvernoFailed]).causes?.get(kyvernoFailed)).toBe(
      'kyverno/exception.yaml'
    )
    expect(attribute(['kyverno/exception.yaml'], [admissionDenied]).new).toEqual([])
  })
})
