/**
 * A Workspace over a fixture folder (relative to the repository, or absolute), as `celgate check`
 * builds it (without the rest of the pipeline).
 */
import path from 'node:path'
import { discover } from '../../../src/workspace/discover.js'
import { loadFiles } from '../../../src/workspace/parse-pool.js'
import { Workspace } from '../../../src/workspace/workspace.js'

export const repo = path.resolve(new URL('../../../', import.meta.url).pathname)

export async function fixtureWorkspace(folder: string): Promise<Workspace> {
  const found = await discover(path.resolve(repo, folder), ['**/*.yaml'], [])
  const loaded = await loadFiles(found.files, { maxFileSize: 10_000_000 })
  return new Workspace(found.root, found.repoRoot, found.files, loaded)
}
