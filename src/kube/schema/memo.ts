/**
 * Results derived from schema objects, shared while one check runs over a workspace.
 *
 * A CRD is validated and costed once per Kubernetes release, by several analyzers, and most of
 * that work (structural conversion, the OpenAPI-subset walk, CEL compiles of releases that
 * behave alike) does not depend on the release. Inside `withSchemaMemo(owner, …)` such results
 * are kept per schema object (a WeakMap, so they go with the documents) and a content key that
 * names everything else they depend on; outside a scope nothing is kept, so library callers
 * that build or change schemas between calls always get fresh results.
 *
 * Only objects nobody changes may be keys: the documents of a workspace during a check.
 */

type Table = WeakMap<object, Map<string, unknown>>

/** The tables of one owner (a workspace): one per kind of result. */
class MemoStore {
  private readonly tables = new Map<string, Table>()

  table(name: string): Table {
    let table = this.tables.get(name)
    if (table === undefined) this.tables.set(name, (table = new WeakMap()))
    return table
  }
}

const stores = new WeakMap<object, MemoStore>()
let active: MemoStore | undefined

/**
 * Runs `fn` with results memoized for `owner` (e.g. the Workspace being checked): analyzers
 * over the same owner share them. Nested scopes keep the outer one.
 */
export function withSchemaMemo<T>(owner: object, fn: () => T): T {
  if (active !== undefined) return fn()
  let store = stores.get(owner)
  if (store === undefined) stores.set(owner, (store = new MemoStore()))
  active = store
  try {
    return fn()
  } finally {
    active = undefined
  }
}

/** Whether a memo scope is active (callers may then skip work only worth it when shared). */
export const schemaMemoActive = (): boolean => active !== undefined

/**
 * `compute()`, or its earlier result for the same `key` object and `variant` in this scope.
 * Outside a scope it just computes. A compute that throws is not remembered.
 */
export function memoized<T>(table: string, key: object, variant: string, compute: () => T): T {
  if (active === undefined) return compute()
  const t = active.table(table)
  let byVariant = t.get(key)
  if (byVariant === undefined) t.set(key, (byVariant = new Map<string, unknown>()))
  if (byVariant.has(variant)) return byVariant.get(variant) as T
  const value = compute()
  byVariant.set(variant, value)
  return value
}

const objectIds = new WeakMap<object, number>()
let nextObjectId = 0

/** A number naming an object for content keys (the same object, the same number). */
export function objectId(o: object): number {
  let id = objectIds.get(o)
  if (id === undefined) objectIds.set(o, (id = nextObjectId++))
  return id
}
