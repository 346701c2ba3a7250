/**
 * The CRD test-suite format as each upstream runner reads it (issue 35). Every behaviour below
 * follows one runner's code, read at these commits:
 * - openshift/api master tests/generator.go and tests/crd_filter.go (2a3d73913b5a), release-4.18
 *   tests/crd_filter.go (f9b2d1ae30eb): `generateName: test-`; feature-gate tables found by the
 *   `release.openshift.io/feature-set` annotation (master) or by file name (release-4.16..4.21);
 * - openshift/hypershift test/envtest/generator.go (3d0980bf455f) and crd_filter.go
 *   (f1003128f26a): an onCreate case without `expected` compares nothing, an onUpdate case must
 *   state exactly one outcome, tables match by `spec.featureSet`;
 * - openshift/external-secrets-operator test/apis/generator.go (189fd5cdc612) and
 *   openshift/cert-manager-operator test/apis/generator.go (47eef10bbc3f): `resourceName` is the
 *   object's name, or its generateName with `useGenerateName`;
 * - kubernetes/apimachinery pkg/util/validation/field/errors.go v0.31.0 / v0.32.0 and
 *   apiextensions-apiserver pkg/apiserver/validation/validation.go release-1.31 / release-1.32:
 *   maxLength reads "may not be longer than N" up to 1.31, "may not be more than N bytes" after.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { silentLogger } from '../../../src/core/logger.js'
import { renderTestText, runTest } from '../../../src/core/test.js'
import type { TestResult } from '../../../src/core/test.js'
import type { KubernetesVersion } from '../../../src/kube/versions.js'

const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

/** A repository from relative path → text; returns its root. */
function repository(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'celgate-harness-'))
  made.push(root)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return root
}

async function run(root: string, kubernetesVersion?: KubernetesVersion): Promise<TestResult> {
  return (
    await runTest(
      { paths: [root], ...(kubernetesVersion ? { kubernetesVersion } : {}) },
      silentLogger
    )
  ).result
}

const outcomes = (result: TestResult): Record<string, string> =>
  Object.fromEntries(
    result.suites.flatMap((s) =>
      s.cases.map((c) => [c.name, c.passed ? 'passed' : `failed: ${c.reason ?? ''}`])
    )
  )

/** A namespaced Gadget CRD; `annotations` and `rules` (root CEL rules) vary per test. */
function gadgetCrd(options: { annotations?: Record<string, string>; rules?: string } = {}): string {
  const annotations = Object.entries(options.annotations ?? {})
    .map(([k, v]) => `\n    ${k}: "${v}"`)
    .join('')
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com${annotations ? `\n  annotations:${annotations}` : ''}
spec:
  group: example.com
  scope: Namespaced
  names: { plural: gadgets, singular: gadget, kind: Gadget, listKind: GadgetList }
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object${options.rules ?? ''}
        properties:
          apiVersion: { type: string }
          kind: { type: string }
          metadata: { type: object }
          spec:
            type: object
            properties:
              size: { type: string, maxLength: 5 }
              mode: { type: string, default: auto }
`
}

const SINGLETON = `
        x-kubernetes-validations:
        - rule: self.metadata.name == 'cluster'
          message: Gadget is a singleton, .metadata.name must be 'cluster'`

const MANIFESTS = 'api/v1/zz_generated.crd-manifests'
const SUITES = 'api/v1/tests/gadgets.example.com'

describe('resourceName and useGenerateName (the operators’ runners)', () => {
  const suite = (cases: string): string => `apiVersion: apiextensions.k8s.io/v1
name: Gadget
crdName: gadgets.example.com
tests:
  onCreate:${cases}
`
  const object = `
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
    expected: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: { mode: auto }`

  it('names the object by resourceName, or generates it from resourceName', async () => {
    const root = repository({
      [`${MANIFESTS}/gadgets.crd.yaml`]: gadgetCrd({ rules: SINGLETON }),
      [`${SUITES}/gadget.testsuite.yaml`]: suite(`
  - name: named cluster
    resourceName: cluster${object}
  - name: generated from cluster
    resourceName: cluster
    useGenerateName: true${object}
  - name: the error names the object
    resourceName: other
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
    expectedError: 'Gadget.example.com "other" is invalid: <nil>: Invalid value: "object": Gadget is a singleton'
  - name: without resourceName in a suite that names its objects
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
    expectedError: 'metadata.name: Required value: name or generateName is required'`)
    })
    const result = await run(root)
    expect(outcomes(result)).toEqual({
      'named cluster': 'passed',
      'generated from cluster': expect.stringContaining('failed: the request was rejected'),
      'the error names the object': 'passed',
      'without resourceName in a suite that names its objects': 'passed'
    })
    const generated = result.suites[0]!.cases.find((c) => c.name === 'generated from cluster')
    expect(generated?.actualError).toMatch(/^Gadget\.example\.com "cluster[a-z0-9]{5}" is invalid/)
  })

  it('keeps generateName: test- for suites in the openshift/api format', async () => {
    const root = repository({
      [`${MANIFESTS}/gadgets.crd.yaml`]: gadgetCrd({ rules: SINGLETON }),
      [`${SUITES}/gadget.testsuite.yaml`]: suite(`
  - name: generated
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
    expectedError: 'Gadget.example.com "test-'
  - name: named in the object
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      metadata: { name: cluster }
      spec: {}
    expected: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: { mode: auto }`)
    })
    const result = await run(root)
    expect(outcomes(result)).toEqual({ generated: 'passed', 'named in the object': 'passed' })
  })
})

describe('a case without `expected`', () => {
  it('compares nothing on create, and fails an update that states no outcome', async () => {
    const root = repository({
      [`${MANIFESTS}/gadgets.crd.yaml`]: gadgetCrd(),
      [`${SUITES}/gadget.testsuite.yaml`]: `apiVersion: apiextensions.k8s.io/v1
name: Gadget
crdName: gadgets.example.com
tests:
  onCreate:
  - name: defaulted, nothing compared
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
  - name: rejected, so it fails
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: { size: toolong }
  onUpdate:
  - name: no outcome
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
    updated: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: { size: ok }
  - name: expected error on update
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
    updated: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: { size: toolong }
    expectedError: 'spec.size: Too long'
`
    })
    const result = await run(root)
    expect(outcomes(result)).toEqual({
      'defaulted, nothing compared': 'passed',
      'rejected, so it fails': 'failed: the request was rejected',
      'no outcome':
        'failed: the update case states no outcome: set one of `expected`, `expectedError` or `expectedStatusError`',
      'expected error on update': 'passed'
    })
    expect(result.passed).toBe(false)
  })
})

describe('maxLength messages by the Kubernetes version of the runner', () => {
  const root = (): string =>
    repository({
      [`${MANIFESTS}/gadgets.crd.yaml`]: gadgetCrd(),
      [`${SUITES}/gadget.testsuite.yaml`]: `apiVersion: apiextensions.k8s.io/v1
name: Gadget
crdName: gadgets.example.com
tests:
  onCreate:
  - name: too long, 1.30-1.31 wording
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: { size: toolong }
    expectedError: 'spec.size: Too long: may not be longer than 5'
  - name: too long, 1.32+ wording
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: { size: toolong }
    expectedError: 'spec.size: Too long: may not be more than 5 bytes'
`
    })

  it.each([
    ['1.30', true],
    ['1.31', true],
    ['1.32', false],
    ['1.36', false]
  ] as const)('on %s', async (version, legacy) => {
    const got = outcomes(await run(root(), version))
    expect(got['too long, 1.30-1.31 wording'] === 'passed').toBe(legacy)
    expect(got['too long, 1.32+ wording'] === 'passed').toBe(!legacy)
  })
})

// field.TooLong in apimachinery pkg/util/validation/field/errors.go v0.31.0 (a8f449e276fe) and
// v0.32.0 (59e9003f02d6), called for managedFields[].manager by pkg/apis/meta/v1/validation.
describe('metadata length messages by the Kubernetes version of the runner', () => {
  const manager = 'm'.repeat(129)
  const root = (): string =>
    repository({
      [`${MANIFESTS}/gadgets.crd.yaml`]: gadgetCrd(),
      [`${SUITES}/gadget.testsuite.yaml`]: `apiVersion: apiextensions.k8s.io/v1
name: Gadget
crdName: gadgets.example.com
tests:
  onCreate:
  - name: manager too long, 1.30-1.31 wording
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      metadata: { managedFields: [{ manager: ${manager}, operation: Update }] }
    expectedError: 'metadata.managedFields[0].manager: Too long: must have at most 128 bytes'
  - name: manager too long, 1.32+ wording
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      metadata: { managedFields: [{ manager: ${manager}, operation: Update }] }
    expectedError: 'metadata.managedFields[0].manager: Too long: may not be more than 128 bytes'
`
    })

  it.each([
    ['1.31', true],
    ['1.32', false]
  ] as const)('on %s', async (version, legacy) => {
    const got = outcomes(await run(root(), version))
    expect(got['manager too long, 1.30-1.31 wording'] === 'passed').toBe(legacy)
    expect(got['manager too long, 1.32+ wording'] === 'passed').toBe(!legacy)
  })
})

describe('the Kubernetes version the repository runs its suites on', () => {
  const withMakefile = (makefiles: Record<string, string>): string =>
    repository({
      [`${MANIFESTS}/gadgets.crd.yaml`]: gadgetCrd(),
      [`${SUITES}/gadget.testsuite.yaml`]: `apiVersion: apiextensions.k8s.io/v1
name: Gadget
crdName: gadgets.example.com
tests:
  onCreate:
  - name: too long
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: { size: toolong }
    expectedError: 'spec.size: Too long: may not be longer than 5'
`,
      ...makefiles
    })
  const version = (r: TestResult): [string, string] => [
    r.kubernetesVersion,
    r.kubernetesVersionFrom
  ]

  it('is envtest’s ENVTEST_K8S_VERSION from tests/Makefile (openshift/api release-4.18)', async () => {
    const root = withMakefile({
      Makefile: 'all:\n\tmake -C tests integration\n',
      'tests/Makefile':
        '# ENVTEST_K8S_VERSION refers to the version of kubebuilder assets\nENVTEST_K8S_VERSION = 1.31.1\n'
    })
    const result = await run(root)
    expect(version(result)).toEqual(['1.31', 'tests/Makefile: ENVTEST_K8S_VERSION = 1.31.1'])
    expect(outcomes(result)).toEqual({ 'too long': 'passed' })
    expect(renderTestText(result, { color: false })).toContain(
      '(100.0% agree; Kubernetes 1.31, from tests/Makefile)'
    )
    // Testing one folder of a repository: the Makefile is looked for up to the repository root.
    execFileSync('git', ['init', '-q', root])
    expect(version(await run(path.join(root, SUITES)))).toEqual([
      '1.31',
      'tests/Makefile: ENVTEST_K8S_VERSION = 1.31.1'
    ])
  })

  it('gives way to the option, and to the default when the declaration is not a release celgate has', async () => {
    const root = withMakefile({ Makefile: 'export ENVTEST_K8S_VERSION ?= 1.31.0\n' })
    expect(version(await run(root, '1.33'))).toEqual(['1.33', 'option'])
    const old = withMakefile({ Makefile: 'ENVTEST_K8S_VERSION := 1.29.1\n' })
    expect(version(await run(old))).toEqual(['1.32', 'default'])
    const computed = withMakefile({
      Makefile: 'ENVTEST_K8S_VERSION ?= $(shell go list -m k8s.io/api)\n'
    })
    expect(version(await run(computed))).toEqual(['1.32', 'default'])
  })
})

describe('feature-gate tables', () => {
  const HYPERSHIFT = 'include.release.openshift.io/ibm-cloud-managed'
  const manifest = (set: string): string =>
    gadgetCrd({ annotations: { [HYPERSHIFT]: 'true', 'release.openshift.io/feature-set': set } })
  const table = (options: { annotation?: string; spec?: string; enabled: boolean }): string =>
    JSON.stringify({
      apiVersion: 'config.openshift.io/v1',
      kind: 'FeatureGate',
      metadata: {
        name: 'cluster',
        annotations: {
          [HYPERSHIFT]: 'false-except-for-the-config-operator',
          ...(options.annotation ? { 'release.openshift.io/feature-set': options.annotation } : {})
        }
      },
      spec: options.spec !== undefined ? { featureSet: options.spec } : {},
      status: {
        featureGates: [
          options.enabled
            ? { enabled: [{ name: 'Shiny' }], disabled: [] }
            : { enabled: [], disabled: [{ name: 'Shiny' }] }
        ]
      }
    })
  const suite = `apiVersion: apiextensions.k8s.io/v1
name: Gadget
crdName: gadgets.example.com
featureGates: [Shiny]
tests:
  onCreate:
  - name: created
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
    expected: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: { mode: auto }
`
  const layout = (tables: Record<string, string>): Record<string, string> => ({
    [`${MANIFESTS}/gadgets-Default.crd.yaml`]: manifest('Default'),
    [`${MANIFESTS}/gadgets-TechPreviewNoUpgrade.crd.yaml`]: manifest('TechPreviewNoUpgrade'),
    [`${SUITES}/Shiny.yaml`]: suite,
    ...Object.fromEntries(
      Object.entries(tables).map(([name, text]) => [`payload-manifests/featuregates/${name}`, text])
    )
  })
  const selected = (result: TestResult): string[] =>
    result.suites[0]!.manifests.map((m) => path.basename(m)).sort()

  it('by the feature-set annotation (openshift/api master)', async () => {
    const result = await run(
      repository(
        layout({
          'a.yaml': table({ annotation: 'Default', enabled: false }),
          'b.yaml': table({ annotation: 'TechPreviewNoUpgrade', enabled: true })
        })
      )
    )
    expect(selected(result)).toEqual(['gadgets-TechPreviewNoUpgrade.crd.yaml'])
    expect(outcomes(result)).toEqual({ created: 'passed' })
  })

  it('by file name when the tables carry no feature-set annotation (release-4.16..4.21)', async () => {
    // spec.featureSet says the opposite: the file name is what those runners read.
    const result = await run(
      repository(
        layout({
          'featureGate-Hypershift-Default.yaml': table({
            spec: 'TechPreviewNoUpgrade',
            enabled: false
          }),
          'featureGate-Hypershift-TechPreviewNoUpgrade.yaml': table({ spec: '', enabled: true })
        })
      )
    )
    expect(selected(result)).toEqual(['gadgets-TechPreviewNoUpgrade.crd.yaml'])
  })

  it('by spec.featureSet, empty meaning Default (hypershift)', async () => {
    const result = await run(
      repository(
        layout({
          'one.yaml': table({ spec: '', enabled: false }),
          'two.yaml': table({ spec: 'TechPreviewNoUpgrade', enabled: true })
        })
      )
    )
    expect(selected(result)).toEqual(['gadgets-TechPreviewNoUpgrade.crd.yaml'])
  })

  it('fails every case, with the reason, when a manifest has no table (never a silent skip)', async () => {
    const result = await run(
      repository(layout({ 'two.yaml': table({ spec: 'TechPreviewNoUpgrade', enabled: true }) }))
    )
    expect(outcomes(result)).toEqual({
      created:
        'failed: the suite cannot run: no feature-gate table for cluster profile include.release.openshift.io/ibm-cloud-managed and feature set Default (gadgets-Default.crd.yaml)'
    })
    expect(result.passed).toBe(false)
  })
})

describe('a suite celgate cannot run', () => {
  it('fails each case with the reason when the suite names no CRD', async () => {
    const root = repository({
      [`${MANIFESTS}/gadgets.crd.yaml`]: gadgetCrd(),
      [`${SUITES}/gadget.testsuite.yaml`]: `apiVersion: apiextensions.k8s.io/v1
name: Gadget
tests:
  onCreate:
  - name: orphan
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
`
    })
    const result = await run(root)
    expect(outcomes(result)).toEqual({
      orphan: 'failed: the suite cannot run: the suite names no CRD: set `crdName`'
    })
    expect(result.findings.map((f) => f.ruleId)).toContain('test/suite-unrunnable')
    expect(result.passed).toBe(false)
  })
})

describe('a duplicate key in a suite', () => {
  it('is reported at its line; the last value is used, as upstream', async () => {
    const root = repository({
      [`${MANIFESTS}/gadgets.crd.yaml`]: gadgetCrd(),
      [`${SUITES}/gadget.testsuite.yaml`]: `apiVersion: apiextensions.k8s.io/v1
name: Gadget
crdName: gadgets.example.com
tests:
  onCreate:
  - name: hidden
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
  onCreate:
  - name: kept
    initial: |
      apiVersion: example.com/v1
      kind: Gadget
      spec: {}
`
    })
    const result = await run(root)
    expect(Object.keys(outcomes(result))).toEqual(['kept'])
    expect(renderTestText(result, { color: false }).trimEnd().split('\n').pop()).toBe(
      '✖ 1 case passed, 0 failed of 1 in 1 suite, and 1 error in the files (100.0% agree; Kubernetes 1.32)'
    )
    const duplicate = result.findings.find((f) => f.ruleId === 'yaml/duplicate-key')
    expect(duplicate?.location.range?.startLine).toBe(11)
    expect(result.passed).toBe(false)
  })
})
