/**
 * Issue 33: the admission dry-run stops at its evaluation limit, as the Kyverno dry-run does,
 * with a notice at the resource it stopped at; the matrix holds no more cells than the limit.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { dryRunAdmissionPolicies, type AdmissionDryRun } from '../../../src/kube/admission/index.js'
import type { Workspace } from '../../../src/workspace/workspace.js'
import { fixtureWorkspace } from './workspace.js'

const versions = { kubernetesVersions: ['1.37'] as const }
let ws: Workspace
let whole: AdmissionDryRun
beforeAll(async () => {
  ws = await fixtureWorkspace('fixtures/admission')
  whole = dryRunAdmissionPolicies(ws, { kubernetesVersions: ['1.37'] })
}, 120_000)

describe('the admission dry-run evaluation limit', () => {
  it('is not reached by the fixture repository', () => {
    expect(whole.truncated).toBeUndefined()
    expect(whole.findings.some((f) => f.ruleId === 'admission/dry-run-limit')).toBe(false)
    // Two ConfigMaps with one cell each, then Deployment/web with two.
    expect(whole.matrix.slice(0, 4).map((m) => `${m.resource.kind}/${m.resource.name}`)).toEqual([
      'ConfigMap/replica-limit',
      'ConfigMap/settings',
      'Deployment/web',
      'Deployment/web'
    ])
  })

  it('stops before the resource whose evaluations would pass it, and says so there', () => {
    const run = dryRunAdmissionPolicies(ws, { ...versions, maxEvaluations: 3 })
    expect(run.matrix).toEqual(whole.matrix.slice(0, 2))
    // Deployments web, batch and trial, the two Namespaces and Pod node-agent.
    const resourcesFromWeb = 6
    expect(run.truncated).toEqual({ evaluations: 2, resourcesLeft: resourcesFromWeb })
    const notices = run.findings.filter((f) => f.ruleId === 'admission/dry-run-limit')
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({
      severity: 'notice',
      location: { file: expect.stringMatching(/resources\/deployments\.yaml$/), document: 0 },
      data: { evaluations: 2, resourcesLeft: resourcesFromWeb }
    })
    expect(notices[0]!.message).toBe(
      `The admission dry-run stopped at this resource after 2 policy binding × resource evaluations (the limit): ${resourcesFromWeb} resources from here on were not checked against the ValidatingAdmissionPolicies and MutatingAdmissionPolicies.`
    )
    // Nothing is reported on the resources it did not check.
    expect(
      run.findings.filter(
        (f) =>
          f.ruleId !== 'admission/dry-run-limit' && f.location.file.endsWith('deployments.yaml')
      )
    ).toEqual([])
  })

  it('keeps every cell up to the limit', () => {
    const run = dryRunAdmissionPolicies(ws, { ...versions, maxEvaluations: whole.matrix.length })
    expect(run.truncated).toBeUndefined()
    expect(run.matrix).toEqual(whole.matrix)
  })
})
