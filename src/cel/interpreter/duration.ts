// Durations the way cel-go handles them: Go's time.ParseDuration and the seconds-as-float string
// form of Duration.ConvertToType(StringType).

import { DurationValue } from './values.js'

const NANOS_PER_SECOND = 1_000_000_000n

const DURATION_UNITS: ReadonlyMap<string, bigint> = new Map([
  ['ns', 1n],
  ['us', 1000n],
  ['\u00b5s', 1000n],
  ['\u03bcs', 1000n],
  ['ms', 1_000_000n],
  ['s', 1_000_000_000n],
  ['m', 60_000_000_000n],
  ['h', 3_600_000_000_000n]
])

const TWO_POW_63 = 1n << 63n

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57
}

/** time.ParseDuration, or undefined for text Go rejects (including overflow). */
export function parseDuration(text: string): DurationValue | undefined {
  let s = text
  let negative = false
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    negative = s[0] === '-'
    s = s.slice(1)
  }
  if (s === '0') return new DurationValue(0n)
  if (s === '') return undefined
  let total = 0n
  while (s !== '') {
    if (!(s[0] === '.' || isDigitCode(s.charCodeAt(0)))) return undefined
    // Leading integer.
    let i = 0
    let v = 0n
    while (i < s.length && isDigitCode(s.charCodeAt(i))) {
      if (v > TWO_POW_63 / 10n) return undefined
      v = v * 10n + BigInt(s.charCodeAt(i) - 48)
      if (v > TWO_POW_63) return undefined
      i++
    }
    const pre = i > 0
    s = s.slice(i)
    // Fraction: digits keep accumulating until they would overflow, the rest are ignored.
    let f = 0n
    let scale = 1
    let post = false
    if (s[0] === '.') {
      s = s.slice(1)
      let j = 0
      let overflow = false
      while (j < s.length && isDigitCode(s.charCodeAt(j))) {
        if (!overflow) {
          if (f > (TWO_POW_63 - 1n) / 10n) {
            overflow = true
          } else {
            const next = f * 10n + BigInt(s.charCodeAt(j) - 48)
            if (next > TWO_POW_63) overflow = true
            else {
              f = next
              scale *= 10
            }
          }
        }
        j++
      }
      post = j > 0
      s = s.slice(j)
    }
    if (!pre && !post) return undefined
    let u = 0
    while (u < s.length && s[u] !== '.' && !isDigitCode(s.charCodeAt(u))) u++
    if (u === 0) return undefined
    const unit = DURATION_UNITS.get(s.slice(0, u))
    if (unit === undefined) return undefined
    s = s.slice(u)
    if (v > TWO_POW_63 / unit) return undefined
    v *= unit
    if (f > 0n) {
      // Go: v += uint64(float64(f) * (float64(unit) / scale))
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)))
      if (v > TWO_POW_63) return undefined
    }
    total += v
    if (total > TWO_POW_63) return undefined
  }
  if (negative) return new DurationValue(-total)
  if (total > TWO_POW_63 - 1n) return undefined
  return new DurationValue(total)
}

/** strconv.FormatFloat(x, 'f', -1, 64): shortest round-trip digits in fixed notation. */
export function formatFixedShortest(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0'
  const negative = x < 0
  const [mantissa, expText] = Math.abs(x).toExponential().split('e') as [string, string]
  const exp = Number(expText)
  const digits = mantissa.replace('.', '')
  let out: string
  if (exp < 0) out = `0.${'0'.repeat(-exp - 1)}${digits}`
  else if (digits.length <= exp + 1) out = digits + '0'.repeat(exp + 1 - digits.length)
  else out = `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`
  return negative ? `-${out}` : out
}

/** cel-go duration → string: seconds as a float, e.g. `1.5s`, `0.000000001s`. */
export function formatDuration(d: DurationValue): string {
  const sec = d.nanos / NANOS_PER_SECOND
  const nsec = d.nanos % NANOS_PER_SECOND
  return `${formatFixedShortest(Number(sec) + Number(nsec) / 1e9)}s`
}
