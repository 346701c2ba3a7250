/**
 * `check --base-ref` for CRDs (issue 4 item 1, crd-validation-spec.md §2.2): a CRD whose name
 * exists at the merge base is checked as an UPDATE of that version — stored expressions compile
 * with the release's own libraries, new ones with the previous minor's; unchanged schemas have
 * no per-expression cost limit; update-only rules (immutable scope, stored versions) apply. A
 * temporary git repository holds the base (`main`) and the change (`change`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { stringify } from 'yaml'
import { silentLogger } from '../../../src/core/logger.js'
import { check } from '../../../src/core/check.js'
import { resolveOptions } from '../../../src/core/options.js'
import type { Finding } from '../../../src/findings/model.js'
import { baseCrdLookup } from '../../../src/kube/crd/base-crds.js'
import { analyzeCrdCosts } from '../../../src/kube/crd/cost-check.js'
import { analyzeCrdValidity } from '../../../src/kube/crd/validation/index.js'
import type { KubernetesVersion } from '../../../src/kube/versions.js'
import { discover } from '../../../src/workspace/discover.js'
import { loadFiles } from '../../../src/workspace/parse-pool.js'
import { Workspace } from '../../../src/workspace/workspace.js'

type Schema = Record<string, unknown>

interface CrdSpec {
  scope?: string
  versions?: Array<{ name: string; storage?: boolean; spec: Schema }>
}

/** A v1 CRD `<plural>.example.com` whose versions have `spec` schemas. */
function crd(plural: string, spec: Schema | CrdSpec): string {
  const given = 'versions' in spec || 'scope' in spec ? (spec as CrdSpec) : undefined
  const versions = given?.versions ?? [{ name: 'v1', storage: true, spec: spec as Schema }]
  const kind = plural[0]!.toUpperCase() + plural.slice(1, -1)
  return stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.example.com` },
    spec: {
      group: 'example.com',
      names: { plural, singular: plural.slice(0, -1), kind, listKind: `${kind}List` },
      scope: given?.scope ?? 'Namespaced',
      versions: versions.map((v) => ({
        name: v.name,
        served: true,
        storage: v.storage === true,
        schema: {
          openAPIV3Schema: { type: 'object', properties: { spec: v.spec } }
        }
      }))
    }
  })
}

const tags = (rules: string[] = []): Schema => ({
  type: 'object',
  properties: {
    tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 10 } }
  },
  ...(rules.length > 0 ? { 'x-kubernetes-validations': rules.map((rule) => ({ rule })) } : {})
})

// `includes` (Kubernetes lists library v1) is new in 1.37: its StoredExpressions environment
// has it, its NewExpressions environment (the 1.36 libraries) does not.
const INCLUDES_A = "self.tags.includes('a')"

/** Over the 10,000,000 per-expression limit, under the 100,000,000 per-schema one. */
const expensive = (description?: string): Schema => ({
  type: 'object',
  properties: {
    names: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 30000 } }
  },
  'x-kubernetes-validations': [{ rule: "self.names.all(n, n.contains('x'))" }],
  ...(description ? { description } : {})
})

// requireMapListKeysMapSetValidation: a map-list key that is neither required nor defaulted.
const unkeyedMapList: Schema = {
  type: 'object',
  properties: {
    ports: {
      type: 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      items: { type: 'object', properties: { name: { type: 'string' } } }
    }
  }
}

const BASE: Record<string, string> = {
  // Unchanged: a 1.37 library function in a stored rule.
  'crds/stored.yaml': crd('keepers', tags([INCLUDES_A])),
  // The rule text changes: a new expression.
  'crds/changed.yaml': crd('changers', tags([INCLUDES_A])),
  // The head adds the stored rule's text on another node: still pre-existing.
  'crds/copied.yaml': crd('copiers', {
    type: 'object',
    properties: { a: tags([INCLUDES_A]), b: tags() }
  }),
  'crds/scope.yaml': crd('scopes', { scope: 'Namespaced', versions: [v1(tags())] }),
  'crds/stored-version.yaml': crd('movers', { versions: [v1(tags())] }),
  'crds/old-place.yaml': crd('travellers', { scope: 'Namespaced', versions: [v1(tags())] }),
  'crds/invalid.yaml': crd('brokens', unkeyedMapList),
  'crds/costly.yaml': crd('costlies', expensive()),
  'crds/costly-changed.yaml': crd('recosts', expensive())
}

function v1(spec: Schema): { name: string; storage: boolean; spec: Schema } {
  return { name: 'v1', storage: true, spec }
}

const HEAD: Record<string, string | undefined> = {
  'crds/changed.yaml': crd('changers', tags(["self.tags.includes('b')"])),
  'crds/copied.yaml': crd('copiers', {
    type: 'object',
    properties: { a: tags([INCLUDES_A]), b: tags([INCLUDES_A]) }
  }),
  'crds/new.yaml': crd('newcomers', tags([INCLUDES_A])),
  'crds/scope.yaml': crd('scopes', { scope: 'Cluster', versions: [v1(tags())] }),
  // v1 was stored: removing it from spec.versions is refused.
  'crds/stored-version.yaml': crd('movers', {
    versions: [{ name: 'v2', storage: true, spec: tags() }]
  }),
  'crds/old-place.yaml': undefined,
  'crds/new-place.yaml': crd('travellers', { scope: 'Cluster', versions: [v1(tags())] }),
  'crds/costly-changed.yaml': crd('recosts', expensive('now described'))
}

let dir: string

function git(...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.invalid',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null'
    }
  })
}

function write(files: Record<string, string | undefined>): void {
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(dir, file)
    if (text === undefined) rmSync(target)
    else {
      mkdirSync(path.dirname(target), { recursive: true })
      writeFileSync(target, text)
    }
  }
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-crd-base-'))
  git('init', '-q', '-b', 'main')
  write(BASE)
  git('add', '-A')
  git('commit', '-q', '-m', 'base')
  git('checkout', '-q', '-b', 'change')
  write(HEAD)
  git('add', '-A')
  git('commit', '-q', '-m', 'change')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function workspace(): Promise<Workspace> {
  const found = await discover(dir)
  const loaded = await loadFiles(found.files, { maxFileSize: 16 * 1024 * 1024 })
  return new Workspace(found.root, found.repoRoot, found.files, loaded)
}

const VERSIONS: KubernetesVersion[] = ['1.37']

function costs(ws: Workspace, baseRef?: string, versions = VERSIONS): Finding[] {
  return analyzeCrdCosts(ws, {
    kubernetesVersions: versions,
    warnRatio: 0.5,
    failRatio: 1,
    ...(baseRef !== undefined ? { baseRef } : {})
  }).findings
}

function validity(ws: Workspace, baseRef?: string, versions = VERSIONS): Finding[] {
  return analyzeCrdValidity(ws, {
    kubernetesVersions: versions,
    ...(baseRef !== undefined ? { baseRef } : {})
  }).findings
}

const inFile = (findings: Finding[], file: string): Finding[] =>
  findings.filter((f) => f.location.file === file)

const brief = (f: Finding): string =>
  `${f.severity} ${f.ruleId} ${f.location.path ?? ''}: ${f.message.split('\n')[0]}`

describe('the base version of a CRD', () => {
  it('is found by name in the same file, or in another file of the base', async () => {
    const ws = await workspace()
    const lookup = baseCrdLookup(ws, 'main')!
    expect(lookup.commit).toBe(git('rev-parse', 'main').trim())
    const found = (file: string): string | undefined => {
      const doc = ws.documents.find((d) => d.file === file)!
      return lookup.find(doc)?.file
    }
    expect(found('crds/stored.yaml')).toBe('crds/stored.yaml')
    expect(found('crds/new-place.yaml')).toBe('crds/old-place.yaml')
    expect(found('crds/new.yaml')).toBeUndefined()
  })

  it('is not looked up without a base ref, nor when git cannot resolve it', async () => {
    const ws = await workspace()
    expect(baseCrdLookup(ws, undefined)).toBeUndefined()
    expect(baseCrdLookup(ws, 'no-such-ref')).toBeUndefined()
    // Everything is then a create: the same findings as without a base ref.
    expect(costs(ws, 'no-such-ref')).toEqual(costs(ws))
    expect(validity(ws, 'no-such-ref')).toEqual(validity(ws))
  })
})

describe('CEL environments on update', () => {
  let ws: Workspace
  beforeAll(async () => {
    ws = await workspace()
  })

  it('rejects a 1.37 library function in a new CRD (NewExpressions has the 1.36 libraries)', () => {
    const found = inFile(costs(ws), 'crds/stored.yaml')
    expect(found.map(brief)).toEqual([
      expect.stringContaining(
        'error crd/cel-compile-error spec.versions[0].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations[0].rule: Kubernetes 1.37 rejects this CRD: spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {"Rule":"self.tags.includes(\'a\')"'
      )
    ])
    expect(found[0]!.message).toContain("undeclared reference to 'includes'")
    expect(inFile(costs(ws), 'crds/new.yaml')).toHaveLength(1)
  })

  it('accepts it on update when the expression is stored (StoredExpressions)', () => {
    const found = costs(ws, 'main')
    expect(inFile(found, 'crds/stored.yaml')).toEqual([])
    // The same text anywhere in the stored CRD counts (validation.go findPreexistingExpressions).
    expect(inFile(found, 'crds/copied.yaml')).toEqual([])
    // The whole apiserver validation agrees.
    const all = analyzeCrdValidity(ws, {
      kubernetesVersions: VERSIONS,
      baseRef: 'main',
      includeCelErrors: true
    }).findings
    expect(inFile(all, 'crds/stored.yaml')).toEqual([])
    expect(inFile(all, 'crds/copied.yaml')).toEqual([])
  })

  it('still rejects it in a changed or new expression, naming the update', () => {
    const found = costs(ws, 'main')
    const changed = inFile(found, 'crds/changed.yaml')
    expect(changed.map((f) => f.ruleId)).toEqual(['crd/cel-compile-error'])
    expect(changed[0]!.message).toMatch(
      /^Kubernetes 1\.37 rejects this CRD \(an update from main\): .*"Rule":"self\.tags\.includes\('b'\)".*undeclared reference to 'includes'/s
    )
    // A CRD the base does not have is a create.
    const created = inFile(found, 'crds/new.yaml')
    expect(created.map((f) => f.message.split(':')[0])).toEqual([
      'Kubernetes 1.37 rejects this CRD'
    ])
  })

  it('compiles stored expressions with the release libraries on each release', () => {
    // 1.36 has no `includes` at all: stored or not, it is rejected there.
    const found = inFile(costs(ws, 'main', ['1.36', '1.37']), 'crds/stored.yaml')
    expect(found.map((f) => [f.ruleId, f.kubernetesVersions])).toEqual([
      ['crd/cel-compile-error', ['1.36']]
    ])
    expect(found[0]!.message).toMatch(/^Kubernetes 1\.36 rejects this CRD \(an update from main\)/)
  })
})

describe('the per-expression cost limit on update', () => {
  it('is not applied to an unchanged schema; the finding stays, saying a new CRD is rejected', async () => {
    const ws = await workspace()
    const created = inFile(costs(ws), 'crds/costly.yaml')
    expect(created.map(brief)).toEqual([
      expect.stringMatching(
        /^error crd\/cel-rule-cost \S+x-kubernetes-validations\[0\]\.rule: Kubernetes 1\.37 rejects this CRD: .*estimated rule cost exceeds budget/
      )
    ])
    const updated = inFile(costs(ws, 'main'), 'crds/costly.yaml')
    expect(updated.map(brief)).toEqual([
      expect.stringMatching(
        /^error crd\/cel-rule-cost \S+x-kubernetes-validations\[0\]\.rule: Kubernetes 1\.37 accepts this rule \(an update from main\) only because the update leaves the schema of this version unchanged \(no per-expression cost limit then\); a new CRD is rejected: .*estimated rule cost exceeds budget/
      )
    ])
    // Same rule, file and place: the comparison with the base sees the same finding.
    expect(updated[0]!.location.path).toBe(created[0]!.location.path)
    // The apiserver's own validation accepts the update.
    const all = analyzeCrdValidity(ws, {
      kubernetesVersions: VERSIONS,
      baseRef: 'main',
      includeCelErrors: true
    }).findings
    expect(inFile(all, 'crds/costly.yaml')).toEqual([])
  })

  it('applies when the schema changed', async () => {
    const ws = await workspace()
    const found = inFile(costs(ws, 'main'), 'crds/costly-changed.yaml')
    expect(found.map(brief)).toEqual([
      expect.stringMatching(
        /^error crd\/cel-rule-cost \S+: Kubernetes 1\.37 rejects this CRD \(an update from main\): .*estimated rule cost exceeds budget/
      )
    ])
  })
})

describe('update validation (ValidateCustomResourceDefinitionUpdate)', () => {
  let ws: Workspace
  beforeAll(async () => {
    ws = await workspace()
  })

  it('reports an immutable scope only with a base ref', () => {
    expect(inFile(validity(ws), 'crds/scope.yaml')).toEqual([])
    expect(inFile(validity(ws, 'main'), 'crds/scope.yaml').map(brief)).toEqual([
      'error crd/immutable-field spec.scope: Kubernetes 1.37 rejects this CRD (an update from main): spec.scope: Invalid value: "Cluster": field is immutable'
    ])
  })

  it('finds the stored CRD in the file it was moved from', () => {
    expect(inFile(validity(ws), 'crds/new-place.yaml')).toEqual([])
    expect(inFile(validity(ws, 'main'), 'crds/new-place.yaml').map(brief)).toEqual([
      'error crd/immutable-field spec.scope: Kubernetes 1.37 rejects this CRD (an update from main): spec.scope: Invalid value: "Cluster": field is immutable'
    ])
  })

  it('refuses to drop a version the cluster has stored objects in', () => {
    expect(inFile(validity(ws), 'crds/stored-version.yaml')).toEqual([])
    const found = inFile(validity(ws, 'main'), 'crds/stored-version.yaml')
    expect(found.map((f) => f.message)).toEqual([
      'Kubernetes 1.37 rejects this CRD (an update from main): status.storedVersions[0]: Invalid value: "v1": missing from spec.versions; v1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1 and removes v1 from status.storedVersions'
    ])
  })

  it('does not ratchet on a base CRD the apiserver could not have stored', () => {
    const created = inFile(validity(ws), 'crds/invalid.yaml')
    expect(created.map((f) => f.ruleId)).toEqual(['crd/invalid-default'])
    expect(created[0]!.message).toContain(
      'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'
    )
    // The base has the same error, so no release ever stored it: still a create.
    expect(inFile(validity(ws, 'main'), 'crds/invalid.yaml').map((f) => f.message)).toEqual(
      created.map((f) => f.message)
    )
    // Had it been stored, the apiserver would let the update keep the problem.
    const forced = analyzeCrdValidity(ws, {
      kubernetesVersions: VERSIONS,
      oldObject: (doc) => (doc.file === 'crds/invalid.yaml' ? doc.value : undefined)
    }).findings
    expect(inFile(forced, 'crds/invalid.yaml')).toEqual([])
  })
})

describe('check --base-ref', () => {
  it('validates CRDs of the base as updates', async () => {
    const { check: options } = resolveOptions(
      dir,
      {},
      { 'kubernetes-versions': '1.37', 'base-ref': 'main' }
    )
    const { result } = await check(options, silentLogger)
    const immutable = result.findings.filter((f) => f.ruleId === 'crd/immutable-field')
    expect(immutable.map((f) => f.location.file).sort()).toEqual([
      'crds/new-place.yaml',
      'crds/scope.yaml'
    ])
  })

  it('validates creates, without a finding, when the base ref cannot be resolved', async () => {
    const { check: options } = resolveOptions(
      dir,
      {},
      { 'kubernetes-versions': '1.37', 'base-ref': 'no-such-ref' }
    )
    const { result } = await check(options, silentLogger)
    expect(result.findings.filter((f) => f.ruleId === 'crd/immutable-field')).toEqual([])
    // The comparison's one notice says why (issue 28): a finding would fail `fail-on: warning`.
    expect(result.findings.filter((f) => f.location.file === '.')).toEqual([])
  })
})
