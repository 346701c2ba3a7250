/**
 * The ValidatingAdmissionPolicy dry-run of single requests (policy-dryrun-spec.md §1.2–1.7):
 * decisions and the apiserver's exact strings, validation actions, params, configuration errors
 * under the failure policy, budgets, matchPolicy Equivalent, and MutatingAdmissionPolicies
 * running before validation.
 */
import { describe, expect, it } from '@jest/globals'
import { evaluateAdmission, type AdmissionObjects } from '../../../src/kube/admission/index.js'

type Json = Record<string, unknown>

function policy(name: string, spec: Json): Json {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingAdmissionPolicy',
    metadata: { name },
    spec: {
      matchConstraints: {
        resourceRules: [
          {
            apiGroups: [''],
            apiVersions: ['v1'],
            operations: ['CREATE', 'UPDATE'],
            resources: ['configmaps']
          }
        ]
      },
      ...spec
    }
  }
}

function binding(name: string, policyName: string, spec: Json = {}): Json {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingAdmissionPolicyBinding',
    metadata: { name },
    spec: { policyName, validationActions: ['Deny'], ...spec }
  }
}

const configMap = (name: string, data: Json = {}, labels: Json = {}): Json => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'team-a', labels },
  data
})

const create = (objects: AdmissionObjects, object: Json) =>
  evaluateAdmission(objects, { operation: 'CREATE', object })

describe('validation actions', () => {
  const p = policy('small', {
    validations: [{ expression: 'size(object.data) <= 1', message: 'too much data' }]
  })
  const big = configMap('big', { a: '1', b: '2' })

  it('Deny rejects with the Forbidden status message and reason Invalid (422)', () => {
    const r = create({ policies: [p], bindings: [binding('small-deny', 'small')] }, big)
    expect(r.allowed).toBe(false)
    expect(r.error).toBe(
      `configmaps "big" is forbidden: ValidatingAdmissionPolicy 'small' with binding 'small-deny' denied request: too much data`
    )
    expect([r.reason, r.code]).toEqual(['Invalid', 422])
  })

  it('Warn admits with a warning; Audit admits with the validation_failure annotation', () => {
    const warn = create(
      { policies: [p], bindings: [binding('w', 'small', { validationActions: ['Warn'] })] },
      big
    )
    expect(warn.allowed).toBe(true)
    expect(warn.warnings).toEqual([
      "Validation failed for ValidatingAdmissionPolicy 'small' with binding 'w': too much data"
    ])
    const audit = create(
      { policies: [p], bindings: [binding('a', 'small', { validationActions: ['Audit'] })] },
      big
    )
    expect(audit.allowed).toBe(true)
    expect(audit.auditAnnotations).toEqual({
      'validation.policy.admission.k8s.io/validation_failure':
        '[{"message":"too much data","policy":"small","binding":"a","expressionIndex":0,"validationActions":["Audit"]}]'
    })
  })

  it('a policy without bindings, or a binding without its policy, does nothing', () => {
    expect(create({ policies: [p], bindings: [] }, big).allowed).toBe(true)
    expect(create({ policies: [], bindings: [binding('x', 'small')] }, big).allowed).toBe(true)
  })
})

describe('messages and reasons', () => {
  it('messageExpression, then message, then the expression', () => {
    const p = policy('m', {
      validations: [
        {
          expression: 'false',
          messageExpression: "'named ' + object.metadata.name",
          reason: 'Forbidden'
        },
        { expression: 'false', message: 'static' },
        { expression: '  false  ' }
      ]
    })
    const r = create(
      { policies: [p], bindings: [binding('b', 'm', { validationActions: ['Warn'] })] },
      configMap('x')
    )
    expect(r.warnings.map((w) => w.split(': ').pop())).toEqual(['named x', 'static', 'false'])
    const denied = create({ policies: [p], bindings: [binding('b', 'm')] }, configMap('x'))
    expect([denied.reason, denied.code]).toEqual(['Forbidden', 403])
  })

  it('runtime errors follow the failure policy', () => {
    const spec = { validations: [{ expression: "object.missing == 'x'" }] }
    const fail = create(
      { policies: [policy('e', spec)], bindings: [binding('b', 'e')] },
      configMap('x')
    )
    expect(fail.error).toBe(
      `configmaps "x" is forbidden: ValidatingAdmissionPolicy 'e' with binding 'b' denied request: expression 'object.missing == 'x'' resulted in error: no such key: missing`
    )
    const ignore = create(
      {
        policies: [policy('e', { ...spec, failurePolicy: 'Ignore' })],
        bindings: [binding('b', 'e')]
      },
      configMap('x')
    )
    expect(ignore.allowed).toBe(true)
  })
})

describe('params', () => {
  const p = policy('limits', {
    paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
    validations: [{ expression: 'size(object.data) <= int(params.data.max)' }]
  })
  const limit = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'limit', namespace: 'team-a' },
    data: { max: '1' }
  }

  it('a named param in the request namespace', () => {
    const r = create(
      {
        policies: [p],
        bindings: [
          binding('b', 'limits', { paramRef: { name: 'limit', parameterNotFoundAction: 'Deny' } })
        ],
        params: [limit]
      },
      configMap('two', { a: '1', b: '2' })
    )
    expect(r.error).toContain(
      'denied request: failed expression: size(object.data) <= int(params.data.max)'
    )
  })

  it('a missing param under Deny is a binding configuration error; under Allow nothing runs', () => {
    const deny = create(
      {
        policies: [p],
        bindings: [
          binding('b', 'limits', { paramRef: { name: 'nope', parameterNotFoundAction: 'Deny' } })
        ],
        params: [limit]
      },
      configMap('x')
    )
    expect(deny.error).toBe(
      "configmaps \"x\" is forbidden: ValidatingAdmissionPolicy 'limits' with binding 'b' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction"
    )
    const allow = create(
      {
        policies: [p],
        bindings: [
          binding('b', 'limits', { paramRef: { name: 'nope', parameterNotFoundAction: 'Allow' } })
        ],
        params: [limit]
      },
      configMap('x', { a: '1', b: '2' })
    )
    expect(allow.allowed).toBe(true)
  })

  it('a selector evaluates once per selected param', () => {
    const params = [
      { ...limit, metadata: { name: 'l1', namespace: 'team-a', labels: { use: 'y' } } },
      {
        ...limit,
        metadata: { name: 'l2', namespace: 'team-a', labels: { use: 'y' } },
        data: { max: '5' }
      }
    ]
    const r = create(
      {
        policies: [p],
        bindings: [
          binding('b', 'limits', {
            validationActions: ['Warn'],
            paramRef: { selector: { matchLabels: { use: 'y' } }, parameterNotFoundAction: 'Deny' }
          })
        ],
        params
      },
      configMap('two', { a: '1', b: '2' })
    )
    expect(r.evaluations.map((e) => [e.param, e.result?.decisions[0]?.action])).toEqual([
      ['team-a/l1', 'deny'],
      ['team-a/l2', 'admit']
    ])
  })
})

describe('matching', () => {
  it('namespaceSelector against the repository Namespace (kubernetes.io/metadata.name is implied)', () => {
    const p = policy('ns', { validations: [{ expression: 'false' }] })
    const b = binding('prod-only', 'ns', {
      matchResources: { namespaceSelector: { matchLabels: { env: 'prod' } } }
    })
    const namespaces = [
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a', labels: { env: 'prod' } } }
    ]
    expect(create({ policies: [p], bindings: [b], namespaces }, configMap('x')).allowed).toBe(false)
    const other = { ...configMap('x'), metadata: { name: 'x', namespace: 'team-b' } }
    expect(create({ policies: [p], bindings: [b], namespaces }, other).allowed).toBe(true)
    const byName = binding('by-name', 'ns', {
      matchResources: {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'team-b' } }
      }
    })
    expect(create({ policies: [p], bindings: [byName], namespaces }, other).allowed).toBe(false)
  })

  it('matchPolicy Equivalent: a v1beta1 rule matches a CRD v1 request, converted to v1beta1', () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        scope: 'Namespaced',
        names: { plural: 'widgets', kind: 'Widget' },
        versions: [
          { name: 'v1', served: true, storage: true },
          { name: 'v1beta1', served: true, storage: false }
        ]
      }
    }
    const p = {
      ...policy('w', {
        validations: [
          {
            expression:
              "request.kind.version == 'v1beta1' && object.apiVersion == 'example.com/v1beta1' && request.requestKind.version == 'v1'",
            message: 'seen'
          }
        ]
      })
    }
    ;(p.spec as Json).matchConstraints = {
      resourceRules: [
        {
          apiGroups: ['example.com'],
          apiVersions: ['v1beta1'],
          operations: ['CREATE'],
          resources: ['widgets']
        }
      ]
    }
    const r = create(
      {
        policies: [p],
        bindings: [binding('b', 'w', { validationActions: ['Warn'] })],
        crds: [crd]
      },
      {
        apiVersion: 'example.com/v1',
        kind: 'Widget',
        metadata: { name: 'w1', namespace: 'team-a' }
      }
    )
    // The validation passes: CEL saw the matched (v1beta1) kind and the converted object.
    expect(r.evaluations.map((e) => e.result?.decisions[0]?.action)).toEqual(['admit'])
    ;((p.spec as Json).matchConstraints as Json).matchPolicy = 'Exact'
    expect(
      create(
        { policies: [p], bindings: [binding('b', 'w')], crds: [crd] },
        {
          apiVersion: 'example.com/v1',
          kind: 'Widget',
          metadata: { name: 'w1', namespace: 'team-a' }
        }
      ).evaluations
    ).toEqual([])
  })

  it('a false matchCondition skips the policy; an error under Fail denies', () => {
    const p = policy('mc', {
      matchConditions: [{ name: 'only-labelled', expression: "'check' in object.metadata.labels" }],
      validations: [{ expression: 'false' }]
    })
    expect(create({ policies: [p], bindings: [binding('b', 'mc')] }, configMap('x')).allowed).toBe(
      true
    )
    expect(
      create({ policies: [p], bindings: [binding('b', 'mc')] }, configMap('x', {}, { check: 'y' }))
        .allowed
    ).toBe(false)
    const unlabelled = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'u', namespace: 'team-a' }
    }
    expect(create({ policies: [p], bindings: [binding('b', 'mc')] }, unlabelled).error).toBe(
      `configmaps "u" is forbidden: ValidatingAdmissionPolicy 'mc' with binding 'b' denied request: expression ''check' in object.metadata.labels' resulted in error: no such key: labels`
    )
  })
})

describe('budgets and composition', () => {
  it('variables are evaluated lazily and charged to the expression that reads them', () => {
    const p = policy('v', {
      variables: [{ name: 'count', expression: 'size(object.data)' }],
      validations: [{ expression: 'variables.count < 2' }, { expression: 'variables.count < 3' }]
    })
    const r = create(
      { policies: [p], bindings: [binding('b', 'v')] },
      configMap('x', { a: '1', b: '2' })
    )
    expect(r.error).toContain('failed expression: variables.count < 2')
    expect(r.evaluations[0]?.result?.decisions.map((d) => d.action)).toEqual(['deny', 'admit'])
  })

  it('running out of the evaluation budget is one error decision', () => {
    const p = policy('costly', {
      validations: [{ expression: 'object.data.all(k, object.data.all(j, k != j || true))' }]
    })
    const r = evaluateAdmission(
      { policies: [p], bindings: [binding('b', 'costly')] },
      { operation: 'CREATE', object: configMap('x', { a: '1', b: '2', c: '3' }) },
      { budget: 20n }
    )
    expect(r.error).toBe(
      `configmaps "x" is forbidden: ValidatingAdmissionPolicy 'costly' with binding 'b' denied request: validation failed due to running out of cost budget, no further validation rules will be run`
    )
  })
})

describe('MutatingAdmissionPolicy', () => {
  const map = {
    apiVersion: 'admissionregistration.k8s.io/v1beta1',
    kind: 'MutatingAdmissionPolicy',
    metadata: { name: 'label' },
    spec: {
      matchConstraints: {
        resourceRules: [
          {
            apiGroups: [''],
            apiVersions: ['v1'],
            operations: ['CREATE'],
            resources: ['configmaps']
          }
        ]
      },
      mutations: [
        {
          patchType: 'ApplyConfiguration',
          applyConfiguration: {
            expression: 'Object{metadata: Object.metadata{labels: {"owner": "platform"}}}'
          }
        }
      ]
    }
  }
  const mapBinding = {
    apiVersion: 'admissionregistration.k8s.io/v1beta1',
    kind: 'MutatingAdmissionPolicyBinding',
    metadata: { name: 'label' },
    spec: { policyName: 'label' }
  }

  it('mutates before validation: the validating policy sees the mutated object', () => {
    const p = policy('owned', {
      validations: [{ expression: "object.metadata.labels.owner == 'platform'" }]
    })
    const r = create(
      { policies: [map, p], bindings: [mapBinding, binding('b', 'owned')] },
      configMap('x', {}, { app: 'a' })
    )
    expect(r.allowed).toBe(true)
    expect((r.mutatedObject?.metadata as Json).labels).toEqual({ app: 'a', owner: 'platform' })
    expect(r.mutations[0]?.changes).toEqual([
      { op: '+', path: ['metadata', 'labels', 'owner'], value: 'platform' }
    ])
  })

  it('a failing mutation rejects with the policy error message', () => {
    const broken = {
      ...map,
      spec: {
        ...map.spec,
        mutations: [
          {
            patchType: 'JSONPatch',
            jsonPatch: {
              // v4 replaces a missing map key by setting it (json_patch_test.go "jsonPatch
              // replace key in map"); a missing parent is what fails.
              expression: '[JSONPatch{op: "replace", path: "/data/missing/key", value: "x"}]'
            }
          }
        ]
      }
    }
    const r = create({ policies: [broken], bindings: [mapBinding] }, configMap('x'))
    expect(r.allowed).toBe(false)
    expect(r.error).toBe(
      "policy 'label' with binding 'label' denied request: JSONPath: replace operation does not apply: doc is missing path: /data/missing/key: missing value"
    )
    expect([r.reason, r.code]).toEqual(['Invalid', 422])
  })
})
