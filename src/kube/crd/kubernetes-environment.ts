/**
 * Adapter from the Kubernetes CEL environment (src/kube/cel/environment.ts) to what the CRD
 * rule compiler needs (rule-environment.ts): one base environment per release and mode, and per
 * rule node only `self`/`oldSelf` and its object types on top — cheaply, since a CRD corpus has
 * thousands of rule nodes.
 */
import type { CheckerEnv } from '../../cel/checker/index.js'
import { checkParsed, type CompileResult } from '../../cel/env.js'
import { parse } from '../../cel/parser/index.js'
import type { ParserOptions } from '../../cel/parser/index.js'
import type { Macro } from '../../cel/parser/macros.js'
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
  // options: the same text parses once per set of options (e.g. once for New and Stored).
  const parsedCache = parseCacheFor(base.parserOptions)
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
      return checkParsed(parseCached(expression), withDeclarations(base.checker, declarations))
    },
    estimateCost(ast, estimateSize) {
      return base.estimateCost(ast, estimateSize)
    }
  }
}

export type { KubernetesCelEnvironment }

type ParseResult = ReturnType<typeof parse>
const parseCaches = new Map<string, Map<string, ParseResult>>()

const macroIds = new WeakMap<Macro, number>()
let nextMacroId = 0

function macroId(macro: Macro): number {
  let id = macroIds.get(macro)
  if (id === undefined) macroIds.set(macro, (id = nextMacroId++))
  return id
}

/** The parse cache of environments whose parser options are these (compared by content). */
function parseCacheFor(options: ParserOptions): Map<string, ParseResult> {
  const key = JSON.stringify([
    options.celGoVersion,
    // Macros by identity: two with the same name and arity may expand differently.
    options.macros?.map(macroId) ?? null,
    options.accumulatorName,
    options.enableOptionalSyntax,
    options.enableIdentEscapeSyntax,
    options.enableVariadicOperatorASTs,
    options.populateMacroCalls,
    options.maxRecursionDepth,
    options.errorRecoveryLimit,
    options.errorRecoveryLookaheadTokenLimit,
    options.errorReportingLimit,
    options.expressionSizeCodePointLimit,
    options.description
  ])
  let cache = parseCaches.get(key)
  if (cache === undefined) parseCaches.set(key, (cache = new Map<string, ParseResult>()))
  return cache
}

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
