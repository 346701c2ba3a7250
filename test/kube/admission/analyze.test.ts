/**
 * fixtures/admission through the static policy checks of `celgate check` (issue 4 item 8):
 * the apiserver's create-time errors at the expression (and the offending token), the type
 * checking it records in the policy status, binding checks, and the cost estimates.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { Finding } from '../../../src/findings/model.js'
import {
  analyzeAdmissionPolicies,
  type AdmissionAnalysis
} from '../../../src/kube/admission/index.js'
import { fixtureWorkspace } from './workspace.js'

let analysis: AdmissionAnalysis
beforeAll(async () => {
  const ws = await fixtureWorkspace('fixtures/admission')
  analysis = analyzeAdmissionPolicies(ws, { kubernetesVersions: ['1.35', '1.36', '1.37'] })
}, 120_000)

const of = (file: string, ruleId?: string): Finding[] =>
  analysis.findings.filter(
    (f) =>
      f.location.file === `fixtures/admission/policies/${file}` && (!ruleId || f.ruleId === ruleId)
  )
const at = (f: Finding | undefined): string =>
  `${f?.location.range?.startLine}:${f?.location.range?.startColumn}`

describe('admission policy compile errors', () => {
  it('an undeclared params reference: the apiserver message at the offending token', () => {
    const params = of('broken.yaml', 'admission/cel-compile-error').find((f) =>
      f.message.includes('spec.validations[1].expression')
    )
    expect(params?.severity).toBe('error')
    expect(params?.kubernetesVersions).toEqual(['1.35', '1.36', '1.37'])
    expect(params?.message).toBe(
      [
        "Kubernetes 1.35, 1.36 and 1.37 reject this ValidatingAdmissionPolicy: spec.validations[1].expression: Invalid value: \"object.metadata.name.startsWith(params.prefix)\": compilation failed: ERROR: <input>:1:33: undeclared reference to 'params' (in container '')",
        ' | object.metadata.name.startsWith(params.prefix)',
        ' | ................................^'
      ].join('\n')
    )
    // Column 20 of the YAML value plus the 32 characters before `params`.
    expect(at(params)).toBe('17:52')
  })

  it('messageExpressions have no authorizer', () => {
    const message = of('broken.yaml', 'admission/cel-compile-error').find((f) =>
      f.message.includes('spec.validations[2].messageExpression')
    )
    expect(message?.message).toContain("undeclared reference to 'authorizer'")
    expect(at(message)).toBe('20:27')
  })

  it('policies without compile errors have none', () => {
    for (const file of [
      'replica-limit.yaml',
      'team-label.yaml',
      'host-path-audit.yaml',
      'default-labels.yaml'
    ])
      expect(of(file).filter((f) => f.severity === 'error')).toEqual([])
  })
})

describe('API validation of policies and bindings', () => {
  it('reports the field errors the apiserver gives on create', () => {
    const messages = of('broken.yaml', 'admission/invalid-object').map((f) =>
      f.message.split(': ').slice(1).join(': ')
    )
    expect(messages).toEqual([
      `spec.matchConstraints.resourceRules[0].operations: Invalid value: ["*","CREATE"]: if '*' is present, must not specify other operations`,
      'spec.validations[2].message: Invalid value: "two\\nlines": message must not contain line breaks',
      'spec.validations[2].reason: Unsupported value: "BadRequest": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"',
      'spec.paramRef.name: Forbidden: name and selector are mutually exclusive',
      'spec.paramRef.selector: Forbidden: name and selector are mutually exclusive',
      'spec.validationActions: Invalid value: ["Deny","Warn"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)'
    ])
  })

  it('warns about a binding to a missing policy and a policy without binding', () => {
    const orphan = of('broken.yaml', 'admission/binding-without-policy')
    expect(orphan.map((f) => f.message)).toEqual([
      "No ValidatingAdmissionPolicy named 'no-such-policy' is in the checked files; the apiserver ignores this binding until one exists."
    ])
    expect(at(orphan[0])).toBe('40:15')
    const unbound = of('broken.yaml', 'admission/policy-without-binding')
    expect(unbound).toHaveLength(1)
    expect(at(unbound[0])).toBe('47:9')
  })
})

describe('type checking against the matched kinds', () => {
  it('warns where the apiserver records status.typeChecking warnings', () => {
    const warnings = of('broken.yaml', 'admission/cel-type-warning')
    // Only the expression that compiles but mistypes a Deployment field; the others are errors.
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.severity).toBe('warning')
    expect(warnings[0]?.message).toContain(
      "apps/v1, Kind=Deployment: ERROR: <input>:1:22: found no matching overload for '_>_' applied to '(int, string)'"
    )
    expect(at(warnings[0])).toBe('15:19')
  })
})

describe('cost estimates', () => {
  it('are information beside the runtime budgets', () => {
    const [cost] = of('replica-limit.yaml', 'admission/cel-cost-estimate')
    expect(cost?.severity).toBe('notice')
    expect(cost?.message).toContain('Kubernetes has no static cost limit for admission policies')
    expect(cost?.message).toContain('spec.variables[0].expression: 2')
    expect(cost?.message).toContain('spec.validations[0].expression: 4')
    const report = analysis.policies.find((p) => p.name === 'replica-limit')
    expect(report?.expressions.map((e) => e.path)).toEqual([
      'spec.variables[0].expression',
      'spec.validations[0].expression',
      'spec.validations[0].messageExpression'
    ])
    expect(report?.expressions[1]?.costs).toEqual([
      { kubernetesVersion: '1.35', min: 4n, max: 4n },
      { kubernetesVersion: '1.36', min: 4n, max: 4n },
      { kubernetesVersion: '1.37', min: 4n, max: 4n }
    ])
  })

  it('says when the estimator cannot bound an expression', () => {
    const [cost] = of('host-path-audit.yaml', 'admission/cel-cost-estimate')
    expect(cost?.message).toContain(
      'spec.validations[0].expression: unbounded (sizes of object fields are unknown to the estimator)'
    )
  })
})
