/**
 * Which of a repository's resources the Kyverno dry-run (kyverno/check.ts) and `reports-dir`
 * (repository-reports.ts) treat as the cluster's workloads: not Kyverno's own objects or
 * reports, and not test fixtures, which are meant to pass or fail their tests (`celgate test`
 * checks them against what the test expects).
 */
import { posix } from 'node:path'
import type { LoadedDocument } from '../../workspace/load.js'
import { isJsonObject } from '../../common/json.js'
import { readCliTest, testFileReferences } from '../cli-test/test-file.js'

/** API groups whose objects are Kyverno's or its reports', not workloads to check. */
export const INFRASTRUCTURE_GROUPS: ReadonlySet<string> = new Set([
  'cli.kyverno.io',
  'kyverno.io',
  'reports.kyverno.io',
  'wgpolicyk8s.io',
  'openreports.io',
  'policies.kyverno.io',
  'chainsaw.kyverno.io'
])

/** The API group of an `apiVersion` (`''` for the core group). */
export const apiGroupOf = (apiVersion: string | undefined): string => {
  const v = apiVersion ?? ''
  return v.includes('/') ? v.slice(0, v.indexOf('/')) : ''
}

const TEST_FILES = /(^|\/)(kyverno-test|chainsaw-test)\.ya?ml$/

/**
 * Test fixtures: files in a folder (or below one) holding a kyverno-test.yaml or
 * chainsaw-test.yaml, and the files a cli.kyverno.io Test names (its resources, and those it
 * compares results with, such as a `patchedResource`), whatever the test file is called.
 */
export function testFixtureMatcher(
  files: readonly string[],
  documents: readonly LoadedDocument[]
): (file: string) => boolean {
  const folders = new Set<string>()
  const named = new Set<string>()
  for (const f of files) if (TEST_FILES.test(f)) folders.add(posix.dirname(f))
  for (const doc of documents) {
    if (doc.kind !== 'kyverno-test' || !isJsonObject(doc.value)) continue
    for (const { reference } of testFileReferences(readCliTest(doc.value, [])))
      named.add(posix.normalize(posix.join(posix.dirname(doc.file), reference)))
  }
  if (folders.size === 0 && named.size === 0) return () => false
  return (file) => {
    if (named.has(file)) return true
    for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
      if (folders.has(dir) || named.has(dir)) return true
      if (dir === '.' || dir === '/' || dir === '') return false
    }
  }
}
