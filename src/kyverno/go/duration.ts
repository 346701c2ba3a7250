/** Go's `time.Duration.String()`: `1h2m3.5s`, `1.5ms`, `0s`. */
export function formatGoDuration(nanos: bigint): string {
  if (nanos === 0n) return '0s'
  const negative = nanos < 0n
  let u = negative ? -nanos : nanos
  let out: string
  if (u < 1_000_000_000n) {
    let precision: number
    let unit: string
    if (u < 1_000n) {
      precision = 0
      unit = 'ns'
    } else if (u < 1_000_000n) {
      precision = 3
      unit = '\u00b5s'
    } else {
      precision = 6
      unit = 'ms'
    }
    const [fraction, whole] = fractionDigits(u, precision)
    out = `${whole}${fraction}${unit}`
  } else {
    const [fraction, seconds] = fractionDigits(u, 9)
    u = seconds
    out = `${u % 60n}${fraction}s`
    u /= 60n
    if (u > 0n) {
      out = `${u % 60n}m${out}`
      u /= 60n
      if (u > 0n) out = `${u}h${out}`
    }
  }
  return negative ? `-${out}` : out
}

/** fmtFrac: the fraction of v / 10^precision without trailing zeros, and the integer part. */
function fractionDigits(v: bigint, precision: number): [string, bigint] {
  let digits = ''
  let printing = false
  for (let i = 0; i < precision; i++) {
    const digit = v % 10n
    printing ||= digit !== 0n
    if (printing) digits = `${digit}${digits}`
    v /= 10n
  }
  return [printing ? `.${digits}` : '', v]
}
