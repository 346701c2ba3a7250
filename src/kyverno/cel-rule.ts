/**
 * `validate.cel` rules of ClusterPolicies (Kyverno validate_cel.go; policy-dryrun-spec.md §2.9):
 * the rule's CEL expressions run as a ValidatingAdmissionPolicy with failurePolicy Fail;
 * `celPreconditions` are its match conditions.
 */
import { CelEvaluator, matchConditions, vapDecision } from './cel.js'
import { resourceNamespace } from './match.js'
import type { PolicyContext } from './policy-context.js'
import type { JsonMap, Rule, RuleResult } from './types.js'
import { admissionRequest } from './admission-request.js'

export function validateCelRule(context: PolicyContext, rule: Rule): RuleResult {
  const cel = rule.validate?.cel ?? {}
  const properties =
    rule.reportProperties !== undefined ? { properties: rule.reportProperties } : {}
  const kind = context.inputs.kind
  const object = context.newResource
  const oldObject = context.oldResource
  const reference: JsonMap = object ?? oldObject ?? {}
  let namespace = resourceNamespace(reference)
  // A Namespace object is not in a namespace.
  if (kind.kind === 'Namespace' && kind.version === 'v1' && kind.group === '') namespace = ''
  const evaluator = new CelEvaluator({
    object: object ?? null,
    oldObject: oldObject ?? null,
    request: admissionRequest(context, reference),
    namespaceObject: namespace === '' ? null : { metadata: { name: namespace } },
    ...(context.inputs.userInfo?.userInfo?.username !== undefined
      ? { username: context.inputs.userInfo.userInfo.username }
      : {}),
    ...(context.inputs.values !== undefined ? { values: context.inputs.values } : {})
  })
  for (const v of cel.variables ?? []) evaluator.defineVariable(v.name, v.expression)

  const preconditions = matchConditions(evaluator, rule.celPreconditions ?? [])
  if (preconditions.error !== undefined) {
    return { rule: rule.name, status: 'fail', message: preconditions.error, ...properties }
  }
  if (!preconditions.matches) {
    return { rule: rule.name, status: 'skip', message: 'cel preconditions not met', ...properties }
  }
  for (const expression of cel.expressions ?? []) {
    const decision = vapDecision(evaluator, {
      ...expression,
      message: expression.message || rule.validate?.message || ''
    })
    // Under failurePolicy Fail an evaluation error denies like a false validation.
    if (decision.kind !== 'admit') {
      return { rule: rule.name, status: 'fail', message: decision.message, ...properties }
    }
  }
  return {
    rule: rule.name,
    status: 'pass',
    message: `Validation rule '${rule.name}' passed.`,
    ...properties
  }
}
