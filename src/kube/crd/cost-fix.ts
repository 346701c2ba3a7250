/**
 * The fix for an expensive rule (issue 4 item 7): the largest maxItems / maxLength /
 * maxProperties that bring it — and, when asked, the schema total — under a target, found by
 * re-running the apiserver's estimate with the bound in place (a search steered by the estimates:
 * they only grow with a bound). Offered as a YAML snippet and kubebuilder markers.
 */
import type { SuggestedFix } from '../../findings/model.js'
import { formatPath } from '../../workspace/value-path.js'
import { celBehaviourKey, releaseFeatures } from '../versions.js'
import type { KubernetesVersion } from '../versions.js'
import type { BoundKeyword, CostDriver } from './cost-explain.js'
import type { CompileResult } from '../../cel/env.js'
import { estimateSchemaSize } from '../cost/schema-sizes.js'
import { saturatingAdd, saturatingMul } from '../cost/uint64.js'
import { schemaDeclType } from '../schema/decl-type.js'
import { objectId } from '../schema/memo.js'
import type { DeclType, DeclTypeCache, Schema } from '../schema/decl-type.js'
import { chainCardinality } from './cost-budget.js'
import type { FanOutSchema } from './cost-budget.js'
import { maxCardinality } from './rule-compiler.js'
import { ruleEnvironment } from './rule-environment.js'
import { checkSchemaCost } from './schema-cost.js'
import type { ExpressionCost } from './schema-cost.js'
import type { SchemaNode, VersionSchema } from './schema-walk.js'

export interface BoundChange {
  driver: CostDriver
  value: bigint
}

/** The most each measure may reach; undefined parts are not checked. */
export interface FixTarget {
  /** Max totalCost of the expression (cost × cardinality). */
  expression?: bigint
  /** Max total of the version schema. */
  schemaTotal?: bigint
}

export interface BoundSuggestion {
  /** Alternatives, each enough on its own; or one joint change of several bounds. */
  alternatives: BoundChange[][]
}

/** What one fix search reuses between its many estimates. */
interface SearchState {
  /** Declared types by schema object, per Kubernetes version. */
  declCaches: Map<string, DeclTypeCache>
  /** Each expression's cost × cardinality without changes, per Kubernetes version. */
  baselines: Map<string, Map<ExpressionCost, bigint>>
}

/**
 * Runs `measure` with the changes written into the schema, then restores it. The declared
 * types of the changed nodes and their ancestors are dropped from the caches both times.
 */
function withChanges<T>(changes: readonly BoundChange[], state: SearchState, measure: () => T): T {
  const saved = changes.map(({ driver }) => ({
    schema: driver.schema,
    keyword: driver.keyword,
    had: Object.hasOwn(driver.schema, driver.keyword),
    value: driver.schema[driver.keyword]
  }))
  const invalidate = (): void => {
    for (const { driver } of changes)
      for (let n: SchemaNode | undefined = driver.node; n; n = n.parent)
        for (const cache of state.declCaches.values()) cache.delete(n.schema)
  }
  try {
    for (const { driver, value } of changes) driver.schema[driver.keyword] = Number(value)
    invalidate()
    return measure()
  } finally {
    for (const s of saved.reverse()) {
      if (s.had) s.schema[s.keyword] = s.value
      else delete s.schema[s.keyword]
    }
    invalidate()
  }
}

/**
 * The expression's cost × cardinality with the current schema, quickly: its checked AST is
 * reused (bounds change estimates, not types), its node's type is re-derived from the node's
 * own schema and its cardinality from its ancestors (§4.3).
 */
function expressionTotal(
  entry: ExpressionCost,
  kubernetesVersion: KubernetesVersion,
  declCache?: DeclTypeCache
): bigint {
  const ast = entry.compiled?.ast
  if (!ast) return entry.totalCost
  const node = entry.node
  const release = releaseFeatures(kubernetesVersion)
  const isRoot = !node.parent || node.schema['x-kubernetes-embedded-resource'] === true
  const decl = schemaDeclType(node.schema, isRoot, release, declCache)
  if (!decl) return entry.totalCost
  const cost = ruleEnvironment(kubernetesVersion, entry.environment).estimateCost(ast, (n) => {
    const path = n.path
    return path === undefined ? undefined : estimateSchemaSize(decl, path)
  }).max
  if (entry.field === 'messageExpression' || cost === 0n) return cost
  const chain: SchemaNode[] = []
  for (let a = node.parent; a; a = a.parent) chain.unshift(a)
  const cardinality = chainCardinality(chain.map((a) => a.schema as FanOutSchema))
  return saturatingMul(cost, cardinality ?? maxCardinality(decl.minSerializedSize))
}

/** What a schema-total target is measured against: the schema's expressions. */
export interface SchemaContext {
  expressions: readonly ExpressionCost[]
}

const isPrefix = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length <= b.length && a.every((x, i) => x === b[i])

/**
 * The schema total with the changes in place: the saturating sum of every expression's cost ×
 * cardinality, where only expressions on, above or below a changed node are re-estimated (their
 * values' sizes or their cardinality can change); the others keep their baseline.
 */
function schemaTotal(
  kubernetesVersion: KubernetesVersion,
  changes: readonly BoundChange[],
  context: SchemaContext,
  baseline: ReadonlyMap<ExpressionCost, bigint>,
  declCache: DeclTypeCache
): bigint {
  let total = 0n
  for (const e of context.expressions) {
    const affected = changes.some(
      (c) =>
        isPrefix(c.driver.yamlPath, e.node.yamlPath) || isPrefix(e.node.yamlPath, c.driver.yamlPath)
    )
    const cost = affected
      ? expressionTotal(e, kubernetesVersion, declCache)
      : (baseline.get(e) ?? e.totalCost)
    total = saturatingAdd(total, cost)
  }
  return total
}

/**
 * Whether the expression (and the schema total) meet the target on every version, and how close
 * they are: `ratio` is the largest measure / limit seen (the failing one when not met). Only
 * `ok` decides; the ratio merely steers the search.
 */
interface Probe {
  ok: boolean
  ratio: number
}

/** Baselines by the expressions of a schema context, then Kubernetes version. */
const sharedBaselines = new WeakMap<
  readonly ExpressionCost[],
  Map<string, Map<ExpressionCost, bigint>>
>()

/**
 * Schema totals by the expressions of a schema context, then release and changes: the searches
 * for a schema's expressions often probe the same bounds (e.g. of a list several rules read).
 */
const sharedTotals = new WeakMap<readonly ExpressionCost[], Map<string, bigint>>()

function sharedSchemaTotal(
  kubernetesVersion: KubernetesVersion,
  changes: readonly BoundChange[],
  context: SchemaContext,
  compute: () => bigint
): bigint {
  let totals = sharedTotals.get(context.expressions)
  if (!totals) sharedTotals.set(context.expressions, (totals = new Map<string, bigint>()))
  let key: string = kubernetesVersion
  for (const { driver, value } of changes)
    key += `|${objectId(driver.schema)}.${driver.keyword}=${value}`
  let total = totals.get(key)
  if (total === undefined) totals.set(key, (total = compute()))
  return total
}

const ratioOf = (value: bigint, limit: bigint): number =>
  limit > 0n ? Number(value) / Number(limit) : value > 0n ? Infinity : 0

function meets(
  version: VersionSchema,
  entry: ExpressionCost,
  kubernetesVersions: readonly KubernetesVersion[],
  target: FixTarget,
  changes: readonly BoundChange[],
  context: SchemaContext | undefined,
  state: SearchState,
  compileCache: Map<string, CompileResult>
): Probe {
  const cacheOf = (v: string): DeclTypeCache => {
    let cache = state.declCaches.get(v)
    if (!cache) state.declCaches.set(v, (cache = new Map<Schema, DeclType | null>()))
    return cache
  }
  // Baselines are measured once, without changes, and serve every search over the same
  // expressions (the findings of one version schema): between searches the schema is as written.
  if (target.schemaTotal !== undefined && context) {
    let shared = sharedBaselines.get(context.expressions)
    if (!shared)
      sharedBaselines.set(
        context.expressions,
        (shared = new Map<string, Map<ExpressionCost, bigint>>())
      )
    for (const v of kubernetesVersions)
      if (!state.baselines.has(v)) {
        let baseline = shared.get(v)
        if (!baseline) {
          baseline = new Map<ExpressionCost, bigint>()
          for (const e of context.expressions) baseline.set(e, expressionTotal(e, v, cacheOf(v)))
          shared.set(v, baseline)
        }
        state.baselines.set(v, baseline)
      }
  }
  return withChanges(changes, state, () => {
    let ratio = 0
    for (const kubernetesVersion of kubernetesVersions) {
      const cache = cacheOf(kubernetesVersion)
      if (target.expression !== undefined) {
        const cost = expressionTotal(entry, kubernetesVersion, cache)
        const r = ratioOf(cost, target.expression)
        if (cost > target.expression) return { ok: false, ratio: r }
        if (r > ratio) ratio = r
      }
      if (target.schemaTotal === undefined) continue
      const total = context
        ? sharedSchemaTotal(kubernetesVersion, changes, context, () =>
            schemaTotal(
              kubernetesVersion,
              changes,
              context,
              state.baselines.get(kubernetesVersion)!,
              cache
            )
          )
        : checkSchemaCost(version, { kubernetesVersion, compileCache }).total
      const r = ratioOf(total, target.schemaTotal)
      if (total > target.schemaTotal) return { ok: false, ratio: r }
      if (r > ratio) ratio = r
    }
    return { ok: true, ratio }
  })
}

/**
 * Where the growth `h` (ratio above its value at bound 1) reaches `target` between `lo` and
 * `bad`, for costs that are a baseline plus a power of the bound: on a log–log line through the
 * two points when both grew, else on a straight line (the baseline plus a term per element).
 */
function interpolate(
  lo: bigint,
  hLo: number,
  bad: bigint,
  hBad: number,
  target: number
): bigint | undefined {
  if (!(hBad > hLo) || !Number.isFinite(hBad) || !(target > 0)) return undefined
  const xLo = Number(lo)
  const xBad = Number(bad)
  const x =
    hLo > 0
      ? Math.exp(
          Math.log(xLo) +
            ((Math.log(target) - Math.log(hLo)) * (Math.log(xBad) - Math.log(xLo))) /
              (Math.log(hBad) - Math.log(hLo))
        )
      : xLo + ((target - hLo) * (xBad - xLo)) / (hBad - hLo)
  return Number.isFinite(x) ? BigInt(Math.floor(x)) : undefined
}

/**
 * Largest v in [1, hi] with ok(v), assuming ok is monotone (true up to some v; the estimate only
 * grows with a bound); -1 if none. A bound of 0 would forbid the value altogether, so it is never
 * suggested.
 *
 * The answer is the v with ok(v) and not ok(v + 1) (or v = hi), and only probes decide it: the
 * ratios just pick which bound to probe next (`interpolate`), so a few probes land on the
 * boundary or next to it and the following ones check its neighbours. Two steps in a row that
 * fail to halve the bracket are followed by a bisection. Same answer as a plain binary search, in
 * a fraction of the estimates.
 */
function largest(hi: bigint, probe: (v: bigint) => Probe): bigint {
  if (hi < 1n) return -1n
  const first = probe(1n)
  if (!first.ok) return -1n
  if (hi === 1n) return 1n
  const top = probe(hi)
  if (top.ok) return hi
  const base = first.ratio
  const target = 1 - base
  let lo = 1n
  let hLo = 0
  let bad = hi
  let hBad = top.ratio - base
  let slowSteps = 0
  while (bad - lo > 1n) {
    const width = bad - lo
    let guess = slowSteps < 2 ? interpolate(lo, hLo, bad, hBad, target) : undefined
    if (guess === undefined) {
      guess = lo + width / 2n
      slowSteps = 0
    }
    if (guess <= lo) guess = lo + 1n
    if (guess >= bad) guess = bad - 1n
    const p = probe(guess)
    if (p.ok) {
      lo = guess
      hLo = p.ratio - base
    } else {
      bad = guess
      hBad = p.ratio - base
    }
    slowSteps = (bad - lo) * 2n > width ? slowSteps + 1 : 0
  }
  return lo
}

const MAX_ALTERNATIVES = 3

/**
 * The bounds that bring `entry` under `target`: each fixable driver alone (largest value that
 * works), else all of them capped at one common value.
 */
export function suggestBounds(
  version: VersionSchema,
  entry: ExpressionCost,
  drivers: readonly CostDriver[],
  kubernetesVersions: readonly KubernetesVersion[],
  target: FixTarget,
  context?: SchemaContext
): BoundSuggestion {
  const fixable = drivers.filter((d) => d.fixable)
  const state: SearchState = { declCaches: new Map(), baselines: new Map() }
  const compileCache = new Map<string, CompileResult>()
  const keys = new Set<string>()
  const distinct = kubernetesVersions.filter((v) => {
    const key = celBehaviourKey(v)
    if (keys.has(key)) return false
    keys.add(key)
    return true
  })
  const ok = (changes: BoundChange[]): Probe =>
    meets(version, entry, distinct, target, changes, context, state, compileCache)
  const singles: BoundChange[][] = []
  for (const driver of fixable) {
    const value = largest(driver.effective, (v) => ok([{ driver, value: v }]))
    if (value >= 0n && (driver.declared === undefined || value < driver.declared))
      singles.push([{ driver, value }])
  }
  if (singles.length > 0) {
    // Adding a missing bound first (the usual fix), then the most generous value.
    singles.sort(
      (a, b) =>
        Number(a[0]!.driver.declared !== undefined) - Number(b[0]!.driver.declared !== undefined) ||
        (b[0]!.value > a[0]!.value ? 1 : b[0]!.value < a[0]!.value ? -1 : 0)
    )
    return { alternatives: singles.slice(0, MAX_ALTERNATIVES) }
  }
  if (fixable.length < 2) return { alternatives: [] }
  const hi = fixable.reduce((m, d) => (d.effective > m ? d.effective : m), 0n)
  const capped = (x: bigint): BoundChange[] =>
    fixable.map((driver) => ({ driver, value: x < driver.effective ? x : driver.effective }))
  const x = largest(hi, (v) => ok(capped(v)))
  // Bounds already at or below the common cap stay as they are.
  const changed = (changes: BoundChange[]): BoundChange[] =>
    changes.filter((c) => c.driver.declared === undefined || c.value < c.driver.declared)
  return { alternatives: x >= 0n ? [changed(capped(x))] : [] }
}

const MARKER: Record<BoundKeyword, string> = {
  maxItems: 'MaxItems',
  maxLength: 'MaxLength',
  maxProperties: 'MaxProperties'
}

/** `// +kubebuilder:validation:MaxItems=64` (or `items:` for list items) and where it goes. */
export function kubebuilderMarker(change: BoundChange): string {
  const { driver, value } = change
  const path = driver.yamlPath
  const last = path[path.length - 1]
  if (last === 'items') {
    const parent = driver.displayPath.replace(/\[\*\]$/, '')
    return `// +kubebuilder:validation:items:${MARKER[driver.keyword]}=${value} (on the Go field of ${parent})`
  }
  if (last === 'additionalProperties')
    return `// +kubebuilder:validation:${MARKER[driver.keyword]}=${value} (on the type of the map values of ${driver.displayPath.replace(/\.\*$/, '')})`
  return `// +kubebuilder:validation:${MARKER[driver.keyword]}=${value} (on the Go field of ${driver.displayPath})`
}

/** The suggested change as a finding fix: words, a YAML snippet and the markers. */
export function boundFix(
  version: VersionSchema,
  suggestion: BoundSuggestion,
  goal: string
): SuggestedFix | undefined {
  const [first, ...others] = suggestion.alternatives
  if (!first) return undefined
  const describe = (changes: readonly BoundChange[]): string =>
    changes
      .map((c) => {
        const now = c.driver.declared === undefined ? 'unbounded' : String(c.driver.declared)
        return `\`${c.driver.keyword}: ${c.value}\` on ${c.driver.displayPath} (now ${now})`
      })
      .join(', ')
  let text =
    first.length === 1
      ? `Set ${describe(first)}: the largest ${first[0]!.driver.keyword} that ${goal}.`
      : `Set ${describe(first)} together: the largest common bound that ${goal}.`
  if (others.length > 0)
    text += ` Alternatively (each alone): ${others.map(describe).join('; or ')}.`
  const snippet = first
    .map((c) => {
      const where = formatPath([...version.yamlPath, ...c.driver.yamlPath])
      return `# ${where}\n${c.driver.keyword}: ${c.value}\n${kubebuilderMarker(c)}`
    })
    .join('\n')
  return { text, snippet }
}
