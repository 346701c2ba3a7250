/**
 * How Kyverno (Go) prints and parses the JSON values it handles: `%v`, `%T`, `strconv` number
 * formats and parsers. Kyverno's messages embed these texts, so they must be reproduced exactly.
 *
 * Number provenance: Go distinguishes int64 from float64; JSON read by Kubernetes' decoders
 * gives int64 for integral numbers (resources), while policy documents decoded by
 * `encoding/json` into `interface{}` give float64 everywhere. Functions that print numbers take
 * `ints`: whether an integral number stands for an int64 (true for resource values).
 */
import { isJsonObject } from '../../common/json.js'
import { compareGoStrings, goFloatV } from '../../kube/fielderrors/go-values.js'

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** A string field as Kubernetes' unstructured accessors read it: '' when absent or not a string. */
export const stringField = (v: unknown): string => (typeof v === 'string' ? v : '')

const INT64_LIMIT = 2 ** 63

/** Whether a JS number stands for an int64 when `ints` is set. */
export function isGoInt(n: number, ints: boolean): boolean {
  return ints && Number.isInteger(n) && Math.abs(n) < INT64_LIMIT
}

/** Go's `%v` of a decoded JSON value (maps print with sorted keys, as fmt does). */
export function goSprint(value: unknown, ints = true): string {
  if (value === null || value === undefined) return '<nil>'
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'number') {
    return isGoInt(value, ints) ? BigInt(value).toString() : goFloatV(value)
  }
  if (Array.isArray(value)) return `[${value.map((v) => goSprint(v, ints)).join(' ')}]`
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort(compareGoStrings)
    return `map[${keys.map((k) => `${k}:${goSprint(value[k], ints)}`).join(' ')}]`
  }
  return JSON.stringify(value) ?? ''
}

/** Go's `%T` of a decoded JSON value held in an `interface{}`. */
export function goTypeName(value: unknown, ints = true): string {
  if (value === null || value === undefined) return '<nil>'
  if (typeof value === 'string') return 'string'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'number') return isGoInt(value, ints) ? 'int64' : 'float64'
  if (Array.isArray(value)) return '[]interface {}'
  return 'map[string]interface {}'
}

/** `strconv.FormatFloat(f, 'E', -1, 64)`: shortest digits, `d.dddE+dd`. */
export function formatFloatE(f: number): string {
  if (Number.isNaN(f)) return 'NaN'
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : '-Inf'
  const [mantissa, exp] = f.toExponential().split('e') as [string, string]
  const e = Number(exp)
  return `${mantissa}E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`
}

/** `fmt.Sprintf("%f", f)`: fixed notation with six decimals. */
export function formatFloatF6(f: number): string {
  if (Number.isNaN(f)) return 'NaN'
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : '-Inf'
  if (Math.abs(f) < 1e21) return f.toFixed(6)
  // Integral at this magnitude: print the exact binary value.
  return `${BigInt(f).toString()}.000000`
}

/** `strconv.FormatFloat(f, 'f', -1, 32)`: the shortest digits that identify the float32. */
export function formatFloat32F(f: number): string {
  const target = Math.fround(f)
  if (!Number.isFinite(target)) return Number.isNaN(target) ? 'NaN' : target > 0 ? '+Inf' : '-Inf'
  for (let precision = 1; precision <= 9; precision++) {
    const text = target.toPrecision(precision)
    if (Math.fround(Number(text)) === target) return plainDecimal(Number(text))
  }
  return plainDecimal(target)
}

/** A number in plain decimal notation (no exponent), as Go's 'f' format with -1 precision. */
function plainDecimal(n: number): string {
  const text = String(n)
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?e([+-][0-9]+)$/.exec(text)
  if (!match) return text
  const [, sign = '', whole = '', fraction = '', expText = '0'] = match
  const digits = whole + fraction
  const position = whole.length + Number(expText)
  let out: string
  if (position <= 0) out = `0.${'0'.repeat(-position)}${digits}`
  else if (position >= digits.length) out = digits + '0'.repeat(position - digits.length)
  else out = `${digits.slice(0, position)}.${digits.slice(position)}`
  return sign + out
}

const DECIMAL_INT = /^[+-]?[0-9]+$/
const MAX_INT64 = (1n << 63n) - 1n
const MIN_INT64 = -(1n << 63n)

/** `strconv.ParseInt(s, 10, 64)`, or undefined where Go returns an error. */
export function parseGoInt(s: string): bigint | undefined {
  if (!DECIMAL_INT.test(s)) return undefined
  const value = BigInt(s)
  return value > MAX_INT64 || value < MIN_INT64 ? undefined : value
}

const DECIMAL_FLOAT = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/
const HEX_FLOAT =
  /^([+-]?)0[xX]((?:[0-9a-fA-F_]+\.?[0-9a-fA-F_]*|\.[0-9a-fA-F_]+))[pP]([+-]?[0-9_]+)$/
const SPECIAL_FLOAT = /^([+-]?)(inf|infinity|nan)$/i

/** `strconv.ParseFloat(s, 64)`, or undefined where Go returns an error (syntax or range). */
export function parseGoFloat(s: string): number | undefined {
  const special = SPECIAL_FLOAT.exec(s)
  if (special) {
    if (special[2]!.toLowerCase() === 'nan') return NaN
    return special[1] === '-' ? -Infinity : Infinity
  }
  if (DECIMAL_FLOAT.test(s)) {
    const value = Number(s)
    return Number.isFinite(value) ? value : undefined
  }
  const hex = HEX_FLOAT.exec(s)
  if (hex) {
    const [, sign, mantissaText, expText] = hex as unknown as [string, string, string, string]
    const clean = mantissaText.replace(/_/g, '')
    const [intPart, fracPart = ''] = clean.split('.') as [string, string?]
    let mantissa = 0
    for (const c of intPart) mantissa = mantissa * 16 + parseInt(c, 16)
    let scale = 1
    for (const c of fracPart) {
      scale /= 16
      mantissa += parseInt(c, 16) * scale
    }
    const value = mantissa * 2 ** Number(expText.replace(/_/g, ''))
    if (!Number.isFinite(value)) return undefined
    return sign === '-' ? -value : value
  }
  return undefined
}
