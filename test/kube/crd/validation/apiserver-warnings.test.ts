/**
 * The warnings kube-apiserver returns when a CRD is created (fixtures/list-type-set): from 1.37,
 * `x-kubernetes-list-type: set` on lists of objects or lists (apiextensions-apiserver
 * pkg/registry/customresourcedefinition/strategy.go getNonScalarListTypeSetWarnings, commit
 * 791b2c6f4; the cases of strategy_test.go TestWarningsOnCreate / TestWarningsOnUpdate).
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { Finding } from '../../../../src/findings/model.js'
import { analyzeCrdValidity } from '../../../../src/kube/crd/validation/index.js'
import {
  crdCreateWarnings,
  crdUpdateWarnings
} from '../../../../src/kube/crd/validation/warnings.js'
import { fixtureWorkspace } from '../../admission/workspace.js'

const OBJECT =
  'x-kubernetes-list-type: set for items of type "object" is not supported by server-side apply or CEL validation rules'
const ARRAY =
  'x-kubernetes-list-type: set for items of type "array" is not supported by server-side apply or CEL validation rules'

let findings: Finding[]
beforeAll(async () => {
  const ws = await fixtureWorkspace('fixtures/list-type-set')
  findings = analyzeCrdValidity(ws, { kubernetesVersions: ['1.35', '1.36', '1.37'] }).findings
}, 120_000)

/** A CRD whose one version has `spec.<field>`: a set of `itemType` (withListTypeSetItems). */
const crdWithSet = (itemType: string, field: string): Record<string, unknown> => ({
  spec: {
    versions: [
      {
        name: 'v1',
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              [field]: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: itemType } }
            }
          }
        }
      }
    ]
  }
})

describe('getNonScalarListTypeSetWarnings', () => {
  it('one warning per item type, sorted, at the first set that causes it', () => {
    expect(
      findings.map((f) => `${f.location.range?.startLine}: ${f.ruleId}: ${f.message}`)
    ).toEqual([
      `47: crd/apiserver-warning: Kubernetes 1.37 warns when this CRD is created: ${ARRAY}`,
      `38: crd/apiserver-warning: Kubernetes 1.37 warns when this CRD is created: ${OBJECT}`
    ])
    expect(findings[0]?.severity).toBe('warning')
    expect(findings[0]?.kubernetesVersions).toEqual(['1.37'])
  })

  it('scalar items, and releases before 1.37, give none', () => {
    expect(crdCreateWarnings(crdWithSet('string', 'verbs'), '1.37')).toEqual([])
    expect(crdCreateWarnings(crdWithSet('object', 'endpoints'), '1.36')).toEqual([])
  })

  it('the top-level validation schema and allOf/anyOf/not branches are searched', () => {
    const schema = {
      type: 'object',
      properties: {
        endpoints: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'object' } }
      }
    }
    expect(
      crdCreateWarnings({ spec: { validation: { openAPIV3Schema: schema } } }, '1.37')
    ).toEqual([
      {
        warning: OBJECT,
        path: ['spec', 'validation', 'openAPIV3Schema', 'properties', 'endpoints']
      }
    ])
    const inNot = { spec: { validation: { openAPIV3Schema: { not: { anyOf: [schema] } } } } }
    expect(crdCreateWarnings(inNot, '1.37').map((w) => w.warning)).toEqual([OBJECT])
  })

  it('an update warns only about what the stored CRD did not already cause', () => {
    const old = crdWithSet('object', 'endpoints')
    expect(crdUpdateWarnings(crdWithSet('object', 'other'), old, '1.37')).toEqual([])
    expect(
      crdUpdateWarnings(crdWithSet('array', 'cidrGroups'), old, '1.37').map((w) => w.warning)
    ).toEqual([ARRAY])
  })
})
