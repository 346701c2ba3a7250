/**
 * A file's fast-path nodes (fast-yaml.ts) kept from the loader's parse in a compact table, so
 * that locating a finding does not read and parse the file a second time.
 *
 * On the corpus, findings are located in 2,000 of 6,800 files, and reading those files again
 * took about 1 s of a 19 s check (0.65 s parsing, 0.3 s reading and decoding). The node trees
 * themselves (an object per node, a Map per mapping) are several times the size of the
 * table: here a node is five 32-bit numbers, a kind byte and its key (a string the document's
 * value already holds). The text is not kept (a fifth of the corpus's heap): the starts of its
 * lines suffice to turn offsets into lines and columns, and the few locations that need the
 * characters (inside a string, or where `yaml` decides) read the file again. The loader gives
 * the table to each document of the file, and it goes when their values are released
 * (core/document-release.ts).
 */
import type { FastNode, FastYamlDocument } from './fast-yaml.js'
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
}

/** What the loader keeps of a file for locating: its nodes and where its lines start. */
export interface FileNodes {
  table: NodeTable
  /** The offset of each line's first character, as the text the loader parsed has them. */
  lineStarts: Int32Array
  /** The length of that text. */
  length: number
}

/** The offsets where the lines of `text` start (the first is 0). */
export function lineStartsOf(text: string): Int32Array {
  let count = 1
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++
  const starts = new Int32Array(count)
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1
  return starts
}

/**
 * The table of `docs` (parsed with their trees). `keyOf` gives the key as the document's value
 * has it (the one-byte stand-in's keys get their characters back, one-byte.ts).
 */
export function nodeTable(
  docs: readonly FastYamlDocument[],
  keyOf?: (key: string) => string
): NodeTable {
  const builder = new TableBuilder(keyOf)
  const roots = new Int32Array(docs.length)
  docs.forEach((doc, d) => {
    roots[d] = builder.count
    builder.add(doc.root!, undefined)
  })
  return builder.table(roots)
}

class TableBuilder {
  count = 0
  private fields = scratchFields
  private kinds = scratchKinds
  private readonly keys: Array<string | undefined> = []

  constructor(private readonly keyOf: ((key: string) => string) | undefined) {}

  /**
   * Adds `node` and its subtree in pre-order. Recursive: the fast path gives up on collections
   * nested deeper than its MAX_DEPTH (128), so no input reaches further.
   */
  add(node: FastNode, keyNode: FastNode | undefined, key?: string): void {
    const index = this.count++
    if (index === this.kinds.length) this.grow()
    const { fields } = this
    const at = index * FIELDS
    fields[at + START] = node.start
    fields[at + END] = node.end
    fields[at + KEY_START] = keyNode ? keyNode.start : -1
    fields[at + KEY_END] = keyNode ? keyNode.end : -1
    this.keys.push(key === undefined || this.keyOf === undefined ? key : this.keyOf(key))
    const kind = node.kind
    if (kind === 'map') {
      this.kinds[index] = MAP
      // forEach, not entries(): no [key, pair] array per entry.
      node.pairs!.forEach((pair, k) => this.add(pair.value, pair.key, k))
    } else if (kind === 'seq') {
      this.kinds[index] = SEQ
      const items = node.items!
      for (let i = 0; i < items.length; i++) this.add(items[i]!, undefined)
    } else this.kinds[index] = SCALAR
    this.fields[at + AFTER] = this.count
  }

  table(roots: Int32Array): NodeTable {
    return {
      fields: this.fields.slice(0, this.count * FIELDS),
      kinds: this.kinds.slice(0, this.count),
      keys: this.keys,
      roots
    }
  }

  /** Grows the scratch arrays, which later files reuse (tables are built one at a time). */
  private grow(): void {
    const fields = new Int32Array(this.fields.length * 2)
    fields.set(this.fields)
    this.fields = scratchFields = fields
    const kinds = new Uint8Array(this.kinds.length * 2)
    kinds.set(this.kinds)
    this.kinds = scratchKinds = kinds
  }
}

let scratchFields = new Int32Array(FIELDS * 4096)
let scratchKinds = new Uint8Array(4096)

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
