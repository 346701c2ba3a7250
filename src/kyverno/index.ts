/**
 * celgate's Kyverno engine: validate rules of ClusterPolicy/Policy and Kyverno
 * ValidatingPolicies evaluated offline with Kyverno's semantics (policy-dryrun-spec.md §2),
 * the report entries they produce (§3) and `kyverno test`'s reading of results (§2.13).
 *
 * Entry points: `evaluatePolicy(policy, resource, options)` → rule results (pass / fail /
 * warn / error / skip with Kyverno's messages); `evaluateValidatingPolicy` for
 * policies.kyverno.io; `mutatePolicy` for mutate rules; `cliEvaluationOptions` to evaluate as `kyverno test` does with a
 * values file; `toReportResult` / `testResults` for reports and test files.
 */
export { evaluatePolicy } from './engine.js'
export { mutatePolicy } from './mutation.js'
export type { MutationEvaluation, MutationRuleResult } from './mutation.js'
export type { EvaluationOptions, Operation, PolicyEvaluation } from './engine.js'
export {
  evaluateValidatingPolicy,
  validatingPolicyDenial,
  VALIDATING_POLICY_KINDS
} from './validating-policy.js'
export type { ValidatingPolicy } from './validating-policy.js'
export {
  cliEvaluationOptions,
  cliResource,
  isClusterScopedKind,
  resourceValues,
  ruleValues,
  namespaceLabelsByName
} from './cli-values.js'
export type { CliInputs, CliUserInfo, CliValues } from './cli-values.js'
export {
  autogenRules,
  canAutogen,
  computeRules,
  AUTOGEN_CONTROLLERS_ANNOTATION
} from './autogen.js'
export { toReportResult, testResults, objectReference } from './report.js'
export type { ReportResult, ReportOptions } from './report.js'
export { admissionDecision } from './admission.js'
export type { AdmissionDecision, PolicyOutcome } from './admission.js'
export { admissionFailureAction, ruleFailureAction } from './failure-action.js'
export type { FailureAction } from './failure-action.js'
export { parseKindSelector, checkKind, resourceKindOf, ruleMismatch } from './match.js'
export type { MatchRequest, ResourceKind } from './match.js'
export type { RequestUserInfo } from './context.js'
export type { ContextEntryResolver } from './policy-context.js'
export type * from './types.js'

export { matchPattern } from './pattern/match-pattern.js'
export { validateValue, compareWithOperand, operatorOf } from './pattern/value.js'
export type { PatternOperator } from './pattern/value.js'
export { PatternError, EngineError } from './pattern/anchor.js'
export { evaluateOperator, isKnownOperator } from './conditions/operators.js'
export type { NumberKinds } from './conditions/operators.js'
export { wildcardMatch } from './go/wildcard.js'
export { kyvernoJmesPath } from './jmespath/index.js'
