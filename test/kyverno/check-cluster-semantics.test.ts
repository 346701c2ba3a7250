/**
 * `celgate check`'s dry-runs evaluate as the cluster would (issue 30, Kyverno section):
 * policies.kyverno.io PolicyExceptions apply, expired ones not from Kyverno 1.19, resources
 * without a namespace are matched in the namespace they are created in, 1.19 warns on the legacy
 * kyverno.io kinds, and the report layout follows the Kyverno release.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { dryRunAdmissionPolicies } from '../../src/kube/admission/index.js'
import { analyzeKyvernoPolicies, type KyvernoCheckOptions } from '../../src/kyverno/check.js'
import { toReportResult } from '../../src/kyverno/report.js'
import type { KyvernoPolicy } from '../../src/kyverno/types.js'
import { fixtureWorkspace } from '../kube/admission/workspace.js'

const NOW = new Date('2026-09-01T00:00:00Z')
const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** A repository of the given files (name → YAML). */
async function repository(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-kyvcheck-'))
  dirs.push(dir)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  return fixtureWorkspace(dir)
}

async function kyverno(files: Record<string, string>, options: KyvernoCheckOptions = {}) {
  return analyzeKyvernoPolicies(await repository(files), { now: NOW, ...options })
}

const rows = (run: Awaited<ReturnType<typeof kyverno>>) =>
  run.facts.matrix.map(
    (c) => `${c.policy} ${c.resource.name} ${c.outcome} ${c.rules.map((r) => r.message).join()}`
  )

// kyverno release-1.19 (c53e5bd8f7c6, last change 9a3397c4aed8):
// test/conformance/chainsaw/validating-policies/exceptions/exclude-deployments — the policy
// rejects bad-deployment; skipped-deployment is created because the exception matches it.
const VPOL = `apiVersion: policies.kyverno.io/v1beta1
kind: ValidatingPolicy
metadata:
  name: check-deployment-labels
spec:
  validationActions:
    - Deny
  matchConstraints:
    resourceRules:
    - apiGroups:   [apps]
      apiVersions: [v1]
      operations:  [CREATE, UPDATE]
      resources:   [deployments]
  variables:
    - name: environment
      expression: >-
        has(object.metadata.labels) && 'env' in object.metadata.labels && object.metadata.labels['env'] == 'prod'
  validations:
    - expression: >-
        variables.environment == true
      message: >-
        Deployment labels must be env=prod
`
const EXCEPTION = `apiVersion: policies.kyverno.io/v1alpha1
kind: PolicyException
metadata:
  name: pod-security-exception
spec:
  policyRefs:
  - name: "check-deployment-labels"
    kind: ValidatingPolicy
  matchConditions:
    - name: "check-name"
      expression: "object.metadata.name == 'skipped-deployment'"
`
const deployment = (name: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  labels:
    app: nginx
    env: testing
spec:
  replicas: 1
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: public.ecr.aws/docker/library/nginx:latest
`
const EXCLUDE_DEPLOYMENTS = {
  'policy.yaml': VPOL,
  'exception.yaml': EXCEPTION,
  'bad-deployment.yaml': deployment('bad-deployment'),
  'skipped-deployment.yaml': deployment('skipped-deployment')
}

describe('policies.kyverno.io PolicyExceptions', () => {
  it('exempt the resources they match, as the webhook does', async () => {
    const run = await kyverno(EXCLUDE_DEPLOYMENTS)
    expect(run.findings.map((f) => `${f.ruleId} ${path.basename(f.location.file)}`)).toEqual([
      'kyverno/enforce-failed bad-deployment.yaml'
    ])
    expect(rows(run).sort()).toEqual([
      'check-deployment-labels bad-deployment enforce-fail Deployment labels must be env=prod',
      'check-deployment-labels skipped-deployment skip rule is skipped due to policy exception: pod-security-exception'
    ])
  })

  // pkg/cel/engine/exception.go ListExceptions skips `exception.IsExpired()` from 1.19
  // (kyverno 044b2db7d "feat: honor expired CEL PolicyExceptions"; exception_test.go "expired
  // exception is ignored"); release-1.18 has no such check.
  const expired = {
    ...EXCLUDE_DEPLOYMENTS,
    'exception.yaml': EXCEPTION.replace('spec:\n', 'spec:\n  expiresAt: "2026-05-01T00:00:00Z"\n')
  }

  it('no longer apply once expired, from Kyverno 1.19', async () => {
    const run = await kyverno(expired, { kyvernoVersion: '1.19' })
    expect(run.findings.map((f) => path.basename(f.location.file)).sort()).toEqual([
      'bad-deployment.yaml',
      'skipped-deployment.yaml'
    ])
  })

  it('still apply once expired up to 1.18, and before expiry', async () => {
    const old = await kyverno(expired, { kyvernoVersion: '1.18' })
    expect(old.findings.map((f) => path.basename(f.location.file))).toEqual(['bad-deployment.yaml'])
    const early = await kyverno(expired, {
      kyvernoVersion: '1.19',
      now: new Date('2026-04-30T23:59:59Z')
    })
    expect(early.findings.map((f) => path.basename(f.location.file))).toEqual([
      'bad-deployment.yaml'
    ])
  })
})

describe('resources without metadata.namespace', () => {
  // kubernetes/website content/en/docs/reference/access-authn-authz/validating-admission-policy.md:
  // demo-policy.example.com bound to namespaces labelled environment=test only. kubectl sends a
  // Deployment without a namespace to `default` (the apiserver sets it on the object, create.go
  // EnsureObjectNamespaceMatchesRequestNamespace), whose labels do not match; webhook/predicates/
  // namespace/matcher.go MatchNamespaceSelector never exempts cluster-scoped objects.
  const VAP = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "demo-policy.example.com"
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups:   ["apps"]
      apiVersions: ["v1"]
      operations:  ["CREATE", "UPDATE"]
      resources:   ["deployments"]
    - apiGroups:   ["scheduling.k8s.io"]
      apiVersions: ["v1"]
      operations:  ["CREATE", "UPDATE"]
      resources:   ["priorityclasses"]
  validations:
    - expression: "object.kind != 'Deployment' || object.spec.replicas <= 5"
    - expression: "object.kind != 'PriorityClass' || object.value < 1000"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "demo-binding-test.example.com"
spec:
  policyName: "demo-policy.example.com"
  validationActions: [Deny]
  matchResources:
    namespaceSelector:
      matchLabels:
        environment: test
`
  const objects = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: no-namespace
spec:
  replicas: 6
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: in-test
  namespace: test
spec:
  replicas: 6
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
---
apiVersion: v1
kind: Namespace
metadata:
  name: test
  labels: {environment: test}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high
  namespace: test-ignored
value: 100000
`

  it('are matched by a binding as in `default`; cluster-scoped kinds stay cluster-scoped', async () => {
    const ws = await repository({ 'policy.yaml': VAP, 'objects.yaml': objects })
    const run = dryRunAdmissionPolicies(ws, { kubernetesVersions: ['1.36'] })
    expect(run.matrix.map((m) => `${m.resource.name} ${m.outcome}`).sort()).toEqual([
      'high denied',
      'in-test denied'
    ])
  })

  // A namespace carries kubernetes.io/metadata.name (k8s.io/api core/v1 LabelMetadataName, set by
  // pkg/registry/core/namespace/strategy.go PrepareForCreate); `default` exists in every cluster.
  const policyOutsideDefault = `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: replicas-outside-default
spec:
  validationActions: [Deny]
  matchConstraints:
    namespaceSelector:
      matchExpressions:
      - {key: kubernetes.io/metadata.name, operator: NotIn, values: [default]}
    resourceRules:
    - apiGroups: [apps]
      apiVersions: [v1]
      operations: [CREATE]
      resources: [deployments]
  validations:
  - expression: "object.spec.replicas <= 5"
    message: at most 5 replicas
---
apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: labels-outside-default
spec:
  validationFailureAction: Enforce
  rules:
  - name: check-team
    match:
      any:
      - resources:
          kinds: [Deployment]
          namespaceSelector:
            matchExpressions:
            - {key: kubernetes.io/metadata.name, operator: NotIn, values: [default]}
    validate:
      message: a team label is required
      pattern:
        metadata:
          labels:
            team: "?*"
`

  it('are matched by a Kyverno policy as in `default`, with its name label', async () => {
    const run = await kyverno(
      { 'policy.yaml': policyOutsideDefault, 'objects.yaml': objects },
      { kyvernoVersion: '1.18' }
    )
    expect(run.findings.map((f) => `${f.ruleId} ${String(f.data?.policy)}`).sort()).toEqual([
      'kyverno/enforce-failed labels-outside-default',
      'kyverno/enforce-failed replicas-outside-default'
    ])
    expect(run.facts.matrix.map((c) => `${c.policy} ${c.resource.name}`).sort()).toEqual([
      'labels-outside-default in-test',
      'replicas-outside-default in-test'
    ])
  })
})

describe('Kyverno 1.19 deprecations', () => {
  // kyverno release-1.19 pkg/deprecations/deprecations.go (deprecations_test.go TestWarning),
  // returned by the policy, exception and cleanup-policy webhooks.
  const legacy = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-labels
spec:
  rules:
  - name: check
    match:
      any:
      - resources: {kinds: [Pod]}
    validate:
      pattern: {metadata: {labels: {app: "?*"}}}
---
apiVersion: kyverno.io/v2
kind: CleanupPolicy
metadata:
  name: cleanup
  namespace: team
spec:
  match:
    any:
    - resources: {kinds: [Pod]}
  schedule: "*/5 * * * *"
---
apiVersion: kyverno.io/v2
kind: PolicyException
metadata:
  name: exempt
  namespace: team
spec:
  exceptions:
  - policyName: require-labels
    ruleNames: [check]
  match:
    any:
    - resources: {kinds: [Pod]}
`

  it('warn on each legacy kind with its replacement', async () => {
    const run = await kyverno({ 'legacy.yaml': legacy }, { kyvernoVersion: '1.19' })
    const warnings = run.findings.filter((f) => f.ruleId === 'kyverno/deprecated-kind')
    expect(
      warnings.map((f) => `${f.severity} ${f.location.range?.startLine} ${f.message}`)
    ).toEqual([
      'warning 2 Kyverno 1.19 warns when this ClusterPolicy is created: ClusterPolicy (kyverno.io) is deprecated and will be removed in a future release; migrate to ValidatingPolicy, MutatingPolicy, GeneratingPolicy or ImageValidatingPolicy (policies.kyverno.io), see https://kyverno.io/docs/guides/migration-to-cel/',
      'warning 15 Kyverno 1.19 warns when this CleanupPolicy is created: CleanupPolicy (kyverno.io) is deprecated and will be removed in a future release; migrate to NamespacedDeletingPolicy (policies.kyverno.io), see https://kyverno.io/docs/guides/migration-to-cel/',
      'warning 26 Kyverno 1.19 warns when this PolicyException is created: PolicyException (kyverno.io) is deprecated and will be removed in a future release; migrate to PolicyException (policies.kyverno.io), see https://kyverno.io/docs/guides/migration-to-cel/'
    ])
  })

  it('are not given by releases before 1.19', async () => {
    const run = await kyverno({ 'legacy.yaml': legacy }, { kyvernoVersion: '1.18' })
    expect(run.findings.filter((f) => f.ruleId === 'kyverno/deprecated-kind')).toEqual([])
  })
})

describe('the report layout', () => {
  // Kyverno 1.12 replaced the aggregated admission/background reports and the per-namespace
  // PolicyReports by ephemeral reports merged into one PolicyReport per resource
  // (release-1.12 pkg/controllers/report/aggregate/controller.go).
  it('follows the Kyverno release unless set', async () => {
    const files = {
      'policy.yaml': VPOL,
      'deployment.yaml': deployment('web')
    }
    const layouts = await Promise.all(
      (['1.11', '1.12', '1.19'] as const).map(async (v) => {
        const run = await kyverno(files, { kyvernoVersion: v })
        return `${v} ${run.facts.layout} ${run.reportSet.layout}`
      })
    )
    expect(layouts).toEqual([
      '1.11 aggregated aggregated',
      '1.12 per-resource per-resource',
      '1.19 per-resource per-resource'
    ])
    const set = await kyverno(files, { kyvernoVersion: '1.19', reportLayout: 'aggregated' })
    expect(set.facts.layout).toBe('aggregated')
    expect((await kyverno(files)).facts.layout).toBe('per-resource')
  })
})

describe("Kyverno's CEL environment", () => {
  // Kyverno release-1.18 go.mod: cel-go v0.27.0; release-1.19: v0.30.0. cel-go v0.28.0
  // (b62dcafe "Check arg kinds in optional.or and .orValue impl") made `x.or(y)` on a value that
  // is not optional an error; before, x was the result. Kyverno shims only orValue
  // (pkg/cel/compiler OrValueCompatEnvOptions).
  const policy = `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: labels-or
spec:
  validationActions: [Deny]
  matchConstraints:
    resourceRules:
    - apiGroups: [apps]
      apiVersions: [v1]
      operations: [CREATE]
      resources: [deployments]
  validations:
  - expression: "object.metadata.labels.or(optional.none()) == object.metadata.labels"
    message: labels are required
`

  it("follows the release's cel-go", async () => {
    const files = { 'policy.yaml': policy, 'deployment.yaml': deployment('web') }
    const cells = await Promise.all(
      (['1.18', '1.19'] as const).map(async (v) => {
        const run = await kyverno(files, { kyvernoVersion: v })
        return `${v} ${rows(run).join()}`
      })
    )
    expect(cells).toEqual([
      '1.18 labels-or web pass success',
      '1.19 labels-or web error error: no such overload'
    ])
  })
})

describe('report entries of the other policy kinds', () => {
  // kyverno release-1.19 pkg/utils/report/results.go ToPolicyReportResult and source.go: each
  // kind's source; admission policies are named by the rule (the policy) and are background
  // scans; GeneratingPolicies admission reviews; the CEL policy kinds follow spec.evaluation.
  const entry = (kind: string, spec: Record<string, unknown> = {}) => {
    const policy = { apiVersion: 'x/v1', kind, metadata: { name: 'p' }, spec } as KyvernoPolicy
    const r = toReportResult(policy, { rule: 'vap-name', status: 'fail', message: 'm' })
    return `${r.source} ${r.policy} ${r.properties?.process}`
  }

  it("carry Kyverno's source and process", () => {
    expect(
      [
        'ValidatingAdmissionPolicy',
        'MutatingAdmissionPolicy',
        'ValidatingPolicy',
        'NamespacedMutatingPolicy',
        'ImageValidatingPolicy',
        'GeneratingPolicy',
        'ClusterPolicy'
      ].map((k) => entry(k))
    ).toEqual([
      'ValidatingAdmissionPolicy vap-name background scan',
      'MutatingAdmissionPolicy vap-name background scan',
      'KyvernoValidatingPolicy p background scan',
      'KyvernoMutatingPolicy p background scan',
      'KyvernoImageValidatingPolicy p background scan',
      'KyvernoGeneratingPolicy p admission review',
      'kyverno p background scan'
    ])
    expect(entry('MutatingPolicy', { evaluation: { background: { enabled: false } } })).toBe(
      'KyvernoMutatingPolicy p admission review'
    )
  })
})
