/**
 * fixtures/builtin: built-in objects as the apiserver takes them, checked as `celgate check`
 * does — one test per check, each finding at its field with the apiserver's words.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { check } from '../../../src/core/check.js'
import { silentLogger } from '../../../src/core/logger.js'
import { resolveOptions } from '../../../src/core/options.js'
import type { CheckResult } from '../../../src/core/result.js'
import type { Finding } from '../../../src/findings/model.js'

const repo = path.resolve(new URL('../../../', import.meta.url).pathname)
const fixtures = path.join(repo, 'fixtures/builtin')

async function run(overrides: Record<string, unknown> = {}): Promise<CheckResult> {
  const { check: options } = resolveOptions(fixtures, {}, overrides)
  return (await check(options, silentLogger)).result
}

const builtin = (result: CheckResult, file: string): Finding[] =>
  result.findings.filter(
    (f) => f.location.file === `fixtures/builtin/${file}` && f.ruleId.startsWith('builtin/')
  )
const at = (f: Finding): string => `${f.location.range?.startLine}:${f.location.range?.startColumn}`
const brief = (f: Finding): [string, string, string, string[] | undefined] => [
  f.ruleId,
  at(f),
  f.message,
  f.kubernetesVersions
]

let all: CheckResult
beforeAll(async () => {
  all = await run({ 'kubernetes-versions': '1.30-1.37' })
}, 120_000)

describe('fixtures/builtin', () => {
  it('valid objects of every release get no finding', () => {
    expect(builtin(all, 'valid.yaml')).toEqual([])
  })

  it('a removed API is the apiserver refusing it, with the release that removed it and the replacement', () => {
    const [ingress, typo] = builtin(all, 'removed-api.yaml')
    expect(brief(ingress!)).toEqual([
      'builtin/unserved-api',
      '2:13',
      'no matches for kind "Ingress" in version "extensions/v1beta1": extensions/v1beta1 Ingress is no longer served since Kubernetes 1.22; use networking.k8s.io/v1 Ingress.',
      ['1.30', '1.31', '1.32', '1.33', '1.34', '1.35', '1.36', '1.37']
    ])
    expect(ingress!.severity).toBe('error')
    expect(typo!.message).toBe(
      'no matches for kind "Deploymnet" in version "apps/v1": Kubernetes serves no kind Deploymnet in apps/v1.'
    )
  })

  it('a deprecated API warns as the apiserver does while served, and is refused once removed', () => {
    const found = builtin(all, 'deprecated-api.yaml')
    expect(found.map(brief)).toEqual([
      [
        'builtin/unserved-api',
        '2:13',
        'no matches for kind "FlowSchema" in version "flowcontrol.apiserver.k8s.io/v1beta3": flowcontrol.apiserver.k8s.io/v1beta3 FlowSchema is no longer served since Kubernetes 1.32; use flowcontrol.apiserver.k8s.io/v1 FlowSchema.',
        ['1.32', '1.33', '1.34', '1.35', '1.36', '1.37']
      ],
      [
        'builtin/deprecated-api',
        '2:13',
        'flowcontrol.apiserver.k8s.io/v1beta3 FlowSchema is deprecated in v1.29+, unavailable in v1.32+; use flowcontrol.apiserver.k8s.io/v1 FlowSchema',
        ['1.30', '1.31']
      ]
    ])
    expect(found[1]!.severity).toBe('warning')
  })

  it('values the apiserver cannot decode: encoding/json, Quantity, IntOrString, base64 and Time errors', () => {
    const found = builtin(all, 'decode-errors.yaml')
    expect(
      found.map((f) => [f.ruleId, at(f), f.message.replace(/ \(Kubernetes 1\.37.*$/, '')])
    ).toEqual([
      [
        'builtin/decode-error',
        '7:13',
        'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32'
      ],
      [
        'builtin/decode-error',
        '25:9',
        'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string'
      ],
      [
        'builtin/decode-error',
        '34:19',
        'Service in version "v1" cannot be handled as a Service: json: cannot unmarshal number 8080.5 into Go struct field ServicePort.spec.ports.targetPort of type int32'
      ],
      [
        'builtin/decode-error',
        '46:19',
        'Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\''
      ],
      [
        'builtin/decode-error',
        '53:10',
        'Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 3'
      ],
      [
        'builtin/decode-error',
        '59:22',
        'Namespace in version "v1" cannot be handled as a Namespace: parsing time "2024-13-01T00:00:00Z": month out of range'
      ],
      [
        'builtin/decode-error',
        '67:13',
        'Service in version "v1" cannot be handled as a Service: json: cannot unmarshal number 3000000000 into Go struct field ServicePort.spec.ports.port of type int32'
      ]
    ])
    expect(found.every((f) => f.severity === 'error')).toBe(true)
  })

  it('unknown fields are one strict decoding error naming them all, at each key; warn and ignore as the setting says', async () => {
    const strict = builtin(all, 'unknown-fields.yaml')
    expect(
      strict.map((f) => [
        f.ruleId,
        at(f),
        f.severity,
        f.message.replace(/ \(Kubernetes 1\.37.*$/, '')
      ])
    ).toEqual([
      [
        'builtin/unknown-field',
        '5:3',
        'error',
        'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "metadata.lables", unknown field "spec.template.spec.containers[0].imagePullPolice"'
      ],
      [
        'builtin/unknown-field',
        '19:11',
        'error',
        'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "metadata.lables", unknown field "spec.template.spec.containers[0].imagePullPolice"'
      ]
    ])
    const warn = builtin(await run({ 'field-validation': 'warn' }), 'unknown-fields.yaml')
    expect(warn.map((f) => [f.severity, f.message.replace(/ \(Kubernetes 1\.37.*$/, '')])).toEqual([
      ['warning', 'unknown field "metadata.lables"'],
      ['warning', 'unknown field "spec.template.spec.containers[0].imagePullPolice"']
    ])
    expect(builtin(await run({ 'field-validation': 'ignore' }), 'unknown-fields.yaml')).toEqual([])
  })

  it('1.37 alone is checked with 1.36 facts and the finding says so', async () => {
    const [replicas] = builtin(await run({ 'kubernetes-versions': '1.37' }), 'decode-errors.yaml')
    expect(replicas!.message).toMatch(
      / \(Kubernetes 1\.37 is checked with 1\.36's API schemas: no OpenAPI document of its own yet\.\)$/
    )
  })

  it('a finding that a release with its own facts confirms carries no stand-in note', () => {
    const [replicas] = builtin(all, 'decode-errors.yaml')
    expect(replicas!.kubernetesVersions).toContain('1.37')
    expect(replicas!.message).not.toContain('API schemas')
  })
})
