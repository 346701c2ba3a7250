// Field paths as cel-go keeps them: Go []string slices built with append. A slice with spare
// capacity shares its backing array with every slice appended from it, so two appends to the
// same path (e.g. `x.a` and `x.b` for an iteration variable `x` with a 3-element path) write the
// same array slot, and the earlier path then reads the later field name. cel-go's estimator
// hands such paths to the size estimator, so the sharing is reproduced here to get the same
// answers.

/** A Go string slice: a window [0, length) onto a possibly shared backing array. */
export class PathSlice {
  private constructor(
    private readonly store: string[],
    readonly length: number,
    private readonly capacity: number
  ) {}

  /** `[]string{elem}` (capacity 1). */
  static of(elem: string): PathSlice {
    return new PathSlice([elem], 1, 1)
  }

  /** The elements as they read now (a later append to a shared array can change them). */
  toArray(): string[] {
    return this.store.slice(0, this.length)
  }

  first(): string | undefined {
    return this.length > 0 ? this.store[0] : undefined
  }

  /** Go's append(s, elem); a nil slice is `undefined`. */
  static append(s: PathSlice | undefined, elem: string): PathSlice {
    if (s === undefined) return new PathSlice([elem], 1, 1)
    if (s.length < s.capacity) {
      s.store[s.length] = elem
      return new PathSlice(s.store, s.length + 1, s.capacity)
    }
    const store = s.store.slice(0, s.length)
    store.push(elem)
    return new PathSlice(store, s.length + 1, grownCapacity(s.length + 1, s.capacity))
  }
}

/**
 * Capacity Go's growslice picks for a []string that must hold `needed` elements (runtime
 * nextslicecap; 16-byte elements fill the allocator's size classes exactly while doubling).
 */
function grownCapacity(needed: number, capacity: number): number {
  const doubled = capacity * 2
  if (needed > doubled) return needed
  if (capacity < 256) return doubled
  let grown = capacity
  while (grown < needed) grown += (grown + 3 * 256) >> 2
  return grown
}
