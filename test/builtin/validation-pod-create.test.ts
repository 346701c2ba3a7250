/**
 * A Pod's create through the real check pipeline (issue 34): its own pod-specific annotations
 * (kubernetes pkg/apis/core/validation/validation.go ValidatePodSpecificAnnotations, then the
 * annotation/field agreement of ValidatePodCreate) after the AppArmor sync of
 * pkg/registry/core/pod/strategy.go applyAppArmorVersionSkew, and its affinity terms after
 * mutatePodAffinity merged its labels in for their matchLabelKeys (1.31+). Expected texts are
 * kube-apiserver's; each finding sits at the line of its field.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { CheckResult } from '../../src/core/result.js'

const FILES: Record<string, string> = {
  // Annotations: an unknown container, a deletion cost past int32, a profile that disagrees with
  // the container's own field, and one the sync copies over the pod's profile (no error).
  'annotated.yaml': `apiVersion: v1
kind: Pod
metadata:
  name: annotated
  namespace: default
  annotations:
    container.apparmor.security.beta.kubernetes.io/sidecar: runtime/default
    controller.kubernetes.io/pod-deletion-cost: "2147483648"
    container.apparmor.security.beta.kubernetes.io/web: localhost/a
    container.apparmor.security.beta.kubernetes.io/tools: localhost/b
spec:
  securityContext:
    appArmorProfile:
      type: RuntimeDefault
  containers:
    - name: web
      image: nginx
      securityContext:
        appArmorProfile:
          type: Localhost
          localhostProfile: other
    - name: tools
      image: busybox
`,
  // matchLabelKeys names a key the selector already has: an error once the Pod's label is merged.
  'affinity.yaml': `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: default
  labels:
    app: web
spec:
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        - labelSelector:
            matchLabels:
              app: web
          matchLabelKeys:
            - app
          topologyKey: kubernetes.io/hostname
  containers:
    - name: web
      image: nginx
`
}

/** Per file: the line each error is reported at (its first line matching the pattern). */
const EXPECTED: Record<string, Array<[RegExp, string]>> = {
  'annotated.yaml': [
    [
      /beta.kubernetes.io\/sidecar:/,
      'metadata.annotations[container.apparmor.security.beta.kubernetes.io/sidecar]: Invalid value: "sidecar": container not found'
    ],
    [
      /pod-deletion-cost:/,
      'metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "2147483648": must be a 32bit integer'
    ],
    [
      /localhostProfile: other/,
      'spec.containers[0].securityContext.appArmorProfile.localhostProfile: Forbidden: apparmor profile in annotation and field must match'
    ]
  ],
  'affinity.yaml': [
    // Upstream's path indexes the term itself ("[0][0]"), so the finding sits on the term.
    [
      /- labelSelector:/,
      'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0][0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector'
    ]
  ]
}

let folder: string
const results = new Map<string, CheckResult>()

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'celgate-pod-create-'))
  for (const [file, text] of Object.entries(FILES)) writeFileSync(path.join(folder, file), text)
  for (const version of ['1.30', '1.36']) {
    const { check: options } = resolveOptions(folder, {}, { 'kubernetes-versions': version })
    results.set(version, (await check(options, silentLogger)).result)
  }
}, 120_000)

afterAll(() => rmSync(folder, { recursive: true, force: true }))

const lineOf = (file: string, anchor: RegExp): number =>
  FILES[file]!.split('\n').findIndex((l) => anchor.test(l)) + 1

const builtinFindings = (version: string, file: string) =>
  results
    .get(version)!
    .findings.filter((f) => f.location.file === file && f.ruleId.startsWith('builtin/'))
    .map((f) => [f.ruleId, f.location.range?.startLine, f.message])

describe("a Pod's create: its annotations and its affinity terms' label keys", () => {
  it.each(Object.entries(EXPECTED))(
    '%s: each error at its line, and nothing else',
    (file, want) => {
      const expected = want.map(([anchor, message]) => [
        'builtin/invalid',
        lineOf(file, anchor),
        message
      ])
      const found = builtinFindings('1.36', file)
      expect(found).toEqual(expect.arrayContaining(expected))
      expect(found).toHaveLength(expected.length)
    }
  )

  it('leaves the label keys out before 1.31, where a create drops them', () => {
    expect(builtinFindings('1.30', 'affinity.yaml')).toEqual([])
  })
})
