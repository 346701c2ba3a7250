import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { applyJsonPatch } from '../../../src/kube/cr/testsuite/json-patch.js'
import {
  objectDifferences,
  renderDifferences,
  withIdentityOf
} from '../../../src/kube/cr/testsuite/compare.js'
import {
  DiskManifestSource,
  selectCrdManifests
} from '../../../src/kube/cr/testsuite/crd-selection.js'
import { readSuite } from '../../../src/kube/cr/testsuite/suite.js'
import { versionedCrd } from '../../../src/kube/cr/testsuite/run-case.js'

describe('applyJsonPatch (RFC 6902, initialCRDPatches)', () => {
  const doc = { spec: { versions: [{ name: 'v1', schema: { maxItems: 3, keep: true } }] } }

  it('applies replace, remove, add, copy, move and test to a copy', () => {
    const got = applyJsonPatch(doc, [
      { op: 'replace', path: '/spec/versions/0/schema/maxItems', value: 500 },
      { op: 'remove', path: '/spec/versions/0/schema/keep' },
      { op: 'add', path: '/spec/versions/-', value: { name: 'v2' } },
      { op: 'copy', from: '/spec/versions/0/name', path: '/spec/first' },
      { op: 'move', from: '/spec/first', path: '/spec/moved' },
      { op: 'test', path: '/spec/moved', value: 'v1' },
      { op: 'add', path: '/spec/a~1b', value: 1 }
    ])
    expect(got).toEqual({
      value: {
        spec: {
          versions: [{ name: 'v1', schema: { maxItems: 500 } }, { name: 'v2' }],
          moved: 'v1',
          'a/b': 1
        }
      }
    })
    expect(doc.spec.versions[0]!.schema.maxItems).toBe(3)
  })

  it('says why a patch does not apply', () => {
    expect(applyJsonPatch(doc, [{ op: 'remove', path: '/spec/nope' }])).toEqual({
      error: 'patch 0 (remove /spec/nope): key nope does not exist'
    })
    expect(applyJsonPatch(doc, [{ op: 'replace', path: 'spec' }])).toHaveProperty('error')
    expect(
      applyJsonPatch(doc, [{ op: 'test', path: '/spec/versions/0/name', value: 'v9' }])
    ).toHaveProperty('error')
  })
})

describe('comparing the stored object with `expected` (komega.EqualObject)', () => {
  const stored = {
    apiVersion: 'example.com/v1',
    kind: 'Gadget',
    metadata: {
      name: 'test-bcdfg',
      generateName: 'test-',
      namespace: 'default',
      generation: 1,
      uid: 'x'
    },
    spec: { size: 'small', minReplicas: 1 }
  }

  it('ignores generated metadata and takes the stored name and namespace', () => {
    const expected = withIdentityOf(
      { apiVersion: 'example.com/v1', kind: 'Gadget', spec: { size: 'small', minReplicas: 1 } },
      stored
    )
    expect(objectDifferences(expected, stored)).toEqual([])
  })

  it('lists each difference with both sides', () => {
    const expected = withIdentityOf(
      { apiVersion: 'example.com/v1', kind: 'Gadget', spec: { size: 'large', extra: [1] } },
      stored
    )
    const diff = objectDifferences(expected, stored)
    expect(diff).toEqual([
      { path: 'spec.extra', expected: [1] },
      { path: 'spec.minReplicas', actual: 1 },
      { path: 'spec.size', expected: 'large', actual: 'small' }
    ])
    expect(renderDifferences(diff)).toEqual([
      '- spec.extra: [1]',
      '+ spec.minReplicas: 1',
      '- spec.size: "large"',
      '+ spec.size: "small"'
    ])
  })
})

describe('reading suites', () => {
  it('reads cases and reports malformed ones without throwing', () => {
    const suite = readSuite({
      crdName: 'x.example.com',
      featureGates: ['A', '-B', 3],
      tests: {
        onCreate: [{ name: 'ok', initial: 'a: 1' }, 'not a case', { name: 'no initial' }],
        onUpdate: [{ name: 'no updated', initial: 'a: 1' }]
      }
    })
    expect(suite.featureGates).toEqual(['A', '-B'])
    expect(suite.cases.map((c) => [c.name, c.problem?.message])).toEqual([
      ['ok', undefined],
      ['onCreate[1]', 'a test case must be a mapping'],
      ['no initial', 'the case has no `initial` object'],
      ['no updated', 'the update case has no `updated` object']
    ])
    expect(readSuite({ tests: {} }).problems[0]?.message).toContain('crdName')
  })

  it('narrows a CRD to the suite version and refuses ambiguous ones', () => {
    const crd = { spec: { versions: [{ name: 'v1', served: false }, { name: 'v2' }] } }
    expect(versionedCrd(crd, '')).toEqual({ error: 'too many versions, specify one in the suite' })
    const narrowed = versionedCrd(crd, 'v1')
    expect(narrowed).toMatchObject({
      crd: { spec: { versions: [{ name: 'v1', served: true, storage: true }] } },
      version: 'v1'
    })
    expect(versionedCrd(crd, 'v3')).toHaveProperty('error')
  })
})

describe('selecting CRD manifests by feature gates (tests/crd_filter.go)', () => {
  let root: string
  const crd = (featureSet: string, profile = 'self-managed-high-availability') =>
    [
      'apiVersion: apiextensions.k8s.io/v1',
      'kind: CustomResourceDefinition',
      'metadata:',
      '  name: things.example.com',
      '  annotations:',
      `    include.release.openshift.io/${profile}: "true"`,
      `    release.openshift.io/feature-set: ${featureSet}`,
      'spec: {}',
      ''
    ].join('\n')
  const gates = (featureSet: string, enabled: string[], disabled: string[]) =>
    JSON.stringify({
      metadata: {
        annotations: {
          'include.release.openshift.io/self-managed-high-availability': 'true',
          'release.openshift.io/feature-set': featureSet
        }
      },
      status: {
        featureGates: [
          {
            enabled: enabled.map((name) => ({ name })),
            disabled: disabled.map((name) => ({ name }))
          }
        ]
      }
    })

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'celgate-suites-'))
    const manifests = path.join(root, 'example/v1/zz_generated.crd-manifests')
    mkdirSync(manifests, { recursive: true })
    mkdirSync(path.join(root, 'example/v1/tests/things.example.com'), { recursive: true })
    mkdirSync(path.join(root, 'payload-manifests/featuregates'), { recursive: true })
    writeFileSync(path.join(manifests, 'things-CustomNoUpgrade.crd.yaml'), crd('CustomNoUpgrade'))
    writeFileSync(path.join(manifests, 'things-Default.crd.yaml'), crd('Default'))
    writeFileSync(
      path.join(manifests, 'things-TechPreviewNoUpgrade.crd.yaml'),
      crd('TechPreviewNoUpgrade')
    )
    writeFileSync(
      path.join(manifests, 'other.crd.yaml'),
      crd('Default').replace('things.', 'others.')
    )
    const tables = path.join(root, 'payload-manifests/featuregates')
    writeFileSync(
      path.join(tables, 'featureGate-SelfManagedHA-Default.yaml'),
      gates('Default', [], ['Shiny'])
    )
    writeFileSync(
      path.join(tables, 'featureGate-SelfManagedHA-TechPreviewNoUpgrade.yaml'),
      gates('TechPreviewNoUpgrade', ['Shiny'], [])
    )
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  const select = (featureGates: string[], crdName = 'things.example.com') =>
    selectCrdManifests(
      {
        name: '',
        namesPerCase: false,
        crdName,
        crdFile: '',
        featureGates,
        version: '',
        cases: [],
        problems: []
      },
      path.join(root, 'example/v1/tests/things.example.com/Shiny.yaml'),
      new DiskManifestSource()
    )
  const names = (s: ReturnType<typeof select>) => s.manifests.map((m) => path.basename(m.file))

  it('runs an ungated suite against every manifest of the CRD', () => {
    expect(names(select([]))).toEqual([
      'things-CustomNoUpgrade.crd.yaml',
      'things-Default.crd.yaml',
      'things-TechPreviewNoUpgrade.crd.yaml'
    ])
  })

  it('keeps the manifests whose feature set enables the gate (CustomNoUpgrade always)', () => {
    expect(names(select(['Shiny']))).toEqual([
      'things-CustomNoUpgrade.crd.yaml',
      'things-TechPreviewNoUpgrade.crd.yaml'
    ])
  })

  it('keeps only manifests with the gate disabled for -Gate (never CustomNoUpgrade)', () => {
    expect(names(select(['-Shiny']))).toEqual(['things-Default.crd.yaml'])
  })

  it('reports unknown gates and CRDs', () => {
    expect(select(['Unknown']).problems[0]).toContain(
      'feature gate Unknown is not in the feature-gate table'
    )
    expect(select([], 'nothing.example.com').problems).toEqual([
      'no CustomResourceDefinition named nothing.example.com found'
    ])
  })
})
