/**
 * A pull request that changes `kyverno-version` in `.celgate.yaml` (issue 30): like any other
 * setting that weakens the gate (issue 27 item 2), a change to a release that lets more pass is a
 * `config/gate-relaxed` warning on the changed line, naming what the release no longer checks —
 * e.g. `kyverno test` up to 1.17 passes a `result: fail` row whatever happened (output.go
 * printTestResult, release-1.17 f64c0f5820a0; strict from release-1.18 836310455d35), and 1.19
 * alone drops expired CEL PolicyExceptions (kyverno 044b2db7d) and warns on the kyverno.io kinds
 * (pkg/deprecations). A change that loosens nothing is no relaxation.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { settingsRelaxations } from '../../src/core/settings-relaxations.js'
import type { ConfigFile } from '../../src/core/options.js'
import { runCliCaptured } from '../support/run-cli.js'
import { TempDirs, makeRepo } from './delta-repo.js'

const relaxed = (base: ConfigFile, head: ConfigFile): string[] =>
  settingsRelaxations(base, head, head).map((r) => r.change)

describe('kyverno-version in the settings of a pull request', () => {
  it('is a relaxation when the head release passes what the base release failed', () => {
    expect(relaxed({ 'kyverno-version': '1.19' }, { 'kyverno-version': '1.17' })).toEqual([
      'kyverno-version 1.19 → 1.17 (a `result: fail` row of a Kyverno test passes whatever happened; expired policies.kyverno.io PolicyExceptions still exempt resources; kyverno.io policy kinds get no kyverno/deprecated-kind warning)'
    ])
  })

  it('counts an unset version as the default release (1.19)', () => {
    expect(relaxed({}, { 'kyverno-version': 1.18 })).toEqual([
      'kyverno-version default (1.19) → 1.18 (expired policies.kyverno.io PolicyExceptions still exempt resources; kyverno.io policy kinds get no kyverno/deprecated-kind warning)'
    ])
    // Going back to the default from an older release loosens nothing.
    expect(relaxed({ 'kyverno-version': '1.17' }, {})).toEqual([])
  })

  it('names the test-file leniency of releases up to 1.14', () => {
    expect(relaxed({ 'kyverno-version': '1.15' }, { 'kyverno-version': '1.14' })).toEqual([
      'kyverno-version 1.15 → 1.14 (the rows marked isDeletingPolicy, isMutatingPolicy are no longer checked strictly; test files without apiVersion/kind run instead of being refused; values files without apiVersion/kind are read instead of refused; a test file Kyverno cannot load is skipped instead of failing the run)'
    ])
  })

  it('is no relaxation when the head release is as strict or stricter', () => {
    expect(relaxed({ 'kyverno-version': '1.17' }, { 'kyverno-version': '1.19' })).toEqual([])
    expect(relaxed({ 'kyverno-version': '1.16' }, { 'kyverno-version': '1.17' })).toEqual([])
    // A base release celgate does not model cannot be compared.
    expect(relaxed({ 'kyverno-version': '1.9' }, { 'kyverno-version': '1.17' })).toEqual([])
  })
})

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

describe('a pull request lowering kyverno-version', () => {
  it('gets a gate-relaxed warning on the changed line of .celgate.yaml', async () => {
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: { '.celgate.yaml': 'fail-on: error\nkyverno-version: "1.19"\n' },
      extra: { '.celgate.yaml': 'fail-on: error\nkyverno-version: "1.18"\n' }
    })
    const r = await runCliCaptured(
      [
        'check',
        '.',
        '--base-ref',
        'main',
        '--format',
        'json',
        '--kubernetes-versions',
        '1.36',
        '--quiet'
      ],
      repo
    )
    const report = JSON.parse(r.out) as {
      findings: Array<{ ruleId: string; message: string; file: string; startLine: number | null }>
    }
    expect(
      report.findings
        .filter((f) => f.ruleId === 'config/gate-relaxed')
        .map((f) => `${f.file}:${f.startLine} ${f.message}`)
    ).toEqual([
      '.celgate.yaml:2 This PR relaxes the gate: kyverno-version 1.19 → 1.18 (expired policies.kyverno.io PolicyExceptions still exempt resources; kyverno.io policy kinds get no kyverno/deprecated-kind warning).'
    ])
  })
})
