/**
 * The built-in kinds' validation (src/kube/builtin/validation) where the release changes it —
 * the version table's relaxedEnvVarNames, statefulSetPodTemplateValidated and tooLongInBytes, and
 * value printing (Go syntax up to 1.33, JSON from 1.34) — and what the conformance tables cannot
 * hold (a 1 MiB ConfigMap). Expected texts are kube-apiserver's (pkg/apis/core/validation and
 * pkg/apis/apps/validation in kubernetes/kubernetes).
 */
import { describe, expect, it } from '@jest/globals'
import { builtinApi } from '../../../src/kube/builtin/facts.js'
import { validateBuiltinCreate } from '../../../src/kube/builtin/validate.js'
import { errorString, valueStyleFor } from '../../../src/kube/fielderrors/index.js'
import type { JsonObject } from '../../../src/common/json.js'
import { releaseFeatures } from '../../../src/kube/versions.js'
import type { KubernetesVersion } from '../../../src/kube/versions.js'

function errors(object: JsonObject, version: KubernetesVersion): string[] {
  const api = builtinApi(version)
  const served = api.kind(object.apiVersion as string, object.kind as string)!
  const result = validateBuiltinCreate(object, served, api, releaseFeatures(version))
  return result.errors.map((e) => errorString(e, { style: valueStyleFor(version) }))
}

const deployment = (selector: unknown): JsonObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    selector,
    template: {
      metadata: { labels: { app: 'web', tier: 'front' } },
      spec: { containers: [{ name: 'web', image: 'nginx' }] }
    }
  }
})

describe('built-in kinds’ validation across releases', () => {
  it('prints a template’s labels in Go syntax up to 1.33 and as JSON from 1.34', () => {
    const object = deployment({ matchLabels: { app: 'api' } })
    const mismatch = '`selector` does not match template `labels`'
    expect(errors(object, '1.33')).toEqual([
      `spec.template.metadata.labels: Invalid value: map[string]string{"app":"web", "tier":"front"}: ${mismatch}`
    ])
    expect(errors(object, '1.34')).toEqual([
      `spec.template.metadata.labels: Invalid value: {"app":"web","tier":"front"}: ${mismatch}`
    ])
  })

  it('prints an empty selector as the apiserver does', () => {
    expect(errors(deployment({ matchLabels: {} }), '1.33')).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment'
    ])
    expect(errors(deployment({ matchLabels: {} }), '1.36')).toEqual([
      'spec.selector: Invalid value: {}: empty selector is invalid for deployment'
    ])
  })

  it('relaxes env names from 1.32 (printable ASCII but "=")', () => {
    const pod = (name: string): JsonObject => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'i', env: [{ name }] }] }
    })
    expect(errors(pod('1ST'), '1.31')).toHaveLength(1)
    expect(errors(pod('1ST'), '1.32')).toEqual([])
    expect(errors(pod('A=B'), '1.32')).toEqual([
      `spec.containers[0].env[0].name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than '='`
    ])
  })

  it('validates a StatefulSet’s pod template from 1.34 only, mounts of claim templates included', () => {
    const sts: JsonObject = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'db' } },
        serviceName: 'db',
        template: {
          metadata: { labels: { app: 'db' } },
          spec: {
            containers: [
              { name: 'DB', image: 'postgres', volumeMounts: [{ name: 'data', mountPath: '/d' }] }
            ]
          }
        },
        volumeClaimTemplates: [{ metadata: { name: 'data' } }]
      }
    }
    expect(errors(sts, '1.33')).toEqual([])
    expect(errors(sts, '1.34')).toEqual([
      expect.stringMatching(/^spec\.template\.spec\.containers\[0\]\.name: Invalid value: "DB": /)
    ])
  })

  it('limits a ConfigMap to 1 MiB, named at the empty path, in the release’s TooLong words', () => {
    const configMap: JsonObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'big', namespace: 'default' },
      data: { a: 'x'.repeat(1024 * 1024), b: 'y' }
    }
    expect(errors(configMap, '1.31')).toEqual([': Too long: must have at most 1048576 bytes'])
    expect(errors(configMap, '1.36')).toEqual([': Too long: may not be more than 1048576 bytes'])
  })
})
