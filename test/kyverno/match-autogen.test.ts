import { describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import {
  autogenRules,
  checkKind,
  computeRules,
  parseKindSelector,
  resourceKindOf,
  ruleMismatch
} from '../../src/kyverno/index.js'
import type { KyvernoPolicy, MatchRequest, MatchResources } from '../../src/kyverno/index.js'

const y = <T>(text: string): T => parse(text) as T

describe('kind selectors', () => {
  it('parses group, version, kind and subresource like ParseKindSelector', () => {
    expect(parseKindSelector('Pod')).toEqual(['*', '*', 'Pod', ''])
    expect(parseKindSelector('v1/Pod')).toEqual(['*', 'v1', 'Pod', ''])
    expect(parseKindSelector('apps/v1/Deployment')).toEqual(['apps', 'v1', 'Deployment', ''])
    expect(parseKindSelector('Pod/status')).toEqual(['*', '*', 'Pod', 'status'])
    expect(parseKindSelector('Pod.status')).toEqual(['*', '*', 'Pod', 'status'])
    expect(parseKindSelector('*/scale')).toEqual(['*', '*', '*', 'scale'])
    expect(parseKindSelector('*/*')).toEqual(['*', '*', '*', '*'])
    expect(parseKindSelector('batch/*/CronJob')).toEqual(['batch', '*', 'CronJob', ''])
  })

  it('matches subresources only when asked, except ephemeral containers of Pods', () => {
    const scale = { group: 'apps', version: 'v1', kind: 'Deployment', subresource: 'scale' }
    expect(checkKind(['Deployment'], scale, true)).toBe(false)
    expect(checkKind(['Deployment/scale'], scale, true)).toBe(true)
    expect(checkKind(['*'], scale, true)).toBe(false)
    expect(checkKind(['*/*'], scale, true)).toBe(true)
    const ephemeral = { group: '', version: 'v1', kind: 'Pod', subresource: 'ephemeralcontainers' }
    expect(checkKind(['Pod'], ephemeral, true)).toBe(true)
  })
})

describe('match and exclude', () => {
  const pod = y<Record<string, unknown>>(`
apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: prod, labels: {app: web, tier: front}}
`)
  const request = (extra: Partial<MatchRequest> = {}): MatchRequest => ({
    resource: pod,
    kind: resourceKindOf(pod),
    operation: 'CREATE',
    namespaceLabels: { env: 'production' },
    ...extra
  })
  const mismatch = (
    match: string,
    exclude?: string,
    extra?: Partial<MatchRequest>
  ): string | undefined =>
    ruleMismatch(
      'r',
      y<MatchResources>(match),
      exclude === undefined ? undefined : y<MatchResources>(exclude),
      request(extra),
      ''
    )

  it('matches any / all filters by kinds, names, namespaces, selectors', () => {
    expect(
      mismatch(
        'any: [{resources: {kinds: [Deployment]}}, {resources: {kinds: [Pod], names: ["web-*"]}}]'
      )
    ).toBeUndefined()
    expect(mismatch('all: [{resources: {kinds: [Pod]}}, {resources: {namespaces: [dev]}}]')).toBe(
      'rule r not matched:\n 1. namespace does not match'
    )
    expect(
      mismatch('resources: {kinds: [Pod], selector: {matchLabels: {app: "w*"}}}')
    ).toBeUndefined()
    expect(
      mismatch(
        'resources: {kinds: [Pod], namespaceSelector: {matchExpressions: [{key: env, operator: In, values: [production]}]}}'
      )
    ).toBeUndefined()
    expect(mismatch('resources: {kinds: [Pod], operations: [UPDATE]}')).toBe(
      'rule r not matched:\n 1. operation does not match'
    )
  })

  it('ignores user info in match blocks without admission info, but not in exclude blocks', () => {
    expect(mismatch('any: [{resources: {kinds: [Pod]}, clusterRoles: [admin]}]')).toBeUndefined()
    expect(
      mismatch('any: [{resources: {kinds: [Pod]}, clusterRoles: [admin]}]', undefined, {
        userInfo: { userInfo: { username: 'bob' } }
      })
    ).toBe('rule r not matched:\n 1. no resource matched')
    expect(mismatch('resources: {kinds: [Pod]}', 'any: [{clusterRoles: [admin]}]')).toBeUndefined()
    expect(
      mismatch('resources: {kinds: [Pod]}', 'any: [{clusterRoles: [admin]}]', {
        userInfo: { clusterRoles: ['admin'] }
      })
    ).toBe('rule r not matched:\n 1. resource excluded since one of the criteria excluded it')
  })

  it('rejects an empty match block', () => {
    expect(mismatch('{}')).toBe('rule r not matched:\n 1. match cannot be empty')
  })
})

describe('autogen', () => {
  const policy = y<KyvernoPolicy>(`
apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata: {name: p}
spec:
  rules:
  - name: check-image
    match: {any: [{resources: {kinds: [Pod]}}]}
    validate:
      message: "{{ request.object.metadata.name }} is bad"
      pattern: {spec: {containers: [{image: "!*:latest"}]}}
`)

  it('generates controller and CronJob rules with wrapped patterns and rewritten variables', () => {
    const [controllers, cronjob] = autogenRules(policy)
    expect(controllers?.name).toBe('autogen-check-image')
    expect(controllers?.match?.any?.[0]?.resources?.kinds).toEqual([
      'apps/v1/DaemonSet',
      'apps/v1/Deployment',
      'batch/v1/Job',
      'apps/v1/ReplicaSet',
      'v1/ReplicationController',
      'apps/v1/StatefulSet'
    ])
    expect(controllers?.validate?.pattern).toEqual({
      spec: { template: { spec: { containers: [{ image: '!*:latest' }] } } }
    })
    expect(controllers?.validate?.message).toBe(
      '{{ request.object.spec.template.metadata.name }} is bad'
    )
    expect(cronjob?.name).toBe('autogen-cronjob-check-image')
    expect(cronjob?.match?.any?.[0]?.resources?.kinds).toEqual(['batch/v1/CronJob'])
    expect(cronjob?.validate?.message).toBe(
      '{{ request.object.spec.jobTemplate.spec.template.metadata.name }} is bad'
    )
  })

  it('adds only the rules for the resource kind, and none for Pods', () => {
    expect(computeRules(policy, 'Pod').map((r) => r.name)).toEqual(['check-image'])
    expect(computeRules(policy, 'Deployment').map((r) => r.name)).toEqual([
      'check-image',
      'autogen-check-image'
    ])
    expect(computeRules(policy, 'CronJob').map((r) => r.name)).toEqual([
      'check-image',
      'autogen-cronjob-check-image'
    ])
  })

  it('is disabled by names, selectors, mixed kinds or the annotation', () => {
    const withNames = y<KyvernoPolicy>(`
spec: {rules: [{name: r, match: {resources: {kinds: [Pod], names: [a]}}, validate: {pattern: {}}}]}`)
    expect(autogenRules(withNames)).toEqual([])
    const mixed = y<KyvernoPolicy>(`
spec: {rules: [{name: r, match: {resources: {kinds: [Pod, Service]}}, validate: {pattern: {}}}]}`)
    expect(autogenRules(mixed)).toEqual([])
    const none = {
      ...policy,
      metadata: {
        name: 'p',
        annotations: { 'pod-policies.kyverno.io/autogen-controllers': 'none' }
      }
    }
    expect(autogenRules(none)).toEqual([])
    const onlyDeployments = {
      ...policy,
      metadata: {
        name: 'p',
        annotations: { 'pod-policies.kyverno.io/autogen-controllers': 'Deployment' }
      }
    }
    expect(autogenRules(onlyDeployments).map((r) => r.match?.any?.[0]?.resources?.kinds)).toEqual([
      ['apps/v1/Deployment']
    ])
  })

  it('caps rule names at 63 characters', () => {
    const long = y<KyvernoPolicy>(`
spec: {rules: [{name: ${'x'.repeat(60)}, match: {resources: {kinds: [Pod]}}, validate: {deny: {}}}]}`)
    expect(autogenRules(long)[0]?.name).toBe(`autogen-${'x'.repeat(55)}`)
  })
})
