/**
 * The deeper pod-template validation of issue 34 through the real check pipeline: security
 * contexts, pod-specific annotations, affinity, topology spread constraints, DNS config and host
 * aliases, and a CronJob's schedule and time zone, each reported as the apiserver's error at the
 * line of its field. Expected texts are kube-apiserver's (kubernetes pkg/apis/core/validation and
 * pkg/apis/batch/validation; schedules as github.com/robfig/cron v3.0.1 parses them).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { CheckResult } from '../../src/core/result.js'
import {
  cronScheduleError,
  durationError
} from '../../src/kube/builtin/validation/cron-schedule.js'

const FILES: Record<string, string> = {
  'cronjob.yaml': `apiVersion: batch/v1
kind: CronJob
metadata:
  name: report
  namespace: default
spec:
  schedule: "0 */5 * * * *"
  timeZone: Mars/Olympus
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
            - name: report
              image: busybox
`,
  'deployment.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
      annotations:
        container.apparmor.security.beta.kubernetes.io/nginx: runtime/default
    spec:
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: topology.kubernetes.io/zone
          whenUnsatisfiable: DoNotSchedul
          labelSelector:
            matchLabels:
              app: web
      affinity:
        podAntiAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
            - weight: 200
              podAffinityTerm:
                topologyKey: kubernetes.io/hostname
      containers:
        - name: web
          image: nginx
          securityContext:
            runAsUser: -1
`,
  'pod.yaml': `apiVersion: v1
kind: Pod
metadata:
  name: tools
  namespace: default
spec:
  hostNetwork: true
  securityContext:
    sysctls:
      - name: net.core.somaxconn
        value: "1024"
  dnsConfig:
    nameservers:
      - dns.example.com
  hostAliases:
    - ip: 10.0.0.300
      hostnames:
        - db.local
  containers:
    - name: tools
      image: busybox
`
}

/** Per file: the line each error is reported at (its first line matching the pattern). */
const EXPECTED: Record<string, Array<[RegExp, string]>> = {
  'cronjob.yaml': [
    [
      /schedule:/,
      'spec.schedule: Invalid value: "0 */5 * * * *": expected exactly 5 fields, found 6: [0 */5 * * * *]'
    ],
    [/timeZone:/, 'spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus']
  ],
  'deployment.yaml': [
    // Upstream's path leaves out `metadata`, so the finding sits on the template.
    [
      /^ {2}template:/,
      'spec.template.annotations[container.apparmor.security.beta.kubernetes.io/nginx]: Invalid value: "nginx": container not found'
    ],
    [
      /whenUnsatisfiable:/,
      'spec.template.spec.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: "DoNotSchedul": supported values: "DoNotSchedule", "ScheduleAnyway"'
    ],
    [
      /weight: 200/,
      'spec.template.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 200: must be in the range 1-100'
    ],
    [
      /runAsUser:/,
      'spec.template.spec.containers[0].securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive'
    ]
  ],
  'pod.yaml': [
    [
      /- name: net.core.somaxconn/,
      `spec.securityContext.sysctls[0].name: Invalid value: "net.core.somaxconn": may not be specified when 'hostNetwork' is true`
    ],
    [
      /- dns.example.com/,
      'spec.dnsConfig.nameservers[0]: Invalid value: "dns.example.com": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'
    ],
    [
      /ip: 10.0.0.300/,
      'spec.hostAliases[0].ip: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'
    ]
  ]
}

let folder: string
let result: CheckResult

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'celgate-pod-depth-'))
  for (const [file, text] of Object.entries(FILES)) writeFileSync(path.join(folder, file), text)
  const { check: options } = resolveOptions(folder, {}, { 'kubernetes-versions': '1.36' })
  result = (await check(options, silentLogger)).result
}, 120_000)

afterAll(() => rmSync(folder, { recursive: true, force: true }))

const lineOf = (file: string, anchor: RegExp): number =>
  FILES[file]!.split('\n').findIndex((l) => anchor.test(l)) + 1

describe('pod template depth: security contexts, scheduling, DNS and CronJob schedules', () => {
  it.each(Object.entries(EXPECTED))(
    '%s: each error at its line, and nothing else',
    (file, want) => {
      const found = result.findings
        .filter((f) => f.location.file === file && f.ruleId.startsWith('builtin/'))
        .map((f) => [f.ruleId, f.location.range?.startLine, f.message])
      const expected = want.map(([anchor, message]) => [
        'builtin/invalid',
        lineOf(file, anchor),
        message
      ])
      expect(found).toEqual(expect.arrayContaining(expected))
      expect(found).toHaveLength(expected.length)
    }
  )
})

describe('cron.ParseStandard and time.ParseDuration errors', () => {
  it.each([
    ['*/15 9-17 * * MON-FRI', undefined],
    ['@every 1h30m', undefined],
    ['0 0 ? * sun', undefined],
    ['', 'empty spec string'],
    ['@weekly ', 'unrecognized descriptor: @weekly '],
    ['0 0 31 2 8', 'end of range (8) above maximum (6): 8'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['5-2 * * * *', 'beginning of range (5) beyond end of range (2): 5-2'],
    ['0 0 L * *', 'failed to parse int from L: strconv.Atoi: parsing "L": invalid syntax'],
    [
      'CRON_TZ=Mars/Olympus 0 * * * *',
      'provided bad location Mars/Olympus: unknown time zone Mars/Olympus'
    ],
    ['@every 90', 'failed to parse duration @every 90: time: missing unit in duration "90"']
  ])('%j', (schedule, error) => {
    expect(cronScheduleError(schedule)).toBe(error)
  })

  it('words ParseDuration errors as Go does', () => {
    expect(durationError('1h30m')).toBeUndefined()
    expect(durationError('-1.5h')).toBeUndefined()
    expect(durationError('1d')).toBe('time: unknown unit "d" in duration "1d"')
    expect(durationError('.')).toBe('time: invalid duration "."')
    expect(durationError('1\u00e9s')).toBe(
      'time: unknown unit "\\xc3\\xa9s" in duration "1\\xc3\\xa9s"'
    )
    expect(durationError('9999999999999999999h')).toBe(
      'time: invalid duration "9999999999999999999h"'
    )
  })
})
