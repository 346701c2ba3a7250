// cel-go's ext.Strings functions (ext/strings.go, v0.26), by library version: strings index by
// code point, follow Go's strings package for split/replace/trim, and `format` has two
// implementations — version 1–3 (what Kubernetes uses, ext/formatting.go) and version 4+
// (ext/formatting_v2.go).

import type { FunctionDef, OverloadDef } from '../interpreter/dispatch.js'
import { goValueString } from '../interpreter/go-value-format.js'
import { ListValue } from '../interpreter/list-value.js'
import { runes, trimSpace, utf8Length } from '../interpreter/text.js'
import { ErrorValue, type Value } from '../interpreter/values.js'
import type { RuntimeBehaviour } from '../interpreter/versions.js'
import { type FormatV1Options, formatV1, formatV2 } from './strings-format-impl.js'

function err(message: string): ErrorValue {
  return new ErrorValue(message)
}

function num(i: bigint): number {
  // Go converts int64 to int; values beyond ±2^53 are out of any string's range anyway.
  return i > 9007199254740991n
    ? Number.MAX_SAFE_INTEGER
    : i < -9007199254740991n
      ? -Number.MAX_SAFE_INTEGER
      : Number(i)
}

export function charAt(s: string, index: bigint): Value {
  const cps = runes(s)
  const i = num(index)
  if (i < 0 || i > cps.length) return err(`index out of range: ${index}`)
  return i === cps.length ? '' : cps[i]!
}

function matchesAt(cps: readonly string[], sub: readonly string[], at: number): boolean {
  for (let j = 0; j < sub.length; j++) if (cps[at + j] !== sub[j]) return false
  return true
}

/**
 * `indexOf('', n)` (`checkEmpty` false: cel-go before v0.29) is `n` whatever it is; from v0.29 a
 * negative `n` is an error and one past the end is the string's length (ext/strings.go 14f6746a).
 */
function emptySubstringAt(s: string, offset: bigint, checkEmpty: boolean): Value {
  if (!checkEmpty) return offset
  const off = num(offset)
  if (off < 0) return err(`index out of range: ${off}`)
  const length = runes(s).length
  return off > length ? BigInt(length) : offset
}

export function indexOf(s: string, sub: string, offset: bigint, checkEmpty = false): Value {
  if (sub === '') return emptySubstringAt(s, offset, checkEmpty)
  const off = num(offset)
  const cps = runes(s)
  const subCps = runes(sub)
  if (off < 0) return err(`index out of range: ${off}`)
  if (off >= cps.length) return -1n
  for (let i = off; i < cps.length - (subCps.length - 1); i++) {
    if (matchesAt(cps, subCps, i)) return BigInt(i)
  }
  return -1n
}

export function lastIndexOf(s: string, sub: string, offset?: bigint, checkEmpty = false): Value {
  const cps = runes(s)
  if (offset === undefined) {
    if (sub === '') return BigInt(cps.length)
    // cel-go compares byte lengths here.
    if (utf8Length(s) < utf8Length(sub)) return -1n
    offset = BigInt(cps.length - 1)
  }
  if (sub === '') return emptySubstringAt(s, offset, checkEmpty)
  let off = num(offset)
  const subCps = runes(sub)
  if (off < 0) return err(`index out of range: ${off}`)
  if (off >= cps.length) return -1n
  if (off > cps.length - subCps.length) off = cps.length - subCps.length
  for (let i = off; i >= 0; i--) {
    if (matchesAt(cps, subCps, i)) return BigInt(i)
  }
  return -1n
}

function mapAscii(s: string, upper: boolean): string {
  // Only runs of ASCII letters change, and JS case mapping maps those exactly as Go's does.
  return upper
    ? s.replace(/[a-z]+/gu, (run) => run.toUpperCase())
    : s.replace(/[A-Z]+/gu, (run) => run.toLowerCase())
}

/** strings.Replace(s, old, new, n); n < 0 replaces every occurrence. */
export function goReplace(s: string, old: string, replacement: string, n: number): string {
  if (old === replacement || n === 0) return s
  if (old === '') {
    const cps = runes(s)
    const count = cps.length + 1
    const limit = n < 0 || n > count ? count : n
    let out = ''
    for (let i = 0; i < cps.length; i++) {
      if (i < limit) out += replacement
      out += cps[i]
    }
    if (cps.length < limit) out += replacement
    return out
  }
  let out = ''
  let start = 0
  let done = 0
  while (n < 0 || done < n) {
    const j = s.indexOf(old, start)
    if (j < 0) break
    out += s.slice(start, j) + replacement
    start = j + old.length
    done++
  }
  return out + s.slice(start)
}

/** strings.SplitN(s, sep, n); n < 0 splits at every separator, n = 0 yields nothing. */
export function goSplit(s: string, sep: string, n: number): string[] {
  if (n === 0) return []
  if (sep === '') {
    const cps = runes(s)
    const count = n < 0 || n > cps.length ? cps.length : n
    const out = cps.slice(0, Math.max(count - 1, 0))
    if (count > 0) out.push(cps.slice(count - 1).join(''))
    return out
  }
  const out: string[] = []
  let rest = s
  while (n < 0 || out.length < n - 1) {
    const m = rest.indexOf(sep)
    if (m < 0) break
    out.push(rest.slice(0, m))
    rest = rest.slice(m + sep.length)
  }
  out.push(rest)
  return out
}

export function substring(s: string, start: bigint, end?: bigint): Value {
  const cps = runes(s)
  if (end === undefined) {
    const i = num(start)
    if (i < 0 || i > cps.length) return err(`index out of range: ${start}`)
    return cps.slice(i).join('')
  }
  if (start > end) return err(`invalid substring range. start: ${start}, end: ${end}`)
  const i = num(start)
  const j = num(end)
  if (i < 0 || i > cps.length) return err(`index out of range: ${start}`)
  if (j < 0 || j > cps.length) return err(`index out of range: ${end}`)
  return cps.slice(i, j).join('')
}

function joinList(list: ListValue, separator: string): Value {
  const parts: string[] = []
  for (const item of list.items) {
    if (typeof item !== 'string') return err(`join: invalid input: ${goValueString(item)}`)
    parts.push(item)
  }
  return parts.join(separator)
}

/** strings.quote: CEL escapes, invalid code points become U+FFFD. */
export function quote(s: string): string {
  let out = '"'
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    switch (c) {
      case 7:
        out += '\\a'
        break
      case 8:
        out += '\\b'
        break
      case 12:
        out += '\\f'
        break
      case 10:
        out += '\\n'
        break
      case 13:
        out += '\\r'
        break
      case 9:
        out += '\\t'
        break
      case 11:
        out += '\\v'
        break
      case 92:
        out += '\\\\'
        break
      case 34:
        out += '\\"'
        break
      default:
        out += c >= 0xd800 && c <= 0xdfff ? '\ufffd' : ch
    }
  }
  return `${out}"`
}

const s = (v: Value): string => v as string
const i = (v: Value): bigint => v as bigint

/**
 * ext.Strings at a version (cel-go's default is the latest); `formatOptions` reach the version 1–3
 * `format` (what the embedding program's golang.org/x/text prints).
 */
export function stringsFunctions(
  version: number,
  formatOptions: FormatV1Options = {},
  behaviour: Pick<RuntimeBehaviour, 'emptySubstringOffsetChecked'> = {
    emptySubstringOffsetChecked: false
  }
): FunctionDef[] {
  const checkEmpty = behaviour.emptySubstringOffsetChecked
  const defs: FunctionDef[] = [
    {
      name: 'charAt',
      overloads: [
        { id: 'string_char_at_int', args: ['string', 'int'], binary: (a, b) => charAt(s(a), i(b)) }
      ]
    },
    {
      name: 'indexOf',
      overloads: [
        {
          id: 'string_index_of_string',
          args: ['string', 'string'],
          binary: (a, b) => indexOf(s(a), s(b), 0n)
        },
        {
          id: 'string_index_of_string_int',
          args: ['string', 'string', 'int'],
          fn: (args) => indexOf(s(args[0]!), s(args[1]!), i(args[2]!), checkEmpty)
        }
      ]
    },
    {
      name: 'lastIndexOf',
      overloads: [
        {
          id: 'string_last_index_of_string',
          args: ['string', 'string'],
          binary: (a, b) => lastIndexOf(s(a), s(b))
        },
        {
          id: 'string_last_index_of_string_int',
          args: ['string', 'string', 'int'],
          fn: (args) => lastIndexOf(s(args[0]!), s(args[1]!), i(args[2]!), checkEmpty)
        }
      ]
    },
    {
      name: 'lowerAscii',
      overloads: [
        { id: 'string_lower_ascii', args: ['string'], unary: (a) => mapAscii(s(a), false) }
      ]
    },
    {
      name: 'replace',
      overloads: [
        {
          id: 'string_replace_string_string',
          args: ['string', 'string', 'string'],
          fn: (args) => goReplace(s(args[0]!), s(args[1]!), s(args[2]!), -1)
        },
        {
          id: 'string_replace_string_string_int',
          args: ['string', 'string', 'string', 'int'],
          fn: (args) => goReplace(s(args[0]!), s(args[1]!), s(args[2]!), num(i(args[3]!)))
        }
      ]
    },
    {
      name: 'split',
      overloads: [
        {
          id: 'string_split_string',
          args: ['string', 'string'],
          binary: (a, b) => new ListValue(goSplit(s(a), s(b), -1))
        },
        {
          id: 'string_split_string_int',
          args: ['string', 'string', 'int'],
          fn: (args) => new ListValue(goSplit(s(args[0]!), s(args[1]!), num(i(args[2]!))))
        }
      ]
    },
    {
      name: 'substring',
      overloads: [
        {
          id: 'string_substring_int',
          args: ['string', 'int'],
          binary: (a, b) => substring(s(a), i(b))
        },
        {
          id: 'string_substring_int_int',
          args: ['string', 'int', 'int'],
          fn: (args) => substring(s(args[0]!), i(args[1]!), i(args[2]!))
        }
      ]
    },
    {
      name: 'trim',
      overloads: [{ id: 'string_trim', args: ['string'], unary: (a) => trimSpace(s(a)) }]
    },
    {
      name: 'upperAscii',
      overloads: [
        { id: 'string_upper_ascii', args: ['string'], unary: (a) => mapAscii(s(a), true) }
      ]
    }
  ]
  if (version >= 1) {
    const format =
      version >= 4
        ? formatV2
        : (text: string, args: ListValue): Value => formatV1(text, args, formatOptions)
    defs.push(
      {
        name: 'format',
        overloads: [
          {
            id: 'string_format',
            args: ['string', { list: 'dyn' }],
            fn: (args) => format(s(args[0]!), args[1] as ListValue)
          }
        ]
      },
      {
        name: 'strings.quote',
        overloads: [{ id: 'strings_quote', args: ['string'], unary: (a) => quote(s(a)) }]
      }
    )
  }
  const join: OverloadDef[] = [
    { id: 'list_join', args: [{ list: 'string' }], unary: (l) => joinList(l as ListValue, '') },
    {
      id: 'list_join_string',
      args: [{ list: 'string' }, 'string'],
      binary: (l, sep) => joinList(l as ListValue, s(sep))
    }
  ]
  defs.push({ name: 'join', overloads: join })
  if (version >= 3) {
    defs.push({
      name: 'reverse',
      overloads: [
        { id: 'string_reverse', args: ['string'], unary: (a) => runes(s(a)).reverse().join('') }
      ]
    })
  }
  return defs
}
