// `string.format(list)` of cel-go's strings extension: the clause parser shared by both versions,
// the version 1–3 formatter (ext/formatting.go; en_US number formatting of golang.org/x/text for
// %f and %e, CEL-literal style for lists and maps) and the version 4+ formatter
// (ext/formatting_v2.go).
//
// The version 1–3 %e text depends on the golang.org/x/text the program is built with, not on
// cel-go: before x/text v0.23.0 (CL 644121, golang/go#71428) it surrounds `×` with U+202F narrow
// no-break spaces (`3.140000 × 10⁰⁰`); from v0.23.0 on it does not (`3.140000×10⁰⁰`). cel-go's own
// go.mod still pins an older x/text, so that is the default here; Kubernetes 1.33+ vendors v0.23+.

import { goQuote } from '../../go/strconv.js'
import { convertToString } from '../interpreter/conversions.js'
import { compareStrings, utf8DecodeLossy, utf8Encode } from '../interpreter/text.js'
import {
  formatFixed,
  formatScientific,
  groupThousands,
  scientificParts
} from '../interpreter/go-float-format.js'
import { ListValue } from '../interpreter/list-value.js'
import { MapValue } from '../interpreter/map-value.js'
import { formatDuration, formatFixedShortest } from '../interpreter/duration.js'
import { formatTimestamp } from '../interpreter/timestamp.js'
import { typeNameOf } from '../interpreter/type-of.js'
import {
  DurationValue,
  ErrorValue,
  TimestampValue,
  TypeValue,
  UintValue,
  type Value
} from '../interpreter/values.js'

const DEFAULT_PRECISION = 6

/** A formatting failure; its message is what cel-go reports. */
class FormatError extends Error {}

type Clause = (arg: Value) => string

interface Formatter {
  string: Clause
  decimal: Clause
  fixed(precision: number | undefined): Clause
  scientific(precision: number | undefined): Clause
  binary: Clause
  hex(upper: boolean): Clause
  octal: Clause
}

function fail(message: string): never {
  throw new FormatError(message)
}

function parseClause(text: string, formatter: Formatter): { read: number; clause: Clause } {
  let i = 0
  let precision: number | undefined
  if (text[0] === '.') {
    i++
    let digits = ''
    for (;;) {
      if (i >= text.length) {
        fail('error while parsing precision: could not find end of precision specifier')
      }
      const c = text.charCodeAt(i)
      if (c < 48 || c > 57) break
      digits += text[i]
      i++
    }
    if (digits === '') {
      fail(
        'error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax'
      )
    }
    precision = Number(digits)
  }
  const r = text[i]!
  i++
  switch (r) {
    case 's':
      return { read: i, clause: formatter.string }
    case 'd':
      return { read: i, clause: formatter.decimal }
    case 'f':
      return { read: i, clause: formatter.fixed(precision) }
    case 'e':
      return { read: i, clause: formatter.scientific(precision) }
    case 'b':
      return { read: i, clause: formatter.binary }
    case 'x':
    case 'X':
      return { read: i, clause: formatter.hex(r === 'X') }
    case 'o':
      return { read: i, clause: formatter.octal }
    default:
      fail(`unrecognized formatting clause "${r}"`)
  }
}

function interpolate(format: string, args: ListValue, formatter: Formatter): Value {
  let out = ''
  let argIndex = 0
  let i = 0
  {
    while (i < format.length) {
      if (format[i] !== '%') {
        out += format[i]
        i++
        continue
      }
      if (format[i + 1] === '%') {
        out += '%'
        i += 2
        continue
      }
      if (argIndex >= args.size) return new ErrorValue(`index ${argIndex} out of range`)
      if (i + 1 >= format.length) return new ErrorValue('unexpected end of string')
      const arg = args.items[argIndex]!
      let parsed: { read: number; clause: Clause }
      try {
        parsed = parseClause(format.slice(i + 1), formatter)
      } catch (e) {
        if (e instanceof FormatError) {
          return new ErrorValue(`could not parse formatting clause: ${e.message}`)
        }
        throw e
      }
      try {
        out += parsed.clause(arg)
      } catch (e) {
        if (e instanceof FormatError) return new ErrorValue(`error during formatting: ${e.message}`)
        throw e
      }
      i += 1 + parsed.read
      argIndex++
    }
  }
  return out
}

// Shared number helpers.

function radix(v: Value, base: number, upper = false): string {
  const n = typeof v === 'bigint' ? v : (v as UintValue).value
  const s = n.toString(base)
  return upper ? s.toUpperCase() : s
}

function hexOfText(v: string | Uint8Array, upper: boolean): string {
  const bytes = typeof v === 'string' ? utf8Encode(v) : v
  let out = ''
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return upper ? out.toUpperCase() : out
}

function sortedEntries(map: MapValue, format: (v: Value) => string): [string, string][] {
  const entries: [string, string][] = []
  for (const [k, v] of map.entries()) entries.push([format(k), format(v)])
  // sort.SliceStable by key: ties keep iteration order.
  return entries
    .map((e, idx) => ({ e, idx }))
    .sort((a, b) => compareStrings(a.e[0], b.e[0]) || a.idx - b.idx)
    .map((x) => x.e)
}

// Version 1–3 (Kubernetes).

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹'

function stringFormatError(v: Value): never {
  fail(
    `string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ${typeNameOf(v)}`
  )
}

function v1String(v: Value): string {
  if (v instanceof ListValue) return v1List(v)
  if (v instanceof MapValue) return v1Map(v)
  if (v === null) return 'null'
  if (v instanceof TypeValue) return v.name
  if (
    typeof v === 'bigint' ||
    typeof v === 'number' ||
    typeof v === 'boolean' ||
    typeof v === 'string' ||
    v instanceof UintValue ||
    v instanceof Uint8Array ||
    v instanceof TimestampValue ||
    v instanceof DurationValue
  ) {
    const s = convertToString(v)
    if (typeof s !== 'string') {
      fail(`could not convert argument ${goQuote((s as ErrorValue).message)} to string`)
    }
    return s
  }
  return stringFormatError(v)
}

function v1Decimal(v: Value): string {
  if (typeof v === 'bigint' || v instanceof UintValue) return radix(v, 10)
  fail(`decimal clause can only be used on integers, was given ${typeNameOf(v)}`)
}

/** clauseForType of formatting.go: how list members and map values are written. */
function v1Member(v: Value): string {
  let text: string
  if (typeof v === 'bigint' || v instanceof UintValue) text = v1Decimal(v)
  else if (
    typeof v === 'string' ||
    v instanceof Uint8Array ||
    typeof v === 'boolean' ||
    v === null ||
    v instanceof TypeValue
  ) {
    text = v1String(v)
  } else if (v instanceof TimestampValue) text = `timestamp(${goQuote(formatTimestamp(v))})`
  else if (v instanceof DurationValue) text = `duration(${goQuote(formatDuration(v))})`
  else if (v instanceof ListValue) text = v1List(v)
  else if (v instanceof MapValue) text = v1Map(v)
  else if (typeof v === 'number') text = formatFixed(v, DEFAULT_PRECISION)
  else fail(`no formatting function for ${typeNameOf(v)}`)
  return quoteForCel(v, text)
}

function quoteForCel(v: Value, text: string): string {
  if (typeof v === 'string') return goQuote(text)
  if (v instanceof Uint8Array) return `b${goQuote(text)}`
  if (typeof v === 'number' && !Number.isFinite(v)) return goQuote(text)
  return text
}

function v1List(list: ListValue): string {
  return `[${list.items.map(v1Member).join(', ')}]`
}

function v1Map(map: MapValue): string {
  const keyText = (k: Value): string => {
    if (typeof k === 'string' || typeof k === 'boolean') return quoteForCel(k, v1String(k))
    if (typeof k === 'bigint' || k instanceof UintValue) return v1Decimal(k)
    fail(`no formatting function for map key of type ${typeNameOf(k)}`)
  }
  const pairs: [string, string][] = []
  for (const [k, v] of map.entries()) pairs.push([keyText(k), v1Member(v)])
  const sorted = pairs
    .map((e, idx) => ({ e, idx }))
    .sort((a, b) => compareStrings(a.e[0], b.e[0]) || a.idx - b.idx)
  return `{${sorted.map(({ e }) => `${e[0]}:${e[1]}`).join(', ')}}`
}

/** %f and %e accept doubles and the strings "NaN", "Infinity" and "-Infinity". */
function v1Float(v: Value, clause: string): number {
  if (typeof v === 'number') return v
  if (v === 'NaN') return NaN
  if (v === 'Infinity') return Infinity
  if (v === '-Infinity') return -Infinity
  fail(`${clause} clause can only be used on doubles, was given ${typeNameOf(v)}`)
}

function localeSpecial(x: number): string | undefined {
  if (Number.isNaN(x)) return 'NaN'
  if (x === Infinity) return '∞'
  if (x === -Infinity) return '-∞'
  return undefined
}

export interface FormatV1Options {
  /**
   * %e puts U+202F narrow no-break spaces around `×` (golang.org/x/text before v0.23.0, which
   * cel-go's own go.mod pins). Default: true.
   */
  readonly scientificNarrowSpaces?: boolean
}

/** cel-go builds "%<precision>e", a width, so the precision is always the default six digits. */
const v1Scientific =
  (times: string) =>
  (width: number | undefined): Clause =>
  (v) => {
    const x = v1Float(v, 'scientific')
    const special = localeSpecial(x)
    let text: string
    if (special !== undefined) text = special
    else {
      const { digits, exp } = scientificParts(x, DEFAULT_PRECISION)
      const e = Math.abs(exp).toString().padStart(2, '0')
      const sup = [...e].map((d) => SUPERSCRIPT[Number(d)]).join('')
      const sign = x < 0 ? '-' : ''
      text = `${sign}${digits[0]}.${digits.slice(1)}${times}10${exp < 0 ? '⁻' : ''}${sup}`
    }
    // x/text pads to the width by runes, so the narrower text gets more padding.
    const pad = (width ?? DEFAULT_PRECISION) - [...text].length
    return pad > 0 ? ' '.repeat(pad) + text : text
  }

const V1_BASE: Omit<Formatter, 'scientific'> = {
  string: v1String,
  decimal: v1Decimal,
  fixed: (precision) => (v) => {
    const x = v1Float(v, 'fixed-point')
    return localeSpecial(x) ?? groupThousands(formatFixed(x, precision ?? DEFAULT_PRECISION))
  },
  binary: (v) => {
    if (typeof v === 'boolean') return v ? '1' : '0'
    if (typeof v === 'bigint' || v instanceof UintValue) return radix(v, 2)
    fail(`only integers and bools can be formatted as binary, was given ${typeNameOf(v)}`)
  },
  hex: (upper) => (v) => {
    if (typeof v === 'string' || v instanceof Uint8Array) return hexOfText(v, upper)
    if (typeof v === 'bigint' || v instanceof UintValue) return radix(v, 16, upper)
    fail(
      `only integers, byte buffers, and strings can be formatted as hex, was given ${typeNameOf(v)}`
    )
  },
  octal: (v) => {
    if (typeof v === 'bigint' || v instanceof UintValue) return radix(v, 8)
    fail(`octal clause can only be used on integers, was given ${typeNameOf(v)}`)
  }
}

/** The version 1–3 formatters: %e with and without narrow no-break spaces around `×`. */
const V1_NARROW_SPACES: Formatter = { ...V1_BASE, scientific: v1Scientific('\u202f×\u202f') }
const V1_NO_SPACES: Formatter = { ...V1_BASE, scientific: v1Scientific('×') }

export function formatV1(format: string, args: ListValue, options: FormatV1Options = {}): Value {
  const formatter = (options.scientificNarrowSpaces ?? true) ? V1_NARROW_SPACES : V1_NO_SPACES
  return interpolate(format, args, formatter)
}

// Version 4+.

function v2Double(x: number): string {
  if (Number.isNaN(x)) return 'NaN'
  if (x === -Infinity) return '-Infinity'
  if (x === Infinity) return 'Infinity'
  return formatFixedShortest(x)
}

function v2String(v: Value): string {
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false'
    case 'bigint':
      return v.toString()
    case 'number':
      return v2Double(v)
    case 'string':
      return v
  }
  if (v === null) return 'null'
  if (v instanceof UintValue) return v.value.toString()
  if (v instanceof Uint8Array) return utf8DecodeLossy(v)
  if (v instanceof DurationValue) return formatDuration(v)
  if (v instanceof TimestampValue) return formatTimestamp(new TimestampValue(v.seconds, v.nanos))
  if (v instanceof TypeValue) return v.name
  if (v instanceof ListValue) return `[${v.items.map(v2String).join(', ')}]`
  if (v instanceof MapValue) {
    return `{${sortedEntries(v, v2String)
      .map(([k, val]) => `${k}: ${val}`)
      .join(', ')}}`
  }
  return stringFormatError(v)
}

function v2Number(v: Value, clause: string): number {
  if (typeof v === 'number') return v
  if (typeof v === 'bigint') return Number(v)
  if (v instanceof UintValue) return Number(v.value)
  fail(`${clause} clause can only be used on ints, uints, and doubles, was given ${typeNameOf(v)}`)
}

function v2Special(x: number): string | undefined {
  if (Number.isNaN(x)) return 'NaN'
  if (x === -Infinity) return '-Infinity'
  if (x === Infinity) return 'Infinity'
  return undefined
}

const V2: Formatter = {
  string: v2String,
  decimal: (v) => {
    if (typeof v === 'bigint' || v instanceof UintValue) return radix(v, 10)
    if (typeof v === 'number') return v2Double(v)
    fail(`decimal clause can only be used on ints, uints, and doubles, was given ${typeNameOf(v)}`)
  },
  fixed: (precision) => (v) => {
    const x = v2Number(v, 'fixed-point')
    return v2Special(x) ?? formatFixed(x, precision ?? DEFAULT_PRECISION)
  },
  scientific: (precision) => (v) => {
    const x = v2Number(v, 'scientific')
    return v2Special(x) ?? formatScientific(x, precision ?? DEFAULT_PRECISION)
  },
  binary: (v) => {
    if (typeof v === 'boolean') return v ? '1' : '0'
    if (typeof v === 'bigint' || v instanceof UintValue) return radix(v, 2)
    fail(`only ints, uints, and bools can be formatted as binary, was given ${typeNameOf(v)}`)
  },
  hex: (upper) => (v) => {
    if (typeof v === 'string' || v instanceof Uint8Array) return hexOfText(v, upper)
    if (typeof v === 'bigint' || v instanceof UintValue) return radix(v, 16, upper)
    fail(`only ints, uints, bytes, and strings can be formatted as hex, was given ${typeNameOf(v)}`)
  },
  octal: (v) => {
    if (typeof v === 'bigint' || v instanceof UintValue) return radix(v, 8)
    fail(`octal clause can only be used on ints and uints, was given ${typeNameOf(v)}`)
  }
}

export function formatV2(format: string, args: ListValue): Value {
  return interpolate(format, args, V2)
}
