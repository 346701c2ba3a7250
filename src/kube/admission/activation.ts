/**
 * Evaluating admission expressions (apiserver `admission/plugin/cel/activation.go`,
 * `composition.go`; policy-dryrun-spec.md §1.5, cel-cost-model.md §6.4): the variables an
 * expression sees, composited variables evaluated lazily on first use and cached for one
 * filter run, and the shared runtime budget — each expression is charged the cost of the
 * variables it triggered, then its own, and the run stops when the budget is spent.
 */
import {
  ErrorValue,
  MapValue,
  toValue,
  type Value,
  type VariableResolver
} from '../../cel/interpreter/index.js'
import { type UserInfo } from '../cel/index.js'
import type { AdmissionEnvironment, CompiledExpression } from './environment.js'
import type { CompiledVariable } from './compile.js'
import type { AdmissionAttributes } from './matching.js'
import type { JsonValueCache } from './value-cache.js'
import { goQuote } from '../fielderrors/index.js'
import { PER_CALL_LIMIT } from '../limits.js'

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
  return new AdmissionVariables(input, options)
}

/**
 * The variables of one filter run in a single resolver. The JSON objects are bound up front
 * through the request's cache (their fields convert when read, value-cache.ts);
 * `authorizer`, `authorizer.requestResource` and `variables` are made on first read, since few
 * expressions use them and a dry-run builds several activations per policy of every request.
 * `authorizer…` is bound only with `options.authorizer`, `params` only with `options.params`,
 * `variables` only with a composition (lazy.MapValue: entries evaluated on first access).
 */
class AdmissionVariables implements VariableResolver {
  private readonly object: Value
  private readonly oldObject: Value
  private readonly request: Value
  private readonly namespaceObject: Value
  private readonly params: Value | undefined
  private authorizer: Value | undefined
  private requestResource: Value | undefined
  private variables: LazyVariables | undefined

  constructor(
    private readonly input: EvaluationInput,
    private readonly options: ActivationOptions
  ) {
    const cache = input.values
    const convert = cache ? (json: unknown): Value => cache.of(json) : jsonValue
    this.object = convert(input.attributes.object)
    this.oldObject = convert(input.attributes.oldObject)
    this.request = convert(input.request)
    this.namespaceObject = convert(options.namespace)
    this.params = options.params ? convert(input.params) : undefined
  }

  resolve(name: string): Value | undefined {
    switch (name) {
      case 'object':
        return this.object
      case 'oldObject':
        return this.oldObject
      case 'request':
        return this.request
      case 'namespaceObject':
        return this.namespaceObject
      case 'params':
        return this.params
      case 'authorizer':
        if (!this.options.authorizer) return undefined
        return (this.authorizer ??= this.options.environment.authorizerValue(this.input.userInfo))
      case 'authorizer.requestResource':
        if (!this.options.authorizer) return undefined
        return (this.requestResource ??= this.requestResourceValue())
      case 'variables':
        return this.options.composition ? (this.variables ??= this.lazyVariables()) : undefined
      default:
        return undefined
    }
  }

  private requestResourceValue(): Value {
    const attributes = this.input.attributes
    return this.options.environment.requestResourceValue(
      {
        group: attributes.resource.group,
        resource: attributes.resource.resource,
        subresource: attributes.subResource,
        namespace: attributes.namespace,
        name: attributes.name
      },
      this.input.userInfo
    )
  }

  private lazyVariables(): LazyVariables {
    const composition = this.options.composition!
    return new LazyVariables(
      composition.variables.map(
        (v) => [v.name, () => evaluateVariable(v, this, composition.context)] as const
      )
    )
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
