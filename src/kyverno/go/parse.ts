/**
 * Go parsers Kyverno's comparisons rely on: `time.ParseDuration` (reused from the CEL engine)
 * and `resource.ParseQuantity` (reused from the Kubernetes CEL layer), returning undefined
 * instead of an error.
 */
import { parseDuration } from '../../cel/interpreter/duration.js'
import { Quantity, SPLIT_RE_STRING } from '../../kube/cel/go/resource-quantity.js'

// Texts that cannot be quantities are rejected before the parser builds an error object.
const QUANTITY_SHAPE = new RegExp(SPLIT_RE_STRING)

/** `time.ParseDuration(s)` in nanoseconds, or undefined. */
export function parseGoDuration(s: string): bigint | undefined {
  return parseDuration(s)?.nanos
}

/** `resource.ParseQuantity(s)`, or undefined. */
export function parseQuantity(s: string): Quantity | undefined {
  if (!QUANTITY_SHAPE.test(s)) return undefined
  try {
    return Quantity.parse(s)
  } catch {
    return undefined
  }
}

export { Quantity }

/** Three-way comparison of bigints. */
export function compareBigints(a: bigint, b: bigint): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0
}
