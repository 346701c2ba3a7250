/**
 * validateCRD as a library: v1 CRDs decoded, prepared and validated as the apiserver does on
 * create and update, with its error texts, internal paths and per-release differences.
 */
import { describe, expect, it } from '@jest/globals'
import { errorString, invalidStatus } from '../../../../src/kube/fielderrors/index.js'
import type { FieldError } from '../../../../src/kube/fielderrors/index.js'
import {
  kubernetesVersionForCompatibility,
  validateCRD,
  validateDeprecationWarning,
  validateStructural
} from '../../../../src/kube/crd/validation/index.js'
import type { KubernetesVersion } from '../../../../src/kube/versions.js'

type Obj = Record<string, unknown>

/** A valid single-version CRD; `change` edits a copy. */
function crd(change: (c: Obj & { spec: Obj }) => void = () => {}): Obj {
  const c = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } }
            }
          }
        }
      ]
    }
  }
  change(c)
  return c
}

const versions = (c: Obj): Obj[] => (c.spec as Obj).versions as Obj[]
const strings = (errors: FieldError[], version?: KubernetesVersion): string[] =>
  errors.map((e) =>
    errorString(e, { style: version && Number(version.split('.')[1]) <= 33 ? 'legacy' : 'current' })
  )

describe('validateCRD on create', () => {
  it('accepts a valid CRD on every supported release', () => {
    for (const v of ['1.30', '1.33', '1.35', '1.37'] as const)
      expect(validateCRD(crd(), { kubernetesVersion: v })).toEqual([])
  })

  it('reports a single-version schema at spec.validation (the internal layout)', () => {
    const c = crd((c) => {
      const schema = (versions(c)[0]!.schema as Obj).openAPIV3Schema as Obj
      ;((schema.properties as Obj).spec as Obj).type = 'strign'
    })
    expect(strings(validateCRD(c))).toEqual([
      'spec.validation.openAPIV3Schema.properties[spec].type: Unsupported value: "strign": supported values: "array", "boolean", "integer", "number", "object", "string"'
    ])
  })

  it('reports differing version schemas at spec.versions[i].schema', () => {
    const c = crd((c) => {
      const second = structuredClone(versions(c)[0]!)
      second.name = 'v2'
      second.storage = false
      ;((second.schema as Obj).openAPIV3Schema as Obj).additionalProperties = true
      versions(c).push(second)
    })
    expect(strings(validateCRD(c))).toEqual([
      'spec.versions[1].schema.openAPIV3Schema.additionalProperties: Forbidden: must not be used at the root'
    ])
  })

  it('applies the v1 defaults first: singular and listKind come from kind', () => {
    const c = crd((c) => {
      ;(c.spec.names as Obj).kind = 'WidgetList'
      ;(c.spec.names as Obj).listKind = 'WidgetList'
    })
    expect(strings(validateCRD(c))).toEqual([
      'spec.names.listKind: Invalid value: "WidgetList": kind and listKind may not be the same'
    ])
  })

  it('ignores a status in the file: the registry resets it on create', () => {
    const c = crd((c) => {
      c.status = { storedVersions: ['v0'], acceptedNames: { plural: 'BAD' } }
    })
    expect(validateCRD(c)).toEqual([])
    expect(strings(validateCRD(c, { prepare: false }))).toEqual([
      "status.acceptedNames.plural: Invalid value: \"BAD\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
      'status.storedVersions: Invalid value: ["v0"]: must have the storage version v1',
      'status.storedVersions[0]: Invalid value: "v0": missing from spec.versions; v0 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v0 and removes v0 from status.storedVersions'
    ])
  })

  it('prints the apiserver 422 message', () => {
    const c = crd((c) => {
      c.spec.scope = 'Global'
    })
    const status = invalidStatus(
      { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' },
      'widgets.example.com',
      validateCRD(c)
    )
    expect(status.message).toBe(
      'CustomResourceDefinition.apiextensions.k8s.io "widgets.example.com" is invalid: spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"'
    )
  })

  it('checks conversion webhooks: URL, service (with the swapped name/namespace quirk), review versions', () => {
    const webhook = (clientConfig: Obj, reviewVersions = ['v1']): Obj =>
      crd((c) => {
        c.spec.conversion = {
          strategy: 'Webhook',
          webhook: { clientConfig, conversionReviewVersions: reviewVersions }
        }
      })
    expect(strings(validateCRD(webhook({ url: 'https://host:port/x' })))).toEqual([
      'spec.conversion.webhookClientConfig.url: Required value: url must be a valid URL: parse "https://host:port/x": invalid port ":port" after host; desired format: https://host[/path]'
    ])
    expect(strings(validateCRD(webhook({ url: 'https://user@host/x?q=1#f' })))).toEqual([
      'spec.conversion.webhookClientConfig.url: Invalid value: "user": user information is not permitted in the URL',
      'spec.conversion.webhookClientConfig.url: Invalid value: "f": fragments are not permitted in the URL',
      'spec.conversion.webhookClientConfig.url: Invalid value: "q=1": query parameters are not permitted in the URL'
    ])
    // The apiserver passes the service's name where the namespace is expected and vice versa.
    expect(
      strings(validateCRD(webhook({ service: { namespace: 'ns', name: '', path: '/a//b' } })))
    ).toEqual([
      'spec.conversion.webhookClientConfig.service.namespace: Required value',
      'spec.conversion.webhookClientConfig.service.path: Invalid value: "/a//b": segment[1] may not be empty'
    ])
    expect(
      strings(validateCRD(webhook({ service: { namespace: 'ns', name: 'n' } }, ['v2', 'v2'])))
    ).toEqual([
      'spec.conversion.conversionReviewVersions[1]: Invalid value: "v2": duplicate version',
      'spec.conversion.conversionReviewVersions: Invalid value: ["v2","v2"]: must include at least one of v1, v1beta1'
    ])
  })

  it('requires API approval in protected groups', () => {
    const c = crd((c) => {
      c.metadata = {
        name: 'widgets.x.k8s.io',
        annotations: { 'api-approved.kubernetes.io': 'yes' }
      }
      c.spec.group = 'x.k8s.io'
    })
    expect(strings(validateCRD(c))).toEqual([
      'metadata.annotations[api-approved.kubernetes.io]: Invalid value: "yes": protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111'
    ])
    ;(c.metadata as Obj).annotations = {
      'api-approved.kubernetes.io': 'https://github.com/kubernetes/enhancements/pull/1111'
    }
    expect(validateCRD(c)).toEqual([])
  })

  it('selectable fields: dropped by 1.30 (feature off), validated from 1.31', () => {
    const c = crd((c) => {
      versions(c)[0]!.selectableFields = [{ jsonPath: '.spec.missing' }]
    })
    expect(validateCRD(c, { kubernetesVersion: '1.30' })).toEqual([])
    expect(strings(validateCRD(c, { kubernetesVersion: '1.31' }))).toEqual([
      'spec.selectableFields[0].jsonPath: Invalid value: ".spec.missing": is an invalid path: does not refer to a valid field'
    ])
  })

  it('prints values as each release does (Go syntax up to 1.33, JSON from 1.34)', () => {
    const c = crd((c) => {
      versions(c)[0]!.storage = false
    })
    const [legacy] = strings(validateCRD(c, { kubernetesVersion: '1.33' }), '1.33')
    const [current] = strings(validateCRD(c, { kubernetesVersion: '1.34' }), '1.34')
    expect(legacy).toMatch(
      /^spec\.versions: Invalid value: \[\]apiextensions\.CustomResourceDefinitionVersion\{apiextensions\.CustomResourceDefinitionVersion\{Name:"v1"/
    )
    expect(current).toMatch(
      /^spec\.versions: Invalid value: \[\{"Name":"v1","Served":true,"Storage":false/
    )
    expect(current).toMatch(/must have exactly one version marked as storage version$/)
  })

  it('compiles CEL rules in the environment of the release (new expressions: n−1)', () => {
    // The format library arrived in the 1.31 environment: new rules may use it from 1.32.
    const c = crd((c) => {
      const spec = ((versions(c)[0]!.schema as Obj).openAPIV3Schema as Obj).properties as Obj
      ;(spec.spec as Obj)['x-kubernetes-validations'] = [
        { rule: "!format.dns1123Label().validate('x').hasValue()" }
      ]
    })
    expect(validateCRD(c, { kubernetesVersion: '1.32' })).toEqual([])
    const [error] = strings(validateCRD(c, { kubernetesVersion: '1.31' }))
    expect(error).toMatch(
      /^spec\.validation\.openAPIV3Schema\.properties\[spec\]\.x-kubernetes-validations\[0\]\.rule: Invalid value: .*compilation failed: ERROR: <input>:1:2: undeclared reference to 'format'/
    )
  })

  it('validates defaults against their schema and CEL rules', () => {
    const c = crd((c) => {
      const spec = (((versions(c)[0]!.schema as Obj).openAPIV3Schema as Obj).properties as Obj)
        .spec as Obj
      ;(spec.properties as Obj).size = {
        type: 'integer',
        default: 20,
        'x-kubernetes-validations': [{ rule: 'self <= 10', message: 'at most 10' }]
      }
    })
    expect(strings(validateCRD(c))).toEqual([
      'spec.validation.openAPIV3Schema.properties[spec].properties[size].default: Invalid value: 20: at most 10'
    ])
  })

  it('never throws on bad input', () => {
    expect(() => validateCRD(null)).not.toThrow()
    expect(() => validateCRD('text')).not.toThrow()
    expect(strings(validateCRD({}))).toContain('spec.group: Required value')
    let deep: Obj = { type: 'object' }
    for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { a: deep } }
    const c = crd((c) => {
      versions(c)[0]!.schema = { openAPIV3Schema: deep }
    })
    const errors = validateCRD(c)
    expect(errors.length).toBeGreaterThan(0)
    expect(strings(errors).join('\n')).toContain('nested more than 1000 levels deep')
  })
})

describe('validateCRD on update', () => {
  it('keeps group and plural immutable, and scope and kind once established', () => {
    const old = crd()
    const changed = crd((c) => {
      c.spec.scope = 'Cluster'
      ;(c.spec.names as Obj).kind = 'Gadget'
    })
    expect(strings(validateCRD(changed, { oldCRD: old }))).toEqual([
      'spec.scope: Invalid value: "Cluster": field is immutable',
      'spec.names.kind: Invalid value: "Gadget": field is immutable'
    ])
  })

  it('does not tighten validation of what was stored before', () => {
    // A set list of objects that are not atomic is rejected on create, kept on update.
    const withSet = crd((c) => {
      const spec = (((versions(c)[0]!.schema as Obj).openAPIV3Schema as Obj).properties as Obj)
        .spec as Obj
      ;(spec.properties as Obj).items = {
        type: 'array',
        'x-kubernetes-list-type': 'set',
        items: { type: 'object', properties: { a: { type: 'string' } } }
      }
    })
    expect(strings(validateCRD(withSet))).toEqual([
      'spec.validation.openAPIV3Schema.properties[spec].properties[items].items.x-kubernetes-map-type: Invalid value: null: must be atomic as item of a list with x-kubernetes-list-type=set'
    ])
    expect(validateCRD(withSet, { oldCRD: withSet })).toEqual([])
  })
})

describe('the other library functions', () => {
  it('validateStructural of a raw schema', () => {
    expect(
      strings(validateStructural({ type: 'object', properties: { a: { description: 'x' } } }))
    ).toEqual([
      'openAPIV3Schema.properties[a].type: Required value: must not be empty for specified object fields'
    ])
    expect(strings(validateStructural({ $ref: '#/x' }))).toEqual([
      'openAPIV3Schema: Invalid value: "": OpenAPIV3Schema \'$ref\' is not supported'
    ])
  })

  it('deprecation warnings count bytes and find the first non-printable rune', () => {
    expect(validateDeprecationWarning(true, 'é\u0007')).toEqual([
      'must only contain printable UTF-8 characters; non-printable character found at index 2'
    ])
    expect(validateDeprecationWarning(false, 'x')).toEqual([
      'can only be set for deprecated versions'
    ])
  })

  it('maps CEL compatibility versions to releases', () => {
    expect(kubernetesVersionForCompatibility('1.31')).toBe('1.32')
    expect(kubernetesVersionForCompatibility('default')).toBe('1.37')
  })
})
