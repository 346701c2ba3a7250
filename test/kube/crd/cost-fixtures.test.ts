/**
 * fixtures/cost: one CRD per kind of CEL finding, checked as `celgate check` does — the
 * apiserver's words at the rule's (or the offending token's) line, the versions that reject the
 * CRD, the explanation — and every suggested fix applied to the YAML makes its finding go away.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse as parseYaml, parseDocument } from 'yaml'
import { check } from '../../../src/core/check.js'
import { silentLogger } from '../../../src/core/logger.js'
import { resolveOptions } from '../../../src/core/options.js'
import type { CheckResult } from '../../../src/core/result.js'
import type { Finding } from '../../../src/findings/model.js'
import { parsePath } from '../../../src/workspace/value-path.js'

const repo = path.resolve(new URL('../../../', import.meta.url).pathname)
const fixtures = path.join(repo, 'fixtures/cost')

async function run(root: string, overrides: Record<string, unknown> = {}): Promise<CheckResult> {
  const { check: options } = resolveOptions(root, {}, overrides)
  return (await check(options, silentLogger)).result
}

let result: CheckResult
beforeAll(async () => {
  result = await run(fixtures)
}, 120_000)

const of = (file: string, ruleId?: string): Finding[] =>
  result.findings.filter(
    (f) => f.location.file === `fixtures/cost/crds/${file}` && (!ruleId || f.ruleId === ruleId)
  )

const at = (f: Finding): string => `${f.location.range?.startLine}:${f.location.range?.startColumn}`

describe('fixtures/cost findings', () => {
  it('rule over the per-rule budget: the apiserver message, the drivers, a fix', () => {
    const [cost] = of('rule-cost.yaml', 'crd/cel-rule-cost')
    expect(cost?.severity).toBe('error')
    expect(at(cost!)).toBe('31:29')
    expect(cost?.kubernetesVersions).toEqual(['1.35', '1.36', '1.37'])
    expect(cost?.message).toContain(
      'Kubernetes 1.35, 1.36 and 1.37 reject this CRD: spec.validation.openAPIV3Schema.properties[spec].properties[images].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)'
    )
    expect(cost?.message).toContain(
      'spec.images: Array has unbounded maxItems. It will be considered to have 1,048,575 items.'
    )
    expect(cost?.message).toContain(
      'spec.images[*]: String has unbounded maxLength. It will be considered to be 3,145,726 bytes long.'
    )
    expect(cost?.fix?.snippet).toContain('// +kubebuilder:validation:MaxItems=')
    expect(cost?.fix?.snippet).toContain('// +kubebuilder:validation:items:MaxLength=')
    // The apiserver also names the rule as a contributor to the schema total.
    expect(
      of('rule-cost.yaml', 'crd/cel-schema-cost').map((f) => f.message.split('\n')[0])
    ).toEqual([
      'Kubernetes 1.35, 1.36 and 1.37 reject this CRD: spec.validation.openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)',
      'Kubernetes 1.35, 1.36 and 1.37 reject this CRD: spec.validation.openAPIV3Schema.properties[spec].properties[images].x-kubernetes-validations[0].rule: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema'
    ])
  })

  it('schema total over 100,000,000: the factor and the four largest contributors', () => {
    const total = of('schema-total.yaml', 'crd/cel-schema-cost')
    expect(total[0]?.message).toContain('exceeds budget by factor of 1.059960x')
    expect(total[0]?.message).toContain('Schema total 105,996,000 of 100,000,000')
    expect(total.filter((f) => f.message.includes('contributed to estimated'))).toHaveLength(4)
    // Each rule alone is accepted, but uses 88.3% of its budget.
    const headroom = of('schema-total.yaml', 'crd/cel-cost-headroom')
    expect(headroom).toHaveLength(12)
    expect(headroom[0]?.message).toContain('Estimated cost 803 per evaluation × 11,000 evaluations')
  })

  it('headroom: accepted, but above cost-warn-ratio', () => {
    const [w] = of('headroom.yaml')
    expect(w?.ruleId).toBe('crd/cel-cost-headroom')
    expect(w?.severity).toBe('warning')
    expect(w?.message).toMatch(/^This rule uses 61% of the 10,000,000 per-expression budget/)
    expect(w?.fix?.text).toMatch(/^Set `maxItems: 217` on spec.hosts \(now 240\)/)
  })

  it('compile errors at the offending token, with the apiserver text', () => {
    const errors = of('compile-errors.yaml', 'crd/cel-compile-error')
    expect(errors.map(at)).toEqual(['32:47', '33:25', '35:38'])
    expect(errors[0]?.location.range?.endColumn).toBe(58) // `.minReplica`
    expect(errors[0]?.message).toContain(
      "compilation failed: ERROR: <input>:1:22: undefined field 'minReplica'"
    )
    expect(errors[1]?.message).toContain(': cel expression must evaluate to a bool')
    expect(errors[2]?.message).toContain(
      'x-kubernetes-validations[2].messageExpression: Invalid value: {"Rule":"self.name != \'\'"'
    )
    expect(errors[2]?.message).toContain(': messageExpression must evaluate to a string')
  })

  it('transition rules the apiserver rejects', () => {
    expect(
      of('transition-rule.yaml').map((f) => [f.ruleId, f.message.replace(/^.*?: /, '')])
    ).toEqual([
      [
        'crd/cel-transition-rule',
        'spec.validation.openAPIV3Schema.properties[spec].properties[disks].items.properties[size].x-kubernetes-validations[0].rule: Invalid value: "self >= oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[spec].properties[disks]'
      ],
      [
        'crd/cel-transition-rule',
        'spec.validation.openAPIV3Schema.properties[spec].properties[size].x-kubernetes-validations[0].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule'
      ]
    ])
  })

  it('a bound only inside allOf: warned at the hidden bound', () => {
    const [hidden] = of('hidden-bound.yaml', 'crd/cel-cost-hidden-bound')
    expect(at(hidden!)).toBe('27:33')
    expect(hidden?.message).toContain('maxItems: 16 in allOf[0] of spec.subjects')
    const [cost] = of('hidden-bound.yaml', 'crd/cel-rule-cost')
    expect(cost?.message).toContain(
      'spec.subjects: maxItems: 16 is written only inside allOf[0], where the cost estimator does not read it'
    )
  })

  it('version-dependent: rejected by 1.35 and 1.36, accepted by 1.37', () => {
    const [cost] = of('versions.yaml', 'crd/cel-rule-cost')
    expect(cost?.kubernetesVersions).toEqual(['1.35', '1.36'])
    expect(cost?.message).toMatch(/^Kubernetes 1\.35 and 1\.36 reject this CRD/)
    expect(cost?.message).toContain('metadata.name: String injected by the apiserver')
    const tenants = result.crds.find((c) => c.name === 'tenants.cost.example.com')!
    expect(tenants.versions[0]!.totals.map((t) => [t.kubernetesVersion, t.rejected])).toEqual([
      ['1.35', true],
      ['1.36', true],
      ['1.37', false]
    ])
  })

  it('messageExpression over the per-expression budget', () => {
    const [cost] = of('message-expression.yaml', 'crd/cel-rule-cost')
    expect(cost?.message).toContain(
      'x-kubernetes-validations[0].messageExpression: Forbidden: estimated messageExpression cost exceeds budget by factor of more than 100x'
    )
    expect(cost?.message).toContain('messageExpressions are not multiplied by cardinality')
  })

  it('reports every rule with its numbers per Kubernetes version', () => {
    const routes = result.crds.find((c) => c.name === 'routes.cost.example.com')!
    const [hosts] = routes.versions[0]!.rules
    expect(hosts?.path).toBe(
      'spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.hosts.x-kubernetes-validations[0].rule'
    )
    expect(
      hosts?.costs.map((c) => [c.kubernetesVersion, c.cost, c.cardinality, c.totalCost])
    ).toEqual([
      ['1.35', 6_107_042n, 1n, 6_107_042n],
      ['1.36', 6_107_042n, 1n, 6_107_042n],
      ['1.37', 6_107_042n, 1n, 6_107_042n]
    ])
    expect(result.worstBudgetRatio).toBeGreaterThan(1)
  })
})

/** Applies a fix snippet (`# <value path>` then YAML to merge there; `//` lines are markers). */
function applySnippet(yamlText: string, documentIndex: number, snippet: string): string {
  const docs = yamlText.split(/^---\s*$/m)
  const doc = parseDocument(docs[documentIndex] ?? yamlText)
  for (const section of snippet.split(/^(?=# )/m)) {
    const [header, ...body] = section.split('\n')
    const at = parsePath(header!.slice(2).trim())
    const values = parseYaml(body.filter((l) => !l.startsWith('//')).join('\n')) as Record<
      string,
      unknown
    >
    for (const [key, value] of Object.entries(values)) doc.setIn([...at, key], value)
  }
  return doc.toString()
}

describe('applying the suggested fixes', () => {
  const fixable = (): Finding[] =>
    result.findings.filter(
      (f) =>
        f.fix?.snippet !== undefined &&
        ['crd/cel-rule-cost', 'crd/cel-cost-headroom', 'crd/cel-schema-cost'].includes(f.ruleId)
    )

  it('has fixes to apply', () => {
    expect(fixable().length).toBeGreaterThanOrEqual(8)
  })

  it('makes each finding go away', async () => {
    for (const finding of fixable()) {
      const dir = mkdtempSync(path.join(tmpdir(), 'celgate-fix-'))
      try {
        const source = path.join(repo, finding.location.file)
        copyFileSync(source, path.join(dir, 'crd.yaml'))
        const fixed = applySnippet(
          readFileSync(source, 'utf8'),
          finding.location.document ?? 0,
          finding.fix!.snippet!
        )
        writeFileSync(path.join(dir, 'crd.yaml'), fixed)
        const after = await run(dir)
        const same = after.findings.filter(
          (f) => f.ruleId === finding.ruleId && f.location.path === finding.location.path
        )
        expect({
          file: finding.location.file,
          path: finding.location.path,
          remaining: same
        }).toEqual({
          file: finding.location.file,
          path: finding.location.path,
          remaining: []
        })
        // A rule fix targets cost-warn-ratio: no cost finding of any kind remains for that rule.
        if (finding.ruleId !== 'crd/cel-schema-cost')
          expect(
            after.findings.filter(
              (f) => f.ruleId.startsWith('crd/cel-') && f.location.path === finding.location.path
            )
          ).toEqual([])
        else expect(after.findings.filter((f) => f.ruleId === 'crd/cel-schema-cost')).toEqual([])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }, 120_000)
})
