/**
 * The dry-run's shortcuts give what the direct computation gives: report sizes summed from their
 * entries equal the size of the whole report, and the policy cache's kind index returns the
 * policies isCandidate accepts (literal kinds, wildcards, autogen controllers, malformed rules).
 */
import { describe, expect, it } from '@jest/globals'
import type { KyvernoPolicy } from '../../../src/kyverno/index.js'
import { goJsonSize } from '../../../src/kyverno/reports/identity.js'
import {
  entryBytes,
  reportBytes,
  sameButSubject,
  sameFields
} from '../../../src/kyverno/reports/sizes.js'
import { formattedEntry } from '../../../src/kyverno/reports/results.js'
import type { ReportResult } from '../../../src/kyverno/report.js'
import { SubjectEvaluator, isCandidate } from '../../../src/kyverno/reports/subjects.js'
import type { ResourceKind } from '../../../src/kyverno/match.js'

const entry = (rule: string, message: string): Record<string, unknown> => ({
  source: 'kyverno',
  policy: 'p',
  rule,
  message,
  result: 'fail',
  timestamp: { seconds: 1, nanos: 0 }
})

describe('reportBytes', () => {
  const entries = [
    entry('a', 'plain'),
    entry('b', 'Go escapes <these> & \u2028 that'),
    entry('c', 'non-ASCII: café ✓ 🚀')
  ]

  it('equals goJsonSize for results under spec and at the top level', () => {
    const intermediate = {
      apiVersion: 'kyverno.io/v1alpha2',
      kind: 'BackgroundScanReport',
      metadata: { name: 'x', labels: { 'cpol.kyverno.io/<p>': '1' } },
      spec: { summary: { pass: 0 }, results: entries }
    }
    const final = { apiVersion: 'wgpolicyk8s.io/v1alpha2', kind: 'PolicyReport', results: entries }
    expect(reportBytes(intermediate)).toBe(goJsonSize(intermediate))
    expect(reportBytes(final)).toBe(goJsonSize(final))
  })

  it('measures reports without results whole', () => {
    const empty = { kind: 'PolicyReport', spec: { results: [] } }
    expect(reportBytes(empty)).toBe(goJsonSize(empty))
    expect(reportBytes({ kind: 'PolicyReport' })).toBe(goJsonSize({ kind: 'PolicyReport' }))
  })

  it('sizes an entry from its subject-less twin as serializing it would', () => {
    const subject = { apiVersion: 'v1', kind: 'Pod', name: 'a<b>', namespace: 'ns', uid: 'u-1' }
    for (const [i, twin] of entries.entries()) {
      const [source, policy, ...rest] = Object.entries(twin)
      const withSubject = Object.fromEntries([source!, policy!, ['resources', [subject]], ...rest])
      sameButSubject(withSubject, twin, subject)
      expect([i, entryBytes(withSubject)]).toEqual([i, goJsonSize(withSubject)])
    }
  })

  it('measures an entry once and gives the same size after', () => {
    const e = entry('d', 'x & y')
    expect(entryBytes(e)).toBe(goJsonSize(e))
    expect(entryBytes(e)).toBe(goJsonSize(e))
  })
})

describe('SubjectEvaluator.candidates', () => {
  const rule = (name: string, kinds: unknown): unknown => ({
    name,
    match: { any: [{ resources: { kinds } }] },
    validate: { pattern: { metadata: { name: '?*' } } }
  })
  const cpol = (name: string, ...rules: unknown[]): KyvernoPolicy =>
    ({
      apiVersion: 'kyverno.io/v1',
      kind: 'ClusterPolicy',
      metadata: { name },
      spec: { rules }
    }) as KyvernoPolicy
  const policies: KyvernoPolicy[] = [
    cpol('pods', rule('r', ['Pod'])),
    cpol('gvk', rule('r', ['apps/v1/Deployment'])),
    cpol('wildcard', rule('r', ['*'])),
    cpol('wildcard-kind', rule('r', ['Config*'])),
    cpol('services', rule('r', ['Service', 'v1/ConfigMap'])),
    cpol('no-validate', { name: 'r', match: { any: [{ resources: { kinds: ['Pod'] } }] } }),
    cpol('malformed', rule('r', [42])),
    {
      ...cpol('no-autogen', rule('r', ['Pod'])),
      metadata: {
        name: 'no-autogen',
        annotations: { 'pod-policies.kyverno.io/autogen-controllers': 'none' }
      }
    }
  ]
  const kinds: ResourceKind[] = [
    { group: '', version: 'v1', kind: 'Pod', subresource: '' },
    { group: 'apps', version: 'v1', kind: 'Deployment', subresource: '' },
    { group: 'batch', version: 'v1', kind: 'CronJob', subresource: '' },
    { group: '', version: 'v1', kind: 'ConfigMap', subresource: '' },
    { group: '', version: 'v1', kind: 'Service', subresource: '' },
    { group: '', version: 'v1', kind: 'Secret', subresource: '' }
  ]

  /** isCandidate for each policy; a malformed one throws in both. */
  const expected = (kind: ResourceKind): string[] | 'throws' => {
    try {
      return policies.filter((p) => isCandidate(p, kind, 'default')).map((p) => p.metadata!.name!)
    } catch {
      return 'throws'
    }
  }

  for (const kind of kinds) {
    it(`returns isCandidate's policies for ${kind.kind}`, () => {
      const evaluator = new SubjectEvaluator({ policies })
      let actual: string[] | 'throws'
      try {
        actual = evaluator.candidates(kind, 'default').map((p) => p.metadata!.name!)
      } catch {
        actual = 'throws'
      }
      expect(actual).toEqual(expected(kind))
    })
  }

  it('returns the policies naming a kind without the malformed one', () => {
    const evaluator = new SubjectEvaluator({ policies: policies.slice(0, 6) })
    const names = (kind: ResourceKind): string[] =>
      evaluator.candidates(kind, 'default').map((p) => p.metadata!.name!)
    expect(names(kinds[0]!)).toEqual(['pods', 'wildcard'])
    expect(names(kinds[1]!)).toEqual(['pods', 'gvk', 'wildcard'])
    expect(names(kinds[3]!)).toEqual(['wildcard', 'wildcard-kind', 'services'])
  })
})

describe('entries in the two report APIs', () => {
  it('sizes an entry from its twin in the other API as serializing it would', () => {
    const result: ReportResult = {
      source: 'kyverno',
      policy: 'p',
      rule: 'r',
      message: 'fails <here> & there',
      result: 'fail',
      scored: true,
      category: 'Pod Security',
      severity: 'high',
      timestamp: { seconds: 1, nanos: 0 },
      properties: { process: 'background scan' }
    }
    const wg = formattedEntry(result, 'wgpolicyk8s', undefined)
    const open = formattedEntry(result, 'openreports', undefined)
    expect(Object.keys(open)).not.toEqual(Object.keys(wg))
    sameFields(open, wg)
    expect(entryBytes(open)).toBe(goJsonSize(open))
  })
})

describe('SubjectEvaluator with repeated policies', () => {
  const policy = (replicas: unknown): KyvernoPolicy => ({
    apiVersion: 'kyverno.io/v1',
    kind: 'ClusterPolicy',
    metadata: { name: 'replicas' },
    spec: {
      rules: [
        {
          name: 'r',
          match: { any: [{ resources: { kinds: ['Deployment'] } }] },
          validate: { message: 'm', pattern: { spec: { replicas } } }
        }
      ]
    }
  })
  // YAML's .inf: the JSON text writes it null.
  const resource = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', namespace: 'ns' },
    spec: { replicas: Infinity }
  }
  const alone = (p: KyvernoPolicy): unknown =>
    new SubjectEvaluator({ policies: [p] }).evaluate(resource).outcomes.map((o) => o.rules)

  it('gives each policy the results it gives alone, copies and look-alikes included', () => {
    const policies = [policy(null), policy(null), policy(Infinity), policy(3)]
    // Infinity and null have the same JSON text; as values they differ.
    expect(alone(policies[0]!)).not.toEqual(alone(policies[2]!))
    const outcomes = new SubjectEvaluator({ policies }).evaluate(resource).outcomes
    expect(outcomes.map((o) => o.policy)).toEqual(policies)
    expect(outcomes.map((o) => o.rules)).toEqual(policies.flatMap(alone))
  })
})
