/**
 * Real CRDs that real clusters accept (../shared/corpus/crds) pass CRD validation on every
 * supported release of the default check (no false errors), and the CRD the corpus marks as
 * broken (kubectl-validate's error_crd_typo.yaml, with the apiserver's Status in its comment)
 * gets exactly the apiserver's message.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAllDocuments } from 'yaml'
import { errorString, invalidStatus } from '../../../../src/kube/fielderrors/index.js'
import { validateCRD } from '../../../../src/kube/crd/validation/index.js'
import { isAccepted, validateCustomResource } from '../../../../src/kube/cr/index.js'
import type { KubernetesVersion } from '../../../../src/kube/versions.js'

// The corpus sits beside the repository (../shared), as in CI.
const CORPUS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/corpus'
)
const VERSIONS: KubernetesVersion[] = ['1.35', '1.36', '1.37']

function yamlFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry)
    if (statSync(full).isDirectory()) out.push(...yamlFiles(full))
    else if (/\.ya?ml$/.test(entry)) out.push(full)
  }
  return out
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The CRD documents of a file (List items opened); Helm templates do not parse and are skipped. */
function crdsOf(file: string): Obj[] {
  const out: Obj[] = []
  for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
    if (doc.errors.length > 0) continue
    const value: unknown = doc.toJS()
    const items = isObj(value) && Array.isArray(value.items) ? value.items : [value]
    for (const item of items)
      if (isObj(item) && item.kind === 'CustomResourceDefinition') out.push(item)
  }
  return out
}

const files = yamlFiles(path.join(CORPUS, 'crds'))
const crds = files.flatMap((file) =>
  crdsOf(file).map((crd) => ({ file: path.relative(CORPUS, file), crd }))
)
// apiextensions.k8s.io/v1beta1 is not served since 1.22: those CRDs cannot be created at all.
const v1 = crds.filter((c) => c.crd.apiVersion === 'apiextensions.k8s.io/v1')

describe('corpus CRDs that real clusters accept', () => {
  it('finds the corpus CRDs', () => {
    expect(v1.length).toBeGreaterThan(150)
  })

  it.each(VERSIONS)('Kubernetes %s accepts every one of them', (version) => {
    const rejected: string[] = []
    for (const { file, crd } of v1) {
      const errors = validateCRD(crd, { kubernetesVersion: version })
      const name = isObj(crd.metadata) ? String(crd.metadata.name) : '?'
      for (const e of errors) rejected.push(`${file} ${name}: ${errorString(e)}`)
    }
    expect(rejected).toEqual([])
  })
})

describe('CRDs the corpus marks as rejected', () => {
  it('error_crd_typo.yaml: the apiserver Status from its leading comment', () => {
    const file = path.join(
      CORPUS,
      'testsuites/kubectl-validate/testcases/manifests/error_crd_typo.yaml'
    )
    const text = readFileSync(file, 'utf8')
    const comment = text
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .map((l) => l.replace(/^# ?/, ''))
      .join('\n')
    const expected = JSON.parse(comment) as { message: string; details: { causes: unknown[] } }
    const [crd] = crdsOf(file)
    for (const version of VERSIONS) {
      const errors = validateCRD(crd, { kubernetesVersion: version })
      const name = String((crd!.metadata as Obj).name)
      const status = invalidStatus(
        { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' },
        name,
        errors
      )
      expect(status.message).toBe(expected.message)
      expect(status.details.causes).toEqual(expected.details.causes)
    }
  })
})

/**
 * gateway-api's invalid examples (hack/invalid-examples) are custom resources, not CRDs: the
 * corpus marks them invalid for the CRDs of their channel (standard cases for both channels,
 * experimental ones for the experimental CRDs only). Their CRDs pass CRD validation, and then
 * the apiserver rejects each example (through the custom-resource pipeline).
 */
describe('gateway-api examples the corpus marks invalid', () => {
  const gateway = path.join(CORPUS, 'crds/gateway-api')
  const channelCrds = (channel: string): Obj[] =>
    yamlFiles(path.join(gateway, 'config/crd', channel)).flatMap(crdsOf)
  const channels = { standard: channelCrds('standard'), experimental: channelCrds('experimental') }
  const crdFor = (crds: Obj[], object: Obj): Obj | undefined => {
    const [group] = String(object.apiVersion).split('/')
    return crds.find((crd) => {
      const spec = crd.spec as Obj
      return spec.group === group && (spec.names as Obj).kind === object.kind
    })
  }
  const examples = (channel: string): Array<{ file: string; object: Obj }> =>
    yamlFiles(path.join(gateway, 'hack/invalid-examples', channel)).flatMap((file) =>
      parseAllDocuments(readFileSync(file, 'utf8'))
        .map((d) => d.toJS() as unknown)
        .filter(isObj)
        .map((object) => ({ file: path.relative(gateway, file), object }))
    )
  const cases = [
    ...examples('standard').flatMap((e) => [
      { ...e, channel: 'standard' as const },
      { ...e, channel: 'experimental' as const }
    ]),
    ...examples('experimental').map((e) => ({ ...e, channel: 'experimental' as const }))
  ]

  it('finds the 36 invalid examples', () => {
    expect(new Set(cases.map((c) => c.file)).size).toBe(36)
  })

  it.each(['standard', 'experimental'] as const)('the %s CRDs are valid', (channel) => {
    const errors = channels[channel].flatMap((crd) =>
      validateCRD(crd, { kubernetesVersion: '1.37' }).map((e) => errorString(e))
    )
    expect(errors).toEqual([])
  })

  it.each(VERSIONS)('Kubernetes %s rejects every one of them', (version) => {
    const accepted: string[] = []
    for (const { file, object, channel } of cases) {
      const crd = crdFor(channels[channel], object)
      if (crd === undefined) {
        accepted.push(`${file} (${channel}): no CRD serves ${String(object.kind)}`)
        continue
      }
      const result = validateCustomResource(crd, object, { kubernetesVersion: version })
      if (isAccepted(result)) accepted.push(`${file} (${channel})`)
    }
    expect(accepted).toEqual([])
  })
})
