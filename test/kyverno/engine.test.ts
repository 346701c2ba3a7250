import { describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import {
  admissionDecision,
  evaluatePolicy,
  evaluateValidatingPolicy,
  toReportResult,
  validatingPolicyDenial
} from '../../src/kyverno/index.js'
import type {
  EvaluationOptions,
  KyvernoPolicy,
  PolicyException,
  RuleResult,
  ValidatingPolicy
} from '../../src/kyverno/index.js'

const y = <T>(text: string): T => parse(text) as T
type Json = Record<string, unknown>

const run = (policy: string, resource: string, options: EvaluationOptions = {}): RuleResult[] => [
  ...evaluatePolicy(y<KyvernoPolicy>(policy), y<Json>(resource), options).rules
]
const brief = (rules: readonly RuleResult[]): string[] =>
  rules.map((r) => `${r.rule} ${r.status}: ${r.message}`)

const POD = `
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: prod, labels: {app: web}}
spec:
  containers:
  - {name: nginx, image: "nginx:latest"}
  - {name: side, image: "busybox:1.36", resources: {limits: {memory: 64Mi}}}
`

describe('pattern rules', () => {
  const policy = `
apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata: {name: disallow-latest-tag}
spec:
  validationFailureAction: Enforce
  rules:
  - name: validate-image-tag
    match: {any: [{resources: {kinds: [Pod]}}]}
    validate:
      message: "Using a mutable image tag e.g. 'latest' is not allowed"
      pattern: {spec: {containers: [{image: "!*:latest"}]}}
`

  it('fails with the message, a full stop and the path', () => {
    expect(brief(run(policy, POD))).toEqual([
      "validate-image-tag fail: validation error: Using a mutable image tag e.g. 'latest' is not allowed. rule validate-image-tag failed at path /spec/containers/0/image/"
    ])
  })

  it('passes with "validation rule … passed." and applies autogen to controllers', () => {
    const deployment = `
apiVersion: apps/v1
kind: Deployment
metadata: {name: d, namespace: prod}
spec: {template: {spec: {containers: [{name: a, image: "a:1"}]}}}
`
    expect(brief(run(policy, deployment))).toEqual([
      "autogen-validate-image-tag pass: validation rule 'autogen-validate-image-tag' passed."
    ])
  })

  it('gives no result at all when the rule does not match', () => {
    expect(run(policy, 'apiVersion: v1\nkind: Service\nmetadata: {name: s}')).toEqual([])
  })

  it('joins anyPattern failures after the message', () => {
    const anyPattern = `
kind: ClusterPolicy
metadata: {name: p}
spec:
  rules:
  - name: limits
    match: {any: [{resources: {kinds: [Pod]}}]}
    validate:
      message: Limits are required
      anyPattern:
      - spec: {containers: [{resources: {limits: {memory: "?*"}}}]}
      - metadata: {labels: {exempt: "true"}}
`
    expect(brief(run(anyPattern, POD))).toEqual([
      'limits fail: validation error: Limits are required. rule limits[0] failed at path /spec/containers/0/resources/ rule limits[1] failed at path /metadata/labels/exempt/'
    ])
  })
})

describe('deny, preconditions, context and foreach', () => {
  it('fails deny rules with the raw message and passes otherwise', () => {
    const policy = `
kind: ClusterPolicy
metadata: {name: p}
spec:
  rules:
  - name: no-prod
    match: {any: [{resources: {kinds: [Pod]}}]}
    context:
    - name: blocked
      variable: {value: [prod, staging]}
    validate:
      message: "{{ request.object.metadata.namespace }} is reserved"
      deny:
        conditions:
          any:
          - {key: "{{ request.object.metadata.namespace }}", operator: AnyIn, value: "{{ blocked }}"}
`
    expect(brief(run(policy, POD))).toEqual(['no-prod fail: prod is reserved'])
    expect(brief(run(policy, POD.replace('namespace: prod', 'namespace: dev')))).toEqual([
      "no-prod pass: validation rule 'no-prod' passed."
    ])
  })

  it('skips when preconditions are not met and errors when a variable is missing', () => {
    const policy = `
kind: ClusterPolicy
metadata: {name: p}
spec:
  rules:
  - name: r
    match: {any: [{resources: {kinds: [Pod]}}]}
    preconditions:
      all:
      - {key: "{{ request.object.metadata.labels.team }}", operator: Equals, value: a, message: team a only}
    validate: {deny: {}}
`
    expect(brief(run(policy, POD))).toEqual([
      'r error: failed to evaluate preconditions: failed to substitute variables in condition key: failed to resolve request.object.metadata.labels.team at path : JMESPath query failed: Unknown key "team" in path'
    ])
    const guarded = policy.replace('labels.team }}', "labels.team || '' }}")
    expect(brief(run(guarded, POD))).toEqual(['r skip: preconditions not met; team a only'])
  })

  it('reports the first failing foreach element', () => {
    const policy = `
kind: ClusterPolicy
metadata: {name: p}
spec:
  rules:
  - name: limits
    match: {any: [{resources: {kinds: [Pod]}}]}
    validate:
      foreach:
      - list: request.object.spec.containers
        deny:
          conditions:
            any:
            - {key: "{{ element.resources.limits.memory || '' }}", operator: Equals, value: "", message: "{{ element.name }} needs a memory limit"}
`
    expect(brief(run(policy, POD))).toEqual([
      'limits fail: validation failure: nginx needs a memory limit'
    ])
  })
})

describe('exceptions, updates and namespaced policies', () => {
  const policy = `
kind: ClusterPolicy
metadata: {name: require-team}
spec:
  rules:
  - name: team-label
    match: {any: [{resources: {kinds: [Pod]}}]}
    validate:
      failureAction: Enforce
      pattern: {metadata: {labels: {team: "?*"}}}
`

  it('skips rules with a matching PolicyException', () => {
    const exception = y<PolicyException>(`
apiVersion: kyverno.io/v2
kind: PolicyException
metadata: {name: web-ok, namespace: prod}
spec:
  exceptions: [{policyName: require-team, ruleNames: ["team-*"]}]
  match: {any: [{resources: {kinds: [Pod], names: [web]}}]}
`)
    const [result] = run(policy, POD, { exceptions: [exception] })
    expect(result?.status).toBe('skip')
    expect(result?.message).toBe('rule is skipped due to policy exceptionsprod/web-ok')
  })

  it('allows a violation an UPDATE did not introduce', () => {
    expect(brief(run(policy, POD, { operation: 'UPDATE' }))).toEqual([
      'team-label skip: skipping the rule evaluation as pre-existing violations are allowed'
    ])
  })

  it('applies a namespaced Policy only in its namespace', () => {
    const namespaced = policy
      .replace('kind: ClusterPolicy', 'kind: Policy')
      .replace('name: require-team}', 'name: require-team, namespace: dev}')
    expect(run(namespaced, POD)).toEqual([])
    expect(run(namespaced, POD.replace('namespace: prod', 'namespace: dev'))[0]?.status).toBe(
      'fail'
    )
  })

  it('decides admission and builds report entries', () => {
    const rules = run(policy, POD)
    const decision = admissionDecision([{ policy: y<KyvernoPolicy>(policy), rules }], y<Json>(POD))
    expect(decision.blocked).toBe(true)
    expect(decision.message).toBe(
      '\n\nresource Pod/prod/web was blocked due to the following policies \n\nrequire-team:\n  team-label: "validation error: rule team-label failed at path /metadata/labels/team/"\n'
    )
    expect(toReportResult(y<KyvernoPolicy>(policy), rules[0]!)).toEqual({
      source: 'kyverno',
      policy: 'require-team',
      rule: 'team-label',
      message: 'validation error: rule team-label failed at path /metadata/labels/team/',
      result: 'fail',
      scored: true,
      properties: { process: 'background scan' }
    })
  })
})

describe('CEL', () => {
  it('runs validate.cel rules like a ValidatingAdmissionPolicy', () => {
    const policy = `
kind: ClusterPolicy
metadata: {name: p}
spec:
  rules:
  - name: replicas
    match: {any: [{resources: {kinds: [Deployment]}}]}
    validate:
      cel:
        expressions:
        - expression: "object.spec.replicas <= 3"
          message: too many replicas
`
    const deployment = (n: number): string => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: d, namespace: prod}
spec: {replicas: ${n}}
`
    expect(brief(run(policy, deployment(5)))).toEqual(['replicas fail: too many replicas'])
    expect(brief(run(policy, deployment(2)))).toEqual([
      "replicas pass: Validation rule 'replicas' passed."
    ])
  })

  it('evaluates ValidatingPolicies in order and words the webhook denial', () => {
    const policy = y<ValidatingPolicy>(`
apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata: {name: check-labels}
spec:
  matchConstraints:
    resourceRules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods]}]
  variables: [{name: team, expression: "object.metadata.?labels.team.orValue('')"}]
  validations:
  - expression: "variables.team != ''"
  - expression: "object.metadata.name.startsWith(variables.team)"
    messageExpression: "'name must start with ' + variables.team"
`)
    const result = evaluateValidatingPolicy(policy, y<Json>(POD)).rules
    expect(brief(result)).toEqual([' fail: CEL expression validation failed at index 0'])
    const labelled = y<Json>(POD.replace('{app: web}', '{app: web, team: ops}'))
    const failed = evaluateValidatingPolicy(policy, labelled).rules[0]!
    expect(failed.message).toBe('name must start with ops')
    expect(validatingPolicyDenial(policy, failed.message)).toBe(
      'admission webhook "vpol.validate.kyverno.svc-fail" denied the request: Policy check-labels failed: name must start with ops'
    )
  })
})

describe('malformed input', () => {
  it('never throws: bad policies and resources become error results or no results', () => {
    const policies: unknown[] = [
      {},
      { spec: { rules: 'x' } },
      { spec: { rules: [null] } },
      { spec: { rules: [{ name: 'r', match: 'Pod', validate: { pattern: 5 } }] } },
      {
        spec: {
          rules: [
            {
              name: 'r',
              match: { any: [{ resources: { kinds: ['Pod'] } }] },
              validate: { anyPattern: {} }
            }
          ]
        }
      },
      {
        spec: {
          rules: [
            {
              name: 'r',
              match: { any: [{ resources: { kinds: ['Pod'] } }] },
              validate: { deny: { conditions: 'x' } }
            }
          ]
        }
      },
      {
        spec: {
          rules: [
            {
              name: 'r',
              match: {
                any: [{ resources: { kinds: ['Pod'], selector: { matchLabels: { 'a b': 'c' } } } }]
              },
              validate: { deny: {} }
            }
          ]
        }
      },
      {
        spec: {
          rules: [
            {
              name: 'r',
              match: { any: [{ resources: { kinds: ['Pod'] } }] },
              context: [{ name: 'x' }],
              validate: { deny: {} }
            }
          ]
        }
      },
      {
        spec: {
          rules: [
            {
              name: 'r',
              match: { any: [{ resources: { kinds: ['Pod'] } }] },
              validate: { foreach: [{ list: '][', deny: {} }] }
            }
          ]
        }
      },
      {
        spec: {
          rules: [
            {
              name: 'r',
              match: { any: [{ resources: { kinds: ['Pod'] } }] },
              validate: { cel: { expressions: [{ expression: '1 +' }] } }
            }
          ]
        }
      }
    ]
    for (const policy of policies) {
      for (const resource of [{}, y<Json>(POD), { kind: 'Pod', metadata: 'x' }]) {
        expect(() => evaluatePolicy(policy as KyvernoPolicy, resource)).not.toThrow()
      }
    }
    const [anyPatternObject] = run(
      'kind: ClusterPolicy\nmetadata: {name: p}\nspec: {rules: [{name: r, match: {any: [{resources: {kinds: [Pod]}}]}, validate: {anyPattern: {a: 1}}}]}',
      POD
    )
    expect(anyPatternObject?.status).toBe('error')
  })

  it('marks results that depend on cluster-only context data as undecidable', () => {
    const policy = `
kind: ClusterPolicy
metadata: {name: p}
spec:
  rules:
  - name: r
    match: {any: [{resources: {kinds: [Pod]}}]}
    context:
    - name: allowed
      configMap: {name: allowed-registries, namespace: kyverno}
    validate:
      deny:
        conditions:
          any:
          - {key: "{{ request.object.metadata.name }}", operator: AnyNotIn, value: "{{ allowed.data.names || '' }}"}
`
    const [result] = run(policy, POD)
    expect(result?.undecidable).toContain('context entry "allowed" needs data from a live cluster')
    const [resolved] = run(policy, POD, {
      resolveContextEntry: () => ({ data: { names: '["web"]' } })
    })
    expect(result?.undecidable === undefined).toBe(false)
    expect(resolved).toMatchObject({ status: 'pass' })
    expect(resolved?.undecidable).toBeUndefined()
  })
})
