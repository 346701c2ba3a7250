/**
 * Decoded JSON as the apiserver's validator sees it (crd-validation-spec.md §10 step 1): Go's
 * `interface{}` values with their dynamic types. The convention is the one of
 * src/kube/fielderrors/go-values.ts: an integral number below 2^63 in magnitude (or a bigint) is
 * an int64, any other number — and a `GoFloat` — is a float64; arrays are `[]interface{}`, plain
 * objects `map[string]interface{}`, null is nil.
 *
 * kube-openapi branches on these dynamic types (reflect.Kind), so the validator asks `kindOf`
 * instead of `typeof`, and compares and converts values the way `reflect` does.
 */
import { GoFloat } from '../fielderrors/index.js'
import { goFloatV, goQuote } from '../fielderrors/go-values.js'
import { pushAll } from '../../common/arrays.js'

export type GoKind = 'nil' | 'bool' | 'string' | 'int64' | 'float64' | 'slice' | 'map'

const TWO_POW_63 = 2 ** 63
const INT64_MIN = -(1n << 63n)
const INT64_MAX = (1n << 63n) - 1n

export function kindOf(v: unknown): GoKind {
  if (v === null || v === undefined) return 'nil'
  switch (typeof v) {
    case 'boolean':
      return 'bool'
    case 'string':
      return 'string'
    case 'number':
      return Number.isInteger(v) && Math.abs(v) < TWO_POW_63 ? 'int64' : 'float64'
    case 'bigint':
      return v >= INT64_MIN && v <= INT64_MAX ? 'int64' : 'float64'
    default:
      if (v instanceof GoFloat) return 'float64'
      return Array.isArray(v) ? 'slice' : 'map'
  }
}

/** The value of an int64 (`kindOf(v) === 'int64'`) exactly. */
export function int64Of(v: unknown): bigint {
  return typeof v === 'bigint' ? v : BigInt(v as number)
}

/** `float64(v)` of a number value: int64 → nearest float64, float64 as is. */
export function asFloat64(v: unknown): number {
  if (v instanceof GoFloat) return v.value
  if (typeof v === 'bigint') return Number(v)
  return typeof v === 'number' ? v : 0
}

/**
 * Go's `int64(f)` conversion of a float64 as compiled for amd64: truncation toward zero, and the
 * "integer indefinite" value -2^63 for NaN and out-of-range inputs (the Go spec leaves those
 * implementation-defined).
 */
export function float64ToInt64(f: number): bigint {
  if (!Number.isFinite(f) || f >= TWO_POW_63 || f < -TWO_POW_63) return INT64_MIN
  return BigInt(Math.trunc(f))
}

/** A float64 as a value that prints and compares as one (integral floats need the marker). */
export function float64Value(f: number): unknown {
  return Number.isInteger(f) && Math.abs(f) < TWO_POW_63 ? new GoFloat(f) : f
}

/** Go's `math.Round`: half away from zero. */
export function goRound(f: number): number {
  if (!Number.isFinite(f)) return f
  const t = Math.trunc(f)
  // f - t is exact for every float64, so the comparison is too.
  return Math.abs(f - t) >= 0.5 ? t + Math.sign(f) : t
}

const MAX_JSON_FLOAT = 2 ** 53 - 1

/** go-openapi/swag `conv.IsFloat64AJSONInteger` (v0.27): integral within ±(2^53-1), ε = 1e-9. */
export function isFloat64AJSONInteger(f: number): boolean {
  if (!Number.isFinite(f) || f < -MAX_JSON_FLOAT || f > MAX_JSON_FLOAT) return false
  const rounded = goRound(f)
  if (f === rounded) return true
  if (rounded === 0) return false
  const diff = Math.abs(f - rounded)
  return diff === 0 || diff < 1e-9 * Math.abs(rounded)
}

type Obj = Record<string, unknown>

/**
 * `reflect.DeepEqual` of two decoded values: dynamic types must agree (int64 1 ≠ float64 1),
 * NaN is unequal to itself, maps compare by key set. Iterative: values can nest deeply.
 */
export function goDeepEqual(a: unknown, b: unknown): boolean {
  const work: Array<[unknown, unknown]> = [[a, b]]
  while (work.length > 0) {
    const [x, y] = work.pop()!
    const kind = kindOf(x)
    if (kind !== kindOf(y)) return false
    switch (kind) {
      case 'nil':
        continue
      case 'int64':
        if (int64Of(x) !== int64Of(y)) return false
        continue
      case 'float64':
        if (asFloat64(x) !== asFloat64(y)) return false
        continue
      case 'bool':
      case 'string':
        if (x !== y) return false
        continue
      case 'slice': {
        const xs = x as unknown[]
        const ys = y as unknown[]
        if (xs.length !== ys.length) return false
        for (let i = 0; i < xs.length; i++) work.push([xs[i], ys[i]])
        continue
      }
      case 'map': {
        const xo = x as Obj
        const yo = y as Obj
        const keys = Object.keys(xo)
        if (keys.length !== Object.keys(yo).length) return false
        for (const k of keys) {
          if (!Object.hasOwn(yo, k)) return false
          work.push([xo[k], yo[k]])
        }
      }
    }
  }
  return true
}

/** `reflect.Type.ConvertibleTo` between the dynamic types decoded JSON can have. */
export function convertibleTo(from: GoKind, to: GoKind): boolean {
  if (from === to) return from !== 'nil'
  if (from === 'int64') return to === 'float64' || to === 'string'
  return from === 'float64' && to === 'int64'
}

/** `reflect.Value.Convert` for the conversions `convertibleTo` allows. */
export function convertTo(v: unknown, to: GoKind): unknown {
  const from = kindOf(v)
  if (from === to) return v
  if (from === 'int64' && to === 'float64') return float64Value(Number(int64Of(v)))
  if (from === 'int64' && to === 'string') {
    // string(rune(x)): values that are not a valid rune become U+FFFD.
    const n = int64Of(v)
    const valid = n >= 0n && n <= 0x10ffffn && !(n >= 0xd800n && n <= 0xdfffn)
    return valid ? String.fromCodePoint(Number(n)) : '\ufffd'
  }
  if (from === 'float64' && to === 'int64') return float64ToInt64(asFloat64(v))
  return v
}

/** Go's `%v` of a decoded value (used inside validator messages, e.g. enum lists). */
export function goV(value: unknown): string {
  // Iterative rendering: collections can nest deeply.
  const out: string[] = []
  const work: unknown[] = [value]
  const RAW = Symbol('raw')
  while (work.length > 0) {
    const v = work.pop()
    if (typeof v === 'object' && v !== null && RAW in v) {
      out.push((v as { [RAW]: string })[RAW])
      continue
    }
    const raw = (text: string) => ({ [RAW]: text })
    switch (kindOf(v)) {
      case 'nil':
        out.push('<nil>')
        break
      case 'bool':
        out.push(v ? 'true' : 'false')
        break
      case 'string':
        out.push(v as string)
        break
      case 'int64':
        out.push(int64Of(v).toString())
        break
      case 'float64':
        out.push(goFloatV(asFloat64(v)))
        break
      case 'slice': {
        const frames: unknown[] = [raw('[')]
        ;(v as unknown[]).forEach((item, i) => {
          if (i > 0) frames.push(raw(' '))
          frames.push(item)
        })
        frames.push(raw(']'))
        pushAll(work, frames.reverse())
        break
      }
      case 'map': {
        // fmt prints maps with sorted keys.
        const o = v as Obj
        const frames: unknown[] = [raw('map[')]
        Object.keys(o)
          .sort()
          .forEach((k, i) => {
            frames.push(raw(`${i > 0 ? ' ' : ''}${k}:`))
            frames.push(o[k])
          })
        frames.push(raw(']'))
        pushAll(work, frames.reverse())
      }
    }
  }
  return out.join('')
}

export { goFloatV, goQuote }
