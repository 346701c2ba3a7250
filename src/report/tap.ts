/**
 * The run as TAP version 13 (testanything.org/tap-version-13-specification.html), as
 * kubeconform's `-output tap` gives it: a test point per object (object-cases.ts), `not ok`
 * when a finding fails the gate, `# SKIP` for a document that was not checked, and the findings
 * in a YAML diagnostics block under their test point.
 */
import type { CheckResult, FailOn } from '../core/result.js'
import type { Finding } from '../findings/model.js'
import { escapeControlCharacters } from './escape.js'
import { caseFails, findingPlace, objectCases } from './object-cases.js'
import type { ObjectCase, ReportedObject, ReportedSkip } from './object-cases.js'
import { defusedLines } from './workflow-commands.js'
import { pushAll } from '../common/arrays.js'

export function renderTap(
  result: CheckResult,
  objects: readonly ReportedObject[],
  skipped: readonly ReportedSkip[]
): string {
  return [...tapPieces(result, objects, skipped)].join('')
}

/** The TAP report in pieces, one per test point, made as they are written (issue 33). */
export function tapPieces(
  result: CheckResult,
  objects: readonly ReportedObject[],
  skipped: readonly ReportedSkip[]
): Generator<string> {
  const counts = result.summary.findings
  return tapCasePieces(
    objectCases(result.findings, objects, skipped),
    result.gate.failOn,
    `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.notice, 'notice')}; gate ${result.gate.failed ? 'failed' : 'passed'} (${result.gate.reason})`
  )
}

/**
 * The cases as TAP: `celgate check`'s objects, or `celgate test`'s test cases; `footer` is the
 * closing comment line (the run's tally).
 */
export function renderTapCases(
  cases: readonly ObjectCase[],
  failOn: FailOn,
  footer: string
): string {
  return [...tapCasePieces(cases, failOn, footer)].join('')
}

function* tapCasePieces(
  cases: readonly ObjectCase[],
  failOn: FailOn,
  footer: string
): Generator<string> {
  yield defusedLines(['TAP version 13', `1..${cases.length}`])
  for (const [i, c] of cases.entries()) {
    const failed = caseFails(c, failOn)
    const skip =
      !failed && c.skipped !== undefined ? ` # SKIP not checked: ${description(c.skipped)}` : ''
    const lines = [
      `${failed ? 'not ok' : 'ok'} ${i + 1} - ${description(`${c.file}: ${c.name}`)}${skip}`
    ]
    if (c.findings.length > 0) {
      lines.push('  ---', '  findings:')
      for (const f of c.findings) pushAll(lines, diagnostic(f))
      lines.push('  ...')
    }
    yield defusedLines(lines)
  }
  yield defusedLines([`# ${description(footer)}`])
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`

function diagnostic(f: Finding): string[] {
  const lines = [
    `    - severity: ${f.severity}`,
    `      rule: ${yamlString(f.ruleId)}`,
    `      at: ${yamlString(findingPlace(f))}`,
    `      message: ${yamlString(f.message)}`
  ]
  const related = f.related ?? []
  if (related.length > 0) lines.push('      related:')
  for (const r of related) {
    const line = r.range ? `:${r.range.startLine}` : ''
    const message = r.message !== undefined ? `: ${r.message}` : ''
    lines.push(`        - ${yamlString(`${r.file}${line}${message}`)}`)
  }
  return lines
}

/**
 * A YAML double-quoted scalar on one line: JSON's string syntax is a subset of it, and it
 * escapes every line break and control character.
 */
function yamlString(text: string): string {
  return JSON.stringify(text)
}

/**
 * A test point's description: on one line (control characters as visible escapes), with `#`
 * and `\` escaped as the specification asks, so no text of a file starts a directive.
 */
function description(text: string): string {
  return escapeControlCharacters(text.replace(/\\/g, '\\\\').replace(/#/g, '\\#'))
}
