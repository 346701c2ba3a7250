/**
 * Unsigned 64-bit saturating arithmetic, as cel-go and the apiserver do cost and size sums
 * (cel-cost-model.md §1.2). Costs are bigint so values near 2^64 stay exact.
 */

export const U64_MAX = (1n << 64n) - 1n

export function saturatingAdd(a: bigint, b: bigint): bigint {
  const sum = a + b
  return sum > U64_MAX ? U64_MAX : sum
}

export function saturatingMul(a: bigint, b: bigint): bigint {
  const product = a * b
  return product > U64_MAX ? U64_MAX : product
}

/** A non-negative int64 schema bound as uint64: negative limits count as 0. */
export function boundOf(limit: number | bigint): bigint {
  const n = typeof limit === 'bigint' ? limit : BigInt(Math.trunc(limit))
  return n < 0n ? 0n : n
}
