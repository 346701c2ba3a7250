// Cost and size ranges with cel-go's uint64 arithmetic (checker/cost.go SizeEstimate and
// CostEstimate; cel-cost-model.md §1). Costs and sizes share one representation: a pair of
// unsigned 64-bit integers kept as bigint so values near 2^64 stay exact.

/** U = 2^64 − 1, the largest uint64 (math.MaxUint64). */
export const U64_MAX = (1n << 64n) - 1n

const TWO_TO_64 = 2 ** 64

/** An inclusive range [min, max] of uint64 values: a cost, or the size of a value. */
export interface Range {
  readonly min: bigint
  readonly max: bigint
}

/** The size of a string (code points), bytes, list or map. */
export type SizeRange = Range
/** A cost in cel-go cost units. */
export type CostRange = Range

/** F(n) = [n, n] (cel-cost-model.md §1.2). */
export function fixed(n: bigint | number): Range {
  const v = BigInt(n)
  return { min: v, max: v }
}

export const ZERO: Range = fixed(0n)
export const ONE: Range = fixed(1n)

/** Unknown size [0, U]; multiplied by the factor 1 it is also cel-go's unknown cost. */
export const UNKNOWN: Range = { min: 0n, max: U64_MAX }

/** x + y, or U when the sum would exceed U (addUint64NoOverflow). */
export function addSaturating(x: bigint, y: bigint): bigint {
  const sum = x + y
  return sum > U64_MAX ? U64_MAX : sum
}

/** x · y, or U when the product would exceed U (multiplyUint64NoOverflow). */
export function multiplySaturating(x: bigint, y: bigint): bigint {
  const product = x * y
  return product > U64_MAX ? U64_MAX : product
}

/** Go's plain (wrapping) uint64 arithmetic, used where cel-go does not guard overflow. */
export function wrapUint64(x: bigint): bigint {
  return BigInt.asUintN(64, x)
}

/**
 * cel-go multiplyByCostFactor: the float64 product rounded up, saturating at U
 * (cel-cost-model.md §1.3). `Number(x)` rounds to nearest-even like Go's float64(x), so U
 * becomes 2^64 and `U × 0.1` is 1844674407370955264.
 */
export function multiplyByFactor(x: bigint, factor: number): bigint {
  const xf = Number(x)
  if (xf > 0 && factor > 0 && xf > TWO_TO_64 / factor) return U64_MAX
  const product = Math.ceil(xf * factor)
  if (product >= TWO_TO_64) return U64_MAX
  return BigInt(product)
}

export function add(a: Range, b: Range): Range {
  return { min: addSaturating(a.min, b.min), max: addSaturating(a.max, b.max) }
}

/** Element-wise product [a.min·b.min, a.max·b.max] (Multiply and MultiplyByCost). */
export function multiply(a: Range, b: Range): Range {
  return { min: multiplySaturating(a.min, b.min), max: multiplySaturating(a.max, b.max) }
}

/** Element-wise `× factor` (MultiplyByCostFactor). */
export function multiplyRangeByFactor(r: Range, factor: number): Range {
  return { min: multiplyByFactor(r.min, factor), max: multiplyByFactor(r.max, factor) }
}

/** [min(a.min, b.min), max(a.max, b.max)]. */
export function union(a: Range, b: Range): Range {
  return { min: a.min < b.min ? a.min : b.min, max: a.max > b.max ? a.max : b.max }
}

export function sum(ranges: readonly Range[]): Range {
  return ranges.reduce(add, ZERO)
}

export function rangesEqual(a: Range, b: Range): boolean {
  return a.min === b.min && a.max === b.max
}

export function formatRange(r: Range): string {
  return `[${r.min}, ${r.max}]`
}
