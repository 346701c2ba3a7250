// The function libraries a program can call and the per-overload cost trackers they bring
// (cel-go's standard library, optional types and the ext libraries Kubernetes enables).

import { COMPREHENSION_FUNCTIONS } from '../lib/comprehensions-impl.js'
import { ENCODERS_FUNCTIONS } from '../lib/encoders-impl.js'
import { listsCostTrackers, listsFunctions } from '../lib/lists-impl.js'
import { mathFunctions } from '../lib/math-impl.js'
import { OPTIONAL_FUNCTIONS } from '../lib/optional-impl.js'
import { SETS_COST_TRACKERS, SETS_FUNCTIONS } from '../lib/sets-impl.js'
import { standardFunctions } from '../lib/std-impl.js'
import { stringsFunctions } from '../lib/strings-impl.js'
import type { OverloadCostTracker } from './cost.js'
import { Dispatcher, type FunctionDef } from './dispatch.js'
import { runtimeBehaviour } from './versions.js'
import type { CelGoVersion } from '../checker/versions.js'

export interface LibraryOptions {
  /** Version of cel-go's ext.Strings (Kubernetes 1.29+ uses 2). Default: the latest. */
  readonly stringsVersion?: number
  /** Version of cel-go's ext.Lists (Kubernetes 1.34+ uses 3). Default: the latest. */
  readonly listsVersion?: number
  /** Version of cel-go's ext.Math. Default: the latest. */
  readonly mathVersion?: number
  /**
   * Strings versions 1–3: `%e` puts U+202F narrow no-break spaces around `×`, as with
   * golang.org/x/text before v0.23.0 (Kubernetes ≤ 1.32). Default: true (cel-go's own go.mod).
   */
  readonly scientificNarrowSpaces?: boolean
  /**
   * The cel-go release whose run-time behaviour to follow (versions.ts: optional `or`/`orValue`,
   * zone offsets, `indexOf('', n)`). Default '0.26'.
   */
  readonly celGoVersion?: CelGoVersion
}

const LATEST = Number.MAX_SAFE_INTEGER

export interface Libraries {
  dispatcher(extra: readonly FunctionDef[]): Dispatcher
  readonly costTrackers: ReadonlyMap<string, OverloadCostTracker>
}

interface CacheEntry {
  functions: FunctionDef[]
  trackers: Map<string, OverloadCostTracker>
  dispatcher: Dispatcher
  /** Dispatchers with extra functions, by the identities of those functions. */
  extended: Map<string, Dispatcher>
  /** The same, by the list itself (and its length): environments reuse one list. */
  byList: WeakMap<readonly FunctionDef[], { length: number; dispatcher: Dispatcher }>
}

const cache = new Map<string, CacheEntry>()

/** Extra-function lists kept per set of library options (environments reuse a handful). */
const MAX_EXTENDED = 32

const functionIds = new WeakMap<FunctionDef, number>()
let lastFunctionId = 0

function functionId(def: FunctionDef): number {
  let id = functionIds.get(def)
  if (id === undefined) {
    id = ++lastFunctionId
    functionIds.set(def, id)
  }
  return id
}

function build(options: LibraryOptions): {
  functions: FunctionDef[]
  trackers: Map<string, OverloadCostTracker>
} {
  const listsVersion = options.listsVersion ?? LATEST
  const behaviour = runtimeBehaviour(options.celGoVersion)
  const functions: FunctionDef[] = [
    ...standardFunctions(behaviour),
    ...OPTIONAL_FUNCTIONS,
    ...COMPREHENSION_FUNCTIONS,
    ...stringsFunctions(options.stringsVersion ?? LATEST, options, behaviour),
    ...SETS_FUNCTIONS,
    ...listsFunctions(listsVersion),
    ...mathFunctions(options.mathVersion ?? LATEST),
    ...ENCODERS_FUNCTIONS
  ]
  const trackers = new Map<string, OverloadCostTracker>([
    ...SETS_COST_TRACKERS,
    ...listsCostTrackers(listsVersion)
  ])
  return { functions, trackers }
}

/** The standard, optional and ext libraries at the configured versions (built once per set of options). */
export function defaultLibraries(options: LibraryOptions): Libraries {
  const key = [
    options.stringsVersion,
    options.listsVersion,
    options.mathVersion,
    options.scientificNarrowSpaces,
    options.celGoVersion
  ].join('|')
  let entry = cache.get(key)
  if (entry === undefined) {
    const { functions, trackers } = build(options)
    entry = {
      functions,
      trackers,
      dispatcher: new Dispatcher(functions),
      extended: new Map(),
      byList: new WeakMap()
    }
    cache.set(key, entry)
  }
  const { functions, trackers, dispatcher, extended, byList } = entry
  return {
    // Building a dispatcher takes milliseconds; environments pass the same function
    // definitions to every program, so one is built per distinct list.
    dispatcher: (extra) => {
      if (extra.length === 0) return dispatcher
      const known = byList.get(extra)
      if (known !== undefined && known.length === extra.length) return known.dispatcher
      const key = extra.map(functionId).join(',')
      let found = extended.get(key)
      if (found === undefined) {
        found = new Dispatcher([...functions, ...extra])
        if (extended.size >= MAX_EXTENDED) extended.clear()
        extended.set(key, found)
      }
      byList.set(extra, { length: extra.length, dispatcher: found })
      return found
    },
    costTrackers: trackers
  }
}
