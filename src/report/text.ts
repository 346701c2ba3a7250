/**
 * CLI output in the style of eslint's "stylish" formatter: findings grouped by file, a code frame
 * under each one when the source is available, and a one-line verdict at the end.
 *
 * Everything taken from user files goes through `escapeControlCharacters`, so a hostile YAML file
 * cannot move the cursor, recolour or clear the terminal, and no output line can be read as a
 * workflow command when the CLI runs in GitHub Actions (`defuseCommandLine`;
 * action-conventions.md §7).
 */
import type { CheckResult } from '../core/result.js'
import { SEVERITY_ORDER } from '../findings/model.js'
import type { Finding, Severity, SourceRange } from '../findings/model.js'
import { escapeControlCharacters } from './escape.js'
import { defusedLines } from './workflow-commands.js'
import { maxOf, pushAll } from '../common/arrays.js'
import { annotatedFindings, describeQuiet } from './quiet-rules.js'
import type { RuleSettings } from './quiet-rules.js'

export interface TextOptions {
  color: boolean
  /** A line reader (1-based) for a file, when its text is available for code frames. */
  source?: (file: string) => ((line: number) => string) | undefined
  /** The team's `rules:`: notices of quiet rules named there are listed again. */
  rules?: RuleSettings
}

interface Palette {
  severity(severity: Severity, text: string): string
  dim(text: string): string
  bold(text: string): string
  underline(text: string): string
  green(text: string): string
}

const SEVERITY_COLOR: Record<Severity, number> = { error: 31, warning: 33, notice: 36 }

function palette(color: boolean): Palette {
  if (!color) {
    const plain = (text: string): string => text
    return {
      severity: (_s, text) => text,
      dim: plain,
      bold: plain,
      underline: plain,
      green: plain
    }
  }
  const sgr =
    (open: number, close: number) =>
    (text: string): string =>
      `\x1b[${open}m${text}\x1b[${close}m`
  return {
    severity: (s, text) => sgr(SEVERITY_COLOR[s], 39)(text),
    dim: sgr(2, 22),
    bold: sgr(1, 22),
    underline: sgr(4, 24),
    green: sgr(32, 39)
  }
}

/** Width of the severity column: `warning`. */
const SEVERITY_WIDTH = 7

export function renderText(result: CheckResult, options: TextOptions): string {
  return [...textReportPieces(result, options)].join('')
}

/**
 * The text report in pieces, one per file, made as they are written: the whole text of a large
 * repository (20 MB for the corpus, with its array of lines) is never held at once (issue 33).
 */
export function* textReportPieces(result: CheckResult, options: TextOptions): Generator<string> {
  const paint = palette(options.color)
  // Notices a team cannot act on where they are found are counted, not listed (quiet-rules.ts).
  const { findings: listed, quiet } = annotatedFindings(result.findings, options.rules)
  const byFile = new Map<string, Finding[]>()
  for (const f of listed) {
    const list = byFile.get(f.location.file)
    if (list) list.push(f)
    else byFile.set(f.location.file, [f])
  }
  const files = [...byFile.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

  for (const file of files) {
    const findings = byFile.get(file)!.sort(compareByPosition)
    const reader = options.source?.(file)
    const locations = findings.map(locationOf)
    const locationWidth = maxOf(locations.map((l) => l.length))
    const lines = [paint.underline(terminalText(file))]
    findings.forEach((f, i) => {
      const location = locations[i]!.padEnd(locationWidth)
      const severity = paint.severity(f.severity, f.severity.padEnd(SEVERITY_WIDTH))
      const indent = ' '.repeat(2 + locationWidth + 2 + SEVERITY_WIDTH + 2)
      const [first = '', ...rest] = terminalText(f.message, true).split('\n')
      lines.push(`  ${location}  ${severity}  ${first}  ${paint.dim(terminalText(f.ruleId))}`)
      for (const line of rest) lines.push(`${indent}${line}`)
      pushAll(lines, relatedLines(f))
      if (reader && f.location.range)
        pushAll(lines, codeFrame(reader, f.location.range, f.severity, paint))
      if (f.fix) {
        const [fixFirst = '', ...fixRest] = terminalText(f.fix.text, true).split('\n')
        lines.push(`    ${paint.green('fix:')} ${fixFirst}`)
        for (const line of fixRest) lines.push(`         ${line}`)
        if (f.fix.snippet !== undefined) {
          for (const line of terminalText(f.fix.snippet, true).replace(/\n$/, '').split('\n'))
            lines.push(`         ${line}`)
        }
      }
    })
    lines.push('')
    yield defusedLines(lines)
  }
  const notListed = describeQuiet(quiet)
  const closing: string[] = []
  if (notListed !== undefined)
    closing.push(
      paint.dim(
        `Not listed: ${notListed}, off by default; --format json lists them, or name the rule under rules: in .celgate.yaml.`
      ),
      ''
    )
  closing.push(footer(result, paint))
  yield defusedLines(closing)
}

/** Related locations shown under a finding; the JSON and SARIF reports list them all. */
const MAX_RELATED_SHOWN = 3

/**
 * `↳ file:line: message` for each related location, e.g. the Helm template a finding in a
 * rendered stream comes from (cli/helm-sources.ts).
 */
function relatedLines(f: Finding): string[] {
  const related = f.related ?? []
  const out = related.slice(0, MAX_RELATED_SHOWN).map((r) => {
    const line = r.range ? `:${r.range.startLine}` : ''
    const message = r.message !== undefined ? `: ${r.message}` : ''
    return `    ↳ ${terminalText(`${r.file}${line}${message}`)}`
  })
  if (related.length > MAX_RELATED_SHOWN)
    out.push(`    ↳ (${related.length - MAX_RELATED_SHOWN} more in the JSON report)`)
  return out
}

function compareByPosition(a: Finding, b: Finding): number {
  const ra = a.location.range
  const rb = b.location.range
  return (
    (ra?.startLine ?? 0) - (rb?.startLine ?? 0) ||
    (ra?.startColumn ?? 0) - (rb?.startColumn ?? 0) ||
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
  )
}

/** `12:17`; `0:0` for a finding about the whole file, as eslint does. */
function locationOf(f: Finding): string {
  const r = f.location.range
  return r ? `${r.startLine}:${r.startColumn}` : '0:0'
}

/** Source characters a code frame shows of one line; longer lines are cut around the finding. */
const FRAME_WIDTH = 160
/** Characters kept before the finding's column when a long line is cut. */
const FRAME_CONTEXT = 40
/** Marks where a long line was cut. */
const ELLIPSIS = '…'

/**
 * The line before (when there is one), the line itself, and a `^^^^` under startColumn up to
 * endColumn (exclusive). A range over several lines is underlined to the end of its first line.
 * Lines longer than FRAME_WIDTH (minified JSON, a hostile file) show the same window of columns
 * around startColumn, cut with `…`, so that a finding never prints a whole megabyte line.
 */
function codeFrame(
  read: (line: number) => string,
  range: SourceRange,
  severity: Severity,
  paint: Palette
): string[] {
  const line = range.startLine
  const numbers = line > 1 ? [line - 1, line] : [line]
  const width = String(line).length
  const gutter = (n: number | undefined): string =>
    paint.dim(`${n === line ? '>' : ' '} ${(n === undefined ? '' : String(n)).padStart(width)} |`)
  const raw = stripLineEnding(read(line))
  const start = Math.max(1, range.startColumn) - 1
  const window = frameWindow(raw, start)
  const shown = windowIn(raw, window)
  const out: string[] = []
  for (const n of numbers) {
    const text = terminalText(cutToWindow(n === line ? raw : stripLineEnding(read(n)), window))
    out.push(`    ${gutter(n)}${text === '' ? '' : ` ${text}`}`)
  }
  const end = Math.min(
    range.endLine === range.startLine ? range.endColumn - 1 : raw.length,
    shown.to
  )
  // The `…` that starts a cut line takes one column.
  const before =
    (shown.from > 0 ? ' ' : '') +
    Array.from(raw.slice(shown.from, start))
      .map((ch) => (ch === '\t' ? '\t' : ' '.repeat(terminalText(ch).length)))
      .join('')
  // Columns past the end of the line (a range at the line end) still get their padding.
  const missing = Math.max(0, start - raw.length)
  const underlined = Array.from(raw.slice(start, Math.max(start, end)))
    .map((ch) => '^'.repeat(ch === '\t' ? 1 : terminalText(ch).length))
    .join('')
  const carets = underlined === '' ? '^' : underlined
  out.push(
    `    ${gutter(undefined)} ${before}${' '.repeat(missing)}${paint.severity(severity, carets)}`
  )
  return out
}

interface FrameWindow {
  /** UTF-16 offsets [from, to) of the part of a frame line shown. */
  from: number
  to: number
}

/**
 * FRAME_WIDTH columns: from the start of the line when the finding's line fits, else from a
 * little before its column. The line before shows the same columns, so the two stay aligned.
 */
function frameWindow(line: string, start: number): FrameWindow {
  const from =
    line.length <= FRAME_WIDTH
      ? 0
      : Math.max(0, Math.min(start - FRAME_CONTEXT, line.length - FRAME_WIDTH))
  return { from, to: from + FRAME_WIDTH }
}

/** The window moved out of the surrogate pairs of `line` it would cut in half. */
function windowIn(line: string, { from, to }: FrameWindow): FrameWindow {
  return {
    from: from > 0 && isLowSurrogate(line.charCodeAt(from)) ? from - 1 : from,
    to: isLowSurrogate(line.charCodeAt(to)) ? to + 1 : to
  }
}

/** `line`'s part inside the window, with `…` where it goes on beyond either edge. */
function cutToWindow(line: string, window: FrameWindow): string {
  const { from, to } = windowIn(line, window)
  if (from === 0 && line.length <= to) return line
  const head = from > 0 && line.length > 0 ? ELLIPSIS : ''
  const tail = line.length > to ? ELLIPSIS : ''
  return head + line.slice(from, to) + tail
}

const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff

function stripLineEnding(text: string): string {
  return text.replace(/\r?\n$/, '').replace(/\r$/, '')
}

function terminalText(text: string, keepNewlines = false): string {
  return escapeControlCharacters(text, { keepNewlines })
}

function footer(result: CheckResult, paint: Palette): string {
  const counts = result.summary.findings
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`
  // The mark is the verdict's: a passing run is never shown with a ✖, whatever it noticed.
  const mark = result.gate.failed ? '✖' : counts.error + counts.warning > 0 ? '⚠' : '✔'
  const text =
    `${mark} ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ` +
    `${plural(counts.notice, 'notice')} in ${plural(result.summary.files, 'file')} ` +
    `(${plural(result.summary.documents, 'document')}) — gate: ` +
    `${result.gate.failed ? 'failed' : 'passed'} (${terminalText(result.gate.reason)})`
  if (result.gate.failed) return paint.bold(paint.severity('error', text))
  if (counts.error + counts.warning > 0) return paint.bold(paint.severity('warning', text))
  return paint.bold(paint.green(text))
}
