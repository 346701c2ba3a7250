/**
 * Identical version schemas of different CRDs become one object before the analyzers run
 * (src/kube/crd/shared-schemas.ts), so per-schema results are computed once; each CRD's findings
 * must still name its own file, version and apiserver field path.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { check } from '../../../src/core/check.js'
import { silentLogger } from '../../../src/core/logger.js'
import { resolveOptions } from '../../../src/core/options.js'
import { shareIdenticalSchemas } from '../../../src/kube/crd/shared-schemas.js'
import { loadFile } from '../../../src/workspace/load.js'
import type { LoadedDocument } from '../../../src/workspace/load.js'

type Json = Record<string, unknown>

/** A schema with an over-budget rule and an invalid default, plus `extra` properties. */
const schema = (extra: Json = {}): Json => ({
  openAPIV3Schema: {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        'x-kubernetes-validations': [{ rule: 'self.names.all(a, self.names.all(b, a == b))' }],
        properties: {
          names: { type: 'array', items: { type: 'string' } },
          size: { type: 'integer', default: 'big' },
          ...extra
        }
      }
    }
  }
})

function crdText(group: string, versions: Array<{ name: string; schema: Json }>): string {
  return JSON.stringify(
    {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `widgets.${group}` },
      spec: {
        group,
        scope: 'Namespaced',
        names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
        versions: versions.map((v, i) => ({
          name: v.name,
          served: true,
          storage: i === versions.length - 1,
          schema: v.schema
        }))
      }
    },
    null,
    1
  )
}

const documentsOf = (file: string, text: string): LoadedDocument[] =>
  loadFile(file, Buffer.from(text)).documents

const schemaAt = (doc: LoadedDocument, version: number): unknown =>
  (doc.value.spec as { versions: Array<{ schema: { openAPIV3Schema: unknown } }> }).versions[
    version
  ]!.schema.openAPIV3Schema

describe('shareIdenticalSchemas', () => {
  it('points equal schemas of different CRDs at the first one, and leaves the others', () => {
    const [a] = documentsOf('a.json', crdText('a.example.com', [{ name: 'v1', schema: schema() }]))
    const [b] = documentsOf(
      'b.json',
      crdText('b.example.com', [
        { name: 'v1alpha1', schema: schema({ extra: { type: 'string' } }) },
        { name: 'v1', schema: schema() }
      ])
    )
    expect(schemaAt(a!, 0)).not.toBe(schemaAt(b!, 1))
    expect(shareIdenticalSchemas([a!, b!])).toBe(1)
    expect(schemaAt(b!, 1)).toBe(schemaAt(a!, 0))
    expect(schemaAt(b!, 0)).not.toBe(schemaAt(a!, 0))
  })

  it('does not equate values that JSON text would (NaN and null)', () => {
    const yaml = (value: string): string =>
      [
        'apiVersion: apiextensions.k8s.io/v1',
        'kind: CustomResourceDefinition',
        'metadata: {name: widgets.example.com}',
        'spec:',
        '  versions:',
        '  - name: v1',
        '    schema:',
        '      openAPIV3Schema:',
        '        type: object',
        '        properties:',
        `          limit: {type: number, maximum: ${value}}`
      ].join('\n')
    // kubectl refuses `.nan` in YAML (json: unsupported value: NaN), so NaN is set in the value.
    const withNaN = (file: string): LoadedDocument => {
      const [doc] = documentsOf(file, yaml('0'))
      const versions = (doc!.value as { spec: { versions: Array<{ schema: Json }> } }).spec.versions
      const n = (versions[0]!.schema.openAPIV3Schema as { properties: { limit: Json } }).properties
        .limit
      n.maximum = NaN
      return doc!
    }
    const [withNull] = documentsOf('null.yaml', yaml('null'))
    const nan = withNaN('nan.yaml')
    const other = withNaN('nan2.yaml')
    expect(shareIdenticalSchemas([withNull!, nan, other])).toBe(0)
    expect(schemaAt(nan, 0)).not.toBe(schemaAt(withNull!, 0))
  })

  it('shares only schemas with their members in the same order', () => {
    const reordered = schema()
    const spec = (reordered.openAPIV3Schema as { properties: { spec: Json } }).properties.spec
    const { properties, ...rest } = spec
    ;(reordered.openAPIV3Schema as { properties: { spec: Json } }).properties.spec = {
      properties,
      ...rest
    }
    const [a] = documentsOf('a.json', crdText('a.example.com', [{ name: 'v1', schema: schema() }]))
    const [b] = documentsOf('b.json', crdText('b.example.com', [{ name: 'v1', schema: reordered }]))
    expect(shareIdenticalSchemas([a!, b!])).toBe(0)
  })

  it('leaves documents that are not CRDs alone', () => {
    const docs = documentsOf(
      'cm.yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n'
    )
    expect(shareIdenticalSchemas(docs)).toBe(0)
  })
})

describe('check with identical schemas in two CRDs', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-shared-schemas-'))
    mkdirSync(path.join(dir, 'crds'))
    // a.json's only version is hoisted to spec.validation; b.json's v1 is the same schema at
    // spec.versions[1], beside a different v1alpha1.
    writeFileSync(
      path.join(dir, 'crds/a.json'),
      crdText('a.example.com', [{ name: 'v1', schema: schema() }])
    )
    writeFileSync(
      path.join(dir, 'crds/b.json'),
      crdText('b.example.com', [
        { name: 'v1alpha1', schema: schema({ extra: { type: 'string' } }) },
        { name: 'v1', schema: schema() }
      ])
    )
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("reports each CRD's errors at its own version and apiserver path", async () => {
    const { check: options } = resolveOptions(dir, {}, { 'kubernetes-versions': '1.37' })
    const { result } = await check(options, silentLogger)
    const rows = result.findings
      .filter((f) => f.ruleId === 'crd/cel-rule-cost' || f.ruleId === 'crd/invalid-default')
      .map((f) => [f.location.file, f.ruleId, f.location.path, f.location.range?.startLine])
      .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))
    const rule = 'schema.openAPIV3Schema.properties.spec.x-kubernetes-validations[0].rule'
    const size = 'schema.openAPIV3Schema.properties.spec.properties.size.default'
    expect(rows).toEqual([
      ['crds/a.json', 'crd/cel-rule-cost', `spec.versions[0].${rule}`, 29],
      ['crds/a.json', 'crd/invalid-default', `spec.versions[0].${size}`, 41],
      ['crds/b.json', 'crd/cel-rule-cost', `spec.versions[0].${rule}`, 29],
      ['crds/b.json', 'crd/cel-rule-cost', `spec.versions[1].${rule}`, 64],
      ['crds/b.json', 'crd/invalid-default', `spec.versions[0].${size}`, 41],
      ['crds/b.json', 'crd/invalid-default', `spec.versions[1].${size}`, 76]
    ])
    const messages = (file: string, ruleId: string): string[] =>
      result.findings
        .filter((f) => f.location.file === file && f.ruleId === ruleId)
        .map((f) => f.message.split(':')[1]!.trim())
        .sort()
    expect(messages('crds/a.json', 'crd/cel-rule-cost')).toEqual([
      'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule'
    ])
    expect(messages('crds/b.json', 'crd/cel-rule-cost')).toEqual([
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule',
      'spec.versions[1].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule'
    ])
    expect(messages('crds/b.json', 'crd/invalid-default')).toEqual([
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[size].default',
      'spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[size].default'
    ])
  })
})
