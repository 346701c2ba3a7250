/**
 * Evaluating admission expressions (apiserver `admission/plugin/cel/activation.go`,
 * `composition.go`; policy-dryrun-spec.md §1.5, cel-cost-model.md §6.4): the variables an
 * expression sees, composited variables evaluated lazily on first use and cached for one
 * filter run, and the shared runtime budget — each expression is charged the cost of the
 * variables it triggered, then its own, and the run stops when the budget is spent.
 */
import {
  Activation,
  ErrorValue,
  MapValue,
  toValue,
  type Value,
  type VariableResolver
} from '../../cel/interpreter/index.js'
import { PER_CALL_LIMIT, type UserInfo } from '../cel/index.js'
import type { AdmissionEnvironment, CompiledExpression } from './environment.js'
import type { CompiledVariable } from './compile.js'
import type { AdmissionAttributes } from './matching.js'
import type { JsonValueCache } from './value-cache.js'
import { goQuote } from '../fielderrors/index.js'

/** The runtime budget of one policy evaluation (celconfig.RuntimeCELCostBudget). */
export const RUNTIME_CEL_COST_BUDGET = 10_000_000n
/** The budget of matchConditions (celconfig.RuntimeCELCostBudgetMatchConditions). */
export const MATCH_CONDITIONS_COST_BUDGET = 2_500_000n

export const OUT_OF_BUDGET =
  'validation failed due to running out of cost budget, no further validation rules will be run'

/** What one evaluation of a policy sees besides the compiled expressions. */
export interface EvaluationInput {
  /** The request, with object/oldObject in the matched version. */
  attributes: AdmissionAttributes
  /** `request` as the apiserver builds it (CreateAdmissionRequest), JSON. */
  request: Record<string, unknown>
  /** The param object, or null (no paramRef, or no param found with Allow). */
  params: Record<string, unknown> | null
  /** The Namespace of the request (as CreateNamespaceObject keeps it), or null. */
  namespace: Record<string, unknown> | null
  userInfo?: UserInfo
  /** Converted values shared by the evaluations of one request (see value-cache.ts). */
  values?: JsonValueCache
}

/** The cost of lazily evaluated variables, charged to the expression that read them. */
export class CompositionContext {
  private accumulated = 0n

  report(cost: bigint): void {
    this.accumulated += cost
  }

  takeCost(): bigint {
    const cost = this.accumulated
    this.accumulated = 0n
    return cost
  }
}

/**
 * `variables`: a map whose entries are evaluated on first access (lazy.MapValue). Errors become
 * the value of the entry, so reading it fails the reading expression.
 */
class LazyVariables extends MapValue {
  private readonly pending: Map<string, () => Value>

  constructor(entries: ReadonlyArray<readonly [string, () => Value]>) {
    super()
    this.pending = new Map(entries)
  }

  private resolveKey(key: string): void {
    const compute = this.pending.get(key)
    if (compute === undefined) return
    this.pending.delete(key)
    this.set(key, compute())
  }

  private resolveAll(): void {
    for (const key of [...this.pending.keys()]) this.resolveKey(key)
  }

  override find(key: Value): Value | undefined {
    if (typeof key === 'string') this.resolveKey(key)
    return super.find(key)
  }

  override get size(): number {
    return super.size + this.pending.size
  }

  override keys(): IterableIterator<Value> {
    this.resolveAll()
    return super.keys()
  }

  override entries(): IterableIterator<[Value, Value]> {
    this.resolveAll()
    return super.entries()
  }
}

export interface ActivationOptions {
  /** Bind `authorizer` and `authorizer.requestResource` (not for messageExpressions). */
  authorizer: boolean
  /** Bind `params` (the policy has a paramKind). */
  params: boolean
  /** The namespace object to bind (matchConditions always see null). */
  namespace: Record<string, unknown> | null
  composition?: { variables: readonly CompiledVariable[]; context: CompositionContext }
  /** The policy's environment: it makes the authorizer values. */
  environment: AdmissionEnvironment
}

const jsonValue = (json: unknown): Value =>
  json === null || json === undefined ? null : toValue(json)

/** The activation of one filter run (newActivation). */
export function admissionActivation(
  input: EvaluationInput,
  options: ActivationOptions
): VariableResolver {
  const cache = input.values
  const convert = cache ? (json: unknown): Value => cache.of(json) : jsonValue
  const values: Record<string, Value> = {
    object: convert(input.attributes.object),
    oldObject: convert(input.attributes.oldObject),
    request: convert(input.request),
    namespaceObject: convert(options.namespace)
  }
  if (options.params) values.params = convert(input.params)
  let resolver: VariableResolver = Activation.fromValues(values)
  if (options.authorizer) resolver = withAuthorizer(resolver, input, options.environment)
  const composition = options.composition
  if (composition) {
    const base = resolver
    const lazy = new LazyVariables(
      composition.variables.map(
        (v) => [v.name, () => evaluateVariable(v, activation, composition.context)] as const
      )
    )
    const activation: VariableResolver = {
      resolve: (name) => (name === 'variables' ? lazy : base.resolve(name))
    }
    resolver = activation
  }
  return resolver
}

/**
 * `authorizer` and `authorizer.requestResource` bound over `base`, each made on first read:
 * few expressions use them, and every activation of every request would build them.
 */
function withAuthorizer(
  base: VariableResolver,
  input: EvaluationInput,
  env: AdmissionEnvironment
): VariableResolver {
  let authorizer: Value | undefined
  let requestResource: Value | undefined
  return {
    resolve: (name) => {
      if (name === 'authorizer') return (authorizer ??= env.authorizerValue(input.userInfo))
      if (name === 'authorizer.requestResource')
        return (requestResource ??= env.requestResourceValue(
          {
            group: input.attributes.resource.group,
            resource: input.attributes.resource.resource,
            subresource: input.attributes.subResource,
            namespace: input.attributes.namespace,
            name: input.attributes.name
          },
          input.userInfo
        ))
      return base.resolve(name)
    }
  }
}

/** variableAccessor.Callback: the variable's value or its error, its cost reported. */
function evaluateVariable(
  v: CompiledVariable,
  activation: VariableResolver,
  context: CompositionContext
): Value {
  const { compiled } = v
  if (compiled.error || !compiled.program)
    return new ErrorValue(
      `composited variable ${goQuote(v.name)} fails to compile: ${compiled.error?.detail ?? 'no program'}`
    )
  const result = compiled.program.eval(activation, { costLimit: PER_CALL_LIMIT })
  context.report(result.cost)
  if (result.error)
    return new ErrorValue(
      `composited variable ${goQuote(v.name)} fails to evaluate: ${result.error.message}`
    )
  return result.value ?? null
}

/** One expression's outcome: its value, or the error detail the apiserver reports. */
export interface ExpressionOutcome {
  value?: Value
  error?: string
  /** The runtime cost of the expression itself (without the variables it read). */
  cost?: bigint
}

export type FilterRun =
  { outcomes: Array<ExpressionOutcome | undefined>; remaining: bigint } | { fatal: string }

/**
 * ForInput of one filter: the expressions in order, sharing `budget`. A compile error is that
 * expression's outcome; running out of budget stops the run (fatal).
 */
export function evaluateFilter(
  expressions: ReadonlyArray<CompiledExpression | undefined>,
  activation: VariableResolver,
  composition: CompositionContext | undefined,
  budget: bigint
): FilterRun {
  let remaining = budget
  const outcomes: Array<ExpressionOutcome | undefined> = []
  for (const compiled of expressions) {
    if (compiled === undefined) {
      outcomes.push(undefined)
      continue
    }
    if (compiled.error) {
      outcomes.push({ error: `compilation error: ${compiled.error.detail}` })
      continue
    }
    if (!compiled.program) {
      outcomes.push({ error: 'unexpected internal error compiling expression' })
      continue
    }
    const result = compiled.program.eval(activation, { costLimit: PER_CALL_LIMIT })
    if (composition) {
      const compositionCost = composition.takeCost()
      if (compositionCost > remaining) return { fatal: OUT_OF_BUDGET }
      remaining -= compositionCost
    }
    if (result.cost > remaining) return { fatal: OUT_OF_BUDGET }
    remaining -= result.cost
    if (result.error)
      outcomes.push({
        error: `expression '${compiled.expression}' resulted in error: ${result.error.message}`,
        cost: result.cost
      })
    else outcomes.push({ value: result.value ?? null, cost: result.cost })
  }
  return { outcomes, remaining }
}
