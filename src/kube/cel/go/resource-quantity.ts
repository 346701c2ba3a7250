/**
 * apimachinery's resource.Quantity (pkg/api/resource: quantity.go, amount.go, math.go,
 * suffix.go), reproduced for what CEL and celgate can observe: parsing and its errors, the
 * canonical string, comparison, int64 / float conversion, and in-place `Add`/`Sub`.
 *
 * A quantity is held as a scaled int64 while it fits and as an inf.Dec otherwise, and several
 * results depend on which (`AsInt64` fails for a decimal even when the value is whole; the float
 * conversion differs). Methods follow the Go receivers: those on `*Quantity` change this object
 * (`cmp` converts it to a decimal when it has to compare as decimals, like Go's `q.AsDec()`).
 */
import { InfDec, decimalKey } from './inf-dec.js'

export type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI'

const MAX_INT64 = (1n << 63n) - 1n
const MIN_INT64 = -(1n << 63n)

/** Go's int64 wrap-around of an exact integer. */
function wrapInt64(x: bigint): bigint {
  return BigInt.asIntN(64, x)
}

function inInt64(x: bigint): boolean {
  return x >= MIN_INT64 && x <= MAX_INT64
}

export const SPLIT_RE_STRING = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'

export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${SPLIT_RE_STRING}'`
export const ERR_NUMERIC = 'unable to parse numeric part of quantity'
export const ERR_SUFFIX = "unable to parse quantity's suffix"

export class QuantityParseError extends Error {
  override name = 'QuantityParseError'
}

/** The scaled int64 form (amount.go int64Amount): value × 10^scale. */
interface Int64Amount {
  value: bigint
  scale: number
}

// math.go helpers, with Go's overflow tests replaced by exact range checks (equivalent results).

function int64Multiply(a: bigint, b: bigint): bigint | undefined {
  const c = a * b
  return inInt64(c) ? c : undefined
}

function positiveScaleInt64(base: bigint, scale: number): bigint | undefined {
  let value = base
  for (let i = 0; i < scale; i++) {
    const next = int64Multiply(value, 10n)
    if (next === undefined) return undefined
    value = next
  }
  return value
}

/** Divides by 10^scale rounding away from zero; exact says no fraction was dropped. */
function negativeScaleInt64(base: bigint, scale: number): { result: bigint; exact: boolean } {
  if (scale === 0) return { result: base, exact: true }
  let value = base
  let fraction = false
  for (let i = 0; i < scale; i++) {
    if (!fraction && value % 10n !== 0n) fraction = true
    value /= 10n
    if (value === 0n) {
      if (fraction) return { result: base > 0n ? 1n : -1n, exact: false }
      return { result: 0n, exact: true }
    }
  }
  if (fraction) value += base > 0n ? 1n : -1n
  return { result: value, exact: !fraction }
}

function divideByScaleInt64(
  base: bigint,
  scale: number
): { result: bigint; remainder: bigint; exact: boolean } {
  if (scale === 0) return { result: base, remainder: 0n, exact: true }
  if (scale >= 18) return { result: 0n, remainder: base, exact: false }
  const divisor = 10n ** BigInt(scale)
  return { result: base / divisor, remainder: base % divisor, exact: true }
}

/** Strips factors of `base` from |value|, counting them (math.go removeInt64Factors). */
function removeInt64Factors(value: bigint, base: bigint): { result: bigint; times: number } {
  const negative = value < 0n
  // -MinInt64 wraps to itself in Go, and then no factor is removed.
  let result = negative ? wrapInt64(-value) : value
  let times = 0
  while (result >= base && result % base === 0n) {
    times++
    result /= base
  }
  if (negative) result = wrapInt64(-result)
  return { result, times }
}

function removeBigIntFactors(d: bigint, factor: bigint): { result: bigint; times: number } {
  let value = d
  let times = 0
  while (value !== 0n && value % factor === 0n) {
    times++
    value /= factor
  }
  return { result: value, times }
}

function int64AmountAsDec(a: Int64Amount): InfDec {
  return InfDec.of(a.value, -a.scale)
}

function int64AmountCmp(a0: Int64Amount, b0: Int64Amount): -1 | 0 | 1 {
  let a = a0.value
  let b = b0.value
  if (a0.scale > b0.scale) {
    const d = divideByScaleInt64(b, a0.scale - b0.scale)
    if (!d.exact) return int64AmountAsDec(a0).cmp(int64AmountAsDec(b0))
    if (d.result === a) return d.remainder === 0n ? 0 : d.remainder > 0n ? -1 : 1
    b = d.result
  } else if (a0.scale < b0.scale) {
    const d = divideByScaleInt64(a, b0.scale - a0.scale)
    if (!d.exact) return int64AmountAsDec(a0).cmp(int64AmountAsDec(b0))
    if (d.result === b) return d.remainder === 0n ? 0 : d.remainder > 0n ? 1 : -1
    a = d.result
  }
  return a === b ? 0 : a < b ? -1 : 1
}

/** amount.go (*int64Amount).Add: false when the sum does not fit (a is then unchanged). */
function int64AmountAdd(a: Int64Amount, b: Int64Amount): boolean {
  if (b.value === 0n) return true
  if (a.value === 0n) {
    a.value = b.value
    a.scale = b.scale
    return true
  }
  if (a.scale === b.scale) {
    const c = a.value + b.value
    if (!inInt64(c)) return false
    a.value = c
  } else if (a.scale > b.scale) {
    const scaled = positiveScaleInt64(a.value, a.scale - b.scale)
    if (scaled === undefined) return false
    const c = scaled + b.value
    if (!inInt64(c)) return false
    a.scale = b.scale
    a.value = c
  } else {
    const scaled = positiveScaleInt64(b.value, b.scale - a.scale)
    if (scaled === undefined) return false
    const c = a.value + scaled
    if (!inInt64(c)) return false
    a.value = c
  }
  return true
}

function int64AmountAsCanonical(a: Int64Amount): { number: string; exponent: number } {
  const { result, times } = removeInt64Factors(a.value, 10n)
  let amount = result
  let exponent = a.scale + times
  // Go's % keeps the dividend's sign, as JavaScript's does.
  switch (exponent % 3) {
    case 1:
    case -2: {
      const m = amount * 10n
      if (!inInt64(m)) return decAsCanonical(int64AmountAsDec(a))
      amount = m
      exponent -= 1
      break
    }
    case 2:
    case -1: {
      const m = amount * 100n
      if (!inInt64(m)) return decAsCanonical(int64AmountAsDec(a))
      amount = m
      exponent -= 2
      break
    }
  }
  return { number: amount.toString(), exponent }
}

function int64AmountAsCanonicalBase1024(a: Int64Amount): { number: string; exponent: number } {
  let value: bigint | undefined
  if (a.scale < 0) value = negativeScaleInt64(a.value, -a.scale).result
  else value = positiveScaleInt64(a.value, a.scale)
  if (value === undefined) return decAsCanonicalBase1024(int64AmountAsDec(a))
  const { result, times } = removeInt64Factors(value, 1024n)
  return { number: result.toString(), exponent: times }
}

function decAsCanonical(d: InfDec): { number: string; exponent: number } {
  const { result, times } = removeBigIntFactors(d.unscaled, 10n)
  let amount = result
  let exponent = -d.scale + times
  while (exponent % 3 !== 0) {
    amount *= 10n
    exponent--
  }
  return { number: amount.toString(), exponent }
}

function decAsCanonicalBase1024(d: InfDec): { number: string; exponent: number } {
  const rounded = new InfDec().roundUp(d, 0)
  const { result, times } = removeBigIntFactors(rounded.unscaled, 1024n)
  return { number: result.toString(), exponent: times }
}

// suffix.go: the suffixes a quantity may carry.

const DECIMAL_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['n', -9],
  ['u', -6],
  ['m', -3],
  ['', 0],
  ['k', 3],
  ['M', 6],
  ['G', 9],
  ['T', 12],
  ['P', 15],
  ['E', 18]
])
const BINARY_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['Ki', 10],
  ['Mi', 20],
  ['Gi', 30],
  ['Ti', 40],
  ['Pi', 50],
  ['Ei', 60]
])
const DECIMAL_BY_EXPONENT = new Map([...DECIMAL_SUFFIXES].map(([s, e]) => [e, s]))
const BINARY_BY_EXPONENT = new Map([...BINARY_SUFFIXES].map(([s, e]) => [e, s]))

interface Suffix {
  base: 2 | 10
  exponent: number
  format: QuantityFormat
}

/** Go's strconv.ParseInt(s, 10, 64), as the decimal-exponent suffix uses it. */
function parseGoInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/u.test(s)) return undefined
  const v = BigInt(s)
  return inInt64(v) ? v : undefined
}

function interpretSuffix(suffix: string): Suffix | undefined {
  const decimal = DECIMAL_SUFFIXES.get(suffix)
  if (decimal !== undefined) return { base: 10, exponent: decimal, format: 'DecimalSI' }
  const binary = BINARY_SUFFIXES.get(suffix)
  if (binary !== undefined) return { base: 2, exponent: binary, format: 'BinarySI' }
  if (suffix.length > 1 && (suffix[0] === 'E' || suffix[0] === 'e')) {
    const parsed = parseGoInt64(suffix.slice(1))
    if (parsed === undefined) return undefined
    // int32(parsed): Go truncates the exponent to 32 bits.
    return { base: 10, exponent: Number(BigInt.asIntN(32, parsed)), format: 'DecimalExponent' }
  }
  return undefined
}

function constructSuffix(base: 2 | 10, exponent: number, format: QuantityFormat): string {
  switch (format) {
    case 'DecimalSI':
      // An exponent without a decimal suffix (beyond E) gets none at all, as in Go.
      return base === 10 ? (DECIMAL_BY_EXPONENT.get(exponent) ?? '') : ''
    case 'BinarySI':
      return base === 2 ? (BINARY_BY_EXPONENT.get(exponent) ?? '') : ''
    case 'DecimalExponent':
      return base !== 10 || exponent === 0 ? '' : `e${exponent}`
  }
}

// quantity.go parseQuantityString.

interface SplitQuantity {
  positive: boolean
  value: string
  num: string
  denom: string
  suffix: string
}

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9'
const SUFFIX_LETTERS = 'eEinumkKMGTP'

function splitQuantity(str: string): SplitQuantity {
  let positive = true
  let pos = 0
  const end = str.length
  if (pos < end) {
    if (str[0] === '-') {
      positive = false
      pos++
    } else if (str[0] === '+') {
      pos++
    }
  }
  // Leading zeros are skipped; all zeros is the number 0.
  while (pos < end && str[pos] === '0') pos++
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' }

  let i = pos
  while (i < end && isDigit(str[i])) i++
  if (i >= end) return { positive, value: str, num: str.slice(pos), denom: '', suffix: '' }
  let num = str.slice(pos, i)
  pos = i
  if (num.length === 0) num = '0'

  let denom = ''
  if (pos < end && str[pos] === '.') {
    pos++
    i = pos
    while (i < end && isDigit(str[i])) i++
    if (i >= end) return { positive, value: str, num, denom: str.slice(pos), suffix: '' }
    denom = str.slice(pos, i)
    pos = i
  }
  const value = str.slice(0, pos)

  const suffixStart = pos
  i = pos
  while (i < end && SUFFIX_LETTERS.includes(str[i]!)) i++
  if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) }
  pos = i
  if (str[pos] === '-' || str[pos] === '+') pos++
  i = pos
  while (i < end && isDigit(str[i])) i++
  if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) }
  throw new QuantityParseError(ERR_FORMAT_WRONG)
}

const NANO = -9
const MAX_INT64_FACTORS = 18

export class Quantity {
  /** The scaled int64 form; meaningful while `dec` is undefined. */
  i: Int64Amount
  /** The decimal form (shared by reference, like Go's *inf.Dec). */
  dec: InfDec | undefined
  /** The string the quantity was parsed from, kept when it is already canonical. */
  s: string
  format: QuantityFormat

  constructor(
    i: Int64Amount = { value: 0n, scale: 0 },
    dec: InfDec | undefined = undefined,
    format: QuantityFormat = 'DecimalSI',
    s = ''
  ) {
    this.i = i
    this.dec = dec
    this.format = format
    this.s = s
  }

  /** resource.NewQuantity(value, format). */
  static fromInt64(value: bigint, format: QuantityFormat): Quantity {
    return new Quantity({ value, scale: 0 }, undefined, format)
  }

  /** resource.ParseQuantity; throws QuantityParseError with apimachinery's messages. */
  static parse(str: string): Quantity {
    if (str.length === 0) throw new QuantityParseError(ERR_FORMAT_WRONG)
    if (str === '0') return new Quantity(undefined, undefined, 'DecimalSI', str)

    const { positive, value, num, denom, suffix } = splitQuantity(str)
    const interpreted = interpretSuffix(suffix)
    if (interpreted === undefined) throw new QuantityParseError(ERR_SUFFIX)
    const { base, exponent } = interpreted
    let format = interpreted.format

    let precision: number
    let scale = 0
    let mantissa = 1n
    if (format === 'BinarySI') {
      if (exponent >= 0 && denom.length === 0) {
        mantissa = 1n << BigInt(exponent)
        precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1
      } else {
        precision = -1
      }
    } else {
      scale = exponent
      precision = MAX_INT64_FACTORS - (num.length + denom.length)
    }

    // Fast path: fits an int64 at a scale of at least nano.
    if (precision >= 0) {
      scale -= denom.length
      if (scale >= NANO) {
        const shifted = num + denom
        const parsedValue = parseGoInt64(shifted)
        if (parsedValue === undefined) throw new QuantityParseError(ERR_NUMERIC)
        const product = int64Multiply(parsedValue, mantissa)
        if (product !== undefined) {
          const result = positive ? product : wrapInt64(-product)
          const amount = { value: result, scale }
          // The original text is kept when it already is the canonical form.
          if (format === 'BinarySI') {
            if (exponent % 10 === 0 && (parsedValue & 7n) !== 0n) {
              return new Quantity(amount, undefined, format, str)
            }
          } else if (scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0') {
            return new Quantity(amount, undefined, format, str)
          }
          return new Quantity(amount, undefined, format)
        }
      }
    }

    const amount = InfDec.parse(value)
    if (amount === undefined) throw new QuantityParseError(ERR_NUMERIC)
    if (base === 10) {
      amount.scale -= exponent
    } else {
      amount.unscaled *= 1n << BigInt(exponent)
    }
    const sign = amount.sign()
    if (sign === -1) amount.neg(amount)
    // Round up to nano (away from zero) unless the value is zero.
    if (amount.unscaled !== 0n) amount.roundUp(amount, -NANO)
    if (format === 'BinarySI' && amount.cmp(InfDec.of(MAX_INT64, 0)) > 0) {
      amount.set(InfDec.of(MAX_INT64, 0))
    }
    if (format === 'BinarySI' && amount.cmp(InfDec.of(1n, 0)) < 0 && amount.sign() > 0) {
      format = 'DecimalSI'
    }
    if (sign === -1) amount.neg(amount)
    return new Quantity(undefined, amount, format)
  }

  /** Go's struct copy `copy := *q`: the int64 form is copied, the decimal is shared. */
  shallowCopy(): Quantity {
    return new Quantity({ ...this.i }, this.dec, this.format, this.s)
  }

  /** Quantity.DeepCopy: an independent decimal too. */
  deepCopy(): Quantity {
    return new Quantity({ ...this.i }, this.dec?.copy(), this.format, this.s)
  }

  isDecimal(): boolean {
    return this.dec !== undefined
  }

  isZero(): boolean {
    return this.dec !== undefined ? this.dec.sign() === 0 : this.i.value === 0n
  }

  sign(): -1 | 0 | 1 {
    if (this.dec !== undefined) return this.dec.sign()
    return this.i.value === 0n ? 0 : this.i.value > 0n ? 1 : -1
  }

  /** (*Quantity).AsDec: converts this quantity to the decimal form (and keeps it so). */
  asDec(): InfDec {
    if (this.dec === undefined) {
      this.dec = int64AmountAsDec(this.i)
      this.i = { value: 0n, scale: 0 }
    }
    return this.dec
  }

  /** (*Quantity).Cmp: -1, 0 or 1; may convert this quantity to the decimal form. */
  cmp(y: Quantity): -1 | 0 | 1 {
    if (this.dec === undefined && y.dec === undefined) return int64AmountCmp(this.i, y.i)
    // y is passed by value in Go: converting it does not change the caller's quantity.
    return this.asDec().cmp(y.dec ?? int64AmountAsDec(y.i))
  }

  /** (Quantity).Equal: compares a copy, so neither operand changes. */
  equal(y: Quantity): boolean {
    return this.shallowCopy().cmp(y) === 0
  }

  cmpInt64(y: bigint): -1 | 0 | 1 {
    if (this.dec !== undefined) return this.dec.cmp(InfDec.of(y, 0))
    return int64AmountCmp(this.i, { value: y, scale: 0 })
  }

  /** (*Quantity).AsInt64: the integer value, or undefined (always for the decimal form). */
  asInt64(): bigint | undefined {
    if (this.dec !== undefined) return undefined
    const { value, scale } = this.i
    if (scale === 0) return value
    if (scale < 0) return undefined
    return positiveScaleInt64(value, scale)
  }

  /** (*Quantity).AsApproximateFloat64: base × math.Pow10(exponent) in float64. */
  asApproximateFloat64(): number {
    let base: number
    let exponent: number
    if (this.dec !== undefined) {
      // big.Float.SetInt(...).Float64() and Number(bigint) both round to nearest, ties to even.
      base = Number(this.dec.unscaled)
      exponent = -this.dec.scale
    } else {
      base = Number(this.i.value)
      exponent = this.i.scale
    }
    if (exponent === 0) return base
    return base * goPow10(exponent)
  }

  /** (*Quantity).Add: adds y in place (shared decimals change too, as in Go). */
  add(y: Quantity): void {
    this.s = ''
    if (this.dec === undefined && y.dec === undefined) {
      if (this.i.value === 0n) this.format = y.format
      const sum = { ...this.i }
      if (int64AmountAdd(sum, y.i)) {
        this.i = sum
        return
      }
    } else if (this.isZero()) {
      this.format = y.format
    }
    this.toDec()
    this.dec!.add(this.dec!, y.dec ?? int64AmountAsDec(y.i))
  }

  /**
   * (*Quantity).Sub: subtracts y in place. `exactMinInt64`: an int64 subtrahend of MinInt64 goes
   * to the decimal backend, which keeps the exact difference (apimachinery #141264, Kubernetes
   * 1.38); before, negating it wrapped to itself and the sum was taken in int64.
   */
  sub(y: Quantity, exactMinInt64 = false): void {
    this.s = ''
    if (this.isZero()) this.format = y.format
    const promote = exactMinInt64 && y.dec === undefined && y.i.value === MIN_INT64
    if (this.dec === undefined && y.dec === undefined && !promote) {
      const difference = { ...this.i }
      // int64Amount.Sub negates in int64: -MinInt64 wraps to itself.
      if (int64AmountAdd(difference, { value: wrapInt64(-y.i.value), scale: y.i.scale })) {
        this.i = difference
        return
      }
    }
    this.toDec()
    this.dec!.sub(this.dec!, y.dec ?? int64AmountAsDec(y.i))
  }

  private toDec(): void {
    if (this.dec === undefined) {
      this.dec = int64AmountAsDec(this.i)
      this.i = { value: 0n, scale: 0 }
    }
  }

  /** (*Quantity).String: the canonical form (or the parsed text when that is canonical). */
  toString(): string {
    if (this.s.length === 0) {
      const { number, suffix } = this.canonicalize()
      this.s = number + suffix
    }
    return this.s
  }

  /** CanonicalizeBytes: number and suffix of the canonical form. */
  private canonicalize(): { number: string; suffix: string } {
    if (this.isZero()) return { number: '0', suffix: '' }
    let format = this.format
    let rounded: Int64Amount | InfDec | undefined
    if (format === 'BinarySI') {
      if (this.cmpInt64(-1024n) > 0 && this.cmpInt64(1024n) < 0) {
        format = 'DecimalSI'
      } else {
        const scaled = this.asScale0()
        rounded = scaled.value
        if (!scaled.exact) format = 'DecimalSI'
      }
    }
    if (format !== 'BinarySI') {
      const { number, exponent } =
        this.dec !== undefined ? decAsCanonical(this.dec) : int64AmountAsCanonical(this.i)
      return { number, suffix: constructSuffix(10, exponent, format) }
    }
    const { number, exponent } =
      rounded instanceof InfDec
        ? decAsCanonicalBase1024(rounded)
        : int64AmountAsCanonicalBase1024(rounded!)
    return { number, suffix: constructSuffix(2, exponent * 10, format) }
  }

  /** AsScale(0): the value rounded up to an integer, and whether that was exact. */
  private asScale0(): { value: Int64Amount | InfDec; exact: boolean } {
    if (this.dec !== undefined) {
      const r = new InfDec().roundUp(this.dec, 0)
      return { value: r, exact: r.cmp(this.dec) === 0 }
    }
    if (this.i.scale >= 0) return { value: this.i, exact: true }
    const { result, exact } = negativeScaleInt64(this.i.value, -this.i.scale)
    return { value: { value: result, scale: 0 }, exact }
  }

  /** A text that is equal for equal values (what `Equal` compares), whatever the form. */
  valueKey(): string {
    return this.dec !== undefined
      ? decimalKey(this.dec.unscaled, this.dec.scale)
      : decimalKey(this.i.value, -this.i.scale)
  }
}

// Go's math.Pow10: table products, so large exponents round like Go's.
const POW10_TAB = Array.from({ length: 32 }, (_, i) => Number(`1e${i}`))
const POW10_POS_TAB32 = [1, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288]
const POW10_NEG_TAB32 = [
  1, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320
]

export function goPow10(n: number): number {
  if (n >= 0 && n <= 308) return POW10_POS_TAB32[Math.floor(n / 32)]! * POW10_TAB[n % 32]!
  if (n >= -323 && n <= 0) return POW10_NEG_TAB32[Math.floor(-n / 32)]! / POW10_TAB[-n % 32]!
  return n > 0 ? Infinity : 0
}
