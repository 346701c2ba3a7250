/**
 * The ObjectMeta texts of CRD validation follow the release: the CRD's own metadata and the
 * metadata of an embedded resource's default. `field.TooLong` reads "must have at most N bytes"
 * up to 1.31 and "may not be more than N bytes" from 1.32 (kubernetes/apimachinery
 * pkg/util/validation/field/errors.go at v0.31.0, a8f449e276fe, and v0.32.0, 59e9003f02d6:
 * "Kill TooLongMaxLength() in favor of TooLong()", 51cdbebdbefe), as called by
 * pkg/api/validation/objectmeta.go and pkg/apis/meta/v1/validation/validation.go.
 */
import { describe, expect, it } from '@jest/globals'
import { errorString } from '../../../../src/kube/fielderrors/index.js'
import { validateCRD } from '../../../../src/kube/crd/validation/index.js'

const crd = (metadata: Record<string, unknown>, templateDefault?: unknown) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.example.com', ...metadata },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              template: {
                type: 'object',
                'x-kubernetes-embedded-resource': true,
                'x-kubernetes-preserve-unknown-fields': true,
                ...(templateDefault !== undefined ? { default: templateDefault } : {})
              }
            }
          }
        }
      }
    ]
  }
})

const tooLongManager = { managedFields: [{ manager: 'm'.repeat(129), operation: 'Update' }] }
const words = { '1.31': 'must have at most', '1.32': 'may not be more than' } as const

describe('CRD metadata TooLong texts, 1.31 | 1.32', () => {
  it.each(['1.31', '1.32'] as const)('the CRD’s own metadata, %s', (kubernetesVersion) => {
    const c = crd({ annotations: { big: 'x'.repeat(256 * 1024) }, ...tooLongManager })
    expect(validateCRD(c, { kubernetesVersion }).map((e) => errorString(e))).toEqual([
      `metadata.annotations: Too long: ${words[kubernetesVersion]} 262144 bytes`,
      `metadata.managedFields[0].manager: Too long: ${words[kubernetesVersion]} 128 bytes`
    ])
  })

  it.each(['1.31', '1.32'] as const)('an embedded resource’s default, %s', (kubernetesVersion) => {
    const c = crd({}, { apiVersion: 'v1', kind: 'ConfigMap', metadata: tooLongManager })
    expect(validateCRD(c, { kubernetesVersion }).map((e) => errorString(e))).toEqual([
      // one version: its schema is the internal CRD's spec.validation
      `spec.validation.openAPIV3Schema.properties[template].default.metadata.managedFields[0].manager: Too long: ${words[kubernetesVersion]} 128 bytes`
    ])
  })
})
