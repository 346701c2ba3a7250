/**
 * The JSON context variables are resolved against (Kyverno pkg/engine/context): `request.*`,
 * `images`, `serviceAccountName`, `element`, rule `context` entries and values-file variables,
 * queried with Kyverno's JMESPath. Checkpoints save and restore the whole document (foreach
 * elements, rule contexts); context entries load lazily on the first query naming them, as
 * Kyverno's deferred loaders do.
 */
import { isJsonObject } from '../common/json.js'
import { extractImages } from './images.js'
import { JmesPathSyntaxError, kyvernoJmesPath } from './jmespath/index.js'
import { StacklessError } from './stackless-error.js'

type JsonMap = Record<string, unknown>

/** The admission user info Kyverno adds to the context (kyvernov2.RequestInfo). */
export interface RequestUserInfo {
  roles?: string[]
  clusterRoles?: string[]
  userInfo?: {
    username?: string
    uid?: string
    groups?: string[]
    extra?: Record<string, string[]>
  }
}

/** A context query failure, with the text Kyverno prints. */
export class QueryError extends StacklessError {}

interface DeferredLoader {
  readonly name: string
  readonly matcher: RegExp
  readonly level: number
  readonly load: () => void
  loaded: boolean
  matched: boolean
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Whether a query names a context entry: word boundaries, not after a dot (`x.y`, not `y.x`). */
export const namesEntry = (name: string): RegExp =>
  new RegExp(`(?:^|$|\\s|[^.0-9A-Za-z])${escapeRegex(name)}\\b`)

/** The `images` loader's matcher: every evaluation adds that loader, so it is compiled once. */
const IMAGES_MATCHER = namesEntry('images')

const imagesByResource = new WeakMap<JsonMap, JsonMap>()

/**
 * extractImages of a resource, once per resource object: every policy naming `images` queries
 * the same resource, and the context never changes the maps it holds.
 */
function imagesOf(resource: JsonMap): JsonMap {
  let images = imagesByResource.get(resource)
  if (images === undefined) imagesByResource.set(resource, (images = extractImages(resource)))
  return images
}

export class JsonContext {
  private raw: JsonMap = {}
  /** Every expression queried, in order (to tell which data a result depended on). */
  readonly queries: string[] = []
  private readonly checkpoints: JsonMap[] = []
  private operation = ''
  private deferred: DeferredLoader[] = []
  /** While a deferred loader runs: only loaders added before it may load (Go's level/index). */
  private loading: { level: number; index: number } | undefined

  // -------------------------------------------------------------------------------------------
  // Adding data

  /** mergeMaps: merges `data` into the document (maps merge unless `overwriteMaps`). */
  addJson(data: JsonMap, overwriteMaps = false): void {
    this.raw = merged(data, this.raw, overwriteMaps)
  }

  /** addJson of `value` wrapped in maps along `path`, without building the wrapper first. */
  private addAt(value: unknown, path: readonly string[], overwriteMaps = false): void {
    if (path.length === 0) this.addJson(value as JsonMap, overwriteMaps)
    else this.raw = mergedAt(this.raw, path, 0, value, overwriteMaps)
  }

  /** AddVariable: `a.b."c.d"` names a path (fields split on dots, double quotes group). */
  addVariable(key: string, value: unknown): void {
    this.addAt(value, splitVariableKey(key))
  }

  /** AddContextEntry: a rule context entry by name (merged into an existing map). */
  addContextEntry(name: string, value: unknown): void {
    this.addAt(value, [name])
  }

  /** ReplaceContextEntry: a rule context entry by name, replacing what was there. */
  replaceContextEntry(name: string, value: unknown): void {
    this.addAt(null, [name])
    this.addAt(value, [name])
  }

  /**
   * A new context holding `request.object` and `request.namespace`: addResource then
   * addNamespace on an empty context, without the copies of the general merge (a context is
   * made for every policy × resource pair).
   */
  static forRequest(object: JsonMap, namespace: string, operation?: string): JsonContext {
    const json = new JsonContext()
    if (operation === undefined) json.raw = { request: { object, namespace } }
    else {
      // addOperation right after: the same document, keys in the same order.
      json.raw = { request: { object, namespace, operation } }
      json.operation = operation
    }
    return json
  }

  addResource(object: JsonMap | undefined): void {
    this.raw = withoutLeaf(this.raw, ['request', 'object'])
    this.addAt(object ?? null, ['request', 'object'])
  }

  addOldResource(object: JsonMap | undefined): void {
    this.raw = withoutLeaf(this.raw, ['request', 'oldObject'])
    this.addAt(object ?? null, ['request', 'oldObject'])
  }

  setTargetResource(object: JsonMap): void {
    this.raw = withoutLeaf(this.raw, ['target'])
    this.addAt(object, ['target'])
  }

  addOperation(operation: string): void {
    this.addAt(operation, ['request', 'operation'])
    this.operation = operation
  }

  addNamespace(namespace: string): void {
    this.addAt(namespace, ['request', 'namespace'])
  }

  /** AddUserInfo: roles, clusterRoles and userInfo under `request`. */
  addUserInfo(info: RequestUserInfo): void {
    const data: JsonMap = {}
    if (info.roles !== undefined && info.roles.length > 0) data.roles = info.roles
    if (info.clusterRoles !== undefined && info.clusterRoles.length > 0)
      data.clusterRoles = info.clusterRoles
    const user: JsonMap = {}
    const u = info.userInfo ?? {}
    if (u.username) user.username = u.username
    if (u.uid) user.uid = u.uid
    if (u.groups !== undefined && u.groups.length > 0) user.groups = u.groups
    if (u.extra !== undefined && Object.keys(u.extra).length > 0) user.extra = u.extra
    data.userInfo = user
    this.addAt(data, ['request'])
  }

  /** AddServiceAccount: name and namespace from `system:serviceaccount:<ns>:<name>`. */
  addServiceAccount(username: string): void {
    const prefix = 'system:serviceaccount:'
    const sa = username.length <= prefix.length ? '' : username.slice(prefix.length)
    const groups = sa.split(':')
    const [name, namespace] = groups.length >= 2 ? [groups[1]!, groups[0]!] : ['', '']
    this.addJson({ serviceAccountName: name, serviceAccountNamespace: namespace })
  }

  /** AddElement: `element`, `elementIndex` and their nesting-numbered copies. */
  addElement(element: unknown, index: number, nesting: number): void {
    // addJson(…, overwriteMaps) of these four keys, set on the copy directly: this runs for
    // every foreach element of every rule and resource.
    const out: JsonMap = { ...this.raw }
    out.element = element
    out[`element${nesting}`] = element
    out.elementIndex = index
    out[`elementIndex${nesting}`] = index
    this.raw = out
  }

  /** AddImageInfos: the `images` variable, extracted on first use. */
  addImageInfos(resource: JsonMap): void {
    this.addDeferredLoader(
      'images',
      () => {
        const images = imagesOf(resource)
        if (Object.keys(images).length > 0) this.addAt(images, ['images'])
      },
      IMAGES_MATCHER
    )
  }

  /** AddDeferredLoader: `load` runs on the first query that names `name`. */
  addDeferredLoader(name: string, load: () => void, matcher = namesEntry(name)): void {
    this.deferred.push({
      name,
      matcher,
      level: this.checkpoints.length,
      load,
      loaded: false,
      matched: false
    })
  }

  // -------------------------------------------------------------------------------------------
  // Queries

  /** QueryOperation: the admission operation. */
  queryOperation(): string {
    if (this.operation !== '') return this.operation
    const request = this.raw.request
    if (isJsonObject(request) && typeof request.operation === 'string') return request.operation
    return ''
  }

  /** Query: a JMESPath expression over the document; throws QueryError with Kyverno's text. */
  query(expression: string): unknown {
    this.queries.push(expression)
    this.loadMatching(expression)
    const query = expression.trim()
    if (query === '') throw new QueryError('invalid query (nil)')
    try {
      return this.search(query)
    } catch (error) {
      if (error instanceof JmesPathSyntaxError) {
        throw new QueryError(`incorrect query ${query}: ${error.message}`)
      }
      const message = error instanceof Error ? error.message : String(error)
      throw new QueryError(`JMESPath query failed: ${message}`)
    }
  }

  private search(query: string): unknown {
    return kyvernoJmesPath.search(query, this.raw)
  }

  /** The whole document (for tests and report properties). */
  document(): Readonly<JsonMap> {
    return this.raw
  }

  // -------------------------------------------------------------------------------------------
  // Checkpoints

  checkpoint(): void {
    // The document is never changed in place (every change copies the maps on its path), so a
    // checkpoint is the current document itself.
    this.checkpoints.push(this.raw)
  }

  /** Restore: back to the last checkpoint, which is dropped. */
  restore(): void {
    this.reset(true)
  }

  /** Reset: back to the last checkpoint, which is kept. */
  resetToCheckpoint(): void {
    this.reset(false)
  }

  private reset(restore: boolean): void {
    const n = this.checkpoints.length - 1
    if (n < 0) return
    const saved = this.checkpoints[n]!
    if (restore) {
      this.checkpoints.pop()
      this.raw = saved
    } else {
      this.raw = saved
    }
    this.resetDeferred(restore, this.checkpoints.length)
  }

  /** deferredLoaders.Reset: drop loaders of deeper levels, reload what the reset lost. */
  private resetDeferred(restore: boolean, level: number): void {
    for (const loader of this.deferred) loader.matched = false
    const kept: DeferredLoader[] = []
    for (const loader of this.deferred) {
      if (loader.level > level) continue
      if (loader.loaded) {
        if (restore || loader.level < level) loader.load()
        if (loader.level === level) continue
      } else if (!restore && loader.level === level) {
        continue
      }
      kept.push(loader)
    }
    this.deferred = kept
  }

  /** The first of the first `limit` loaders still to load whose entry `query` names, or -1. */
  private firstLoaderFor(query: string, level: number, limit: number): number {
    const end = Math.min(limit, this.deferred.length)
    for (let i = 0; i < end; i++) {
      const l = this.deferred[i]!
      if (!l.matched && !l.loaded && l.level <= level && l.matcher.test(query)) return i
    }
    return -1
  }

  private loadMatching(query: string): void {
    const level = this.loading?.level ?? this.checkpoints.length
    const limit = this.loading?.index ?? this.deferred.length
    for (;;) {
      const index = this.firstLoaderFor(query, level, limit)
      if (index < 0) return
      const loader = this.deferred[index]!
      loader.matched = true
      const previous = this.loading
      this.loading = { level: loader.level, index }
      try {
        loader.load()
        loader.loaded = true
      } finally {
        this.loading = previous
      }
    }
  }
}

/**
 * mergeMaps without changing either input: the maps on merged paths are copied, everything else
 * is shared. Nothing in the document is ever modified in place, which is what lets checkpoints
 * and callers' objects be shared safely.
 */
function merged(source: JsonMap, destination: JsonMap, overwriteMaps: boolean): JsonMap {
  const out: JsonMap = { ...destination }
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key]
    out[key] =
      isJsonObject(value) && !overwriteMaps && isJsonObject(existing)
        ? merged(value, existing, overwriteMaps)
        : value
  }
  return out
}

/**
 * merged(wrapped, destination) where `wrapped` is `value` in maps along `path` from `index`:
 * only the maps on the path are copied (each context addition and every evaluation makes some,
 * so the wrapper and its one-key merges are skipped).
 */
function mergedAt(
  destination: JsonMap,
  path: readonly string[],
  index: number,
  value: unknown,
  overwriteMaps: boolean
): JsonMap {
  const out: JsonMap = { ...destination }
  const key = path[index]!
  const existing = out[key]
  if (index === path.length - 1)
    out[key] =
      isJsonObject(value) && !overwriteMaps && isJsonObject(existing)
        ? merged(value, existing, overwriteMaps)
        : value
  else
    out[key] =
      !overwriteMaps && isJsonObject(existing)
        ? mergedAt(existing, path, index + 1, value, overwriteMaps)
        : wrapped(path, index + 1, value)
  return out
}

/** `value` in maps along `path` from `index` (`{a: {b: value}}`). */
function wrapped(path: readonly string[], index: number, value: unknown): unknown {
  let data = value
  for (let i = path.length - 1; i >= index; i--) data = { [path[i]!]: data }
  return data
}

/** clearLeafValue without changing the input: the document with the leaf at `path` removed. */
function withoutLeaf(data: JsonMap, path: readonly string[]): JsonMap {
  const [key, ...rest] = path
  if (key === undefined || !Object.hasOwn(data, key)) return data
  if (rest.length === 0) {
    const out = { ...data }
    delete out[key]
    return out
  }
  const next = data[key]
  if (!isJsonObject(next)) return data
  return { ...data, [key]: withoutLeaf(next, rest) }
}

/** csv.Reader with `.` as separator: fields split on dots, `"…"` quotes a field. */
export function splitVariableKey(key: string): string[] {
  const fields: string[] = []
  let field = ''
  let i = 0
  let quoted = false
  let fieldStart = true
  while (i < key.length) {
    const c = key[i]!
    if (quoted) {
      if (c === '"') {
        if (key[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
        i++
        continue
      }
      field += c
      i++
      continue
    }
    if (c === '"' && fieldStart) {
      quoted = true
      fieldStart = false
      i++
      continue
    }
    if (c === '.') {
      fields.push(field)
      field = ''
      fieldStart = true
      i++
      continue
    }
    field += c
    fieldStart = false
    i++
  }
  fields.push(field)
  return fields
}
