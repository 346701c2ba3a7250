/**
 * exceptionsFor (PolicyException.Contains) over an indexed exception list gives what filtering
 * the whole list gives: the exceptions naming the policy and a rule, in order, once each; a
 * malformed list still throws where filtering it throws.
 */
import { describe, expect, it } from '@jest/globals'
import { exceptionsFor } from '../../src/kyverno/exceptions.js'
import type { KyvernoPolicy, PolicyException } from '../../src/kyverno/types.js'

const exception = (name: string, ...entries: unknown[]): PolicyException =>
  ({
    apiVersion: 'kyverno.io/v2',
    kind: 'PolicyException',
    metadata: { name, namespace: 'ns' },
    spec: { exceptions: entries }
  }) as PolicyException

const cpol = { kind: 'ClusterPolicy', metadata: { name: 'p' } } as KyvernoPolicy
const pol = { kind: 'Policy', metadata: { name: 'p', namespace: 'team' } } as KyvernoPolicy
const names = (list: readonly PolicyException[]): string[] => list.map((e) => e.metadata!.name!)

describe('exceptionsFor', () => {
  const exceptions = [
    exception('a', { policyName: 'p', ruleNames: ['check-*'] }),
    exception('b', { policyName: 'other', ruleNames: ['*'] }),
    exception(
      'c',
      { policyName: 'p', ruleNames: ['x'] },
      { policyName: 'p', ruleNames: ['check-a'] }
    ),
    exception('d', { policyName: 'team/p', ruleNames: ['*'] }, 5, { policyName: 42 }),
    exception('e', { policyName: 'p', ruleNames: ['check-a'] })
  ]

  it('returns the exceptions naming the policy and rule, in order, once each', () => {
    expect(names(exceptionsFor(exceptions, cpol, 'check-a'))).toEqual(['a', 'c', 'e'])
    expect(names(exceptionsFor(exceptions, cpol, 'check-b'))).toEqual(['a'])
    expect(names(exceptionsFor(exceptions, cpol, 'x'))).toEqual(['c'])
    expect(names(exceptionsFor(exceptions, pol, 'anything'))).toEqual(['d'])
    expect(exceptionsFor(exceptions, { ...cpol, metadata: { name: 'q' } }, 'x')).toEqual([])
  })

  it('still throws on an entry that is null, for the policies an earlier entry does not name', () => {
    const malformed = [exception('m', { policyName: 'p', ruleNames: ['*'] }, null)]
    expect(names(exceptionsFor(malformed, cpol, 'r'))).toEqual(['m'])
    expect(() => exceptionsFor(malformed, { ...cpol, metadata: { name: 'q' } }, 'r')).toThrow(
      TypeError
    )
  })
})
