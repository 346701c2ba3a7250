/**
 * The comparison reports only what the pull request changed (issue 28): a repository compared
 * with itself has no delta (namespaceless custom resources, CRDs that pass only as updates);
 * files a pull request adds bring new findings only there; a changed CRD brings new findings
 * on the custom resources it breaks, each naming the CRD's file as its cause.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { cpSync, existsSync } from 'node:fs'
import path from 'node:path'
import { stringify } from 'yaml'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import { checkPullRequest } from '../../src/core/pull-request.js'
import type { Delta } from '../../src/core/delta.js'
import type { Finding } from '../../src/findings/model.js'
import { toJsonReport } from '../../src/report/json.js'
import { renderSummary } from '../../src/report/summary.js'
import { TempDirs, git, write } from './delta-repo.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

const corpus = path.resolve(new URL('../../../shared/corpus/crds', import.meta.url).pathname)

/** A repository whose one commit holds `files` (a corpus folder, or path → content). */
function committed(files: string | Record<string, string>): string {
  const repo = tmp.dir('repo')
  git(repo, 'init', '-q', '-b', 'main')
  if (typeof files === 'string') cpSync(files, repo, { recursive: true })
  else write(repo, files)
  git(repo, 'add', '-A')
  git(repo, 'commit', '-q', '-m', 'base')
  return repo
}

/** The same repository one commit later, on `feature`. */
function change(repo: string, files: Record<string, string>): void {
  git(repo, 'checkout', '-q', '-b', 'feature')
  write(repo, files)
  git(repo, 'add', '-A')
  git(repo, 'commit', '-q', '-m', 'pull request')
}

async function compare(repo: string, baseRef: string, versions = '1.36') {
  const { check } = resolveOptions(
    repo,
    {},
    { 'base-ref': baseRef, 'kubernetes-versions': versions }
  )
  const { result } = await checkPullRequest(check, silentLogger)
  expect(result.delta?.available).toBe(true)
  return { result, delta: result.delta as Delta }
}

const counts = (d: Delta) => ({
  new: d.findings.new.length,
  worsened: d.findings.worsened.length,
  fixed: d.findings.fixed.length
})
const where = (f: Finding): string => `${f.ruleId} ${f.location.file}`

const skipWithoutCorpus = existsSync(corpus) ? describe : describe.skip

skipWithoutCorpus('a corpus folder compared with itself has no delta', () => {
  for (const folder of ['jobset', 'gateway-api'])
    it(`${folder}: 0 new, 0 worsened, 0 fixed`, async () => {
      const repo = committed(path.join(corpus, folder))
      const { result, delta } = await compare(repo, 'HEAD')
      expect(counts(delta)).toEqual({ new: 0, worsened: 0, fixed: 0 })
      expect(delta.findings.unchanged.length).toBe(result.findings.length)
      expect(result.findings.some((f) => f.message.includes('field is immutable'))).toBe(false)
    }, 60_000)
})

skipWithoutCorpus('a pull request adding 3 files', () => {
  it('gets new findings only in those files', async () => {
    const repo = committed(path.join(corpus, 'jobset'))
    const examples = path.join(repo, 'site/static/examples')
    expect(existsSync(examples)).toBe(true)
    // Three copies of a JobSet example without `metadata.namespace`, each with a field its
    // schema does not have: pruned (a warning) in the new files only.
    const sample = (name: string) =>
      stringify({
        apiVersion: 'jobset.x-k8s.io/v1alpha2',
        kind: 'JobSet',
        metadata: { name },
        spec: { notAField: true, replicatedJobs: [] }
      })
    const added = ['added/a.yaml', 'added/b.yaml', 'added/c.yaml']
    change(repo, Object.fromEntries(added.map((f, i) => [f, sample(`added-${i}`)])))
    const { delta } = await compare(repo, 'main')
    expect(delta.findings.new.length).toBeGreaterThanOrEqual(3)
    expect([...new Set(delta.findings.new.map((f) => f.location.file))].sort()).toEqual(added)
    expect(counts(delta)).toMatchObject({ worsened: 0, fixed: 0 })
    expect(delta.findings.causes?.size ?? 0).toBe(0)
  }, 60_000)
})

/** A namespaced CRD `widgets.example.com` whose `spec.size` allows `maxLength` characters. */
const widgets = (maxLength: number, rules: string[] = []) =>
  stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  properties: {
                    size: { type: 'string', maxLength },
                    tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 10 } }
                  },
                  ...(rules.length > 0
                    ? { 'x-kubernetes-validations': rules.map((rule) => ({ rule })) }
                    : {})
                }
              }
            }
          }
        }
      ]
    }
  })

/** A Widget without `metadata.namespace`. */
const widget = (name: string, size: string) =>
  stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name }, spec: { size } })

describe('a pull request that changes a CRD', () => {
  it('gets new findings on the custom resources it breaks, caused by the CRD file', async () => {
    const repo = committed({
      'crds/widgets.yaml': widgets(10),
      'config/one.yaml': widget('one', 'medium'),
      'config/two.yaml': widget('two', 'xl')
    })
    change(repo, { 'crds/widgets.yaml': widgets(3) })
    const { result, delta } = await compare(repo, 'main')
    expect(delta.findings.new.map(where)).toEqual(['cr/invalid config/one.yaml'])
    expect(delta.findings.new[0]!.message).toContain('spec.size: Too long')
    expect([...(delta.findings.causes ?? [])].map(([f, c]) => [f.location.file, c])).toEqual([
      ['config/one.yaml', 'crds/widgets.yaml']
    ])
    expect(toJsonReport(result).findings.filter((f) => f.change === 'new')).toEqual([
      expect.objectContaining({ file: 'config/one.yaml', cause: 'crds/widgets.yaml' })
    ])
    expect(renderSummary(result)).toContain(
      '- 1 in <code>config/one.yaml</code>: new because <code>crds/widgets.yaml</code> changed'
    )
  }, 30_000)
})

describe('no invented delta', () => {
  it('a namespaceless custom resource changed by the pull request is no immutable namespace', async () => {
    const repo = committed({
      'crds/widgets.yaml': widgets(10),
      'config/one.yaml': widget('one', 'small')
    })
    change(repo, { 'config/one.yaml': widget('one', 'medium') })
    const { result, delta } = await compare(repo, 'main')
    expect(result.findings.filter((f) => f.message.includes('immutable'))).toEqual([])
    expect(counts(delta)).toEqual({ new: 0, worsened: 0, fixed: 0 })
  }, 30_000)

  it('an unchanged CRD that passes only as an update shows no create-time error as fixed', async () => {
    // `includes` (lists library v1) is new in 1.37: a stored expression compiles with it, a new
    // one (the 1.36 libraries) does not, so the CRD passes on 1.37 only as an update.
    const repo = committed({
      'crds/widgets.yaml': widgets(10, ["self.tags.includes('a')"]),
      'config/one.yaml': widget('one', 'small')
    })
    change(repo, { 'config/one.yaml': widget('one', 'medium') })
    const { delta } = await compare(repo, 'main', '1.37')
    expect(counts(delta)).toEqual({ new: 0, worsened: 0, fixed: 0 })
  }, 30_000)

  it('nor when another CRD of its file changed (the file is checked again on both sides)', async () => {
    const gadgets = widgets(10)
      .replaceAll('widgets', 'gadgets')
      .replaceAll('widget', 'gadget')
      .replaceAll('Widget', 'Gadget')
    const repo = committed({
      'crds/all.yaml': `${widgets(10, ["self.tags.includes('a')"])}---\n${gadgets}`
    })
    change(repo, {
      'crds/all.yaml': `${widgets(10, ["self.tags.includes('a')"])}---\n${gadgets.replace('maxLength: 10', 'maxLength: 12')}`
    })
    const { delta } = await compare(repo, 'main', '1.37')
    expect(counts(delta)).toEqual({ new: 0, worsened: 0, fixed: 0 })
  }, 30_000)

  it('a finding whose file and dependencies are unchanged is never new', async () => {
    const repo = committed({
      'crds/widgets.yaml': widgets(3),
      'config/one.yaml': widget('one', 'medium')
    })
    change(repo, { 'config/other.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n' })
    const { delta } = await compare(repo, 'main')
    expect(counts(delta)).toEqual({ new: 0, worsened: 0, fixed: 0 })
    expect(delta.findings.unchanged.map(where)).toContain('cr/invalid config/one.yaml')
  }, 30_000)
})

describe('a shallow clone without the base commit', () => {
  it('is no finding: fail-on warning passes a clean repository, the comparison says why', async () => {
    const origin = committed({
      'crds/widgets.yaml': widgets(10),
      'config/one.yaml': widget('one', 'small')
    })
    change(origin, { 'config/one.yaml': widget('one', 'medium') })
    const clone = tmp.dir('shallow')
    git(clone, 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${origin}`, '.')
    const base = git(origin, 'rev-parse', 'main').trim()
    const { check } = resolveOptions(
      clone,
      {},
      { 'base-ref': base, 'kubernetes-versions': '1.36', 'fail-on': 'warning' }
    )
    const { result } = await checkPullRequest(check, silentLogger)
    expect(result.findings.map(where)).toEqual([])
    expect(result.gate.failed).toBe(false)
    expect(result.delta).toMatchObject({
      available: false,
      reason: expect.stringContaining('This is a shallow clone') as unknown
    })
  }, 30_000)
})
