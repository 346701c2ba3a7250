/**
 * A fast path for the YAML that Kubernetes manifests are written in: block mappings and
 * sequences, plain, quoted and block scalars, flow collections, comments and `---` separators,
 * read straight into plain values (YAML 1.2 core schema, as `yaml`'s `toJS()` gives them).
 *
 * It is an accelerator, not a second parser: whatever it is not sure about (anchors, aliases,
 * tags, directives, complex keys, duplicate keys, tabs in indentation, odd indentation, any
 * syntax error…) makes it give up on the whole file, and the caller parses that file with
 * `yaml`, which reports the problem at its exact position. So on the files it accepts, the
 * values, document boundaries and identity positions are exactly those `yaml` produces (the
 * differential test in test/workspace/fast-yaml.test.ts holds it to that over the real corpus).
 */

import { offsetsPastLatin1 } from '../findings/one-byte.js'
import {
  keyReadingNote,
  kubectlPlainKey,
  resolveKubectlPlain,
  valueReadingNote,
  yaml12KeyText
} from './go-yaml-scalars.js'
import type { ReadingNote } from './go-yaml-scalars.js'
import { NodeTableWriter, doubled, nodeTree } from './node-table.js'
import type { NodeTable } from './node-table.js'

/** Offsets [start, valueEnd) of a scalar, as `yaml`'s `node.range[0..1]`. */
export type ScalarSpan = readonly [number, number]

export interface FastYamlDocument {
  value: unknown
  /** Offset of the document's first node (`yaml`: `doc.contents.range[0]`). */
  start: number
  /** The spans of `metadata.name` scalars, by their path: `metadata.name`, `items[3].metadata.name`. */
  names?: Map<string, ScalarSpan>
  /** The document's nodes with their offsets, when asked for (`parseYamlFast(text, true)`). */
  root?: FastNode
  /** Where kubectl reads a plain scalar otherwise than YAML 1.2 (go-yaml-scalars.ts). */
  notes?: ReadingNote[]
}

export type ScalarStyle =
  'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED'

/** A node with `yaml`'s offsets, for locating values in the file (positions.ts). */
export interface FastNode {
  kind: 'scalar' | 'map' | 'seq'
  /** `yaml`'s `range[0]`. */
  start: number
  /**
   * `yaml`'s `range[1]`, or -1 where comments after the node's last value make it depend on
   * how `yaml` attaches them (left to `yaml`).
   */
  end: number
  style?: ScalarStyle
  value?: unknown
  /** Mapping entries by key. */
  pairs?: Map<string, { key: FastNode; value: FastNode }>
  items?: FastNode[]
}

/** Thrown (one shared instance, no stack to build) to leave the subset. */
const OUTSIDE_SUBSET = new Error('outside the fast YAML subset')

/** Characters that send the whole file to `yaml`: CR, BOM, C0/C1 controls, Unicode breaks. */
// eslint-disable-next-line no-control-regex
const UNSUPPORTED_CHARACTERS = /[\r\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]/

/**
 * The parser reads characters from a byte array holding one byte per UTF-16 unit of the text:
 * V8 reads a typed array two to four times as fast as a string's charCodeAt, and the parser
 * runs 1.6-2 times as fast as it did on the string. Units past U+00FF become 0xFF, which the
 * parser treats as it treats every character from U+00A0 up; values are still cut from the
 * text itself. After the text come END bytes (the text holds no NUL: UNSUPPORTED_CHARACTERS),
 * so reads just past its end see END where charCodeAt gives NaN.
 */
const END = 0
const END_PADDING = 8
/** Texts up to this many units share one buffer, reused from call to call (parses never overlap). */
const SHARED_UNITS = 1 << 22
let sharedUnits = new Uint8Array(0)

/**
 * The units of the text being parsed when they are its characters (no unit past U+00FF), for
 * cut(); undefined between parses (which never overlap).
 */
let ownUnits: Buffer | undefined

/** V8's shortest SlicedString (SlicedString::kMinLength): shorter slices are copies. */
const SLICE_MIN_LENGTH = 13

/**
 * `text[start, end)` as a string of its own. V8 makes a slice of 13 characters or more a view
 * of the whole text (a SlicedString): values cut so kept each file's text alive as long as
 * its documents (about 50 MB of the corpus's texts survived young-generation collections).
 * Keys need no copy: used as property names, they become references to V8's own copy.
 */
function cut(text: string, start: number, end: number): string {
  return end - start < SLICE_MIN_LENGTH || ownUnits === undefined
    ? text.slice(start, end)
    : ownUnits.toString('latin1', start, end)
}

/**
 * `items` in an array of its own length. V8 gives an array grown by push room for 17 elements
 * at least (152 bytes for a sequence of one), and most sequences live as long as their document:
 * the copy is 24-40 bytes for the short ones.
 */
function exactCopy(items: unknown[]): unknown[] {
  return items.slice()
}

/**
 * The strings of values already read, by their text: a string value the parse has made before
 * is given as that same string. After a corpus parse, 24 of the 37 MB its strings took were
 * copies of strings met before (`string`, `object`, descriptions repeated across a CRD's
 * versions and files); a copy given up here dies young instead of being carried to the old
 * generation with its document. Bounded: emptied when full (in strings or characters), and by
 * forgetRepeatedValues().
 */
const repeated = new Map<string, string>()
/** The map is emptied when it holds this many strings, or this many characters. */
const REPEATED_MAX_ENTRIES = 1 << 17
const REPEATED_MAX_CHARS = 1 << 24
let repeatedChars = 0
/** Longer strings are left alone (past 16,383 characters V8 hashes a string by its length). */
const REPEATED_MAX_LENGTH = 8192

function repeatedValue(value: unknown): unknown {
  if (typeof value !== 'string' || value.length > REPEATED_MAX_LENGTH) return value
  const known = repeated.get(value)
  if (known !== undefined) return known
  if (repeated.size === REPEATED_MAX_ENTRIES || repeatedChars > REPEATED_MAX_CHARS)
    forgetRepeatedValues()
  repeated.set(value, value)
  repeatedChars += value.length
  return value
}

/** Lets the strings kept for repeatedValue() go (once the files are parsed). */
export function forgetRepeatedValues(): void {
  repeated.clear()
  repeatedChars = 0
}

/** `text` as the parser reads it (above), in the shared buffer when it fits. */
function unitsOf(text: string, pastLatin1: readonly number[]): Uint8Array {
  const size = text.length + END_PADDING
  let units: Uint8Array
  if (size > SHARED_UNITS) units = new Uint8Array(size)
  else {
    if (sharedUnits.length < size) sharedUnits = new Uint8Array(Math.min(SHARED_UNITS, size * 2))
    units = sharedUnits
  }
  // Latin-1 keeps the low byte of each unit; units past U+00FF are set right below.
  Buffer.from(units.buffer, units.byteOffset, size).write(text, 0, 'latin1')
  units.fill(END, text.length, size)
  for (const i of pastLatin1) units[i] = 0xff
  return units
}

/**
 * Plain keys met before, by a hash of their text: a key string made again costs a lookup in
 * V8's table of property names each time it is used as one. Only keys whose units are their
 * characters are looked up and kept: units past U+00FF all read 0xFF, so `住所` and `名前` (or
 * `ÿÿ`) have the same units.
 */
const KEY_CACHE_SLOTS = 4096
/** Longer keys are not kept. */
const KEY_CACHE_UNITS = 32
const keyCache: Array<string | undefined> = new Array<string | undefined>(KEY_CACHE_SLOTS)
/** The units of each slot's key, compared without reading a string. */
const keyCacheUnits = new Uint8Array(KEY_CACHE_SLOTS * KEY_CACHE_UNITS)

/** Whether `units[start, end)` holds a 0xFF, the unit of U+00FF and of every unit past it. */
function holdsFF(units: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (units[i] === 0xff) return true
  return false
}

/** Whether `units[start, start + length)` are the units of the key in `slot`. */
function sameUnits(units: Uint8Array, start: number, slot: number, length: number): boolean {
  const at = slot * KEY_CACHE_UNITS
  for (let i = 0; i < length; i++) if (units[start + i] !== keyCacheUnits[at + i]) return false
  return true
}

/** Collections nested deeper than this go to `yaml` (which also enforces the hard limit). */
const MAX_DEPTH = 128
/** `yaml` rejects implicit keys whose `:` is further than this from their start. */
const MAX_KEY_LENGTH = 1024

const LF = 10
const TAB = 9
const SPACE = 32
const HASH = 35
const DQUOTE = 34
const SQUOTE = 39
const COMMA = 44
const DASH = 45
const DOT = 46
const COLON = 58
const QUESTION = 63
const LBRACKET = 91
const RBRACKET = 93
const LBRACE = 123
const RBRACE = 125

/**
 * Characters that may not start a plain scalar in this subset: YAML indicators (of which `-`,
 * `?` and `:` are accepted when a non-space follows: `-1`, `--flag`, `?*`).
 */
const INDICATOR_START = new Set([...'?:,[]{}#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)))

/**
 * Parses `text`, or returns undefined when it steps outside the subset. With `tree`, each
 * document also gets its nodes with offsets and scalar values.
 */
export function parseYamlFast(text: string, tree = false): FastYamlDocument[] | undefined {
  if (!tree) return parse(text, undefined)
  const nodes = new NodeTableWriter(true)
  const docs = parse(text, nodes)
  if (!docs) return undefined
  const table = nodes.table()
  docs.forEach((doc, d) => (doc.root = nodeTree(table, table.roots[d]!, text)))
  return docs
}

/** Parses `text` as parseYamlFast does, with the table of its nodes (node-table.ts). */
export function parseYamlFastNodes(
  text: string
): { documents: FastYamlDocument[]; table: NodeTable } | undefined {
  const nodes = new NodeTableWriter(false)
  const documents = parse(text, nodes)
  return documents && { documents, table: nodes.table() }
}

function parse(text: string, nodes: NodeTableWriter | undefined): FastYamlDocument[] | undefined {
  if (UNSUPPORTED_CHARACTERS.test(text)) return undefined
  try {
    return new FastYamlParser(text, nodes).documents()
  } catch (err) {
    if (err === OUTSIDE_SUBSET) return undefined
    // Our own recursion is bounded by MAX_DEPTH; anything else is a bug: let `yaml` decide.
    if (err instanceof RangeError) return undefined
    throw err
  } finally {
    ownUnits = undefined
  }
}

function outside(): never {
  throw OUTSIDE_SUBSET
}

const isBreakOrEnd = (c: number): boolean => c === LF || c === END
const isSpaceBreakOrEnd = (c: number): boolean => c === SPACE || c === LF || c === END

class FastYamlParser {
  private readonly n: number
  /** Current position: the first non-space character of the current content line. */
  private pos = 0
  /** Start offset of the line `pos` is on. */
  private lineStart = 0
  /** Indent of the current content line; -1 at the end of the text or at a document marker. */
  private indent = 0
  private depth = 0
  /** Keys and indexes from the document root to the node being parsed. */
  private readonly path: Array<string | number> = []
  private names: Map<string, ScalarSpan> | undefined
  private notes: ReadingNote[] | undefined
  /** Whether nextContentLine skipped a comment line last time. */
  private skippedComment = false
  /** The text's units as bytes, then END (unitsOf). */
  private readonly units: Uint8Array
  /** Whether the text holds units past U+00FF, so that a 0xFF unit may stand for one of them. */
  private readonly pastLatin1: boolean

  constructor(
    private readonly text: string,
    /** Where the nodes go, when asked for. */
    private readonly nodes: NodeTableWriter | undefined
  ) {
    this.n = text.length
    const pastLatin1 = offsetsPastLatin1(text)
    this.units = unitsOf(text, pastLatin1)
    this.pastLatin1 = pastLatin1.length > 0
    ownUnits = this.pastLatin1
      ? undefined
      : Buffer.from(this.units.buffer, this.units.byteOffset, this.units.length)
  }

  private code(at: number): number {
    return this.units[at]!
  }

  documents(): FastYamlDocument[] {
    const docs: FastYamlDocument[] = []
    this.nextContentLine(0)
    if (this.indent >= 0 && this.code(this.pos) === 37 /* % */) outside()
    for (;;) {
      let markerEnd = -1
      if (this.indent < 0 && this.pos < this.n) {
        // A document marker at column 0.
        if (this.code(this.pos) !== DASH) outside() // `...`
        markerEnd = this.pos + 3
        // Content on the marker line (`--- |`, `--- a: 1`) is left to `yaml`.
        this.finishLine(markerEnd)
      } else if (this.pos >= this.n) break
      this.names = undefined
      this.notes = undefined
      if (this.indent < 0) {
        // An empty document after `---`: `yaml` puts its empty node after the marker's spaces.
        let start = markerEnd
        while (this.code(start) === SPACE) start++
        const { nodes } = this
        if (nodes) {
          const root = nodes.openRoot()
          nodes.scalar(start, start, start, 'PLAIN', null)
          nodes.close(root)
        }
        docs.push({ value: null, start })
        if (this.pos >= this.n) break
        continue
      }
      const start = this.pos
      const root = this.nodes?.openRoot() ?? 0
      const value = this.rootNode()
      if (this.indent >= 0) outside() // Content left over at a smaller indent.
      this.nodes?.close(root)
      const doc: FastYamlDocument = { value, start }
      if (this.names) doc.names = this.names
      if (this.notes) doc.notes = this.notes
      docs.push(doc)
    }
    return docs
  }

  private rootNode(): unknown {
    const k = this.indent
    if (this.atSequenceEntry()) return this.blockSequence(k)
    if (this.keyEnd() >= 0) return this.blockMapping(k)
    const c = this.code(this.pos)
    // Root scalars spanning lines and root block scalars follow rules we leave to `yaml`.
    if (c === 124 /* | */ || c === 62 /* > */) outside()
    // A JSON document in a .yaml file: a root flow collection may span lines.
    return this.inlineValue(-1, c === LBRACKET || c === LBRACE)
  }

  // -------------------------------------------------------------------------------------------
  // Lines

  /**
   * Moves to the next line holding content, from `from` (a line start): skips blank lines and
   * comment lines, and stops at document markers (indent -1) and at the end (indent -1).
   */
  private nextContentLine(from: number): void {
    const { text, units, n } = this
    let p = from
    this.skippedComment = false
    while (p < n) {
      let i = p
      while (units[i]! === SPACE) i++
      const c = units[i]!
      if (c === LF) {
        p = i + 1
        continue
      }
      if (c === HASH) {
        const eol = text.indexOf('\n', i)
        p = eol < 0 ? n : eol + 1
        this.skippedComment = true
        continue
      }
      if (c === END) break
      if (c === TAB) outside()
      this.lineStart = p
      this.pos = i
      if (i === p && (c === DASH || c === DOT) && isDocumentMarker(units, i)) {
        this.indent = -1
        return
      }
      this.indent = i - p
      return
    }
    this.lineStart = n
    this.pos = n
    this.indent = -1
  }

  /**
   * After a value that ends at `at`: only spaces and a comment may follow on its line. Returns
   * where that line ends, past its line break (`yaml`'s `range[2]` of the value).
   */
  private finishLine(at: number): number {
    const { text, units } = this
    let p = at
    while (units[p]! === SPACE) p++
    const c = units[p]!
    if (c === HASH) {
      // go-yaml reads `#` after a token as a comment even with no space before it (scannerc.go,
      // yaml_parser_scan_to_next_token); plain scalars end before ` #`, so this is a quote or a
      // flow collection's end.
      const eol = text.indexOf('\n', p)
      p = eol < 0 ? this.n : eol
    } else if (!isBreakOrEnd(c)) outside()
    const tail = p + 1 > this.n ? this.n : p + 1
    this.nextContentLine(tail)
    return tail
  }

  private atSequenceEntry(): boolean {
    if (this.code(this.pos) !== DASH) return false
    const c = this.code(this.pos + 1)
    if (c === TAB) outside()
    return isSpaceBreakOrEnd(c)
  }

  // -------------------------------------------------------------------------------------------
  // Block collections

  /**
   * When an implicit key starts at `pos`, the offset of its `:`; otherwise -1. Keys are plain
   * strings or quoted strings on one line, directly followed by `:` and a space or line end.
   */
  private keyEnd(): number {
    const { units } = this
    const start = this.pos
    const c = units[start]!
    if (c === DQUOTE || c === SQUOTE) {
      const close = quotedEndOnLine(units, start)
      if (close < 0) return -1
      const after = units[close + 1]!
      if (after === COLON && isSpaceBreakOrEnd(units[close + 2]!)) return close + 1
      // `"a" : 1` and `"a":1` are keys too, but rare: left to `yaml`.
      if (after === SPACE || after === COLON) {
        let p = close + 1
        while (units[p]! === SPACE) p++
        if (units[p]! === COLON) outside()
      }
      return -1
    }
    if (INDICATOR_START.has(c)) return -1
    if (c === DASH && isSpaceBreakOrEnd(units[start + 1]!)) return -1
    for (let p = start; ; p++) {
      const ch = units[p]!
      if (ch === COLON) {
        const next = units[p + 1]!
        if (isSpaceBreakOrEnd(next)) return p
        if (next === TAB) outside()
      } else if (ch === SPACE) {
        if (units[p + 1]! === HASH) return -1
      } else if (ch === TAB) outside()
      else if (isBreakOrEnd(ch)) return -1
    }
  }

  private readKey(colon: number): string {
    const { text, units } = this
    const start = this.pos
    // `yaml` (strict) wants the `:` at most 1024 characters after the start of the key.
    if (colon - start >= MAX_KEY_LENGTH) outside()
    const c = units[start]!
    if (c === DQUOTE) return doubleQuotedValue(text, start, colon)
    if (c === SQUOTE) return singleQuotedValue(text, start, colon)
    let end = colon
    while (units[end - 1]! === SPACE) end--
    const length = end - start
    let hash = length
    for (let i = start; i < end; i++) hash = (Math.imul(hash, 31) + units[i]!) | 0
    const slot = hash & (KEY_CACHE_SLOTS - 1)
    // The units of a key with characters past U+00FF are not its characters (keyCache, above).
    const cached = !this.pastLatin1 || !holdsFF(units, start, end)
    const known = keyCache[slot]
    if (
      cached &&
      known !== undefined &&
      known.length === length &&
      sameUnits(units, start, slot, length)
    )
      return known
    const key = text.slice(start, end)
    const sent = this.kubectlKey(key, start, end)
    if (sent !== key) return sent
    if (cached && length <= KEY_CACHE_UNITS) {
      keyCache[slot] = key
      keyCacheUnits.set(units.subarray(start, end), slot * KEY_CACHE_UNITS)
    }
    return key
  }

  private blockMapping(m: number): Record<string, unknown> {
    if (++this.depth > MAX_DEPTH) outside()
    const map: Record<string, unknown> = {}
    const { path, nodes } = this
    const start = this.pos
    for (;;) {
      const colon = this.keyEnd()
      if (colon < 0) outside()
      const keyStart = this.pos
      const key = this.readKey(colon)
      if (Object.prototype.hasOwnProperty.call(map, key)) outside() // `yaml` reports duplicates.
      path.push(key)
      const node = nodes?.open(keyStart, this.keyNodeEnd(keyStart, colon), key) ?? 0
      const value = repeatedValue(this.mappingValue(m, colon + 1, key))
      nodes?.close(node)
      path.pop()
      if (key === '__proto__')
        Object.defineProperty(map, key, {
          value,
          writable: true,
          enumerable: true,
          configurable: true
        })
      else map[key] = value
      if (this.indent === m) continue
      if (this.indent > m) outside()
      this.depth--
      this.endCollection('map', start)
      return map
    }
  }

  /** The end of the plain or quoted key node at `start`, before its `:` at `colon`. */
  private keyNodeEnd(start: number, colon: number): number {
    const c = this.code(start)
    if (c === DQUOTE || c === SQUOTE) return colon
    let end = colon
    while (this.code(end - 1) === SPACE) end--
    return end
  }

  /**
   * A block collection ends where its last value's line ends; comment lines after that value
   * attach to it or to the collection as `yaml`'s parser decides, so then the end is unknown.
   */
  private endCollection(kind: 'map' | 'seq', start: number): void {
    const { nodes } = this
    if (nodes) nodes.collection(kind, start, this.skippedComment ? -1 : nodes.tail)
  }

  /** The empty value after an indicator (`key:`, `-`), at `at` past the spaces that follow it. */
  private emptyNode(at: number, lineEnd: number): void {
    // A comment on the same line or on the lines after belongs to the empty node in `yaml`.
    const comment = this.code(at) === HASH
    const tail = this.skippedComment ? -1 : comment ? Math.min(lineEnd + 1, this.n) : at
    this.nodes!.scalar(at, at, tail, 'PLAIN', null)
  }

  /** The value after `key:` (at `after`, the character after the colon) of a mapping at `m`. */
  private mappingValue(m: number, after: number, key: string): unknown {
    const { text, units } = this
    let p = after
    while (units[p]! === SPACE) p++
    const c = units[p]!
    if (c === TAB) outside()
    if (isBreakOrEnd(c) || c === HASH) {
      if (key === 'name' && this.atIdentityPath()) outside() // `name:` with an empty value.
      const eol = text.indexOf('\n', p)
      const lineEnd = eol < 0 ? this.n : eol
      this.nextContentLine(eol < 0 ? this.n : eol + 1)
      if (this.indent > m) return this.nodeOnOwnLine(m)
      if (this.indent === m && this.atSequenceEntry()) return this.blockSequence(m)
      if (this.nodes) this.emptyNode(p, lineEnd)
      return null
    }
    this.pos = p
    if (key === 'name' && this.atIdentityPath()) return this.inlineValue(m, true, true)
    return this.inlineValue(m, true)
  }

  private atIdentityPath(): boolean {
    return isIdentityPath(this.path)
  }

  private blockSequence(m: number): unknown[] {
    if (++this.depth > MAX_DEPTH) outside()
    const items: unknown[] = []
    const { text, units, path, nodes } = this
    const start = this.pos
    for (;;) {
      path.push(items.length)
      const node = nodes?.open(-1, -1, undefined) ?? 0
      let p = this.pos + 1
      while (units[p]! === SPACE) p++
      const c = units[p]!
      if (c === TAB) outside()
      let value: unknown
      if (isBreakOrEnd(c) || c === HASH) {
        const eol = text.indexOf('\n', p)
        const lineEnd = eol < 0 ? this.n : eol
        this.nextContentLine(eol < 0 ? this.n : eol + 1)
        if (this.indent > m) value = this.nodeOnOwnLine(m)
        else {
          value = null
          if (nodes) this.emptyNode(p, lineEnd)
        }
      } else {
        this.pos = p
        const column = p - this.lineStart
        if (this.atSequenceEntry()) value = this.blockSequence(column)
        else if (this.keyEnd() >= 0) value = this.blockMapping(column)
        else value = this.inlineValue(m, true)
      }
      nodes?.close(node)
      path.pop()
      items.push(repeatedValue(value))
      if (this.indent === m && this.atSequenceEntry()) continue
      if (this.indent > m) outside()
      this.depth--
      this.endCollection('seq', start)
      return exactCopy(items)
    }
  }

  /** A node that starts on a line of its own, more indented than its parent at `parent`. */
  private nodeOnOwnLine(parent: number): unknown {
    const k = this.indent
    if (this.atSequenceEntry()) return this.blockSequence(k)
    if (this.keyEnd() >= 0) return this.blockMapping(k)
    const c = this.code(this.pos)
    if (c === 124 /* | */ || c === 62 /* > */) outside()
    return this.inlineValue(parent, false)
  }

  // -------------------------------------------------------------------------------------------
  // Scalars and flow collections in block context

  /**
   * A value starting at `pos`, in a collection at indent `parent`; leaves the parser on the next
   * content line. `multiline` allows it to continue on more indented lines.
   */
  private inlineValue(parent: number, multiline: boolean, identity = false): unknown {
    const { text, units } = this
    const start = this.pos
    const c = units[start]!
    switch (c) {
      case DQUOTE:
      case SQUOTE: {
        const close = this.quotedEnd(start, multiline)
        const value =
          c === DQUOTE
            ? doubleQuotedValue(text, start, close + 1)
            : singleQuotedValue(text, start, close + 1)
        if (identity) this.recordName(start, close + 1)
        const tail = this.finishLine(close + 1)
        this.nodes?.scalar(
          start,
          close + 1,
          tail,
          c === DQUOTE ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE',
          value
        )
        return value
      }
      case 124: // |
      case 62: // >
        if (identity) outside()
        return this.blockScalar(parent)
      case LBRACKET:
      case LBRACE: {
        const flow = new FlowReader(
          text,
          units,
          start,
          multiline,
          this.path,
          this.recordName,
          this.resolve,
          this.kubectlKey,
          this.nodes
        )
        const value = flow.collection(this.depth)
        const tail = this.finishLine(flow.pos)
        if (this.nodes) this.nodes.tail = tail
        return value
      }
      // `-`, `?` and `:` start a plain scalar when a non-space follows (`-1`, Kyverno's `?*`;
      // go-yaml's yaml_parser_check_plain_scalar start, block context).
      case DASH:
      case QUESTION:
      case COLON:
        if (isSpaceBreakOrEnd(units[start + 1]!)) outside()
        break
      default:
        if (INDICATOR_START.has(c)) outside()
    }
    return this.plainScalar(parent, multiline, identity)
  }

  /** The offset of the closing quote of the quoted scalar at `start`. */
  private quotedEnd(start: number, multiline: boolean): number {
    const { units } = this
    const quote = units[start]!
    for (let p = start + 1; ; p++) {
      const ch = units[p]!
      if (ch === quote) {
        if (quote === SQUOTE && units[p + 1]! === SQUOTE) {
          p++
          continue
        }
        return p
      }
      if (ch === 92 /* \ */ && quote === DQUOTE) {
        p++
        if (units[p]! !== LF) continue
      }
      if (ch === LF || units[p]! === LF) {
        if (!multiline) outside()
        // go-yaml takes continuation lines at any indentation (scannerc.go,
        // yaml_parser_scan_flow_scalar), except a document marker at column 0.
        let q = p + 1
        while (units[q]! === SPACE) q++
        const next = units[q]!
        if (next === TAB) outside()
        if (q === p + 1 && isDocumentMarker(units, q)) outside()
      } else if (ch === END) outside()
    }
  }

  private plainScalar(parent: number, multiline: boolean, identity: boolean): unknown {
    const { text, units } = this
    const start = this.pos
    let end = plainLineEnd(units, start)
    // Continuation lines are joined in `pieces` into one flat string (see Pieces).
    let joined: Pieces | undefined
    let p = end
    while (units[p]! === SPACE) p++
    // Continuation lines: more indented than the parent collection, not a comment.
    if (isBreakOrEnd(units[p]!) && p < this.n) {
      let q = p + 1
      let breaks = 0
      for (;;) {
        let i = q
        while (units[i]! === SPACE) i++
        const c = units[i]!
        if (c === LF) {
          breaks++
          q = i + 1
          continue
        }
        if (c === END || c === HASH || i - q <= parent) break
        if (!multiline || c === TAB) outside()
        // Inside a plain scalar, indicators (`- `, `*`, `[`…) at a line start are text.
        const lineEnd = plainLineEnd(units, i)
        if (joined === undefined) {
          joined = pieces.begin(text)
          joined.copy(start, end)
        }
        joined.add(breaks === 0 ? ' ' : '\n'.repeat(breaks))
        joined.copy(i, lineEnd)
        end = lineEnd
        breaks = 0
        let r = lineEnd
        while (units[r]! === SPACE) r++
        if (!isBreakOrEnd(units[r]!) || r >= this.n) break // A comment ends it.
        q = r + 1
      }
    }
    if (identity) this.recordName(start, end)
    const tail = this.finishLine(end)
    const resolved = this.resolve(joined?.end() ?? cut(text, start, end), start, end)
    this.nodes?.scalar(start, end, tail, 'PLAIN', resolved)
    return resolved
  }

  private readonly recordName = (start: number, end: number): void => {
    ;(this.names ??= new Map()).set(formatIdentityPath(this.path), [start, end])
  }

  /**
   * A plain scalar's value as kubectl reads it (go-yaml-scalars.ts), noting where YAML 1.2 reads
   * it otherwise. NaN and infinities, which kubectl cannot send, are left to `yaml`'s path.
   */
  private readonly resolve = (raw: string, start: number, end: number): unknown => {
    const value = resolveKubectlPlain(raw)
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
      if (typeof value === 'number' && !Number.isFinite(value)) outside()
      const note = valueReadingNote(raw, value, resolvePlain(raw))
      if (note !== undefined) (this.notes ??= []).push([start, end, note])
    }
    return value
  }

  /**
   * A plain key as kubectl sends it; `<<` (a merge key) and keys YAMLToJSON cannot write are
   * left to `yaml`'s path.
   */
  private readonly kubectlKey = (raw: string, start: number, end: number): string => {
    if (raw === '<<') outside()
    const k = kubectlPlainKey(raw)
    if ('unsupported' in k) outside()
    if (k.key !== raw) {
      const y = resolvePlain(raw)
      const note = keyReadingNote(raw, k.key, yaml12KeyText(y))
      if (note !== undefined) (this.notes ??= []).push([start, end, note])
    }
    return k.key
  }

  /** A literal (`|`) or folded (`>`) block scalar whose header is at `pos`. */
  private blockScalar(parent: number): string {
    const { text, units } = this
    const folded = units[this.pos]! === 62
    const start = this.pos
    const style: ScalarStyle = folded ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL'
    let p = this.pos + 1
    let chomp = 0 // -1 strip, 0 clip, 1 keep
    let explicitIndent = 0
    for (let k = 0; k < 2; k++) {
      const h = units[p]!
      if (chomp === 0 && (h === DASH || h === 43) /* + */) chomp = h === DASH ? -1 : 1
      else if (explicitIndent === 0 && h >= 49 && h <= 57) explicitIndent = h - 48
      else break
      p++
    }
    let q = p
    while (units[q]! === SPACE) q++
    const hc = units[q]!
    // A comment may follow the header directly (scannerc.go, yaml_parser_scan_block_scalar).
    if (hc !== HASH && !isBreakOrEnd(hc)) outside()
    const headerEol = text.indexOf('\n', q)
    if (headerEol < 0) {
      this.nextContentLine(this.n)
      this.nodes?.scalar(start, -1, -1, style, '')
      return chomp === 1 ? outside() : ''
    }
    // The content indent is that of the first non-empty line.
    const lines = blockLines.clear()
    // An explicit indentation indicator counts from the collection holding the scalar.
    let contentIndent = explicitIndent > 0 ? parent + explicitIndent : -1
    let lineStart = headerEol + 1
    let endOfScalar = lineStart
    while (lineStart < this.n) {
      let i = lineStart
      while (units[i]! === SPACE) i++
      const spaces = i - lineStart
      const c = units[i]!
      const eol = c === LF ? i : text.indexOf('\n', i)
      const lineEnd = eol < 0 ? this.n : eol
      if (c === LF || c === END) {
        // Whitespace-only lines deeper than the content are content in `yaml`: left to it.
        if (contentIndent >= 0 && spaces > contentIndent) outside()
        lines.push(spaces, i, i)
      } else {
        if (contentIndent < 0) {
          if (spaces <= parent) break
          // More indented leading empty lines are an error in `yaml`; a tab there is unusual.
          if (c === TAB || lines.maxSpaces() > spaces) outside()
          contentIndent = spaces
        } else if (spaces < contentIndent) break
        lines.push(spaces, i, lineEnd)
        endOfScalar = lineEnd
      }
      lineStart = lineEnd + 1
    }
    // Lines less indented than the content end the scalar; tabs there are an error in `yaml`.
    if (lineStart < this.n) {
      let i = lineStart
      while (units[i]! === SPACE) i++
      if (units[i]! === TAB) outside()
    }
    let last = lines.count - 1
    while (last >= 0 && lines.isEmpty(last)) last--
    if (chomp === 1 && last < lines.count - 1) outside() // Kept trailing lines: left to `yaml`.
    if (last < 0) {
      if (chomp === 1 || lines.maxSpaces() > 0) outside()
      this.nextContentLine(lineStart > this.n ? this.n : lineStart)
      // Without content, `yaml` ends the scalar after the header, or somewhere in the blank lines.
      const end = lines.count === 0 ? headerEol + 1 : -1
      this.nodes?.scalar(start, end, end, style, '')
      return ''
    }
    const value = pieces.begin(text)
    if (folded) foldBlockLines(value, lines, units, last, contentIndent)
    else
      for (let i = 0; i <= last; i++) {
        if (i > 0) value.add('\n')
        if (!lines.isEmpty(i)) {
          value.spaces(lines.spaces(i) - contentIndent)
          value.copy(lines.start(i), lines.end(i))
        }
      }
    // Clip and keep end with one line break (kept trailing empty lines were left to `yaml`).
    if (chomp >= 0) value.add('\n')
    const scalar = value.end()
    // `yaml` ends the scalar after the line break of its last non-empty line.
    const end = endOfScalar + 1 > this.n ? this.n : endOfScalar + 1
    this.nextContentLine(end)
    this.nodes?.scalar(start, end, end, style, scalar)
    return scalar
  }
}

/** The lines of a block scalar, as their indentation and the range of their content. */
class BlockLines {
  count = 0
  private fields = new Int32Array(3 * 256)

  clear(): this {
    this.count = 0
    return this
  }

  /** An empty line has `start === end`. */
  push(spaces: number, start: number, end: number): void {
    const at = 3 * this.count++
    if (at === this.fields.length) this.fields = doubled(this.fields)
    this.fields[at] = spaces
    this.fields[at + 1] = start
    this.fields[at + 2] = end
  }

  spaces(i: number): number {
    return this.fields[3 * i]!
  }

  start(i: number): number {
    return this.fields[3 * i + 1]!
  }

  end(i: number): number {
    return this.fields[3 * i + 2]!
  }

  isEmpty(i: number): boolean {
    return this.start(i) === this.end(i)
  }

  maxSpaces(): number {
    let max = -1
    for (let i = 0; i < this.count; i++) if (this.spaces(i) > max) max = this.spaces(i)
    return max
  }
}

/** Reused by every block scalar (parses never overlap, and block scalars do not nest). */
const blockLines = new BlockLines()

/** Pieces shorter than this are copied byte by byte (Pieces.copy). */
const LOOP_COPY_LIMIT = 256

/**
 * A value put together from pieces of the text and a few ASCII characters. With the text's own
 * units (ownUnits) the pieces are copied into one buffer and the value is made at the end as
 * one flat string: joined with `+=`, a block scalar of many lines was a tree of strings (a piece
 * and a ConsString per line) that survived young-generation collections with its document, to
 * be flattened into a copy later. Without them (units past U+00FF), the pieces are joined.
 */
class Pieces {
  private bytes = Buffer.allocUnsafe(1 << 16)
  private length = 0
  private units: Buffer | undefined
  private text = ''
  private readonly parts: string[] = []

  begin(text: string): this {
    this.text = text
    this.units = ownUnits
    this.length = 0
    this.parts.length = 0
    return this
  }

  /** Appends `text[start, end)`. */
  copy(start: number, end: number): void {
    const { units } = this
    if (units === undefined) this.parts.push(this.text.slice(start, end))
    else {
      this.reserve(end - start)
      const { bytes } = this
      // Pieces are mostly single lines: a loop, where Buffer#copy makes a view of `units` for
      // each call (about 24 MB of them on the corpus) and spends longer checking its arguments.
      if (end - start < LOOP_COPY_LIMIT) {
        let at = this.length
        for (let i = start; i < end; i++) bytes[at++] = units[i]!
        this.length = at
      } else this.length += units.copy(bytes, this.length, start, end)
    }
  }

  /** Appends `count` spaces. */
  spaces(count: number): void {
    if (count <= 0) return
    if (this.units === undefined) this.parts.push(' '.repeat(count))
    else {
      this.reserve(count)
      const { bytes } = this
      let at = this.length
      for (const end = at + count; at < end; at++) bytes[at] = SPACE
      this.length = at
    }
  }

  /** Appends `ascii`, a few ASCII characters. */
  add(ascii: string): void {
    if (this.units === undefined) this.parts.push(ascii)
    else {
      this.reserve(ascii.length)
      for (let i = 0; i < ascii.length; i++) this.bytes[this.length++] = ascii.charCodeAt(i)
    }
  }

  end(): string {
    const value =
      this.units === undefined ? this.parts.join('') : this.bytes.toString('latin1', 0, this.length)
    this.units = undefined
    this.parts.length = 0
    return value
  }

  private reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return
    const larger = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.length + more))
    this.bytes.copy(larger, 0, 0, this.length)
    this.bytes = larger
  }
}

const pieces = new Pieces()

/**
 * Folded block scalar lines joined as YAML §8.1.3 folds them (as `yaml` does): line breaks
 * between text lines become spaces, empty lines become breaks, more indented lines keep theirs.
 */
function foldBlockLines(
  value: Pieces,
  lines: BlockLines,
  units: Uint8Array,
  last: number,
  indent: number
): void {
  let sep = ''
  let prevMoreIndented = false
  let i = 0
  // Leading empty lines are kept as line breaks.
  while (lines.isEmpty(i)) {
    value.add('\n')
    i++
  }
  for (; i <= last; i++) {
    const spaces = lines.spaces(i)
    const empty = lines.isEmpty(i)
    if (spaces > indent || (!empty && units[lines.start(i)] === TAB)) {
      if (sep === ' ') sep = '\n'
      else if (!prevMoreIndented && sep === '\n') sep = '\n\n'
      value.add(sep)
      value.spaces(spaces - indent)
      value.copy(lines.start(i), lines.end(i))
      sep = '\n'
      prevMoreIndented = true
    } else if (empty) {
      if (sep === '\n') value.add('\n')
      else sep = '\n'
    } else {
      value.add(sep)
      value.copy(lines.start(i), lines.end(i))
      sep = ' '
      prevMoreIndented = false
    }
  }
}

/** The end of a plain scalar's text on the line starting at `start` (before ` #`, spaces). */
function plainLineEnd(units: Uint8Array, start: number): number {
  let end = start
  for (let p = start; ; p++) {
    const ch = units[p]!
    if (ch === SPACE) {
      if (units[p + 1]! === HASH) return end
    } else if (ch === COLON) {
      // `key: a: b` and `- a: b:` are errors in `yaml`.
      const next = units[p + 1]!
      if (isSpaceBreakOrEnd(next) || next === TAB) outside()
      end = p + 1
    } else if (ch === TAB) outside()
    else if (isBreakOrEnd(ch)) return end
    else end = p + 1
  }
}

function isDocumentMarker(units: Uint8Array, at: number): boolean {
  const c = units[at]!
  if (units[at + 1]! !== c || units[at + 2]! !== c) return false
  const after = units[at + 3]!
  return isSpaceBreakOrEnd(after) || after === TAB
}

/** The closing quote of a quoted scalar that starts and ends on this line, or -1. */
function quotedEndOnLine(units: Uint8Array, start: number): number {
  const quote = units[start]!
  for (let p = start + 1; ; p++) {
    const ch = units[p]!
    if (ch === quote) {
      if (quote === SQUOTE && units[p + 1]! === SQUOTE) {
        p++
        continue
      }
      return p
    }
    if (ch === 92 && quote === DQUOTE) {
      if (units[p + 1]! === LF) return -1
      p++
      continue
    }
    if (isBreakOrEnd(ch)) return -1
  }
}

/** Whether `path` is `metadata.name` or `items[i].metadata.name`. */
function isIdentityPath(path: ReadonlyArray<string | number>): boolean {
  const len = path.length
  if (path[len - 2] !== 'metadata' || path[len - 1] !== 'name') return false
  return len === 2 || (len === 4 && path[0] === 'items' && typeof path[1] === 'number')
}

function formatIdentityPath(path: ReadonlyArray<string | number>): string {
  return path.length === 2 ? 'metadata.name' : `items[${String(path[1])}].metadata.name`
}

// ---------------------------------------------------------------------------------------------
// Scalar values

const NULL_TEST = /^(?:~|[Nn]ull|NULL)?$/
const BOOL_TEST = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/
const INT_OCT_TEST = /^0o[0-7]+$/
const INT_TEST = /^[-+]?[0-9]+$/
const INT_HEX_TEST = /^0x[0-9a-fA-F]+$/
const FLOAT_NAN_TEST = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/
const FLOAT_EXP_TEST = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/
const FLOAT_TEST = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/

/** A plain scalar's value under the YAML 1.2 core schema, in the order `yaml` tries the tags. */
export function resolvePlain(s: string): unknown {
  if (s === '') return null
  const c = s.charCodeAt(0)
  // Only these first characters can start a null, a boolean or a number.
  const numeric = (c >= 48 && c <= 57) || c === 43 || c === DASH || c === DOT
  const word = c === 126 || c === 110 || c === 78 || c === 116 || c === 84 || c === 102 || c === 70
  if (!numeric && !word) return s
  if (NULL_TEST.test(s)) return null
  if (BOOL_TEST.test(s)) return c === 116 || c === 84
  if (!numeric) return s
  if (INT_OCT_TEST.test(s)) return parseInt(s.substring(2), 8)
  if (INT_TEST.test(s)) return parseInt(s, 10)
  if (INT_HEX_TEST.test(s)) return parseInt(s.substring(2), 16)
  if (FLOAT_NAN_TEST.test(s))
    return s.slice(-3).toLowerCase() === 'nan'
      ? NaN
      : s.charCodeAt(0) === DASH
        ? Number.NEGATIVE_INFINITY
        : Number.POSITIVE_INFINITY
  if (FLOAT_EXP_TEST.test(s) || FLOAT_TEST.test(s)) return parseFloat(s)
  return s
}

/**
 * Joins the lines of a multi-line flow scalar's text (YAML §7.3): breaks become a space, or
 * one break less than there were; each line's surrounding spaces and tabs are dropped.
 */
function unfold(raw: string): string {
  if (!raw.includes('\n')) return raw
  const lines = raw.split('\n')
  // Joined once at the end: `+=` per line made a tree of strings that lived with the document.
  const parts = [lines[0]!.replace(/[ \t]+$/, '')]
  let sep = ' '
  for (let i = 1; i < lines.length; i++) {
    const line =
      i === lines.length - 1
        ? lines[i]!.replace(/^[ \t]+/, '')
        : lines[i]!.replace(/^[ \t]+|[ \t]+$/g, '')
    if (line === '' && i < lines.length - 1) {
      if (sep === '\n') parts.push(sep)
      else sep = '\n'
    } else {
      parts.push(sep, line)
      sep = ' '
    }
  }
  return parts.join('')
}

export function singleQuotedValue(text: string, start: number, end: number): string {
  // `end` is just past the closing quote.
  const raw = cut(text, start + 1, end - 1)
  const value = unfold(raw)
  return value.includes("''") ? value.replace(/''/g, "'") : value
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  '\t': '\t'
}

export function doubleQuotedValue(text: string, start: number, end: number): string {
  const inner = cut(text, start + 1, end - 1)
  if (!inner.includes('\\') && !inner.includes('\n')) return inner
  // Runs of plain characters and what escapes and breaks stand for, joined once at the end:
  // `+=` per character made a tree of one ConsString per character (260,000 of them on the
  // corpus, each surviving with its document until something flattened a copy).
  const parts: string[] = []
  /** The start of the run of characters taken as they are. */
  let run = 0
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!
    if (ch === '\n') {
      if (run < i) parts.push(inner.slice(run, i))
      // A break folds to a space, or to one break less than there were.
      let fold = ''
      let j = i + 1
      for (let c = inner[j]; c === ' ' || c === '\t' || c === '\n'; c = inner[++j])
        if (c === '\n') fold += '\n'
      parts.push(fold || ' ')
      i = j - 1
      run = j
    } else if (ch === '\\') {
      if (run < i) parts.push(inner.slice(run, i))
      const next = inner[++i]
      if (next === undefined) outside()
      const escaped = ESCAPES[next]
      if (escaped !== undefined) parts.push(escaped)
      else if (next === '\n') {
        // An escaped break joins the lines; the next line's indentation is dropped.
        while (inner[i + 1] === ' ' || inner[i + 1] === '\t') i++
      } else if (next === 'x' || next === 'u' || next === 'U') {
        const length = next === 'x' ? 2 : next === 'u' ? 4 : 8
        const hex = inner.substr(i + 1, length)
        if (hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) outside()
        const code = parseInt(hex, 16)
        if (code > 0x10ffff) outside()
        parts.push(String.fromCodePoint(code))
        i += length
      } else outside()
      run = i + 1
    } else if (ch === ' ' || ch === '\t') {
      // White space before a line break is dropped.
      let j = i
      while (inner[j + 1] === ' ' || inner[j + 1] === '\t') j++
      if (inner[j + 1] === '\n') {
        if (run < i) parts.push(inner.slice(run, i))
        run = j + 1
      }
      i = j
    }
  }
  if (run < inner.length) parts.push(inner.slice(run))
  return parts.join('')
}

// ---------------------------------------------------------------------------------------------
// Flow collections

/** Reads `[…]` and `{…}`, on one line or, when allowed, on more indented lines. */
class FlowReader {
  constructor(
    private readonly text: string,
    private readonly units: Uint8Array,
    public pos: number,
    private readonly multiline: boolean,
    private readonly path: Array<string | number>,
    private readonly recordName: (start: number, end: number) => void,
    private readonly resolve: (raw: string, start: number, end: number) => unknown,
    private readonly kubectlKey: (raw: string, start: number, end: number) => string,
    private readonly nodes: NodeTableWriter | undefined
  ) {}

  /** The end of the key key() read last. */
  private keyEnd = 0

  collection(depth: number): unknown {
    if (depth > MAX_DEPTH) outside()
    const { units, nodes } = this
    const start = this.pos
    const open = units[this.pos]!
    const close = open === LBRACKET ? RBRACKET : RBRACE
    this.pos++
    const seq: unknown[] = []
    const map: Record<string, unknown> = {}
    const done = (): unknown => {
      this.pos++
      nodes?.collection(open === LBRACKET ? 'seq' : 'map', start, this.pos)
      return open === LBRACKET ? exactCopy(seq) : map
    }
    this.space()
    if (units[this.pos]! === close) return done()
    for (;;) {
      if (open === LBRACKET) {
        this.path.push(seq.length)
        const node = nodes?.open(-1, -1, undefined) ?? 0
        seq.push(repeatedValue(this.item(depth)))
        nodes?.close(node)
        this.path.pop()
        this.space()
        // `[a: b]` (a pair in a sequence) is left to `yaml`.
        if (units[this.pos]! === COLON) outside()
      } else {
        const keyStart = this.pos
        const key = this.key()
        if (Object.prototype.hasOwnProperty.call(map, key) || key === '__proto__') outside()
        this.space()
        this.path.push(key)
        const node = nodes?.open(keyStart, this.keyEnd, key) ?? 0
        const start = this.pos
        const value = this.item(depth)
        nodes?.close(node)
        if (
          key === 'name' &&
          isIdentityPath(this.path) &&
          (value === null || typeof value !== 'object')
        )
          this.recordName(start, this.pos)
        this.path.pop()
        map[key] = repeatedValue(value)
        this.space()
      }
      const c = units[this.pos]!
      if (c === close) return done()
      if (c !== COMMA) outside()
      this.pos++
      this.space()
      // Trailing commas and empty entries are left to `yaml`.
      const after = units[this.pos]!
      if (after === close || after === COMMA) outside()
    }
  }

  /** A mapping key and its `:` (plain keys need a space after it; quoted keys may be adjacent). */
  private key(): string {
    const { units } = this
    const c = units[this.pos]!
    if (c === DQUOTE || c === SQUOTE) {
      const key = this.quoted()
      this.keyEnd = this.pos
      while (units[this.pos]! === SPACE) this.pos++
      if (units[this.pos]! !== COLON) outside()
      this.pos++
      return key
    }
    if (INDICATOR_START.has(c) || c === DASH) outside()
    const start = this.pos
    const raw = this.plain()
    const next = units[this.pos + 1]!
    if (units[this.pos]! !== COLON || (next !== SPACE && next !== LF)) outside()
    const key = this.kubectlKey(raw, start, this.pos)
    this.keyEnd = this.pos
    this.pos++
    return key
  }

  private item(depth: number): unknown {
    const { units } = this
    const c = units[this.pos]!
    if (c === DQUOTE || c === SQUOTE) return this.quoted()
    if (c === LBRACKET || c === LBRACE) return this.collection(depth + 1)
    if (INDICATOR_START.has(c) || (c === DASH && isSpaceBreakOrEnd(units[this.pos + 1]!))) outside()
    const start = this.pos
    const value = this.resolve(this.plain(), start, this.pos)
    this.nodes?.scalar(start, this.pos, this.pos, 'PLAIN', value)
    return value
  }

  /**
   * A plain scalar in flow context, on one line: it ends before `,`, `]`, `}`, a `:` separator
   * or a comment. Flow plain scalars over several lines are left to `yaml`.
   */
  private plain(): string {
    const { text, units } = this
    const start = this.pos
    let end = start
    let p = start
    for (;;) {
      const ch = units[p]!
      if (ch === COLON) {
        const next = units[p + 1]!
        if (isSpaceBreakOrEnd(next) || isFlowIndicator(next)) break
        if (next === TAB) outside()
        end = ++p
      } else if (ch === SPACE || ch === LF) {
        let q = p
        let crossed = false
        for (let w = units[q]!; w === SPACE || w === LF; w = units[++q]!)
          if (w === LF) crossed = true
        const after = units[q]!
        if (after === HASH || after === COMMA || after === RBRACKET || after === RBRACE) break
        if (after === COLON || crossed || after === TAB || after === END) outside()
        p = q
      } else if (ch === COMMA || ch === RBRACKET || ch === RBRACE) break
      else if (ch === LBRACKET || ch === LBRACE || ch === TAB || ch === END) outside()
      else end = ++p
    }
    this.pos = end
    return cut(text, start, end)
  }

  private quoted(): string {
    const { text, units } = this
    const start = this.pos
    const quote = units[start]!
    for (let p = start + 1; ; p++) {
      const ch = units[p]!
      if (ch === quote) {
        if (quote === SQUOTE && units[p + 1]! === SQUOTE) {
          p++
          continue
        }
        this.pos = p + 1
        const value =
          quote === DQUOTE
            ? doubleQuotedValue(text, start, p + 1)
            : singleQuotedValue(text, start, p + 1)
        const style = quote === DQUOTE ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE'
        this.nodes?.scalar(start, p + 1, p + 1, style, value)
        return value
      }
      if (ch === 92 && quote === DQUOTE) {
        p++
        if (units[p]! === LF) this.lineBreak(p)
        continue
      }
      if (ch === LF) this.lineBreak(p)
      else if (ch === END) outside()
    }
  }

  /** Spaces, line breaks and comments between flow tokens. */
  private space(): void {
    const { text, units } = this
    for (;;) {
      const ch = units[this.pos]!
      if (ch === SPACE) this.pos++
      else if (ch === LF) {
        this.lineBreak(this.pos)
        this.pos++
      } else if (ch === HASH) {
        // Between flow tokens, go-yaml takes `#` as a comment even with no space before it.
        const eol = text.indexOf('\n', this.pos)
        if (eol < 0) outside()
        this.pos = eol
      } else if (ch === TAB) outside()
      else return
    }
  }

  /** A line break inside a flow collection: the next line must be more indented than its parent. */
  private lineBreak(at: number): void {
    if (!this.multiline) outside()
    const { units } = this
    let q = at + 1
    while (units[q]! === SPACE) q++
    const c = units[q]!
    if (c === TAB) outside()
    if (c === LF || c === HASH) return
    // go-yaml ignores indentation inside flow collections (scannerc.go unrolls indentation in
    // block context only): lines and the closing bracket may sit at any column, but a document
    // marker at column 0 still ends the document.
    if (q === at + 1 && isDocumentMarker(units, q)) outside()
  }
}

function isFlowIndicator(c: number): boolean {
  return c === COMMA || c === LBRACKET || c === RBRACKET || c === LBRACE || c === RBRACE
}
