// plan(): an AST compiled once into a Program that evaluates it any number of times.

import type { ParsedExpr } from '../common/ast.js'
import type { CheckedExpr } from '../common/checked.js'
import { Activation, type VariableResolver } from './activation.js'
import type { AttributePattern } from './attribute-patterns.js'
import type { CostRules } from './call-steps.js'
import type { CallCostEstimator, CostModelVersion, OverloadCostTracker } from './cost.js'
import { CostLimitExceeded, EvalContext } from './eval-context.js'
import { defaultLibraries, type LibraryOptions } from './libraries.js'
import { InternalEvalError } from './plan-errors.js'
import { Planner } from './planner.js'
import type { TypeProvider } from './type-provider.js'
import { ErrorValue, objectType, TYPES, type Value } from './values.js'
import { runtimeBehaviour } from './versions.js'
import type { FunctionDef } from './dispatch.js'

export interface PlanOptions extends LibraryOptions {
  /** Container (namespace) names are resolved in, e.g. `google.protobuf`. Default ''. */
  readonly container?: string
  /** Functions to add or override (cel-go cel.Function bindings). */
  readonly functions?: readonly FunctionDef[]
  /** Message types for struct construction and field access. */
  readonly typeProvider?: TypeProvider
  /**
   * cel-go's OptOptimize (Kubernetes sets it): constant list/map literals and conversions of
   * constants are computed at plan time and cost nothing; `x in [constants]` has no call cost.
   */
  readonly optimize?: boolean
  /** Whether has() costs 1 (cel-go default) or 0 (Kubernetes). Default true. */
  readonly presenceTestHasCost?: boolean
  /** Extra per-call costs (cel-go ActualCostEstimator), e.g. Kubernetes library costs. */
  readonly callCostEstimator?: CallCostEstimator
  /** Per-overload cost functions that take precedence (cel-go OverloadCostTracker). */
  readonly overloadCostTrackers?: ReadonlyMap<string, OverloadCostTracker>
  /** has() on a value without fields is an error instead of false. Default false. */
  readonly errorOnBadPresenceTest?: boolean
  /** cel-go release whose runtime cost rules apply (startsWith/endsWith, matches). Default '0.26'. */
  readonly costModel?: CostModelVersion
  /**
   * cel-go OptPartialEval: evaluations may name unknown attribute patterns (EvalOptions.unknowns),
   * whose matching attributes evaluate to unknown values.
   */
  readonly partialEval?: boolean
  /**
   * cel-go OptTrackState: evaluations report the value of every expression they evaluated
   * (EvalResult.state), from which residualAst() prunes what is known.
   */
  readonly trackState?: boolean
}

export interface EvalOptions {
  /** Abort with `operation cancelled: actual cost limit exceeded` once the cost passes this. */
  readonly costLimit?: bigint
  /** Unknown attributes (cel.PartialVars); needs a program planned with `partialEval`. */
  readonly unknowns?: readonly AttributePattern[]
}

/** An evaluation error (cel-go returns it as the error of Program.Eval). */
export interface EvalError {
  readonly message: string
  /** Id of the expression that failed, 0 when unknown. */
  readonly exprId: number
}

export interface EvalResult {
  /** The value; absent when evaluation failed. */
  readonly value?: Value
  readonly error?: EvalError
  /** The runtime cost as cel-go's cost tracker counts it (cel-cost-model.md §6). */
  readonly cost: bigint
  /** With PlanOptions.trackState: the last value of each evaluated expression, by id. */
  readonly state?: ReadonlyMap<number, Value>
}

const STANDARD_TYPE_IDENTS = new Map<string, Value>(
  [
    TYPES.bool,
    TYPES.bytes,
    TYPES.double,
    TYPES.duration,
    TYPES.int,
    TYPES.list,
    TYPES.map,
    TYPES.null,
    TYPES.string,
    TYPES.timestamp,
    TYPES.type,
    TYPES.uint,
    TYPES.optional
  ].map((t) => [t.name, t])
)

export class Program {
  /** @internal */
  constructor(
    private readonly root: (ctx: EvalContext) => Value,
    private readonly slotCount: number,
    private readonly features: { partialEval: boolean; trackState: boolean } = {
      partialEval: false,
      trackState: false
    }
  ) {}

  /**
   * Evaluates with the given variables: an Activation, or a plain object of JS data (converted
   * with js-values.ts rules; build an Activation once to reuse conversions across programs).
   */
  eval(
    vars: VariableResolver | Readonly<Record<string, unknown>> = {},
    options: EvalOptions = {}
  ): EvalResult {
    const resolver = isResolver(vars) ? vars : Activation.fromJs(vars)
    const ctx = new EvalContext(resolver, this.slotCount, options.costLimit)
    if (this.features.partialEval && options.unknowns !== undefined) {
      ctx.unknownPatterns = options.unknowns
    }
    if (this.features.trackState) return this.evalTracked(ctx)
    let value: Value
    try {
      value = this.root(ctx)
    } catch (error) {
      return { error: abortError(error), cost: ctx.total() }
    }
    if (value instanceof ErrorValue) {
      return { error: { message: value.message, exprId: value.exprId }, cost: ctx.total() }
    }
    return { value, cost: ctx.total() }
  }

  /** eval() with state tracking: the result also carries every expression's value. */
  private evalTracked(ctx: EvalContext): EvalResult {
    const state = new Map<number, Value>()
    ctx.state = state
    let value: Value
    try {
      value = this.root(ctx)
    } catch (error) {
      return { error: abortError(error), cost: ctx.total() }
    }
    if (value instanceof ErrorValue) {
      return { error: { message: value.message, exprId: value.exprId }, cost: ctx.total(), state }
    }
    return { value, cost: ctx.total(), state }
  }
}

/** The error of an aborted evaluation (cost limit, internal error, stack overflow); else rethrows. */
function abortError(error: unknown): EvalError {
  if (error instanceof CostLimitExceeded || error instanceof InternalEvalError) {
    return { message: error.message, exprId: 0 }
  }
  if (error instanceof RangeError && /call stack/iu.test(error.message)) {
    return { message: 'internal error: stack overflow', exprId: 0 }
  }
  throw error
}

function isResolver(v: object): v is VariableResolver {
  return typeof (v as { resolve?: unknown }).resolve === 'function'
}

/** Compiles a parsed or checked AST; throws PlanError for what cel-go rejects at Program(). */
// The libraries' trackers with an environment's own, merged once per pair of maps (the planner
// only reads them).
const mergedTrackers = new WeakMap<
  ReadonlyMap<string, OverloadCostTracker>,
  WeakMap<ReadonlyMap<string, OverloadCostTracker>, ReadonlyMap<string, OverloadCostTracker>>
>()

function costTrackers(
  library: ReadonlyMap<string, OverloadCostTracker>,
  own: ReadonlyMap<string, OverloadCostTracker> | undefined
): ReadonlyMap<string, OverloadCostTracker> {
  if (own === undefined || own.size === 0) return library
  let byOwn = mergedTrackers.get(library)
  if (byOwn === undefined) mergedTrackers.set(library, (byOwn = new WeakMap()))
  let merged = byOwn.get(own)
  if (merged === undefined) {
    const m = new Map(library)
    for (const [id, t] of own) m.set(id, t)
    byOwn.set(own, (merged = m))
  }
  return merged
}

export function plan(ast: ParsedExpr | CheckedExpr, options: PlanOptions = {}): Program {
  const libraries = defaultLibraries(options)
  const dispatcher = libraries.dispatcher(options.functions ?? [])
  const provider = options.typeProvider
  const trackers = costTrackers(libraries.costTrackers, options.overloadCostTrackers)
  const costRules: CostRules = {
    version: options.costModel ?? '0.26',
    ...(options.callCostEstimator !== undefined ? { estimator: options.callCostEstimator } : {}),
    ...(trackers.size > 0 ? { trackers } : {})
  }
  const checked = 'referenceMap' in ast ? ast : undefined
  const planner = new Planner({
    dispatcher,
    container: options.container ?? '',
    provider,
    optimize: options.optimize ?? false,
    presenceTestHasCost: options.presenceTestHasCost ?? true,
    costRules,
    qualify: { errorOnBadPresenceTest: options.errorOnBadPresenceTest ?? false },
    findIdent: (name) =>
      STANDARD_TYPE_IDENTS.get(name) ??
      provider?.findIdent?.(name) ??
      (provider?.findStructType(name) !== undefined ? objectType(name) : undefined),
    referenceMap: checked?.referenceMap,
    typeMap: checked?.typeMap,
    trackState: options.trackState ?? false,
    runtime: runtimeBehaviour(options.celGoVersion)
  })
  const root = planner.plan(ast.expr)
  return new Program(root.eval, planner.slots, {
    partialEval: options.partialEval ?? false,
    trackState: options.trackState ?? false
  })
}
