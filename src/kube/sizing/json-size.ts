/**
 * Byte sizes of objects as Kubernetes clients send them: compact JSON from Go's encoding/json,
 * which escapes `<`, `>`, `&` (as \u003c…) and U+2028/U+2029 where JSON.stringify does not.
 *
 * One pass measures a value and remembers the sizes of the objects the caller names, so the
 * sizes of a CRD, its versions and their properties cost one traversal, not one serialisation
 * each. Other nodes are not remembered: a record per node costs more than the walk itself.
 */

export interface Measure {
  /** Bytes of the value as compact JSON. */
  bytes: number
  /** Bytes of `"description":"…"` members (with their comma) inside the value. */
  descriptionBytes: number
}

const NOTHING: ReadonlySet<object> = new Set()

export class JsonSizer {
  private readonly remembered = new Map<object, Measure>()
  /** Description bytes met so far in the current walk. */
  private descriptionBytes = 0

  constructor(
    /** Objects inside the measured values whose sizes later calls will ask for. */
    private readonly remember: ReadonlySet<object> = NOTHING
  ) {}

  measure(value: unknown): Measure {
    this.descriptionBytes = 0
    const bytes = this.size(value)
    return { bytes, descriptionBytes: this.descriptionBytes }
  }

  /** Bytes of a `"key":value` member, without the separating comma. */
  memberBytes(key: string, value: unknown): number {
    return stringBytes(key) + 1 + this.measure(value).bytes
  }

  private size(value: unknown): number {
    if (value === null || typeof value !== 'object') return scalarBytes(value)
    const known = this.remembered.get(value)
    if (known !== undefined) {
      this.descriptionBytes += known.descriptionBytes
      return known.bytes
    }
    const descriptionBefore = this.descriptionBytes
    let bytes = 2
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) bytes += this.size(value[i]) + (i > 0 ? 1 : 0)
    } else {
      let first = true
      const record = value as Record<string, unknown>
      for (const key of Object.keys(record)) {
        const child = record[key]
        if (child === undefined) continue
        const member = stringBytes(key) + 1 + this.size(child)
        bytes += first ? member : member + 1
        // A description string counts with its comma; a string adds no description bytes itself.
        if (key === 'description' && typeof child === 'string') this.descriptionBytes += member + 1
        first = false
      }
    }
    if (this.remember.has(value))
      this.remembered.set(value, {
        bytes,
        descriptionBytes: this.descriptionBytes - descriptionBefore
      })
    return bytes
  }
}

/** Bytes of `json.Marshal(value)` in Go (key order does not change the size). */
export function goJsonBytes(value: unknown): number {
  return new JsonSizer().measure(value).bytes
}

function scalarBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value)
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4
  if (typeof value === 'boolean') return value ? 4 : 5
  if (typeof value === 'bigint') return value.toString().length
  return 4 // null
}

/** Characters Go writes as themselves: printable ASCII but `"`, `\\`, `<`, `>` and `&`. */
const PLAIN_ASCII = /^[\x20\x21\x23-\x25\x27-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/

/** Bytes of a JSON string literal as Go writes it, quotes included. */
export function stringBytes(s: string): number {
  // Most strings (names, descriptions) need no escape: one byte per character.
  if (PLAIN_ASCII.test(s)) return s.length + 2
  let bytes = 2
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) {
      if (
        c === 0x22 ||
        c === 0x5c ||
        c === 0x0a ||
        c === 0x0d ||
        c === 0x09 ||
        c === 0x08 ||
        c === 0x0c
      )
        bytes += 2
      else if (c < 0x20 || c === 0x3c || c === 0x3e || c === 0x26) bytes += 6
      else bytes += 1
    } else if (c < 0x800) bytes += 2
    else if (c === 0x2028 || c === 0x2029) bytes += 6
    else if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < s.length &&
      (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    ) {
      bytes += 4
      i++
    } else bytes += 3 // BMP, or a lone surrogate Go writes as U+FFFD
  }
  return bytes
}
