/**
 * Admission objects named `*.static.k8s.io` (fixtures/static-suffix): kubernetes
 * pkg/apis/admissionregistration/validation/static_suffix.go (ValidateStaticSuffix,
 * WarningsForStaticSuffix; the cases of static_suffix_test.go) as the registry strategies call
 * them under the ManifestBasedAdmissionControlConfig gate (kubernetes/apiserver
 * pkg/features/kube_features.go at v0.37.0-beta.0: alpha and off in 1.36, beta and on in 1.37).
 * 1.36 warns on create, 1.37 refuses, older releases accept the name silently; a refused policy
 * or binding takes no part in the dry-run.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { Finding } from '../../../src/findings/model.js'
import {
  analyzeAdmissionPolicies,
  dryRunAdmissionPolicies
} from '../../../src/kube/admission/index.js'
import { staticSuffixOutcome } from '../../../src/kube/admission/static-suffix.js'
import type { Workspace } from '../../../src/workspace/workspace.js'
import { fixtureWorkspace } from './workspace.js'

let ws: Workspace
let findings: Finding[]
beforeAll(async () => {
  ws = await fixtureWorkspace('fixtures/static-suffix')
  findings = analyzeAdmissionPolicies(ws, {
    kubernetesVersions: ['1.35', '1.36', '1.37']
  }).findings
}, 120_000)

const line = (f: Finding): string => `${f.location.range?.startLine}: ${f.ruleId}: ${f.message}`
const RESERVED =
  'names ending with ".static.k8s.io" are reserved for static manifest-based configurations and cannot be managed via the API'
const WARNING =
  'metadata.name: names ending with ".static.k8s.io" will be reserved for static manifest-based configurations when the ManifestBasedAdmissionControlConfig feature gate is enabled'

describe('static_suffix_test.go cases', () => {
  it.each([
    ['my-webhook', false],
    ['my-webhook.k8s.io', false],
    ['static.k8s.io.my-webhook', false],
    ['my-webhook.static.k8s.io', true],
    ['.static.k8s.io', true],
    ['', false]
  ])('%j reserved: %s', (name, reserved) => {
    const outcome = staticSuffixOutcome(name, ['1.35', '1.36', '1.37'])
    expect(outcome.refused?.versions).toEqual(reserved ? ['1.37'] : undefined)
    expect(outcome.warned?.versions).toEqual(reserved ? ['1.36'] : undefined)
  })
})

describe('policies and bindings named *.static.k8s.io', () => {
  it('1.37 rejects, 1.36 warns, 1.35 says nothing', () => {
    const suffix = findings
      .filter((f) => f.message.includes('static.k8s.io"'))
      .map(line)
      .sort()
    expect(suffix).toEqual(
      [
        `7: admission/invalid-object: Kubernetes 1.37 rejects this ValidatingAdmissionPolicy: metadata.name: Invalid value: "test-policy.static.k8s.io": ${RESERVED}`,
        `7: admission/apiserver-warning: Kubernetes 1.36 warns when this ValidatingAdmissionPolicy is created: ${WARNING}. Rename it (Kubernetes 1.37 refuses it): the suffix is for manifests the apiserver loads from disk.`,
        `23: admission/invalid-object: Kubernetes 1.37 rejects this ValidatingAdmissionPolicyBinding: metadata.name: Invalid value: "test-binding.static.k8s.io": ${RESERVED}`,
        `23: admission/apiserver-warning: Kubernetes 1.36 warns when this ValidatingAdmissionPolicyBinding is created: ${WARNING}. Rename it (Kubernetes 1.37 refuses it): the suffix is for manifests the apiserver loads from disk.`
      ].sort()
    )
    const warning = findings.find((f) => f.ruleId === 'admission/apiserver-warning')
    expect(warning?.severity).toBe('warning')
    expect(warning?.kubernetesVersions).toEqual(['1.36'])
  })

  it('the refused objects are not in the 1.37 cluster of the dry-run', () => {
    const denied = (version: '1.36' | '1.37'): string[] =>
      dryRunAdmissionPolicies(ws, { kubernetesVersions: [version] })
        .findings.filter((f) => f.ruleId === 'admission/denied')
        .map((f) => f.message)
    expect(denied('1.36')).toHaveLength(1)
    expect(denied('1.37')).toEqual([])
  })
})
