/**
 * The ObjectMeta texts of a custom resource follow the selected release (src/kube/versions.ts),
 * on the root metadata (create and update) and on embedded resources alike:
 * - kubernetes/apimachinery pkg/util/validation/field/errors.go at v0.31.0 (a8f449e276fe) and
 *   v0.32.0 (59e9003f02d6, "Kill TooLongMaxLength() in favor of TooLong()", 51cdbebdbefe):
 *   `field.TooLong` reads "must have at most N bytes" up to 1.31 and "may not be more than N
 *   bytes" from 1.32; pkg/api/validation/objectmeta.go (total annotation size) and
 *   pkg/apis/meta/v1/validation/validation.go (managed-field manager and subresource) call it.
 * - label keys: util/validation's "a qualified name" up to 1.34, pkg/api/validate/content's
 *   "a valid label key" from 1.35 (src/kube/apimachinery/names.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { errorString, valueStyleFor } from '../../../src/kube/fielderrors/index.js'
import { validateCustomResource } from '../../../src/kube/cr/index.js'
import type { CustomResourceResult } from '../../../src/kube/cr/index.js'
import type { KubernetesVersion } from '../../../src/kube/versions.js'

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.example.com' },
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
              spec: {
                type: 'object',
                properties: {
                  template: {
                    type: 'object',
                    'x-kubernetes-embedded-resource': true,
                    'x-kubernetes-preserve-unknown-fields': true
                  }
                }
              }
            }
          }
        }
      }
    ]
  }
}

/** Metadata breaking each length limit: annotations over 256 KiB, manager and subresource. */
const longMetadata = {
  annotations: { big: 'x'.repeat(256 * 1024) },
  managedFields: [{ manager: 'm'.repeat(129), operation: 'Update', subresource: 's'.repeat(257) }]
}

const gadget = (metadata: Record<string, unknown>, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'example.com/v1',
  kind: 'Gadget',
  metadata: { name: 'g', namespace: 'team-a', ...metadata },
  spec
})

const errors = (r: CustomResourceResult): string[] =>
  r.errors.map((e) => errorString(e, { style: valueStyleFor(r.kubernetesVersion) }))

const tooLongTexts = (prefix: string, version: KubernetesVersion): string[] =>
  version === '1.31'
    ? [
        `${prefix}.annotations: Too long: must have at most 262144 bytes`,
        `${prefix}.managedFields[0].manager: Too long: must have at most 128 bytes`,
        `${prefix}.managedFields[0].subresource: Too long: must have at most 256 bytes`
      ]
    : [
        `${prefix}.annotations: Too long: may not be more than 262144 bytes`,
        `${prefix}.managedFields[0].manager: Too long: may not be more than 128 bytes`,
        `${prefix}.managedFields[0].subresource: Too long: may not be more than 256 bytes`
      ]

describe('metadata TooLong texts of a custom resource, 1.31 | 1.32', () => {
  it.each(['1.31', '1.32'] as const)('root metadata on create, %s', (kubernetesVersion) => {
    const r = validateCustomResource(crd, gadget(longMetadata), { kubernetesVersion })
    expect(errors(r)).toEqual(tooLongTexts('metadata', kubernetesVersion))
  })

  it.each(['1.31', '1.32'] as const)('root metadata on update, %s', (kubernetesVersion) => {
    const r = validateCustomResource(crd, gadget(longMetadata), {
      kubernetesVersion,
      oldObject: gadget({})
    })
    expect(errors(r)).toEqual(tooLongTexts('metadata', kubernetesVersion))
  })

  it.each(['1.31', '1.32'] as const)('embedded resource metadata, %s', (kubernetesVersion) => {
    const template = { apiVersion: 'v1', kind: 'ConfigMap', metadata: longMetadata }
    const r = validateCustomResource(crd, gadget({}, { template }), { kubernetesVersion })
    expect(errors(r)).toEqual(tooLongTexts('spec.template.metadata', kubernetesVersion))
  })
})

describe('label-key texts of a custom resource, 1.34 | 1.35', () => {
  const labelled = gadget({ labels: { 'example.com/a/b': 'x' } })
  const text = (what: string) =>
    `metadata.labels: Invalid value: "example.com/a/b": ${what} must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`

  it('1.34: util/validation’s “a qualified name”', () => {
    const r = validateCustomResource(crd, labelled, { kubernetesVersion: '1.34' })
    expect(errors(r)).toEqual([text('a qualified name')])
  })

  it('1.35: the content package’s “a valid label key”', () => {
    const r = validateCustomResource(crd, labelled, { kubernetesVersion: '1.35' })
    expect(errors(r)).toEqual([text('a valid label key')])
  })
})
