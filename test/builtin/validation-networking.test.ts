/**
 * The apiserver's validation of Ingresses, IngressClasses, NetworkPolicies and
 * PodDisruptionBudgets (src/kube/builtin/validation/networking.ts, network-policy.ts, policy.ts)
 * through `celgate check`: each error as kube-apiserver prints it, at the line of its field; and
 * what the conformance tables cannot show (a PDB's spec in Go syntax up to 1.33). Expected texts
 * are kube-apiserver's (pkg/apis/networking/validation and pkg/apis/policy/validation).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { CheckResult } from '../../src/core/result.js'
import { builtinApi } from '../../src/kube/builtin/facts.js'
import { validateBuiltinCreate } from '../../src/kube/builtin/validate.js'
import { errorString, valueStyleFor } from '../../src/kube/fielderrors/index.js'
import type { JsonObject } from '../../src/common/json.js'
import { releaseFeatures } from '../../src/kube/versions.js'
import type { KubernetesVersion } from '../../src/kube/versions.js'

const MANIFEST = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
  namespace: shop
  annotations:
    kubernetes.io/ingress.class: nginx
spec:
  ingressClassName: public
  rules:
    - host: shop.example.com
      http:
        paths:
          - path: api
            pathType: Prefix
            backend:
              service:
                name: api
                port:
                  number: 8080
          - path: /static
            pathType: Exact
            backend:
              service:
                name: static
---
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: public
spec:
  controller: nginx
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: egress
  namespace: shop
spec:
  podSelector: {}
  egress:
    - to:
        - ipBlock:
            cidr: 10.0.0.0/16
            except:
              - 10.1.0.0/24
      ports:
        - protocol: TCP
          port: 32000
          endPort: 30000
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
  namespace: shop
spec:
  minAvailable: 1
  maxUnavailable: 25%
  selector:
    matchLabels:
      app: web
`

/** The 1-based line of the manifest's `nth` line (1-based) matching `anchor`. */
function lineOf(anchor: RegExp, nth = 1): number {
  let seen = 0
  const lines = MANIFEST.split('\n')
  for (let i = 0; i < lines.length; i++) if (anchor.test(lines[i]!) && ++seen === nth) return i + 1
  throw new Error(`no line ${nth} matches ${String(anchor)}`)
}

let dir: string
let result: CheckResult
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-networking-'))
  writeFileSync(path.join(dir, 'shop.yaml'), MANIFEST)
  const { check: options } = resolveOptions(dir, {}, { 'kubernetes-versions': '1.36' })
  result = (await check(options, silentLogger)).result
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('networking and policy kinds through celgate check', () => {
  it('reports each apiserver error at the line of its field', () => {
    const found = result.findings
      .filter((f) => f.ruleId === 'builtin/invalid')
      .map((f) => [f.location.range?.startLine, f.message])
    // The line of each error: the nth line matching a pattern, and the error's text.
    const want: Array<[RegExp, number, string]> = [
      [
        /path: api/,
        1,
        'spec.rules[0].http.paths[0].path: Invalid value: "api": must be an absolute path'
      ],
      [
        /^ +backend:$/,
        2,
        'spec.rules[0].http.paths[1].backend: Required value: port name or number is required'
      ],
      [
        /controller: nginx/,
        1,
        'spec.controller: Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")'
      ],
      [
        /- 10\.1\.0\.0\/24/,
        1,
        'spec.egress[0].to[0].ipBlock.except[0]: Invalid value: "10.1.0.0/24": must be a strict subset of `cidr`'
      ],
      [
        /endPort: 30000/,
        1,
        'spec.egress[0].ports[0].endPort: Invalid value: 30000: must be greater than or equal to `port`'
      ],
      [
        // Upstream's path has no `metadata.`; the finding is on the annotation's line.
        /kubernetes\.io\/ingress\.class: nginx/,
        1,
        'annotations.kubernetes.io/ingress.class: Invalid value: "nginx": must match `ingressClassName` when both are specified'
      ],
      [
        /^spec:$/,
        4,
        'spec: Invalid value: {"MinAvailable":1,"Selector":{"matchLabels":{"app":"web"}},"MaxUnavailable":"25%","UnhealthyPodEvictionPolicy":null}: minAvailable and maxUnavailable cannot be both set'
      ]
    ]
    for (const [anchor, nth, message] of want)
      expect(found).toContainEqual([lineOf(anchor, nth), message])
    expect(found).toHaveLength(want.length)
  })
})

function errors(object: JsonObject, version: KubernetesVersion): string[] {
  const api = builtinApi(version)
  const served = api.kind(object.apiVersion as string, object.kind as string)!
  const out = validateBuiltinCreate(object, served, api, releaseFeatures(version))
  return out.errors.map((e) => errorString(e, { style: valueStyleFor(version) }))
}

describe('release differences', () => {
  const pdb: JsonObject = {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web', namespace: 'shop' },
    spec: { minAvailable: 1, maxUnavailable: '25%' }
  }

  it('prints a PDB spec in Go syntax up to 1.33 (pointers as the values they point to)', () => {
    expect(errors(pdb, '1.33')).toEqual([
      'spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:&intstr.IntOrString{Type:0, IntVal:1, StrVal:""}, Selector:(*v1.LabelSelector)(nil), MaxUnavailable:&intstr.IntOrString{Type:1, IntVal:0, StrVal:"25%"}, UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: minAvailable and maxUnavailable cannot be both set'
    ])
    expect(errors(pdb, '1.34')).toEqual([
      'spec: Invalid value: {"MinAvailable":1,"Selector":null,"MaxUnavailable":"25%","UnhealthyPodEvictionPolicy":null}: minAvailable and maxUnavailable cannot be both set'
    ])
  })

  it('checks ipBlock CIDRs as each release does', () => {
    const policy = (cidr: string): JsonObject => ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'p', namespace: 'shop' },
      spec: { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr } }] }] }
    })
    const at = 'spec.ingress[0].from[0].ipBlock.cidr'
    expect(errors(policy('10.0.0.1'), '1.32')).toEqual([
      `${at}: Invalid value: "10.0.0.1": not a valid CIDR`
    ])
    expect(errors(policy('10.0.0.1'), '1.33')).toEqual([
      `${at}: Invalid value: "10.0.0.1": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)`
    ])
    expect(errors(policy('10.0.0.1/8'), '1.35')).toEqual([])
    expect(errors(policy('10.0.0.1/8'), '1.36')).toEqual([
      `${at}: Invalid value: "10.0.0.1/8": must not have bits set beyond the prefix length`
    ])
  })
})
