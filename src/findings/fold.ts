/**
 * Repeats folded (issue 33): the same finding on many objects (a policy failing on every sample
 * of a kind, a warning on every copy of a chart) is one entry with the total count and the first
 * few other places, not thousands of copies. On the corpus, 96,000 findings carry 3,200 distinct
 * messages; the dry-run matrices repeat the same way. Reporters fold when they write (the JSON
 * report, the job summary); the findings themselves stay one per place, for the gate, the
 * comparison with the base, suppressions and annotations.
 */
import { FOLDED_LOCATIONS_LIMIT } from '../common/limits.js'
import type { Finding, Location } from './model.js'

/** Items that are equal but for where they are, folded into the first of them. */
export interface Folded<T, L> {
  first: T
  /** How many items folded into this one, the first included. */
  count: number
  /** Where the others are, in order, at most `limit` of them. */
  others: L[]
}

/**
 * Folds `items` by `key`, in the order of each key's first item: every later item with the same
 * key adds one to its count and, while fewer than `limit` are listed, its place to `others`.
 */
export function foldRepeats<T, L>(
  items: Iterable<T>,
  key: (item: T) => string,
  place: (item: T) => L,
  limit = FOLDED_LOCATIONS_LIMIT
): Array<Folded<T, L>> {
  const groups = new Map<string, Folded<T, L>>()
  const out: Array<Folded<T, L>> = []
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group === undefined) {
      const created: Folded<T, L> = { first: item, count: 1, others: [] }
      groups.set(k, created)
      out.push(created)
      continue
    }
    group.count++
    if (group.others.length < limit) group.others.push(place(item))
  }
  return out
}

/**
 * Findings (or items holding one, `findingOf`) that differ only in their location, folded:
 * rule, severity, title, message, data, versions, fix and related locations are all equal, and
 * so is `extraKey` (e.g. the change against the base).
 */
export function foldFindings<T = Finding>(
  items: Iterable<T>,
  extraKey: (item: T) => string = () => '',
  findingOf: (item: T) => Finding = (item) => item as unknown as Finding,
  limit = FOLDED_LOCATIONS_LIMIT
): Array<Folded<T, Location>> {
  const texts = new KeyText()
  return foldRepeats(
    items,
    (item) => `${findingFoldKey(findingOf(item), texts)}\u0000${extraKey(item)}`,
    (item) => findingOf(item).location,
    limit
  )
}

/** What two findings that fold together have in common (all but the location). */
export function findingFoldKey(f: Finding, texts = new KeyText()): string {
  return `${f.ruleId}\u0000${f.severity}\u0000${f.title}\u0000${f.message}\u0000${texts.of(f.data)}\u0000${texts.of(f.kubernetesVersions)}\u0000${texts.of(f.fix)}\u0000${texts.of(f.related)}`
}

/**
 * JSON text of a small value, computed once per object: findings of one analyzer often share
 * their `related` and `kubernetesVersions` arrays.
 */
export class KeyText {
  private readonly texts = new WeakMap<object, string>()

  of(value: unknown): string {
    if (value === undefined) return ''
    if (value === null || typeof value !== 'object') return JSON.stringify(value)
    let text = this.texts.get(value)
    if (text === undefined) {
      text = JSON.stringify(value)
      this.texts.set(value, text)
    }
    return text
  }
}
