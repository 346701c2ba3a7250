/**
 * One evaluation of a ValidatingAdmissionPolicy for one binding and param (apiserver
 * `policy/validating/validator.go`, `webhook/matchconditions/matcher.go`;
 * policy-dryrun-spec.md §1.5): matchConditions, then the validations sharing one budget, the
 * messageExpressions with what is left, the audit annotations with a fresh budget. The decision
 * rules are pure functions of the expressions' outcomes, so they can be checked on their own.
 */
import { trimSpace, utf8Length } from '../../cel/interpreter/text.js'
import { typeOf } from '../../cel/interpreter/index.js'
import type { AuditAnnotation, Validation } from './api.js'
import {
  CompositionContext,
  admissionActivation,
  evaluateFilter,
  type EvaluationInput,
  type ExpressionOutcome,
  type FilterRun
} from './activation.js'
import type { CompiledPolicy } from './compile.js'
import type { CompiledExpression } from './environment.js'
import { JsonValueCache } from './value-cache.js'
import { MATCH_CONDITIONS_COST_BUDGET, RUNTIME_CEL_COST_BUDGET } from '../limits.js'

export type PolicyDecisionAction = 'admit' | 'deny'
export type PolicyDecisionEvaluation = 'admit' | 'deny' | 'error'

export interface PolicyDecision {
  action: PolicyDecisionAction
  evaluation: PolicyDecisionEvaluation
  /** The status reason of a deny (`Invalid` unless the validation names another). */
  reason?: string
  message: string
}

export type AuditAnnotationAction = 'publish' | 'exclude' | 'error'

export interface AuditAnnotationResult {
  key: string
  action: AuditAnnotationAction
  value?: string
  error?: string
}

export interface ValidateResult {
  decisions: PolicyDecision[]
  auditAnnotations: AuditAnnotationResult[]
  /** Set when a matchCondition evaluated to false: the policy does not apply. */
  failedMatchCondition?: string
  /** The runtime cost spent on validations and messageExpressions. */
  cost: bigint
}

/** The message of a messageExpression longer than this is dropped (5 KiB). */
export const MAX_EVALUATED_MESSAGE_EXPRESSION_SIZE = 5 * 1024

/** What an error turns into: deny under failurePolicy Fail (or unset), admit under Ignore. */
export function errorAction(failurePolicy: string | undefined): PolicyDecisionAction {
  return failurePolicy === 'Ignore' ? 'admit' : 'deny'
}

/**
 * The decision for one validation (validator.Validate's loop): an error follows the failure
 * policy; a result other than true denies, with the message from messageExpression, message,
 * or the expression itself (§1.5.1).
 */
export function validationDecision(
  validation: Validation,
  outcome: ExpressionOutcome,
  messageOutcome: ExpressionOutcome | undefined,
  messageFilterError: string | undefined,
  failurePolicy: string | undefined
): PolicyDecision {
  if (outcome.error !== undefined)
    return { action: errorAction(failurePolicy), evaluation: 'error', message: outcome.error }
  if (messageFilterError !== undefined)
    return {
      action: errorAction(failurePolicy),
      evaluation: 'error',
      message: `failed messageExpression: ${messageFilterError}`
    }
  if (outcome.value === true) return { action: 'admit', evaluation: 'admit', message: '' }
  return {
    action: 'deny',
    evaluation: 'deny',
    reason: validation.reason ?? 'Invalid',
    message: failureMessage(validation, messageOutcome)
  }
}

/** §1.5.1: messageExpression (string, trimmed, ≤ 5 KiB, one line) → message → the expression. */
export function failureMessage(
  validation: Validation,
  messageOutcome: ExpressionOutcome | undefined
): string {
  let message = ''
  if (messageOutcome?.error === undefined && typeof messageOutcome?.value === 'string') {
    message = trimSpace(messageOutcome.value)
    if (utf8Length(message) > MAX_EVALUATED_MESSAGE_EXPRESSION_SIZE) message = ''
    if (message.includes('\n')) message = ''
  }
  if (message === '' && validation.message !== undefined && validation.message.length > 0)
    message = trimSpace(validation.message)
  if (message === '') message = `failed expression: ${trimSpace(validation.expression)}`
  return message
}

/** The outcome of one audit annotation: a trimmed non-empty string publishes; null excludes. */
export function auditAnnotationResult(
  annotation: Pick<AuditAnnotation, 'key' | 'valueExpression'>,
  outcome: ExpressionOutcome,
  failurePolicy: string | undefined
): AuditAnnotationResult {
  const key = annotation.key
  if (outcome.error !== undefined)
    return failurePolicy === 'Ignore'
      ? { key, action: 'exclude' }
      : { key, action: 'error', error: outcome.error }
  const value = outcome.value
  if (typeof value === 'string') {
    const trimmed = trimSpace(value)
    return trimmed === '' ? { key, action: 'exclude' } : { key, action: 'publish', value: trimmed }
  }
  if (value === null || value === undefined) return { key, action: 'exclude' }
  return {
    key,
    action: 'error',
    error: `valueExpression '${annotation.valueExpression}' resulted in unsupported return type: ${typeOf(value).name}. Return type must be either string or null.`
  }
}

export interface MatchConditionsResult {
  matches: boolean
  /** The (aggregated) evaluation error under failurePolicy Fail. */
  error?: string
  /** The first condition that evaluated to false. */
  failedCondition?: string
}

/**
 * matchconditions.Matcher.Match: any false condition skips the policy (errors of others do not
 * matter); otherwise errors fail under Fail (aggregated as `[e1, e2]`) and skip under Ignore.
 */
export function matchConditionsResult(
  outcomes: ReadonlyArray<{ name: string; outcome: ExpressionOutcome }>,
  failurePolicy: string | undefined
): MatchConditionsResult {
  const errors: string[] = []
  for (const { name, outcome } of outcomes) {
    if (outcome.error !== undefined) errors.push(outcome.error)
    if (outcome.value === false) return { matches: false, failedCondition: name }
  }
  if (errors.length > 0) {
    if (failurePolicy === 'Ignore') return { matches: false }
    return { matches: false, error: aggregateErrors(errors) }
  }
  return { matches: true }
}

/** utilerrors.NewAggregate(errs).Error(): duplicates once, one error bare, several `[a, b]`. */
export function aggregateErrors(errors: readonly string[]): string {
  const unique = [...new Set(errors)]
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`
}

/** A filter failure (budget) as the single decision of the evaluation. */
function singleError(message: string, failurePolicy: string | undefined): ValidateResult {
  return {
    decisions: [{ action: errorAction(failurePolicy), evaluation: 'error', message }],
    auditAnnotations: [],
    cost: 0n
  }
}

export interface ValidateOptions {
  /** The validation budget (default 10,000,000; tests shrink it). */
  budget?: bigint
  /** The matchConditions budget (default 2,500,000). */
  matchConditionsBudget?: bigint
}

/**
 * matchconditions.Matcher.Match with the policy's conditions (namespaceObject is always null
 * in them); a policy without conditions matches.
 */
export function evaluateMatchConditions(
  compiled: CompiledPolicy,
  input: EvaluationInput,
  budget: bigint = MATCH_CONDITIONS_COST_BUDGET
): MatchConditionsResult {
  if (compiled.matchConditions.length === 0) return { matches: true }
  const failurePolicy = compiled.policy.failurePolicy
  const context = new CompositionContext()
  const activation = admissionActivation(input, {
    authorizer: true,
    params: compiled.policy.paramKind !== undefined,
    namespace: null,
    composition: { variables: compiled.variables, context },
    environment: compiled.environment
  })
  const run = evaluateFilter(compiled.matchConditions, activation, context, budget)
  if ('fatal' in run)
    return failurePolicy === 'Ignore' ? { matches: false } : { matches: false, error: run.fatal }
  return matchConditionsResult(
    compiled.policy.matchConditions.map((m, i) => ({ name: m.name, outcome: run.outcomes[i]! })),
    failurePolicy
  )
}

/** validator.Validate for one binding and param. */
export function validatePolicy(
  compiled: CompiledPolicy,
  given: EvaluationInput,
  options: ValidateOptions = {}
): ValidateResult {
  // The four activations below bind the same objects: convert them once.
  const input = given.values ? given : { ...given, values: new JsonValueCache() }
  const { policy } = compiled
  const failurePolicy = policy.failurePolicy
  const hasParams = policy.paramKind !== undefined
  const activationFor = (authorizer: boolean, namespace: Record<string, unknown> | null) => {
    const context = new CompositionContext()
    const activation = admissionActivation(input, {
      authorizer,
      params: hasParams,
      namespace,
      composition: { variables: compiled.variables, context },
      environment: compiled.environment
    })
    return { activation, context }
  }

  const conditions = evaluateMatchConditions(compiled, input, options.matchConditionsBudget)
  if (conditions.error !== undefined) return singleError(conditions.error, failurePolicy)
  if (!conditions.matches)
    return {
      decisions: [],
      auditAnnotations: [],
      failedMatchCondition: conditions.failedCondition ?? '',
      cost: 0n
    }

  const budget = options.budget ?? RUNTIME_CEL_COST_BUDGET
  const validations = activationFor(true, input.namespace)
  const validationRun = evaluateFilter(
    compiled.validations,
    validations.activation,
    validations.context,
    budget
  )
  if ('fatal' in validationRun) return singleError(validationRun.fatal, failurePolicy)
  // Most policies have no messageExpressions or audit annotations: no activation for those.
  const messages = hasExpressions(compiled.messageExpressions)
    ? activationFor(false, input.namespace)
    : undefined
  const messageRun: FilterRun = messages
    ? evaluateFilter(
        compiled.messageExpressions,
        messages.activation,
        messages.context,
        validationRun.remaining
      )
    : { outcomes: [], remaining: validationRun.remaining }
  const messageFatal = 'fatal' in messageRun ? messageRun.fatal : undefined
  const decisions = policy.validations.map((validation, i) => {
    const outcome = validationRun.outcomes[i]!
    const messageOutcome = 'outcomes' in messageRun ? messageRun.outcomes[i] : undefined
    // A budget failure of the messages turns every validation without an error of its own into
    // an error (validator.go checks it before the validation's result).
    return validationDecision(validation, outcome, messageOutcome, messageFatal, failurePolicy)
  })
  const spent = budget - ('outcomes' in messageRun ? messageRun.remaining : validationRun.remaining)

  const audit = hasExpressions(compiled.auditAnnotations)
    ? activationFor(true, input.namespace)
    : undefined
  const auditRun: FilterRun = audit
    ? evaluateFilter(compiled.auditAnnotations, audit.activation, audit.context, budget)
    : { outcomes: [], remaining: budget }
  if ('fatal' in auditRun) return singleError(auditRun.fatal, failurePolicy)
  const auditAnnotations = policy.auditAnnotations.map((a, i) =>
    auditAnnotationResult(a, auditRun.outcomes[i]!, failurePolicy)
  )
  return { decisions, auditAnnotations, cost: spent }
}

const hasExpressions = (expressions: ReadonlyArray<CompiledExpression | undefined>): boolean =>
  expressions.some((e) => e !== undefined)
