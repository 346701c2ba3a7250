/**
 * Cluster profiles for the report footprint (issue 8 item 1): the documented presets, the
 * repository's samples scaled (with the objects their workloads create), and configuration
 * overriding either.
 */
import { describe, expect, it } from '@jest/globals'
import {
  PRESETS,
  presetProfile,
  repositoryProfile,
  resolveClusterProfile
} from '../../../src/kyverno/reports/cluster-profile.js'

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { replicas: 3, template: { spec: { containers: [{ name: 'web', image: 'web:1' }] } } }
}
const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'debug' } }
const cronJob = {
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name: 'backup', namespace: 'ops' },
  spec: {
    successfulJobsHistoryLimit: 1,
    failedJobsHistoryLimit: 1,
    jobTemplate: { spec: { parallelism: 2, template: { spec: { containers: [] } } } }
  }
}

describe('presets', () => {
  it('has the documented sizes', () => {
    expect(
      (['small', 'medium', 'large'] as const).map((n) => {
        const p = presetProfile(n)
        return `${n} ${p.namespaces} ${p.resources.Pod} ${p.resources.Deployment} ${p.resources.ReplicaSet}`
      })
    ).toEqual(['small 10 100 30 90', 'medium 50 1000 250 750', 'large 250 10000 2500 7500'])
    expect(presetProfile('medium')).toMatchObject({
      backgroundScan: true,
      admissionReports: true,
      reportsBackend: 'etcd'
    })
    for (const counts of Object.values(PRESETS))
      expect(counts.ReplicaSet).toBe(3 * counts.Deployment!)
  })
})

describe('the repository scaled', () => {
  it('counts each sample and what its workload creates, ×100 by default', () => {
    const p = repositoryProfile([deployment, pod, cronJob])
    expect(p.name).toBe('repository ×100')
    expect(p.resources).toEqual({
      Deployment: 100,
      ReplicaSet: 100,
      // 3 replicas per Deployment, the standalone Pod, 2 per kept Job.
      Pod: 300 + 100 + 400,
      CronJob: 100,
      Job: 200,
      Namespace: 30
    })
    // shop, default and ops, ×10.
    expect(p.namespaces).toBe(30)
  })

  it('follows the scale', () => {
    expect(repositoryProfile([pod], 10).resources).toEqual({ Pod: 10, Namespace: 1 })
  })
})

describe('configuration', () => {
  it('defaults to the repository, or medium when it has no samples', () => {
    expect(resolveClusterProfile(undefined, [pod]).name).toBe('repository ×100')
    expect(resolveClusterProfile(undefined, []).name).toBe('medium')
  })

  it('applies counts and switches over the chosen base', () => {
    const p = resolveClusterProfile(
      {
        preset: 'small',
        namespaces: 4,
        resources: { Pod: 40 },
        'background-scan': false,
        'reports-backend': 'reports-server'
      },
      [pod]
    )
    expect(p.name).toBe('small, customized')
    expect(p.namespaces).toBe(4)
    expect(p.resources.Pod).toBe(40)
    expect(p.resources.Deployment).toBe(30)
    expect(p.backgroundScan).toBe(false)
    expect(p.reportsBackend).toBe('reports-server')
  })
})
