/**
 * Create-time validation of built-in objects (src/kube/builtin/validate.ts): ObjectMeta with each
 * kind's name rule and the hand-written field rules, on fixtures/builtin. Expected texts are the
 * apiserver's (pkg/apis/*\/validation, k8s.io/apimachinery/pkg/api/validation).
 */
import { readFileSync } from 'node:fs'
import { parseAllDocuments } from 'yaml'
import { builtinApi } from '../../../src/kube/builtin/facts.js'
import { validateBuiltinCreate, validationOutcomes } from '../../../src/kube/builtin/validate.js'
import { errorString } from '../../../src/kube/fielderrors/index.js'
import type { JsonObject } from '../../../src/common/json.js'
import { releaseFeatures } from '../../../src/kube/versions.js'
import type { KubernetesVersion } from '../../../src/kube/versions.js'

function validate(file: string, version: KubernetesVersion = '1.36') {
  const text = readFileSync(new URL(`../../../fixtures/builtin/${file}`, import.meta.url), 'utf8')
  const api = builtinApi(version)
  return parseAllDocuments(text).map((doc) => {
    const object = doc.toJS() as JsonObject
    const served = api.kind(object.apiVersion as string, object.kind as string)!
    const result = validateBuiltinCreate(object, served, api, releaseFeatures(version))
    return {
      errors: result.errors.map((e) => errorString(e)),
      warnings: result.warnings.map((w) => w.message)
    }
  })
}

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"

describe('built-in ObjectMeta on create', () => {
  const results = validate('object-meta/invalid.yaml')

  it('checks names with the kind’s rule', () => {
    expect(results[0]!.errors).toEqual([`metadata.name: Invalid value: "x.com^2": ${SUBDOMAIN}`])
    expect(results[1]!.errors).toEqual([
      'metadata.name: Required value: name or generateName is required'
    ])
    expect(results[2]!.errors).toEqual([
      `metadata.name: Invalid value: "web.frontend": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`
    ])
    expect(results[3]!.errors).toEqual([
      'metadata.name: Invalid value: "team.a": must not contain dots'
    ])
    expect(results[6]!.errors).toEqual([
      'metadata.name: Invalid value: "a-cron-job-name-that-is-longer-than-fifty-two-characters": must be no more than 52 characters'
    ])
  })

  it('checks labels, annotations and finalizers', () => {
    expect(results[4]!.errors).toEqual([
      `metadata.labels: Invalid value: "_": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
      `metadata.labels: Invalid value: "bad key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      `metadata.annotations: Invalid value: "example.com/a/b": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`
    ])
    expect(results[5]!.errors).toEqual([
      'metadata.finalizers[0]: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified'
    ])
  })

  it('reports an owner reference without a uid (a left-out field is Go’s ""), at the list’s path as upstream', () => {
    expect(results[7]!.errors).toEqual([
      'metadata.ownerReferences.uid: Invalid value: "": must not be empty'
    ])
  })

  it('words label-key messages as the release does (util/validation before 1.35)', () => {
    const old = validate('object-meta/invalid.yaml', '1.34')
    expect(old[4]!.errors[2]).toContain('Invalid value: "example.com/a/b": a qualified name must')
    expect(results[4]!.errors[2]).toContain(
      'Invalid value: "example.com/a/b": a valid label key must'
    )
  })

  // apimachinery pkg/util/validation/field/errors.go v0.31.0 (a8f449e276fe) / v0.32.0
  // (59e9003f02d6; 51cdbebdbefe): field.TooLong as objectmeta.go and meta/v1 validation call it.
  it.each([
    ['1.31', 'must have at most'],
    ['1.32', 'may not be more than']
  ] as const)('words metadata TooLong as the release does (%s)', (version, words) => {
    const api = builtinApi(version)
    const object: JsonObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'c',
        annotations: { big: 'x'.repeat(256 * 1024) },
        managedFields: [{ manager: 'm'.repeat(129), operation: 'Update' }]
      }
    }
    const served = api.kind('v1', 'ConfigMap')!
    const result = validateBuiltinCreate(object, served, api, releaseFeatures(version))
    expect(result.errors.map((e) => errorString(e))).toEqual([
      `metadata.annotations: Too long: ${words} 262144 bytes`,
      `metadata.managedFields[0].manager: Too long: ${words} 128 bytes`
    ])
  })

  it('accepts names, namespaces and finalizers each kind allows', () => {
    for (const result of validate('object-meta/valid.yaml')) expect(result.errors).toEqual([])
  })
})

describe('built-in schema checks on create', () => {
  const results = validate('schema/invalid.yaml')

  it('reports hand-written required fields and supported values', () => {
    // validateContainerCommon's order: image, ports, then the pull policy.
    expect(results[0]!.errors).toEqual([
      'spec.containers[0].image: Required value',
      'spec.containers[0].ports[0].protocol: Unsupported value: "udp": supported values: "SCTP", "TCP", "UDP"',
      'spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"'
    ])
    // apps/v1 does not default the selector: a nil one is required and matches no template.
    expect(results[2]!.errors).toEqual([
      'spec.selector: Required value',
      'spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`',
      'spec.template.spec.containers[0].name: Required value'
    ])
    expect(results[3]!.errors).toEqual([
      'spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified'
    ])
    expect(results[4]!.errors).toEqual([
      'spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
      'spec.type: Unsupported value: "Internal": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"'
    ])
  })

  it('reports duplicate container and volume names', () => {
    // ValidatePodSpec checks volumes first.
    expect(results[1]!.errors).toEqual([
      'spec.volumes[1].name: Duplicate value: "data"',
      'spec.containers[1].name: Duplicate value: "web"',
      'spec.initContainers[0].name: Duplicate value: "web"'
    ])
  })

  it('accepts repeated ports with the apiserver’s warnings', () => {
    const [deployment] = validate('schema/warnings.yaml')
    expect(deployment!.errors).toEqual([])
    expect(deployment!.warnings).toEqual([
      'spec.template.spec.containers[0].ports[1]: duplicate port definition with spec.template.spec.containers[0].ports[0]',
      'spec.template.spec.containers[1].ports[0]: overlapping port definition with spec.template.spec.containers[0].ports[0]',
      'spec.template.spec.containers[1].ports[0]: overlapping port definition with spec.template.spec.containers[0].ports[1]'
    ])
  })
})

describe('built-in validation as findings', () => {
  const api = builtinApi('1.36')
  const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'Bad_Name' } }

  it('places each error at its field, in the release’s value style', () => {
    const [outcome] = validationOutcomes(configMap, api.kind('v1', 'ConfigMap')!, api, '1.36')
    expect(outcome).toMatchObject({
      ruleId: 'builtin/invalid',
      path: ['metadata', 'name'],
      refused: true
    })
    expect(outcome!.message).toMatch(
      /^metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123/
    )
  })

  it('leaves CRDs and admission policies to the analyzers that validate them', () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'x', labels: { owner: '_' } }
    }
    const served = api.kind('apiextensions.k8s.io/v1', 'CustomResourceDefinition')!
    expect(validateBuiltinCreate(crd, served, api, releaseFeatures('1.36')).errors).not.toEqual([])
    expect(validationOutcomes(crd, served, api, '1.36')).toEqual([])
  })
})
