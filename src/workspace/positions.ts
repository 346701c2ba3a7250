/**
 * Maps value paths (and offsets inside string values) to line/column ranges in a YAML file.
 *
 * Built lazily: the workers parse every file once and keep only the values (plus each object's
 * identity range); a SourceIndex parses one file again only when a finding in it needs a
 * position deeper than that.
 */
import { LineCounter, parseAllDocuments, isAlias, isMap, isScalar, isSeq } from 'yaml'
import type { Document, Node, Pair, Scalar } from 'yaml'
import type { SourceRange } from '../findings/model.js'
import type { PathSegment, ValuePath } from './value-path.js'
import { parseOptions } from './yaml-options.js'

export interface ResolvedLocation {
  range: SourceRange
  /** The longest prefix of the requested path that exists in the document. */
  matchedPath: PathSegment[]
  /** The rest of the path, when it runs off the document. */
  unresolved: PathSegment[]
}

export type LocateTarget = 'value' | 'key'

export class SourceIndex {
  private readonly lineCounter = new LineCounter()
  private documents?: Document.Parsed[]
  private lineStarts?: number[]

  constructor(readonly text: string) {}

  private docs(): Document.Parsed[] {
    if (!this.documents) {
      const parsed = parseAllDocuments(this.text, {
        ...parseOptions,
        lineCounter: this.lineCounter
      })
      this.documents = Array.isArray(parsed) ? parsed : []
    }
    return this.documents
  }

  /** 1-based line and column of a character offset. */
  position(offset: number): { line: number; col: number } {
    this.docs()
    return this.lineCounter.linePos(Math.max(0, Math.min(offset, this.text.length)))
  }

  /** Range covering [start, end) character offsets. */
  rangeOf(start: number, end: number): SourceRange {
    const s = this.position(start)
    const last = Math.max(start, end - 1)
    const e = this.position(last)
    // A range that ends on a line break ends at the end of that line instead.
    const endsOnBreak = this.text[last] === '\n' && last > start
    const eFixed = endsOnBreak ? this.position(last - 1) : e
    return {
      startLine: s.line,
      startColumn: s.col,
      endLine: eFixed.line,
      endColumn: eFixed.col + 1
    }
  }

  /** Range of the whole document (its first line when it spans several). */
  documentRange(docIndex: number): SourceRange {
    const doc = this.docs()[docIndex]
    if (!doc) return { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 }
    const start = doc.contents?.range[0] ?? doc.range[0]
    return this.rangeOf(start, doc.contents?.range[1] ?? doc.range[1])
  }

  /**
   * The range of the value at `path` in document `docIndex` (or of its key with target 'key').
   * When the path runs off the document, the deepest existing node is returned and the rest
   * of the path is in `unresolved`.
   */
  locate(docIndex: number, path: ValuePath, target: LocateTarget = 'value'): ResolvedLocation {
    const doc = this.docs()[docIndex]
    if (!doc) return { range: this.documentRange(docIndex), matchedPath: [], unresolved: [...path] }
    const internal = mapInternalCrdPath(doc, path)
    const walk = this.walk(doc, internal)
    const node =
      target === 'key' && walk.keyNode && walk.unresolved.length === 0 ? walk.keyNode : walk.node
    const range = node?.range
      ? this.rangeOf(node.range[0], node.range[1])
      : this.documentRange(docIndex)
    return { range, matchedPath: walk.matched, unresolved: walk.unresolved }
  }

  /**
   * The range of characters [start, end) of the string value at `path`, e.g. the column of a
   * CEL compile error inside a rule, whatever the scalar's quoting or block style.
   */
  locateInString(
    docIndex: number,
    path: ValuePath,
    start: number,
    end = start + 1
  ): SourceRange | undefined {
    const doc = this.docs()[docIndex]
    if (!doc) return undefined
    const walk = this.walk(doc, mapInternalCrdPath(doc, path))
    const node = walk.node
    if (walk.unresolved.length > 0 || !node || !isScalar(node) || typeof node.value !== 'string')
      return undefined
    const offsets = scalarOffsets(this.text, node as Scalar<string>)
    const value = node.value
    const s = offsets[Math.max(0, Math.min(start, value.length))]!
    const e = offsets[Math.max(0, Math.min(end, value.length))]!
    return this.rangeOf(s, Math.max(e, s + 1))
  }

  /** The text of a 1-based line, without its line break. */
  line(lineNumber: number): string {
    if (!this.lineStarts) {
      this.lineStarts = [0]
      for (let i = 0; i < this.text.length; i++)
        if (this.text.charCodeAt(i) === 10) this.lineStarts.push(i + 1)
    }
    const start = this.lineStarts[lineNumber - 1]
    if (start === undefined) return ''
    const next = this.lineStarts[lineNumber]
    return this.text
      .slice(start, next === undefined ? this.text.length : next - 1)
      .replace(/\r$/, '')
  }

  private walk(
    doc: Document.Parsed,
    path: ValuePath
  ): { node?: Node; keyNode?: Node; matched: PathSegment[]; unresolved: PathSegment[] } {
    let node: Node | null | undefined = doc.contents
    let keyNode: Node | undefined
    const matched: PathSegment[] = []
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]!
      if (node && isAlias(node)) node = node.resolve(doc) ?? node
      let next: Node | null | undefined
      let nextKey: Node | undefined
      if (node && isMap(node)) {
        const want = String(seg)
        const pair: Pair | undefined = node.items.find((p) => keyText(p.key) === want)
        if (pair) {
          next = (pair.value as Node | null) ?? undefined
          nextKey = pair.key as Node
          // A key with a null value (`key:`) still has a location: the key.
          if (!next) next = nextKey
        }
      } else if (node && isSeq(node) && typeof seg === 'number') {
        next = node.items[seg] as Node | undefined
      }
      if (!next) return { node: node ?? undefined, keyNode, matched, unresolved: path.slice(i) }
      node = next
      keyNode = nextKey
      matched.push(seg)
    }
    return { node: node ?? undefined, keyNode, matched, unresolved: [] }
  }
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value)
  return undefined
}

/**
 * The apiserver reports errors of a CRD whose versions share one schema in its internal
 * layout (`spec.validation.openAPIV3Schema…`, `spec.subresources`, `spec.additionalPrinterColumns`).
 * Map those paths onto the apiextensions/v1 layout of the file: the first version holding the rest.
 */
function mapInternalCrdPath(doc: Document.Parsed, path: ValuePath): ValuePath {
  if (path[0] !== 'spec' || doc.hasIn(path.slice(0, 2))) return path
  const internal = path[1]
  const mapped: Record<string, string[]> = {
    validation: ['schema'],
    subresources: ['subresources'],
    additionalPrinterColumns: ['additionalPrinterColumns'],
    selectableFields: ['selectableFields']
  }
  const target = typeof internal === 'string' ? mapped[internal] : undefined
  if (!target) return path
  const versions = doc.getIn(['spec', 'versions'])
  const count = isSeq(versions) ? versions.items.length : 0
  let firstVersion: ValuePath | undefined
  for (let v = 0; v < count; v++) {
    const candidate = ['spec', 'versions', v, ...target, ...path.slice(2)]
    firstVersion ??= candidate
    if (doc.hasIn(candidate)) return candidate
  }
  return firstVersion ?? path
}

/**
 * For each character index of a string scalar's value (and one past its end), the file offset
 * of the source character it came from. Escapes map to their backslash; folded line breaks to
 * the break they replace.
 */
export function scalarOffsets(text: string, node: Scalar<string>): number[] {
  const value = node.value
  const [start, end] = node.range!
  const offsets = new Array<number>(value.length + 1)
  let sp = start
  let limit = end
  switch (node.type) {
    case 'QUOTE_DOUBLE':
    case 'QUOTE_SINGLE':
      sp = start + 1
      limit = end - 1
      break
    case 'BLOCK_FOLDED':
    case 'BLOCK_LITERAL': {
      const headerEnd = text.indexOf('\n', start)
      sp = headerEnd < 0 ? end : headerEnd + 1
      break
    }
    default:
      break
  }
  const isDouble = node.type === 'QUOTE_DOUBLE'
  const isSingle = node.type === 'QUOTE_SINGLE'
  for (let i = 0; i < value.length; i++) {
    const v = value[i]!
    while (sp < limit) {
      const c = text[sp]!
      if (isDouble && c === '\\') {
        const escLen = doubleQuotedEscapeLength(text, sp)
        if (text[sp + 1] === '\n' || text[sp + 1] === '\r') {
          sp += escLen
          continue
        }
        offsets[i] = sp
        // An escape may decode to two UTF-16 units (\U beyond the BMP).
        if (escLen === 10 && value.codePointAt(i)! > 0xffff) offsets[++i] = sp
        sp += escLen
        break
      }
      if (isSingle && c === "'" && text[sp + 1] === "'" && v === "'") {
        offsets[i] = sp
        sp += 2
        break
      }
      if (c === v) {
        offsets[i] = sp++
        break
      }
      if ((v === ' ' || v === '\n') && (c === '\n' || c === '\r')) {
        offsets[i] = sp
        sp += c === '\r' && text[sp + 1] === '\n' ? 2 : 1
        break
      }
      sp++
    }
    if (offsets[i] === undefined) offsets[i] = Math.min(sp, limit)
  }
  offsets[value.length] = value.length > 0 ? offsets[value.length - 1]! + 1 : sp
  return offsets
}

function doubleQuotedEscapeLength(text: string, at: number): number {
  const c = text[at + 1]
  if (c === 'x') return 4
  if (c === 'u') return 6
  if (c === 'U') return 10
  if (c === '\r' && text[at + 2] === '\n') return 3
  return 2
}

export function isBlockScalar(node: Scalar): boolean {
  return node.type === 'BLOCK_FOLDED' || node.type === 'BLOCK_LITERAL'
}
