/**
 * Through `celgate check` on a YAML file: the warnings kube-apiserver returns with an accepted
 * PersistentVolumeClaim (kubernetes pkg/api/persistentvolumeclaim/util.go
 * GetWarningsForPersistentVolumeClaim: the beta storage-class annotation, a storage request or
 * limit with a fraction of a byte) or StorageClass (pkg/api/storage/util.go
 * GetWarningsForStorageClass: deprecated node labels in allowedTopologies), each a builtin/warning
 * at its field's line, and none for a claim the apiserver refuses; a container resource name in
 * the release's label-key wording (1.35 words it "a valid label key"); and PersistentVolume names
 * checked as DNS subdomains.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { CheckResult } from '../../src/core/result.js'

const MANIFEST = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: legacy
  namespace: shop
  annotations:
    volume.beta.kubernetes.io/storage-class: fast
spec:
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 1500m
    limits:
      storage: "2.5"
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: refused
  namespace: shop
  annotations:
    volume.beta.kubernetes.io/storage-class: fast
spec:
  resources:
    requests:
      storage: 1500m
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: zonal
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer
allowedTopologies:
  - matchLabelExpressions:
      - key: topology.kubernetes.io/zone
        values: [eu-west-1a]
      - key: failure-domain.beta.kubernetes.io/zone
        values: [eu-west-1a]
---
apiVersion: v1
kind: Pod
metadata:
  name: worker
  namespace: shop
spec:
  containers:
    - name: app
      image: registry.example.com/app:1
      resources:
        requests:
          example.com/gpu/a100: "1"
        limits:
          example.com/gpu/a100: "1"
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: Archive
spec:
  capacity:
    storage: 10Gi
  accessModes: [ReadWriteOnce]
  hostPath:
    path: /data
`

/** The 1-based line of the manifest's `nth` line (1-based) matching `anchor`. */
function lineOf(anchor: RegExp, nth = 1): number {
  let seen = 0
  const lines = MANIFEST.split('\n')
  for (let i = 0; i < lines.length; i++) if (anchor.test(lines[i]!) && ++seen === nth) return i + 1
  throw new Error(`no line ${nth} matches ${String(anchor)}`)
}

let dir: string
const results: Record<string, CheckResult> = {}
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-storage-warnings-'))
  writeFileSync(path.join(dir, 'storage.yaml'), MANIFEST)
  for (const version of ['1.34', '1.36']) {
    const { check: options } = resolveOptions(dir, {}, { 'kubernetes-versions': version })
    results[version] = (await check(options, silentLogger)).result
  }
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const found = (version: string, ruleId: string): Array<[number | undefined, string]> =>
  results[version]!.findings.filter((f) => f.ruleId === ruleId).map((f) => [
    f.location.range?.startLine,
    f.message
  ])

describe('PersistentVolumeClaim and StorageClass warnings through celgate check', () => {
  it('reports each warning of an accepted object at its field’s line', () => {
    const want: Array<[number, string]> = [
      [
        lineOf(/volume\.beta\.kubernetes\.io\/storage-class: fast/),
        'Warning: metadata.annotations[volume.beta.kubernetes.io/storage-class]: deprecated since v1.8; use "storageClassName" attribute instead'
      ],
      [
        lineOf(/storage: 1500m/),
        'Warning: spec.resources.requests[storage]: fractional byte value "1500m" is invalid, must be an integer'
      ],
      [
        lineOf(/storage: "2\.5"/),
        'Warning: spec.resources.limits[storage]: fractional byte value "2500m" is invalid, must be an integer'
      ],
      [
        lineOf(/key: failure-domain\.beta\.kubernetes\.io\/zone/),
        'Warning: allowedTopologies[0].matchLabelExpressions[1].key: deprecated since v1.17; use "topology.kubernetes.io/zone" instead'
      ]
    ]
    for (const version of ['1.34', '1.36']) expect(found(version, 'builtin/warning')).toEqual(want)
  })

  it('gives no warning with a claim the apiserver refuses', () => {
    // The second claim has no access modes: BeforeCreate stops at the error.
    expect(found('1.36', 'builtin/invalid')).toContainEqual([
      lineOf(/^spec:$/, 2),
      'spec.accessModes: Required value: at least 1 access mode is required'
    ])
    const refusedLines = [lineOf(/storage-class: fast/, 2), lineOf(/storage: 1500m/, 2)]
    for (const [line] of found('1.36', 'builtin/warning')) expect(refusedLines).not.toContain(line)
  })
})

describe('container resource names and PersistentVolume names', () => {
  const qualified =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
  const resourceErrors = (version: string): Array<[number | undefined, string]> =>
    found(version, 'builtin/invalid').filter(([, m]) => m.includes('example.com/gpu/a100'))

  it('words a resource name as the release’s IsQualifiedName does', () => {
    // Findings come in line order: the request (first line) before the limit.
    const want = (what: string): Array<[number, string]> =>
      (['requests', 'limits'] as const).flatMap((side, i): Array<[number, string]> => {
        const line = lineOf(/example\.com\/gpu\/a100: "1"/, i + 1)
        const field = `spec.containers[0].resources.${side}[example.com/gpu/a100]: Invalid value: "example.com/gpu/a100"`
        return [
          [line, `${field}: ${what} ${qualified}`],
          [line, `${field}: doesn't follow extended resource name standard`]
        ]
      })
    expect(resourceErrors('1.34')).toEqual(want('a qualified name'))
    expect(resourceErrors('1.36')).toEqual(want('a valid label key'))
  })

  it('checks a PersistentVolume’s name as a DNS subdomain', () => {
    expect(found('1.36', 'builtin/invalid')).toContainEqual([
      lineOf(/name: Archive/),
      `metadata.name: Invalid value: "Archive": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
    ])
  })
})
