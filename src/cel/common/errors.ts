// Error list with cel-go's display format (common.Errors.ToDisplayString):
//
//   ERROR: <input>:1:5: Syntax error: mismatched input ...
//    | a + b
//    | ....^

import { NO_LOCATION, type Location, type Source } from './source.js'

export interface CelError {
  readonly message: string
  /** Line 1-based, column 0-based in code points; NO_LOCATION (-1, -1) when unknown. */
  readonly location: Location
  /** Code point offset of the location in the expression, -1 when unknown. */
  readonly offset: number
  /** Id of the expression the error is about, 0 when none. */
  readonly exprId: number
}

const MAX_SNIPPET_LENGTH = 16384
const WIDE_DOT = '\uff0e'
const WIDE_CARET = '\uff3e'

export class Errors {
  readonly source: Source
  private readonly list: CelError[] = []
  private count = 0
  readonly maxErrorsToReport: number

  constructor(source: Source, maxErrorsToReport = 100) {
    this.source = source
    this.maxErrorsToReport = maxErrorsToReport
  }

  report(location: Location, message: string, exprId = 0): void {
    this.count++
    if (this.count > this.maxErrorsToReport) return
    const offset =
      location.line < 0 ? -1 : this.source.computeOffset(location.line, location.column)
    this.list.push({ message, location, offset, exprId })
  }

  reportInternal(message: string): void {
    this.report(NO_LOCATION, message)
  }

  /** Number of errors reported (including those beyond the reporting limit). */
  get reported(): number {
    return this.count
  }

  /** The kept errors in display order (stable sort by line, then column). */
  sorted(): CelError[] {
    return this.list
      .map((e, i) => ({ e, i }))
      .sort(
        (a, b) =>
          a.e.location.line - b.e.location.line ||
          a.e.location.column - b.e.location.column ||
          a.i - b.i
      )
      .map((x) => x.e)
  }

  toDisplayString(): string {
    const lines = this.sorted().map((e) => formatError(e, this.source))
    if (this.count > this.maxErrorsToReport) {
      lines.push(`${this.count - this.maxErrorsToReport} more errors were truncated`)
    }
    return lines.join('\n')
  }
}

/** One error as cel-go's common.Error.ToDisplayString renders it. */
export function formatError(error: CelError, source: Source): string {
  const loc = error.location
  let result = `ERROR: ${source.description}:${loc.line}:${loc.column + 1}: ${error.message}`
  const snippet = source.snippet(loc.line)
  if (snippet !== undefined && utf8Length(snippet) <= MAX_SNIPPET_LENGTH) {
    const line = snippet.replaceAll('\t', ' ')
    let indicator = ''
    let column = 0
    let wideAtCaret = false
    for (const ch of line) {
      if (column === loc.column) {
        wideAtCaret = ch.codePointAt(0)! >= 0x80
        break
      }
      indicator += ch.codePointAt(0)! >= 0x80 ? WIDE_DOT : '.'
      column++
    }
    indicator += wideAtCaret ? WIDE_CARET : '^'
    result += `\n | ${line}\n | ${indicator}`
  }
  return result
}

function utf8Length(s: string): number {
  let n = 0
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4
  }
  return n
}
