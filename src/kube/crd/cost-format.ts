/** Numbers in cost messages: `1,048,576`, `62.5%`. */

/** An integer with thousands separators (no locale data needed). */
export function formatCount(n: bigint | number): string {
  const text = typeof n === 'bigint' ? n.toString() : String(Math.round(n))
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** cost / limit as a float (what the apiserver's factor is computed from). */
export function budgetRatio(cost: bigint, limit: bigint): number {
  return Number(cost) / Number(limit)
}

/** A ratio as a percentage with at most one decimal: `62.5%`, `178%`, `>10,000%`. */
export function formatPercent(ratio: number): string {
  const pct = ratio * 100
  if (pct >= 10_000) return '>10,000%'
  if (pct >= 100) return `${formatCount(Math.floor(pct))}%`
  const oneDecimal = Math.floor(pct * 10) / 10
  return `${Number.isInteger(oneDecimal) ? oneDecimal.toFixed(0) : oneDecimal.toFixed(1)}%`
}
