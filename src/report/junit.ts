/**
 * The run as JUnit XML, the test report CI systems show (GitLab, Jenkins, Azure Pipelines,
 * CircleCI): a testsuite per file, a testcase per object (object-cases.ts), a `<failure>` for
 * the findings that fail the gate and the others as the case's `<system-out>`; a document that
 * was not checked is a skipped case. The element names follow the schema those readers share
 * (testmoapp/junitxml, "Common JUnit XML format").
 */
import type { CheckResult, FailOn } from '../core/result.js'
import type { Finding } from '../findings/model.js'
import { caseFails, failsGate, findingPlace, objectCases } from './object-cases.js'
import type { ObjectCase, ReportedObject, ReportedSkip } from './object-cases.js'
import { pushAll } from '../common/arrays.js'

export function renderJunit(
  result: CheckResult,
  objects: readonly ReportedObject[],
  skipped: readonly ReportedSkip[]
): string {
  return [...junitPieces(result, objects, skipped)].join('')
}

/** The JUnit report in pieces, one per file, made as they are written (issue 33). */
export function junitPieces(
  result: CheckResult,
  objects: readonly ReportedObject[],
  skipped: readonly ReportedSkip[]
): Generator<string> {
  return junitCasePieces(objectCases(result.findings, objects, skipped), result.gate.failOn)
}

/** The cases as JUnit XML: `celgate check`'s objects, or `celgate test`'s test cases. */
export function renderJunitCases(cases: readonly ObjectCase[], failOn: FailOn): string {
  return [...junitCasePieces(cases, failOn)].join('')
}

function* junitCasePieces(cases: readonly ObjectCase[], failOn: FailOn): Generator<string> {
  const outcome = (c: ObjectCase): 'failed' | 'skipped' | 'passed' =>
    caseFails(c, failOn) ? 'failed' : c.skipped !== undefined ? 'skipped' : 'passed'
  const byFile = new Map<string, ObjectCase[]>()
  for (const c of cases) {
    const list = byFile.get(c.file)
    if (list) list.push(c)
    else byFile.set(c.file, [c])
  }
  const count = (list: readonly ObjectCase[], what: 'failed' | 'skipped'): number =>
    list.filter((c) => outcome(c) === what).length
  yield xmlLines([
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="celgate" tests="${cases.length}" failures="${count(cases, 'failed')}" errors="0" skipped="${count(cases, 'skipped')}">`
  ])
  for (const [file, list] of byFile) {
    const lines = [
      `  <testsuite name="${attribute(file)}" tests="${list.length}" failures="${count(list, 'failed')}" errors="0" skipped="${count(list, 'skipped')}">`
    ]
    for (const c of list) {
      const open = `    <testcase name="${attribute(c.name)}" classname="${attribute(file)}"`
      const failing = c.findings.filter((f) => failsGate(f.severity, failOn))
      const others = c.findings.filter((f) => !failsGate(f.severity, failOn))
      const body: string[] = []
      if (failing.length > 0) {
        const first = failing[0]!
        const summary =
          failing.length === 1
            ? firstLine(first.message)
            : `${failing.length} findings fail the gate; the first: ${firstLine(first.message)}`
        body.push(
          `      <failure message="${attribute(summary)}" type="${attribute(first.ruleId)}">${content(failing.map(findingText).join('\n'))}</failure>`
        )
      } else if (c.skipped !== undefined)
        body.push(`      <skipped message="${attribute(`not checked: ${c.skipped}`)}"/>`)
      if (others.length > 0)
        body.push(`      <system-out>${content(others.map(findingText).join('\n'))}</system-out>`)
      if (body.length === 0) lines.push(`${open}/>`)
      else {
        lines.push(`${open}>`)
        pushAll(lines, body)
        lines.push('    </testcase>')
      }
    }
    lines.push('  </testsuite>')
    yield xmlLines(lines)
  }
  yield xmlLines(['</testsuites>'])
}

/**
 * Lines of the report, each ended by a line break. No line starts a workflow command when a CI
 * log shows it (the runner reads stdout): a `:` or `#` of user text at a line start is written
 * as a character reference; element text may hold line breaks, so it is split again first.
 */
function xmlLines(lines: readonly string[]): string {
  return `${lines.join('\n').split('\n').map(defuse).join('\n')}\n`
}

function findingText(f: Finding): string {
  const related = (f.related ?? []).map(
    (r) =>
      `\n  related: ${r.file}${r.range ? `:${r.range.startLine}` : ''}${r.message !== undefined ? `: ${r.message}` : ''}`
  )
  return `${findingPlace(f)}: ${f.severity} ${f.ruleId}: ${f.message}${related.join('')}`
}

function firstLine(text: string): string {
  const end = text.indexOf('\n')
  return end < 0 ? text : text.slice(0, end)
}

/**
 * Characters XML 1.0 cannot hold even as references (C0 controls but tab and line breaks, lone
 * surrogates, U+FFFE, U+FFFF) and the C1 controls a terminal acts on, as visible `\uXXXX`.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

const visible = (ch: string): string => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`

/** Element text: `& < >` as entities, a carriage return as a reference (parsers drop it). */
export function content(text: string): string {
  return text
    .replace(NOT_XML, visible)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;')
}

/** An attribute value in double quotes: also `"` and `'`, and whitespace kept as references. */
export function attribute(text: string): string {
  return content(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;')
}

function defuse(line: string): string {
  return line.replace(/^(\s*):(?=:)/, '$1&#58;').replace(/##\[/g, '#&#35;[')
}
