/**
 * What kube-apiserver says of Ingresses and NetworkPolicies beyond their field errors, through
 * `celgate check` on a YAML file: the warnings their registry strategies return with an accepted
 * object (kubernetes pkg/registry/networking/ingress/strategy.go: the deprecated class annotation;
 * networkpolicy/strategy.go with k8s.io/apimachinery pkg/util/validation/ip.go GetWarningsForCIDR:
 * CIDRs in non-standard forms, from 1.33), each a builtin/warning at its field's line for the
 * releases that give it; an empty `pathType` (Unsupported value, not Required); and the class
 * annotation's error, whose field upstream writes without `metadata.`, at the annotation's line.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { CheckResult } from '../../src/core/result.js'

const MANIFEST = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: legacy
  namespace: shop
  annotations:
    example.com/team: web
    kubernetes.io/ingress.class: nginx
spec:
  rules:
    - http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: web
                port:
                  number: 80
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: mixed
  namespace: shop
  annotations:
    kubernetes.io/ingress.class: nginx
spec:
  ingressClassName: public
  rules:
    - http:
        paths:
          - path: /
            pathType: ""
            backend:
              service:
                name: web
                port:
                  number: 80
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: office
  namespace: shop
spec:
  podSelector: {}
  ingress:
    - from:
        - ipBlock:
            cidr: 192.168.1.10/24
  egress:
    - to:
        - ipBlock:
            cidr: 2001:DB8::/32
`

/** The 1-based line of the manifest's first line matching `anchor`. */
function lineOf(anchor: RegExp): number {
  const i = MANIFEST.split('\n').findIndex((l) => anchor.test(l))
  if (i < 0) throw new Error(`no line matches ${String(anchor)}`)
  return i + 1
}

let dir: string
let result: CheckResult
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-networking-warnings-'))
  writeFileSync(path.join(dir, 'shop.yaml'), MANIFEST)
  const { check: options } = resolveOptions(dir, {}, { 'kubernetes-versions': '1.32,1.35,1.36' })
  result = (await check(options, silentLogger)).result
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The findings of a rule as [line, message, versions]. */
const found = (ruleId: string): Array<[number | undefined, string, string[] | undefined]> =>
  result.findings
    .filter((f) => f.ruleId === ruleId)
    .map((f) => [f.location.range?.startLine, f.message, f.kubernetesVersions])

describe('Ingress and NetworkPolicy warnings and errors through celgate check', () => {
  it('warns of the class annotation on its line when ingressClassName is left out', () => {
    const warnings = found('builtin/warning').filter(([, m]) => m.includes('ingress.class'))
    // The second Ingress sets ingressClassName: it is refused, and would not be warned of.
    expect(warnings).toEqual([
      [
        lineOf(/kubernetes\.io\/ingress\.class: nginx/),
        `Warning: annotation "kubernetes.io/ingress.class" is deprecated, please use 'spec.ingressClassName' instead`,
        ['1.32', '1.35', '1.36']
      ]
    ])
  })

  it('warns of non-standard CIDRs from 1.33, with each release words', () => {
    const warnings = found('builtin/warning').filter(([, m]) => m.includes('CIDR'))
    const ingressAt = 'spec.ingress[0].from[0].ipBlock.cidr'
    const egressAt = 'spec.egress[0].to[0].ipBlock.cidr'
    expect(warnings).toEqual([
      [
        lineOf(/cidr: 192\.168\.1\.10\/24/),
        `Warning: ${ingressAt}: CIDR value "192.168.1.10/24" is ambiguous in this context (should be "192.168.1.0/24" or "192.168.1.10/32"?)`,
        ['1.35']
      ],
      [
        lineOf(/cidr: 2001:DB8::\/32/),
        `Warning: ${egressAt}: IPv6 CIDR value "2001:DB8::/32" should be in RFC 5952 canonical format ("2001:db8::/32")`,
        ['1.35']
      ]
    ])
    // 1.36 refuses the host bits (StrictIPCIDRValidation), so it returns no warnings at all.
    expect(found('builtin/invalid')).toContainEqual([
      lineOf(/cidr: 192\.168\.1\.10\/24/),
      `${ingressAt}: Invalid value: "192.168.1.10/24": must not have bits set beyond the prefix length`,
      ['1.36']
    ])
  })

  it('reports an empty pathType as unsupported, and the class annotation error on its line', () => {
    const errors = found('builtin/invalid')
    expect(errors).toContainEqual([
      lineOf(/pathType: ""/),
      'spec.rules[0].http.paths[0].pathType: Unsupported value: "": supported values: "Exact", "ImplementationSpecific", "Prefix"',
      ['1.32', '1.35', '1.36']
    ])
    const annotationLine = MANIFEST.split('\n').findIndex(
      (l, i) => i > lineOf(/name: mixed/) && /kubernetes\.io\/ingress\.class/.test(l)
    )
    expect(errors).toContainEqual([
      annotationLine + 1,
      'annotations.kubernetes.io/ingress.class: Invalid value: "nginx": must match `ingressClassName` when both are specified',
      ['1.32', '1.35', '1.36']
    ])
  })
})
