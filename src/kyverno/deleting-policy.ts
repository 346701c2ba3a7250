/**
 * Kyverno DeletingPolicy (policies.kyverno.io; Kyverno pkg/cel/policies/dpol and the CLI's
 * applyDeletingPolicies): does the policy select the resource for deletion? matchConstraints
 * (operations ignored), then the `conditions` (all must hold) with `object`,
 * `namespaceObject`, `variables` and Kyverno's libraries. A matching PolicyException makes the
 * conditions count as not met.
 *
 * Result (rule name = policy name): `pass` "resource matched", `fail` "resource did not match",
 * `error` with the evaluation error; none when the matchConstraints do not select the resource.
 */
import { CelEvaluator, kyvernoCelRelease } from './cel.js'
import { celExceptionsFor } from './cel-exceptions.js'
import type { EvaluationOptions } from './engine.js'
import { stringField } from './go/format.js'
import { isJsonObject } from '../common/json.js'
import { resourceKindOf, resourceNamespace } from './match.js'
import type { JsonMap, RuleResult } from './types.js'
import { constraintsMatch } from './validating-policy.js'
import type { ValidatingPolicy } from './validating-policy.js'

export function evaluateDeletingPolicy(
  policy: JsonMap,
  resource: JsonMap,
  options: EvaluationOptions = {}
): RuleResult[] {
  const name = isJsonObject(policy.metadata) ? stringField(policy.metadata.name) : ''
  const spec = isJsonObject(policy.spec) ? policy.spec : {}
  const constraints = isJsonObject(spec.matchConstraints) ? spec.matchConstraints : undefined
  if (constraints === undefined) return []
  // matchPolicy: every operation.
  const everyOperation = (rules: unknown): unknown[] =>
    (Array.isArray(rules) ? (rules as unknown[]) : []).map((r) =>
      isJsonObject(r) ? { ...r, operations: ['*'] } : r
    )
  const anyOperation = {
    ...constraints,
    resourceRules: everyOperation(constraints.resourceRules),
    excludeResourceRules: everyOperation(constraints.excludeResourceRules)
  }
  const kind = resourceKindOf(resource)
  const namespace = resourceNamespace(resource)
  let namespaceObject: JsonMap | null = null
  if (namespace !== '') namespaceObject = options.namespaces?.[namespace] ?? null
  else if (kind.group === '' && kind.kind === 'Namespace') {
    const meta = isJsonObject(resource.metadata) ? resource.metadata : {}
    namespaceObject = options.namespaces?.[stringField(meta.name)] ?? {
      metadata: { name: meta.name, labels: meta.labels ?? {} }
    }
  }
  const labels =
    namespaceObject !== null &&
    isJsonObject(namespaceObject.metadata) &&
    isJsonObject(namespaceObject.metadata.labels)
      ? (namespaceObject.metadata.labels as Record<string, string>)
      : (options.namespaceLabels ?? {})
  if (
    !constraintsMatch(
      { ...policy, spec: { ...spec, matchConstraints: anyOperation } } as ValidatingPolicy,
      kind,
      'CREATE',
      resource,
      labels
    )
  )
    return []
  const evaluator = new CelEvaluator({
    object: resource,
    oldObject: null,
    request: null,
    namespaceObject,
    ...(options.celData !== undefined ? { data: options.celData } : {}),
    celRelease: kyvernoCelRelease(options.kyvernoVersion)
  })
  const variables = Array.isArray(spec.variables) ? spec.variables : []
  for (const v of variables)
    if (isJsonObject(v) && typeof v.name === 'string' && typeof v.expression === 'string')
      evaluator.defineVariable(v.name, v.expression)
  const conditionsHold = (conditions: unknown): boolean | { error: string } => {
    const errors: string[] = []
    for (const c of Array.isArray(conditions) ? conditions : []) {
      if (!isJsonObject(c) || typeof c.expression !== 'string') continue
      const outcome = evaluator.evaluate(c.expression)
      if ('error' in outcome) {
        errors.push(outcome.error)
        continue
      }
      if (outcome.value !== true) {
        if (typeof outcome.value !== 'boolean') {
          errors.push('type conversion error')
          continue
        }
        return false
      }
    }
    return errors.length > 0 ? { error: errors.join('; ') } : true
  }
  const result = (status: RuleResult['status'], message: string): RuleResult[] => [
    { rule: name, status, message }
  ]
  for (const exception of celExceptionsFor(policy, options.celExceptions ?? [])) {
    const exceptionSpec = isJsonObject(exception.spec) ? exception.spec : {}
    const held = conditionsHold(exceptionSpec.matchConditions)
    if (typeof held === 'object') return result('error', held.error)
    if (held) return result('fail', 'resource did not match')
  }
  const held = conditionsHold(spec.conditions)
  if (typeof held === 'object') return result('error', held.error)
  return held ? result('pass', 'resource matched') : result('fail', 'resource did not match')
}
