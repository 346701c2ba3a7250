/**
 * "Did you mean …?" for a misspelt name (a flag, a rule id): the known name fewest edits away,
 * as cobra's `SuggestionsMinimumDistance` (2) and git's help.autocorrect suggest one.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_v, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1)
      current.push(d)
    }
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/**
 * The known name closest to `given`: within a third of its length in edits (at least 2), or the
 * one it is a prefix of; undefined when none is close enough to be what was meant.
 */
export function closestName(given: string, known: Iterable<string>): string | undefined {
  const wanted = given.toLowerCase()
  const limit = Math.max(2, Math.floor(wanted.length / 3))
  let best: string | undefined
  let bestDistance = Infinity
  for (const name of known) {
    const candidate = name.toLowerCase()
    const distance =
      candidate.startsWith(wanted) && wanted.length >= 3 ? 1 : editDistance(wanted, candidate)
    if (distance < bestDistance) {
      best = name
      bestDistance = distance
    }
  }
  return bestDistance <= limit ? best : undefined
}
