/**
 * Compiles every expression of one policy, the two ways the apiserver does
 * (policy-dryrun-spec.md §1.5):
 *
 * - `admission` (validating/mutating plugin compilePolicy): StoredExpressions; variables are
 *   always composited; validations, matchConditions and audit annotations see `authorizer`,
 *   messageExpressions do not; mutations also see `Object`, `JSONPatch`.
 * - `validation` (API validation on create, admissionregistration validation.go):
 *   NewExpressions; `variables` exists only when the policy declares some; matchConditions are
 *   compiled without variables and, like audit valueExpressions, trimmed first.
 */
import type { KubernetesVersion } from '../versions.js'
import type { OfflineAuthorizer } from '../cel/index.js'
import type { AdmissionPolicy } from './api.js'
import { AdmissionEnvironment, RETURN_TYPES, type CompiledExpression } from './environment.js'
import type { ExpressionDeclarations, ReturnTypes, TypedDeclarations } from './environment.js'
import { VariablesType } from './types.js'
import { trimSpace as goTrimSpace } from '../../cel/interpreter/text.js'

export type CompilePurpose = 'admission' | 'validation'

export interface CompilePolicyOptions {
  kubernetesVersion: KubernetesVersion
  purpose: CompilePurpose
  authorizer?: OfflineAuthorizer
  strictCost?: boolean
  /** Declare no `authorizer` at all (the Kyverno CLI evaluates without one). */
  noAuthorizer?: boolean
  /** Schema types for `object` and `params` (type checking against known schemas). */
  typed?: TypedDeclarations
}

export interface CompiledVariable {
  name: string
  compiled: CompiledExpression
}

export interface CompiledPolicy {
  policy: AdmissionPolicy
  kubernetesVersion: KubernetesVersion
  environment: AdmissionEnvironment
  variables: CompiledVariable[]
  validations: CompiledExpression[]
  /** One per validation; absent where the validation has no messageExpression. */
  messageExpressions: Array<CompiledExpression | undefined>
  matchConditions: CompiledExpression[]
  auditAnnotations: CompiledExpression[]
  /** One per mutation; absent where the mutation has no expression of its patch type. */
  mutations: Array<CompiledExpression | undefined>
}

export function compilePolicy(
  policy: AdmissionPolicy,
  options: CompilePolicyOptions
): CompiledPolicy {
  const admission = options.purpose === 'admission'
  const hasParams = policy.paramKind !== undefined
  const composited = admission || policy.variables.length > 0
  const variablesType = composited ? new VariablesType() : undefined
  const environment = new AdmissionEnvironment({
    kubernetesVersion: options.kubernetesVersion,
    mode: admission ? 'stored' : 'new',
    ...(variablesType ? { variables: variablesType } : {}),
    ...(options.authorizer ? { authorizer: options.authorizer } : {}),
    ...(options.strictCost !== undefined ? { strictCost: options.strictCost } : {}),
    ...(options.typed ? { typed: options.typed } : {})
  })
  const hasAuthorizer = options.noAuthorizer !== true
  // Validation only compiles; admission also plans the programs it will evaluate.
  const compile = (expression: string, decls: ExpressionDeclarations, returns: ReturnTypes) =>
    environment.compile(expression, decls, returns, { plan: admission })
  const withAuthorizer: ExpressionDeclarations = { hasParams, hasAuthorizer, hasPatchTypes: false }

  const variables: CompiledVariable[] = []
  for (const v of policy.variables) {
    const compiled = compile(v.expression, withAuthorizer, RETURN_TYPES.variable)
    // Later expressions see the variable typed by its result (dyn when it failed).
    variablesType?.add(v.name, compiled.error ? undefined : compiled.outputType)
    variables.push({ name: v.name, compiled })
  }

  // API validation compiles matchConditions with a compiler that has no composition.
  const conditionEnvironment = admission
    ? environment
    : new AdmissionEnvironment({ ...environment.options, variables: undefined })
  const matchConditions = policy.matchConditions.map((m) =>
    conditionEnvironment.compile(
      admission ? m.expression : goTrimSpace(m.expression),
      withAuthorizer,
      RETURN_TYPES.matchCondition,
      { plan: admission }
    )
  )

  const validations = policy.validations.map((v) =>
    compile(v.expression, withAuthorizer, RETURN_TYPES.validation)
  )
  const messageExpressions = policy.validations.map((v) =>
    v.messageExpression !== undefined && v.messageExpression !== ''
      ? compile(
          v.messageExpression,
          { hasParams, hasAuthorizer: false, hasPatchTypes: false },
          RETURN_TYPES.messageExpression
        )
      : undefined
  )
  const auditAnnotations = policy.auditAnnotations.map((a) =>
    compile(
      admission ? a.valueExpression : goTrimSpace(a.valueExpression),
      withAuthorizer,
      RETURN_TYPES.auditAnnotation
    )
  )
  const mutations = policy.mutations.map((m) => {
    if (m.expression === undefined) return undefined
    const returnTypes =
      m.patchType === 'JSONPatch' ? RETURN_TYPES.jsonPatch : RETURN_TYPES.applyConfiguration
    return compile(m.expression, { hasParams, hasAuthorizer, hasPatchTypes: true }, returnTypes)
  })
  return {
    policy,
    kubernetesVersion: options.kubernetesVersion,
    environment,
    variables,
    validations,
    messageExpressions,
    matchConditions,
    auditAnnotations,
    mutations
  }
}
