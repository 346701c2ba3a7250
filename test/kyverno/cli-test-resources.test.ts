/**
 * How `kyverno test` resources are loaded and selected: cliResource's normalisation (which
 * shares what it does not change with the loaded document, never modifying it) and the
 * resource keys a result entry selects.
 */
import { describe, expect, it } from '@jest/globals'
import { cliResource } from '../../src/kyverno/cli-values.js'
import { selectedResources } from '../../src/kyverno/cli-test/compare.js'
import type { TestResultEntry } from '../../src/kyverno/cli-test/test-file.js'

describe('cliResource', () => {
  it('puts a namespaced kind without a namespace in default, leaving the document as it was', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [] } }
    const loaded = cliResource(pod)
    expect(loaded).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: { containers: [] }
    })
    expect(Object.keys(loaded)).toEqual(['apiVersion', 'kind', 'metadata', 'spec'])
    expect(pod.metadata).toEqual({ name: 'p' })
    expect(loaded.spec).toBe(pod.spec)
  })

  it('adds metadata when there is none, last', () => {
    expect(cliResource({ apiVersion: 'apps/v1', kind: 'Deployment', spec: {} })).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      spec: {},
      metadata: { namespace: 'default' }
    })
  })

  it('returns namespaced and cluster-scoped resources without null maps as they are', () => {
    const namespaced = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'x' } }
    const clusterScoped = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } }
    expect(cliResource(namespaced)).toBe(namespaced)
    expect(cliResource(clusterScoped)).toBe(clusterScoped)
  })

  it('turns null labels, annotations and data into empty maps in a copy', () => {
    const cm = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c', labels: null },
      data: null,
      items: [{ annotations: null }]
    }
    const loaded = cliResource(cm)
    expect(loaded).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c', labels: {}, namespace: 'default' },
      data: {},
      items: [{ annotations: {} }]
    })
    expect(cm.metadata.labels).toBeNull()
    expect(cm.items[0]!.annotations).toBeNull()
  })
})

describe('selectedResources', () => {
  const keys = [
    'v1,Pod,default,a',
    'v1,Pod,other,a',
    'apps/v1,Deployment,default,b',
    // A name with a comma: the parts are read as `split(',')` reads them.
    'v1,Pod,default,c,d'
  ]
  const entry = (
    resources: string[] | undefined,
    resourceSpecs: TestResultEntry['resourceSpecs'] = []
  ): TestResultEntry => ({
    index: 0,
    policy: 'p',
    rule: 'r',
    result: 'pass',
    kind: '',
    operation: '',
    resources,
    resource: '',
    resourceSpecs,
    patchedResources: '',
    generatedResource: '',
    generatedResources: [],
    cloneSourceResource: '',
    failOnMissingResources: false,
    isValidatingAdmissionPolicy: false,
    isMutatingAdmissionPolicy: false,
    isDeletingPolicy: false,
    policyFlags: []
  })

  it('selects by name in any namespace, or by namespace/name', () => {
    expect(selectedResources(entry(['a']), keys)).toEqual(['v1,Pod,default,a', 'v1,Pod,other,a'])
    expect(selectedResources(entry(['other/a', 'b']), keys)).toEqual([
      'v1,Pod,other,a',
      'apps/v1,Deployment,default,b'
    ])
    expect(selectedResources(entry(['d', 'c/d']), keys)).toEqual([
      'v1,Pod,default,c,d',
      'v1,Pod,default,c,d'
    ])
  })

  it('selects by resource spec (group/version, namespace, name)', () => {
    const spec = {
      group: 'apps',
      version: 'v1',
      kind: 'Deployment',
      namespace: 'default',
      name: 'b'
    }
    expect(selectedResources(entry([], [spec]), keys)).toEqual(['apps/v1,Deployment,default,b'])
  })

  it('selects every resource when the entry names none, or none that exists', () => {
    expect(selectedResources(entry(undefined), keys)).toEqual(keys)
    expect(selectedResources(entry(['missing']), keys)).toEqual(keys)
  })
})
