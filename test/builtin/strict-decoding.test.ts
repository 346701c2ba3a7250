/**
 * Unknown fields as the apiserver answers them under kubectl's default strict field validation:
 * one error for the object that names every unknown field (strict errors joined with ", ",
 * apimachinery pkg/runtime/error.go), each path quoted as Go's strconv.Quote does
 * (sigs.k8s.io/json kubernetes_patch.go), at most 100; celgate reports it at each field's key.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { Finding } from '../../src/findings/model.js'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'celgate-strict-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function unknownFields(
  manifest: string,
  overrides: Record<string, unknown> = {}
): Promise<Finding[]> {
  writeFileSync(path.join(dir, 'pod.yaml'), manifest)
  const { check: options } = resolveOptions(
    dir,
    {},
    { 'kubernetes-versions': '1.34', ...overrides }
  )
  const { result } = await check(options, silentLogger)
  return result.findings.filter((f) => f.ruleId === 'builtin/unknown-field')
}

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
  lables:
    app: web
spec:
  containers:
  - name: web
    image: nginx:1.27
    imagePullPolice: Always
  restartPolice: Never
`

describe('strict decoding errors', () => {
  it('every unknown field of an object is named in one apiserver error, reported at each key', async () => {
    const found = await unknownFields(POD)
    const text =
      'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "metadata.lables", unknown field "spec.containers[0].imagePullPolice", unknown field "spec.restartPolice"'
    expect(
      found.map((f) => [f.location.range?.startLine, f.location.range?.startColumn, f.message])
    ).toEqual([
      [5, 3, text],
      [11, 5, text],
      [12, 3, text]
    ])
    expect(found.every((f) => f.severity === 'error')).toBe(true)
  })

  it('under warn each field is a warning of its own, as the apiserver sends them', async () => {
    const found = await unknownFields(POD, { 'field-validation': 'warn' })
    expect(found.map((f) => [f.severity, f.message])).toEqual([
      ['warning', 'unknown field "metadata.lables"'],
      ['warning', 'unknown field "spec.containers[0].imagePullPolice"'],
      ['warning', 'unknown field "spec.restartPolice"']
    ])
  })

  it('field paths are quoted as Go quotes them', async () => {
    const found = await unknownFields(
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  "a\\u0007\\u007fé": 1\n'
    )
    expect(found.map((f) => f.message)).toEqual([
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "metadata.a\\a\\x7fé"'
    ])
  })

  it('the decoder keeps the first 100 unknown fields', async () => {
    const keys = Array.from({ length: 105 }, (_, i) => `  k${String(i).padStart(3, '0')}: 1`)
    const found = await unknownFields(
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n${keys.join('\n')}\n`
    )
    expect(found).toHaveLength(100)
    const names = found[0]!.message.match(/unknown field "[^"]*"/g)!
    expect(names).toHaveLength(100)
    expect(names[99]).toBe('unknown field "metadata.k099"')
  })
})
