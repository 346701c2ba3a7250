/**
 * The `validate.podSecurity` rule handler (Kyverno pkg/engine/handlers/validation/
 * validate_pss.go): evaluates the Pod Security Standards level on the pod (or a workload's pod
 * template) minus the rule's exclusions. PolicyExceptions work differently from other rules: an
 * exception without `podSecurity` skips the rule; exceptions with `podSecurity` only exempt the
 * controls they list, and the rule skips when nothing fails any more. With Enforce on UPDATE a
 * violation the old object already had is allowed.
 */
import { failureActionOf } from '../failure-action.js'
import { objectKey } from '../exceptions.js'
import { isJsonObject } from '../../common/json.js'
import { ruleMismatch } from '../match.js'
import type { PolicyContext } from '../policy-context.js'
import type { PolicyException, Rule, RuleResult, RuleStatus } from '../types.js'
import { parseLevelVersion } from './checks.js'
import type { Level } from './checks.js'
import {
  applyExclusions,
  convertChecks,
  evaluatePodWithExclusions,
  formatChecks,
  podOf
} from './evaluate.js'
import type { PodSecurityExclusion } from './evaluate.js'

interface PodSecurityRule {
  level?: string
  version?: string
  exclude?: PodSecurityExclusion[]
}

const exclusionsOf = (exception: PolicyException): PodSecurityExclusion[] => {
  const pss = exception.spec?.podSecurity
  return Array.isArray(pss) ? pss.filter(isJsonObject) : []
}

const response = (rule: Rule, status: RuleStatus, message: string, extra = {}): RuleResult => ({
  rule: rule.name,
  status,
  message,
  ...extra,
  ...(rule.reportProperties !== undefined ? { properties: rule.reportProperties } : {})
})

/** validatePssHandler.validate; `undefined` where Kyverno gives no response (DELETE). */
export function validatePodSecurity(
  context: PolicyContext,
  rule: Rule,
  exceptions: readonly PolicyException[]
): RuleResult | undefined {
  if (context.operation === 'DELETE') return undefined
  const withoutPss = exceptions.find((e) => exclusionsOf(e).length === 0)
  if (withoutPss !== undefined) {
    const key = objectKey(withoutPss)
    return response(rule, 'skip', `rule is skipped due to policy exception ${key}`, {
      exceptions: [key]
    })
  }
  const podSecurity = (rule.validate?.podSecurity ?? {}) as PodSecurityRule
  const resource = context.newResource ?? context.oldResource ?? {}
  const pod = podOf(resource)
  if (pod instanceof Error)
    return response(rule, 'error', `Error while getting new resource: ${pod.message}`)
  const level: Level = podSecurity.level === 'restricted' ? 'restricted' : 'baseline'
  const version = parseLevelVersion(podSecurity.version)
  if (version instanceof Error)
    return response(rule, 'error', `failed to parse pod security api version: ${version.message}`)
  const levelVersion = { level, version }
  const evaluated = evaluatePodWithExclusions(levelVersion, podSecurity.exclude ?? [], pod)
  if (evaluated.allowed) return response(rule, 'pass', `Validation rule '${rule.name}' passed.`)

  const keys = exceptions.map(objectKey)
  const remaining = applyExclusions(
    levelVersion,
    exceptions.flatMap(exclusionsOf),
    evaluated.checks,
    pod
  )
  if (remaining.length === 0)
    return response(rule, 'skip', `rule is skipped due to policy exceptions ${keys.join(', ')}`, {
      exceptions: keys
    })
  const kind = typeof resource.kind === 'string' ? resource.kind : ''
  const failed = response(
    rule,
    'fail',
    `Validation rule '${rule.name}' failed. It violates PodSecurity "${podSecurity.level ?? ''}:${podSecurity.version ?? ''}": ${formatChecks(convertChecks(remaining, kind))}`
  )
  if (failureActionOf(context, rule) === 'Enforce') {
    const isUpdate = context.oldResource !== undefined && context.newResource !== undefined
    if (isUpdate && (rule.validate?.allowExistingViolations ?? true)) {
      const prior = validateOldObject(context, rule, exceptions)
      if (prior !== undefined && prior.status === failed.status)
        return response(
          rule,
          'skip',
          'skipping the rule evaluation as pre-existing violations are allowed'
        )
    }
  }
  return failed
}

/** validateOldObject: the old object evaluated as if it were created. */
function validateOldObject(
  context: PolicyContext,
  rule: Rule,
  exceptions: readonly PolicyException[]
): RuleResult | undefined {
  if (context.operation !== 'UPDATE') return undefined
  const newResource = context.newResource
  const oldResource = context.oldResource
  context.setResources(undefined, oldResource)
  context.setOperation('CREATE')
  try {
    const policyNamespace =
      context.policy.kind === 'Policy' ? (context.policy.metadata?.namespace ?? '') : ''
    const mismatch = ruleMismatch(
      rule.name,
      rule.match,
      rule.exclude,
      {
        resource: oldResource ?? {},
        kind: context.inputs.kind,
        operation: 'CREATE',
        namespaceLabels: context.inputs.namespaceLabels,
        ...(context.inputs.userInfo !== undefined ? { userInfo: context.inputs.userInfo } : {})
      },
      policyNamespace
    )
    if (oldResource === undefined || mismatch !== undefined) return undefined
    return validatePodSecurity(context, rule, exceptions)
  } finally {
    context.setResources(oldResource, newResource)
    context.setOperation('UPDATE')
  }
}
