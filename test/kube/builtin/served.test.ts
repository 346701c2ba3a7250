import { describe, expect, it } from '@jest/globals'
import { deprecationWarning, servedVerdict } from '../../../src/kube/builtin/served.js'

describe('served kinds per release', () => {
  it('a removed kind: the RESTMapper error, the release that removed it and the replacement', () => {
    expect(servedVerdict('1.30', 'extensions/v1beta1', 'Ingress')).toEqual({
      served: false,
      error: 'no matches for kind "Ingress" in version "extensions/v1beta1"',
      removedIn: '1.22',
      replacement: 'networking.k8s.io/v1 Ingress'
    })
    expect(servedVerdict('1.36', 'batch/v1beta1', 'CronJob')).toMatchObject({
      served: false,
      removedIn: '1.25',
      replacement: 'batch/v1 CronJob'
    })
  })

  it('a deprecated kind while served: the apiserver warning, per release', () => {
    expect(
      servedVerdict('1.31', 'flowcontrol.apiserver.k8s.io/v1beta3', 'FlowSchema')
    ).toMatchObject({
      served: true,
      deprecation:
        'flowcontrol.apiserver.k8s.io/v1beta3 FlowSchema is deprecated in v1.29+, unavailable in v1.32+; use flowcontrol.apiserver.k8s.io/v1 FlowSchema'
    })
    expect(servedVerdict('1.36', 'apps/v1', 'Deployment')).toMatchObject({ served: true })
    expect(servedVerdict('1.36', 'apps/v1', 'Deployment')).not.toHaveProperty('deprecation')
  })

  it('1.37 (no OpenAPI document): 1.36 facts corrected by 1.37 API types', () => {
    // scheduling.k8s.io/v1alpha2 is served by 1.36; 1.37's types no longer have the package.
    expect(servedVerdict('1.36', 'scheduling.k8s.io/v1alpha2', 'PodGroup').served).toBe(true)
    expect(servedVerdict('1.37', 'scheduling.k8s.io/v1alpha2', 'PodGroup').served).toBe(false)
    // certificates.k8s.io/v1 ClusterTrustBundle is new in 1.37.
    expect(servedVerdict('1.36', 'certificates.k8s.io/v1', 'ClusterTrustBundle').served).toBe(false)
    expect(servedVerdict('1.37', 'certificates.k8s.io/v1', 'ClusterTrustBundle')).toEqual({
      served: true,
      kind: undefined
    })
    expect(servedVerdict('1.37', 'apps/v1', 'Deployment')).toMatchObject({ served: true })
    // kube-aggregator's group is not in kubernetes/api: the 1.36 facts stand.
    expect(servedVerdict('1.37', 'apiregistration.k8s.io/v1', 'APIService').served).toBe(true)
  })

  it('deprecationWarning follows apiserver WarningMessage without removal or replacement', () => {
    expect(deprecationWarning('x.k8s.io/v1beta1', 'Thing', { deprecated: [1, 30] })).toBe(
      'x.k8s.io/v1beta1 Thing is deprecated in v1.30+'
    )
  })
})
