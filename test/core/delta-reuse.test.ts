/**
 * The base's check takes the `document` analyzers' results of files git says are unchanged from
 * the head's check (issue 28): the base's result must be the one a check of every file gives.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { materializeBaseTree } from '../../src/core/base-tree.js'
import { ANALYZERS, check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import { GitRevision } from '../../src/workspace/git-base.js'
import { TempDirs, makeRepo } from './delta-repo.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

describe("the base check reusing the head's document checks", () => {
  it('gives the findings and CRD reports of a full check, without checking unchanged files again', async () => {
    // Only routes.yaml changes: gateways.yaml (a CRD with findings) is the same on both sides.
    const repo = makeRepo(tmp, { pr: ['crds/routes.yaml'] })
    const { check: options } = resolveOptions(
      repo,
      {},
      { 'kubernetes-versions': '1.36', 'base-ref': 'main' }
    )
    const head = await check(options, silentLogger)
    const tree = await materializeBaseTree({
      repoRoot: head.workspace.repoRoot,
      root: head.workspace.root,
      ref: 'main',
      paths: options.paths,
      exclude: options.exclude,
      maxFileSize: options.maxFileSize
    })
    if ('error' in tree) throw new Error(tree.error)
    try {
      const revision = GitRevision.mergeBase(repo, 'main')
      if (!(revision instanceof GitRevision)) throw new Error(revision.error)
      const files = new Set(
        head.workspace.files.map((f) => f.file).filter((f) => revision.unchanged(f))
      )
      expect([...files].sort()).toEqual([
        'config/existing.yaml',
        'config/fixed.yaml',
        'crds/gateways.yaml'
      ])

      const { baseRef: _unused, ...baseOptions } = options
      const atBase = {
        ...baseOptions,
        root: tree.root,
        storedAt: { ref: 'main', commit: tree.commit }
      }
      const full = await check(atBase, silentLogger)
      const reused = await check(atBase, silentLogger, ANALYZERS, {
        files,
        from: head.documentChecks()
      })

      const json = (x: unknown): unknown => JSON.parse(JSON.stringify(x))
      expect(json(reused.result.findings)).toEqual(json(full.result.findings))
      expect(reused.result.crds).toEqual(full.result.crds)
      expect(reused.result.findings.map((f) => `${f.ruleId} ${f.location.file}`)).toContain(
        'crd/cel-cost-headroom crds/gateways.yaml'
      )
      // Taken from the head's run, not checked again.
      const gateways = reused.documentChecks().crds.get('crds/gateways.yaml')
      expect(gateways?.[0]).toBe(head.documentChecks().crds.get('crds/gateways.yaml')?.[0])
      expect(reused.documentChecks().findings.get('crds/gateways.yaml')?.[0]).toBe(
        head.documentChecks().findings.get('crds/gateways.yaml')?.[0]
      )
      // The changed file is checked on its own text.
      expect(reused.documentChecks().crds.get('crds/routes.yaml')?.[0]).not.toBe(
        head.documentChecks().crds.get('crds/routes.yaml')?.[0]
      )
    } finally {
      tree.dispose()
    }
  })
})
