/**
 * `celgate test`'s run as the cases the JUnit and TAP reports show (junit.ts, tap.ts), the same
 * shape as `celgate check`'s objects (object-cases.ts): one case per test case of a CRD test
 * suite, a Kyverno test or a kaptest file, carrying the findings about it; findings about a file
 * as a whole (a suite that cannot run, a test not run) get a `(file)` case of that file.
 */
import type { TestResult } from '../core/test.js'
import type { Finding } from '../findings/model.js'
import type { ObjectCase } from './object-cases.js'

interface PlacedCase extends ObjectCase {
  line: number
}

export function testCases(result: TestResult): ObjectCase[] {
  const byFile = new Map<string, PlacedCase[]>()
  const add = (c: PlacedCase): void => {
    const list = byFile.get(c.file)
    if (list) list.push(c)
    else byFile.set(c.file, [c])
  }
  for (const suite of result.suites)
    for (const c of suite.cases)
      add({
        file: suite.file,
        name: `${suite.name}: ${c.kind} ${c.name}`,
        line: c.line,
        findings: []
      })
  for (const file of result.policyTests)
    for (const c of file.cases)
      add({ file: file.file, name: `${file.name}: ${c.name}`, line: c.line, findings: [] })
  for (const list of byFile.values()) list.sort((a, b) => a.line - b.line)

  const wholeFile = new Map<string, PlacedCase>()
  for (const f of result.findings) {
    const owner = caseAt(byFile.get(f.location.file) ?? [], f)
    if (owner) {
      owner.findings.push(f)
      continue
    }
    let c = wholeFile.get(f.location.file)
    if (!c) {
      c = { file: f.location.file, name: '(file)', line: 0, findings: [] }
      wholeFile.set(f.location.file, c)
      add(c)
    }
    c.findings.push(f)
  }
  const cases = [...byFile.values()].flat()
  cases.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line))
  return cases.map(({ line: _line, ...c }) => c)
}

/**
 * The case a finding is about: the last case of its file that starts at or before the
 * finding's line (a case's finding points into the case, e.g. at its `name:`). A finding above
 * every case is about the file.
 */
function caseAt(cases: readonly PlacedCase[], f: Finding): PlacedCase | undefined {
  const line = f.location.range?.startLine
  if (line === undefined) return undefined
  let found: PlacedCase | undefined
  for (const c of cases) {
    if (c.name === '(file)') continue
    if (c.line > line) break
    found = c
  }
  return found
}
