/**
 * ValidatingAdmissionPolicy and MutatingAdmissionPolicy, offline: the apiserver's matching,
 * params, CEL evaluation with its budgets, decisions and messages (policy-dryrun-spec.md §1),
 * the static checks `celgate check` runs on policies and bindings, and the Kyverno CLI's way
 * of evaluating VAPs.
 *
 *   const response = evaluateAdmission({ policies, bindings, params, namespaces }, {
 *     operation: 'CREATE', object: deployment
 *   })
 *   response.allowed, response.error, response.warnings, response.auditAnnotations
 */
export * from './api.js'
export {
  AdmissionEvaluator,
  evaluateAdmission,
  type AdmissionObjects,
  type AdmissionOptions,
  type AdmissionResponse,
  type BindingEvaluation
} from './dispatcher.js'
export { type AdmissionRequestInput, admissionAttributes, forbiddenMessage } from './request.js'
export {
  matchResources,
  ruleMatches,
  scopeMatches,
  resourceMatches,
  isExemptAdmissionConfiguration,
  type AdmissionAttributes,
  type MatchEnvironment,
  type MatchResult
} from './matching.js'
export { ResourceCatalog, crdEntries, guessResource, type ResourceEntry } from './resources.js'
export { parseLabelSelector, selectorMatches, labelsOf } from '../apimachinery/label-selector.js'
export { compilePolicy, type CompiledPolicy, type CompilePurpose } from './compile.js'
export {
  AdmissionEnvironment,
  RETURN_TYPES,
  type CompiledExpression,
  type ExpressionError
} from './environment.js'
export { OUT_OF_BUDGET, type EvaluationInput, type ExpressionOutcome } from './activation.js'
export {
  aggregateErrors,
  auditAnnotationResult,
  errorAction,
  failureMessage,
  matchConditionsResult,
  validatePolicy,
  validationDecision,
  type AuditAnnotationResult,
  type PolicyDecision,
  type ValidateResult
} from './validator.js'
export { collectParams } from './params.js'
export {
  analyzeAdmissionPolicies,
  ADMISSION_RULE_IDS,
  type AdmissionAnalysis,
  type AdmissionAnalysisOptions,
  type AdmissionExpressionReport,
  type AdmissionPolicyReport
} from './analyze.js'
export {
  dryRunAdmissionPolicies,
  DRY_RUN_RULE_IDS,
  type AdmissionDryRun,
  type AdmissionDryRunOptions,
  type AdmissionMatrixEntry,
  type DryRunOutcome
} from './dry-run.js'
export {
  validateAdmissionPolicy,
  validatePolicyBinding,
  type PolicyProblem
} from './api-validation.js'
export {
  typeCheckPolicy,
  PolicyTypeChecker,
  type ExpressionWarning,
  type TypeCheckOptions
} from './type-check.js'
export {
  evaluateVapAsKyverno,
  KYVERNO_BACKGROUND_USER,
  type KyvernoResult,
  type KyvernoVapInput,
  type KyvernoVapOutcome
} from './kyverno-cli.js'
export { type MutationRecord } from './mutating.js'
export { applyJsonPatch, type PatchOperation } from './json-patch.js'
export { mergeApplyConfiguration, jsonChanges, type JsonChange } from './apply-configuration.js'
