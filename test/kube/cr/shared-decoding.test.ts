/**
 * The custom-resource dry-run validates equal objects once and decodes an object once for all
 * releases (analyze.ts, pipeline.ts withSharedDecoding): each copy is still reported at its own
 * lines, and each release gets an object of its own, equal to what an unshared run gives.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseAllDocuments } from 'yaml'
import { analyzeCustomResources, validateCustomResource } from '../../../src/kube/cr/index.js'
import { withSharedDecoding } from '../../../src/kube/cr/pipeline.js'
import type { Finding } from '../../../src/findings/model.js'
import { fixtureWorkspace, repo } from '../admission/workspace.js'

const fixtures = path.join(repo, 'fixtures/custom-resources')
const crd = parseAllDocuments(
  readFileSync(path.join(fixtures, 'crds/gadgets.yaml'), 'utf8')
)[0]!.toJS()
const SAMPLE = readFileSync(path.join(fixtures, 'samples/schema-errors.yaml'), 'utf8')

describe('copies of a custom resource', () => {
  let dir: string
  let findings: Finding[]

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-cr-copies-'))
    cpSync(path.join(fixtures, 'crds'), path.join(dir, 'crds'), { recursive: true })
    writeFileSync(path.join(dir, 'a.yaml'), SAMPLE)
    // The same objects three lines further down.
    writeFileSync(path.join(dir, 'b.yaml'), `# a copy\n\n\n${SAMPLE}`)
    const ws = await fixtureWorkspace(dir)
    findings = analyzeCustomResources(ws, { kubernetesVersions: ['1.35', '1.36', '1.37'] }).findings
  })

  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('are each reported at their own lines', () => {
    const of = (file: string) =>
      findings
        .filter((f) => f.location.file.endsWith(file))
        .map((f) => [
          f.ruleId,
          f.message,
          (f.location.range?.startLine ?? 0) - (file === 'b.yaml' ? 3 : 0)
        ])
    expect(of('a.yaml').length).toBeGreaterThan(0)
    expect(of('b.yaml')).toEqual(of('a.yaml'))
  })
})

describe('withSharedDecoding', () => {
  it('gives each release its own object, equal to an unshared validation', () => {
    const object = parseAllDocuments(SAMPLE)[0]!.toJS()
    const versions = ['1.35', '1.36', '1.37'] as const
    const shared = withSharedDecoding(() =>
      versions.map((v) => validateCustomResource(crd, object, { kubernetesVersion: v }))
    )
    const alone = versions.map((v) => validateCustomResource(crd, object, { kubernetesVersion: v }))
    expect(shared).toEqual(alone)
    expect(shared[0]!.object).toBeDefined()
    expect(shared[0]!.object).not.toBe(shared[1]!.object)
    expect(shared[0]!.pruned).not.toBe(shared[1]!.pruned)
  })
})
