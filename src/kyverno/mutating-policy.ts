/**
 * Kyverno MutatingPolicy (policies.kyverno.io; Kyverno pkg/cel/policies/mpol): matchConstraints
 * like a ValidatingPolicy, CEL PolicyExceptions, matchConditions, variables, then the
 * `mutations` in order — ApplyConfiguration (`Object{…}` merged as server-side apply merges)
 * or JSONPatch (`JSONPatch{…}` lists) — each on the object the previous one produced.
 *
 * Results have an empty rule name: `pass` "success" with the patched object, `skip` "skip" when a
 * matchCondition is false, `error` "failed to evaluate policy: <err>" (rule `evaluation`).
 * Autogen (mpol/autogen): a Pod policy also runs on Pod controllers, with the matchConditions
 * and ApplyConfiguration expressions rewritten to the pod template.
 */
import { applyConfigurationValue, applyJsonPatchValue } from '../kube/admission/mutating.js'
import { admissionCelInputs } from './admission-request.js'
import { canAutogenCelPolicy } from './cel-autogen.js'
import { CelEvaluator, kyvernoCelRelease, matchConditions } from './cel.js'
import { celExceptionsFor, evaluateCelExceptions } from './cel-exceptions.js'
import type { EvaluationOptions } from './engine.js'
import { isJsonObject } from '../common/json.js'
import { resourceKindOf } from './match.js'
import type { JsonMap, RuleResult } from './types.js'
import { constraintsMatch } from './validating-policy.js'

export interface MutatingPolicyEvaluation {
  readonly rules: readonly RuleResult[]
  /** The object after the mutations (the input when the policy did not mutate). */
  readonly patchedResource: JsonMap
}

interface MutationSpec {
  patchType?: string
  applyConfiguration?: { expression?: string }
  jsonPatch?: { expression?: string }
}

const specOf = (policy: JsonMap): JsonMap => (isJsonObject(policy.spec) ? policy.spec : {})

export function evaluateMutatingPolicy(
  policy: JsonMap,
  resource: JsonMap,
  options: EvaluationOptions = {}
): MutatingPolicyEvaluation {
  const operation = options.operation ?? 'CREATE'
  const kind = options.kind ?? resourceKindOf(resource)
  const none: MutatingPolicyEvaluation = { rules: [], patchedResource: resource }
  if (!constraintsMatch(policy, kind, operation, resource, options.namespaceLabels ?? {}))
    return none
  const evaluator = new CelEvaluator({
    ...admissionCelInputs(resource, kind, operation, options),
    ...(options.celData !== undefined ? { data: options.celData } : {}),
    mutating: true,
    celRelease: kyvernoCelRelease(options.kyvernoVersion)
  })
  const error = (message: string): MutatingPolicyEvaluation => ({
    rules: [
      { rule: 'evaluation', status: 'error', message: `failed to evaluate policy: ${message}` }
    ],
    patchedResource: resource
  })
  const exceptions = celExceptionsFor(policy, options.celExceptions ?? [])
  if (exceptions.length > 0) {
    const outcome = evaluateCelExceptions(evaluator, exceptions)
    if (outcome.kind === 'error') return error(outcome.message)
    if (outcome.kind === 'exempt') return { rules: [outcome.result], patchedResource: resource }
  }
  const spec = specOf(policy)
  const variables = Array.isArray(spec.variables) ? spec.variables : []
  for (const v of variables)
    if (isJsonObject(v) && typeof v.name === 'string' && typeof v.expression === 'string')
      evaluator.defineVariable(v.name, v.expression)
  const conditions = matchConditions(
    evaluator,
    (Array.isArray(spec.matchConditions) ? spec.matchConditions : []) as Array<{
      name?: string
      expression: string
    }>
  )
  if (conditions.error !== undefined) return error(conditions.error)
  if (!conditions.matches)
    return { rules: [{ rule: '', status: 'skip', message: 'skip' }], patchedResource: resource }
  let current: JsonMap = structuredClone(resource)
  const mutations = (Array.isArray(spec.mutations) ? spec.mutations : []) as MutationSpec[]
  for (const mutation of mutations) {
    const isJsonPatch = mutation.patchType === 'JSONPatch'
    const expression = isJsonPatch
      ? mutation.jsonPatch?.expression
      : mutation.applyConfiguration?.expression
    if (typeof expression !== 'string') continue
    const outcome = evaluator.evaluateValue(expression)
    if ('error' in outcome) return error(outcome.error)
    const patched = isJsonPatch
      ? applyJsonPatchValue(current, outcome.value)
      : // The static type converter: built-in list types (containers by name, …).
        applyConfigurationValue(current, outcome.value, undefined)
    if ('error' in patched) return error(patched.error)
    current = patched.object
    evaluator.setObject(current)
  }
  return { rules: [{ rule: '', status: 'pass', message: 'success' }], patchedResource: current }
}

// ---------------------------------------------------------------------------------------------
// Autogen (pkg/cel/policies/mpol/autogen)

const CONTROLLER_TARGETS: ReadonlyArray<[string, string, string, string, string]> = [
  // controller, group, version, resource, replacements
  ['daemonsets', 'apps', 'v1', 'daemonsets', 'defaults'],
  ['deployments', 'apps', 'v1', 'deployments', 'defaults'],
  ['replicasets', 'apps', 'v1', 'replicasets', 'defaults'],
  ['statefulsets', 'apps', 'v1', 'statefulsets', 'defaults'],
  ['jobs', 'batch', 'v1', 'jobs', 'defaults'],
  ['cronjobs', 'batch', 'v1', 'cronjobs', 'cronjobs']
]

/** convertPodToTemplateExpression: `object.spec` and friends moved under the pod template. */
export function podToTemplateExpression(expression: string, config: string): string {
  const spec = config === 'cronjobs' ? 'spec.jobTemplate.spec.template.spec' : 'spec.template.spec'
  const metadata =
    config === 'cronjobs' ? 'spec.jobTemplate.spec.template.metadata' : 'spec.template.metadata'
  let out = expression
    .replace(/\b(object|oldObject|Object)\.spec/g, `$1.${spec}`)
    .replace(/\b(object|oldObject|Object)\.metadata\.labels/g, `$1.${metadata}.labels`)
    .replace(/\b(object|oldObject|Object)\.metadata\.annotations/g, `$1.${metadata}.annotations`)
  const trimmed = out.trim()
  if (!trimmed.startsWith('Object')) return out
  let content = trimmed.slice('Object'.length).replace(/^[ \t\r\n]+/, '')
  if (!content.startsWith('{')) return out
  content = content.slice(1)
  let depth = 1
  let end = 0
  for (let i = 0; i < content.length; i++) {
    if (content[i] === '{') depth++
    else if (content[i] === '}') {
      depth--
      if (depth === 0) {
        end = i
        break
      }
    }
  }
  if (end > 0) {
    const [wrapper, closing] =
      config === 'cronjobs'
        ? [
            'Object{spec: Object.spec{jobTemplate: Object.spec.jobTemplate{spec: Object.spec.jobTemplate.spec{template: Object.spec.jobTemplate.spec.template{',
            '}}}}}'
          ]
        : ['Object{spec: Object.spec{template: Object.spec.template{', '}}}']
    out = wrapper + content.slice(0, end) + closing + content.slice(end + 1)
  }
  return out
}

const variantsCache = new WeakMap<JsonMap, JsonMap[]>()

/** The autogen copies of a MutatingPolicy for Pod controllers. */
export function mutatingPolicyVariants(policy: JsonMap): JsonMap[] {
  let variants = variantsCache.get(policy)
  if (variants === undefined) {
    variants = computeVariants(policy)
    variantsCache.set(policy, variants)
  }
  return variants
}

function computeVariants(policy: JsonMap): JsonMap[] {
  const spec = specOf(policy)
  if (!canAutogenCelPolicy(spec.matchConstraints)) return []
  let controllers = CONTROLLER_TARGETS.map((t) => t[0])
  const autogen = isJsonObject(spec.autogen) ? spec.autogen : {}
  const pods = isJsonObject(autogen.podControllers) ? autogen.podControllers : undefined
  if (pods !== undefined && Array.isArray(pods.controllers))
    controllers = pods.controllers.filter((c): c is string => typeof c === 'string')
  const byConfig = new Map<string, Array<[string, string, string]>>()
  for (const [controller, group, version, resourceName, config] of CONTROLLER_TARGETS) {
    if (!controllers.includes(controller)) continue
    byConfig.set(config, [...(byConfig.get(config) ?? []), [group, version, resourceName]])
  }
  const constraints = spec.matchConstraints as JsonMap
  const firstRule = (
    Array.isArray(constraints.resourceRules) ? constraints.resourceRules[0] : {}
  ) as JsonMap
  const operations = Array.isArray(firstRule.operations) ? firstRule.operations : []
  if (operations.length === 0) return []
  const variants: JsonMap[] = []
  for (const config of [...byConfig.keys()].sort()) {
    const targets = byConfig.get(config)!
    const groups = new Map<string, string[]>()
    for (const [group, version, resourceName] of targets) {
      const key = `${group}/${version}`
      groups.set(key, [...(groups.get(key) ?? []), resourceName])
    }
    const resourceRules = [...groups.keys()].sort().map((gv) => {
      const [group, version] = gv.split('/') as [string, string]
      return {
        apiGroups: [group],
        apiVersions: [version],
        resources: [...groups.get(gv)!].sort(),
        operations
      }
    })
    const copy = structuredClone(spec)
    copy.matchConstraints = {
      resourceRules,
      ...(constraints.namespaceSelector !== undefined
        ? { namespaceSelector: constraints.namespaceSelector }
        : {})
    }
    if (Array.isArray(copy.matchConditions))
      for (const c of copy.matchConditions)
        if (isJsonObject(c) && typeof c.expression === 'string' && c.expression !== '')
          c.expression = podToTemplateExpression(c.expression, config)
    if (Array.isArray(copy.mutations))
      for (const m of copy.mutations) {
        const apply =
          isJsonObject(m) && isJsonObject(m.applyConfiguration) ? m.applyConfiguration : undefined
        if (apply !== undefined && typeof apply.expression === 'string' && apply.expression !== '')
          apply.expression = podToTemplateExpression(apply.expression, config)
      }
    variants.push({ ...policy, spec: copy })
  }
  return variants
}
