/**
 * What celgate can decide of an ImageValidatingPolicy (policies.kyverno.io; Kyverno
 * pkg/cel/policies/ivpol/engine and pkg/image/verification/evaluator): whether it applies at
 * all — matchConstraints, then matchConditions (an unmatched policy gives no response) — and
 * whether a PolicyException exempts the resource (`skip` "rule is skipped due to policy
 * exception: <keys>"). Everything after that verifies image signatures and attestations in a
 * registry, which celgate does not do: the caller reports it as not evaluated.
 */
import { admissionCelInputs } from './admission-request.js'
import { CelEvaluator, kyvernoCelRelease, matchConditions } from './cel.js'
import { celExceptionsFor } from './cel-exceptions.js'
import type { EvaluationOptions } from './engine.js'
import { objectKey } from './exceptions.js'
import { isJsonObject } from '../common/json.js'
import { resourceKindOf } from './match.js'
import type { JsonMap, RuleResult } from './types.js'
import { constraintsMatch } from './validating-policy.js'

export type ImagePolicyPrecheck =
  | { kind: 'unmatched' }
  | { kind: 'decided'; result: RuleResult }
  /** The policy applies: its outcome needs the registry. */
  | { kind: 'verify' }

export function precheckImageValidatingPolicy(
  policy: JsonMap,
  resource: JsonMap,
  options: EvaluationOptions = {}
): ImagePolicyPrecheck {
  const operation = options.operation ?? 'CREATE'
  const kind = options.kind ?? resourceKindOf(resource)
  if (!constraintsMatch(policy, kind, operation, resource, options.namespaceLabels ?? {}))
    return { kind: 'unmatched' }
  const evaluator = new CelEvaluator({
    ...admissionCelInputs(resource, kind, operation, options),
    ...(options.celData !== undefined ? { data: options.celData } : {}),
    celRelease: kyvernoCelRelease(options.kyvernoVersion)
  })
  const spec = isJsonObject(policy.spec) ? policy.spec : {}
  const conditions = Array.isArray(spec.matchConditions)
    ? (spec.matchConditions as Array<{ name?: string; expression: string }>)
    : []
  const matched = matchConditions(evaluator, conditions)
  if (matched.error !== undefined)
    return {
      kind: 'decided',
      result: {
        rule: 'evaluation',
        status: 'error',
        message: `failed to evaluate policy: ${matched.error}`
      }
    }
  if (!matched.matches) return { kind: 'unmatched' }
  const exempting = celExceptionsFor(policy, options.celExceptions ?? []).filter((e) => {
    const exceptionSpec = isJsonObject(e.spec) ? e.spec : {}
    const exceptionConditions = Array.isArray(exceptionSpec.matchConditions)
      ? (exceptionSpec.matchConditions as Array<{ name?: string; expression: string }>)
      : []
    const outcome = matchConditions(evaluator, exceptionConditions)
    return outcome.error === undefined && outcome.matches
  })
  if (exempting.length > 0) {
    const keys = exempting.map((e) =>
      objectKey(e as { metadata?: { name?: string; namespace?: string } })
    )
    return {
      kind: 'decided',
      result: {
        rule: 'exception',
        status: 'skip',
        message: `rule is skipped due to policy exception: ${keys.join(', ')}`,
        exceptions: keys
      }
    }
  }
  return { kind: 'verify' }
}
