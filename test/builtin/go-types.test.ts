/**
 * The Go types encoding/json names in the apiserver's decoding errors (`of type v1.PullPolicy`)
 * for every field, from each release's Go sources (facts.json `goTypes`, written by
 * scripts/builtin-facts.mjs with scripts/go-api-types.mjs): named string types, named maps and
 * slices and their elements, apimachinery's types.UID.
 */
import { describe, expect, it } from '@jest/globals'
import { decodeBuiltin } from '../../src/kube/builtin/decode.js'
import { builtinApi } from '../../src/kube/builtin/facts.js'
import type { KubernetesVersion } from '../../src/kube/versions.js'

const RELEASES: KubernetesVersion[] = ['1.30', '1.31', '1.32', '1.33', '1.34', '1.35', '1.36']

function decodeError(
  version: KubernetesVersion,
  apiVersion: string,
  kind: string,
  object: Record<string, unknown>
): string | undefined {
  const api = builtinApi(version)
  const served = api.kind(apiVersion, kind)!
  const definition = api.definition(served.definition!)!
  return decodeBuiltin(api, definition, { apiVersion, kind, ...object }).error?.message
}

const pod = (spec: Record<string, unknown>): Record<string, unknown> => ({
  metadata: { name: 'p' },
  spec: { containers: [{ name: 'c', image: 'i' }], ...spec }
})

const CASES: Array<[string, string, Record<string, unknown>, string]> = [
  [
    'v1',
    'Pod',
    { metadata: { name: 'p', uid: 5 } },
    'json: cannot unmarshal number into Go struct field ObjectMeta.metadata.uid of type types.UID'
  ],
  [
    'v1',
    'Pod',
    pod({ preemptionPolicy: 1 }),
    'json: cannot unmarshal number into Go struct field PodSpec.spec.preemptionPolicy of type v1.PreemptionPolicy'
  ],
  [
    'v1',
    'Pod',
    pod({
      containers: [{ name: 'c', resizePolicy: [{ resourceName: 'cpu', restartPolicy: true }] }]
    }),
    'json: cannot unmarshal bool into Go struct field ContainerResizePolicy.spec.containers.resizePolicy.restartPolicy of type v1.ResourceResizeRestartPolicy'
  ],
  [
    'v1',
    'Namespace',
    { spec: { finalizers: 'kubernetes' } },
    'json: cannot unmarshal string into Go struct field NamespaceSpec.spec.finalizers of type []v1.FinalizerName'
  ],
  [
    'v1',
    'Namespace',
    { spec: { finalizers: [1] } },
    'json: cannot unmarshal number into Go struct field NamespaceSpec.spec.finalizers of type v1.FinalizerName'
  ],
  [
    'v1',
    'ResourceQuota',
    { spec: { hard: [] } },
    'json: cannot unmarshal array into Go struct field ResourceQuotaSpec.spec.hard of type v1.ResourceList'
  ],
  [
    'v1',
    'Service',
    { spec: { ipFamilies: [4] } },
    'json: cannot unmarshal number into Go struct field ServiceSpec.spec.ipFamilies of type v1.IPFamily'
  ],
  [
    'authorization.k8s.io/v1',
    'SubjectAccessReview',
    { spec: { extra: { scopes: 'read' } } },
    'json: cannot unmarshal string into Go struct field SubjectAccessReviewSpec.spec.extra of type v1.ExtraValue'
  ]
]

describe('Go types in decoding errors', () => {
  for (const [apiVersion, kind, object, expected] of CASES)
    it(`${kind}: ${expected.replace(/^.* field /, '')}`, () => {
      for (const release of RELEASES)
        expect([release, decodeError(release, apiVersion, kind, object)]).toEqual([
          release,
          expected
        ])
    })

  it('a field whose Go type the schema implies is printed from the schema', () => {
    expect(decodeError('1.34', 'apps/v1', 'Deployment', { spec: { replicas: 'three' } })).toBe(
      'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32'
    )
  })

  it('every release carries the Go types of its fields', () => {
    for (const release of RELEASES) {
      const api = builtinApi(release)
      const container = api.definition('io.k8s.api.core.v1.Container')!
      expect(container.goTypes?.imagePullPolicy).toEqual(['v1.PullPolicy'])
    }
  })
})
