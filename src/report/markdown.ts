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
