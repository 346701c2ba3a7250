/**
 * The CEL environment CRD rules are compiled and estimated in, for one Kubernetes version and
 * one of the apiserver's two environments (cel-cost-model.md §8): NewExpressions (rules that
 * are new or changed; the libraries of the previous minor release) and StoredExpressions (rules
 * already stored; every current library). This is the seam between the CRD checks and the
 * Kubernetes CEL environment: the rule compiler only needs compile + estimate.
 */
import type { CheckerEnv, TypeProvider } from '../../cel/checker/index.js'
import type { VariableDecl } from '../../cel/checker/decls.js'
import type { CheckedExpr } from '../../cel/common/checked.js'
import type { CompileResult } from '../../cel/env.js'
import type { CostRange, EstimatorNode, SizeRange } from '../../cel/cost/index.js'
import type { ParseResult } from '../../cel/parser/index.js'
import type { KubernetesVersion } from '../versions.js'
import { kubernetesRuleEnvironment } from './kubernetes-environment.js'
import type { KubernetesCelEnvironment } from './kubernetes-environment.js'

export type ExpressionEnvironment = 'NewExpressions' | 'StoredExpressions'

/** The declarations one rule node adds: `self`, `oldSelf` and its object types. */
export interface RuleDeclarations {
  variables: readonly VariableDecl[]
  provider: TypeProvider
}

/** The size estimator of the rule node (§4.2), handed to the library cost hook. */
export type SizeEstimator = (node: EstimatorNode) => SizeRange | undefined

export interface RuleEnvironment {
  readonly version: KubernetesVersion
  readonly kind: ExpressionEnvironment
  /** The underlying Kubernetes CEL environment (for planning and evaluating). */
  readonly celEnvironment: KubernetesCelEnvironment
  /** Parses `expression` (cached: environments that parse alike return the same result). */
  parse(expression: string): ParseResult
  /** The type checker with the rule node's declarations. */
  checker(declarations: RuleDeclarations): CheckerEnv
  /** Parses and type-checks `expression` with the rule node's declarations. */
  compile(expression: string, declarations: RuleDeclarations): CompileResult
  /** The static cost range (cel-go EstimateCost with the Kubernetes library cost estimator). */
  estimateCost(ast: CheckedExpr, estimateSize: SizeEstimator): CostRange
}

const cache = new Map<string, RuleEnvironment>()

/** The environment of `version` (cached: environments are immutable and reused). */
export function ruleEnvironment(
  version: KubernetesVersion,
  kind: ExpressionEnvironment = 'NewExpressions'
): RuleEnvironment {
  const key = `${version}/${kind}`
  let env = cache.get(key)
  if (!env) {
    env = kubernetesRuleEnvironment(version, kind)
    cache.set(key, env)
  }
  return env
}
