/**
 * Submodules (issue 27 item 6): the base commit's tree holds only a submodule's commit, so its
 * files were all "new" on every pull request. Both sides now leave a submodule out of the scan,
 * with the same notice, which is then unchanged.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import { checkPullRequest } from '../../src/core/pull-request.js'
import type { Finding } from '../../src/findings/model.js'
import { discover } from '../../src/workspace/discover.js'
import { TempDirs, git, write } from './delta-repo.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\ndata:\n  a: "1"\n'

/** A repository whose base commit has `libs/sub` as a submodule holding a broken manifest. */
function repoWithSubmodule(): string {
  const sub = tmp.dir('sub')
  git(sub, 'init', '-q', '-b', 'main')
  write(sub, { 'broken.yaml': 'apiVersion: v1\nkind: ConfigMap\ndata: [1, 2\n' })
  git(sub, 'add', '-A')
  git(sub, 'commit', '-q', '-m', 'sub')
  const repo = tmp.dir('repo')
  git(repo, 'init', '-q', '-b', 'main')
  write(repo, { 'deploy/app.yaml': CONFIG_MAP })
  git(repo, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub, 'libs/sub')
  git(repo, 'add', '-A')
  git(repo, 'commit', '-q', '-m', 'base')
  git(repo, 'checkout', '-q', '-b', 'feature')
  write(repo, { 'deploy/app.yaml': CONFIG_MAP.replace('"1"', '"2"') })
  git(repo, 'commit', '-q', '-am', 'pull request')
  return repo
}

const where = (f: Finding): string => `${f.ruleId} ${f.location.file}`

describe('submodules', () => {
  const repo = repoWithSubmodule()

  it('leaves a submodule out of the scan, with one notice at its folder', async () => {
    const d = await discover(repo)
    expect(d.files.map((f) => f.file)).toEqual(['deploy/app.yaml'])
    expect(d.findings.map(where)).toEqual(['workspace/submodule libs/sub'])
    expect(d.findings[0]!.severity).toBe('notice')
  })

  it('finds nothing new in a submodule when comparing with the base', async () => {
    const { check } = resolveOptions(repo, {}, { 'base-ref': 'main' })
    const { result } = await checkPullRequest(check, silentLogger)
    expect(result.delta?.available).toBe(true)
    const delta = result.delta as Extract<typeof result.delta, { available: true }>
    expect(delta.findings.new.map(where)).toEqual([])
    expect(delta.findings.unchanged.map(where)).toEqual(['workspace/submodule libs/sub'])
    expect(result.findings.some((f) => f.location.file.startsWith('libs/sub/'))).toBe(false)
    expect(result.gate.failed).toBe(false)
  })
})
