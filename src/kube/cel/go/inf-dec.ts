/**
 * The arbitrary-precision decimal of gopkg.in/inf.v0 (inf.Dec) as resource.Quantity uses it:
 * `unscaled × 10^-scale`, mutable in place like the Go value behind a pointer, so a decimal two
 * quantities share changes for both (the pre-1.37 quantity `add`/`sub` behaviour, quantity.ts).
 */

/** 10^n for n ≥ 0. */
export function pow10(n: number): bigint {
  return 10n ** BigInt(n)
}

export class InfDec {
  constructor(
    /** The unscaled integer. */
    public unscaled: bigint = 0n,
    /** The scale: the value is unscaled × 10^-scale (inf.Scale, an int32). */
    public scale = 0
  ) {}

  static of(unscaled: bigint, scale: number): InfDec {
    return new InfDec(unscaled, scale)
  }

  /** A new decimal with the same value and scale (inf's `new(Dec).Set(x)`). */
  copy(): InfDec {
    return new InfDec(this.unscaled, this.scale)
  }

  /** z.Set(x): this takes x's unscaled value and scale. */
  set(x: InfDec): this {
    this.unscaled = x.unscaled
    this.scale = x.scale
    return this
  }

  sign(): -1 | 0 | 1 {
    return this.unscaled < 0n ? -1 : this.unscaled > 0n ? 1 : 0
  }

  /** The unscaled value at a larger-or-equal scale (inf's upscale of the smaller operand). */
  private unscaledAt(scale: number): bigint {
    return scale === this.scale ? this.unscaled : this.unscaled * pow10(scale - this.scale)
  }

  cmp(y: InfDec): -1 | 0 | 1 {
    const s = Math.max(this.scale, y.scale)
    const a = this.unscaledAt(s)
    const b = y.unscaledAt(s)
    return a < b ? -1 : a > b ? 1 : 0
  }

  /** z.Add(x, y): the exact sum at the larger of the two scales, written into this. */
  add(x: InfDec, y: InfDec): this {
    const s = Math.max(x.scale, y.scale)
    const sum = x.unscaledAt(s) + y.unscaledAt(s)
    this.scale = s
    this.unscaled = sum
    return this
  }

  sub(x: InfDec, y: InfDec): this {
    const s = Math.max(x.scale, y.scale)
    const difference = x.unscaledAt(s) - y.unscaledAt(s)
    this.scale = s
    this.unscaled = difference
    return this
  }

  neg(x: InfDec): this {
    this.unscaled = -x.unscaled
    this.scale = x.scale
    return this
  }

  /**
   * z.Round(x, s, inf.RoundUp): x at scale s exactly, rounded away from zero when digits are
   * dropped (the only rounder resource.Quantity uses).
   */
  roundUp(x: InfDec, s: number): this {
    let unscaled: bigint
    if (s >= x.scale) {
      unscaled = x.unscaled * pow10(s - x.scale)
    } else {
      const divisor = pow10(x.scale - s)
      const quotient = x.unscaled / divisor
      const remainder = x.unscaled % divisor
      unscaled = remainder === 0n ? quotient : quotient + (x.unscaled < 0n ? -1n : 1n)
    }
    this.unscaled = unscaled
    this.scale = s
    return this
  }

  /**
   * z.SetString(s): an optional sign, digits with at most one decimal point, at least one digit
   * and nothing else. Undefined when inf rejects the text.
   */
  static parse(text: string): InfDec | undefined {
    let digits = ''
    let negative = false
    let point = -1
    let sawDigit = false
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!
      if (ch === '+' || ch === '-') {
        // A sign must come first; anything after the scan stops makes SetString fail.
        if (i !== 0) return undefined
        negative = ch === '-'
      } else if (ch === '.') {
        if (point >= 0) return undefined
        point = digits.length
      } else if (ch >= '0' && ch <= '9') {
        digits += ch
        sawDigit = true
      } else {
        return undefined
      }
    }
    if (!sawDigit) return undefined
    const magnitude = BigInt(digits)
    return new InfDec(negative ? -magnitude : magnitude, point >= 0 ? digits.length - point : 0)
  }

  /** The exact decimal value as text, for equality keys and tests (`-12.5`, `0`). */
  toString(): string {
    const negative = this.unscaled < 0n
    let digits = (negative ? -this.unscaled : this.unscaled).toString()
    if (this.scale <= 0) {
      digits = this.unscaled === 0n ? '0' : digits + '0'.repeat(-this.scale)
    } else {
      digits = digits.padStart(this.scale + 1, '0')
      digits = `${digits.slice(0, -this.scale)}.${digits.slice(-this.scale)}`
    }
    return negative ? `-${digits}` : digits
  }
}

/** A canonical text of a decimal value: equal values give equal keys whatever their scale. */
export function decimalKey(unscaled: bigint, scale: number): string {
  if (unscaled === 0n) return '0'
  let u = unscaled
  let s = scale
  while (u % 10n === 0n) {
    u /= 10n
    s -= 1
  }
  return `${u}e${-s}`
}
