/**
 * JSON.stringify(value, null, indent) made in pieces (runs of array elements of about 48 KB),
 * for reports too large to build as one string. One JSON.stringify call keeps every part of its
 * text alive until it returns: on the corpus's 142 MB report the garbage collector moved about
 * 290 MB more to the old generation, and the process peaked 250 MB higher. Pieces written as
 * they are made die young.
 *
 * The upper levels of the value, down to its long arrays, are walked here; everything else is
 * left to `stringify`, called on runs of array elements wrapped in arrays as deep as they sit,
 * so that it indents them as the whole text would. Values with a toJSON (a Date; bigints, when
 * the caller gives them one) are written as `stringify` writes them.
 */

/** A list whose items are made one batch at a time, when written: `items.map(map)`, lazily. */
export class MappedList<T = unknown, U = unknown> {
  constructor(
    readonly items: readonly T[],
    readonly map: (item: T) => U
  ) {}
}

/** How a report's long list is made from its source: at once, or when written (MappedList). */
export type ListOf = <T, U>(items: readonly T[], map: (item: T) => U) => unknown

export const eagerList: ListOf = (items, map) => items.map((item) => map(item))
export const lazyList: ListOf = (items, map) => new MappedList(items, map)

export interface JsonPiecesOptions {
  /** Spaces per level, at least 1: the pieces are cut at line breaks. */
  indent: number
  /** JSON.stringify(value, null, indent), or a variant of it (e.g. writing bigints). */
  stringify?: (value: unknown) => string
  /** Array elements per stringify call at most (fewer when they make pieces past PIECE_CHARS). */
  batch?: number
}

/** Values at this depth and below are written by one stringify call each (or per batch). */
const WALKED_DEPTH = 4
const DEFAULT_BATCH = 128
/**
 * The size a piece aims at, in characters. V8 makes a string of more than 128 KiB in memory
 * mapped for it alone and unmapped when it dies, so every piece that large cost fresh pages
 * (page faults) while it was written: runs of 128 findings made pieces of 300-400 KB.
 */
const PIECE_CHARS = 48 * 1024
/** Elements in the first run of a list, whose piece tells how long the next runs can be. */
const FIRST_RUN = 16

/**
 * The pieces of JSON.stringify(value, null, indent), in order. The value must be one that
 * JSON.stringify writes as text (not undefined, a function or a symbol).
 */
export function* jsonPieces(value: unknown, options: JsonPiecesOptions): Generator<string> {
  const writer = new PieceWriter(options)
  yield* writer.value(value, 0)
}

class PieceWriter {
  private readonly indent: number
  private readonly stringify: (value: unknown) => string
  private readonly batch: number
  private readonly pads: string[] = []

  constructor(options: JsonPiecesOptions) {
    this.indent = options.indent
    this.stringify = options.stringify ?? ((value) => JSON.stringify(value, null, options.indent))
    this.batch = options.batch ?? DEFAULT_BATCH
  }

  /** The text of `value`, which starts where a value at `depth` starts (after its indent). */
  *value(value: unknown, depth: number): Generator<string> {
    if (value instanceof MappedList) yield* this.list(value.items, depth, value.map)
    else if (!this.walks(value, depth)) yield this.elements([value], depth)
    else if (Array.isArray(value)) yield* this.list(value, depth)
    else yield* this.object(value as Record<string, unknown>, depth)
  }

  private *object(value: Record<string, unknown>, depth: number): Generator<string> {
    let first = true
    for (const key of Object.keys(value)) {
      const member = value[key]
      // JSON.stringify leaves these members out.
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol')
        continue
      yield `${first ? '{\n' : ',\n'}${this.pad(depth + 1)}${JSON.stringify(key)}: `
      first = false
      yield* this.value(member, depth + 1)
    }
    yield first ? '{}' : `\n${this.pad(depth)}}`
  }

  /** An array (or a MappedList) at `depth`: runs of its elements, containers walked. */
  private *list<T>(
    items: readonly T[],
    depth: number,
    map: (item: T) => unknown = (item) => item
  ): Generator<string> {
    if (items.length === 0) {
      yield '[]'
      return
    }
    const inner = depth + 1
    const separator = `,\n${this.pad(inner)}`
    let run: unknown[] = []
    /**
     * Elements per run, fitted to the size of the last piece (PIECE_CHARS); the first run is
     * short, to measure them.
     */
    let limit = Math.min(this.batch, FIRST_RUN)
    let written = false
    // The separator is a piece of its own: joined to the run's text it would make a rope, which
    // encoding copies whole into a flat string first.
    const flush = function* (this: PieceWriter): Generator<string> {
      if (written) yield separator
      written = true
      const text = this.elements(run, inner)
      limit = Math.max(
        1,
        Math.min(this.batch, Math.floor((PIECE_CHARS * run.length) / Math.max(1, text.length)))
      )
      yield text
      run = []
    }
    yield `[\n${this.pad(inner)}`
    for (const item of items) {
      const element = map(item)
      if (this.walks(element, inner)) {
        if (run.length > 0) yield* flush.call(this)
        if (written) yield separator
        written = true
        yield* this.value(element, inner)
      } else {
        run.push(element)
        if (run.length >= limit) yield* flush.call(this)
      }
    }
    if (run.length > 0) yield* flush.call(this)
    yield `\n${this.pad(depth)}]`
  }

  /**
   * Whether `value` at `depth` is walked here rather than written by one stringify call: a
   * MappedList, a long array, or an array or plain object above one (down to WALKED_DEPTH).
   */
  private walks(value: unknown, depth: number): boolean {
    if (value instanceof MappedList) return true
    if (depth >= WALKED_DEPTH || value === null || typeof value !== 'object' || hasToJson(value))
      return false
    if (Array.isArray(value))
      return value.length > this.batch || value.some((item) => this.walks(item, depth + 1))
    if (!isPlainObject(value)) return false
    return Object.keys(value).some((key) => this.walks(value[key], depth + 1))
  }

  /**
   * `values` as elements of an array at `depth - 1`, joined as that array joins them, without
   * the first element's indent: stringify sees them wrapped in `depth` arrays, so it indents
   * them as they sit in the whole text, and the wrapping brackets are cut off.
   */
  private elements(values: unknown[], depth: number): string {
    if (depth === 0) return this.stringify(values[0])
    let wrapped: unknown = values
    for (let level = 1; level < depth; level++) wrapped = [wrapped]
    const text = this.stringify(wrapped)
    // Each level opens with its indent, '[' and a line break, and closes with a line break,
    // its indent and ']'; the first element's own indent follows the last opening.
    let open = this.indent * depth
    let close = 0
    for (let level = 0; level < depth; level++) {
      open += this.indent * level + 2
      close += this.indent * level + 2
    }
    return text.slice(open, text.length - close)
  }

  private pad(depth: number): string {
    return (this.pads[depth] ??= ' '.repeat(this.indent * depth))
  }
}

const hasToJson = (value: object): boolean =>
  typeof (value as { toJSON?: unknown }).toJSON === 'function'

/** Objects with their own toJSON (Date) or behaviour (Map) are left to JSON.stringify. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
