/**
 * `celgate test` over the openshift/api suites of the corpus (issue 5, Done when): the
 * measured agreement with the 2,370 expected outcomes, the CRD manifests each suite runs
 * against (compared with the corpus' `_pairing.json`), and the disagreement classes that
 * remain, so a regression in any stage shows up here.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { silentLogger } from '../../src/core/logger.js'
import { runTest } from '../../src/core/test.js'
import type { TestResult } from '../../src/core/test.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const corpus = path.resolve(repo, '../shared/corpus/testsuites/openshift')
const available = existsSync(corpus)

/** Measured on this corpus (Kubernetes 1.32): 2,359 of 2,370 (99.5%). */
const PASS_FLOOR = 2359

/**
 * The known disagreement classes, by case, with how many cases each holds. Each is explained
 * in the README: the legacy `example/v1/stable.stableconfigtype.testsuite.yaml` suite, which the
 * upstream runner no longer loads: its `expected` objects predate the CRD's `nonZeroDefault: 8`.
 */
const KNOWN_CLASSES: Record<string, number> = { 'legacy suite': 11 }

function disagreementClass(
  file: string,
  reason: string | undefined,
  diff: string[] | undefined
): string {
  if (file === 'example/v1/stable.stableconfigtype.testsuite.yaml') return 'legacy suite'
  return `unexplained: ${file}: ${reason ?? ''} ${(diff ?? []).join(' | ')}`
}

/** The suite whose decimal `chunkSizeMiB` (an int32 field) shows the 1.36 format change. */
const CHUNK_SIZE_SUITE =
  'imageregistry/v1/tests/configs.imageregistry.operator.openshift.io/ChunkSizeMiB.yaml'

;(available ? describe : describe.skip)('celgate test on the openshift/api suites', () => {
  let result: TestResult

  beforeAll(async () => {
    result = (await runTest({ paths: [corpus] }, silentLogger)).result
  }, 600_000)

  it('finds every suite and case of the corpus', () => {
    expect(result.summary.suites).toBe(244)
    expect(result.summary.cases).toBe(2370)
    // MANIFEST.md: 906 onCreate + 117 expectedError + 276 expectedStatusError onUpdate cases
    // (corpus-notes.md and the issue say 1,287; the files hold 1,299).
    expect(result.summary.expectingError).toBe(1299)
    expect(result.summary.notChecked).toEqual([])
  })

  it(`agrees with at least ${PASS_FLOOR} of the 2,370 expected outcomes`, () => {
    expect(result.summary.passed).toBeGreaterThanOrEqual(PASS_FLOOR)
    expect(result.summary.agreement).toBeGreaterThanOrEqual(0.99)
  })

  it('disagrees only in the known classes', () => {
    const classes = new Map<string, number>()
    for (const suite of result.suites)
      for (const c of suite.cases)
        if (!c.passed) {
          const file = suite.file.replace(/^.*testsuites\/openshift\//, '')
          const key = disagreementClass(file, c.reason, c.diff)
          classes.set(key, (classes.get(key) ?? 0) + 1)
        }
    expect([...classes.keys()].filter((k) => k.startsWith('unexplained'))).toEqual([])
    for (const [key, count] of classes) expect([key, count]).toEqual([key, KNOWN_CLASSES[key]])
  })

  it('reads integer formats as the release does (kept only from Kubernetes 1.36)', async () => {
    const suite = path.join(corpus, CHUNK_SIZE_SUITE)
    const decimal = 'Should reject configuration with decimal value in chunkSizeMiB for storage s3'
    const at = async (kubernetesVersion: '1.35' | '1.36') =>
      (await runTest({ paths: [suite], kubernetesVersion }, silentLogger)).result.suites[0]!.cases
    // Before 1.36 the apiserver strips `format: int32`: the case's expected error.
    expect((await at('1.35')).every((c) => c.passed)).toBe(true)
    const newer = (await at('1.36')).find((c) => c.name === decimal)
    expect(newer?.passed).toBe(false)
    expect(newer?.actualError).toContain(
      'spec.storage.s3.chunkSizeMiB: Invalid value: "float64": spec.storage.s3.chunkSizeMiB in body must be of type int32: "float64"'
    )
  }, 120_000)

  it('runs each suite against the manifests the upstream runner selects', () => {
    const pairing = JSON.parse(readFileSync(path.join(corpus, '_pairing.json'), 'utf8')) as {
      suites: Array<{ suite: string; crdFiles?: string[]; loadedByUpstreamRunner: boolean }>
    }
    const prefix = 'testsuites/openshift/'
    const local = (f: string): string => {
      const at = f.indexOf(prefix)
      return at < 0 ? f : f.slice(at + prefix.length)
    }
    const mine = new Map(result.suites.map((s) => [local(s.file), s.manifests.map(local).sort()]))
    let compared = 0
    for (const p of pairing.suites) {
      if (!p.crdFiles) continue
      expect([p.suite, mine.get(p.suite)]).toEqual([p.suite, [...p.crdFiles].sort()])
      compared++
    }
    expect(compared).toBe(242)
  })
})
