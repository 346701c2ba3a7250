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
  const ids = new FoldIds()
  return foldRepeats(
    items,
    (item) => `${findingFoldKey(findingOf(item), ids)}/${ids.ofString(extraKey(item))}`,
    (item) => findingOf(item).location,
    limit
  )
}

/** What two findings that fold together have in common (all but the location). */
export function findingFoldKey(f: Finding, ids = new FoldIds()): string {
  return `${ids.ofString(f.ruleId)},${ids.ofString(f.severity)},${ids.ofString(f.title)},${ids.ofString(f.message)},${ids.ofJson(f.data)},${ids.ofJson(f.kubernetesVersions)},${ids.ofJson(f.fix)},${ids.ofJson(f.related)}`
}

/**
 * Numbers standing for the parts of fold keys: a key of a few numbers is cheaper to build and
 * hash than one joining the parts' texts (messages run to hundreds of characters). Two values
 * get the same number exactly when their JSON texts are equal (a bigint counts as its decimal
 * string, as the JSON report writes it). An object's JSON text is computed once: findings of one
 * analyzer often share their `related` and `kubernetesVersions` arrays.
 */
export class FoldIds {
  private readonly strings = new Map<string, number>()
  /** JSON texts of values other than strings. */
  private readonly texts = new Map<string, number>()
  private readonly objects = new WeakMap<object, number>()
  private next = 0

  ofString(text: string): number {
    return this.idIn(this.strings, text)
  }

  /**
   * The number of `value`'s JSON text; -1 for undefined (left out of JSON). Values holding
   * bigints need JSON.stringify to write them (the JSON report's withBigIntsAsStrings).
   */
  ofJson(value: unknown): number {
    if (typeof value === 'string') return this.ofString(value)
    if (typeof value === 'bigint') return this.ofString(value.toString())
    if (value === undefined) return -1
    if (value === null || typeof value !== 'object')
      return this.idIn(this.texts, JSON.stringify(value) ?? 'null')
    let id = this.objects.get(value)
    if (id === undefined) {
      id = this.idIn(this.texts, JSON.stringify(value))
      this.objects.set(value, id)
    }
    return id
  }

  /** The number of a plain object's JSON text without its member `except`. */
  ofMembersBut(value: Record<string, unknown>, except: string): number {
    let text = ''
    for (const name of Object.keys(value)) {
      const member = value[name]
      if (name !== except && member !== undefined && typeof member !== 'function')
        text += `${this.ofString(name)}:${this.ofJson(member)},`
    }
    return this.idIn(this.texts, `{${text}`)
  }

  private idIn(ids: Map<string, number>, text: string): number {
    let id = ids.get(text)
    if (id === undefined) ids.set(text, (id = this.next++))
    return id
  }
}
