/**
 * Array helpers that take input-sized arrays without spreading them into a call.
 *
 * Spreading an array into `push` or `Math.max` passes every element as an argument on the
 * stack: past about 125,000 elements V8 throws `RangeError: Maximum call stack size exceeded`.
 * A repository decides how many documents, list items and findings there are, so celgate
 * never spreads into a call (eslint.config.mjs forbids it) and uses these loops instead.
 */

/** Appends every item to `target`, in order, as a spread into `push` would, without its stack limit. */
export function pushAll<T>(target: T[], items: Iterable<T>): void {
  // push(...target) onto itself copies first; iterating the growing array would never end.
  const source = items === target ? target.slice() : items
  for (const item of source) target.push(item)
}

/** The largest number, or `empty` when there is none (`Math.max(...values)` without the stack limit). */
export function maxOf(values: Iterable<number>, empty = -Infinity): number {
  let max: number | undefined
  for (const v of values) {
    if (Number.isNaN(v)) return NaN
    // +0 is above -0, as in Math.max.
    if (max === undefined || v > max || (v === 0 && Object.is(max, -0))) max = v
  }
  return max ?? empty
}

/** The smallest number, or `empty` when there is none (`Math.min(...values)` without the stack limit). */
export function minOf(values: Iterable<number>, empty = Infinity): number {
  let min: number | undefined
  for (const v of values) {
    if (Number.isNaN(v)) return NaN
    // -0 is below +0, as in Math.min.
    if (min === undefined || v < min || (min === 0 && Object.is(v, -0))) min = v
  }
  return min ?? empty
}
