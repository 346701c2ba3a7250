// The function libraries a program can call and the per-overload cost trackers they bring
// (cel-go's standard library, optional types and the ext libraries Kubernetes enables).

import { COMPREHENSION_FUNCTIONS } from '../lib/comprehensions-impl.js'
import { ENCODERS_FUNCTIONS } from '../lib/encoders-impl.js'
import { listsCostTrackers, listsFunctions } from '../lib/lists-impl.js'
import { mathFunctions } from '../lib/math-impl.js'
import { OPTIONAL_FUNCTIONS } from '../lib/optional-impl.js'
import { SETS_COST_TRACKERS, SETS_FUNCTIONS } from '../lib/sets-impl.js'
import { STANDARD_FUNCTIONS } from '../lib/std-impl.js'
import { stringsFunctions } from '../lib/strings-impl.js'
import type { OverloadCostTracker } from './cost.js'
import { Dispatcher, type FunctionDef } from './dispatch.js'

export interface LibraryOptions {
  /** Version of cel-go's ext.Strings (Kubernetes 1.29+ uses 2). Default: the latest. */
  readonly stringsVersion?: number
  /** Version of cel-go's ext.Lists (Kubernetes 1.34+ uses 3). Default: the latest. */
  readonly listsVersion?: number
  /** Version of cel-go's ext.Math. Default: the latest. */
  readonly mathVersion?: number
}

const LATEST = Number.MAX_SAFE_INTEGER

export interface Libraries {
  dispatcher(extra: readonly FunctionDef[]): Dispatcher
  readonly costTrackers: ReadonlyMap<string, OverloadCostTracker>
}

const cache = new Map<
  string,
  { functions: FunctionDef[]; trackers: Map<string, OverloadCostTracker>; dispatcher: Dispatcher }
>()

function build(options: LibraryOptions): {
  functions: FunctionDef[]
  trackers: Map<string, OverloadCostTracker>
} {
  const listsVersion = options.listsVersion ?? LATEST
  const functions: FunctionDef[] = [
    ...STANDARD_FUNCTIONS,
    ...OPTIONAL_FUNCTIONS,
    ...COMPREHENSION_FUNCTIONS,
    ...stringsFunctions(options.stringsVersion ?? LATEST),
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
  const key = [options.stringsVersion, options.listsVersion, options.mathVersion].join('|')
  let entry = cache.get(key)
  if (entry === undefined) {
    const { functions, trackers } = build(options)
    entry = { functions, trackers, dispatcher: new Dispatcher(functions) }
    cache.set(key, entry)
  }
  const { functions, trackers, dispatcher } = entry
  return {
    dispatcher: (extra) =>
      extra.length === 0 ? dispatcher : new Dispatcher([...functions, ...extra]),
    costTrackers: trackers
  }
}
