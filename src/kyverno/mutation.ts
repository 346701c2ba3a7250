/**
 * Mutate rules of ClusterPolicy/Policy (Kyverno pkg/engine/mutation.go,
 * handlers/mutation/mutate_resource.go, common.go, mutate/mutation.go): every rule of the
 * computed rule set in order, each seeing the resource the previous rules patched — match,
 * context, preconditions, exceptions, then `patchStrategicMerge` (with Kyverno's anchors) or
 * `patchesJson6902`, or `foreach` over a list (elements in reverse order for strategic merge
 * patches, each with its own context and preconditions, nested foreach allowed).
 *
 * Results: `pass` "mutated <Kind>/<name>[ in namespace <ns>]" when the resource changed, `skip`
 * "no patches applied" (or "<n> elements processed" for foreach), `error` with Kyverno's text.
 *
 * Rules that mutate existing resources (`targets`, handlers/mutation/mutate_existing.go) patch
 * the targets found among the cluster objects the caller knows (`contextData.clusterObjects`,
 * the CLI's fake client): one response per target, carrying the patched target; the trigger
 * resource itself is left as it was. Without cluster objects they are left to the caller.
 */
import { parse as parseYaml } from 'yaml'
import { computeRules } from './autogen.js'
import { evaluateConditions, joinNonEmpty } from './conditions/evaluate.js'
import { buildPolicyContext, policyApplies, ruleMatches } from './engine.js'
import type { EvaluationOptions } from './engine.js'
import { exceptionsFor, matchingExceptions, objectKey } from './exceptions.js'
import { deepEqualJson, isJsonObject } from '../common/json.js'
import { hasWildcard, wildcardMatch } from './go/wildcard.js'
import { resourceOfKind } from './admission-request.js'
import { selectorMatches, stringMap } from './selector.js'
import type { LabelSelector } from './selector.js'
import { messageOf } from './policy-context.js'
import type { PolicyContext } from './policy-context.js'
import type { JsonMap, KyvernoPolicy, Rule, RuleResult } from './types.js'
import { substituteAll } from './variables.js'
import { applyKyvernoJsonPatch } from './mutate/json-patch.js'
import { ConditionFailed, preprocessPatch } from './mutate/preprocess.js'
import { strategicMerge } from './mutate/strategic-merge.js'
import { pushAll } from '../common/arrays.js'

/** A mutate rule's response; mutate-existing rules carry the target they patched. */
export interface MutationRuleResult extends RuleResult {
  readonly patchedTarget?: JsonMap
}

export interface MutationEvaluation {
  readonly policy: KyvernoPolicy
  readonly rules: readonly MutationRuleResult[]
  /** The resource after every applied rule (the input when nothing applied). */
  readonly patchedResource: JsonMap
}

interface ForEachMutation {
  list?: string
  order?: string
  context?: Rule['context']
  preconditions?: unknown
  patchStrategicMerge?: unknown
  patchesJson6902?: string
  foreach?: ForEachMutation[]
}

interface Mutation {
  patchStrategicMerge?: unknown
  patchesJson6902?: string
  foreach?: ForEachMutation[]
  targets?: TargetSpec[]
}

/** kyverno.io/v1 TargetResourceSpec: which objects to patch, with their own context. */
interface TargetSpec {
  apiVersion?: string
  kind?: string
  namespace?: string
  name?: string
  selector?: LabelSelector
  context?: Rule['context']
  preconditions?: unknown
}

type Status = 'pass' | 'skip' | 'fail' | 'error'

interface MutateResponse {
  status: Status
  resource: JsonMap
  message: string
}

const response = (status: Status, resource: JsonMap, message: string): MutateResponse => ({
  status,
  resource,
  message
})
const errorResponse = (message: string, error?: unknown): MutateResponse =>
  response('error', {}, error === undefined ? message : `${message}: ${messageOf(error)}`)

const mutationOf = (rule: Rule): Mutation | undefined =>
  isJsonObject(rule.mutate) ? rule.mutate : undefined

/** Whether a rule mutates existing resources (its `targets`), which needs a cluster. */
export const mutatesExisting = (rule: Rule): boolean =>
  Array.isArray(mutationOf(rule)?.targets) && mutationOf(rule)!.targets!.length > 0

/** Applies the mutate rules of a policy to a resource. */
export function mutatePolicy(
  policy: KyvernoPolicy,
  resource: JsonMap,
  options: EvaluationOptions = {}
): MutationEvaluation {
  let context: PolicyContext
  try {
    context = buildPolicyContext(policy, resource, options)
    if (!policyApplies(context)) return { policy, rules: [], patchedResource: resource }
  } catch (error) {
    return {
      policy,
      rules: [
        { rule: '', status: 'error', message: `invalid policy or resource: ${messageOf(error)}` }
      ],
      patchedResource: resource
    }
  }
  let matched: JsonMap = context.newResource ?? resource
  const rules: MutationRuleResult[] = []
  const applyOne = policy.spec?.applyRules === 'One'
  const clusterObjects = options.contextData?.clusterObjects
  context.json.checkpoint()
  try {
    for (const rule of computeRules(policy, '')) {
      const mutation = mutationOf(rule)
      if (mutation === undefined) continue
      if (mutatesExisting(rule) && clusterObjects === undefined) continue
      context.newResource = matched
      if (!ruleMatches(context, rule)) continue
      if (mutatesExisting(rule)) {
        pushAll(rules, mutateExistingRule(context, rule, mutation, clusterObjects!))
      } else {
        const [patched, result] = mutateRule(context, rule, mutation, matched)
        matched = patched
        if (result !== undefined) rules.push(result)
      }
      if (applyOne && rules.some((r) => r.status === 'pass')) break
    }
  } finally {
    context.json.restore()
  }
  return { policy, rules, patchedResource: matched }
}

function ruleResult(rule: Rule, status: Status, message: string): RuleResult {
  return {
    rule: rule.name,
    status,
    message,
    ...(rule.reportProperties !== undefined ? { properties: rule.reportProperties } : {})
  }
}

/** invokeRuleHandler + mutateResourceHandler.Process for one rule. */
function mutateRule(
  context: PolicyContext,
  rule: Rule,
  mutation: Mutation,
  resource: JsonMap
): [JsonMap, RuleResult | undefined] {
  context.json.checkpoint()
  let patched = resource
  try {
    try {
      context.loadContext(rule.name, rule.context)
    } catch (error) {
      return [resource, ruleResult(rule, 'error', `failed to load context: ${messageOf(error)}`)]
    }
    let preconditions
    try {
      preconditions = evaluateConditions(context.json, rule.preconditions)
    } catch (error) {
      return [
        resource,
        ruleResult(rule, 'error', `failed to evaluate preconditions: ${messageOf(error)}`)
      ]
    }
    if (!preconditions.passed) {
      return [
        resource,
        ruleResult(
          rule,
          'skip',
          joinNonEmpty(['preconditions not met', preconditions.message], '; ')
        )
      ]
    }
    const exceptions = matchingExceptions(
      context,
      exceptionsFor(context.inputs.exceptions, context.policy, rule.name)
    )
    if (exceptions.length > 0) {
      const keys = exceptions.map((e) => objectKey(e)).join(', ')
      return [
        resource,
        {
          ...ruleResult(rule, 'skip', `rule is skipped due to policy exceptions${keys}`),
          exceptions: exceptions.map((e) => objectKey(e))
        }
      ]
    }
    const result =
      mutation.foreach !== undefined && mutation.foreach !== null
        ? mutateForEach(context, rule, mutation.foreach, resource, 0)
        : mutate(
            context,
            {
              patchStrategicMerge: mutation.patchStrategicMerge,
              patchesJson6902: mutation.patchesJson6902
            },
            resource
          )
    if (result.status === 'pass') patched = result.resource
    const message = result.status === 'pass' ? successMessage(result.resource) : result.message
    return [patched, ruleResult(rule, result.status, message)]
  } finally {
    context.json.restore()
    context.json.addResource(patched)
  }
}

/**
 * mutateExistingHandler.Process: context, preconditions and exceptions of the rule, then each
 * target (substituted, looked up like the dynamic client does) with its own context and
 * preconditions is patched; one response per target.
 */
function mutateExistingRule(
  context: PolicyContext,
  rule: Rule,
  mutation: Mutation,
  clusterObjects: readonly JsonMap[]
): MutationRuleResult[] {
  context.json.checkpoint()
  try {
    try {
      context.loadContext(rule.name, rule.context)
    } catch (error) {
      return [ruleResult(rule, 'error', `failed to load context: ${messageOf(error)}`)]
    }
    let preconditions
    try {
      preconditions = evaluateConditions(context.json, rule.preconditions)
    } catch (error) {
      return [ruleResult(rule, 'error', `failed to evaluate preconditions: ${messageOf(error)}`)]
    }
    if (!preconditions.passed)
      return [
        ruleResult(
          rule,
          'skip',
          joinNonEmpty(['preconditions not met', preconditions.message], '; ')
        )
      ]
    const exceptions = matchingExceptions(
      context,
      exceptionsFor(context.inputs.exceptions, context.policy, rule.name)
    )
    if (exceptions.length > 0) {
      const keys = exceptions.map((e) => objectKey(e))
      return [
        {
          ...ruleResult(rule, 'skip', `rule is skipped due to policy exceptions${keys.join(', ')}`),
          exceptions: keys
        }
      ]
    }
    const out: MutationRuleResult[] = []
    const { targets, errors } = loadTargets(context, mutation.targets ?? [], clusterObjects)
    if (errors.length > 0) out.push(ruleResult(rule, 'error', `: ${errors.join('; ')}`))
    for (const { object, spec } of targets) {
      context.json.setTargetResource(object)
      try {
        context.loadContext(rule.name, spec.context)
      } catch (error) {
        out.push(ruleResult(rule, 'error', `failed to load context: ${messageOf(error)}`))
        continue
      }
      let targetConditions
      try {
        targetConditions = evaluateConditions(context.json, spec.preconditions)
      } catch (error) {
        out.push(ruleResult(rule, 'error', `failed to evaluate preconditions: ${messageOf(error)}`))
        continue
      }
      if (!targetConditions.passed) {
        out.push(
          ruleResult(
            rule,
            'skip',
            joinNonEmpty(['preconditions not met', targetConditions.message], '; ')
          )
        )
        continue
      }
      const result =
        mutation.foreach !== undefined && mutation.foreach !== null
          ? mutateForEach(context, rule, mutation.foreach, object, 0)
          : mutate(
              context,
              {
                patchStrategicMerge: mutation.patchStrategicMerge,
                patchesJson6902: mutation.patchesJson6902
              },
              object
            )
      if (result.status === 'pass')
        out.push({
          ...ruleResult(rule, 'pass', successMessage(result.resource)),
          patchedTarget: result.resource
        })
      else out.push(ruleResult(rule, result.status, result.message))
    }
    return out
  } finally {
    context.json.restore()
  }
}

/** loadTargets / getTargets: each target spec substituted, then its objects. */
function loadTargets(
  context: PolicyContext,
  specs: readonly TargetSpec[],
  clusterObjects: readonly JsonMap[]
): { targets: Array<{ object: JsonMap; spec: TargetSpec }>; errors: string[] } {
  const targets: Array<{ object: JsonMap; spec: TargetSpec }> = []
  const errors: string[] = []
  specs.forEach((spec, i) => {
    let selector: TargetSpec
    try {
      const { context: _c, preconditions: _p, ...rest } = spec
      selector = substituteAll(context.json, rest) as TargetSpec
    } catch (error) {
      errors.push(`failed to substitute variables in target[${i}]: ${messageOf(error)}`)
      return
    }
    const policy = context.policy
    const namespace =
      policy.kind === 'Policy' ? (policy.metadata?.namespace ?? '') : (selector.namespace ?? '')
    const name = selector.name ?? ''
    const ofType = clusterObjects.filter(
      (o) => o.apiVersion === selector.apiVersion && o.kind === selector.kind
    )
    const metaOf = (
      o: JsonMap
    ): { name: string; namespace: string; labels: Record<string, string> } => {
      const meta = isJsonObject(o.metadata) ? o.metadata : {}
      return {
        name: typeof meta.name === 'string' ? meta.name : '',
        namespace: typeof meta.namespace === 'string' ? meta.namespace : '',
        labels: stringMap(meta.labels)
      }
    }
    if (namespace !== '' && name !== '' && !hasWildcard(namespace) && !hasWildcard(name)) {
      // A plain GET: a missing object is an error.
      const found = ofType.find((o) => metaOf(o).name === name && metaOf(o).namespace === namespace)
      if (found === undefined) {
        errors.push(`${resourceOfKind(selector.kind ?? '')} "${name}" not found`)
        return
      }
      targets.push({ object: structuredClone(found), spec })
      return
    }
    for (const o of ofType) {
      const meta = metaOf(o)
      if (selector.selector !== undefined && selector.selector !== null) {
        try {
          if (!selectorMatches(selector.selector, meta.labels)) continue
        } catch (error) {
          errors.push(messageOf(error))
          return
        }
      }
      if (!namePatternMatch(namespace, name, meta.namespace, meta.name)) continue
      targets.push({ object: structuredClone(o), spec })
    }
  })
  return { targets, errors }
}

/** dclient's match: namespace and name patterns, either may be empty. */
function namePatternMatch(
  nsPattern: string,
  namePattern: string,
  ns: string,
  name: string
): boolean {
  if (nsPattern === '' && namePattern === '') return true
  if (nsPattern === '') return wildcardMatch(namePattern, name)
  return wildcardMatch(nsPattern, ns) && (namePattern === '' || wildcardMatch(namePattern, name))
}

function successMessage(r: JsonMap): string {
  const meta = isJsonObject(r.metadata) ? r.metadata : {}
  const kind = typeof r.kind === 'string' ? r.kind : ''
  const name = typeof meta.name === 'string' ? meta.name : ''
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : ''
  return namespace === ''
    ? `mutated ${kind}/${name}`
    : `mutated ${kind}/${name} in namespace ${namespace}`
}

interface Patches {
  patchStrategicMerge?: unknown
  patchesJson6902?: unknown
}

/** mutate.Mutate / mutate.ForEach: substitute, then patch; unchanged → skip. */
function mutate(context: PolicyContext, patches: Patches, resource: JsonMap): MutateResponse {
  let substituted: Patches
  try {
    substituted = substituteAll(context.json, patches) as Patches
  } catch (error) {
    return errorResponse('variable substitution failed', error)
  }
  const strategic = substituted.patchStrategicMerge
  const jsonPatch =
    typeof substituted.patchesJson6902 === 'string' ? substituted.patchesJson6902 : ''
  if ((strategic === undefined || strategic === null) && jsonPatch === '')
    return errorResponse('empty mutate rule')
  let patched: JsonMap
  try {
    patched =
      strategic !== undefined && strategic !== null
        ? applyStrategicMerge(resource, strategic)
        : applyJsonPatches(resource, jsonPatch)
  } catch (error) {
    return errorResponse('failed to patch resource', error)
  }
  if (deepEqualJson(resource, patched)) return response('skip', resource, 'no patches applied')
  return response('pass', patched, 'resource patched')
}

/** ProcessStrategicMergePatch: anchors first; a failed condition leaves an empty patch. */
function applyStrategicMerge(resource: JsonMap, patch: unknown): JsonMap {
  let preprocessed: unknown
  try {
    preprocessed = preprocessPatch(patch, resource)
  } catch (error) {
    if (!(error instanceof ConditionFailed))
      throw new Error(`failed to preProcess rule: ${messageOf(error)}`, { cause: error })
    preprocessed = {}
  }
  return strategicMerge(resource, preprocessed)
}

/** convertPatchesToJSON (the YAML list of operations) and applyPatchesWithOptions. */
function applyJsonPatches(resource: JsonMap, patches: string): JsonMap {
  let operations: unknown
  try {
    operations = parseYaml(patches)
  } catch (error) {
    throw new Error(`failed to decode patches: ${messageOf(error)}`, { cause: error })
  }
  const out = applyKyvernoJsonPatch(resource, operations)
  if (!isJsonObject(out)) throw new Error('the patched resource is not an object')
  return out
}

/** forEachMutator.mutateForEach: each foreach entry in turn; the count of those that applied. */
function mutateForEach(
  context: PolicyContext,
  rule: Rule,
  foreachList: readonly ForEachMutation[],
  resource: JsonMap,
  nesting: number
): MutateResponse {
  let current = resource
  let applyCount = 0
  for (const foreach of foreachList) {
    let elements: unknown[]
    try {
      const value = context.json.query(foreach.list ?? '')
      elements = Array.isArray(value) ? value : [value]
    } catch (error) {
      return errorResponse(`failed to evaluate list ${foreach.list ?? ''}`, error)
    }
    const result = mutateElements(context, rule, foreach, elements, current, nesting)
    if (result.status === 'error') return errorResponse('failed to mutate elements', result.message)
    if (result.status !== 'skip') {
      applyCount++
      if (result.status === 'pass') current = result.resource
      context.json.addResource(result.resource)
    }
  }
  const message = `${applyCount} elements processed`
  return applyCount === 0 ? response('skip', current, message) : response('pass', current, message)
}

function mutateElements(
  context: PolicyContext,
  rule: Rule,
  foreach: ForEachMutation,
  elements: unknown[],
  resource: JsonMap,
  nesting: number
): MutateResponse {
  context.json.checkpoint()
  try {
    let patched = structuredClone(resource)
    const reverse =
      foreach.order !== undefined
        ? foreach.order === 'Descending'
        : foreach.patchStrategicMerge !== undefined && foreach.patchStrategicMerge !== null
    const ordered = reverse ? [...elements].reverse() : elements
    for (let i = 0; i < ordered.length; i++) {
      const element = ordered[i]
      if (element === null || element === undefined) continue
      const index = reverse ? ordered.length - 1 - i : i
      context.json.resetToCheckpoint()
      context.json.addElement(structuredClone(element), index, nesting)
      try {
        context.loadContext(rule.name, foreach.context)
      } catch (error) {
        return errorResponse(`failed to load to mutate.foreach[${index}].context`, error)
      }
      let preconditions
      try {
        preconditions = evaluateConditions(context.json, foreach.preconditions)
      } catch (error) {
        return errorResponse(`failed to evaluate mutate.foreach[${index}].preconditions`, error)
      }
      if (!preconditions.passed) continue
      const result =
        foreach.foreach !== undefined && foreach.foreach !== null && foreach.foreach.length > 0
          ? mutateForEach(context, rule, foreach.foreach, patched, nesting + 1)
          : mutate(
              context,
              {
                patchStrategicMerge: foreach.patchStrategicMerge,
                patchesJson6902: foreach.patchesJson6902
              },
              patched
            )
      if (result.status === 'fail' || result.status === 'error') return result
      if (result.status === 'pass') patched = result.resource
    }
    if (!deepEqualJson(resource, patched)) return response('pass', patched, '')
    return response('skip', patched, 'no patches applied')
  } finally {
    context.json.restore()
  }
}
