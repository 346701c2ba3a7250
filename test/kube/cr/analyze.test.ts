import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseAllDocuments } from 'yaml'
import { isPartialObjectFile } from '../../../src/kube/cr/analyze.js'
import {
  analyzeCustomResources,
  isAccepted,
  validateCustomResource
} from '../../../src/kube/cr/index.js'
import type { Finding } from '../../../src/findings/model.js'
import { discover } from '../../../src/workspace/discover.js'
import { loadFiles } from '../../../src/workspace/parse-pool.js'
import { Workspace } from '../../../src/workspace/workspace.js'

const repo = path.resolve(new URL('../../../', import.meta.url).pathname)

async function workspace(root: string): Promise<Workspace> {
  const found = await discover(root)
  const loaded = await loadFiles(found.files, { maxFileSize: 16 * 1024 * 1024 })
  return new Workspace(found.root, found.repoRoot, found.files, loaded)
}

const brief = (f: Finding): string =>
  `${path.basename(f.location.file)}:${f.location.range?.startLine} ${f.ruleId} ${f.message.split('\n')[0]}`

describe('analyzeCustomResources on fixtures/custom-resources', () => {
  let findings: Finding[]
  let resources: number

  beforeAll(async () => {
    const ws = await workspace(path.join(repo, 'fixtures/custom-resources'))
    const analysis = analyzeCustomResources(ws, { kubernetesVersions: ['1.35', '1.36', '1.37'] })
    findings = analysis.findings
    resources = analysis.resources.length
  })

  it('runs every sample of a kind a CRD in the repository defines', () => {
    expect(resources).toBe(5)
  })

  it('reports pruning, defaults, schema and CEL errors at the lines of their fields', () => {
    expect(findings.map(brief).sort()).toEqual(
      [
        'cel-errors.yaml:7 cr/cel-rule-failed spec: Invalid value: minReplicas must not be greater than maxReplicas',
        'other-version.yaml:1 cr/rejected The CRD gadgets.example.com does not serve example.com/v2 (it serves v1): the apiserver answers "the server could not find the requested resource".',
        'pruned.yaml:8 cr/pruned-field spec.colour is not in the schema of Gadget v1 (CRD gadgets.example.com): the apiserver drops it (unknown field "spec.colour").',
        `schema-errors.yaml:8 cr/invalid spec.color: Invalid value: "Blue!": spec.color in body should match '^[a-z]+$'`,
        'schema-errors.yaml:9 cr/invalid spec.minReplicas: Invalid value: -1: spec.minReplicas in body should be greater than or equal to 0',
        'schema-errors.yaml:13 cr/invalid spec.ports[1]: Duplicate value: {"name":"http"}',
        'schema-errors.yaml:6 cr/defaulted-field The schema default sets spec.maxReplicas = 3.',
        'valid.yaml:6 cr/defaulted-field The schema default sets spec.maxReplicas = 3.',
        'valid.yaml:6 cr/defaulted-field The schema default sets spec.minReplicas = 1.'
      ].sort()
    )
    const severities = new Map(findings.map((f) => [f.ruleId, f.severity]))
    expect(Object.fromEntries(severities)).toEqual({
      'cr/cel-rule-failed': 'error',
      'cr/rejected': 'error',
      'cr/pruned-field': 'warning',
      'cr/invalid': 'error',
      'cr/defaulted-field': 'notice'
    })
  })

  it('leaves chainsaw assertion files (partial objects) alone', () => {
    expect(isPartialObjectFile('x/.chainsaw-test/report-assert.yaml')).toBe(true)
    expect(isPartialObjectFile('x/report-error.yaml')).toBe(true)
    expect(isPartialObjectFile('x/assert.yaml')).toBe(true)
    expect(isPartialObjectFile('samples/schema-errors.yaml')).toBe(false)
    expect(isPartialObjectFile('error_cel_basic.yaml')).toBe(false)
  })

  it('marks findings that only some Kubernetes versions produce', async () => {
    const ws = await workspace(path.join(repo, 'fixtures/custom-resources'))
    const { findings: mixed } = analyzeCustomResources(ws, { kubernetesVersions: ['1.34', '1.35'] })
    const cel = mixed
      .filter((f) => f.ruleId === 'cr/cel-rule-failed')
      .map((f) => [f.message, f.kubernetesVersions])
    expect(cel).toEqual([
      ['spec: Invalid value: "object": minReplicas must not be greater than maxReplicas', ['1.34']],
      ['spec: Invalid value: minReplicas must not be greater than maxReplicas', ['1.35']]
    ])
  })
})

describe('analyzeCustomResources with a base ref (UPDATE from the merge base)', () => {
  let dir: string
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=celgate', '-c', 'user.email=celgate@example.com', ...args],
      {
        cwd: dir,
        stdio: 'pipe'
      }
    )
  const sample = (owner: string, color: string) =>
    `apiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: one\n  namespace: a\nspec:\n  size: small\n  owner: ${owner}\n  color: ${color}\n`

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-base-'))
    mkdirSync(path.join(dir, 'crds'))
    cpSync(
      path.join(repo, 'fixtures/custom-resources/crds/gadgets.yaml'),
      path.join(dir, 'crds/gadgets.yaml')
    )
    writeFileSync(path.join(dir, 'gadget.yaml'), sample('team-a', 'Red'))
    git('init', '-q', '-b', 'main')
    git('add', '.')
    git('commit', '-q', '-m', 'base')
    git('checkout', '-q', '-b', 'change')
    // The owner changes (a transition rule), the invalid color stays (ratcheted).
    writeFileSync(path.join(dir, 'gadget.yaml'), sample('team-b', 'Red'))
    writeFileSync(
      path.join(dir, 'new.yaml'),
      sample('team-b', 'Red').replace('name: one', 'name: two')
    )
    git('commit', '-q', '-am', 'change')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('runs transition rules against the base version and ratchets unchanged errors', async () => {
    const ws = await workspace(dir)
    const { findings, resources } = analyzeCustomResources(ws, {
      kubernetesVersions: ['1.37'],
      baseRef: 'main',
      reportDefaults: false
    })
    expect(resources.map((r) => [r.file, r.operation])).toEqual([
      ['gadget.yaml', 'UPDATE'],
      ['new.yaml', 'CREATE']
    ])
    expect(findings.map(brief)).toEqual([
      'gadget.yaml:8 cr/cel-rule-failed spec.owner: Invalid value: "team-b": owner is immutable (an update from main)',
      `new.yaml:9 cr/invalid spec.color: Invalid value: "Red": spec.color in body should match '^[a-z]+$'`
    ])
  })

  it('falls back to creates, without a finding, when the base ref does not exist', async () => {
    const ws = await workspace(dir)
    const { findings, resources } = analyzeCustomResources(ws, {
      kubernetesVersions: ['1.37'],
      baseRef: 'no-such-ref'
    })
    // The comparison's one notice says why (issue 28): a finding would fail `fail-on: warning`.
    expect(findings.filter((f) => f.location.file === '.')).toEqual([])
    expect(resources.map((r) => r.operation)).toEqual(['CREATE', 'CREATE'])
  })
})

const gatewayApi = path.resolve(repo, '../shared/corpus/crds/gateway-api')

;(existsSync(gatewayApi) ? describe : describe.skip)(
  'gateway-api examples (corpus-notes.md §2 item 3)',
  () => {
    const corpus = gatewayApi

    function crdsOf(channel: string): Map<string, unknown> {
      const out = new Map<string, unknown>()
      const dir = path.join(corpus, 'config/crd', channel)
      for (const f of readdirSync(dir))
        for (const d of parseAllDocuments(readFileSync(path.join(dir, f), 'utf8'))) {
          const v = d.toJS() as { kind?: string; spec?: { group: string; names: { kind: string } } }
          if (v?.kind === 'CustomResourceDefinition')
            out.set(`${v.spec!.group}/${v.spec!.names.kind}`, v)
        }
      return out
    }
    function objectsIn(dir: string): Array<{ file: string; object: Record<string, unknown> }> {
      const out: Array<{ file: string; object: Record<string, unknown> }> = []
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.ya?ml$/.test(entry.name)) continue
        const file = path.join(entry.parentPath, entry.name)
        for (const d of parseAllDocuments(readFileSync(file, 'utf8'))) {
          const v = d.toJS() as Record<string, unknown> | null
          if (v && typeof v.apiVersion === 'string') out.push({ file, object: v })
        }
      }
      return out
    }
    const check = (crds: Map<string, unknown>, object: Record<string, unknown>) => {
      const crd = crds.get(`${String(object.apiVersion).split('/')[0]}/${String(object.kind)}`)
      return crd ? validateCustomResource(crd, object, { kubernetesVersion: '1.35' }) : undefined
    }

    it('accepts every example of each channel', () => {
      for (const channel of ['standard', 'experimental']) {
        const crds = crdsOf(channel)
        const rejected = objectsIn(path.join(corpus, 'examples', channel))
          .map(({ file, object }) => ({ file, r: check(crds, object) }))
          .filter(({ r }) => r !== undefined && !isAccepted(r))
        expect(rejected.map(({ file }) => file)).toEqual([])
      }
    })

    it('rejects every invalid example (standard ones against both channels)', () => {
      const cases: Array<[string, string[]]> = [
        ['experimental', ['experimental']],
        ['standard', ['standard', 'experimental']]
      ]
      let files = 0
      for (const [folder, channels] of cases)
        for (const channel of channels) {
          const crds = crdsOf(channel)
          const byFile = new Map<string, boolean>()
          for (const { file, object } of objectsIn(
            path.join(corpus, 'hack/invalid-examples', folder)
          )) {
            const r = check(crds, object)
            byFile.set(file, (byFile.get(file) ?? false) || (r !== undefined && !isAccepted(r)))
          }
          expect([...byFile].filter(([, rejected]) => !rejected).map(([f]) => f)).toEqual([])
          files += byFile.size
        }
      expect(files).toBe(4 + 32 * 2)
    })
  }
)

describe('findings of some releases only', () => {
  // An int32 field: 1.36 and later validate numeric formats, 1.35 drops them.
  const crd = [
    'apiVersion: apiextensions.k8s.io/v1',
    'kind: CustomResourceDefinition',
    'metadata: {name: dials.example.com}',
    'spec:',
    '  group: example.com',
    '  scope: Cluster',
    '  names: {plural: dials, singular: dial, kind: Dial, listKind: DialList}',
    '  versions:',
    '    - name: v1',
    '      served: true',
    '      storage: true',
    '      schema:',
    '        openAPIV3Schema:',
    '          type: object',
    '          properties:',
    '            spec:',
    '              type: object',
    '              properties:',
    '                turns: {type: integer, format: int32}',
    ''
  ].join('\n')

  it('reports a value only the releases that check its format reject', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-cr-formats-'))
    try {
      writeFileSync(path.join(dir, 'crd.yaml'), crd)
      writeFileSync(
        path.join(dir, 'dial.yaml'),
        'apiVersion: example.com/v1\nkind: Dial\nmetadata:\n  name: big\nspec:\n  turns: 3000000000\n'
      )
      const ws = await workspace(dir)
      const { findings } = analyzeCustomResources(ws, {
        kubernetesVersions: ['1.35', '1.36', '1.37']
      })
      // The apiserver's own words: the format error names no field (kube-openapi's quirk).
      expect(findings.map((f) => [f.ruleId, f.message, f.kubernetesVersions])).toEqual([
        [
          'cr/invalid',
          '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in spec.turns',
          ['1.36', '1.37']
        ]
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
