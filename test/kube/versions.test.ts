import { describe, expect, it } from '@jest/globals'
import { celBehaviourKey, parseKubernetesVersions } from '../../src/kube/versions.js'

describe('parseKubernetesVersions', () => {
  it('reads versions, ranges and lists', () => {
    expect(parseKubernetesVersions('1.35-1.37')).toEqual(['1.35', '1.36', '1.37'])
    expect(parseKubernetesVersions('1.33')).toEqual(['1.33'])
    expect(parseKubernetesVersions('1.37, 1.30\n1.32-1.33')).toEqual([
      '1.30',
      '1.32',
      '1.33',
      '1.37'
    ])
    expect(parseKubernetesVersions('v1.34')).toEqual(['1.34'])
  })

  it('names what is wrong', () => {
    expect(() => parseKubernetesVersions('1.29')).toThrow(
      "unsupported Kubernetes version '1.29' (supported: 1.30–1.37, and 1.38 as a pre-release)"
    )
    expect(() => parseKubernetesVersions('1.36-1.34')).toThrow(
      "empty Kubernetes version range '1.36-1.34'"
    )
    expect(() => parseKubernetesVersions(' ')).toThrow('no Kubernetes version given')
  })
})

describe('celBehaviourKey', () => {
  it('groups the releases that compile and estimate CRD rules alike', () => {
    expect(celBehaviourKey('1.35')).toBe(celBehaviourKey('1.36'))
    expect(celBehaviourKey('1.34')).not.toBe(celBehaviourKey('1.35'))
    expect(celBehaviourKey('1.37')).not.toBe(celBehaviourKey('1.36'))
    expect(celBehaviourKey('1.37', 'StoredExpressions')).not.toBe(celBehaviourKey('1.37'))
    expect(celBehaviourKey('1.35', 'StoredExpressions')).toBe(celBehaviourKey('1.35'))
  })
})
