/**
 * Kyverno's wildcard matching (ext/wildcard over IGLOU-EU/go-wildcard v1.0.3), used by pattern
 * string values, match names/namespaces/kinds/annotations/subjects, label selectors and the
 * Equals/In condition operators (policy-dryrun-spec.md §2.3.6).
 *
 * `*` matches any sequence of characters (including none and including `/`), `?` exactly one
 * character; everything else is literal and case-sensitive. Characters are Unicode code points
 * (Go runes). An empty pattern matches only the empty string.
 */

/** Whether `name` matches the wildcard `pattern` (go-wildcard `Match(pattern, name)`). */
export function wildcardMatch(pattern: string, name: string): boolean {
  if (pattern === '') return name === ''
  if (pattern === '*') return true
  if (!hasWildcard(pattern)) return pattern === name
  return matchRunes(Array.from(name), Array.from(pattern))
}

/** Whether a string contains a wildcard character (`*` or `?`). */
export function hasWildcard(value: string): boolean {
  return value.includes('*') || value.includes('?')
}

/**
 * The classic backtracking matcher: on a mismatch after a `*`, let that `*` swallow one more
 * character. Equivalent to go-wildcard's recursive deepMatchRune without its exponential cost.
 */
function matchRunes(text: readonly string[], pattern: readonly string[]): boolean {
  let t = 0
  let p = 0
  let starP = -1
  let starT = 0
  while (t < text.length) {
    const pc = pattern[p]
    if (p < pattern.length && (pc === '?' || (pc !== '*' && pc === text[t]))) {
      t++
      p++
    } else if (p < pattern.length && pc === '*') {
      starP = p++
      starT = t
    } else if (starP >= 0) {
      p = starP + 1
      t = ++starT
    } else {
      return false
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++
  return p === pattern.length
}
