/**
 * A Pod's v1 defaulting as its create validation sees it (kubernetes pkg/apis/core/v1/
 * defaults.go SetDefaults_Pod: each container's and init container's missing requests are
 * copied from its limits; a pod template's are not), and what the apiserver returns with a
 * refused object (pkg/registry/rest/create.go BeforeCreate: the Invalid error, no warnings).
 */
import { describe, expect, it } from '@jest/globals'
import type { JsonObject } from '../../src/common/json.js'
import { builtinApi } from '../../src/kube/builtin/facts.js'
import { validateBuiltinCreate } from '../../src/kube/builtin/validate.js'
import { errorString, valueStyleFor } from '../../src/kube/fielderrors/index.js'
import { releaseFeatures } from '../../src/kube/versions.js'
import type { KubernetesVersion } from '../../src/kube/versions.js'

const VERSION: KubernetesVersion = '1.34'

function validate(object: JsonObject): { errors: string[]; warnings: string[] } {
  const api = builtinApi(VERSION)
  const served = api.kind(object.apiVersion as string, object.kind as string)!
  const out = validateBuiltinCreate(object, served, api, releaseFeatures(VERSION))
  return {
    errors: out.errors.map((e) => errorString(e, { style: valueStyleFor(VERSION) })),
    warnings: out.warnings.map((w) => w.message)
  }
}

const container = (name: string, resources: JsonObject): JsonObject => ({
  name,
  image: 'busybox:1.36',
  resources
})

const pod = (spec: JsonObject): JsonObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'batch', namespace: 'default' },
  spec
})

describe('SetDefaults_Pod: requests default to limits', () => {
  it('repeats a limit’s errors at requests[<name>] on a Pod, for containers and init containers', () => {
    const { errors } = validate(
      pod({
        initContainers: [container('setup', { limits: { cpus: '1' } })],
        containers: [container('batch', { limits: { cpu: '-1' } })]
      })
    )
    expect(errors).toEqual([
      'spec.containers[0].resources.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0',
      'spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0',
      'spec.initContainers[0].resources.limits[cpus]: Invalid value: "cpus": must be a standard resource type or fully qualified',
      'spec.initContainers[0].resources.limits[cpus]: Invalid value: "cpus": must be a standard resource for containers',
      'spec.initContainers[0].resources.requests[cpus]: Invalid value: "cpus": must be a standard resource type or fully qualified',
      'spec.initContainers[0].resources.requests[cpus]: Invalid value: "cpus": must be a standard resource for containers'
    ])
  })

  it('keeps a request that is given, and defaults only the names it lacks', () => {
    const { errors } = validate(
      pod({
        containers: [
          container('batch', {
            limits: { cpu: '1', 'example.com/gpu': '1' },
            requests: { cpu: '2' }
          })
        ]
      })
    )
    // The GPU request defaulted to its limit needs no "Limit must be set"; cpu's stays 2.
    expect(errors).toEqual([
      'spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1'
    ])
  })

  it('does not default a pod template’s requests', () => {
    const { errors } = validate({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'batch', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'batch' } },
        template: {
          metadata: { labels: { app: 'batch' } },
          spec: { containers: [container('batch', { limits: { cpus: '1' } })] }
        }
      }
    })
    expect(errors).toEqual([
      'spec.template.spec.containers[0].resources.limits[cpus]: Invalid value: "cpus": must be a standard resource type or fully qualified',
      'spec.template.spec.containers[0].resources.limits[cpus]: Invalid value: "cpus": must be a standard resource for containers'
    ])
  })

  it('copies a limit named __proto__ as an own key', () => {
    const limits = JSON.parse('{"__proto__": "1"}') as JsonObject
    const { errors } = validate(pod({ containers: [container('batch', { limits })] }))
    expect(errors.filter((e) => e.includes('requests[__proto__]'))).toHaveLength(2)
  })
})

describe('BeforeCreate: no warnings with a refused object', () => {
  const named = (name: string): JsonObject => ({
    ...pod({
      containers: [
        { name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }, { containerPort: 80 }] }
      ]
    }),
    metadata: { name, namespace: 'default' }
  })
  const DUPLICATE =
    'spec.containers[0].ports[1]: duplicate port definition with spec.containers[0].ports[0]'

  it('warns about a repeated port of an accepted Pod', () => {
    expect(validate(named('web'))).toEqual({ errors: [], warnings: [DUPLICATE] })
  })

  it('gives no warnings when the ObjectMeta checks refuse the Pod', () => {
    const { errors, warnings } = validate(named('Web_Server'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^metadata\.name: Invalid value: "Web_Server"/)
    expect(warnings).toEqual([])
  })

  it('gives no warnings when the Pod’s own validation refuses it', () => {
    const object = named('web')
    const spec = object.spec as { containers: JsonObject[] }
    spec.containers[0]!.resources = { requests: { cpus: '1' } }
    const { errors, warnings } = validate(object)
    expect(errors).toHaveLength(2)
    expect(warnings).toEqual([])
  })
})

describe('whitespace as strings.TrimSpace sees it', () => {
  const withProfile = (localhostProfile: string, image = 'nginx:1.27'): JsonObject =>
    pod({
      securityContext: { appArmorProfile: { type: 'Localhost', localhostProfile } },
      containers: [{ name: 'web', image }]
    })

  it('refuses an AppArmor profile padded with U+0085, which Go counts as a space', () => {
    expect(validate(withProfile('\u0085profile')).errors).toEqual([
      'spec.securityContext.appArmorProfile.localhostProfile: Invalid value: "\\u0085profile": must not be padded with whitespace'
    ])
  })

  it('accepts an AppArmor profile starting with U+FEFF, which Go does not trim', () => {
    expect(validate(withProfile('\ufeffprofile')).errors).toEqual([])
  })

  it('judges a Pod container’s image padding the same way', () => {
    expect(validate(withProfile('profile', 'nginx:1.27\u0085')).errors).toEqual([
      'spec.containers[0].image: Invalid value: "nginx:1.27\\u0085": must not have leading or trailing whitespace'
    ])
    expect(validate(withProfile('profile', '\ufeffnginx:1.27')).errors).toEqual([])
  })
})
