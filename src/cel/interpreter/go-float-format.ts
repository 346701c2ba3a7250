// Go's fixed-precision float formatting (fmt %.Nf, %.Ne, strconv.FormatFloat 'f'/'e'): exact
// decimal expansion of the double, rounded half to even, which JS's toFixed does not do
// (`(2.5).toFixed(0)` is "3", Go prints "2").

const view = new DataView(new ArrayBuffer(8))

/** The exact decimal digits of a finite positive double, with the position of the point. */
function exactDigits(x: number): { digits: string; point: number } {
  view.setFloat64(0, x)
  const hi = view.getUint32(0)
  const lo = view.getUint32(4)
  const exponent = (hi >>> 20) & 0x7ff
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo)
  let e: number
  if (exponent === 0) e = -1074
  else {
    mantissa |= 1n << 52n
    e = exponent - 1075
  }
  if (e >= 0) {
    const digits = (mantissa << BigInt(e)).toString()
    return { digits, point: digits.length }
  }
  // m / 2^k = m·5^k / 10^k
  const digits = (mantissa * 5n ** BigInt(-e)).toString()
  return { digits, point: digits.length + e }
}

/**
 * Rounds a digit string to `keep` digits (half to even). Returns the rounded digits (length
 * `keep`, or `keep + 1` when rounding carried into a new leading digit).
 */
function roundDigits(digits: string, keep: number): string {
  if (keep < 0) return ''
  if (digits.length <= keep) return digits.padEnd(keep, '0')
  const head = digits.slice(0, keep)
  const first = digits.charCodeAt(keep) - 48
  const rest = digits.slice(keep + 1)
  let roundUp: boolean
  if (first > 5) roundUp = true
  else if (first < 5) roundUp = false
  else if (/[1-9]/u.test(rest)) roundUp = true
  else roundUp = keep > 0 && (head.charCodeAt(keep - 1) - 48) % 2 === 1
  if (!roundUp) return head
  if (keep === 0) return '1'
  return (BigInt(head) + 1n).toString().padStart(keep, '0')
}

/** The special values as Go prints them with %f / %e. */
function special(x: number): string | undefined {
  if (Number.isNaN(x)) return 'NaN'
  if (x === Infinity) return '+Inf'
  if (x === -Infinity) return '-Inf'
  return undefined
}

/** fmt.Sprintf("%.{prec}f", x). */
export function formatFixed(x: number, prec: number): string {
  const s = special(x)
  if (s !== undefined) return s
  const negative = x < 0 || Object.is(x, -0)
  let body: string
  if (x === 0) body = prec > 0 ? `0.${'0'.repeat(prec)}` : '0'
  else {
    const { digits, point } = exactDigits(Math.abs(x))
    // Align to an integer part of at least one digit.
    const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits
    const intLen = Math.max(point, 1)
    const rounded = roundDigits(padded, intLen + prec)
    const intPart = rounded.slice(0, rounded.length - prec) || '0'
    const frac = rounded.slice(rounded.length - prec)
    body =
      prec > 0 ? `${intPart.replace(/^0+(?=\d)/u, '')}.${frac}` : intPart.replace(/^0+(?=\d)/u, '')
  }
  return negative ? `-${body}` : body
}

/** The mantissa digits (1 + prec of them) and decimal exponent of %.{prec}e. */
export function scientificParts(x: number, prec: number): { digits: string; exp: number } {
  if (x === 0) return { digits: '0'.repeat(prec + 1), exp: 0 }
  const { digits, point } = exactDigits(Math.abs(x))
  const trimmed = digits.replace(/^0+/u, '')
  const lead = digits.length - trimmed.length
  let exp = point - lead - 1
  let rounded = roundDigits(trimmed, prec + 1)
  if (rounded.length > prec + 1) {
    rounded = rounded.slice(0, prec + 1)
    exp++
  }
  return { digits: rounded, exp }
}

/** fmt.Sprintf("%.{prec}e", x), e.g. `1.052033e+03`. */
export function formatScientific(x: number, prec: number): string {
  const s = special(x)
  if (s !== undefined) return s
  const { digits, exp } = scientificParts(x, prec)
  const mantissa = prec > 0 ? `${digits[0]}.${digits.slice(1)}` : digits
  const e = Math.abs(exp)
  const sign = x < 0 || Object.is(x, -0) ? '-' : ''
  return `${sign}${mantissa}e${exp < 0 ? '-' : '+'}${e < 10 ? `0${e}` : e}`
}

/** Inserts `,` every three digits of the integer part (CLDR en grouping). */
export function groupThousands(fixed: string): string {
  const negative = fixed.startsWith('-')
  const body = negative ? fixed.slice(1) : fixed
  const dot = body.indexOf('.')
  const intPart = dot < 0 ? body : body.slice(0, dot)
  const rest = dot < 0 ? '' : body.slice(dot)
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/gu, ',')
  return `${negative ? '-' : ''}${grouped}${rest}`
}
