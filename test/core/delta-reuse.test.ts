/**
 * The base's check takes the head's results for what the pull request cannot have changed and
 * checks the rest (issue 28): its result must be the one a full check of the base commit gives.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { checkBase } from '../../src/core/base-check.js'
import { readBaseTree } from '../../src/core/base-tree.js'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { Finding } from '../../src/findings/model.js'
import { GitRevision } from '../../src/workspace/git-base.js'
import { TempDirs, git, makeRepo } from './delta-repo.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

const json = (x: unknown): unknown => JSON.parse(JSON.stringify(x))
const files = (findings: readonly Finding[]): string[] => [
  ...new Set(findings.map((f) => f.location.file))
]

/** The incremental base check and a full check of a worktree of the base commit. */
async function bothWays(repo: string) {
  const { check: options } = resolveOptions(
    repo,
    {},
    { 'kubernetes-versions': '1.36', 'base-ref': 'main' }
  )
  const head = await check(options, silentLogger)
  const revision = GitRevision.mergeBase(repo, 'main')
  if (!(revision instanceof GitRevision)) throw new Error(revision.error)
  const changed = revision.changedFiles()!
  const headFiles = new Set(head.workspace.files.map((f) => f.file))
  const tree = await readBaseTree(
    { ...options, repoRoot: repo, root: repo, ref: 'main' },
    (file) => changed.has(file) || !headFiles.has(file)
  )
  if ('error' in tree) throw new Error(tree.error)
  const { baseRef: _unused, ...baseOptions } = options
  const storedAt = { ref: 'main', commit: tree.commit }
  const incremental = await checkBase(
    head,
    tree,
    changed,
    { ...baseOptions, storedAt },
    silentLogger
  )
  const worktree = path.join(tmp.dir('worktree'), 'base')
  git(repo, 'worktree', 'add', '-q', '--detach', worktree, tree.commit)
  const full = await check({ ...baseOptions, root: worktree, storedAt }, silentLogger)
  return { head, incremental, full, changed }
}

describe('the base check reusing the head’s results', () => {
  it('gives the findings and CRD reports of a full check when a CRD changed', async () => {
    // Only routes.yaml changes: gateways.yaml (a CRD with findings) is the same on both sides,
    // and so are the custom resources, but those of the changed CRD are checked again.
    const hosts = Array.from({ length: 30 }, (_x, i) => `      - h${i}.example.com`).join('\n')
    const route = `apiVersion: delta.example.com/v1\nkind: Route\nmetadata:\n  name: many\nspec:\n  hosts:\n${hosts}\n`
    const repo = makeRepo(tmp, {
      pr: ['crds/routes.yaml'],
      baseExtra: { 'config/route.yaml': route }
    })
    const { head, incremental, full, changed } = await bothWays(repo)
    expect([...changed]).toEqual(['crds/routes.yaml'])
    // The base's CRD allows 20 hosts, the head's 240: the unchanged route is checked again.
    expect(incremental.findings.map((f) => `${f.ruleId} ${f.location.file}`)).toContain(
      'cr/invalid config/route.yaml'
    )
    expect(json(incremental.findings)).toEqual(json(full.result.findings))
    expect(incremental.crds).toEqual(full.result.crds)
    expect(files(incremental.findings)).toContain('crds/gateways.yaml')
    // The unchanged CRD's report is the head's own object, not checked again.
    const gateways = incremental.crds.find((c) => c.file === 'crds/gateways.yaml')
    expect(gateways).toBe(head.result.crds.find((c) => c.file === 'crds/gateways.yaml'))
    // Only the changed file was read at the base.
    expect(incremental.documents.map((d) => d.file)).toEqual(['crds/routes.yaml'])
  })

  it('and when the pull request changes, adds and removes files of every kind', async () => {
    const repo = makeRepo(tmp)
    git(repo, 'rm', '-q', 'config/existing.yaml')
    git(repo, 'commit', '-q', '-m', 'remove')
    const { incremental, full, changed } = await bothWays(repo)
    expect(changed.has('config/existing.yaml')).toBe(true)
    expect(json(incremental.findings)).toEqual(json(full.result.findings))
    expect(incremental.crds).toEqual(full.result.crds)
  })
})
