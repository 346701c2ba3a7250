/**
 * Adapter from the Kubernetes CEL environment (src/kube/cel/environment.ts) to what the CRD
 * rule compiler needs (rule-environment.ts): one base environment per release and mode, and per
 * rule node only `self`/`oldSelf` and its object types on top — cheaply, since a CRD corpus has
 * thousands of rule nodes.
 */
import { check, combineProviders } from '../../cel/checker/index.js'
import type { CheckerEnv } from '../../cel/checker/index.js'
import type { VariableDecl } from '../../cel/checker/decls.js'
import type { CompileResult } from '../../cel/env.js'
import { parse } from '../../cel/parser/index.js'
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
  // Parsing does not depend on the rule's node: the same text parses once per environment.
  const parsedCache = new Map<string, ReturnType<typeof parse>>()
  const parseCached = (expression: string): ReturnType<typeof parse> => {
    let parsed = parsedCache.get(expression)
    if (!parsed) {
      if (parsedCache.size >= 50_000) parsedCache.clear()
      parsed = parse(expression, base.parserOptions)
      parsedCache.set(expression, parsed)
    }
    return parsed
  }
  return {
    version,
    kind,
    celEnvironment: base,
    compile(expression: string, declarations: RuleDeclarations): CompileResult {
      const parsed = parseCached(expression)
      if (!parsed.ast)
        return { errors: parsed.errors, errorText: parsed.errorText, source: parsed.source }
      const checked = check(parsed.ast, withDeclarations(base.checker, declarations), {
        source: parsed.source
      })
      return {
        ...(checked.checked ? { ast: checked.checked } : {}),
        errors: checked.errors,
        errorText: checked.errorText,
        source: parsed.source
      }
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
 * node adds only variables and a type provider, so those are overlaid on the base.
 * (Relies on CheckerEnv keeping its variables in `variables`; a declaration overlay in the CEL
 * engine would make this unnecessary.)
 */
function withDeclarations(base: CheckerEnv, declarations: RuleDeclarations): CheckerEnv {
  const cached = overlays.get(declarations)
  if (cached && cached.base === base) return cached.env
  const env = Object.create(base) as CheckerEnv
  const inner = base as unknown as { variables: Map<string, VariableDecl> }
  const variables = new Map(inner.variables)
  for (const v of declarations.variables) variables.set(v.name, v)
  Object.defineProperty(env, 'variables', { value: variables })
  Object.defineProperty(env, 'provider', {
    value: combineProviders(declarations.provider, base.provider)
  })
  overlays.set(declarations, { base, env })
  return env
}
