import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { extractCases, loadCaseFolder } from './cases.js'
import type { ConformanceCase } from './cases.js'
import { HandlerRegistry, findHandler, registerHandler } from './handlers.js'
import {
  KNOWN_FAILURES_FILE,
  checkKnownFailures,
  loadKnownFailures,
  parseKnownFailures
} from './known-failures.js'
import { FILE_FAILURE_ID, main, runConformance } from './runner.js'

const sharedFolder = fileURLToPath(new URL('../../../shared/conformance/', import.meta.url))

// A harness text no real table uses, so the test handlers below match only these files.
const harness = 'celgate runner test harness'

let tmp: string
const folders: Record<string, string> = {}

/** Writes a folder of case files; values are serialised unless they are already text. */
function writeFolder(name: string, files: Record<string, unknown>): string {
  const folder = path.join(tmp, name)
  mkdirSync(folder, { recursive: true })
  for (const [file, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2)
    writeFileSync(path.join(folder, file), text)
  }
  return folder
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-conformance-'))
  folders.shapes = writeFolder('shapes', {
    // Top-level array with the harness on each case (cel-go-cost.json style).
    'b-array.json': [
      { id: 'a-1', harness, expr: '1 + 1', expected_min: '1', expected_max: '1' },
      {
        id: 'a-2',
        harness,
        expr: 'x',
        expected_cost: '18',
        expected_by_k8s_version: { '1.30': '17', '1.31': '17', 'master(1.37-dev)': '18' }
      }
    ],
    // Object with meta and cases (cel-validation.json style).
    'a-meta.json': {
      meta: { description: 'meta-described harness', case_count: 99 },
      cases: [{ id: 'm-1' }, { id: 'm-2' }]
    },
    // Object with format/conventions, fixtures and references (kyverno-cases.json style).
    'c-fixtures.json': {
      format: 'test format',
      conventions: { groups: { unit: 'unit group harness' } },
      fixtures: {
        policies: { 'ClusterPolicy/p@1': { kind: 'ClusterPolicy', spec: { rules: [] } } },
        resources: { 'Pod/r@2': { kind: 'Pod' } }
      },
      cases: [
        {
          id: 'f-1',
          group: 'unit',
          policy: '#/fixtures/policies/ClusterPolicy/p@1',
          resource: '#/fixtures/resources/Pod/r@2',
          exceptions: ['#/fixtures/resources/Pod/r@2'],
          expected: { result: 'pass' }
        },
        { id: 'f-2', policy: '#/fixtures/policies/ClusterPolicy/missing', note: '#/not-a-ref' }
      ]
    },
    'notes.txt': 'not a case file'
  })
  folders.malformed = writeFolder('malformed', {
    'bad-json.json': '{ "cases": [',
    'no-cases.json': { meta: { description: 'nothing here' }, items: [{ name: 'no id' }] },
    'scalar.json': '42',
    'good.json': [{ id: 'g-1' }]
  })
  // Known-failures lists for the command-line tests.
  folders.lists = writeFolder('lists', {
    'none.json': { failures: [] },
    'shapes-all.json': {
      failures: [
        ...['m-1', 'm-2'].map((id) => ({ file: 'a-meta.json', id, reason: 'r', issue: '31' })),
        { file: 'b-array.json', id: 'a-1', reason: 'r', issue: '31' },
        ...['1.30', '1.31', 'master(1.37-dev)'].map((version) => ({
          file: 'b-array.json',
          id: 'a-2',
          version,
          reason: 'r',
          issue: '31'
        })),
        ...['f-1', 'f-2'].map((id) => ({ file: 'c-fixtures.json', id, reason: 'r', issue: '31' }))
      ]
    },
    'no-issue.json': { failures: [{ file: 'a-meta.json', id: 'm-1', reason: 'r' }] }
  })
  folders.handled = writeFolder('handled', {
    'handled.json': [
      { id: 'h-pass', harness, outcome: 'pass' },
      { id: 'h-async', harness, outcome: 'async-pass' },
      { id: 'h-fail', harness, outcome: 'fail' },
      { id: 'h-throw', harness, outcome: 'throw' },
      { id: 'h-other', harness: 'some other harness', outcome: 'pass' },
      {
        id: 'h-versions',
        harness,
        outcome: 'by-version',
        expected_by_k8s_version: { '1.30': 'fail', '1.31': 'pass' }
      }
    ]
  })
})

afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('loading case files', () => {
  it('reads every *.json file in name order, whatever its top-level shape', async () => {
    const files = await loadCaseFolder(folders.shapes!)
    expect(files.map((f) => f.file)).toEqual(['a-meta.json', 'b-array.json', 'c-fixtures.json'])
    expect(files.map((f) => f.cases.length)).toEqual([2, 4, 2])
    expect(files.every((f) => f.error === undefined)).toBe(true)
  })

  it('expands expected_by_k8s_version into one case per version', async () => {
    const [, array] = await loadCaseFolder(folders.shapes!)
    expect(array!.cases.map((c) => [c.id, c.version])).toEqual([
      ['a-1', undefined],
      ['a-2', '1.30'],
      ['a-2', '1.31'],
      ['a-2', 'master(1.37-dev)']
    ])
  })

  it('takes the harness from the case, its group, or the file description', async () => {
    const [meta, array, fixtures] = await loadCaseFolder(folders.shapes!)
    expect(array!.cases[0]!.harness).toBe(harness)
    expect(meta!.cases[0]!.harness).toBe('meta-described harness')
    expect(meta!.cases[0]!.fileInfo).toEqual({
      meta: { description: 'meta-described harness', case_count: 99 }
    })
    expect(fixtures!.cases.map((c) => c.harness)).toEqual(['unit group harness', 'test format'])
  })

  it('resolves fixture references, including keys that contain a slash', async () => {
    const [, , fixtures] = await loadCaseFolder(folders.shapes!)
    const [resolved, broken] = fixtures!.cases
    expect(resolved!.input.policy).toEqual({ kind: 'ClusterPolicy', spec: { rules: [] } })
    expect(resolved!.input.resource).toEqual({ kind: 'Pod' })
    expect(resolved!.input.exceptions).toEqual([{ kind: 'Pod' }])
    expect(resolved!.problem).toBeUndefined()
    expect(broken!.problem).toBe(
      'unresolved fixture reference #/fixtures/policies/ClusterPolicy/missing'
    )
    // '#/not-a-ref' names no top-level property, so it stays an ordinary string.
    expect(broken!.input.note).toBe('#/not-a-ref')
  })

  it('gives each case its own copy of a shared fixture', () => {
    const document = {
      fixtures: { shared: { value: 1 } },
      cases: [
        { id: 'x', input: '#/fixtures/shared' },
        { id: 'y', input: '#/fixtures/shared' }
      ]
    }
    const [x, y] = extractCases('f.json', document).cases
    expect(x!.input.input).toEqual({ value: 1 })
    expect(x!.input.input).not.toBe(y!.input.input)
  })

  it('reports a file without readable cases as an error, never throws', async () => {
    const files = await loadCaseFolder(folders.malformed!)
    const errors = Object.fromEntries(files.map((f) => [f.file, f.error]))
    expect(errors['bad-json.json']).toMatch(/^cannot read the file: /)
    expect(errors['no-cases.json']).toMatch(/^no recognisable cases/)
    expect(errors['scalar.json']).toMatch(/^no recognisable cases/)
    expect(errors['good.json']).toBeUndefined()
  })

  it('marks items without an id and empty version maps as problems', () => {
    const cases = extractCases('f.json', {
      cases: [{ id: 'ok' }, { name: 'no id' }, { id: 'v', expected_by_k8s_version: {} }]
    }).cases
    expect(cases.map((c) => [c.id, c.problem])).toEqual([
      ['ok', undefined],
      ['cases[1]', 'case has no "id"'],
      ['v', 'expected_by_k8s_version must map at least one version']
    ])
  })
})

describe('running cases', () => {
  it('counts every case as failed while no handler can run it', async () => {
    const report = await runConformance(folders.shapes!, { handlers: new HandlerRegistry() })
    expect(report.files.map((f) => [f.file, f.passed, f.failed])).toEqual([
      ['a-meta.json', 0, 2],
      ['b-array.json', 0, 4],
      ['c-fixtures.json', 0, 2]
    ])
    expect([report.passed, report.failed]).toEqual([0, 8])
    const [, array, fixtures] = report.files
    expect(array!.failures[1]).toEqual({
      id: 'a-2',
      version: '1.30',
      reason: `not implemented: no handler for b-array.json cases; harness: ${harness}`
    })
    expect(fixtures!.failures.map((f) => f.reason)).toEqual([
      'not implemented: no handler for c-fixtures.json cases (group "unit"); harness: unit group harness',
      'unresolved fixture reference #/fixtures/policies/ClusterPolicy/missing'
    ])
  })

  it('counts a malformed file as one failure with the reason', async () => {
    const report = await runConformance(folders.malformed!, { handlers: new HandlerRegistry() })
    expect(report.files.map((f) => [f.file, f.passed, f.failed])).toEqual([
      ['bad-json.json', 0, 1],
      ['good.json', 0, 1],
      ['no-cases.json', 0, 1],
      ['scalar.json', 0, 1]
    ])
    expect(report.files[0]!.failures[0]!.id).toBe(FILE_FAILURE_ID)
    expect(report.failed).toBe(4)
  })

  describe('with a registered handler', () => {
    let unregister: (() => void) | undefined

    afterEach(() => {
      unregister?.()
      unregister = undefined
    })

    function register(): void {
      unregister = registerHandler(
        (c) => c.harness === harness,
        async (c: ConformanceCase) => {
          const outcome = c.input.outcome
          if (outcome === 'throw') throw new Error('engine exploded')
          if (outcome === 'async-pass') return new Promise((resolve) => resolve({ pass: true }))
          if (outcome === 'by-version') {
            const byVersion = c.input.expected_by_k8s_version as Record<string, string>
            return { pass: byVersion[c.version!] === 'pass', detail: `failed on ${c.version}` }
          }
          return outcome === 'pass' ? { pass: true } : { pass: false, detail: 'expected 1, got 2' }
        }
      )
    }

    it('counts its passes, failures and throws', async () => {
      register()
      const report = await runConformance(folders.handled!)
      expect([report.passed, report.failed]).toEqual([3, 4])
      expect(report.files[0]!.failures).toEqual([
        { id: 'h-fail', reason: 'expected 1, got 2' },
        { id: 'h-throw', reason: 'handler threw: engine exploded' },
        {
          id: 'h-other',
          reason: 'not implemented: no handler for handled.json cases; harness: some other harness'
        },
        { id: 'h-versions', version: '1.30', reason: 'failed on 1.30' }
      ])
    })

    it('stops matching once unregistered', async () => {
      register()
      const sample = (await loadCaseFolder(folders.handled!))[0]!.cases[0]!
      expect(findHandler(sample)).toBeDefined()
      unregister!()
      expect(findHandler(sample)).toBeUndefined()
    })
  })

  it('resets a registry', () => {
    const registry = new HandlerRegistry()
    registry.register(
      () => true,
      () => ({ pass: true })
    )
    expect(registry.size).toBe(1)
    registry.reset()
    expect(registry.size).toBe(0)
  })
})

describe('command line', () => {
  function capture(): {
    lines: string[]
    errors: string[]
    out: (l: string) => void
    err: (l: string) => void
  } {
    const lines: string[] = []
    const errors: string[] = []
    return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l) }
  }

  const list = (name: string): string => path.join(folders.lists!, `${name}.json`)

  it('prints one line per file, the gate and the total; exit code 0 when every failure is listed', async () => {
    const io = capture()
    const code = await main([folders.shapes!], { ...io, knownFailuresFile: list('shapes-all') })
    expect(code).toBe(0)
    expect(io.lines).toEqual([
      'a-meta.json: 0 passed, 2 failed',
      'b-array.json: 0 passed, 4 failed',
      'c-fixtures.json: 0 passed, 2 failed',
      `known failures: 8 of 8 listed in ${list('shapes-all')} failed as listed; no unexpected failure`,
      '0 passed, 8 failed'
    ])
  })

  it('exits 1 and names each failure the list does not name', async () => {
    const io = capture()
    const code = await main([folders.shapes!], { ...io, knownFailuresFile: list('none') })
    expect(code).toBe(1)
    expect(io.lines.filter((l) => l.startsWith('UNEXPECTED FAIL '))).toHaveLength(8)
    expect(io.lines).toContain(
      'UNEXPECTED FAIL c-fixtures.json f-2: unresolved fixture reference #/fixtures/policies/ClusterPolicy/missing'
    )
    expect(io.lines).toContain(
      `UNEXPECTED FAIL b-array.json a-2@1.30: not implemented: no handler for b-array.json cases; harness: ${harness}`
    )
    expect(io.lines.at(-2)).toBe(
      `known failures: 0 of 0 listed in ${list('none')} failed as listed; conformance FAILED: 8 unexpected failures`
    )
    expect(io.lines.at(-1)).toBe('0 passed, 8 failed')
  })

  it('exits 1 when a listed case does not exist', async () => {
    const io = capture()
    const code = await main([folders.malformed!], { ...io, knownFailuresFile: list('shapes-all') })
    expect(code).toBe(1)
    expect(io.lines).toContain(
      `NO SUCH CASE a-meta.json m-1: listed as a known failure but not in the tables; remove or correct it in ${list('shapes-all')}`
    )
  })

  it('exits 2 when the list cannot be read or lacks a field', async () => {
    const io = capture()
    expect(await main([folders.shapes!], { ...io, knownFailuresFile: list('missing') })).toBe(2)
    expect(await main([folders.shapes!], { ...io, knownFailuresFile: list('no-issue') })).toBe(2)
    expect(io.errors[0]).toMatch(/^conformance: cannot read the known-failures file /)
    expect(io.errors[1]).toBe(
      `conformance: invalid known-failures file ${list('no-issue')}: failures[0] needs a non-empty string "issue"`
    )
    expect(io.lines).toEqual([])
  })

  it('lists failures under their file with --verbose', async () => {
    const io = capture()
    await main(['--verbose', folders.shapes!], { ...io, knownFailuresFile: list('shapes-all') })
    expect(io.lines.slice(0, 3)).toEqual([
      'a-meta.json: 0 passed, 2 failed',
      '  FAIL m-1: not implemented: no handler for a-meta.json cases; harness: meta-described harness',
      '  FAIL m-2: not implemented: no handler for a-meta.json cases; harness: meta-described harness'
    ])
    expect(io.lines[3]).toBe('b-array.json: 0 passed, 4 failed')
    expect(io.lines[4]).toMatch(/^ {2}FAIL a-1: not implemented: /)
    expect(io.lines[5]).toMatch(/^ {2}FAIL a-2@1\.30: not implemented: /)
    expect(io.lines.at(-1)).toBe('0 passed, 8 failed')
  })

  it('resolves the folder against cwd and exits 2 when it does not exist', async () => {
    const io = capture()
    const knownFailuresFile = list('shapes-all')
    expect(await main(['shapes'], { ...io, cwd: tmp, knownFailuresFile })).toBe(0)
    expect(await main(['missing'], { ...io, cwd: tmp, knownFailuresFile })).toBe(2)
    expect(io.errors).toEqual([`conformance: folder not found: ${path.join(tmp, 'missing')}`])
  })
})

describe('the shared conformance tables', () => {
  /** Independent count: cases sit at the top level or under `cases`; one per pinned version. */
  function countCases(): number {
    let total = 0
    for (const name of readdirSync(sharedFolder).filter((n) => n.endsWith('.json'))) {
      const document = JSON.parse(readFileSync(path.join(sharedFolder, name), 'utf8'))
      const cases: Array<Record<string, unknown>> = Array.isArray(document)
        ? document
        : document.cases
      for (const c of cases) {
        const byVersion = c.expected_by_k8s_version
        total += byVersion ? Object.keys(byVersion).length : 1
      }
    }
    return total
  }

  it('runs every case and passes none without handlers', async () => {
    const report = await runConformance(sharedFolder, { handlers: new HandlerRegistry() })
    expect(report.passed + report.failed).toBe(countCases())
    expect(report.passed).toBe(0)
    expect(report.files.every((f) => !f.failures.some((x) => x.id === FILE_FAILURE_ID))).toBe(true)
    expect(
      report.files.flatMap((f) => f.failures).every((f) => f.reason.startsWith('not implemented: '))
    ).toBe(true)
  })

  it('runs every case with the registered handlers; only the listed known failures fail', async () => {
    const report = await runConformance(sharedFolder)
    expect(report.passed + report.failed).toBe(countCases())
    const gate = checkKnownFailures(report, await loadKnownFailures(KNOWN_FAILURES_FILE))
    // Each list names what to do: fix the engine, or remove the entry from known-failures.json.
    expect(gate.unexpected).toEqual([])
    expect(gate.nowPassing).toEqual([])
    expect(gate.missing).toEqual([])
    expect(gate.expected.length).toBe(report.failed)
  })
})

describe('the known-failures gate', () => {
  const known = [
    { file: 't.json', id: 'listed', reason: 'needs data', issue: '31' },
    { file: 't.json', id: 'pinned', version: '1.30', reason: 'needs 1.30', issue: '31' }
  ]

  /** A one-file report: the ids that passed and the ids (or [id, version]) that failed. */
  function reportOf(
    passes: Array<string | [string, string]>,
    failures: Array<string | [string, string]>
  ) {
    const ref = (c: string | [string, string]) =>
      typeof c === 'string' ? { id: c } : { id: c[0], version: c[1] }
    return {
      files: [
        {
          file: 't.json',
          passed: passes.length,
          failed: failures.length,
          passes: passes.map(ref),
          failures: failures.map((c) => ({ ...ref(c), reason: 'expected 1, got 2' }))
        }
      ],
      passed: passes.length,
      failed: failures.length
    }
  }

  it('passes when exactly the listed cases fail', () => {
    const gate = checkKnownFailures(
      reportOf(['other', ['pinned', '1.31']], ['listed', ['pinned', '1.30']]),
      known
    )
    expect(gate).toEqual({ unexpected: [], nowPassing: [], missing: [], expected: known })
  })

  it('fails on a failure the list does not name, including another version of a listed case', () => {
    const gate = checkKnownFailures(
      reportOf([], ['listed', ['pinned', '1.30'], ['pinned', '1.31'], 'other']),
      known
    )
    expect(gate.unexpected).toEqual([
      { file: 't.json', id: 'pinned', version: '1.31', reason: 'expected 1, got 2' },
      { file: 't.json', id: 'other', reason: 'expected 1, got 2' }
    ])
    expect(gate.nowPassing).toEqual([])
  })

  it('fails when a listed case passes', () => {
    const gate = checkKnownFailures(reportOf(['listed'], [['pinned', '1.30']]), known)
    expect(gate.nowPassing).toEqual([known[0]])
    expect(gate.unexpected).toEqual([])
  })

  it('fails when a listed case is not in the tables, or in another file', () => {
    const moved = {
      files: [{ ...reportOf([], ['listed']).files[0]!, file: 'u.json' }],
      passed: 0,
      failed: 1
    }
    const gate = checkKnownFailures(moved, [known[0]!])
    expect(gate.missing).toEqual([known[0]])
    expect(gate.unexpected).toEqual([{ file: 'u.json', id: 'listed', reason: 'expected 1, got 2' }])
  })

  it('rejects an entry listed twice', () => {
    const twice = { failures: [known[0], known[0]] }
    expect(() => parseKnownFailures(twice, 'k.json')).toThrow(
      'invalid known-failures file k.json: failures[1] lists t.json listed a second time'
    )
  })
})
