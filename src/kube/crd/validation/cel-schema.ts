/**
 * The CEL part of schema validation at CRD time (crd-validation-spec.md §3 steps 3d and 6,
 * §8.2), plugged into the schema walk as `CrdSchemaHooks.cel`: the rules of each node the walk
 * reaches without schema errors are compiled (by `checkSchemaCost`, which compiles, types and
 * estimates every rule as the apiserver does), and only those nodes' costs count towards the
 * schema total — as in the apiserver, where a node below a schema error is never compiled.
 *
 * Update semantics: expressions already present in the old CRD compile in the
 * StoredExpressions environment, new ones in NewExpressions; the per-expression cost limit is
 * not applied to versions whose schema did not change.
 */
import { FieldPath, forbidden } from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import type { CelSchemaChecks } from '../../schema/structural-crd-schema.js'
import type { CelStep, RuleNode } from '../../schema/structural-openapi-subset.js'
import type { RawSchema } from '../../schema/structural.js'
import type { KubernetesVersion } from '../../versions.js'
import { CONTRIBUTOR_MESSAGE, SchemaCostTotal, schemaTotalBudgetMessage } from '../cost-budget.js'
import { checkSchemaCost } from '../schema-cost.js'
import type { ExpressionCost, SchemaCostError, SchemaCostResult } from '../schema-cost.js'
import type { PathSegment } from '../../../workspace/value-path.js'

/** Expressions of the old CRD (`preexistingExpressions`). */
export interface PreexistingExpressions {
  rules: ReadonlySet<string>
  messageExpressions: ReadonlySet<string>
}

export interface CelSchemaOptions {
  kubernetesVersion: KubernetesVersion
  preexisting?: PreexistingExpressions
  /** The version's schema is unchanged on update: no per-expression cost errors. */
  suppressPerExpressionCost?: boolean
}

/** Which of a rule's expressions an error is about, for ordering and environment choice. */
type Part = 'rule-cost' | 'rule' | 'messageExpression' | 'oldSelf'

const nodeKey = (segments: readonly PathSegment[]): string => JSON.stringify(segments)

function stepsToYaml(steps: readonly CelStep[]): PathSegment[] {
  const out: PathSegment[] = []
  for (const s of steps) {
    if (s.kind === 'property') out.push('properties', s.name)
    else if (s.kind === 'additionalProperties') out.push('additionalProperties')
    else {
      out.push('items')
      if (s.index !== undefined) out.push(s.index)
    }
  }
  return out
}

/**
 * The key of a rule node's YAML path. Releases share the walk's rule nodes (and so these
 * keys): each node's key is made once.
 */
const ruleNodeKeys = new WeakMap<RuleNode, string>()

function ruleNodeKey(node: RuleNode): string {
  let key = ruleNodeKeys.get(node)
  if (key === undefined) ruleNodeKeys.set(node, (key = nodeKey(stepsToYaml(node.steps))))
  return key
}

/** One checkSchemaCost run, indexed by node. */
interface CheckedSchema {
  errors: Map<string, IndexedError[]>
  /** Each node's expressions, by rule index and then rule before messageExpression. */
  expressions: Map<string, ExpressionCost[]>
}

interface IndexedError {
  error: SchemaCostError
  rule?: number
  part: Part
}

/** The errors of one checkSchemaCost run, by the node they belong to. */
function indexErrors(result: SchemaCostResult): Map<string, IndexedError[]> {
  const byNode = new Map<string, IndexedError[]>()
  for (const e of result.errors) {
    if (e.kind === 'contributor' || e.kind === 'schema-total') continue
    const y = e.yamlPath
    const last = y[y.length - 1]
    let node: PathSegment[]
    let rule: number | undefined
    if (last === 'x-kubernetes-validations') node = y.slice(0, -1)
    else {
      node = y.slice(0, -3)
      rule = y[y.length - 2] as number
    }
    const part: Part =
      e.kind === 'rule-cost'
        ? 'rule-cost'
        : e.kind === 'message-expression-cost' || last === 'messageExpression'
          ? 'messageExpression'
          : e.kind === 'type'
            ? 'oldSelf'
            : 'rule'
    const key = nodeKey(node)
    const list = byNode.get(key) ?? []
    list.push({ error: e, part, ...(rule !== undefined ? { rule } : {}) })
    byNode.set(key, list)
  }
  return byNode
}

/**
 * Results by their expressions: releases that compile alike share one checkSchemaCost result
 * (its expressions and errors arrays), so they share its index too.
 */
const indexedResults = new WeakMap<readonly ExpressionCost[], CheckedSchema>()

function indexedResult(result: SchemaCostResult): CheckedSchema {
  let checked = indexedResults.get(result.expressions)
  if (checked === undefined) {
    // checkSchemaCost lists a node's expressions in that order.
    const expressions = new Map<string, ExpressionCost[]>()
    for (const x of result.expressions) {
      const key = nodeKey(x.node.yamlPath)
      const list = expressions.get(key)
      if (list === undefined) expressions.set(key, [x])
      else list.push(x)
    }
    checked = { errors: indexErrors(result), expressions }
    indexedResults.set(result.expressions, checked)
  }
  return checked
}

const PART_ORDER: Record<Part, number> = {
  'rule-cost': 0,
  rule: 1,
  messageExpression: 2,
  oldSelf: 3
}

/** The `CrdSchemaHooks.cel` hook for one schema rooted at `schemaPath` (`V.openAPIV3Schema`). */
export function celSchemaChecks(
  schemaPath: FieldPath,
  schema: RawSchema,
  options: CelSchemaOptions
): CelSchemaChecks {
  // One run compiles every expression in its own environment (validation.go
  // preexistingExpressions.RuleEnv / MessageExpressionEnv): a messageExpression is compiled
  // only when its rule compiled, whichever environments the two belong to.
  let checked: CheckedSchema | undefined
  const run = (): CheckedSchema => {
    if (checked === undefined) {
      const result = checkSchemaCost(
        { versions: [], yamlPath: [], apiPath: schemaPath.toString(), root: schema },
        {
          kubernetesVersion: options.kubernetesVersion,
          ...(options.preexisting ? { preexisting: options.preexisting } : {})
        }
      )
      checked = indexedResult(result)
    }
    return checked
  }
  const total = new SchemaCostTotal<string>()

  const compileRules = (node: RuleNode): FieldError[] => {
    const key = ruleNodeKey(node)
    const { errors, expressions } = run()
    const nodeErrors: FieldError[] = []
    const out: Array<{ rule: number; part: Part; error: FieldError }> = []
    for (const e of errors.get(key) ?? []) {
      // Errors of the node as a whole: no type information.
      if (e.rule === undefined) {
        nodeErrors.push(e.error.error)
        continue
      }
      if (e.rule >= node.rules.length) continue
      if (
        options.suppressPerExpressionCost === true &&
        (e.part === 'rule-cost' || e.error.kind === 'message-expression-cost')
      )
        continue
      out.push({ rule: e.rule, part: e.part, error: e.error.error })
    }
    // The schema total counts the costs of compiled nodes only (§3 step 6).
    for (const entry of expressions.get(key) ?? [])
      if (entry.index < node.rules.length) total.observe(entry.totalCost, entry.apiPath)
    out.sort((a, b) => a.rule - b.rule || PART_ORDER[a.part] - PART_ORDER[b.part])
    return [...nodeErrors, ...out.map((o) => o.error)]
  }

  const totalCostErrors = (): FieldError[] => {
    if (!total.exceeded) return []
    return [
      ...total.mostExpensive.map((m) => forbidden(FieldPath.of(m.source), CONTRIBUTOR_MESSAGE)),
      forbidden(schemaPath, schemaTotalBudgetMessage(total.total))
    ]
  }
  return { compileRules, totalCostErrors }
}
