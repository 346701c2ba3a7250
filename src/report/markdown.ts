/**
 * Markdown building blocks shared by the summary's sections: GFM tables and the number formats
 * every section uses, so that one figure reads the same wherever it is shown.
 */

export type Align = 'l' | 'r' | 'c'

export function tableHead(cells: readonly string[], align: readonly Align[]): string {
  const rule = align.map((a) => (a === 'r' ? ' ---: ' : a === 'c' ? ' :---: ' : ' --- '))
  return `${tableRow(cells)}\n|${rule.join('|')}|`
}

export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`
}

/** `1,572,864`: thousands separators without depending on the ICU data of the Node build. */
export function formatInteger(n: number | bigint): string {
  const text = typeof n === 'bigint' ? n.toString() : String(Math.round(n))
  const negative = text.startsWith('-')
  const digits = negative ? text.slice(1) : text
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
}

/** `part` as a percentage of `whole` with one decimal, rounded half up: `16.7%`. */
export function formatPercent(part: bigint, whole: bigint): string {
  if (whole <= 0n) return '–'
  const tenths = (part * 2000n + whole) / (2n * whole)
  return `${formatInteger(tenths / 10n)}.${tenths % 10n}%`
}

/** `512 B`, `12.1 KiB`, `3.0 MiB`. */
export function formatIec(bytes: number | bigint): string {
  const n = Number(bytes)
  if (n < 1024) return `${formatInteger(n)} B`
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let value = n / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(1)} ${units[unit]}`
}

/** `<1 ms`, `340 ms`, `9.1 s`, `2 m 05 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–'
  if (ms < 1) return '<1 ms'
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)} m ${String(seconds % 60).padStart(2, '0')} s`
}

/** A share of 1 as a percentage with one decimal: `12.5%`, `<0.1%` for a sliver. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.001) return '<0.1%'
  return `${(share * 100).toFixed(1)}%`
}

const SI_PREFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y']

/**
 * A count too large to read digit by digit, with an SI prefix and three significant digits:
 * `111,936,119,301,221` is `112 T`, `1,234,567,890` is `1.23 G`. Below a billion (a hundred
 * times the CEL per-rule budget) the exact figure stays, short enough to read and compare.
 */
export function formatMagnitude(n: number | bigint): string {
  const value = typeof n === 'bigint' ? n : BigInt(Math.round(n))
  const negative = value < 0n
  const abs = negative ? -value : value
  if (abs < 1_000_000_000n) return formatInteger(value)
  const digits = abs.toString().length
  // Three significant digits, rounded half up, from the exact integer (no float error).
  const scale = 10n ** BigInt(digits - 3)
  let mantissa = (abs + scale / 2n) / scale
  let exponent = digits - 3
  if (mantissa >= 1000n) {
    mantissa /= 10n
    exponent++
  }
  const group = Math.min(Math.floor((exponent + 2) / 3), SI_PREFIXES.length - 1)
  const shift = exponent - group * 3
  const text = shiftDecimal(mantissa, shift)
  return `${negative ? '-' : ''}${text} ${SI_PREFIXES[group]}`
}

/** `mantissa × 10^shift` written out, with a decimal point when `shift` is negative. */
function shiftDecimal(mantissa: bigint, shift: number): string {
  if (shift >= 0) return formatInteger(mantissa * 10n ** BigInt(shift))
  const text = mantissa.toString().padStart(-shift + 1, '0')
  const whole = text.slice(0, shift)
  const fraction = text.slice(shift).replace(/0+$/, '')
  return fraction === '' ? whole : `${whole}.${fraction}`
}

/**
 * A share of a budget: `62.5%`, `178%`, and past 1,000% a multiple, which reads at a glance
 * where a percentage of many digits does not: `17.8×`, `1.12 T×`.
 */
export function formatShareOfBudget(ratio: number): string {
  if (!Number.isFinite(ratio)) return ratio > 0 ? 'unbounded' : '–'
  const pct = ratio * 100
  if (pct >= 1000) return formatMultiple(ratio)
  if (pct >= 100) return `${formatInteger(Math.floor(pct))}%`
  return `${(Math.floor(pct * 10) / 10).toFixed(1)}%`
}

/** `17.8×`, `143×`, `1.12 G×`: a factor of ten or more. */
export function formatMultiple(factor: number): string {
  if (!Number.isFinite(factor)) return 'unbounded'
  if (factor < 100) return `${(Math.floor(factor * 10) / 10).toFixed(1)}×`
  if (factor < 1_000_000_000) return `${formatInteger(Math.floor(factor))}×`
  return `${formatMagnitude(BigInt(Math.floor(factor)))}×`
}

/**
 * A change in percent as the summary shows it: `+12%`, `-40%` as the delta writes it, and a
 * growth past 1,000% as the factor it is (`+14,262%` is `143× the base`).
 */
export function formatGrowth(percent: number, formatPercentChange: (p: number) => string): string {
  if (percent > 1000 && Number.isFinite(percent))
    return `${formatMultiple(1 + percent / 100)} the base`
  return formatPercentChange(percent)
}
