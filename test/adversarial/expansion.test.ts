/**
 * Policies that grow a value exponentially: every evaluation stops at a bound and says so at the
 * resource, instead of taking minutes and gigabytes (Kyverno) — or was already bounded by the
 * apiserver's CEL cost limits (admission policies), which this checks stays so.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/main.js'

let tmp: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-expansion-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

interface Finding {
  ruleId: string
  file: string
  startLine: number

  message: string
}

/** Checks a repository of `files`; the JSON report's findings and the run's duration. */
async function check(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmp, 'repo-'))
  mkdirSync(path.join(dir, '.git'))
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text)
  const report = path.join(dir, 'report.json')
  const stdout = new PassThrough().resume()
  const stderr = new PassThrough()
  let err = ''
  stderr.on('data', (d: Buffer) => (err += d.toString()))
  const started = performance.now()
  const code = await runCli(['check', dir, '--quiet', '--output', `json=${report}`], {
    stdout,
    stderr,
    env: {},
    cwd: dir
  })
  const seconds = (performance.now() - started) / 1000
  const { findings } = JSON.parse(readFileSync(report, 'utf8')) as { findings: Finding[] }
  return { code, err, seconds, findings }
}

const configMap =
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: target\n  namespace: default\ndata:\n  a: b\n'

/** A ClusterPolicy whose context variables v1…vN each hold the one before twice. */
function doublingPolicy(levels: number, condition: string): string {
  const entries = ['      - name: v0\n        variable:\n          value: "0123456789abcdef"\n']
  for (let i = 1; i <= levels; i++)
    entries.push(
      `      - name: v${i}\n        variable:\n          jmesPath: "[v${i - 1}, v${i - 1}]"\n`
    )
  return `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: doubling
spec:
  validationFailureAction: Enforce
  rules:
    - name: grow
      match:
        any:
          - resources:
              kinds: [ConfigMap]
      context:
${entries.join('')}      validate:
        message: never
        deny:
          conditions:
            any:
              - key: "${condition}"
                operator: Equals
                value: never
`
}

describe('exponential expansion', () => {
  it('stops Kyverno variables that double each other, with an undecidable finding at the resource', async () => {
    // 2^22 copies of 16 characters: 70 MB once written out for the condition.
    const r = await check({
      'policy.yaml': doublingPolicy(22, '{{ v22 }}'),
      'cm.yaml': configMap
    })
    expect(r.err).toBe('')
    const undecidable = r.findings.filter((f) => f.ruleId === 'kyverno/undecidable')
    expect(undecidable).toHaveLength(1)
    expect(undecidable[0]).toMatchObject({ file: 'cm.yaml', startLine: 4 })
    expect(undecidable[0]!.message).toContain(
      "ClusterPolicy 'doubling', rule 'grow' cannot be decided offline for this ConfigMap: evaluating it builds a value past celgate's bound of 2,000,000 elements and characters"
    )
    expect(r.seconds).toBeLessThan(20)
  }, 120_000)

  it('stops a JMESPath expression that doubles its own result', async () => {
    // One expression, no variables: 30 doublings, then a function that would walk all 2^30.
    const doubled = `'0123456789abcdef'${' | [@, @]'.repeat(30)}`
    const r = await check({
      'policy.yaml': doublingPolicy(0, `{{ length(to_string(${doubled})) }}`),
      'cm.yaml': configMap
    })
    expect(r.err).toBe('')
    const undecidable = r.findings.filter((f) => f.ruleId === 'kyverno/undecidable')
    expect(undecidable).toHaveLength(1)
    expect(undecidable[0]!.message).toContain('the arguments of to_string() would hold more than')
    expect(r.seconds).toBeLessThan(20)
  }, 120_000)

  it('stops a resource string that substitutes itself into itself', async () => {
    // Kyverno scans a substituted value again for variables: this one names itself.
    const policy = doublingPolicy(0, '={{ request.object.data.a }}')
    const r = await check({
      'policy.yaml': policy,
      'cm.yaml': configMap.replace(
        'a: b',
        'a: "x{{request.object.data.a}}{{request.object.data.a}}"'
      )
    })
    expect(r.err).toBe('')
    const undecidable = r.findings.filter((f) => f.ruleId === 'kyverno/undecidable')
    expect(undecidable).toHaveLength(1)
    expect(r.seconds).toBeLessThan(20)
  }, 120_000)

  it('keeps CEL in admission policies within the cost limit: variables that double a string or a list', async () => {
    const variables = ['      - name: v0\n        expression: "\'0123456789abcdef\'"\n']
    for (let i = 1; i <= 40; i++)
      variables.push(
        `      - name: v${i}\n        expression: "variables.v${i - 1} + variables.v${i - 1}"\n`
      )
    const lists = ['      - name: l0\n        expression: "[1, 2, 3, 4]"\n']
    for (let i = 1; i <= 40; i++)
      lists.push(
        `      - name: l${i}\n        expression: "variables.l${i - 1}.map(x, x * 2) + variables.l${i - 1}"\n`
      )

    const policy = (
      name: string,
      vars: string[],
      last: string
    ) => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: ${name}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
      - apiGroups: [""]
        apiVersions: ["v1"]
        operations: ["CREATE", "UPDATE"]
        resources: ["configmaps"]
  variables:
${vars.join('')}  validations:
    - expression: "size(variables.${last}) > 0"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: ${name}
spec:
  policyName: ${name}
  validationActions: [Deny]
`
    // The apiserver stops at the first policy that denies: one repository per policy.
    for (const text of [policy('strings', variables, 'v40'), policy('lists', lists, 'l40')]) {
      const r = await check({ 'policy.yaml': text, 'cm.yaml': configMap })
      expect(r.err).toBe('')
      const denied = r.findings.filter((f) => f.ruleId === 'admission/denied')
      expect(denied.map((f) => f.file)).toEqual(['cm.yaml'])
      expect(denied[0]!.message).toContain('actual cost limit exceeded')
      expect(r.seconds).toBeLessThan(20)
    }
  }, 120_000)
})
