/**
 * The apiserver's validation of PersistentVolumeClaims, StorageClasses, PriorityClasses,
 * Namespaces, ResourceQuotas and LimitRanges (src/kube/builtin/validation/storage.ts,
 * scheduling.ts, namespace.ts, quota.ts) through `celgate check`: each error as kube-apiserver
 * prints it, at the line of its field; and what the conformance tables cannot hold (a parameter
 * map over 256 KiB, the TooLong wording before 1.32). Expected texts are kube-apiserver's
 * (pkg/apis/core/validation, pkg/apis/storage/validation, pkg/apis/scheduling/validation).
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

const MANIFEST = `apiVersion: v1
kind: Namespace
metadata:
  name: shop
spec:
  finalizers:
    - cleanup
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
  namespace: shop
spec:
  accessModes:
    - ReadWriteOncePod
    - ReadWriteOnce
  resources:
    requests:
      storage: 0Gi
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: fast
provisioner: ebs.csi.aws.com
reclaimPolicy: Recycle
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: critical
value: 2000000000
preemptionPolicy: Always
---
apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute
  namespace: shop
spec:
  hard:
    pods: "10"
    cpu: "4"
  scopes:
    - BestEffort
---
apiVersion: v1
kind: LimitRange
metadata:
  name: defaults
  namespace: shop
spec:
  limits:
    - type: Container
      max:
        memory: 1Gi
      default:
        memory: 2Gi
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
  dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-storage-'))
  writeFileSync(path.join(dir, 'shop.yaml'), MANIFEST)
  const { check: options } = resolveOptions(dir, {}, { 'kubernetes-versions': '1.36' })
  result = (await check(options, silentLogger)).result
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('storage, scheduling, namespace and quota kinds through celgate check', () => {
  it('reports each apiserver error at the line of its field', () => {
    const found = result.findings
      .filter((f) => f.ruleId === 'builtin/invalid')
      .map((f) => [f.location.range?.startLine, f.message])
    const want: Array<[RegExp, number, string]> = [
      [
        /^ {2}finalizers:$/,
        1,
        'spec.finalizers: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified'
      ],
      [
        /^ {2}accessModes:$/,
        1,
        'spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes'
      ],
      // Upstream's path is resources[storage]: the finding sits on `resources:`.
      [
        /^ {2}resources:$/,
        1,
        'spec.resources[storage]: Invalid value: "0": must be greater than zero'
      ],
      [
        /^reclaimPolicy: Recycle$/,
        1,
        'reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"'
      ],
      [
        /^value: 2000000000$/,
        1,
        'value: Forbidden: maximum allowed value of a user defined priority is 1000000000'
      ],
      [
        /^preemptionPolicy: Always$/,
        1,
        'preemptionPolicy: Unsupported value: "Always": supported values: "PreemptLowerPriority", "Never"'
      ],
      [
        /^ {2}scopes:$/,
        1,
        'spec.scopes: Invalid value: ["BestEffort"]: unsupported scope applied to resource'
      ],
      [
        /^ {8}memory: 2Gi$/,
        1,
        'spec.limits[0].default[memory]: Invalid value: "1Gi": default value 2Gi is greater than max value 1Gi'
      ],
      // The default request is defaulted from the default limit, so it is above max too; it is
      // not in the file, so the finding sits on the item.
      [
        /^ {4}- type: Container$/,
        1,
        'spec.limits[0].defaultRequest[memory]: Invalid value: "2Gi": default request value 2Gi is greater than max value 1Gi'
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

describe('release differences and large objects', () => {
  const storageClass = (parameters: Record<string, string>): JsonObject => ({
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: 'fast' },
    provisioner: 'kubernetes.io/foo-provisioner',
    parameters
  })

  it('limits a class’s parameters to 256 KiB, worded as each release words TooLong', () => {
    // TestValidateStorageClass "too long parameters": keys param/<n>, values value-<n>.
    const parameters: Record<string, string> = {}
    let size = 0
    while (size < 256 * 1024) {
      const [k, v] = [`param/${size}`, `value-${size}`]
      parameters[k] = v
      size += k.length + v.length
    }
    // More than 512 entries: the count is reported and the size not checked.
    expect(errors(storageClass(parameters), '1.36')).toEqual([
      'parameters: Too long: may not be more than 512 bytes'
    ])
    expect(errors(storageClass(parameters), '1.31')).toEqual([
      'parameters: Too long: must have at most 512 bytes'
    ])
    const big = { a: 'x'.repeat(256 * 1024) }
    expect(errors(storageClass(big), '1.36')).toEqual([
      'parameters: Too long: may not be more than 262144 bytes'
    ])
    expect(errors(storageClass({ a: 'x'.repeat(256 * 1024 - 1) }), '1.36')).toEqual([])
  })

  it('prints a LimitRange quantity as a Go struct up to 1.33, with the text its String() cached', () => {
    const limitRange: JsonObject = {
      apiVersion: 'v1',
      kind: 'LimitRange',
      metadata: { name: 'l', namespace: 'shop' },
      spec: { limits: [{ type: 'Pod', min: { cpu: '2000m' }, max: { cpu: '1' } }] }
    }
    // "2000m" is not canonical, so parsing caches nothing; the message's String() call does.
    expect(errors(limitRange, '1.33')).toEqual([
      'spec.limits[0].min[cpu]: Invalid value: resource.Quantity{i:resource.int64Amount{value:2000, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"2", Format:"DecimalSI"}: min value 2 is greater than max value 1'
    ])
    expect(errors(limitRange, '1.34')).toEqual([
      'spec.limits[0].min[cpu]: Invalid value: "2": min value 2 is greater than max value 1'
    ])
  })

  it('keeps a claim’s data source only as the registry does on create', () => {
    const claim = (spec: JsonObject): JsonObject => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'c', namespace: 'shop' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec }
    })
    // A populator named only in dataSource is dropped (KEP-1495 backwards compatibility)…
    expect(errors(claim({ dataSource: { kind: 'Backup', name: '' } }), '1.36')).toEqual([])
    // …while in dataSourceRef it is kept, copied to dataSource, and checked in both.
    expect(
      errors(
        claim({ dataSourceRef: { apiGroup: 'example.com', kind: 'Backup', name: '' } }),
        '1.36'
      )
    ).toEqual(['spec.dataSource.name: Required value', 'spec.dataSourceRef.name: Required value'])
  })
})
