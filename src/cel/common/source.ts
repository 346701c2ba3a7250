// An expression's text as cel-go sees it: a sequence of code points (cel-go counts runes),
// with line offsets computed the way cel-go's runes buffer computes them.

export interface Location {
  /** 1-based line; -1 when unknown. */
  readonly line: number
  /** 0-based column in code points; -1 when unknown. */
  readonly column: number
}

export const NO_LOCATION: Location = Object.freeze({ line: -1, column: -1 })

/**
 * cel-go's ComputeOffset over line offsets (see Source.lineOffsets): 1-based line, 0-based
 * column to a code point offset; -1 if the line is out of range.
 */
export function offsetOfLocation(
  lineOffsets: readonly number[],
  line: number,
  column: number
): number {
  if (line === 1) return column
  if (line < 1 || line > lineOffsets.length) return -1
  return lineOffsets[line - 2]! + column
}

/** cel-go's GetLocationByOffset over line offsets (see Source.lineOffsets). */
export function locationOfOffset(lineOffsets: readonly number[], offset: number): Location {
  let line = 1
  let column = offset
  for (const lineOffset of lineOffsets) {
    if (lineOffset > offset) break
    line++
    column = offset - lineOffset
  }
  return { line, column }
}

export class Source {
  readonly text: string
  readonly description: string
  /** The code points of the text. */
  readonly codePoints: Int32Array
  /**
   * cel-go's line offsets: for every '\n' the code point offset just after it, then the
   * text length + 1. For an empty text: [0].
   */
  readonly lineOffsets: readonly number[]
  /** UTF-16 offset of each code point (and of the end); absent when they are equal (BMP text). */
  private readonly utf16Offsets: Int32Array | undefined

  constructor(text: string, description = '<input>') {
    this.text = text
    this.description = description
    const n = text.length
    const cps = new Int32Array(n)
    let offsets: Int32Array | undefined
    const lines: number[] = []
    let count = 0
    for (let i = 0; i < n; i++) {
      let c = text.charCodeAt(i)
      if (offsets !== undefined) offsets[count] = i
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = text.charCodeAt(i + 1)
        if (d >= 0xdc00 && d <= 0xdfff) {
          if (offsets === undefined) {
            // The first surrogate pair: offsets stop being the identity from here on.
            offsets = new Int32Array(n + 1)
            for (let k = 0; k <= count; k++) offsets[k] = k
          }
          c = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000
          i++
        }
      }
      cps[count++] = c
      if (c === 10) lines.push(count)
    }
    this.codePoints = count === n ? cps : cps.slice(0, count)
    if (offsets !== undefined) {
      offsets[count] = n
      this.utf16Offsets = offsets.slice(0, count + 1)
    }
    if (count === 0) lines.push(0)
    else lines.push(count + 1)
    this.lineOffsets = lines
  }

  /** Number of code points. */
  get size(): number {
    return this.codePoints.length
  }

  /** The text between two code point offsets (end exclusive, clamped). */
  slice(start: number, end: number): string {
    const n = this.codePoints.length
    const s = Math.max(0, Math.min(start, n))
    const e = Math.max(s, Math.min(end, n))
    const offsets = this.utf16Offsets
    if (offsets === undefined) return this.text.substring(s, e)
    return this.text.substring(offsets[s]!, offsets[e])
  }

  /** Maps a code point offset to a UTF-16 offset into `text` (for callers mapping into YAML). */
  utf16Offset(codePointOffset: number): number {
    const n = this.codePoints.length
    if (codePointOffset <= 0) return 0
    if (codePointOffset >= n) return this.text.length
    return this.utf16Offsets === undefined ? codePointOffset : this.utf16Offsets[codePointOffset]!
  }

  /** cel-go's SourceInfo.ComputeOffset: line 1-based, column 0-based; -1 if out of range. */
  computeOffset(line: number, column: number): number {
    return offsetOfLocation(this.lineOffsets, line, column)
  }

  /** cel-go's SourceInfo.GetLocationByOffset. */
  locationOfOffset(offset: number): Location {
    return locationOfOffset(this.lineOffsets, offset)
  }

  /** The text of a 1-based line without its newline, as cel-go's Source.Snippet. */
  snippet(line: number): string | undefined {
    const start = this.lineStart(line)
    if (start === undefined || this.codePoints.length === 0) return undefined
    const next = this.lineStart(line + 1)
    return next === undefined
      ? this.slice(start, this.codePoints.length)
      : this.slice(start, next - 1)
  }

  private lineStart(line: number): number | undefined {
    if (line === 1) return 0
    if (line > 1 && line <= this.lineOffsets.length) return this.lineOffsets[line - 2]
    return undefined
  }
}
