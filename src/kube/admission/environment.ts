/**
 * The CEL environments admission expressions compile in (apiserver
 * `admission/plugin/cel/compile.go` createEnvForOpts, `composition.go`): the Kubernetes
 * environment of a release plus `object`, `oldObject` (dyn), `request`, `namespaceObject`,
 * `params` (dyn, only with a paramKind), `authorizer` and `authorizer.requestResource` (not in
 * messageExpressions), `variables` (with composition) and, for mutations, the `Object` and
 * `JSONPatch` types with `jsonpatch.escapeKey`.
 *
 * Compile errors and result-type mismatches carry the apiserver's detail text
 * (`compilation failed: ERROR: <input>:1:5: …`, `must evaluate to bool but got string`).
 */
import { combineProviders, variable } from '../../cel/checker/index.js'
import type { TypeProvider } from '../../cel/checker/index.js'
import type { VariableDecl } from '../../cel/checker/decls.js'
import type { CheckedExpr } from '../../cel/common/checked.js'
import type { CelError } from '../../cel/common/errors.js'
import type { Source } from '../../cel/common/source.js'
import {
  BOOL,
  DYN,
  NULL,
  STRING,
  isExactType,
  listType,
  typeToString,
  type Type
} from '../../cel/common/types.js'
import type { CostRange } from '../../cel/cost/index.js'
import { PlanError, type Program } from '../../cel/interpreter/index.js'
import {
  AUTHORIZER_TYPE,
  DENY_ALL_AUTHORIZER,
  RESOURCE_CHECK_TYPE,
  kubernetesCelEnvironment,
  type ExpressionMode,
  type KubernetesCelEnvironment,
  type OfflineAuthorizer
} from '../cel/index.js'
import { releaseFeatures, type KubernetesVersion, type ReleaseFeatures } from '../versions.js'
import {
  newAuthorizerValue,
  newResourceAuthorizerValue,
  type AuthorizerValue,
  type RequestResource,
  type ResourceCheckValue,
  type UserInfo
} from '../cel/authz.js'
import { PATCH_RUNTIME_TYPES } from './patch-values.js'
import { constantRegexErrors } from '../cel/regex.js'
import {
  APPLY_CONFIGURATION_TYPE,
  JSON_PATCH_TYPE,
  NAMESPACE_TYPE,
  REQUEST_TYPE,
  VARIABLES_TYPE,
  admissionTypeProvider,
  type VariablesType
} from './types.js'

/** What an expression may reference beyond `object`, `oldObject`, `request` and `namespaceObject`. */
export interface ExpressionDeclarations {
  hasParams: boolean
  hasAuthorizer: boolean
  /** Mutation expressions: `Object{…}`, `JSONPatch{…}`, `jsonpatch.escapeKey`. */
  hasPatchTypes: boolean
}

export interface AdmissionEnvironmentOptions {
  kubernetesVersion: KubernetesVersion
  /** `new` for expressions being created (API validation), `stored` at admission. */
  mode: ExpressionMode
  /** The policy's composited variables; `variables` is declared only when given. */
  variables?: VariablesType
  /** Decides `authorizer…check()` at evaluation; default: deny, "no authorizer configured". */
  authorizer?: OfflineAuthorizer
  /**
   * Types for `object`/`oldObject` and `params` (schema-aware type checking), else dyn; `key`
   * names them uniquely, so environments with the same types are shared.
   */
  typed?: TypedDeclarations
  /**
   * StrictCostEnforcementForVAP: the Kubernetes library costs at runtime (default: the
   * release's default, on from 1.32).
   */
  strictCost?: boolean
}

export interface TypedDeclarations {
  object?: Type
  params?: Type
  provider: TypeProvider
  key: string
}

/** Result types an expression must have; `any` accepts every type. */
export type ReturnTypes = readonly Type[] | 'any'

/** The result types of each kind of expression (their ExpressionAccessors' ReturnTypes). */
export const RETURN_TYPES = {
  validation: [BOOL],
  matchCondition: [BOOL],
  messageExpression: [STRING],
  auditAnnotation: [STRING, NULL],
  variable: 'any',
  applyConfiguration: [APPLY_CONFIGURATION_TYPE],
  jsonPatch: [listType(JSON_PATCH_TYPE)]
} as const satisfies Record<string, ReturnTypes>

export interface ExpressionError {
  /** `Invalid` for compile and type errors, `Internal` for environment or planning failures. */
  type: 'Invalid' | 'Internal'
  /** The apiserver's detail, e.g. `compilation failed: ERROR: <input>:1:6: …`. */
  detail: string
  /** The CEL errors behind it, with code-point offsets into the expression. */
  celErrors: readonly CelError[]
}

export interface CompiledExpression {
  expression: string
  ast?: CheckedExpr
  program?: Program
  outputType?: Type
  source?: Source
  error?: ExpressionError
  /** The release's environment that compiled it (estimates, authorizer values). */
  environment: KubernetesCelEnvironment
}

/**
 * A compiled Kubernetes environment with admission declarations, shared by every policy of
 * the same release and declarations: `variables` is declared once, and its fields are read
 * from whichever policy is compiling (compilation is synchronous, so one slot suffices).
 */
interface SharedEnvironment {
  environment: KubernetesCelEnvironment
  slot: { variables: VariablesType | undefined }
}

const SHARED = new Map<string, SharedEnvironment>()
const SHARED_LIMIT = 256

/**
 * The environments of one policy: one per set of declarations, all reading the policy's
 * variables type (a variable sees the variables declared before it).
 */
export class AdmissionEnvironment {
  private readonly release: ReleaseFeatures

  constructor(readonly options: AdmissionEnvironmentOptions) {
    this.release = releaseFeatures(options.kubernetesVersion)
  }

  /** The environment for `decls`, with this policy's variables in its slot. */
  environment(decls: ExpressionDeclarations): KubernetesCelEnvironment {
    const { typed, variables } = this.options
    const strictCost = this.options.strictCost ?? this.release.strictCostEnforcementDefault
    const key = [
      this.options.kubernetesVersion,
      this.options.mode,
      decls.hasParams,
      decls.hasAuthorizer,
      decls.hasPatchTypes,
      variables !== undefined,
      strictCost,
      typed?.key ?? ''
    ].join('/')
    let shared = SHARED.get(key)
    if (!shared) {
      if (SHARED.size >= SHARED_LIMIT) SHARED.clear()
      const slot = { variables }
      shared = { ...this.build(decls, slot), slot }
      SHARED.set(key, shared)
    }
    shared.slot.variables = variables
    return shared.environment
  }

  private build(
    decls: ExpressionDeclarations,
    slot: { variables: VariablesType | undefined }
  ): { environment: KubernetesCelEnvironment } {
    const { typed } = this.options
    const objectType = typed?.object ?? DYN
    const declared: VariableDecl[] = [
      variable('object', objectType),
      variable('oldObject', objectType),
      variable('namespaceObject', NAMESPACE_TYPE),
      variable('request', REQUEST_TYPE)
    ]
    if (decls.hasParams) declared.push(variable('params', typed?.params ?? DYN))
    if (decls.hasAuthorizer)
      declared.push(
        variable('authorizer', AUTHORIZER_TYPE),
        variable('authorizer.requestResource', RESOURCE_CHECK_TYPE)
      )
    if (slot.variables) declared.push(variable('variables', VARIABLES_TYPE))
    const provider = admissionTypeProvider({
      variables: () => slot.variables,
      patchTypes: decls.hasPatchTypes,
      ...(typed ? { more: typed.provider } : {})
    })
    const release = this.release
    const environment = kubernetesCelEnvironment({
      version: this.options.kubernetesVersion,
      mode: this.options.mode,
      variables: declared,
      typeProvider: typed ? combineProviders(provider, typed.provider) : provider,
      ...(decls.hasPatchTypes ? { runtimeTypeProvider: PATCH_RUNTIME_TYPES, mutating: true } : {}),
      strictCost: this.options.strictCost ?? release.strictCostEnforcementDefault
    })
    return { environment }
  }

  /** The value of `authorizer` for a user: checks go to the options' offline authorizer. */
  authorizerValue(user: UserInfo | undefined): AuthorizerValue {
    const gate = this.release.authorizeWithSelectors
    return newAuthorizerValue(
      user,
      this.options.authorizer ?? DENY_ALL_AUTHORIZER,
      !gate.gated || gate.default
    )
  }

  /** The value of `authorizer.requestResource`: a check preset to the request's resource. */
  requestResourceValue(request: RequestResource, user: UserInfo | undefined): ResourceCheckValue {
    return newResourceAuthorizerValue(this.authorizerValue(user), request)
  }

  /** Compiles one expression (CompileCELExpression) and plans its program. */
  compile(
    expression: string,
    decls: ExpressionDeclarations,
    returnTypes: ReturnTypes,
    options: { plan?: boolean } = {}
  ): CompiledExpression {
    const environment = this.environment(decls)
    const compiled = environment.compile(expression)
    const base = { expression, environment, source: compiled.source }
    if (!compiled.ast)
      return {
        ...base,
        error: {
          type: 'Invalid',
          detail: `compilation failed: ${compiled.errorText}`,
          celErrors: compiled.errors
        }
      }
    const ast = compiled.ast
    const outputType = ast.typeMap.get(ast.expr.id) ?? DYN
    if (returnTypes !== 'any' && !returnTypes.some((t) => isExactType(outputType, t))) {
      const reason =
        returnTypes.length === 1
          ? `must evaluate to ${typeToString(returnTypes[0]!)} but got ${typeToString(outputType)}`
          : `must evaluate to one of [${returnTypes.map(typeToString).join(' ')}] but got ${typeToString(outputType)}`
      return { ...base, ast, outputType, error: { type: 'Invalid', detail: reason, celErrors: [] } }
    }
    if (options.plan === false) {
      // Validation needs no program, only what env.Program would reject: constant patterns.
      const [regexError] = environment.options.has('regex') ? constantRegexErrors(ast) : []
      if (regexError === undefined) return { ...base, ast, outputType }
      return {
        ...base,
        ast,
        outputType,
        error: {
          type: 'Internal',
          detail: `program instantiation failed: ${regexError}`,
          celErrors: []
        }
      }
    }
    try {
      const program = environment.program(ast)
      return { ...base, ast, outputType, program }
    } catch (err) {
      if (!(err instanceof PlanError)) throw err
      return {
        ...base,
        ast,
        outputType,
        error: {
          type: 'Internal',
          detail: `program instantiation failed: ${err.message}`,
          celErrors: []
        }
      }
    }
  }

  /** The static cost estimate (no size estimator: the apiserver installs none for admission). */
  estimate(compiled: CompiledExpression): CostRange | undefined {
    return compiled.ast ? compiled.environment.estimateCost(compiled.ast) : undefined
  }
}
