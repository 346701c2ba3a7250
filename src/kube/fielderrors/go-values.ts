import { pushAll } from '../../common/arrays.js'
import { formatDouble, goQuote as strconvQuote } from '../../go/strconv.js'
/**
 * How the apiserver prints the value of a field error (crd-validation-spec.md §1.2): Go's `%v`
 * for numbers and booleans, `%q` for strings, `encoding/json` for everything else (from 1.34),
 * or Go syntax `%#v` (up to 1.33).
 *
 * Values are plain JSON-like data (null, boolean, number, bigint, string, arrays, plain
 * objects), read the way the apiserver's decoder reads JSON: an integral number is an int64,
 * any other number a float64. Go types JSON cannot express are given by the marker classes
 * below (a float64 that happens to be integral, a typed slice, an internal struct, a pointer).
 */

/** A float64 whose value is integral (`1.0` in the JSON), printed as Go prints a float. */
export class GoFloat {
  constructor(readonly value: number) {}
}

/** A slice of a named Go type, e.g. `[]string` (only `%#v` shows the type). */
export class GoTypedSlice {
  constructor(
    readonly elementType: string,
    readonly items: readonly unknown[]
  ) {}
}

/**
 * A Go struct without JSON tags (the apiserver's internal types): JSON uses the Go field names
 * in declaration order; `%#v` prints `type{Field:value, …}`.
 */
export class GoStruct {
  constructor(
    readonly typeName: string,
    readonly fields: ReadonlyArray<readonly [string, unknown]>
  ) {}
}

/**
 * A map of a named Go type, e.g. `map[string]string` (`undefined` entries = a nil map): JSON as
 * any map; only `%#v` shows the type (`map[string]string{"app":"web"}`, `map[string]string(nil)`).
 */
export class GoTypedMap {
  constructor(
    readonly typeName: string,
    readonly entries: Readonly<Record<string, unknown>> | undefined
  ) {}
}

/** A Go pointer (`undefined` target = nil). Up to 1.33 the apiserver dereferenced it first. */
export class GoPointer {
  constructor(
    readonly elementType: string,
    readonly target: unknown
  ) {}
}

/**
 * A value of a Go type with a `String()` method, e.g. `core.ResourceName`: up to 1.33 the
 * error prints `String()` bare (field.Error's `fmt.Stringer` case); from 1.34 its JSON string.
 */
export class GoStringer {
  constructor(readonly text: string) {}
}

/** The "omit" marker (`field.OmitValueType`): the error prints no value. */
export const OMIT_VALUE: unique symbol = Symbol('omit value')

type PlainObject = Record<string, unknown>

const isPlainObject = (v: unknown): v is PlainObject =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  !(v instanceof GoFloat) &&
  !(v instanceof GoTypedSlice) &&
  !(v instanceof GoStruct) &&
  !(v instanceof GoTypedMap) &&
  !(v instanceof GoPointer) &&
  !(v instanceof GoStringer)

/** Byte order of UTF-8 strings (Go's string order) equals code-point order. */
export function compareGoStrings(a: string, b: string): number {
  // UTF-16 code units order like code points until both sides hold a unit from U+D800 up
  // (surrogates sort below U+E000 as units but above it as code points).
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x === y) continue
    if (x >= 0xd800 && y >= 0xd800) return compareCodePoints(a, b)
    return x < y ? -1 : 1
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1
}

function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]()
  const ib = b[Symbol.iterator]()
  for (;;) {
    const x = ia.next()
    const y = ib.next()
    if (x.done === true) return y.done === true ? 0 : -1
    if (y.done === true) return 1
    const cx = x.value.codePointAt(0)!
    const cy = y.value.codePointAt(0)!
    if (cx !== cy) return cx < cy ? -1 : 1
  }
}

const sortedKeys = (o: PlainObject): string[] => Object.keys(o).sort(compareGoStrings)

/** True when a JS number stands for a Go int64 (integral and in range). */
const isInt64 = (n: number): boolean => Number.isInteger(n) && Math.abs(n) < 2 ** 63

// ---------------------------------------------------------------------------------------------
// Strings

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0')

/** A UTF-16 surrogate without its partner: valid in a JSON escape, impossible in UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * The Go string that encoding/json decodes from this JavaScript string's JSON form: Go strings
 * are UTF-8, so a lone surrogate (`"\ud800"` in the JSON) becomes U+FFFD (decode.go unquote).
 * Everything the apiserver prints was decoded this way first.
 */
export function goStringFromJson(s: string): string {
  return s.replace(LONE_SURROGATE, '\ufffd')
}

/** Go's `%q` (strconv.Quote) of a string the apiserver decoded from JSON. */
export function goQuote(s: string): string {
  return strconvQuote(goStringFromJson(s))
}

/**
 * What encoding/json escapes (quotes, backslash, control characters, the HTML-unsafe `<`, `>`,
 * `&`, U+2028, U+2029), plus surrogates, which need a look whether they pair.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const JSON_SPECIAL = /["\\\x00-\x1f<>&\u2028\u2029\ud800-\udfff]/

/** A string as Go's `encoding/json` writes it (HTML-safe: `<`, `>`, `&` are escaped). */
export function goJsonString(s: string): string {
  if (!JSON_SPECIAL.test(s)) return `"${s}"`
  let out = '"'
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += s[i]! + s[i + 1]!
        i++
      } else out += '\ufffd'
    } else if (c === 0x22) out += '\\"'
    else if (c === 0x5c) out += '\\\\'
    else if (c === 0x0a) out += '\\n'
    else if (c === 0x0d) out += '\\r'
    else if (c === 0x09) out += '\\t'
    else if (c === 0x08) out += '\\b'
    else if (c === 0x0c) out += '\\f'
    else if (c < 0x20 || c === 0x3c || c === 0x3e || c === 0x26 || c === 0x2028 || c === 0x2029)
      out += `\\u${hex(c, 4)}`
    else out += s[i]!
  }
  return `${out}"`
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** Go's `%v` for a float64 (one copy, in src/go/strconv.ts). */
export const goFloatV = formatDouble

/** A float64 as Go's `encoding/json` writes it (same cut-offs as JavaScript). */
function goJsonFloat(f: number): string | undefined {
  if (!Number.isFinite(f)) return undefined // json: unsupported value
  if (Object.is(f, -0)) return '-0'
  return String(f)
}

// ---------------------------------------------------------------------------------------------
// encoding/json

/** `json.Marshal(value)` as Go writes it; undefined where Go's encoder fails (NaN, ±Inf). */
export function goJson(value: unknown): string | undefined {
  try {
    return writeJson(value, 0)
  } catch (err) {
    if (err instanceof TooDeep) return goJsonIterative(value)
    throw err
  }
}

/** Nesting the recursive writer handles; deeper values go through the iterative one. */
const MAX_RECURSIVE_DEPTH = 200
/** Thrown by writeJson past MAX_RECURSIVE_DEPTH (rare: only for deeply nested values). */
class TooDeep extends Error {}

/** goJson by recursion: no frames to allocate for the shallow values nearly all calls pass. */
function writeJson(v: unknown, depth: number): string | undefined {
  if (v === null || v === undefined) return 'null'
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false'
    case 'string':
      return goJsonString(v)
    case 'bigint':
      return v.toString()
    case 'number':
      return goJsonFloat(v)
    case 'object':
      break
    default:
      return undefined
  }
  if (depth >= MAX_RECURSIVE_DEPTH) throw new TooDeep()
  if (v instanceof GoFloat) return goJsonFloat(v.value)
  if (v instanceof GoStringer) return goJsonString(v.text)
  if (v instanceof GoPointer) return writeJson(v.target ?? null, depth + 1)
  if (v instanceof GoTypedMap) return writeJson(v.entries ?? null, depth + 1)
  if (Array.isArray(v) || v instanceof GoTypedSlice) {
    const items: readonly unknown[] = Array.isArray(v) ? v : v.items
    let out = '['
    for (let i = 0; i < items.length; i++) {
      const text = writeJson(items[i], depth + 1)
      if (text === undefined) return undefined
      out += i > 0 ? `,${text}` : text
    }
    return `${out}]`
  }
  if (v instanceof GoStruct) {
    let out = '{'
    for (let i = 0; i < v.fields.length; i++) {
      const [key, item] = v.fields[i]!
      const text = writeJson(item, depth + 1)
      if (text === undefined) return undefined
      out += `${i > 0 ? ',' : ''}${goJsonString(key)}:${text}`
    }
    return `${out}}`
  }
  if (!isPlainObject(v)) return undefined
  const keys = sortedKeys(v)
  let out = '{'
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    const text = writeJson(v[key], depth + 1)
    if (text === undefined) return undefined
    out += `${i > 0 ? ',' : ''}${goJsonString(key)}:${text}`
  }
  return `${out}}`
}

/** goJson without recursion, for values nested deeper than MAX_RECURSIVE_DEPTH. */
function goJsonIterative(value: unknown): string | undefined {
  // Each frame writes one token or schedules more.
  const out: string[] = []
  const work: unknown[] = [value]
  const RAW = Symbol('raw')
  type Raw = { [RAW]: string }
  const raw = (text: string): Raw => ({ [RAW]: text })
  while (work.length > 0) {
    const v = work.pop()
    if (typeof v === 'object' && v !== null && RAW in v) {
      out.push((v as Raw)[RAW])
      continue
    }
    if (v === null || v === undefined) out.push('null')
    else if (typeof v === 'boolean') out.push(v ? 'true' : 'false')
    else if (typeof v === 'string') out.push(goJsonString(v))
    else if (v instanceof GoStringer) out.push(goJsonString(v.text))
    else if (typeof v === 'bigint') out.push(v.toString())
    else if (typeof v === 'number') {
      const text = goJsonFloat(v)
      if (text === undefined) return undefined
      out.push(text)
    } else if (v instanceof GoFloat) {
      const text = goJsonFloat(v.value)
      if (text === undefined) return undefined
      out.push(text)
    } else if (v instanceof GoPointer) work.push(v.target ?? null)
    else if (v instanceof GoTypedMap) work.push(v.entries ?? null)
    else if (Array.isArray(v) || v instanceof GoTypedSlice) {
      const items: readonly unknown[] = Array.isArray(v) ? v : v.items
      const frames: unknown[] = [raw('[')]
      items.forEach((item, i) => {
        if (i > 0) frames.push(raw(','))
        frames.push(item)
      })
      frames.push(raw(']'))
      pushAll(work, frames.reverse())
    } else if (v instanceof GoStruct || isPlainObject(v)) {
      const entries: ReadonlyArray<readonly [string, unknown]> =
        v instanceof GoStruct ? v.fields : sortedKeys(v).map((k) => [k, v[k]] as const)
      const frames: unknown[] = [raw('{')]
      entries.forEach(([k, item], i) => {
        frames.push(raw(`${i > 0 ? ',' : ''}${goJsonString(k)}:`))
        frames.push(item)
      })
      frames.push(raw('}'))
      pushAll(work, frames.reverse())
    } else return undefined
  }
  return out.join('')
}

// ---------------------------------------------------------------------------------------------
// Go syntax (%#v), used by the apiserver up to 1.33

const MAX_GO_SYNTAX_DEPTH = 1000

/** Go's `%#v` of a value held in an `interface{}` (best effort for pointers inside structs). */
export function goSyntax(value: unknown, depth = 0): string {
  if (depth > MAX_GO_SYNTAX_DEPTH) return '...'
  const next = (v: unknown): string => goSyntax(v, depth + 1)
  if (value === null || value === undefined) return 'interface {}(nil)'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'string') return goQuote(value)
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'number') return isInt64(value) ? String(value) : goFloatV(value)
  if (value instanceof GoFloat) return goFloatV(value.value)
  if (value instanceof GoPointer)
    return value.target === undefined ? `(*${value.elementType})(nil)` : `&${next(value.target)}`
  if (value instanceof GoTypedSlice)
    return `[]${value.elementType}{${value.items.map(next).join(', ')}}`
  if (Array.isArray(value)) return `[]interface {}{${value.map(next).join(', ')}}`
  if (value instanceof GoTypedMap) {
    const entries = value.entries
    if (entries === undefined) return `${value.typeName}(nil)`
    const items = sortedKeys(entries).map((k) => `${goQuote(k)}:${next(entries[k])}`)
    return `${value.typeName}{${items.join(', ')}}`
  }
  if (value instanceof GoStruct)
    return `${value.typeName}{${value.fields.map(([k, v]) => `${k}:${next(v)}`).join(', ')}}`
  if (isPlainObject(value))
    return `map[string]interface {}{${sortedKeys(value)
      .map((k) => `${goQuote(k)}:${next(value[k])}`)
      .join(', ')}}`
  // %#v of a string type is its quoted text; only the top level prints String() (formatBadValue).
  if (value instanceof GoStringer) return goQuote(value.text)
  return JSON.stringify(value) ?? ''
}

// ---------------------------------------------------------------------------------------------
// The value part of a field error

/** Which apimachinery rules print values: 1.34 and later, or 1.33 and earlier (§1.2). */
export type ValueStyle = 'current' | 'legacy'

/** The style a Kubernetes minor version (e.g. `1.33`) prints error values in. */
export function valueStyleFor(version: string): ValueStyle {
  const minor = Number(/^v?1\.(\d+)/.exec(version)?.[1] ?? Number.NaN)
  return minor <= 33 ? 'legacy' : 'current'
}

/** The value text of an error body, or undefined when nothing is printed. */
export function formatBadValue(value: unknown, style: ValueStyle = 'current'): string | undefined {
  if (value === OMIT_VALUE) return undefined
  if (style === 'legacy') {
    // Up to 1.33: nil printed as the string "null", pointers dereferenced, %#v otherwise.
    let v = value
    if (v instanceof GoPointer) v = v.target
    if (v === null || v === undefined) return goQuote('null')
    if (v instanceof GoStringer) return v.text
    const simple = simpleValue(v)
    return simple ?? goSyntax(v)
  }
  const simple = simpleValue(value)
  if (simple !== undefined) return simple
  return goJson(value) ?? goSyntax(value)
}

/** Go `%v` / `%q` for int64, float64, bool and string; undefined for anything else. */
function simpleValue(v: unknown): string | undefined {
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  if (typeof v === 'string') return goQuote(v)
  if (typeof v === 'bigint') return v.toString()
  if (typeof v === 'number') return isInt64(v) ? String(v) : goFloatV(v)
  if (v instanceof GoFloat) return goFloatV(v.value)
  return undefined
}
