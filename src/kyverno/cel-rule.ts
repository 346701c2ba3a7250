/**
 * `validate.cel` rules of ClusterPolicies (Kyverno validate_cel.go; policy-dryrun-spec.md §2.9):
 * the rule's CEL expressions run as a ValidatingAdmissionPolicy with failurePolicy Fail;
 * `celPreconditions` are its match conditions.
 */
import { CelEvaluator, kyvernoCelRelease, matchConditions, vapDecision } from './cel.js'
import type { CelInputs } from './cel.js'
import { resourceNamespace } from './match.js'
import type { PolicyContext } from './policy-context.js'
import type { JsonMap, Rule, RuleResult } from './types.js'
import { admissionRequest } from './admission-request.js'
import { sharedRequestValues } from './request-values.js'

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
  const evaluator = new CelEvaluator(celInputs(context, reference, namespace))
  for (const v of cel.variables ?? []) evaluator.defineVariable(v.name, v.expression)

  const preconditions = matchConditions(evaluator, rule.celPreconditions ?? [])
  if (preconditions.error !== undefined) {
    return { rule: rule.name, status: 'fail', message: preconditions.error, ...properties }
  }
  if (!preconditions.matches) {
    return { rule: rule.name, status: 'skip', message: 'cel preconditions not met', ...properties }
  }
  for (const expression of cel.expressions ?? []) {
    // The fields vapDecision reads, listed: spreading the (YAML) expression first is slow.
    const decision = vapDecision(evaluator, {
      expression: expression.expression,
      message: expression.message || rule.validate?.message || '',
      messageExpression: expression.messageExpression
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

/**
 * What the rule's expressions see. With a value cache (one resource, many policies) the request
 * and namespace stub are converted once for all of them.
 */
function celInputs(context: PolicyContext, reference: JsonMap, namespace: string): CelInputs {
  const object = context.newResource
  const oldObject = context.oldResource
  const cache = context.inputs.values
  const user = context.inputs.userInfo?.userInfo
  const inputs: CelInputs = {
    object: object ?? null,
    oldObject: oldObject ?? null,
    request: null,
    namespaceObject: null,
    celRelease: kyvernoCelRelease(context.inputs.kyvernoVersion)
  }
  if (cache === undefined) {
    inputs.request = admissionRequest(context, reference)
    if (namespace !== '') inputs.namespaceObject = { metadata: { name: namespace } }
  } else {
    inputs.values = cache
    const shared = sharedRequestValues(cache)
    inputs.requestValue = shared.request({
      kind: context.inputs.kind,
      operation: context.operation,
      resource: reference,
      object,
      oldObject,
      username: user?.username,
      groups: user?.groups
    })
    if (namespace !== '') inputs.namespaceObjectValue = shared.namespaceStub(namespace)
  }
  if (user?.username !== undefined) inputs.username = user.username
  return inputs
}
