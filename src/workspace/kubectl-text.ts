/**
 * What go-yaml v2 reads and `yaml` (YAML 1.2, strict about indentation) does not: a comment
 * right after a quoted value or a flow collection (`"a"#c`), quoted scalars whose continuation
 * lines are indented less than their key, and flow collections whose lines or closing bracket
 * sit left of their key (scannerc.go checks indentation in block context only, and takes `#`
 * after any token as a comment). `yaml` reports each of these as an error; for each we rewrite
 * the text, at the same length so every offset stays, into what `yaml` reads as go-yaml does,
 * and parse again. A quoted scalar rewritten onto one line keeps its value (as go-yaml folds
 * it) in `overrides`, by its start offset, for kubectl-decode.ts.
 */
import { LineCounter, parseAllDocuments } from 'yaml'
import type { Document, YAMLError } from 'yaml'
import { doubleQuotedValue, singleQuotedValue } from './fast-yaml.js'
import { parseOptions } from './yaml-options.js'

export interface ScalarOverride {
  value: string
  /** Whether the value is a plain scalar's text, still to be resolved. */
  plain: boolean
}

export interface KubectlParse {
  docs: Document.Parsed[]
  overrides: Map<number, ScalarOverride>
}

/** Repairs at most this many places per file: each one is a parse of the whole file. */
const MAX_REPAIRS = 16

/** Parses `text` with `yaml`, rewriting what go-yaml accepts and `yaml` rejects (above). */
export function parseAsKubectl(text: string): KubectlParse {
  const overrides = new Map<number, ScalarOverride>()
  let work = text
  for (let round = 0; ; round++) {
    const parsed = parseAllDocuments(work, parseOptions)
    const docs: Document.Parsed[] = Array.isArray(parsed) ? parsed : []
    if (round >= MAX_REPAIRS) return { docs, overrides }
    // Every comment in a round (each stays where it is), but one quoted scalar or flow
    // collection: `yaml`'s errors after one of those may be echoes of it.
    let repaired = work
    let structural = false
    for (const doc of docs)
      for (const err of doc.errors) {
        if (isCommentError(repaired, err))
          repaired = blank(repaired, err.pos[0], lineEnd(repaired, err.pos[0]))
        else if (!structural) {
          const r = repair(repaired, err, overrides)
          if (r !== undefined) {
            repaired = r
            structural = true
          }
        }
      }
    if (repaired === work) return { docs, overrides }
    work = repaired
  }
}

function repair(
  text: string,
  err: YAMLError,
  overrides: Map<number, ScalarOverride>
): string | undefined {
  const at = err.pos[0]
  if (err.code === 'MISSING_CHAR' && /^Missing closing ["']quote/.test(err.message))
    return joinQuoted(text, at, overrides)
  if (err.code === 'BAD_INDENT' && /^Flow (?:sequence|map) in block collection/.test(err.message))
    return joinFlow(text, at, overrides)
  return undefined
}

/** `yaml`'s error for a comment right after a token (`"a"#c`), which go-yaml reads as a comment. */
function isCommentError(text: string, err: YAMLError): boolean {
  return (
    err.code === 'MISSING_CHAR' &&
    text[err.pos[0]] === '#' &&
    err.message.startsWith('Comments must')
  )
}

function lineEnd(text: string, at: number): number {
  const eol = text.indexOf('\n', at)
  return eol < 0 ? text.length : eol
}

function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1
}

/** `text` with [start, end) turned into spaces, line breaks included. */
function blank(text: string, start: number, end: number): string {
  return text.slice(0, start) + ' '.repeat(end - start) + text.slice(end)
}

/** Whether a line starting at `at` is a document marker (`---` or `...` then a blank or end). */
function isDocumentMarker(text: string, at: number): boolean {
  const three = text.slice(at, at + 3)
  if (three !== '---' && three !== '...') return false
  const after = text[at + 3]
  return after === undefined || after === ' ' || after === '\t' || after === '\n' || after === '\r'
}

/**
 * The offset just past the quoted scalar opening at `open`, as go-yaml scans it over lines
 * (scannerc.go, yaml_parser_scan_flow_scalar), or -1 when it does not close before the end or a
 * document marker.
 */
function quotedEnd(text: string, open: number): number {
  const quote = text[open]
  for (let p = open + 1; p < text.length; p++) {
    const c = text[p]
    if (c === '\n' && isDocumentMarker(text, p + 1)) return -1
    if (quote === '"' && c === '\\') p++
    else if (c === quote) {
      if (quote === "'" && text[p + 1] === "'") p++
      else return p + 1
    }
  }
  return -1
}

/** Whether a scalar or collection may start at `at` (after indentation, `- `, `: `, `? `, a flow indicator). */
function atTokenStart(text: string, at: number): boolean {
  let p = at - 1
  while (p >= 0 && (text[p] === ' ' || text[p] === '\t')) p--
  if (p < 0 || text[p] === '\n') return true
  const c = text[p]
  if (c === '[' || c === '{' || c === ',') return true
  if ((c === '-' || c === ':' || c === '?') && p < at - 1) return true
  return false
}

/** The quoted scalars that open on the line of `at` and close on a later line: the first one. */
function quoteOpeningOnLine(text: string, at: number): number {
  const start = lineStart(text, at)
  const end = lineEnd(text, at)
  for (let p = start; p < end; p++) {
    const c = text[p]
    if (c === '#' && (p === start || text[p - 1] === ' ')) return -1
    if ((c === '"' || c === "'") && atTokenStart(text, p)) {
      const close = quotedEnd(text, p)
      if (close < 0) return -1
      if (close > end) return p
      p = close - 1
    }
  }
  return -1
}

/** A quoted scalar over lines, rewritten onto one line with its value kept as an override. */
function joinQuoted(
  text: string,
  at: number,
  overrides: Map<number, ScalarOverride>
): string | undefined {
  const open = quoteOpeningOnLine(text, at)
  if (open < 0) return undefined
  const end = quotedEnd(text, open)
  let value: string
  try {
    value =
      text[open] === '"' ? doubleQuotedValue(text, open, end) : singleQuotedValue(text, open, end)
  } catch {
    return undefined // An escape go-yaml rejects too: leave `yaml`'s error.
  }
  overrides.set(open, { value, plain: false })
  return blank(text, open + 1, end - 1)
}

/**
 * The flow collection holding `at`: its lines joined into one (line breaks and comments become
 * spaces), its multi-line quoted scalars rewritten as joinQuoted does.
 */
function joinFlow(
  text: string,
  at: number,
  overrides: Map<number, ScalarOverride>
): string | undefined {
  // The opening bracket is on an earlier line, where a value may start.
  for (let ls = lineStart(text, at); ls > 0;) {
    ls = lineStart(text, ls - 1)
    const le = lineEnd(text, ls)
    for (let p = ls; p < le; p++) {
      const c = text[p]
      if (c === '#' && (p === ls || text[p - 1] === ' ')) break
      if ((c === '"' || c === "'") && atTokenStart(text, p)) {
        const close = quotedEnd(text, p)
        if (close < 0) return undefined
        p = close - 1
      } else if ((c === '[' || c === '{') && atTokenStart(text, p)) {
        let joined: { text: string; close: number } | undefined
        try {
          joined = joinFlowFrom(text, p, overrides)
        } catch {
          return undefined // An escape go-yaml rejects too: leave `yaml`'s error.
        }
        if (joined && joined.close > at) return joined.text
        if (joined) p = joined.close - 1
      }
    }
  }
  return undefined
}

function joinFlowFrom(
  text: string,
  open: number,
  overrides: Map<number, ScalarOverride>
): { text: string; close: number } | undefined {
  let depth = 0
  const breaks: number[] = []
  const comments: Array<[number, number]> = []
  const quoted: Array<[number, number]> = []
  for (let p = open; p < text.length; p++) {
    const c = text[p]
    if (c === '[' || c === '{') depth++
    else if (c === ']' || c === '}') {
      if (--depth === 0) {
        let out = text
        for (const [s, e] of quoted) {
          const value =
            text[s] === '"' ? doubleQuotedValue(text, s, e) : singleQuotedValue(text, s, e)
          overrides.set(s, { value, plain: false })
          out = blank(out, s + 1, e - 1)
        }
        for (const [s, e] of comments) out = blank(out, s, e)
        for (const b of breaks) out = blank(out, text[b - 1] === '\r' ? b - 1 : b, b + 1)
        return { text: out, close: p + 1 }
      }
    } else if (c === '\n') {
      if (isDocumentMarker(text, p + 1)) return undefined
      breaks.push(p)
    } else if (c === '#' && ' \t\n\r,[{]}"\''.includes(text[p - 1]!)) {
      const e = lineEnd(text, p)
      comments.push([p, e])
      p = e - 1
    } else if (c === '"' || c === "'") {
      if (!atTokenStart(text, p)) continue
      const e = quotedEnd(text, p)
      if (e < 0) return undefined
      if (text.slice(p, e).includes('\n')) quoted.push([p, e])
      p = e - 1
    }
  }
  return undefined
}

/**
 * `yaml`'s LineCounter of `text`, as its parser fills it; counted on the text itself, since a
 * repair may join lines of the text `yaml` reads.
 */
export function linesOf(text: string): LineCounter {
  const lines = new LineCounter()
  lines.addNewLine(0)
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1)
  return lines
}
