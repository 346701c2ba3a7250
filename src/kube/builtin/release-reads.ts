/**
 * A computation's result shared by the releases that agree on every release value it read. The
 * default releases differ in a few validation features (the Ingress and NetworkPolicy checks of
 * 1.35 and 1.36), so a key made of all of them validates a Deployment once per release although
 * its validation reads none of those. Recording what a computation reads lets another release
 * reuse its result whenever it agrees on exactly those values. Sound for computations that depend
 * only on their inputs and the release values they read (the built-in validations). Every value
 * is compared as read: a computation that needs only something derived from one (the value style
 * of the version) is given that instead, by its caller, and keyed by it.
 */
interface Recorded<T> {
  /** The release values read, by key. */
  reads: Map<PropertyKey, unknown>
  result: T
}

/** The results of one computation (one object, one kind) for the releases asked so far. */
export class SharedByReads<R extends object, T> {
  private readonly recorded: Array<Recorded<T>> = []

  /** compute(release)'s result, or that of a release agreeing on every value it read. */
  of(release: R, compute: (release: R) => T): T {
    for (const r of this.recorded) if (agrees(r.reads, release)) return r.result
    const reads = new Map<PropertyKey, unknown>()
    const result = compute(recording(release, reads))
    this.recorded.push({ reads, result })
    return result
  }
}

function agrees(reads: ReadonlyMap<PropertyKey, unknown>, release: object): boolean {
  for (const [key, value] of reads)
    if ((release as Record<PropertyKey, unknown>)[key] !== value) return false
  return true
}

/** `release` with each value read noted in `reads`. */
function recording<R extends object>(release: R, reads: Map<PropertyKey, unknown>): R {
  return new Proxy(release, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver)
      if (!reads.has(key)) reads.set(key, value)
      return value
    }
  })
}
