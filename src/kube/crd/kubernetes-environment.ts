/**
 * Adapter from the Kubernetes CEL environment (src/kube/cel/environment.ts) to what the CRD
 * rule compiler needs (rule-environment.ts): one base environment per release and mode, and per
 * rule node only `self`/`oldSelf` and its object types on top — cheaply, since a CRD corpus has
 * thousands of rule nodes.
 */
import type { CheckerEnv } from '../../cel/checker/index.js'
import { checkParsed, type CompileResult } from '../../cel/env.js'
import { cachedParser } from '../../cel/parser/index.js'
import { kubernetesCelEnvironment } from '../cel/environment.js'
import type { KubernetesCelEnvironment } from '../cel/environment.js'
import type { KubernetesVersion } from '../versions.js'
import type {
  ExpressionEnvironment,
  RuleDeclarations,
  RuleEnvironment
} from './rule-environment.js'

export function kubernetesRuleEnvironment(
  version: KubernetesVersion,
  kind: ExpressionEnvironment
): RuleEnvironment {
  const base = kubernetesCelEnvironment({
    version,
    mode: kind === 'NewExpressions' ? 'new' : 'stored'
  })
  // Parsing does not depend on the rule's node, nor on the environment beyond its parser
  // options: the same text parses once per parsing behaviour (e.g. once for New and Stored,
  // and for releases whose cel-go parses alike).
  const parseCached = cachedParser(base.parserOptions)
  return {
    version,
    kind,
    celEnvironment: base,
    parse: parseCached,
    checker: (declarations) => withDeclarations(base.checker, declarations),
    compile(expression: string, declarations: RuleDeclarations): CompileResult {
      return checkParsed(parseCached(expression), withDeclarations(base.checker, declarations))
    },
    estimateCost(ast, estimateSize) {
      return base.estimateCost(ast, estimateSize)
    }
  }
}

export type { KubernetesCelEnvironment }

const overlays = new WeakMap<RuleDeclarations, { base: CheckerEnv; env: CheckerEnv }>()

/**
 * The base checker plus one node's `self`/`oldSelf` and object types. CheckerEnv.extend
 * re-merges every library's functions (~0.1–0.3 ms), too slow for thousands of rule nodes; a
 * node adds only variables and a type provider, which CheckerEnv.overlay adds cheaply. The
 * overlay is kept per node's declarations, which the rule compiler reuses.
 */
function withDeclarations(base: CheckerEnv, declarations: RuleDeclarations): CheckerEnv {
  const cached = overlays.get(declarations)
  if (cached && cached.base === base) return cached.env
  const env = base.overlay(declarations)
  overlays.set(declarations, { base, env })
  return env
}
