/**
 * What the AdmissionEvaluator shares between requests must not change any answer: policies
 * skipped by their rules for a request shape, rules naming resources, the Audit failures read
 * without parsing the annotation, and mutations that change nothing.
 */
import { describe, expect, it } from '@jest/globals'
import { AdmissionEvaluator, auditedFailures } from '../../../src/kube/admission/dispatcher.js'

type Json = Record<string, unknown>

const rule = (resources: string[], extra: Json = {}): Json => ({
  apiGroups: [''],
  apiVersions: ['v1'],
  operations: ['CREATE'],
  resources,
  ...extra
})

function policy(name: string, rules: Json[], expression: string, extra: Json = {}): Json {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingAdmissionPolicy',
    metadata: { name },
    spec: {
      matchConstraints: { resourceRules: rules },
      validations: [{ expression, message: `${name} failed` }],
      ...extra
    }
  }
}

const binding = (name: string, policyName: string, spec: Json = {}): Json => ({
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingAdmissionPolicyBinding',
  metadata: { name },
  spec: { policyName, validationActions: ['Deny'], ...spec }
})

const object = (kind: string, name: string): Json => ({
  apiVersion: 'v1',
  kind,
  metadata: { name, namespace: 'team-a' },
  data: { a: '1' }
})

describe('requests of one shape share the rule outcomes', () => {
  const evaluator = new AdmissionEvaluator({
    policies: [
      policy('cm-only', [rule(['configmaps'])], 'false'),
      policy('named', [rule(['configmaps'], { resourceNames: ['special'] })], 'false'),
      policy('secrets', [rule(['secrets'])], 'false')
    ],
    bindings: [
      binding('cm-only', 'cm-only'),
      binding('named', 'named'),
      binding('secrets', 'secrets'),
      binding('cm-only-named', 'cm-only', {
        matchResources: { resourceRules: [rule(['configmaps'], { resourceNames: ['other'] })] }
      })
    ]
  })
  const evaluated = (kind: string, name: string): string[] =>
    evaluator
      .evaluate({ operation: 'CREATE', object: object(kind, name) })
      .evaluations.map((e) => `${e.policy}/${e.binding ?? ''}`)

  it('matches resourceNames per request, the rest per kind', () => {
    expect(evaluated('ConfigMap', 'plain')).toEqual(['cm-only/cm-only'])
    expect(evaluated('ConfigMap', 'special')).toEqual(['cm-only/cm-only', 'named/named'])
    expect(evaluated('ConfigMap', 'other')).toEqual(['cm-only/cm-only', 'cm-only/cm-only-named'])
    expect(evaluated('Secret', 'plain')).toEqual(['secrets/secrets'])
    expect(evaluated('ConfigMap', 'plain')).toEqual(['cm-only/cm-only'])
  })
})

describe('audited failures', () => {
  it('are the validation_failure annotation as it reads back', () => {
    const evaluator = new AdmissionEvaluator({
      policies: [
        policy('audit-a', [rule(['configmaps'])], 'false'),
        policy('audit-b', [rule(['configmaps'])], 'true', {
          validations: [
            { expression: 'true' },
            { expression: 'false', message: 'lone \ud800 <b> "quoted"' }
          ]
        })
      ],
      bindings: [
        binding('a', 'audit-a', { validationActions: ['Audit', 'Warn'] }),
        binding('b', 'audit-b', { validationActions: ['Audit'] })
      ]
    })
    const response = evaluator.evaluate({ operation: 'CREATE', object: object('ConfigMap', 'x') })
    const text = response.auditAnnotations['validation.policy.admission.k8s.io/validation_failure']!
    const parsed = (JSON.parse(text) as Json[]).map(
      ({ message, policy, binding, expressionIndex }) => ({
        message,
        policy,
        binding,
        expressionIndex
      })
    )
    expect(parsed).toHaveLength(2)
    expect(auditedFailures(response)).toEqual(parsed)
    expect(parsed[1]?.message).toBe('lone \ufffd <b> "quoted"')
  })

  it('are undefined when no Audit failure was written', () => {
    const evaluator = new AdmissionEvaluator({
      policies: [policy('ok', [rule(['configmaps'])], 'true')],
      bindings: [binding('ok', 'ok', { validationActions: ['Audit'] })]
    })
    const response = evaluator.evaluate({ operation: 'CREATE', object: object('ConfigMap', 'x') })
    expect(auditedFailures(response)).toBeUndefined()
  })
})

describe('mutations that change nothing', () => {
  it('leave the object as it was (no mutatedObject)', () => {
    const noop = {
      apiVersion: 'admissionregistration.k8s.io/v1beta1',
      kind: 'MutatingAdmissionPolicy',
      metadata: { name: 'noop' },
      spec: {
        matchConstraints: { resourceRules: [rule(['configmaps'])] },
        mutations: [
          {
            patchType: 'ApplyConfiguration',
            applyConfiguration: { expression: 'Object{data: Object.data{a: "1"}}' }
          }
        ]
      }
    }
    const noopBinding = {
      apiVersion: 'admissionregistration.k8s.io/v1beta1',
      kind: 'MutatingAdmissionPolicyBinding',
      metadata: { name: 'noop' },
      spec: { policyName: 'noop' }
    }
    const evaluator = new AdmissionEvaluator({ policies: [noop], bindings: [noopBinding] })
    const response = evaluator.evaluate({ operation: 'CREATE', object: object('ConfigMap', 'x') })
    expect(response.mutations).toEqual([
      { policy: 'noop', binding: 'noop', changes: [], errors: [] }
    ])
    expect(response.mutatedObject).toBeUndefined()
  })
})
