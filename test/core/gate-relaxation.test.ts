/**
 * Issue 27 item 2: a pull request's changes that weaken the gate (fail-on, rule severities,
 * thresholds, excludes, baseline entries, new `celgate-ignore` comments) are reported against
 * the base commit, read from git: findings on the changed line, first in the summary and the
 * PR comment, first among the annotations, and never hidden by suppressions.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { runCliCaptured } from '../support/run-cli.js'
import { buildCommentBody } from '../../src/report/comment.js'
import type { JsonReport } from '../../src/report/json.js'
import { TempDirs, git, makeRepo } from './delta-repo.js'
import {
  isolateRunnerEnvironment,
  pullRequestEvent,
  runActionInProcess
} from '../support/action-in-process.js'
import type { InProcessActionRun } from '../support/action-in-process.js'

const tmp = new TempDirs()
afterAll(() => tmp.dispose())

const cli = (args: string[], cwd: string) => runCliCaptured(args, cwd)

const versions = ['--kubernetes-versions', '1.36', '--quiet']

interface Relaxed {
  message: string
  file: string
  line?: number
  severity: string
  count?: number
}

async function relaxations(repo: string, extra: string[] = []): Promise<Relaxed[]> {
  const r = await cli(
    ['check', '.', '--base-ref', 'main', '--format', 'json', ...versions, ...extra],
    repo
  )
  const report = JSON.parse(r.out) as {
    findings: Array<{
      ruleId: string
      message: string
      file: string
      startLine: number | null
      severity: string
      count?: number
    }>
  }
  return report.findings
    .filter((f) => f.ruleId === 'config/gate-relaxed')
    .map((f) => ({
      message: f.message,
      file: f.file,
      ...(f.startLine !== null ? { line: f.startLine } : {}),
      severity: f.severity,
      ...(f.count !== undefined && f.count > 1 ? { count: f.count } : {})
    }))
}

const BASE_CONFIG = `# the team's gate
fail-on: error
max-crd-size: 200000
rules:
  crd/cel-rule-cost: error
`

describe('relaxations of .celgate.yaml', () => {
  it('fail-on error → never is a warning on the changed line, first in the summary and the comment', async () => {
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: { '.celgate.yaml': BASE_CONFIG },
      extra: { '.celgate.yaml': BASE_CONFIG.replace('fail-on: error', 'fail-on: never') }
    })
    expect(await relaxations(repo)).toEqual([
      {
        message: 'This PR relaxes the gate: fail-on error → never.',
        file: '.celgate.yaml',
        line: 2,
        severity: 'warning'
      }
    ])
    const md = await cli(
      ['check', '.', '--base-ref', 'main', '--format', 'markdown', ...versions],
      repo
    )
    expect(md.out.startsWith('### ⚠️ This pull request relaxes the gate')).toBe(true)
    expect(md.out).toContain(
      '- <code>.celgate.yaml:2</code>: This PR relaxes the gate: fail-on error → never.'
    )
    const body = buildCommentBody(md.out)
    expect(body.indexOf('relaxes the gate')).toBeLessThan(body.search(/^## /m))
    // Annotations: the relaxation takes a warning slot even when 10 other warnings compete.
    const gh = await cli(
      ['check', '.', '--base-ref', 'main', '--format', 'github', ...versions],
      repo
    )
    expect(gh.out.split('\n')[0]).toMatch(
      /^::warning title=Pull request relaxes the gate.*file=\.celgate\.yaml,line=2/
    )
  })

  it('reports lowered rules, loosened thresholds, narrowed paths and added excludes', async () => {
    const head = `fail-on: error
max-crd-size: 900000
cost-fail-ratio: 2
fail-on-new-only: true
exclude: [node_modules, .git, vendor, crds]
paths: ['**/*.yaml']
rules:
  crd/cel-rule-cost: off
  yaml/utf16: notice
allow-empty-paths: true
`
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: { '.celgate.yaml': BASE_CONFIG },
      extra: { '.celgate.yaml': head }
    })
    const found = await relaxations(repo)
    expect(found.map((f) => [f.message.replace('This PR relaxes the gate: ', ''), f.line])).toEqual(
      [
        ['max-crd-size 200000 → 900000.', 2],
        ['cost-fail-ratio default (1) → 2.', 3],
        ['fail-on-new-only off → on.', 4],
        ["exclude adds 'crds'.", 5],
        ["paths no longer include '**/*.yml'.", 6],
        ["paths no longer include '**/*.json'.", 6],
        ['rule crd/cel-rule-cost error → off.', 8],
        ['rule yaml/utf16 warning → notice.', 9],
        ['allow-empty-paths off → on.', 10]
      ]
    )
  })

  it('deleting the config is reported too, on the file', async () => {
    const repo = makeRepo(tmp, {
      pr: [],
      uncommitted: true,
      baseExtra: { '.celgate.yaml': 'fail-on: warning\n' }
    })
    git(repo, 'rm', '-q', '.celgate.yaml')
    git(repo, 'commit', '-q', '-m', 'no config')
    expect(await relaxations(repo)).toEqual([
      {
        message: 'This PR relaxes the gate: fail-on warning → error.',
        file: '.celgate.yaml',
        severity: 'warning'
      }
    ])
  })

  it('an unchanged config, or a stricter one, reports nothing', async () => {
    const same = makeRepo(tmp, {
      baseExtra: { '.celgate.yaml': BASE_CONFIG },
      extra: { '.celgate.yaml': BASE_CONFIG.replace('# the team', '# our team') }
    })
    expect(await relaxations(same)).toEqual([])
    const stricter = makeRepo(tmp, {
      pr: [],
      baseExtra: { '.celgate.yaml': BASE_CONFIG },
      extra: {
        '.celgate.yaml': `${BASE_CONFIG.replace('fail-on: error', 'fail-on: warning')}max-cost-increase: 10\n`
      }
    })
    expect(await relaxations(stricter)).toEqual([])
  })

  it('a setting a flag (or input) gives is not relaxed by the file: the flag wins on both sides', async () => {
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: { '.celgate.yaml': BASE_CONFIG },
      extra: { '.celgate.yaml': BASE_CONFIG.replace('fail-on: error', 'fail-on: never') }
    })
    expect(await relaxations(repo, ['--fail-on', 'error'])).toEqual([])
  })

  it("the head's rules cannot turn the report off; the base's can", async () => {
    const off = `${BASE_CONFIG}  config/gate-relaxed: off\n`
    const headOnly = makeRepo(tmp, {
      pr: [],
      baseExtra: { '.celgate.yaml': BASE_CONFIG },
      extra: { '.celgate.yaml': off.replace('fail-on: error', 'fail-on: never') }
    })
    expect((await relaxations(headOnly)).map((f) => f.message)).toEqual([
      'This PR relaxes the gate: fail-on error → never.',
      'This PR relaxes the gate: rule config/gate-relaxed warning → off.'
    ])
    const baseToo = makeRepo(tmp, {
      pr: [],
      baseExtra: { '.celgate.yaml': off },
      extra: { '.celgate.yaml': off.replace('fail-on: error', 'fail-on: never') }
    })
    expect(await relaxations(baseToo)).toEqual([])
  })
})

describe('new suppressions', () => {
  it('a new celgate-ignore comment is reported on its line, and a moved one is not', async () => {
    const base = readFileSync(path.resolve('fixtures/delta/base/config/existing.yaml'), 'utf8')
    const moved = `# celgate-ignore yaml/duplicate-key: kept for the old controller\n`
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: { 'config/notes.yaml': `${moved}a: 1\n` },
      extra: {
        'config/notes.yaml': `b: 2\n${moved}a: 1\n`,
        'config/existing.yaml': `# celgate-ignore cr/invalid: not our problem\n${base}`
      }
    })
    const found = await relaxations(repo)
    expect(found).toEqual([
      {
        message:
          'This PR relaxes the gate: a new `celgate-ignore cr/invalid` comment silences that rule here.',
        file: 'config/existing.yaml',
        line: 1,
        severity: 'warning'
      }
    ])
  })

  it('a new baseline entry is reported on its line', async () => {
    const entry = (ruleId: string, file: string) => ({ ruleId, file, message: 'm' })
    const baseBaseline = { version: 1, findings: [entry('cr/invalid', 'config/a.yaml')] }
    const headBaseline = {
      version: 1,
      findings: [
        entry('cr/invalid', 'config/a.yaml'),
        entry('config/gate-relaxed', '.celgate-baseline.json')
      ]
    }
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: { '.celgate-baseline.json': JSON.stringify(baseBaseline, null, 2) },
      extra: { '.celgate-baseline.json': JSON.stringify(headBaseline, null, 2) }
    })
    const found = await relaxations(repo)
    expect(found).toEqual([
      {
        message:
          'This PR relaxes the gate: the baseline accepts config/gate-relaxed in .celgate-baseline.json.',
        file: '.celgate-baseline.json',
        line: 9,
        severity: 'warning'
      }
    ])
  })

  it('neither a celgate-ignore comment nor a baseline entry silences a relaxation', async () => {
    const message = 'This PR relaxes the gate: fail-on error → never.'
    const baseline = {
      version: 1,
      findings: [{ ruleId: 'config/gate-relaxed', file: '.celgate.yaml', message }]
    }
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: { '.celgate.yaml': 'fail-on: error\n' },
      extra: {
        '.celgate.yaml': '# celgate-ignore config/gate-relaxed: trust me\nfail-on: never\n',
        '.celgate-baseline.json': JSON.stringify(baseline, null, 2)
      }
    })
    const found = await relaxations(repo)
    expect(found.map((f) => [f.file, f.line, f.message])).toEqual([
      [
        '.celgate-baseline.json',
        4,
        'This PR relaxes the gate: the baseline accepts config/gate-relaxed in .celgate.yaml.'
      ],
      [
        '.celgate.yaml',
        1,
        'This PR relaxes the gate: a new `celgate-ignore config/gate-relaxed` comment silences that rule here.'
      ],
      ['.celgate.yaml', 2, message]
    ])
  })

  it('past 50 new comments, one more finding sums up the rest', async () => {
    const many = Array.from(
      { length: 60 },
      (_, i) => `# celgate-ignore yaml/utf16: reason ${i}\nk${i}: ${i}\n`
    )
    const repo = makeRepo(tmp, { pr: [], extra: { 'config/many.yaml': many.join('') } })
    const found = await relaxations(repo)
    // The JSON report folds the 50 identical messages into one finding with a count.
    expect(found).toHaveLength(2)
    expect(found[0]).toMatchObject({ line: 1, count: 50 })
    expect(found[1]).toEqual({
      message:
        'This PR relaxes the gate: this and 9 more new `celgate-ignore` comments (the first 50 are reported one by one).',
      file: 'config/many.yaml',
      line: 101,
      severity: 'warning'
    })
  })

  it('fail-on-new-only counts relaxations as new', async () => {
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: { '.celgate.yaml': 'fail-on: warning\n' },
      extra: { '.celgate.yaml': 'fail-on: warning\nmax-file-size: 99999999\n' }
    })
    const r = await cli(
      ['check', '.', '--base-ref', 'main', '--fail-on-new-only', '--format', 'json', ...versions],
      repo
    )
    const report = JSON.parse(r.out) as JsonReport
    const relaxed = report.findings.filter((f) => f.ruleId === 'config/gate-relaxed')
    expect(relaxed.map((f) => f.change)).toEqual(['new'])
    expect(report.gate.failed).toBe(true)
  })
})

// ---------------------------------------------------------------------------------------------
// The Action on a pull request

isolateRunnerEnvironment()

const runAction = (repo: string, inputs: Record<string, string>): Promise<InProcessActionRun> =>
  runActionInProcess({
    workspace: repo,
    inputs,
    runnerDir: tmp.dir('runner'),
    event: pullRequestEvent(repo)
  })

describe('manifests a pull request makes test inputs', () => {
  const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: "three"
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: nginx
`
  const KYVERNO_TEST = `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata:
  name: ungate
policies: []
resources:
  - ../deploy/web.yaml
results: []
`
  it('a new kyverno-test.yaml naming a real manifest: its builtin/ errors become notices, and that is a relaxation', async () => {
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: { 'deploy/web.yaml': DEPLOYMENT },
      extra: { 'tests/kyverno-test.yaml': KYVERNO_TEST }
    })
    expect(await relaxations(repo)).toEqual([
      {
        message:
          'This PR relaxes the gate: tests/kyverno-test.yaml makes deploy/web.yaml a test input, so its builtin/ finding is now a notice, outside the gate.',
        file: 'tests/kyverno-test.yaml',
        line: 1,
        severity: 'warning'
      }
    ])
  })
  it('a test the pull request leaves alone is not a relaxation', async () => {
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: {
        'tests/kyverno-test.yaml': KYVERNO_TEST,
        'deploy/web.yaml': DEPLOYMENT.replace('"three"', '3')
      },
      extra: { 'deploy/web.yaml': DEPLOYMENT }
    })
    expect(await relaxations(repo)).toEqual([])
  })
})

describe('CRDs a pull request makes test inputs', () => {
  it('a new Chainsaw test asserting a real CRD: its crd/ errors become notices, and that is a relaxation', async () => {
    const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gauges.example.com
spec:
  group: example.com
  scope: Namespaced
  names: { kind: Gauge, plural: gauges }
  versions:
    - name: v1
      served: true
      storage: false
      schema: { openAPIV3Schema: { type: object } }
`
    const chainsaw = `apiVersion: chainsaw.kyverno.io/v1alpha1
kind: Test
metadata:
  name: ungate
spec:
  steps:
    - try:
        - assert:
            file: ../deploy/crd.yaml
`
    const repo = makeRepo(tmp, {
      pr: [],
      baseExtra: { 'deploy/crd.yaml': crd },
      extra: { 'tests/chainsaw-test.yaml': chainsaw }
    })
    expect(await relaxations(repo)).toEqual([
      {
        message:
          'This PR relaxes the gate: tests/chainsaw-test.yaml makes deploy/crd.yaml a test input, so its 2 crd/ findings are now notices, outside the gate.',
        file: 'tests/chainsaw-test.yaml',
        line: 1,
        severity: 'warning'
      }
    ])
  })
})

describe('the Action on a pull request that relaxes its gate', () => {
  it('fail-on error → never: the summary starts with it, a warning annotation on the line, the gate passes as configured', async () => {
    const repo = makeRepo(tmp, {
      baseExtra: { '.celgate.yaml': BASE_CONFIG },
      extra: { '.celgate.yaml': BASE_CONFIG.replace('fail-on: error', 'fail-on: never') }
    })
    const r = await runAction(repo, {})
    expect(r.summary.startsWith('### ⚠️ This pull request relaxes the gate')).toBe(true)
    expect(r.stdout).toMatch(
      /::warning title=Pull request relaxes the gate \(config\/gate-relaxed\),file=\.celgate\.yaml,line=2,[^\n]*::This PR relaxes the gate: fail-on error → never\./
    )
    expect(r.failed).toBe(false)
  })

  it("the config's own base-ref cannot hide the relaxation: it is compared with the PR's base", async () => {
    const repo = makeRepo(tmp, {
      baseExtra: { '.celgate.yaml': BASE_CONFIG },
      extra: {
        '.celgate.yaml': `${BASE_CONFIG.replace('fail-on: error', 'fail-on: never')}base-ref: HEAD\n`
      }
    })
    const r = await runAction(repo, {})
    expect(r.summary).toContain('fail-on error → never')
    expect(r.summary).toContain('base-ref (the pull request base) → HEAD')
  })
})
