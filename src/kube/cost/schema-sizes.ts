/**
 * The apiserver's size estimator for CRD rules (cel-cost-model.md §4.2): the static cost
 * estimator asks how large the value at a path can be, and the answer comes from the declared
 * type of the schema node that owns the rule.
 */
import type { DeclType } from '../schema/decl-type.js'

export interface SizeRange {
  min: bigint
  max: bigint
}

/**
 * Size of the value at `path` (cel-go AstNode paths: the first element is the rule's root
 * variable — `self` or `oldSelf`, or any other identifier — then field names and `@items`,
 * `@values`, `@keys` for comprehension variables). Undefined when there is no estimate.
 */
export function estimateSchemaSize(
  ruleRoot: DeclType,
  path: readonly string[]
): SizeRange | undefined {
  if (path.length === 0) return undefined
  let type: DeclType | undefined = ruleRoot
  // path[0] is taken to be self/oldSelf whatever it names (§4.2).
  for (let i = 1; i < path.length && type; i++) {
    const step = path[i]!
    if (step === '@items' || step === '@values') type = type.elem
    else if (step === '@keys') type = type.key
    else type = type.fields?.get(step)?.type
  }
  return type ? { min: 0n, max: type.maxElements } : undefined
}
