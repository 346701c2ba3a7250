/**
 * CEL in Kyverno (policy-dryrun-spec.md §2.9, §2.10): `validate.cel` rules and
 * `celPreconditions` of ClusterPolicies, evaluated like a ValidatingAdmissionPolicy with
 * failurePolicy Fail, and the ValidatingPolicy evaluation loop. Expressions are compiled once
 * with our CEL engine in the Kubernetes environment (src/kube/cel) and cached.
 *
 * The admission variables (`object`, `oldObject`, `request`, `params`, `namespaceObject`) are
 * untyped (dyn), as they are for a policy without a schema; `variables` is a map filled in
 * declaration order.
 */
import {
  Activation,
  check,
  fn,
  overload,
  parse,
  plan,
  toJs,
  toValue,
  types,
  variable
} from '../cel/index.js'
import type { CheckedExpr, CheckerEnv, ParserOptions, Program, Value } from '../cel/index.js'
// Not in the public API: the optional value class, runtime function definitions and macros.
import { ErrorValue, MapValue, OptionalValue } from '../cel/interpreter/index.js'
import type { FunctionDef } from '../cel/interpreter/index.js'
import { BIND_MACRO } from '../cel/parser/index.js'
import type { Macro } from '../cel/parser/index.js'
import { AUTHORIZER_TYPE, kubernetesCelEnvironment } from '../kube/cel/index.js'
import { PATCH_RUNTIME_TYPES } from '../kube/admission/patch-values.js'
import { admissionTypeProvider } from '../kube/admission/types.js'
import type { KubernetesCelEnvironment } from '../kube/cel/index.js'
import type { KubernetesVersion } from '../kube/versions.js'
import {
  KYVERNO_LIBRARY_VARIABLES,
  bindLibraries,
  kyvernoLibraryDeclarations,
  kyvernoLibraryFunctions
} from './cel-libraries.js'
import type { KyvernoCelData } from './cel-libraries.js'
import type { JsonValueCache } from '../kube/admission/value-cache.js'
import { RUNTIME_CEL_COST_BUDGET } from '../kube/limits.js'
import {
  DEFAULT_KYVERNO_VERSION,
  KYVERNO_CEL_LIBRARIES,
  kyvernoFeatures,
  type KyvernoCelRelease,
  type KyvernoVersion
} from './versions.js'

/** The Kubernetes release whose CEL environment Kyverno's CEL runs in (cel-go: the release's). */
export const KYVERNO_CEL_VERSION: KubernetesVersion = KYVERNO_CEL_LIBRARIES

/** The CEL environment of the default Kyverno release (versions.ts `cel`). */
const DEFAULT_CEL_RELEASE: KyvernoCelRelease = kyvernoFeatures(DEFAULT_KYVERNO_VERSION).cel

/** The CEL environment of a Kyverno release (the default release's when none is given). */
export function kyvernoCelRelease(version: KyvernoVersion | undefined): KyvernoCelRelease {
  return version === undefined ? DEFAULT_CEL_RELEASE : kyvernoFeatures(version).cel
}

/** One environment per kind (plain or mutating) and Kyverno CEL release. */
const environmentKey = (mutating: boolean, release: KyvernoCelRelease): string =>
  `${mutating ? 'mutating' : 'plain'}\u0000${release.kubernetes}\u0000${release.celGoVersion ?? ''}`

/**
 * Kyverno's orValue compatibility (pkg/cel/compiler/env.go OrValueCompatEnvOptions, used by
 * validate.cel and ValidatingPolicies): `x.orValue(y)` is rewritten at parse time to
 * `__orValueCompat__(x, y)`, which returns an optional's value (or y) and any other value as
 * it is — cel-go before 0.28 accepted `container.volumeMounts.orValue([])` that way.
 */
const OR_VALUE_COMPAT = '__orValueCompat__'

const orValueCompatMacro: Macro = {
  function: 'orValue',
  argCount: 1,
  receiverStyle: true,
  expander: (eh, target, args) =>
    target === undefined ? undefined : eh.newCall(OR_VALUE_COMPAT, target, args[0]!)
}

const orValueCompatFunction: FunctionDef = {
  name: OR_VALUE_COMPAT,
  overloads: [
    {
      id: '__orValueCompat___dyn_dyn',
      args: ['dyn', 'dyn'],
      binary: (lhs: Value, rhs: Value): Value =>
        lhs instanceof OptionalValue ? (lhs.value !== undefined ? lhs.value : rhs) : lhs
    }
  ]
}

interface KyvernoCel {
  readonly env: KubernetesCelEnvironment
  readonly checker: CheckerEnv
  readonly parserOptions: ParserOptions
  readonly functions: readonly FunctionDef[]
}

/** Plain and mutating environments (`Object{…}`, `JSONPatch{…}` for MutatingPolicies). */
const kyvernoCels = new Map<string, KyvernoCel>()

function kyvernoCelEnvironment(mutating: boolean, release: KyvernoCelRelease): KyvernoCel {
  const key = environmentKey(mutating, release)
  let cel = kyvernoCels.get(key)
  if (cel === undefined) {
    const env = celEnvironment(mutating, release)
    cel = {
      env,
      checker: env.checker.extend({
        functions: [
          fn(
            OR_VALUE_COMPAT,
            overload('__orValueCompat___dyn_dyn', [types.DYN, types.DYN], types.DYN)
          ),
          ...kyvernoLibraryDeclarations()
        ],
        variables: [...KYVERNO_LIBRARY_VARIABLES]
      }),
      parserOptions: {
        ...env.parserOptions,
        // Kyverno's environments add ext.Bindings (cel.bind) to the Kubernetes base.
        macros: [
          ...(env.parserOptions.macros ?? []),
          orValueCompatMacro,
          ...((env.parserOptions.macros ?? []).includes(BIND_MACRO) ? [] : [BIND_MACRO])
        ]
      },
      functions: [
        ...(env.planOptions.functions ?? []),
        orValueCompatFunction,
        ...kyvernoLibraryFunctions()
      ]
    }
    kyvernoCels.set(key, cel)
  }
  return cel
}

const environments = new Map<string, KubernetesCelEnvironment>()

function celEnvironment(mutating: boolean, release: KyvernoCelRelease): KubernetesCelEnvironment {
  const key = environmentKey(mutating, release)
  let environment = environments.get(key)
  if (environment === undefined) {
    environment = kubernetesCelEnvironment({
      version: release.kubernetes,
      ...(release.celGoVersion !== undefined ? { celGoVersion: release.celGoVersion } : {}),
      mode: 'new',
      variables: [
        variable('object', types.DYN),
        variable('oldObject', types.DYN),
        variable('request', types.DYN),
        variable('params', types.DYN),
        variable('namespaceObject', types.DYN),
        variable('variables', types.mapType(types.STRING, types.DYN)),
        variable('authorizer', AUTHORIZER_TYPE)
      ],
      ...(mutating
        ? {
            typeProvider: admissionTypeProvider({ patchTypes: true }),
            runtimeTypeProvider: PATCH_RUNTIME_TYPES,
            mutating: true
          }
        : {})
    })
    environments.set(key, environment)
  }
  return environment
}

/** A compiled expression, or its compile error text. */
type Compiled = { program: Program; ast: CheckedExpr } | { error: string }

const compiledByEnvironment = new Map<string, Map<string, Compiled>>()

function compile(expression: string, mutating: boolean, release: KyvernoCelRelease): Compiled {
  const key = environmentKey(mutating, release)
  let compiled = compiledByEnvironment.get(key)
  if (compiled === undefined) {
    compiled = new Map()
    compiledByEnvironment.set(key, compiled)
  }
  let result = compiled.get(expression)
  if (result === undefined) {
    const cel = kyvernoCelEnvironment(mutating, release)
    const parsed = parse(expression, cel.parserOptions)
    const checked = parsed.ast
      ? check(parsed.ast, cel.checker, { source: parsed.source })
      : undefined
    if (!parsed.ast) result = { error: parsed.errorText }
    else if (!checked?.checked) result = { error: checked?.errorText ?? 'check failed' }
    else {
      try {
        result = {
          program: plan(checked.checked, { ...cel.env.planOptions, functions: cel.functions }),
          ast: checked.checked
        }
      } catch (error) {
        result = { error: error instanceof Error ? error.message : String(error) }
      }
    }
    if (compiled.size > 5000) compiled.clear()
    compiled.set(expression, result)
  }
  return result
}

/** The values CEL expressions see. */
export interface CelInputs {
  object: unknown
  oldObject: unknown
  request: unknown
  params?: unknown
  namespaceObject: unknown
  /** The username for `authorizer` (offline: every check is denied). */
  username?: string
  /** What Kyverno's CEL libraries (`resource`, `globalContext`, `image`, `http`) read. */
  data?: KyvernoCelData
  /** Compile in the mutating environment (`Object{…}` and `JSONPatch{…}` literals). */
  mutating?: boolean
  /** The Kyverno release's CEL environment (default: the default release's). */
  celRelease?: KyvernoCelRelease
  /** CEL values of these objects already made for the same resource by other policies. */
  values?: JsonValueCache
  /** `request` already converted (shared by the policies of one resource); replaces `request`. */
  requestValue?: Value
  /** `namespaceObject` already converted; replaces `namespaceObject`. */
  namespaceObjectValue?: Value
}

/** The `variables` map before any variable is defined (CEL values are immutable). */
const NO_VARIABLES: Value = toValue({})

/** What the libraries read when nothing was supplied (Kyverno's fake context). */
const NO_DATA: KyvernoCelData = {}

/** The anonymous `authorizer` value (immutable), made once per environment. */
const anonymousAuthorizers = new Map<string, Value>()

function authorizerFor(
  mutating: boolean,
  release: KyvernoCelRelease,
  username: string | undefined
): Value {
  const env = celEnvironment(mutating, release)
  if (username !== undefined) return env.authorizerValue({ username })
  const key = environmentKey(mutating, release)
  let value = anonymousAuthorizers.get(key)
  if (value === undefined) anonymousAuthorizers.set(key, (value = env.authorizerValue()))
  return value
}

export type CelOutcome = { value: unknown } | { error: string }

/** Evaluates expressions against fixed inputs, with declared variables available. */
export class CelEvaluator {
  /** The variables' values; a Map, which each evaluation's activation reads as it is. */
  private readonly bindings: Map<string, Value>
  private readonly variableValues = new Map<string, Value>()

  private readonly mutating: boolean
  private readonly release: KyvernoCelRelease

  constructor(inputs: CelInputs) {
    this.mutating = inputs.mutating === true
    this.release = inputs.celRelease ?? DEFAULT_CEL_RELEASE
    const cache = inputs.values
    const convert = (json: unknown): Value => (cache ? cache.of(json) : toValue(json ?? null))
    // A Map filled in place: an evaluator is made for every policy × resource pair.
    const bindings = new Map<string, Value>()
    bindings.set('object', convert(inputs.object))
    bindings.set('oldObject', convert(inputs.oldObject))
    bindings.set(
      'request',
      inputs.requestValue ??
        (cache ? cache.ofFields(inputs.request) : toValue(inputs.request ?? null))
    )
    bindings.set('params', convert(inputs.params))
    bindings.set('namespaceObject', inputs.namespaceObjectValue ?? convert(inputs.namespaceObject))
    bindings.set('variables', NO_VARIABLES)
    bindings.set('authorizer', authorizerFor(this.mutating, this.release, inputs.username))
    for (const [name, value] of bindLibraries(inputs.data ?? NO_DATA)) bindings.set(name, value)
    this.bindings = bindings
  }

  /**
   * Adds `variables.<name>`, evaluated now. An error is kept as the variable's value, so an
   * expression that reads it fails with that error (Kyverno's variables are lazy: the error
   * surfaces where the variable is used).
   */
  defineVariable(name: string, expression: string): void {
    const outcome = this.evaluateValue(expression)
    this.variableValues.set(
      name,
      'value' in outcome ? outcome.value : new ErrorValue(outcome.error)
    )
    this.bindings.set('variables', MapValue.fromStringEntries(this.variableValues))
  }

  /** Replaces the value of `object` (a MutatingPolicy's next mutation sees the patched object). */
  setObject(object: unknown): void {
    this.bindings.set('object', toValue(object ?? null))
  }

  /** Evaluates an expression to a CEL value (mutations: `Object{…}` and JSONPatch lists). */
  evaluateValue(expression: string): { value: Value } | { error: string } {
    const program = compile(expression, this.mutating, this.release)
    if ('error' in program) return { error: program.error }
    const result = program.program.eval(Activation.fromValues(this.bindings), {
      costLimit: RUNTIME_CEL_COST_BUDGET
    })
    if (result.error) return { error: result.error.message }
    return { value: result.value! }
  }

  /** Evaluates an expression to JS data, or an error with the CEL message. */
  evaluate(expression: string): CelOutcome {
    const outcome = this.evaluateValue(expression)
    if ('error' in outcome) return outcome
    return { value: toJs(outcome.value, { integers: 'number' }) }
  }
}

/**
 * A validation expression's outcome the way the apiserver's VAP validator reports it:
 * admitted, denied with a message, or an error (denied under failurePolicy Fail).
 */
export type Decision =
  { kind: 'admit' } | { kind: 'deny'; message: string } | { kind: 'error'; message: string }

export interface ValidationExpression {
  expression: string
  message?: string
  messageExpression?: string
}

/** One VAP validation: `failed expression: …` when neither message nor messageExpression says more. */
export function vapDecision(evaluator: CelEvaluator, validation: ValidationExpression): Decision {
  const outcome = evaluator.evaluate(validation.expression)
  if ('error' in outcome) {
    return {
      kind: 'error',
      message: `expression '${validation.expression}' resulted in error: ${outcome.error}`
    }
  }
  if (outcome.value === true) return { kind: 'admit' }
  let message = (validation.message ?? '').trim()
  if (validation.messageExpression) {
    const m = evaluator.evaluate(validation.messageExpression)
    if ('value' in m && typeof m.value === 'string') {
      const text = m.value.trim()
      if (text !== '' && text.length <= 5 * 1024 && !text.includes('\n')) message = text
    }
  }
  if (message === '') message = `failed expression: ${validation.expression.trim()}`
  return { kind: 'deny', message }
}

/** Match conditions: all true → match; any false → no match; errors otherwise (Fail policy). */
export function matchConditions(
  evaluator: CelEvaluator,
  conditions: ReadonlyArray<{ name?: string; expression: string }>
): { matches: boolean; error?: string } {
  const errors: string[] = []
  for (const condition of conditions) {
    const outcome = evaluator.evaluate(condition.expression)
    if ('error' in outcome) {
      errors.push(`expression '${condition.expression}' resulted in error: ${outcome.error}`)
      continue
    }
    if (outcome.value !== true) {
      if (typeof outcome.value !== 'boolean') {
        errors.push(`matchCondition '${condition.name ?? ''}' must evaluate to bool`)
        continue
      }
      return { matches: false }
    }
  }
  if (errors.length > 0) return { matches: false, error: errors.join(', ') }
  return { matches: true }
}
