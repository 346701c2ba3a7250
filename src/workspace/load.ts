/**
 * Turns the bytes of one file into documents: decode, detect templates, parse, convert to
 * plain values, classify. Runs in parser workers, so its input and output are plain data.
 * Never throws on bad input: every problem becomes a finding and the rest of the file goes on.
 */
import { isUtf8 } from 'node:buffer'
import { visit, isAlias, isPair, isScalar, isSeq } from 'yaml'
import type { LineCounter } from 'yaml'
import type { Document, Node, Pair } from 'yaml'
import { IGNORE_DIRECTIVE } from '../findings/ignore-directive.js'
import type { Finding, SourceRange } from '../findings/model.js'
import { lineRange, makeFinding } from '../findings/make.js'
import { classify, listItems } from './classify.js'
import { parseYamlFastNodes } from './fast-yaml.js'
import { jsonHasDuplicateKeys } from './json-duplicates.js'
import type { FastYamlDocument } from './fast-yaml.js'
import type { Classification, SkipReason } from './classify.js'
import { hasCharsPastLatin1, oneByteStandIn } from './one-byte.js'
import type { OneByteStandIn } from './one-byte.js'
import { manifestText, utf16ByteOrder } from './text-encoding.js'
import { formatPath } from './value-path.js'
import type { PathSegment } from './value-path.js'
import { MAX_NESTING_DEPTH } from './yaml-options.js'
import { kubectlDecode, loneCrAsLf } from './kubectl-decode.js'
import { linesOf, parseAsKubectl } from './kubectl-text.js'
import type { ReadingNote } from './go-yaml-scalars.js'
import { kubectlDuplicateKeyMessage, kubectlSyntaxMessage } from './kubectl-errors.js'
import { minOf } from '../common/arrays.js'
import { lineStartsOf } from './node-table.js'
import type { FileNodes, NodeTable } from './node-table.js'

export interface LoadedDocument extends Classification {
  file: string
  /** Index of the YAML document in its file. */
  index: number
  /** Where this object sits in the YAML document: [] or ['items', i] for List items. */
  basePath: PathSegment[]
  value: Record<string, unknown>
  /** 1-based line where the document (or list item) starts. */
  line: number
  /**
   * Ranges of the object's identity (`metadata.name`, by its formatted value path inside the
   * YAML document), recorded while parsing so whole-object findings need no second parse.
   */
  anchors?: Record<string, SourceRange>
  /**
   * The file's fast-path nodes, shared by the file's documents, for locating findings without
   * reading the file again (node-table.ts); absent for files `yaml` read.
   */
  positions?: FileNodes
}

export interface SkippedDocument {
  file: string
  index: number
  line: number
  reason: SkipReason
}

export interface FileLoadResult {
  file: string
  bytes: number
  documents: LoadedDocument[]
  skipped: SkippedDocument[]
  findings: Finding[]
  /**
   * Whether the text mentions IGNORE_DIRECTIVE; absent when the file was not read (too large,
   * unreadable).
   */
  mentionsIgnoreDirective?: boolean
}

/** Parses the bytes of `file` (a repository-relative path). */
export function loadFile(file: string, bytes: Uint8Array): FileLoadResult {
  const result: FileLoadResult = {
    file,
    bytes: bytes.length,
    documents: [],
    skipped: [],
    findings: []
  }
  const text = decode(file, bytes, result.findings)
  result.mentionsIgnoreDirective = text.includes(IGNORE_DIRECTIVE)
  const crlf = text.indexOf('\r\n')
  if (crlf >= 0) {
    const line = countLines(text, crlf)
    result.findings.push(
      makeFinding(
        'yaml/crlf-line-endings',
        { file, range: lineRange(line) },
        'The file uses CRLF line endings.'
      )
    )
  }
  const helmLine = helmDirectiveLine(file, text)
  if (helmLine > 0) {
    result.findings.push(
      makeFinding(
        'workspace/helm-template',
        { file, range: lineRange(helmLine) },
        'Helm template directives ({{ }}) found: the file is skipped, not rendered.'
      )
    )
    result.skipped.push({ file, index: 0, line: helmLine, reason: 'Helm template' })
    return result
  }
  if (file.endsWith('.json') && loadJson(file, text, result)) return result
  try {
    loadYaml(file, text, result)
    reportStrayDocuments(result)
  } catch (err) {
    // The YAML parser itself recurses; hostile nesting can exhaust the stack.
    if (err instanceof RangeError) {
      result.findings.push(
        makeFinding(
          'yaml/too-deep',
          { file, range: lineRange(1) },
          'The file nests too deeply to parse.'
        )
      )
      result.skipped.push({ file, index: 0, line: 1, reason: 'nested too deeply' })
    } else throw err
  }
  return result
}

/** The file's text (text-encoding.ts), with a finding when it is UTF-16 or not valid UTF-8. */
function decode(file: string, bytes: Uint8Array, findings: Finding[]): string {
  const utf16 = utf16ByteOrder(bytes)
  if (utf16)
    findings.push(
      makeFinding(
        'yaml/utf16',
        { file, range: lineRange(1) },
        `The file is encoded as ${utf16} (it starts with a byte order mark), as Windows PowerShell's \`>\` writes files. kubectl reads it, but tools that read manifests as UTF-8 fail on it (Flux's kustomize-controller among them); celgate checked it as kubectl reads it.`
      )
    )
  else if (!isUtf8(bytes)) findings.push(invalidUtf8Finding(file, bytes))
  return manifestText(bytes)
}

function invalidUtf8Finding(file: string, bytes: Uint8Array): Finding {
  const bad = firstInvalidUtf8(bytes)
  let line = 1
  let lineStart = 0
  for (let i = 0; i < bad; i++)
    if (bytes[i] === 10) {
      line++
      lineStart = i + 1
    }
  return makeFinding(
    'yaml/invalid-utf8',
    { file, range: lineRange(line, bad - lineStart + 1) },
    `Byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} at offset ${bad} is not valid UTF-8.`
  )
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    let need: number
    let min: number
    if (b < 0x80) {
      i++
      continue
    } else if (b >= 0xc2 && b <= 0xdf) {
      need = 1
      min = 0x80
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2
      min = 0x800
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3
      min = 0x10000
    } else return i
    let cp = b & (0xff >> (need + 2))
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]
      if (c === undefined || (c & 0xc0) !== 0x80) return i
      cp = (cp << 6) | (c & 0x3f)
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i
    i += need + 1
  }
  return bytes.length
}

function countLines(text: string, offset: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++
  return line
}

const HELM_DIRECTIVE_LINE =
  /^[ \t-]*\{\{-?\s*(?:if|else|end|range|with|define|template|include|toYaml|\/\*|-?\s*\.)/m
const HELM_VALUE_REFERENCE =
  /\{\{-?\s*(?:\.Values|\.Release|\.Chart|\.Capabilities|include\s|template\s|toYaml\s|tpl\s)/
/**
 * The line of the first Helm directive, or 0. Kyverno policies use `{{ request.object… }}`
 * inside string values, so a bare `{{` is not enough: a Helm template has directives on
 * lines of their own or refers to `.Values`, `.Release`, `include`…
 */
export function helmDirectiveLine(_file: string, text: string): number {
  if (!text.includes('{{')) return 0
  const offsets = [
    HELM_DIRECTIVE_LINE.exec(text)?.index,
    HELM_VALUE_REFERENCE.exec(text)?.index
  ].filter((o) => o !== undefined)
  return offsets.length > 0 ? countLines(text, minOf(offsets)) : 0
}

function loadJson(file: string, text: string, result: FileLoadResult): boolean {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return false // Let the YAML parser report the error with its position.
  }
  // The YAML parser also reports what JSON.parse passes over: repeated keys, excessive nesting.
  if (jsonDepthExceeds(value) || jsonHasDuplicateKeys(text)) return false
  addDocument(file, 0, 1, value, result)
  return true
}

function loadYaml(file: string, original: string, result: FileLoadResult): void {
  // go-yaml takes a lone CR as a line break; `yaml` and the fast path do not (same length).
  const text = loneCrAsLf(original)
  // Most manifests fit the fast path; the rest (and every file with an error) go to `yaml`.
  // Parsed from a one-byte copy, a file's strings stay one-byte (./one-byte.ts).
  const standIn = hasCharsPastLatin1(text, result.bytes) ? oneByteStandIn(text) : undefined
  // With its nodes: their table saves locating a second parse of the file (node-table.ts).
  const fast = parseYamlFastNodes(standIn?.text ?? text)
  if (fast) {
    addFastDocuments(file, text, fast.documents, fast.table, result, standIn)
    return
  }
  // Lines counted on the text itself: a repair may have joined lines of what `yaml` read.
  const lineCounter = linesOf(text)
  const { docs, overrides } = parseAsKubectl(text)
  docs.forEach((doc, index) => {
    const firstError = doc.errors[0]
    const line = firstError ? lineCounter.linePos(firstError.pos[0]).line : lineOf(doc, text)
    let fatal = false
    let tooDeep = false
    for (const err of doc.errors) {
      const pos = lineCounter.linePos(err.pos[0])
      const end = lineCounter.linePos(Math.max(err.pos[0], err.pos[1]))
      const range = {
        startLine: pos.line,
        startColumn: pos.col,
        endLine: end.line,
        endColumn: err.pos[1] > err.pos[0] ? end.col : pos.col + 1
      }
      const message = err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
      if (err.code === 'RESOURCE_EXHAUSTION') {
        fatal = true
        tooDeep = true
        result.findings.push(
          makeFinding(
            'yaml/too-deep',
            { file, range, document: index },
            'The document nests too deeply to parse; it is skipped.'
          )
        )
        break
      } else if (err.code === 'DUPLICATE_KEY') {
        const repeated = repeatedKey(doc, text, err.pos[0])
        result.findings.push(
          makeFinding(
            'yaml/duplicate-key',
            { file, range, document: index, path: repeated?.path },
            repeated?.message ?? `${message}; the last value is used.`
          )
        )
      } else {
        fatal = true
        const offset = err.pos[0]
        result.findings.push(
          makeFinding(
            'yaml/syntax-error',
            { file, range, document: index },
            kubectlSyntaxMessage(err.code, message, text, offset, doc.contents?.range?.[0]) ??
              message
          )
        )
      }
    }
    if (fatal) {
      result.skipped.push({
        file,
        index,
        line,
        reason: tooDeep ? 'nested too deeply' : 'YAML syntax error'
      })
      return
    }
    const decoded = kubectlDecode(doc, overrides)
    pushNotes(file, index, decoded.notes, (o) => lineCounter.linePos(o), result)
    if ('error' in decoded) {
      const at = lineCounter.linePos(decoded.offset)
      const aliasLine = decoded.aliasBomb ? (firstAliasLine(doc, text) ?? at.line) : at.line
      result.findings.push(
        makeFinding(
          decoded.aliasBomb ? 'yaml/alias-limit' : 'yaml/kubectl-rejects',
          {
            file,
            range: decoded.aliasBomb ? lineRange(aliasLine) : lineRange(at.line, at.col),
            document: index
          },
          `kubectl rejects this document: error converting YAML to JSON: ${decoded.error}; the document is skipped.`
        )
      )
      result.skipped.push({
        file,
        index,
        line,
        reason: decoded.aliasBomb ? 'too many aliases' : 'rejected by kubectl'
      })
      return
    }
    const value = decoded.value
    if (jsonDepthExceeds(value)) {
      result.findings.push(
        makeFinding(
          'yaml/too-deep',
          { file, range: lineRange(line), document: index },
          `The document nests collections more than ${MAX_NESTING_DEPTH} levels deep; it is skipped.`
        )
      )
      result.skipped.push({ file, index, line, reason: 'nested too deeply' })
      return
    }
    addDocument(file, index, line, value, result, (basePath) =>
      identityAnchors(doc, basePath, lineCounter)
    )
  })
}

/**
 * The strict message and the value path of the repeated key whose node starts at `keyOffset`.
 * The path, not the message (which names a line), is what keeps the finding the same problem
 * across edits (suppressions.ts findingIdentity).
 */
function repeatedKey(
  doc: Document,
  text: string,
  keyOffset: number
): { message: string; path: string } | undefined {
  let found: { message: string; path: string } | undefined
  visit(doc, {
    Pair(_, pair, ancestors) {
      const key = pair.key as Node | null
      if (!isScalar(key) || key.range?.[0] !== keyOffset) return undefined
      const value = pair.value as Node | null
      // An empty value stands where go-yaml puts its empty scalar: at the `:` (parserc.go,
      // yaml_parser_process_empty_scalar).
      const empty = value === null || (isScalar(value) && value.range?.[0] === value.range?.[1])
      const at = empty ? text.indexOf(':', key.range[1]) : (value.range?.[0] ?? -1)
      if (at >= 0) {
        const message = kubectlDuplicateKeyMessage(text, at, key.value)
        found = { message, path: formatPath(pathTo(ancestors, pair)) }
      }
      return visit.BREAK
    }
  })
  return found
}

/** The value path of `pair`'s key from the ancestors `visit` gives. */
function pathTo(ancestors: readonly unknown[], pair: Pair): PathSegment[] {
  const chain = ancestors.concat([pair])
  const path: PathSegment[] = []
  chain.forEach((node, i) => {
    if (isPair(node)) path.push(isScalar(node.key) ? String(node.key.value) : '?')
    else if (isSeq(node)) path.push(node.items.indexOf(chain[i + 1]))
  })
  return path
}

function addFastDocuments(
  file: string,
  text: string,
  docs: FastYamlDocument[],
  table: NodeTable,
  result: FileLoadResult,
  standIn: OneByteStandIn | undefined
): void {
  const lines = new ForwardLineCounter(text)
  const first = result.documents.length
  docs.forEach((doc, index) => {
    if (doc.notes) pushNotes(file, index, doc.notes, (o) => lines.position(o), result)
    const value = standIn ? standIn.restore(doc.value) : doc.value
    addDocument(file, index, lines.position(doc.start).line, value, result, (basePath) => {
      const path = formatPath([...basePath, 'metadata', 'name'])
      const span = doc.names?.get(path)
      if (!span) return {}
      const start = lines.position(span[0])
      const end = lines.position(Math.max(span[0], span[1] - 1))
      return {
        [path]: {
          startLine: start.line,
          startColumn: start.col,
          endLine: end.line,
          endColumn: end.col + 1
        }
      }
    })
  })
  if (result.documents.length === first) return
  // The table's keys as the documents' values have them.
  if (standIn) table.keys = table.keys.map((key) => key && standIn.restore(key))
  const positions: FileNodes = {
    table,
    lineStarts: lineStartsOf(text),
    length: text.length
  }
  for (let i = first; i < result.documents.length; i++) result.documents[i]!.positions = positions
}

/**
 * A warning at each scalar kubectl reads otherwise than YAML 1.2: what every analyzer sees is
 * kubectl's value, and the user learns why.
 */
function pushNotes(
  file: string,
  document: number,
  notes: ReadingNote[],
  position: (offset: number) => { line: number; col: number },
  result: FileLoadResult
): void {
  for (const [start, end, message] of notes) {
    const s = position(start)
    const e = position(Math.max(start, end - 1))
    result.findings.push(
      makeFinding(
        'yaml/kubectl-reads-differently',
        {
          file,
          range: { startLine: s.line, startColumn: s.col, endLine: e.line, endColumn: e.col + 1 },
          document
        },
        message
      )
    )
  }
}

/**
 * 1-based line and column of offsets asked for mostly in increasing order (documents, then
 * the names inside them), counting line breaks from the last answer instead of from the start.
 */
class ForwardLineCounter {
  private offset = 0
  private line = 1
  private lineStart = 0

  constructor(private readonly text: string) {}

  position(offset: number): { line: number; col: number } {
    if (offset < this.offset) {
      this.offset = 0
      this.line = 1
      this.lineStart = 0
    }
    const { text } = this
    for (
      let i = text.indexOf('\n', this.offset);
      i >= 0 && i < offset;
      i = text.indexOf('\n', i + 1)
    ) {
      this.line++
      this.lineStart = i + 1
    }
    this.offset = offset
    return { line: this.line, col: offset - this.lineStart + 1 }
  }
}

/** The range of `metadata.name` of the object at `basePath`, keyed by its full value path. */
function identityAnchors(
  doc: Document.Parsed,
  basePath: PathSegment[],
  lines: LineCounter
): Record<string, SourceRange> {
  const path = [...basePath, 'metadata', 'name']
  const node: unknown = doc.getIn(path, true)
  if (!isScalar(node) || !node.range) return {}
  const start = lines.linePos(node.range[0])
  const end = lines.linePos(Math.max(node.range[0], node.range[1] - 1))
  return {
    [formatPath(path)]: {
      startLine: start.line,
      startColumn: start.col,
      endLine: end.line,
      endColumn: end.col + 1
    }
  }
}

/** A non-object document among Kubernetes objects is a mistake kubectl would reject. */
function reportStrayDocuments(result: FileLoadResult): void {
  if (result.documents.length === 0) return
  for (const s of result.skipped) {
    if (s.reason !== 'not a Kubernetes object (no apiVersion or kind)') continue
    result.findings.push(
      makeFinding(
        'workspace/stray-document',
        { file: result.file, range: lineRange(s.line), document: s.index },
        'This document has no apiVersion or kind, unlike the other documents of the file; it is skipped.'
      )
    )
  }
}

function lineOf(doc: Document.Parsed, text: string): number {
  const start = doc.contents?.range[0] ?? doc.range[0]
  return countLines(text, start)
}

function firstAliasLine(doc: Document.Parsed, text: string): number | undefined {
  let offset: number | undefined
  visit(doc, {
    Alias(_key, node: Node) {
      if (isAlias(node) && node.range) {
        offset = node.range[0]
        return visit.BREAK
      }
      return undefined
    }
  })
  return offset === undefined ? undefined : countLines(text, offset)
}

/** Iterative, so hostile depth cannot overflow our own stack. */
function jsonDepthExceeds(root: unknown): boolean {
  const stack: Array<[unknown, number]> = [[root, 0]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!
    if (value === null || typeof value !== 'object') continue
    if (depth >= MAX_NESTING_DEPTH) return true
    for (const child of Object.values(value))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
  }
  return false
}

function addDocument(
  file: string,
  index: number,
  line: number,
  value: unknown,
  result: FileLoadResult,
  anchorsOf?: (basePath: PathSegment[]) => Record<string, SourceRange>
): void {
  const items = listItems(value)
  const entries: Array<[unknown, PathSegment[]]> = items
    ? items.map((item, i) => [item, ['items', i]])
    : [[value, []]]
  for (const [item, basePath] of entries) {
    const c = classify(item)
    if ('skip' in c) result.skipped.push({ file, index, line, reason: c.skip })
    else {
      const anchors = anchorsOf?.(basePath)
      // Object.assign, not `{ ...c, file, … }`: adding fields after a spread is several times
      // slower on Node 20, and this runs once per document. `c` holds only classify's own keys.
      const document: LoadedDocument = Object.assign({}, c, {
        file,
        index,
        basePath,
        value: item as Record<string, unknown>,
        line
      })
      if (anchors) document.anchors = anchors
      result.documents.push(document)
    }
  }
}
