/**
 * Kubernetes 1.38, a pre-release modelled on v1.38.0-alpha.2 (kubernetes CHANGELOG-1.38.md at
 * 0411cc70): selectable, never a default, named as a pre-release; the URL accessors give the
 * estimator a result size (kubernetes #141984, "Apiserver/cel: propagate ResultSize for URL
 * accessor cost estimates": the accessors return the URL's size, getEscapedPath three times it).
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import type { CheckResult } from '../../../src/core/result.js'
import { countBySeverity } from '../../../src/findings/model.js'
import { analyzeAdmissionPolicies } from '../../../src/kube/admission/index.js'
import { checkSchemaCost, versionSchemas } from '../../../src/kube/crd/index.js'
import { FieldPath, errorString } from '../../../src/kube/fielderrors/index.js'
import { validateValue } from '../../../src/kube/validation/index.js'
import { renderSummary } from '../../../src/report/summary.js'
import { fixtureWorkspace } from '../admission/workspace.js'
import { valueOf } from '../cel/evaluate.js'
import {
  DEFAULT_VERSIONS,
  isPreRelease,
  kubernetesVersionLabel,
  parseKubernetesVersions,
  releaseFeatures
} from '../../../src/kube/versions.js'

const repo = path.resolve(new URL('../../../', import.meta.url).pathname)

describe('the version table', () => {
  it('1.38 is selectable, a pre-release, and not in the default range', () => {
    expect(parseKubernetesVersions('1.38')).toEqual(['1.38'])
    expect(parseKubernetesVersions('1.36-1.38')).toEqual(['1.36', '1.37', '1.38'])
    expect(isPreRelease('1.38')).toBe(true)
    expect(isPreRelease('1.37')).toBe(false)
    expect(kubernetesVersionLabel('1.38')).toBe('1.38 (pre-release)')
    expect(DEFAULT_VERSIONS).toEqual(['1.35', '1.36', '1.37'])
  })

  it('1.38 vendors the cel-go of 1.37 (no cel-go change in its changelog)', () => {
    expect(releaseFeatures('1.38').celGo).toBe('0.29.2')
    expect(releaseFeatures('1.38').celGoVersion).toBe('0.29')
  })
})

// OpenShift's Infrastructure CRD: a URL field (maxLength 300) whose path must match a pattern.
const INFRASTRUCTURE = path.join(
  repo,
  '../shared/corpus/testsuites/openshift/config/v1/zz_generated.crd-manifests/0000_10_config-operator_01_infrastructures-TechPreviewNoUpgrade.crd.yaml'
)
const RULE = "matches((url(self).getEscapedPath()), '^/(api/)?v[0-9]+/{0,1}$')"

function costsOf(version: '1.37' | '1.38'): Array<{ cost: bigint; totalCost: bigint }> {
  const crd = parse(readFileSync(INFRASTRUCTURE, 'utf8')) as Record<string, unknown>
  const [schema] = versionSchemas(crd)
  return checkSchemaCost(schema!, { kubernetesVersion: version })
    .expressions.filter((e) => e.expression === RULE)
    .map(({ cost, totalCost }) => ({ cost, totalCost }))
}

describe('URL accessor result sizes', () => {
  it('the url-matches rule of the OpenShift Infrastructure CRD', () => {
    // 1.37: matches() sees a string of unknown size and the estimate overflows the budget.
    expect(costsOf('1.37')).toEqual([
      { cost: 11068046444225731706n, totalCost: 18446744073709551615n }
    ])
    // 1.38: the path is at most three times the URL's 300 characters, and the rule costs 2,288
    // per evaluation (cardinality 13), the figure of celgate issue #30.
    expect(costsOf('1.38')).toEqual([{ cost: 2288n, totalCost: 29744n }])
  })
})

const NOTE =
  '(Kubernetes 1.38 is a pre-release, modelled on v1.38.0-alpha.2 (kubernetes CHANGELOG-1.38.md at 0411cc70): it may still change.)'

describe('findings and the summary say 1.38 is a pre-release', () => {
  it('a finding about 1.38 ends with the note; one about released versions does not', async () => {
    const ws = await fixtureWorkspace('fixtures/static-suffix')
    const messages = analyzeAdmissionPolicies(ws, { kubernetesVersions: ['1.37', '1.38'] })
      .findings.filter((f) => f.ruleId === 'admission/invalid-object')
      .map((f) => f.message)
    expect(messages[0]).toBe(
      `Kubernetes 1.37 and 1.38 reject this ValidatingAdmissionPolicy: metadata.name: Invalid value: "test-policy.static.k8s.io": names ending with ".static.k8s.io" are reserved for static manifest-based configurations and cannot be managed via the API ${NOTE}`
    )
    const released = analyzeAdmissionPolicies(ws, { kubernetesVersions: ['1.37'] }).findings
    expect(released.some((f) => f.message.includes('pre-release'))).toBe(false)
  })

  it('the summary labels the version and carries the note', async () => {
    const ws = await fixtureWorkspace('fixtures/static-suffix')
    const findings = analyzeAdmissionPolicies(ws, { kubernetesVersions: ['1.38'] }).findings
    const counts = countBySeverity(findings)
    const result: CheckResult = {
      tool: { name: 'celgate', version: '0.1.0' },
      summary: {
        root: '.',
        files: 1,
        bytes: 1,
        documents: 4,
        skipped: {},
        celRules: 0,
        kinds: {},
        findings: counts,
        timings: []
      },
      gate: { failOn: 'error', failed: true, reason: 'errors' },
      findings,
      crds: [],
      worstBudgetRatio: 0,
      kubernetesVersions: ['1.38'],
      costGate: { warnRatio: 0.5, failRatio: 1 },
      policies: []
    }
    const summary = renderSummary(result)
    expect(summary).toContain('<sub>(Kubernetes 1.38 (pre-release))</sub>')
    expect(summary).toContain('Kubernetes 1.38 is a pre-release, modelled on v1.38.0-alpha.2')
  })
})

// kubernetes #141641 (CHANGELOG-1.38 "CRD validation failures for minItems and minProperties now
// report Too few"), field.TooFew of apimachinery pkg/util/validation/field/errors.go.
describe('minItems and minProperties', () => {
  const schema = {
    type: 'object',
    properties: {
      ports: { type: 'array', minItems: 2, items: { type: 'integer' } },
      one: { type: 'array', minItems: 1, items: { type: 'integer' } },
      labels: { type: 'object', minProperties: 3, additionalProperties: { type: 'string' } }
    }
  }
  const value = { ports: [80], one: [], labels: { a: 'b' } }
  const errors = (version: '1.37' | '1.38'): string[] =>
    validateValue(schema, value, { kubernetesVersion: version, pathRoot: FieldPath.of('spec') })
      .map((e) => errorString(e))
      .sort()

  it('1.38: Too few, with the count as the value', () => {
    expect(errors('1.38')).toEqual([
      'spec.labels: Too few: 1: must have at least 3 items',
      'spec.one: Too few: 0: must have at least 1 item',
      'spec.ports: Too few: 1: must have at least 2 items'
    ])
  })

  it('1.37: Invalid value with the validator message', () => {
    expect(errors('1.37')).toEqual([
      'spec.labels: Invalid value: 1: labels in body should have at least 3 properties',
      'spec.one: Invalid value: 0: one in body should have at least 1 items',
      'spec.ports: Invalid value: 1: ports in body should have at least 2 items'
    ])
  })
})

// kubernetes #141264 (CHANGELOG-1.38: "Sub() with a math.MinInt64 subtrahend now promote[s] to the
// decimal backend … -math.MinInt64 becomes 2^63 … AsInt64() returns ok=false"), reaching the
// Kubernetes CEL quantity library's `sub(int)` (apiserver pkg/cel/library/quantity.go).
describe('quantity sub of MinInt64', () => {
  const expr = "quantity('0').sub(-9223372036854775808)"
  it('1.38: the exact 2^63, beyond int64', () => {
    expect(valueOf(`${expr}.compareTo(quantity('0'))`, { version: '1.38' })).toBe(1)
    expect(valueOf(`${expr}.isInteger()`, { version: '1.38' })).toBe(false)
    expect(valueOf(`${expr}.asApproximateFloat()`, { version: '1.38' })).toBe(2 ** 63)
  })
  it('1.37: the negation wraps, giving -2^63', () => {
    expect(valueOf(`${expr}.compareTo(quantity('0'))`, { version: '1.37' })).toBe(-1)
    expect(valueOf(`${expr}.isInteger()`, { version: '1.37' })).toBe(true)
    expect(valueOf(`${expr}.asApproximateFloat()`, { version: '1.37' })).toBe(-(2 ** 63))
  })
})
