/**
 * The apiserver's create validation of HorizontalPodAutoscalers, RBAC roles and bindings, and
 * ServiceAccounts through the check pipeline: each error is a builtin/invalid finding with the
 * apiserver's text at the line of its field (or of the nearest field written). The rules
 * themselves are covered by test/conformance/tables/builtin-autoscaling.json and
 * builtin-rbac.json.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'celgate-rbac-hpa-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The builtin/ findings of one file as [line, message]. */
async function invalid(manifest: string, version = '1.36'): Promise<Array<[number, string]>> {
  writeFileSync(path.join(dir, 'objects.yaml'), manifest)
  const { check: options } = resolveOptions(dir, {}, { 'kubernetes-versions': version })
  const { result } = await check(options, silentLogger)
  return result.findings
    .filter((f) => f.ruleId.startsWith('builtin/'))
    .map((f): [number, string] => [f.location.range?.startLine ?? 0, f.message])
    .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
}

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 5
  maxReplicas: 3
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 0
  behavior:
    scaleDown:
      policies: []
    scaleUp:
      stabilizationWindowSeconds: 7200
`

const RBAC = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: reader
  namespace: apps
rules:
- verbs: [get]
  nonResourceURLs: [/healthz]
- apiGroups: [""]
  resources: [pods]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: builder
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: builder
subjects:
- kind: ServiceAccount
  name: builder
- kind: User
  name: jane
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: builder
  namespace: ci
imagePullSecrets:
- name: Not_A_Secret_Name
`

describe('HorizontalPodAutoscaler validation', () => {
  it('reports each error at its field, after v2 defaulting', async () => {
    expect(await invalid(HPA)).toEqual([
      [11, 'spec.maxReplicas: Invalid value: 3: must be greater than or equal to `minReplicas`'],
      [
        18,
        'spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0'
      ],
      [21, 'spec.behavior.scaleDown.policies: Required value: must specify at least one Policy'],
      [
        23,
        'spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: 7200: must be less than or equal to 3600'
      ]
    ])
  })
})

describe('RBAC and ServiceAccount validation', () => {
  it('reports rule, roleRef and subject errors at their fields; a ServiceAccount has only ObjectMeta rules', async () => {
    expect(await invalid(RBAC)).toEqual([
      [
        8,
        'rules[0].nonResourceURLs: Invalid value: ["/healthz"]: namespaced rules cannot apply to non-resource URLs'
      ],
      [9, 'rules[1].verbs: Required value: verbs must contain at least one value'],
      [18, 'roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"'],
      [21, 'subjects[0].namespace: Required value']
    ])
  })

  it('prints the URL list as Go syntax up to 1.33', async () => {
    const found = await invalid(RBAC, '1.33')
    expect(found[0]).toEqual([
      8,
      'rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs'
    ])
  })
})
