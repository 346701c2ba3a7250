/**
 * A bound on the values a policy can build while it is evaluated.
 *
 * Context variables and JMESPath results may share parts: `[v, v]` holds `v` twice without
 * copying it, so twenty variables that each double the one before are cheap to build, but the
 * value is 2^20 times the first one as soon as anything walks it (a `{{ }}` substitution writes
 * it out as JSON, `to_string`, `join`, a comparison…). A few kilobytes of policy then take
 * minutes and gigabytes. Kyverno itself only bounds the data an apiCall reads (its chart's
 * `maxApiCallResponseLength`, 2,000,000 bytes); celgate bounds every value a rule builds at the
 * same figure, counted as the value would be written out: one per element and one per character
 * of a string or key. A rule that passes it is reported as undecidable, not evaluated further.
 */
import { StacklessError } from './stackless-error.js'

/** Elements plus characters a value built during one evaluation may hold. */
export const MAX_VALUE_SIZE = 2_000_000

/** A value a rule built passed MAX_VALUE_SIZE. */
export class ValueSizeLimitError extends StacklessError {}

let limitHits = 0

/**
 * How many times the limit was hit in this process. Some engine paths turn errors into results
 * (a failed condition, a null projection), so the engine compares this count before and after
 * a rule instead of relying on the error reaching it.
 */
export function valueLimitHits(): number {
  return limitHits
}

/** Throws ValueSizeLimitError when `value`, written out, would pass MAX_VALUE_SIZE. */
export function assertBoundedValue(value: unknown, what: string): void {
  // Strings and numbers are the common case: no walk, no memo.
  if (typeof value !== 'object' || value === null) {
    if (typeof value !== 'string' || value.length <= MAX_VALUE_SIZE) return
  } else if (expandedSize(value, MAX_VALUE_SIZE) <= MAX_VALUE_SIZE) return
  valueLimitExceeded(what)
}

/** Throws the ValueSizeLimitError for `what` (counted in valueLimitHits). */
export function valueLimitExceeded(what: string): never {
  limitHits++
  throw new ValueSizeLimitError(
    `${what} would hold more than ${MAX_VALUE_SIZE.toLocaleString('en-US')} elements and characters (celgate's bound on values a policy builds; a value that repeats itself, e.g. variables that double each other)`
  )
}

/**
 * Arrays and plain objects: the JSON data a value is made of. Anything else (an `&expr`
 * reference passed to sort_by, a Date) is one element, whatever it holds inside.
 */
function isContainer(v: unknown): v is object {
  if (typeof v !== 'object' || v === null) return false
  if (Array.isArray(v)) return true
  const proto: unknown = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

/**
 * The size of `value` written out, or a number above `budget` as soon as it passes it. Parts
 * shared within the value are sized once and counted each time they occur, so a value that
 * doubles itself is sized in time linear in its distinct parts, not in its expanded size.
 * Iterative: the value's depth is up to the input.
 */
export function expandedSize(value: unknown, budget: number): number {
  const sized = new Map<object, number>()
  // Post-order over distinct objects: an object is pushed, then its children; it is sized
  // once every child is.
  const stack: Array<{ node: object; expanded: boolean }> = []
  // Objects whose children are being sized: meeting one again is a cycle, which has no size.
  const open = new Set<object>()
  const leafSize = (v: unknown): number | undefined => {
    if (typeof v === 'string') return 1 + v.length
    if (!isContainer(v)) return 1
    return sized.get(v)
  }
  const rootLeaf = leafSize(value)
  if (rootLeaf !== undefined) return rootLeaf
  stack.push({ node: value as object, expanded: false })
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (sized.has(top.node)) {
      stack.pop()
      continue
    }
    const children: unknown[] = Array.isArray(top.node)
      ? top.node
      : Object.values(top.node as Record<string, unknown>)
    if (!top.expanded) {
      if (open.has(top.node)) return budget + 1
      top.expanded = true
      open.add(top.node)
      for (const child of children) {
        if (!isContainer(child) || sized.has(child)) continue
        if (open.has(child)) return budget + 1
        stack.push({ node: child, expanded: false })
      }
      continue
    }
    stack.pop()
    open.delete(top.node)

    let total = 1
    if (!Array.isArray(top.node)) for (const key in top.node) total += key.length
    for (const child of children) {
      total += leafSize(child) ?? budget + 1
      if (total > budget) return budget + 1
    }
    sized.set(top.node, total)
  }
  return sized.get(value as object)!
}
