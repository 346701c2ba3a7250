// The authorization library with an offline authorizer: what it is asked and what the CEL
// accessors report.

import { describe, expect, test } from '@jest/globals'
import { variable } from '../../../src/cel/checker/index.js'
import {
  NO_AUTHORIZER_REASON,
  type AuthorizationAttributes,
  type OfflineAuthorizer
} from '../../../src/kube/cel/authz.js'
import { kubernetesCelEnvironment } from '../../../src/kube/cel/environment.js'
import { AUTHORIZER_TYPE, RESOURCE_CHECK_TYPE } from '../../../src/kube/cel/values.js'
import type { KubernetesVersion } from '../../../src/kube/versions.js'

function run(
  expression: string,
  authorizer?: OfflineAuthorizer,
  version: KubernetesVersion = '1.36'
): { value?: unknown; error?: string } {
  const env = kubernetesCelEnvironment({
    version,
    mode: 'stored',
    variables: [
      variable('authorizer', AUTHORIZER_TYPE),
      variable('authorizer.requestResource', RESOURCE_CHECK_TYPE)
    ],
    ...(authorizer !== undefined ? { authorizer } : {})
  })
  const compiled = env.compile(expression)
  if (compiled.ast === undefined) throw new Error(compiled.errorText)
  const user = { username: 'alice', groups: ['devs'] }
  const result = env.program(compiled.ast).eval({
    authorizer: env.authorizerValue(user),
    'authorizer.requestResource': env.requestResourceValue(
      { group: 'apps', resource: 'deployments', namespace: 'ns', name: 'web' },
      user
    )
  })
  return result.error !== undefined ? { error: result.error.message } : { value: result.value }
}

describe('the authorization library', () => {
  test('without an authorizer every check is denied, with a reason', () => {
    expect(run("authorizer.path('/healthz').check('get').allowed()").value).toBe(false)
    expect(run("authorizer.path('/healthz').check('get').reason()").value).toBe(
      NO_AUTHORIZER_REASON
    )
    expect(run("authorizer.path('/healthz').check('get').errored()").value).toBe(false)
  })

  test('the offline authorizer sees the request attributes', () => {
    const seen: AuthorizationAttributes[] = []
    const authorizer: OfflineAuthorizer = (attributes) => {
      seen.push(attributes)
      return attributes.verb === 'get'
        ? { decision: 'allow', reason: 'reader' }
        : { decision: 'noOpinion' }
    }
    const expression =
      "authorizer.group('apps').resource('deployments').subresource('scale')" +
      ".namespace('prod').name('web').check('get').allowed()"
    expect(run(expression, authorizer).value).toBe(true)
    expect(seen[0]).toEqual({
      user: { username: 'alice', groups: ['devs'] },
      verb: 'get',
      resourceRequest: true,
      path: '',
      apiGroup: 'apps',
      apiVersion: '*',
      resource: 'deployments',
      subresource: 'scale',
      namespace: 'prod',
      name: 'web'
    })
    expect(run("authorizer.path('/metrics').check('post').allowed()", authorizer).value).toBe(false)
    expect(seen[1]).toMatchObject({ resourceRequest: false, path: '/metrics', verb: 'post' })
  })

  test('errors are reported by errored() and error()', () => {
    const failing: OfflineAuthorizer = () => ({ decision: 'deny', error: 'webhook timed out' })
    expect(run("authorizer.path('/x').check('get').errored()", failing).value).toBe(true)
    expect(run("authorizer.path('/x').check('get').error()", failing).value).toBe(
      'webhook timed out'
    )
  })

  test('serviceAccount checks as the service account', () => {
    const seen: AuthorizationAttributes[] = []
    const authorizer: OfflineAuthorizer = (a) => {
      seen.push(a)
      return { decision: 'allow' }
    }
    run("authorizer.serviceAccount('kube-system', 'builder').path('/x').check('get')", authorizer)
    expect(seen[0]?.user).toEqual({
      username: 'system:serviceaccount:kube-system:builder',
      uid: '',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system']
    })
    expect(run("authorizer.serviceAccount('kube-system', 'Bad_Name')").error).toBe(
      'Invalid service account name'
    )
    expect(run("authorizer.serviceAccount('Bad.NS', 'builder')").error).toBe(
      'Invalid service account namespace'
    )
  })

  test('builders validate their arguments', () => {
    expect(run("authorizer.path('  ')").error).toBe('path must not be empty')
    expect(run("authorizer.group('').resource('')").error).toBe('resource must not be empty')
  })

  test('requestResource is preset to the request', () => {
    const seen: AuthorizationAttributes[] = []
    const authorizer: OfflineAuthorizer = (a) => {
      seen.push(a)
      return { decision: 'allow' }
    }
    expect(run("authorizer.requestResource.check('update').allowed()", authorizer).value).toBe(true)
    expect(seen[0]).toMatchObject({ apiGroup: 'apps', resource: 'deployments', name: 'web' })
  })

  test('selectors reach the authorizer where the release authorizes with them', () => {
    const seen: AuthorizationAttributes[] = []
    const authorizer: OfflineAuthorizer = (a) => {
      seen.push(a)
      return { decision: 'allow' }
    }
    const expression =
      "authorizer.group('').resource('pods').fieldSelector('spec.nodeName=n1')" +
      ".labelSelector('app=web').check('list')"
    run(expression, authorizer, '1.36')
    expect(seen[0]).toMatchObject({ fieldSelector: 'spec.nodeName=n1', labelSelector: 'app=web' })
    // 1.31: the AuthorizeWithSelectors gate is off by default.
    run(expression, authorizer, '1.31')
    expect(seen[1]?.fieldSelector).toBeUndefined()
  })
})
