/**
 * Built-in objects and CRDs that only a Kyverno or Chainsaw test reads
 * (fixtures/builtin-test-inputs): the builtin/ and crd/ findings on them are notices naming the test and the apiserver's answer, so they do not fail
 * the gate; the same object applied by the repository still gates.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { CheckResult } from '../../src/core/result.js'
import type { Finding } from '../../src/findings/model.js'
import { applyTestInputUses, testInputIndex } from '../../src/core/test-inputs.js'
import { testFixtureMatcher } from '../../src/kyverno/reports/scanned-resources.js'
import type { LoadedDocument } from '../../src/workspace/load.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const FIXTURES = 'fixtures/builtin-test-inputs'

let result: CheckResult
beforeAll(async () => {
  const { check: options } = resolveOptions(
    path.join(repo, FIXTURES),
    {},
    {
      'kubernetes-versions': '1.30'
    }
  )
  result = (await check(options, silentLogger)).result
}, 120_000)

const builtin = (file: string): Finding[] =>
  result.findings.filter(
    (f) => f.location.file === `${FIXTURES}/${file}` && f.ruleId.startsWith('builtin/')
  )

describe('built-in objects that are test inputs', () => {
  it('a removed API in a file a kyverno-test.yaml lists under resources is a notice naming the test', () => {
    const [cronJob, ...rest] = builtin('check-deprecated/.kyverno-test/resource.yaml')
    expect(rest).toEqual([])
    expect(cronJob!.ruleId).toBe('builtin/unserved-api')
    expect(cronJob!.severity).toBe('notice')
    expect(cronJob!.location.range?.startLine).toBe(1)
    expect(cronJob!.message).toBe(
      `Not gated: this file is a test input of ${FIXTURES}/check-deprecated/.kyverno-test/kyverno-test.yaml (its \`resources\`): \`kyverno test\` reads it, and no apiserver receives it. The apiserver would answer: no matches for kind "CronJob" in version "batch/v1beta1": batch/v1beta1 CronJob is no longer served since Kubernetes 1.25; use batch/v1 CronJob.`
    )
    expect(cronJob!.related).toEqual([
      {
        file: `${FIXTURES}/check-deprecated/.kyverno-test/kyverno-test.yaml`,
        range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 },
        message: 'The test naming this file.'
      }
    ])
  })

  it('a folder a test lists makes every file below it a test input', () => {
    const [suspend] = builtin('folder-input/resources/cronjob.yaml')
    expect(suspend!.severity).toBe('notice')
    expect(suspend!.message).toContain(
      `test input of ${FIXTURES}/folder-input/kyverno-test.yaml (its \`resources\`)`
    )
    expect(suspend!.message).toMatch(
      /The apiserver would answer: CronJob in version "v1" cannot be handled as a CronJob: json: cannot unmarshal string into Go struct field CronJobSpec\.spec\.suspend of type bool$/
    )
  })

  it('a file a Chainsaw test asserts, patches with, applies again or expects to fail is a test input; one it applies gates', () => {
    const [assertion, ...rest] = builtin('chainsaw/.chainsaw-test/deployment-assert.yaml')
    expect(rest).toEqual([])
    expect(assertion!.severity).toBe('notice')
    expect(assertion!.message).toBe(
      `Not gated: this file is a test input of ${FIXTURES}/chainsaw/.chainsaw-test/chainsaw-test.yaml (its \`spec.steps[0].try[2].assert\`): Chainsaw compares it with the cluster's objects and never applies it. The apiserver would answer: Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.(replicas > \`1\`)"`
    )
    const patch = builtin('chainsaw/.chainsaw-test/deployment-patch.yaml')
    expect(patch.length).toBeGreaterThan(0)
    for (const f of patch)
      expect([f.severity, f.message]).toEqual([
        'notice',
        expect.stringContaining(
          '(its `spec.steps[0].try[3].patch`): Chainsaw sends it as a patch, and the apiserver checks the object it patches, not the patch.'
        )
      ])
    const [refused, ...others] = builtin('chainsaw/.chainsaw-test/deployment-bad.yaml')
    expect(others).toEqual([])
    expect(refused!.severity).toBe('notice')
    expect(refused!.message).toMatch(
      /\(its `spec\.steps\[0\]\.try\[4\]\.apply`\): Chainsaw expects sending it to fail\. The apiserver would answer: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec\.spec\.replicas of type int32$/
    )
    const relabel = builtin('chainsaw/.chainsaw-test/deployment-relabel.yaml')
    expect(relabel.length).toBeGreaterThan(0)
    for (const f of relabel)
      expect([f.severity, f.message]).toEqual([
        'notice',
        expect.stringContaining(
          '(its `spec.steps[0].try[5].apply`): Chainsaw applies it to objects it applied before, as a patch, and the apiserver checks the patched objects, not the file.'
        )
      ])
    const [applied] = builtin('chainsaw/.chainsaw-test/deployment.yaml')
    expect(applied!.severity).toBe('error')
    expect(applied!.message).toContain(
      'unknown field "spec.template.spec.containers[0].imagePullPolice"'
    )
  })

  it('a CRD a Chainsaw test asserts (a partial object) does not gate; one it applies does', () => {
    const inFile = (file: string): Finding[] =>
      result.findings.filter(
        (f) => f.location.file === `${FIXTURES}/chainsaw/.chainsaw-test/${file}`
      )
    const asserted = inFile('crd-assert.yaml')
    expect(asserted.length).toBeGreaterThan(5)
    for (const f of asserted) {
      expect([f.ruleId, f.severity]).toEqual(['crd/invalid-spec', 'notice'])
      expect(f.message).toMatch(
        /^Not gated: this file is a test input of .*chainsaw-test\.yaml \(its `spec\.steps\[0\]\.try\[6\]\.assert`\): Chainsaw compares it with the cluster's objects and never applies it\. The apiserver would answer: Kubernetes 1\.30 rejects this CRD: /
      )
    }
    expect(asserted.map((f) => f.message)).toContainEqual(
      expect.stringMatching(
        /The apiserver would answer: Kubernetes 1\.30 rejects this CRD: spec\.group: Required value$/
      )
    )
    const applied = inFile('crd.yaml')
    expect(applied.map((f) => [f.ruleId, f.severity])).toEqual([
      ['crd/invalid-spec', 'error'],
      ['crd/invalid-spec', 'error']
    ])
  })

  it('the same object applied by the repository still fails the gate', () => {
    const [cronJob] = builtin('deploy/cronjob.yaml')
    expect(cronJob!.severity).toBe('error')
    expect(cronJob!.message).toMatch(/^no matches for kind "CronJob" in version "batch\/v1beta1"/)
    expect(
      result.findings.filter((f) => f.severity === 'error').map((f) => f.location.file)
    ).toEqual([
      `${FIXTURES}/chainsaw/.chainsaw-test/crd.yaml`,
      `${FIXTURES}/chainsaw/.chainsaw-test/crd.yaml`,
      `${FIXTURES}/chainsaw/.chainsaw-test/deployment.yaml`,
      `${FIXTURES}/deploy/cronjob.yaml`
    ])
    expect(result.gate.failed).toBe(true)
  })
})

describe('testInputIndex', () => {
  const test = (file: string, value: Record<string, unknown>): LoadedDocument =>
    ({ kind: 'kyverno-test', file, index: 0, line: 3, value }) as unknown as LoadedDocument

  it('resolves each resource field against the test folder; remote, absolute and outside paths name nothing', () => {
    const inputOf = testInputIndex([
      test('p/.kyverno-test/kyverno-test.yaml', {
        resources: ['good.yaml', '../.chainsaw-test/bad.yaml', 'https://x/y.yaml', '/abs.yaml'],
        targetResources: ['target.yaml'],
        results: [{ result: 'pass', patchedResource: 'patched.yaml', cloneSourceResource: 'src' }]
      }),
      test('q/kyverno-test.yaml', { resources: ['../../outside.yaml', 'inputs/'] })
    ])
    expect(inputOf('q/inputs/a.yaml')?.test).toBe('q/kyverno-test.yaml')
    expect(inputOf('p/.kyverno-test/good.yaml')?.field).toBe('resources')
    expect(inputOf('p/.chainsaw-test/bad.yaml')?.test).toBe('p/.kyverno-test/kyverno-test.yaml')
    expect(inputOf('p/.kyverno-test/target.yaml')?.field).toBe('targetResources')
    expect(inputOf('p/.kyverno-test/patched.yaml')?.field).toBe('results[0].patchedResource')
    expect(inputOf('p/.kyverno-test/src/deep/x.yaml')?.field).toBe('results[0].cloneSourceResource')
    expect(inputOf('abs.yaml')).toBeUndefined()
    expect(inputOf('p/.kyverno-test/policy.yaml')).toBeUndefined()
    expect(inputOf('outside.yaml')).toBeUndefined()
  })

  it('names the first test in file order when several list a file', () => {
    const inputOf = testInputIndex([
      test('b/kyverno-test.yaml', { resources: ['../shared.yaml'] }),
      test('a/kyverno-test.yaml', { resources: ['../shared.yaml'] })
    ])
    expect(inputOf('shared.yaml')?.test).toBe('a/kyverno-test.yaml')
  })
})

describe('what a test input does not gate', () => {
  const test = {
    kind: 'kyverno-test',
    file: 't/disabled-test.yaml',
    index: 0,
    line: 1,
    value: {
      resources: ['resource.yaml'],
      results: [{ result: 'pass', patchedResources: 'patched.yaml' }]
    }
  } as unknown as LoadedDocument
  const at = (ruleId: string, file: string): Finding => ({
    ruleId,
    severity: 'error',
    title: ruleId,
    message: 'refused',
    location: { file }
  })

  it('builtin/, crd/ and cr/ errors on its files become notices; other rules and other files keep theirs', () => {
    const out = applyTestInputUses(
      [
        at('builtin/invalid', 't/resource.yaml'),
        at('crd/invalid-spec', 't/resource.yaml'),
        at('cr/invalid', 't/patched.yaml'),
        at('kyverno/enforce-failed', 't/resource.yaml'),
        at('cr/invalid', 't/other.yaml')
      ],
      [test]
    )
    expect(out.map((f) => `${f.ruleId} ${f.location.file} ${f.severity}`)).toEqual([
      'builtin/invalid t/resource.yaml notice',
      'crd/invalid-spec t/resource.yaml notice',
      'cr/invalid t/patched.yaml notice',
      'kyverno/enforce-failed t/resource.yaml error',
      'cr/invalid t/other.yaml error'
    ])
  })

  it("the Kyverno dry-run leaves out every file a test names, whatever the test file's name", () => {
    const isFixture = testFixtureMatcher(['t/disabled-test.yaml', 't/patched.yaml'], [test])
    expect(isFixture('t/resource.yaml')).toBe(true)
    expect(isFixture('t/patched.yaml')).toBe(true)
    expect(isFixture('t/other.yaml')).toBe(false)
  })
})
