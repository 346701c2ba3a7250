/**
 * Maps value paths (and offsets inside string values) to line/column ranges in a YAML file.
 *
 * Built lazily: the loader parses every file once and keeps only the values (plus each object's
 * identity range); a SourceIndex reads one file again only when a finding in it needs a
 * position deeper than that. It reads it with the fast path (fast-yaml.ts, which gives `yaml`'s
 * own offsets), and with `yaml` itself for files outside that subset and for the few nodes whose
 * end depends on where `yaml` attaches comments.
 */
import { isAlias, isMap, isScalar, isSeq } from 'yaml'
import type { LineCounter } from 'yaml'
import type { Document, Node, Pair } from 'yaml'
import type { SourceRange } from '../findings/model.js'
import { parseYamlFast } from './fast-yaml.js'
import type { FastNode, FastYamlDocument } from './fast-yaml.js'
import type { PathSegment, ValuePath } from './value-path.js'
import { loneCrAsLf } from './kubectl-decode.js'
import { kubectlPlainKey, resolveKubectlPlain } from './go-yaml-scalars.js'
import { linesOf, parseAsKubectl } from './kubectl-text.js'
import type { ScalarOverride } from './kubectl-text.js'
import { TableDocumentNodes } from './node-table.js'
import type { FileNodes } from './node-table.js'

export interface ResolvedLocation {
  range: SourceRange
  /** The longest prefix of the requested path that exists in the document. */
  matchedPath: PathSegment[]
  /** The rest of the path, when it runs off the document. */
  unresolved: PathSegment[]
}

export type LocateTarget = 'value' | 'key'

/** What scalarOffsets needs of a scalar node (a `yaml` Scalar or a fast-path node). */
export interface StringScalar {
  value: string
  /** Start and end offsets (`yaml`'s `range[0..1]`). */
  range: readonly [number, number, ...number[]]
  type?: string | undefined
}

/** A walk result: the node reached (and the key it hangs on), in either parser's nodes. */
export interface Walk<N> {
  node?: N
  keyNode?: N
  matched: PathSegment[]
  unresolved: PathSegment[]
}

/**
 * The questions a SourceIndex asks of a parsed document, answered by the fast path's nodes or
 * by `yaml`'s. Offsets are `yaml`'s `range[0..1]`; undefined means "ask `yaml`".
 */
export interface DocumentNodes<N> {
  contentsRange(): readonly [number, number] | undefined
  has(path: ValuePath): boolean
  seqLength(path: ValuePath): number
  walk(path: ValuePath): Walk<N>
  range(node: N): readonly [number, number] | undefined
  stringScalar(node: N): StringScalar | undefined
}

export class SourceIndex {
  private lineCounter?: LineCounter
  private yamlDocuments?: Document.Parsed[]
  private overrides?: ReadonlyMap<number, ScalarOverride>
  /** null: the file is outside the fast path's subset. */
  private fastDocuments?: FastYamlDocument[] | null
  private lineStarts?: ArrayLike<number>
  private readText?: string

  constructor(
    /** The file's text, or how to read it when first needed. */
    private readonly source: string | (() => string),
    /** false: read the file with `yaml` only (tests compare both). */
    private readonly fastPath = true,
    /**
     * The loader's nodes of the file (node-table.ts): locate then needs neither the text nor a
     * parse of its own.
     */
    private readonly nodes?: FileNodes
  ) {
    if (nodes) this.lineStarts = nodes.lineStarts
  }

  /** The file's text as the loader reads it: a lone CR is a line break (kubectl-decode.ts). */
  get text(): string {
    const { source } = this
    this.readText ??= loneCrAsLf(typeof source === 'string' ? source : source())
    return this.readText
  }

  private fastDocs(): FastYamlDocument[] | undefined {
    if (this.fastDocuments === undefined)
      this.fastDocuments = (this.fastPath && parseYamlFast(this.text, true)) || null
    return this.fastDocuments ?? undefined
  }

  private docs(): Document.Parsed[] {
    if (!this.yamlDocuments) {
      // As the loader reads the file: with go-yaml's leniencies repaired (kubectl-text.ts).
      this.lineCounter = linesOf(this.text)
      const { docs, overrides } = parseAsKubectl(this.text)
      this.yamlDocuments = docs
      this.overrides = overrides
    }
    return this.yamlDocuments
  }

  /** The fast path's nodes of document `docIndex`, or undefined to use `yaml`'s. */
  private fastNodes(docIndex: number): DocumentNodes<unknown> | 'no document' | undefined {
    const table = this.nodes?.table
    if (table) {
      const root = table.roots[docIndex]
      return root === undefined ? 'no document' : new TableDocumentNodes(table, root)
    }
    return this.treeNodes(docIndex)
  }

  /** As fastNodes, from the file's own tree: its string scalars have their values. */
  private treeNodes(docIndex: number): DocumentNodes<FastNode> | 'no document' | undefined {
    const docs = this.fastDocs()
    if (!docs) return undefined
    const doc = docs[docIndex]
    return doc ? new FastDocumentNodes(doc.root!) : 'no document'
  }

  private yamlNodes(docIndex: number): DocumentNodes<Node> | 'no document' {
    const doc = this.docs()[docIndex]
    return doc ? new YamlDocumentNodes(doc, this.overrides!) : 'no document'
  }

  /** 1-based line and column of a character offset. */
  position(offset: number): { line: number; col: number } {
    const at = Math.max(0, Math.min(offset, this.nodes?.length ?? this.text.length))
    // The fast path accepts only texts whose line breaks are all LF: one table, as LineCounter.
    if (this.nodes || this.fastDocs()) return linePos(this.starts(), at)
    this.docs()
    return this.lineCounter!.linePos(at)
  }

  /** Range covering [start, end) character offsets. */
  rangeOf(start: number, end: number): SourceRange {
    const s = this.position(start)
    const last = Math.max(start, end - 1)
    const e = this.position(last)
    // A range that ends on a line break ends at the end of that line instead.
    const endsOnBreak = last > start && this.isLineBreak(last)
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
    const fast = this.fastNodes(docIndex)
    if (fast === 'no document') return NO_RANGE
    let range = fast?.contentsRange()
    if (!range) {
      const nodes = this.yamlNodes(docIndex)
      if (nodes === 'no document') return NO_RANGE
      range = nodes.contentsRange()
    }
    return range ? this.rangeOf(range[0], range[1]) : NO_RANGE
  }

  /**
   * The range of the value at `path` in document `docIndex` (or of its key with target 'key').
   * When the path runs off the document, the deepest existing node is returned and the rest
   * of the path is in `unresolved`.
   */
  locate(docIndex: number, path: ValuePath, target: LocateTarget = 'value'): ResolvedLocation {
    const fast = this.fastNodes(docIndex)
    if (fast === 'no document') return { range: NO_RANGE, matchedPath: [], unresolved: [...path] }
    const found = fast && this.locateIn(fast, path, target)
    if (found) return found
    const nodes = this.yamlNodes(docIndex)
    if (nodes === 'no document') return { range: NO_RANGE, matchedPath: [], unresolved: [...path] }
    return this.locateIn(nodes, path, target)!
  }

  /** undefined when the fast nodes leave this one to `yaml`. */
  private locateIn<N>(
    nodes: DocumentNodes<N>,
    path: ValuePath,
    target: LocateTarget
  ): ResolvedLocation | undefined {
    const walk = nodes.walk(mapInternalCrdPath(nodes, path))
    const node =
      target === 'key' && walk.keyNode && walk.unresolved.length === 0 ? walk.keyNode : walk.node
    const r = node !== undefined ? nodes.range(node) : nodes.contentsRange()
    if (!r) return undefined
    return {
      range: this.rangeOf(r[0], r[1]),
      matchedPath: walk.matched,
      unresolved: walk.unresolved
    }
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
    const fast = this.treeNodes(docIndex)
    if (fast === 'no document') return undefined
    if (fast) {
      const found = this.stringRange(fast, path, start, end)
      if (found !== 'unknown') return found
    }
    const nodes = this.yamlNodes(docIndex)
    if (nodes === 'no document') return undefined
    const found = this.stringRange(nodes, path, start, end)
    return found === 'unknown' ? undefined : found
  }

  private stringRange<N>(
    nodes: DocumentNodes<N>,
    path: ValuePath,
    start: number,
    end: number
  ): SourceRange | undefined | 'unknown' {
    const walk = nodes.walk(mapInternalCrdPath(nodes, path))
    if (walk.unresolved.length > 0 || walk.node === undefined) return undefined
    const scalar = nodes.stringScalar(walk.node)
    if (!scalar) return undefined
    if (scalar.range[1] < 0) return 'unknown'
    const offsets = scalarOffsets(this.text, scalar)
    const value = scalar.value
    const s = offsets[Math.max(0, Math.min(start, value.length))]!
    const e = offsets[Math.max(0, Math.min(end, value.length))]!
    return this.rangeOf(s, Math.max(e, s + 1))
  }

  private starts(): ArrayLike<number> {
    if (!this.lineStarts) {
      const starts = [0]
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1))
        starts.push(i + 1)
      this.lineStarts = starts
    }
    return this.lineStarts
  }

  /** Whether the character at `offset` is a line break: one where the next line starts. */
  private isLineBreak(offset: number): boolean {
    if (this.readText !== undefined || !this.nodes) return this.text[offset] === '\n'
    return linePos(this.nodes.lineStarts, offset + 1).col === 1
  }

  /** The text of a 1-based line, without its line break. */
  line(lineNumber: number): string {
    const starts = this.starts()
    const start = starts[lineNumber - 1]
    if (start === undefined) return ''
    const next = starts[lineNumber]
    return this.text
      .slice(start, next === undefined ? this.text.length : next - 1)
      .replace(/\r$/, '')
  }
}

const NO_RANGE: SourceRange = { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 }

/** LineCounter.linePos over the starts of the lines. */
function linePos(starts: ArrayLike<number>, offset: number): { line: number; col: number } {
  let low = 0
  let high = starts.length
  while (low < high) {
    const mid = (low + high) >> 1
    if (starts[mid]! < offset) low = mid + 1
    else high = mid
  }
  if (starts[low] === offset) return { line: low + 1, col: 1 }
  if (low === 0) return { line: 0, col: offset }
  return { line: low, col: offset - starts[low - 1]! + 1 }
}

/** `yaml`'s nodes (any file, any construct). */
class YamlDocumentNodes implements DocumentNodes<Node> {
  constructor(
    private readonly doc: Document.Parsed,
    /** Quoted scalars a repair put on one line, with their values (kubectl-text.ts). */
    private readonly overrides: ReadonlyMap<number, ScalarOverride>
  ) {}

  contentsRange(): readonly [number, number] {
    const { doc } = this
    return [doc.contents?.range[0] ?? doc.range[0], doc.contents?.range[1] ?? doc.range[1]]
  }

  has(path: ValuePath): boolean {
    return this.doc.hasIn(path)
  }

  seqLength(path: ValuePath): number {
    const node = this.doc.getIn(path)
    return isSeq(node) ? node.items.length : 0
  }

  range(node: Node): readonly [number, number] | undefined {
    return node.range ? [node.range[0], node.range[1]] : this.contentsRange()
  }

  stringScalar(node: Node): StringScalar | undefined {
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return undefined
    const override = this.overrides.get(node.range[0])
    if (override && !override.plain)
      return { value: override.value, range: node.range, type: node.type }
    // A plain scalar kubectl reads as a boolean or a number (`on`, `0777`) is not a string.
    if (!node.tag && node.type === 'PLAIN' && typeof resolveKubectlPlain(node.value) !== 'string')
      return undefined
    return { value: node.value, range: node.range, type: node.type }
  }

  walk(path: ValuePath): Walk<Node> {
    const { doc } = this
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

/** A key as kubectl sends it (go-yaml-scalars.ts): `y:` is the key `true`. */
function keyText(key: unknown): string | undefined {
  if (!isScalar(key)) return undefined
  if (!key.tag && key.type === 'PLAIN' && key.source !== undefined) {
    const k = kubectlPlainKey(key.source)
    return 'key' in k ? k.key : undefined
  }
  return String(key.value)
}

/** The fast path's nodes: no aliases, string keys; an end of -1 defers to `yaml`. */
class FastDocumentNodes implements DocumentNodes<FastNode> {
  constructor(private readonly root: FastNode) {}

  contentsRange(): readonly [number, number] | undefined {
    return this.range(this.root)
  }

  /** As `yaml`'s hasIn: map keys compare strictly, sequence indexes may be numeric strings. */
  has(path: ValuePath): boolean {
    let node: FastNode | undefined = this.root
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]!
      if (!node || node.kind === 'scalar') return false
      if (node.kind === 'map') {
        const pair: { value: FastNode } | undefined =
          typeof seg === 'string' ? node.pairs!.get(seg) : undefined
        if (!pair) return false
        node = pair.value
      } else {
        const index = typeof seg === 'string' ? Number(seg) : seg
        if (!Number.isInteger(index) || index < 0 || index >= node.items!.length) return false
        node = node.items![index]
      }
    }
    return true
  }

  seqLength(path: ValuePath): number {
    const walk = this.walk(path)
    return walk.unresolved.length === 0 && walk.node?.kind === 'seq' ? walk.node.items!.length : 0
  }

  range(node: FastNode): readonly [number, number] | undefined {
    return node.end < 0 ? undefined : [node.start, node.end]
  }

  stringScalar(node: FastNode): StringScalar | undefined {
    if (node.kind !== 'scalar' || typeof node.value !== 'string') return undefined
    return { value: node.value, range: [node.start, node.end], type: node.style }
  }

  walk(path: ValuePath): Walk<FastNode> {
    let node = this.root
    let keyNode: FastNode | undefined
    const matched: PathSegment[] = []
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]!
      let next: FastNode | undefined
      let nextKey: FastNode | undefined
      if (node.kind === 'map') {
        const pair = node.pairs!.get(String(seg))
        if (pair) {
          next = pair.value
          nextKey = pair.key
        }
      } else if (node.kind === 'seq' && typeof seg === 'number') next = node.items![seg]
      if (!next) return { node, keyNode, matched, unresolved: path.slice(i) }
      node = next
      keyNode = nextKey
      matched.push(seg)
    }
    return { node, keyNode, matched, unresolved: [] }
  }
}

/**
 * The apiserver reports errors of a CRD whose versions share one schema in its internal
 * layout (`spec.validation.openAPIV3Schema…`, `spec.subresources`, `spec.additionalPrinterColumns`).
 * Map those paths onto the apiextensions/v1 layout of the file: the first version holding the rest.
 */
function mapInternalCrdPath<N>(doc: DocumentNodes<N>, path: ValuePath): ValuePath {
  if (path[0] !== 'spec' || doc.has(path.slice(0, 2))) return path
  const internal = path[1]
  const mapped: Record<string, string[]> = {
    validation: ['schema'],
    subresources: ['subresources'],
    additionalPrinterColumns: ['additionalPrinterColumns'],
    selectableFields: ['selectableFields']
  }
  const target = typeof internal === 'string' ? mapped[internal] : undefined
  if (!target) return path
  const count = doc.seqLength(['spec', 'versions'])
  let firstVersion: ValuePath | undefined
  for (let v = 0; v < count; v++) {
    const candidate = ['spec', 'versions', v, ...target, ...path.slice(2)]
    firstVersion ??= candidate
    if (doc.has(candidate)) return candidate
  }
  return firstVersion ?? path
}

/**
 * For each character index of a string scalar's value (and one past its end), the file offset
 * of the source character it came from. Escapes map to their backslash; folded line breaks to
 * the break they replace.
 */
export function scalarOffsets(text: string, node: StringScalar): number[] {
  const value = node.value
  const [start, end] = node.range
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
