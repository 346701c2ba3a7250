/**
 * analyzeCrdValidity over fixtures/crd-validation: one finding per apiserver error, with the
 * apiserver's words, at the line of the field in the file (internal paths mapped back to the
 * v1 document), naming the releases that reject the CRD.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { analyzeCrdValidity } from '../../../../src/kube/crd/validation/index.js'
import type { CrdValidityAnalysis } from '../../../../src/kube/crd/validation/index.js'
import type { Finding } from '../../../../src/findings/model.js'
import { discover } from '../../../../src/workspace/discover.js'
import { loadFiles } from '../../../../src/workspace/parse-pool.js'
import { Workspace } from '../../../../src/workspace/workspace.js'

const repo = path.resolve(new URL('../../../../', import.meta.url).pathname)
const fixtures = path.join(repo, 'fixtures/crd-validation')

let ws: Workspace
let analysis: CrdValidityAnalysis
beforeAll(async () => {
  const found = await discover(fixtures)
  const loaded = await loadFiles(found.files, { maxFileSize: 10 * 1024 * 1024 })
  ws = new Workspace(found.root, found.repoRoot, found.files, loaded)
  analysis = analyzeCrdValidity(ws, { kubernetesVersions: ['1.35', '1.36', '1.37'] })
}, 120_000)

const of = (file: string): Finding[] =>
  analysis.findings.filter((f) => f.location.file === `fixtures/crd-validation/crds/${file}`)

/** `line: rule id: message` for compact comparison. */
const summary = (f: Finding): string => `${f.location.range?.startLine}: ${f.ruleId}: ${f.message}`

const ALL = 'Kubernetes 1.35, 1.36 and 1.37 reject this CRD'

describe('analyzeCrdValidity', () => {
  it('a valid CRD has no findings', () => {
    expect(of('valid.yaml')).toEqual([])
    expect([...analysis.rejectedBy.keys()].some((d) => d.file.endsWith('valid.yaml'))).toBe(false)
  })

  it('schema errors, at the schema node in the first version (or its nearest ancestor)', () => {
    expect(of('invalid-schema.yaml').map(summary).sort()).toEqual(
      [
        `23: crd/invalid-schema: ${ALL}: spec.validation.openAPIV3Schema.properties[spec].properties[message].type: Unsupported value: "strign": supported values: "array", "boolean", "integer", "number", "object", "string"`,
        `25: crd/invalid-schema: ${ALL}: spec.validation.openAPIV3Schema.properties[spec].properties[ports].items: Required value: must be specified`,
        `28: crd/invalid-schema: ${ALL}: spec.validation.openAPIV3Schema.properties[spec].properties[labels].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic`
      ].sort()
    )
    const [first] = of('invalid-schema.yaml')
    expect(first?.kubernetesVersions).toEqual(['1.35', '1.36', '1.37'])
    expect(first?.severity).toBe('error')
  })

  it('spec errors: name, storage versions, printer columns, conversion webhook', () => {
    const lines = of('invalid-spec.yaml').map(summary)
    expect(lines).toContain(
      `4: crd/invalid-spec: ${ALL}: metadata.name: Invalid value: "sprockets.example.org": must be spec.names.plural+"."+spec.group`
    )
    expect(lines).toContain(
      `16: crd/invalid-spec: ${ALL}: spec.conversion.webhookClientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme; desired format: https://host[/path]`
    )
    expect(lines).toContain(
      `24: crd/invalid-spec: ${ALL}: spec.additionalPrinterColumns[0].JSONPath: Invalid value: "metadata.creationTimestamp": must be a simple json path starting with .`
    )
    const storage = of('invalid-spec.yaml').find((f) =>
      f.message.includes('must have exactly one version marked as storage version')
    )
    // `spec.versions` is the list in the file.
    expect(storage?.location.range?.startLine).toBe(18)
    expect(storage?.message).toContain(`${ALL}: spec.versions: Invalid value: [{"Name":"v1"`)
  })

  it('default errors, at the default', () => {
    // The value validator names the default's root '' (kube-openapi's message then starts
    // with " in body"), as the apiserver prints it.
    expect(of('invalid-default.yaml').map(summary).sort()).toEqual(
      [
        `24: crd/invalid-default: ${ALL}: spec.validation.openAPIV3Schema.properties[spec].properties[replicas].default: Invalid value: "string":  in body must be of type integer: "string"`,
        `31: crd/invalid-default: ${ALL}: spec.validation.openAPIV3Schema.properties[spec].properties[selector].default: Invalid value: {"app":"web","tier":"frontend"}: must not have unknown fields`
      ].sort()
    )
  })

  it('x-kubernetes-validations entries: reason and fieldPath', () => {
    expect(of('invalid-rule.yaml').map(summary).sort()).toEqual(
      [
        `23: crd/invalid-validation-rule: ${ALL}: spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].reason: Unsupported value: "FieldValueBroken": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
        `25: crd/invalid-validation-rule: ${ALL}: spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].fieldPath: Invalid value: ".minimum": must be a valid path`
      ].sort()
    )
  })

  it('CEL compile errors: left to the CEL cost check unless asked for', () => {
    expect(of('cel-error.yaml')).toEqual([])
    const withCel = analyzeCrdValidity(ws, { kubernetesVersions: ['1.37'], includeCelErrors: true })
    const compile = withCel.findings.filter((f) => f.location.file.endsWith('cel-error.yaml'))
    expect(compile.map(summary)).toEqual([
      `22: crd/invalid-validation-rule: Kubernetes 1.37 rejects this CRD: spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {"Rule":"self.max.startsWith('x')","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}: compilation failed: ERROR: <input>:1:20: found no matching overload for 'startsWith' applied to 'int.(string)'\n | self.max.startsWith('x')\n | ...................^`
    ])
  })

  it('per-version schemas keep their own paths', () => {
    expect(of('multi-version.yaml').map(summary)).toEqual([
      `32: crd/invalid-schema: ${ALL}: spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[items].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map`
    ])
  })

  it('apiextensions.k8s.io/v1beta1 is reported as removed', () => {
    const [removed] = of('v1beta1.yaml')
    expect(removed?.ruleId).toBe('crd/removed-api-version')
    expect(removed?.location.range?.startLine).toBe(1)
    expect(removed?.message).toContain('removed in 1.22')
  })

  it('validates an update against the stored object when one is given', () => {
    const updated = analyzeCrdValidity(ws, {
      kubernetesVersions: ['1.37'],
      oldObject: (doc) =>
        doc.file.endsWith('valid.yaml')
          ? { ...doc.value, spec: { ...(doc.value.spec as object), scope: 'Cluster' } }
          : undefined
    })
    const findings = updated.findings.filter((f) => f.location.file.endsWith('/valid.yaml'))
    expect(findings.map(summary)).toEqual([
      '7: crd/immutable-field: Kubernetes 1.37 rejects this CRD: spec.scope: Invalid value: "Namespaced": field is immutable'
    ])
  })

  it('names only the releases that reject a default', () => {
    // 1.35 and 1.36 share their CEL behaviour; only 1.36 validates numeric formats.
    const [finding, ...more] = of('numeric-format-default.yaml')
    expect(more).toEqual([])
    expect(finding?.kubernetesVersions).toEqual(['1.36', '1.37'])
    expect(finding?.message).toMatch(
      /^Kubernetes 1\.36 and 1\.37 reject this CRD: spec\.validation\.openAPIV3Schema\.properties\[spec\]\.properties\[turns\]\.default: /
    )
  })

  it('names the releases that reject the CRD', () => {
    const rejected = [...analysis.rejectedBy.entries()].map(([d, v]) => [
      path.basename(d.file),
      v.join(',')
    ])
    expect(rejected.sort()).toEqual(
      [
        ['cel-error.yaml', '1.35,1.36,1.37'],
        ['invalid-default.yaml', '1.35,1.36,1.37'],
        ['invalid-rule.yaml', '1.35,1.36,1.37'],
        ['invalid-schema.yaml', '1.35,1.36,1.37'],
        ['invalid-spec.yaml', '1.35,1.36,1.37'],
        ['multi-version.yaml', '1.35,1.36,1.37'],
        ['numeric-format-default.yaml', '1.36,1.37'],
        ['v1beta1.yaml', '1.35,1.36,1.37']
      ].sort()
    )
  })
})
