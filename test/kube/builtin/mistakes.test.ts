/**
 * fixtures/builtin-mistakes (docs/builtin-mistakes.md): the twenty mistakes people make most in
 * the built-in kinds, each reported by `celgate check` as the apiserver's error at the line of
 * its field (or of the nearest field present when the field itself is missing).
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { check } from '../../../src/core/check.js'
import { silentLogger } from '../../../src/core/logger.js'
import { resolveOptions } from '../../../src/core/options.js'
import type { CheckResult } from '../../../src/core/result.js'

const repo = path.resolve(new URL('../../../', import.meta.url).pathname)
const folder = 'fixtures/builtin-mistakes'

/** The 1-based line of the first line matching `anchor` (a whole-line pattern). */
function lineOf(file: string, anchor: RegExp): number {
  const lines = readFileSync(path.join(repo, folder, file), 'utf8').split('\n')
  const index = lines.findIndex((l) => anchor.test(l))
  if (index < 0) throw new Error(`${file}: no line matches ${String(anchor)}`)
  return index + 1
}

const LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
const MISMATCH = '`selector` does not match template `labels`'

/** Per fixture: the line each error is reported at (by a pattern of that line) and its text. */
const EXPECTED: Record<string, Array<[RegExp, string]>> = {
  '01-deployment-without-selector.yaml': [
    [/^spec:$/, 'spec.selector: Required value'],
    [/^ {6}labels:$/, `spec.template.metadata.labels: Invalid value: {"app":"web"}: ${MISMATCH}`]
  ],
  '02-selector-does-not-match-template.yaml': [
    [
      /^ {6}labels:$/,
      `spec.template.metadata.labels: Invalid value: {"app":"api-server"}: ${MISMATCH}`
    ]
  ],
  '03-container-name-not-a-dns-label.yaml': [
    [
      /name: Web_Server/,
      `spec.template.spec.containers[0].name: Invalid value: "Web_Server": ${LABEL}`
    ]
  ],
  '04-container-without-image.yaml': [
    [/- name: shell/, 'spec.containers[0].image: Required value']
  ],
  '05-job-without-restart-policy.yaml': [
    [
      /^ {4}spec:$/,
      'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'
    ]
  ],
  '06-deployment-restart-policy-never.yaml': [
    [
      /restartPolicy: Never/,
      'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"'
    ]
  ],
  '07-mount-of-undeclared-volume.yaml': [
    [
      /- name: config$/,
      'spec.template.spec.containers[0].volumeMounts[0].name: Not found: "config"'
    ]
  ],
  '08-volume-without-type.yaml': [
    [/- name: data$/, 'spec.containers[0].volumeMounts[0].name: Not found: "data"'],
    [/^ {4}- name: data$/, 'spec.volumes[0]: Required value: must specify a volume type']
  ],
  '09-port-name-too-long.yaml': [
    [
      /name: metrics-endpoint/,
      'spec.containers[0].ports[0].name: Invalid value: "metrics-endpoint": must be no more than 15 characters'
    ]
  ],
  '10-requests-above-limits.yaml': [
    [
      /requests:/,
      'spec.template.spec.containers[0].resources.requests: Invalid value: "1Gi": must be less than or equal to memory limit of 512Mi'
    ]
  ],
  // validateContainerResourceName appends its own error to validateResourceName's. A Pod's
  // requests default to its limits (SetDefaults_Pod), so both errors repeat at requests[cpus],
  // reported at `resources:` (the nearest field written).
  '11-resource-name-typo.yaml': [
    [
      /cpus:/,
      'spec.containers[0].resources.limits[cpus]: Invalid value: "cpus": must be a standard resource type or fully qualified'
    ],
    [
      /cpus:/,
      'spec.containers[0].resources.limits[cpus]: Invalid value: "cpus": must be a standard resource for containers'
    ],
    [
      /resources:/,
      'spec.containers[0].resources.requests[cpus]: Invalid value: "cpus": must be a standard resource type or fully qualified'
    ],
    [
      /resources:/,
      'spec.containers[0].resources.requests[cpus]: Invalid value: "cpus": must be a standard resource for containers'
    ]
  ],
  '12-gpu-request-without-limit.yaml': [
    [
      /resources:/,
      'spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources'
    ]
  ],
  '13-label-value-not-valid.yaml': [
    [
      /labels:/,
      `metadata.labels: Invalid value: "1.4.2+build.7": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`
    ]
  ],
  '14-probe-without-handler.yaml': [
    [
      /readinessProbe:/,
      'spec.containers[0].readinessProbe: Required value: must specify a handler type'
    ]
  ],
  // With more than one port every port needs a name (validateServicePort's requireName).
  '15-service-ports-without-names.yaml': [
    [/- port: 80$/, 'spec.ports[0].name: Required value'],
    [/- port: 443/, 'spec.ports[1].name: Required value']
  ],
  '16-cluster-ip-service-with-node-port.yaml': [
    [
      /nodePort: 30300/,
      "spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"
    ]
  ],
  '17-service-name-not-dns-1035.yaml': [
    [
      /name: 2fa-api/,
      `metadata.name: Invalid value: "2fa-api": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`
    ]
  ],
  '18-config-map-key-with-slash.yaml': [
    [
      /conf\.d\/default\.conf:/,
      `data[conf.d/default.conf]: Invalid value: "conf.d/default.conf": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`
    ]
  ],
  '19-tls-secret-without-key.yaml': [[/^stringData:$/, 'data[tls.key]: Required value']],
  '20-recreate-with-rolling-update.yaml': [
    [
      /rollingUpdate:/,
      "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"
    ]
  ]
}

let result: CheckResult
beforeAll(async () => {
  const { check: options } = resolveOptions(
    path.join(repo, folder),
    {},
    {
      'kubernetes-versions': '1.36'
    }
  )
  result = (await check(options, silentLogger)).result
}, 120_000)

describe('fixtures/builtin-mistakes', () => {
  it('covers twenty mistakes, one fixture each', () => {
    expect(Object.keys(EXPECTED)).toHaveLength(20)
  })

  it.each(Object.entries(EXPECTED))('%s: the apiserver’s error at its line', (file, expected) => {
    const found = result.findings
      .filter((f) => f.location.file === `${folder}/${file}` && f.ruleId.startsWith('builtin/'))
      .map((f) => [f.ruleId, f.location.range?.startLine, f.message])
    const want = expected.map(([anchor, message]) => [
      'builtin/invalid',
      lineOf(file, anchor),
      message
    ])
    expect(found).toEqual(expect.arrayContaining(want))
    expect(found).toHaveLength(want.length)
  })
})
