/**
 * The building blocks of the admission dry-run on their own: label selectors, rule predicates,
 * JSON Patch, apply-configuration merges, and the Kyverno CLI's way of evaluating a VAP.
 */
import { describe, expect, it } from '@jest/globals'
import {
  applyJsonPatch,
  evaluateVapAsKyverno,
  mergeApplyConfiguration,
  parseLabelSelector,
  resourceMatches,
  scopeMatches,
  selectorMatches
} from '../../../src/kube/admission/index.js'

describe('label selectors', () => {
  it('nil matches nothing, {} everything; NotIn and DoesNotExist match missing keys', () => {
    const sel = (s: unknown) => parseLabelSelector(s as never)
    const nothing = sel(undefined)
    const everything = sel({})
    const notIn = sel({ matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['prod'] }] })
    if ('error' in nothing || 'error' in everything || 'error' in notIn) throw new Error('parse')
    expect(selectorMatches(nothing, {})).toBe(false)
    expect(selectorMatches(everything, {})).toBe(true)
    expect(selectorMatches(notIn, {})).toBe(true)
    expect(selectorMatches(notIn, { env: 'prod' })).toBe(false)
  })

  it('reports apimachinery parse errors', () => {
    expect(parseLabelSelector({ matchExpressions: [{ key: 'k', operator: 'Bogus' }] })).toEqual({
      error: '"Bogus" is not a valid label selector operator'
    })
    const bad = parseLabelSelector({
      matchExpressions: [{ key: 'k', operator: 'In', values: ['bad value'] }]
    })
    expect('error' in bad && bad.error).toContain('values[0][k]: Invalid value: "bad value"')
  })
})

describe('rule predicates', () => {
  it('`*` excludes subresources, `r/*` includes the resource itself', () => {
    expect(resourceMatches(['*'], 'pods', '')).toBe(true)
    expect(resourceMatches(['*'], 'pods', 'exec')).toBe(false)
    expect(resourceMatches(['pods/*'], 'pods', '')).toBe(true)
    expect(resourceMatches(['*/scale'], 'deployments', 'scale')).toBe(true)
  })

  it('namespaces are cluster-scoped even though their requests carry a namespace', () => {
    const namespaces = { group: '', version: 'v1', resource: 'namespaces' }
    expect(scopeMatches('Cluster', { resource: namespaces, namespace: 'ns' })).toBe(true)
    expect(scopeMatches('Namespaced', { resource: namespaces, namespace: 'ns' })).toBe(false)
  })
})

describe('JSON Patch', () => {
  it('applies operations in order and escapes keys', () => {
    const doc = { metadata: { labels: { a: '1' } }, list: [1, 3] }
    expect(
      applyJsonPatch(doc, [
        { op: 'add', path: '/metadata/labels/example.com~1team', value: 'x' },
        { op: 'add', path: '/list/1', value: 2 },
        { op: 'remove', path: '/metadata/labels/a' }
      ])
    ).toEqual({ metadata: { labels: { 'example.com/team': 'x' } }, list: [1, 2, 3] })
    expect(doc.metadata.labels).toEqual({ a: '1' })
  })
})

describe('apply configurations', () => {
  it('merge map lists by key, replace atomic lists', () => {
    const pod = {
      spec: {
        containers: [
          { name: 'a', image: 'a:1' },
          { name: 'b', image: 'b:1' }
        ],
        tolerations: [{ key: 'x' }]
      }
    }
    expect(
      mergeApplyConfiguration(pod, {
        spec: {
          containers: [
            { name: 'b', image: 'b:2' },
            { name: 'c', image: 'c:1' }
          ],
          tolerations: [{ key: 'y' }]
        }
      })
    ).toEqual({
      spec: {
        containers: [
          { name: 'a', image: 'a:1' },
          { name: 'b', image: 'b:2' },
          { name: 'c', image: 'c:1' }
        ],
        tolerations: [{ key: 'y' }]
      }
    })
  })
})

describe('Kyverno CLI semantics', () => {
  const policy = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingAdmissionPolicy',
    metadata: { name: 'replicas' },
    spec: {
      matchConstraints: {
        resourceRules: [
          {
            apiGroups: ['apps'],
            apiVersions: ['v1'],
            operations: ['CREATE'],
            resources: ['deployments']
          }
        ]
      },
      validations: [{ expression: 'object.spec.replicas <= 2', message: 'too many' }]
    }
  }
  const deployment = (replicas: number) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', labels: { app: 'nginx' } },
    spec: { replicas }
  })

  it('a policy without bindings runs through its matchConstraints', () => {
    expect(evaluateVapAsKyverno({ policy, resource: deployment(3) })).toEqual({
      result: 'fail',
      message: 'too many'
    })
    expect(evaluateVapAsKyverno({ policy, resource: deployment(1) })).toEqual({
      result: 'pass',
      message: ''
    })
  })

  it('with bindings, only matching bindings give a result', () => {
    const binding = (labels: Record<string, string>) => ({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: { name: 'b' },
      spec: {
        policyName: 'replicas',
        validationActions: ['Audit'],
        matchResources: { objectSelector: { matchLabels: labels } }
      }
    })
    expect(
      evaluateVapAsKyverno({
        policy,
        bindings: [binding({ app: 'nginx' })],
        resource: deployment(3)
      }).result
    ).toBe('fail')
    expect(
      evaluateVapAsKyverno({
        policy,
        bindings: [binding({ app: 'other' })],
        resource: deployment(3)
      }).result
    ).toBeUndefined()
  })
})
