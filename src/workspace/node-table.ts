/**
 * A file's fast-path nodes (fast-yaml.ts) kept from the loader's parse in a compact table, so
 * that locating a finding does not read and parse the file a second time. The parser writes
 * the table as it reads (NodeTableWriter): no tree of nodes is made on the way.
 *
 * On the corpus, findings are located in 2,000 of 6,800 files, and reading those files again
 * took about 1 s of a 19 s check (0.65 s parsing, 0.3 s reading and decoding). A node here is
 * five 32-bit numbers, a kind byte and its key (a string the document's value already holds):
 * a tree of nodes (an object per node, a Map per mapping) would be several times that size,
 * and only `parseYamlFast(text, true)` still builds one from the table. The text is not kept (a fifth of the corpus's heap): the starts of its
 * lines suffice to turn offsets into lines and columns, and the few locations that need the
 * characters (inside a string, or where `yaml` decides) read the file again. The loader gives
 * the table to each document of the file, and it goes when their values are released
 * (core/document-release.ts).
 */
import type { FastNode, ScalarStyle } from './fast-yaml.js'
import type { DocumentNodes, StringScalar, Walk } from './positions.js'
import type { PathSegment, ValuePath } from './value-path.js'

/** Numbers per node in NodeTable.fields. */
const FIELDS = 5
/** `yaml`'s `range[0]`. */
const START = 0
/** `yaml`'s `range[1]`, -1 where the fast path leaves it to `yaml` (FastNode.end). */
const END = 1
/** The index of the first node after this node's subtree (the table is in pre-order). */
const AFTER = 2
/** The range of the key the node hangs on in a mapping (-1 when it is not a mapping value). */
const KEY_START = 3
const KEY_END = 4

const SCALAR = 0
const MAP = 1
const SEQ = 2

export interface NodeTable {
  /** FIELDS numbers per node, the nodes of each document in pre-order. */
  fields: Int32Array
  kinds: Uint8Array
  /** The key each mapping value hangs on (undefined for the others). */
  keys: Array<string | undefined>
  /** The root node of each document. */
  roots: Int32Array
  /** Each scalar's style and value, when the parse kept them (NodeTableWriter). */
  styles?: Array<ScalarStyle | undefined>
  values?: unknown[]
}

/** What the loader keeps of a file for locating: its nodes and where its lines start. */
export interface FileNodes {
  table: NodeTable
  /** The offset of each line's first character, as the text the loader parsed has them. */
  lineStarts: Int32Array
  /** The length of that text. */
  length: number
}

/** Line starts gathered in one pass over a text, then copied out at their count. */
let scratchStarts = new Int32Array(4096)

/** The offsets where the lines of `text` start (the first is 0). */
export function lineStartsOf(text: string): Int32Array {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (line === scratchStarts.length) scratchStarts = doubled(scratchStarts)
    scratchStarts[line++] = i + 1
  }
  return scratchStarts.slice(0, line)
}

/** A copy of `array` twice as long. */
export function doubled<A extends Int32Array | Uint8Array>(array: A): A {
  const larger = new (array.constructor as new (length: number) => A)(array.length * 2)
  larger.set(array)
  return larger
}

/**
 * Writes a table while the fast parser reads the text (fast-yaml.ts), with no tree in between:
 * the parser opens a node before reading its value (the table is in pre-order), describes the
 * value it read (scalar, mapping, sequence), then closes the node it opened.
 */
export class NodeTableWriter {
  private count = 0
  /** The value last read, written into the node its reader closes next. */
  private kind = SCALAR
  private start = 0
  private end = 0
  /** `yaml`'s `range[2]` of the value last read: a block collection ends at its last value's. */
  tail = 0
  private style: ScalarStyle = 'PLAIN'
  private value: unknown
  private fields = scratchFields
  private kinds = scratchKinds
  private readonly keys: Array<string | undefined> = []
  private readonly roots: number[] = []
  /** With `scalars`, each scalar's style and value (for positions.ts, which reads strings). */
  private readonly styles: ScalarStyle[] | undefined
  private readonly values: unknown[] | undefined

  constructor(scalars: boolean) {
    if (scalars) {
      this.styles = []
      this.values = []
    }
  }

  /** Starts the root node of the next document. */
  openRoot(): number {
    this.roots.push(this.count)
    return this.open(-1, -1, undefined)
  }

  /** Starts a node: a mapping value hanging on the key at [keyStart, keyEnd), or -1s. */
  open(keyStart: number, keyEnd: number, key: string | undefined): number {
    const index = this.count++
    if (index === this.kinds.length) this.grow()
    const at = index * FIELDS
    this.fields[at + KEY_START] = keyStart
    this.fields[at + KEY_END] = keyEnd
    this.keys.push(key)
    return index
  }

  scalar(start: number, end: number, tail: number, style: ScalarStyle, value: unknown): void {
    this.kind = SCALAR
    this.start = start
    this.end = end
    this.tail = tail
    if (this.values) {
      this.style = style
      this.value = value
    }
  }

  /** A mapping or sequence [start, end), whose last line ends at `end` too. */
  collection(kind: 'map' | 'seq', start: number, end: number): void {
    this.kind = kind === 'map' ? MAP : SEQ
    this.start = start
    this.end = end
    this.tail = end
  }

  /** Ends node `index` (opened before its subtree) with the value last read. */
  close(index: number): void {
    const at = index * FIELDS
    this.fields[at + START] = this.start
    this.fields[at + END] = this.end
    this.fields[at + AFTER] = this.count
    this.kinds[index] = this.kind
    if (this.values && this.kind === SCALAR) {
      this.styles![index] = this.style
      this.values[index] = this.value
    }
  }

  table(): NodeTable {
    const table: NodeTable = {
      fields: this.fields.slice(0, this.count * FIELDS),
      kinds: this.kinds.slice(0, this.count),
      // A copy at its length: the pushed array has up to half as much room again.
      keys: this.keys.slice(),
      roots: Int32Array.from(this.roots)
    }
    if (this.values) {
      table.styles = this.styles
      table.values = this.values
    }
    return table
  }

  /** Grows the scratch arrays, which later parses reuse (parses never overlap). */
  private grow(): void {
    this.fields = scratchFields = doubled(this.fields)
    this.kinds = scratchKinds = doubled(this.kinds)
  }
}

let scratchFields = new Int32Array(FIELDS * 4096)
let scratchKinds = new Uint8Array(4096)

/**
 * Node `index` of a table written with scalars, and its subtree, as a tree (the fast parser's
 * `parseYamlFast(text, true)`). `text` tells the quoted keys.
 */
export function nodeTree(table: NodeTable, index: number, text: string): FastNode {
  const { fields, kinds } = table
  const at = index * FIELDS
  const start = fields[at + START]!
  const end = fields[at + END]!
  const kind = kinds[index]!
  if (kind === SCALAR)
    return { kind: 'scalar', start, end, style: table.styles![index], value: table.values![index] }
  const after = fields[at + AFTER]!
  if (kind === SEQ) {
    const items: FastNode[] = []
    for (let c = index + 1; c < after; c = fields[c * FIELDS + AFTER]!)
      items.push(nodeTree(table, c, text))
    return { kind: 'seq', start, end, items }
  }
  const pairs = new Map<string, { key: FastNode; value: FastNode }>()
  for (let c = index + 1; c < after; c = fields[c * FIELDS + AFTER]!) {
    const key = table.keys[c]!
    const keyStart = fields[c * FIELDS + KEY_START]!
    const quote = text[keyStart]
    const style = quote === '"' ? 'QUOTE_DOUBLE' : quote === "'" ? 'QUOTE_SINGLE' : 'PLAIN'
    const keyNode: FastNode = {
      kind: 'scalar',
      start: keyStart,
      end: fields[c * FIELDS + KEY_END]!,
      style,
      value: key
    }
    pairs.set(key, { key: keyNode, value: nodeTree(table, c, text) })
  }
  return { kind: 'map', start, end, pairs }
}

/**
 * A table node: its index, and whether it stands for the key it hangs on rather than its
 * value (Walk.keyNode).
 */
export type TableNode = number

/** Key nodes are told apart from value nodes by their sign: key of node i is -(i + 1). */
const keyNodeOf = (index: number): TableNode => -(index + 1)

/** One document's nodes in a table, answering as FastDocumentNodes answers for a tree. */
export class TableDocumentNodes implements DocumentNodes<TableNode> {
  private readonly fields: Int32Array
  private readonly kinds: Uint8Array
  private readonly keys: Array<string | undefined>

  constructor(
    table: NodeTable,
    private readonly root: number
  ) {
    this.fields = table.fields
    this.kinds = table.kinds
    this.keys = table.keys
  }

  contentsRange(): readonly [number, number] | undefined {
    return this.range(this.root)
  }

  /** As `yaml`'s hasIn: map keys compare strictly, sequence indexes may be numeric strings. */
  has(path: ValuePath): boolean {
    let node = this.root
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]!
      const kind = this.kinds[node]!
      if (kind === SCALAR) return false
      let next: number
      if (kind === MAP) next = typeof seg === 'string' ? this.child(node, seg) : -1
      else {
        const index = typeof seg === 'string' ? Number(seg) : seg
        next = Number.isInteger(index) && index >= 0 ? this.item(node, index) : -1
      }
      if (next < 0) return false
      node = next
    }
    return true
  }

  seqLength(path: ValuePath): number {
    const walk = this.walk(path)
    if (walk.unresolved.length > 0 || walk.node === undefined) return 0
    const node = walk.node
    if (this.kinds[node] !== SEQ) return 0
    let count = 0
    for (let c = node + 1; c < this.after(node); c = this.after(c)) count++
    return count
  }

  range(node: TableNode): readonly [number, number] | undefined {
    const { fields } = this
    const at = node < 0 ? -(node + 1) * FIELDS : node * FIELDS
    const start = fields[at + (node < 0 ? KEY_START : START)]!
    const end = fields[at + (node < 0 ? KEY_END : END)]!
    return end < 0 ? undefined : [start, end]
  }

  /** String values are not kept: SourceIndex.locateInString reads the file's tree for them. */
  stringScalar(): StringScalar | undefined {
    return undefined
  }

  walk(path: ValuePath): Walk<TableNode> {
    let node = this.root
    let keyNode: TableNode | undefined
    const matched: PathSegment[] = []
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]!
      const kind = this.kinds[node]!
      let next = -1
      if (kind === MAP) next = this.child(node, String(seg))
      else if (kind === SEQ && typeof seg === 'number' && Number.isInteger(seg) && seg >= 0)
        next = this.item(node, seg)
      if (next < 0) return { node, keyNode, matched, unresolved: path.slice(i) }
      keyNode = kind === MAP ? keyNodeOf(next) : undefined
      node = next
      matched.push(seg)
    }
    return { node, keyNode, matched, unresolved: [] }
  }

  private after(node: number): number {
    return this.fields[node * FIELDS + AFTER]!
  }

  /** The value under `key` in mapping `node`, or -1. */
  private child(node: number, key: string): number {
    const end = this.after(node)
    for (let c = node + 1; c < end; c = this.after(c)) if (this.keys[c] === key) return c
    return -1
  }

  /** Item `index` of sequence `node`, or -1. */
  private item(node: number, index: number): number {
    const end = this.after(node)
    let c = node + 1
    for (let k = 0; k < index && c < end; k++) c = this.after(c)
    return c < end ? c : -1
  }
}
