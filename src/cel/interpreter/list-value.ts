// CEL lists: an array of values. A list built by a comprehension accumulator is mutable while the
// comprehension runs (cel-go's mutableList), so `acc + [x]` appends in place instead of copying.

import type { Value } from './values.js'

export class ListValue {
  constructor(
    readonly items: readonly Value[],
    /** True only for a comprehension's private accumulator; see appendInPlace. */
    public mutable = false
  ) {}

  get size(): number {
    return this.items.length
  }

  /** Appends the elements of `other` to a mutable accumulator and returns it. */
  appendInPlace(other: ListValue): ListValue {
    const items = this.items as Value[]
    // A fixed count: `other` may be this very list.
    const added = other.items
    const n = added.length
    for (let i = 0; i < n; i++) items.push(added[i]!)
    return this
  }
}
