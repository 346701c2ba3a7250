/**
 * Runs every case of a suite against every CRD manifest selected for it. A case passes when it
 * passes against all of them (the upstream runner generates one test per case and manifest);
 * a case that cannot run (no manifest, unparsable input) fails with the reason, and so does
 * every case of a suite whose manifests could not all be selected (a missing feature-gate table
 * or gate, a version the manifest lacks): the upstream runner then loads no suite at all.
 */
import path from 'node:path'
import type { KubernetesVersion } from '../../versions.js'
import { selectCrdManifests } from './crd-selection.js'
import type { ManifestSource } from './crd-selection.js'
import { runCase, versionedCrd } from './run-case.js'
import type { CaseRun, VersionedCrd } from './run-case.js'
import type { SuiteCase, SuiteSpec } from './suite.js'

export interface ManifestRun extends CaseRun {
  /** The manifest file (absolute). */
  manifest: string
}

export interface CaseOutcome {
  case: SuiteCase
  passed: boolean
  /** Whether the case expects the request to fail. */
  expectsError: boolean
  runs: ManifestRun[]
  /** Why the case could not run at all. */
  problem?: string
}

export interface SuiteOutcome {
  suite: SuiteSpec
  /** The manifests the suite ran against (absolute paths). */
  manifests: string[]
  /** Why fewer (or no) manifests were used. */
  problems: string[]
  cases: CaseOutcome[]
}

export interface RunSuiteOptions {
  kubernetesVersion: KubernetesVersion
  /** Called after each case (progress). */
  onCase?: () => void
}

export function runSuite(
  suite: SuiteSpec,
  suiteFile: string,
  source: ManifestSource,
  options: RunSuiteOptions
): SuiteOutcome {
  const selection = selectCrdManifests(suite, suiteFile, source)
  const problems = [...selection.problems, ...suite.problems.map((p) => p.message)]
  const targets: Array<{ file: string; target: VersionedCrd }> = []
  for (const m of selection.manifests) {
    const narrowed = versionedCrd(m.crd, suite.version)
    if ('error' in narrowed) problems.push(`${path.basename(m.file)}: ${narrowed.error}`)
    else targets.push({ file: m.file, target: narrowed })
  }
  const cases: CaseOutcome[] = suite.cases.map((c) => {
    const expectsError = c.expectedError !== '' || c.expectedStatusError !== ''
    const outcome = (rest: Partial<CaseOutcome>): CaseOutcome => {
      options.onCase?.()
      return { case: c, passed: false, expectsError, runs: [], ...rest }
    }
    if (c.problem) return outcome({ problem: c.problem.message })
    // Upstream, any of these stops the whole suite from loading: no case of it runs.
    if (problems.length > 0)
      return outcome({ problem: `the suite cannot run: ${problems.join('; ')}` })
    if (targets.length === 0) return outcome({ problem: 'no CRD manifest to run against' })
    const runs = targets.map(({ file, target }) => ({
      manifest: file,
      ...runCase(c, target, { kubernetesVersion: options.kubernetesVersion })
    }))
    return outcome({ runs, passed: runs.every((r) => r.passed) })
  })
  return { suite, manifests: targets.map((t) => t.file), problems, cases }
}
