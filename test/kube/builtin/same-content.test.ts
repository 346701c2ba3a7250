/**
 * The built-in objects check validates each distinct object once per release group and locates
 * the outcome in every document that holds it (analyze.ts shareOutcomes, validate.ts
 * validationOutcomes): copies are each reported at their own lines, and releases that validate
 * differently still give their own verdicts on the same object.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { analyzeBuiltinObjects } from '../../../src/kube/builtin/analyze.js'
import { builtinApi } from '../../../src/kube/builtin/facts.js'
import { validationOutcomes } from '../../../src/kube/builtin/validate.js'
import type { Finding } from '../../../src/findings/model.js'
import { fixtureWorkspace } from '../admission/workspace.js'

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
        - name: Web_Server
          image: nginx
`
const CONFIG_MAP = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  a: b
---
`

describe('copies of a built-in object', () => {
  let dir: string
  let findings: Finding[]

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-same-content-'))
    writeFileSync(path.join(dir, 'a.yaml'), DEPLOYMENT)
    // The same Deployment six lines further down, after a ConfigMap.
    writeFileSync(path.join(dir, 'b.yaml'), CONFIG_MAP + DEPLOYMENT)
    const ws = await fixtureWorkspace(dir)
    findings = analyzeBuiltinObjects(ws, { kubernetesVersions: ['1.35', '1.36', '1.37'] }).findings
  })

  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('are each reported at their own file and line', () => {
    const where = findings.map((f) => [
      path.basename(f.location.file),
      f.location.document,
      f.location.range?.startLine,
      f.ruleId,
      f.message.split(':')[0]
    ])
    expect(where).toEqual([
      ['a.yaml', 0, 13, 'builtin/invalid', 'spec.template.spec.containers[0].name'],
      ['b.yaml', 1, 20, 'builtin/invalid', 'spec.template.spec.containers[0].name']
    ])
  })
})

describe('one object validated for several releases', () => {
  it('gets the verdict of each release (1.36 takes a Service name that 1.35 refuses)', () => {
    const ingress = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'web', namespace: 'default' },
      spec: { defaultBackend: { service: { name: '1web', port: { number: 80 } } } }
    }
    const messages = (version: '1.35' | '1.36' | '1.37'): string[] => {
      const api = builtinApi(version)
      const served = api.kind('networking.k8s.io/v1', 'Ingress')!
      return validationOutcomes(ingress, served, api, version).map((o) => o.message)
    }
    const old = messages('1.35')
    expect(old).toHaveLength(1)
    expect(old[0]).toMatch(
      /^spec\.defaultBackend\.service\.name: Invalid value: "1web": a DNS-1035 label/
    )
    expect(messages('1.36')).toEqual([])
    expect(messages('1.37')).toEqual([])
    // Asked again, in another order: the same answers.
    expect(messages('1.35')).toEqual(old)
  })
})
