/**
 * The CRD CEL library API (issue 4 item 9), for integrations and the conformance runner:
 *
 *   compileRule(schema, rule, { kubernetesVersion, isResourceRoot })  → errors, cost, cardinality
 *   estimateExpressionCost(expression, environment, sizeEstimator)    → static cost range
 *   evaluateRule(schema, rule, { self, oldSelf }, { kubernetesVersion }) → value and actual cost
 *   checkSchemaCost(versionSchema, { kubernetesVersion })            → the apiserver's CEL errors
 *   analyzeCrdCosts(workspace, options)                               → celgate findings
 */
export {
  compileRule,
  estimateExpressionCost,
  maxCardinality,
  RuleNodeCompiler
} from './rule-compiler.js'
export type {
  CompiledExpression,
  CompiledRule,
  CompileRuleOptions,
  ExpressionError,
  ValidationRule
} from './rule-compiler.js'
export { evaluateRule, crdValue } from './rule-evaluator.js'
export type { RuleEvaluation, RuleValues } from './rule-evaluator.js'
export { checkSchemaCost } from './schema-cost.js'
export type { ExpressionCost, SchemaCostError, SchemaCostResult } from './schema-cost.js'
export { versionSchemas, walkSchema } from './schema-walk.js'
export type { VersionSchema, SchemaNode } from './schema-walk.js'
export { analyzeCrdCosts, RULE_IDS } from './cost-check.js'
export type { CrdCostAnalysis, CrdCostOptions } from './cost-check.js'
export { explainExpressionCost } from './cost-explain.js'
export { suggestBounds, boundFix } from './cost-fix.js'
export { ruleEnvironment } from './rule-environment.js'
export type { ExpressionEnvironment, RuleEnvironment, SizeEstimator } from './rule-environment.js'
