import { builtinApi, builtinFactsNote } from '../../../src/kube/builtin/facts.js'

describe('built-in API facts', () => {
  it('finds served kinds by apiVersion and kind, per release', () => {
    const api = builtinApi('1.36')
    expect(api.kind('apps/v1', 'Deployment')).toEqual({
      group: 'apps',
      version: 'v1',
      kind: 'Deployment',
      plural: 'deployments',
      namespaced: true,
      definition: 'io.k8s.api.apps.v1.Deployment'
    })
    expect(api.kind('v1', 'Namespace')?.namespaced).toBe(false)
    expect(api.kind('extensions/v1beta1', 'Ingress')).toBeUndefined()
    expect(api.servesGroupVersion('extensions/v1beta1')).toBe(false)
    // flowcontrol v1beta3 was served until 1.31 and removed in 1.32.
    expect(
      builtinApi('1.31').kind('flowcontrol.apiserver.k8s.io/v1beta3', 'FlowSchema')
    ).toBeDefined()
    expect(
      builtinApi('1.32').kind('flowcontrol.apiserver.k8s.io/v1beta3', 'FlowSchema')
    ).toBeUndefined()
  })

  it('uses 1.36 facts for 1.37', () => {
    expect(builtinApi('1.37').factsRelease).toBe('1.36')
    expect(builtinApi('1.37')).toBe(builtinApi('1.36'))
  })

  it('gives definitions with types, formats, refs, required fields and list semantics', () => {
    const api = builtinApi('1.36')
    const spec = api.definition('io.k8s.api.apps.v1.DeploymentSpec')!
    expect(spec.properties!.replicas).toEqual({ type: 'integer', format: 'int32' })
    expect(spec.properties!.template).toEqual({ ref: 'io.k8s.api.core.v1.PodTemplateSpec' })
    expect(spec.required).toEqual(['selector', 'template'])
    const pod = api.definition('io.k8s.api.core.v1.PodSpec')!
    expect(pod.properties!.containers).toMatchObject({
      type: 'array',
      items: { ref: 'io.k8s.api.core.v1.Container' },
      listType: 'map',
      listMapKeys: ['name']
    })
    expect(api.definition('io.k8s.apimachinery.pkg.util.intstr.IntOrString')).toMatchObject({
      type: 'string',
      format: 'int-or-string'
    })
    expect(api.definition('io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector')?.mapType).toBe(
      'atomic'
    )
    expect(api.definition('io.k8s.api.core.v1.ConfigMap')?.gvk).toEqual([['', 'v1', 'ConfigMap']])
  })
})

describe('builtinFactsNote', () => {
  it('names the releases checked with another release’s facts', () => {
    expect(builtinFactsNote(['1.35', '1.36'])).toBeUndefined()
    expect(builtinFactsNote(['1.36', '1.37'])).toBe(
      "Built-in objects: Kubernetes 1.37 is checked with 1.36's API schemas (no OpenAPI document of its own yet)."
    )
  })
})
