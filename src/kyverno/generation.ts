/**
 * Generate rules of ClusterPolicy/Policy as the Kyverno CLI runs them (Kyverno
 * pkg/engine/background.go filterRule, pkg/background/generate generator.go, data.go, clone.go;
 * cmd/cli processor/generate.go): first each generate rule that matches the trigger gets a
 * response — `pass` when its preconditions hold, `skip` when not — then the generate controller
 * runs the rule against a fake cluster holding the trigger and the test's clone sources:
 *
 * - `data`: the rule's data (variables substituted) with the target's apiVersion, kind, name and
 *   namespace;
 * - `clone`: a copy of the named source (uid, creationTimestamp, resourceVersion, managedFields
 *   dropped; ownerReferences too when it changes namespace);
 * - `cloneList`: a copy of every source of the listed kinds in the namespace (with the selector);
 * - `foreach`: the same per list element, with the element's context and preconditions.
 *
 * A rule that cannot generate (its source is missing…) keeps its response without resources,
 * as the CLI does. Labels under `generate.kyverno.io/` are not added (`kyverno test` removes
 * them before comparing).
 */
import { computeRules } from './autogen.js'
import { evaluateConditions } from './conditions/evaluate.js'
import { buildPolicyContext, policyApplies, ruleMatches } from './engine.js'
import type { EvaluationOptions } from './engine.js'
import { exceptionsFor, matchingExceptions, objectKey } from './exceptions.js'
import { isJsonObject } from '../common/json.js'
import { parseKindSelector } from './match.js'
import { messageOf } from './policy-context.js'
import type { PolicyContext } from './policy-context.js'
import { selectorMatches, stringMap } from './selector.js'
import type { LabelSelector } from './selector.js'
import type { ContextEntry, JsonMap, KyvernoPolicy, Rule, RuleResult } from './types.js'
import { substituteAll } from './variables.js'
import { pushAll } from '../common/arrays.js'

export interface GeneratedRuleResult extends RuleResult {
  /** The resources the rule generated (in the fake cluster). */
  readonly generated?: readonly JsonMap[]
}

export interface GenerationEvaluation {
  readonly rules: readonly GeneratedRuleResult[]
}

interface GeneratePattern {
  apiVersion?: string
  kind?: string
  name?: string
  namespace?: string
  data?: unknown
  clone?: { name?: string; namespace?: string }
  cloneList?: { kinds?: string[]; namespace?: string; selector?: LabelSelector }
  synchronize?: boolean
}

interface ForEachGeneration extends GeneratePattern {
  list?: string
  context?: ContextEntry[]
  preconditions?: unknown
}

interface Generation extends GeneratePattern {
  foreach?: ForEachGeneration[]
}

const generationOf = (rule: Rule): Generation | undefined =>
  isJsonObject(rule.generate) ? rule.generate : undefined

const text = (v: unknown): string => (typeof v === 'string' ? v : '')
const metaOf = (o: JsonMap): JsonMap => (isJsonObject(o.metadata) ? o.metadata : {})

function result(rule: Rule, status: RuleResult['status'], message: string): GeneratedRuleResult {
  return {
    rule: rule.name,
    status,
    message,
    ...(rule.reportProperties !== undefined ? { properties: rule.reportProperties } : {})
  }
}

/** The CLI's generate pass for one policy and one trigger resource. */
export function generatePolicy(
  policy: KyvernoPolicy,
  resource: JsonMap,
  options: EvaluationOptions,
  cloneSources: readonly JsonMap[]
): GenerationEvaluation {
  let context: PolicyContext
  try {
    context = buildPolicyContext(policy, resource, options)
    if (!policyApplies(context)) return { rules: [] }
  } catch (error) {
    return {
      rules: [
        { rule: '', status: 'error', message: `invalid policy or resource: ${messageOf(error)}` }
      ]
    }
  }
  const responses: GeneratedRuleResult[] = []
  const applyOne = policy.spec?.applyRules === 'One'
  for (const rule of computeRules(policy, '')) {
    if (generationOf(rule) === undefined) continue
    const response = filterRule(context, rule)
    if (response === undefined) continue
    responses.push(response)
    if (applyOne && response.status !== 'skip') break
  }
  if (responses.length === 0) return { rules: [] }
  // handleGeneratePolicy: a fake cluster with the trigger and the clone sources.
  const cluster = new GenerateCluster([context.newResource ?? resource, ...cloneSources])
  const out: GeneratedRuleResult[] = []
  for (const response of responses) {
    const rule = (policy.spec?.rules ?? []).find(
      (r) => r.name === response.rule && generationOf(r) !== undefined
    )
    if (rule === undefined) {
      out.push(response)
      continue
    }
    try {
      const generated = applyGenerateRule(context, rule, cluster)
      out.push(generated.length > 0 ? { ...response, generated } : response)
    } catch {
      // The CLI logs "failed to apply generate policy" and keeps the responses as they were.
      return { rules: responses }
    }
  }
  return { rules: out }
}

/** filterRule for a generate rule. */
function filterRule(context: PolicyContext, rule: Rule): GeneratedRuleResult | undefined {
  const exceptions = matchingExceptions(
    context,
    exceptionsFor(context.inputs.exceptions, context.policy, rule.name)
  )
  if (exceptions.length > 0) {
    const keys = exceptions.map((e) => objectKey(e))
    return {
      ...result(rule, 'skip', `rule is skipped due to policy exception ${keys.join(', ')}`),
      exceptions: keys
    }
  }
  if (!ruleMatches(context, rule)) return undefined
  context.json.checkpoint()
  try {
    try {
      context.loadContext(rule.name, rule.context)
    } catch {
      return undefined
    }
    let passed: boolean
    try {
      passed = evaluateConditions(context.json, rule.preconditions).passed
    } catch (error) {
      return result(rule, 'error', `failed to evaluate conditions: ${messageOf(error)}`)
    }
    return result(rule, passed ? 'pass' : 'skip', '')
  } finally {
    context.json.restore()
  }
}

/** ApplyGeneratePolicy for one rule: the resources it created or updated. */
function applyGenerateRule(
  context: PolicyContext,
  rule: Rule,
  cluster: GenerateCluster
): JsonMap[] {
  const generation = generationOf(rule)!
  context.json.checkpoint()
  try {
    context.loadContext(rule.name, rule.context)
    if (Array.isArray(generation.foreach) && generation.foreach.length > 0) {
      const out: JsonMap[] = []
      for (const foreach of generation.foreach) {
        let elements: unknown[]
        try {
          const value = context.json.query(foreach.list ?? '')
          elements = Array.isArray(value) ? value : [value]
        } catch {
          continue
        }
        context.json.checkpoint()
        try {
          elements.forEach((element, index) => {
            if (element === null || element === undefined) return
            context.json.resetToCheckpoint()
            context.json.addElement(structuredClone(element), index, 0)
            pushAll(
              out,
              generate(context, rule, foreach, foreach.context, foreach.preconditions, cluster)
            )
          })
        } finally {
          context.json.restore()
        }
      }
      return out
    }
    return generate(context, rule, generation, undefined, rule.preconditions, cluster)
  } finally {
    context.json.restore()
  }
}

/** generator.generate: preconditions, substitution, then data / clone / cloneList. */
function generate(
  context: PolicyContext,
  rule: Rule,
  pattern: GeneratePattern,
  contextEntries: readonly ContextEntry[] | undefined,
  preconditions: unknown,
  cluster: GenerateCluster
): JsonMap[] {
  if (contextEntries !== undefined) context.loadContext(rule.name, contextEntries)
  if (!evaluateConditions(context.json, preconditions).passed) return []
  const {
    foreach: _foreach,
    list: _list,
    context: _context,
    preconditions: _pre,
    ...patternOnly
  } = pattern as ForEachGeneration & { foreach?: unknown }
  const p = substituteAll(context.json, patternOnly) as GeneratePattern
  const target = {
    apiVersion: text(p.apiVersion),
    kind: text(p.kind),
    namespace: text(p.namespace),
    name: text(p.name)
  }
  const created: JsonMap[] = []
  const create = (data: JsonMap, spec: typeof target): void => {
    const object: JsonMap = structuredClone(data)
    object.metadata = { ...metaOf(object), name: spec.name }
    if (spec.namespace !== '') (object.metadata as JsonMap).namespace = spec.namespace
    else delete (object.metadata as JsonMap).namespace
    if (text(object.kind) === '') object.kind = spec.kind
    object.apiVersion = spec.apiVersion
    const existing = cluster.get(spec.apiVersion, spec.kind, spec.namespace, spec.name)
    if (existing === undefined) {
      cluster.add(object)
      created.push(object)
    } else if (p.synchronize === true) {
      cluster.replace(existing, object)
    }
  }
  if (isJsonObject(p.clone) && text(p.clone.name) !== '') {
    if (text(p.clone.namespace) === target.namespace && text(p.clone.name) === target.name)
      return []
    const source = cluster.get(
      target.apiVersion,
      target.kind,
      text(p.clone.namespace),
      text(p.clone.name)
    )
    if (source === undefined) throw new Error(`source resource ${target.kind} not found`)
    create(cloneOf(source, target.namespace), target)
  } else if (
    isJsonObject(p.cloneList) &&
    Array.isArray(p.cloneList.kinds) &&
    p.cloneList.kinds.length > 0
  ) {
    const namespace = text(p.cloneList.namespace)
    for (const selector of p.cloneList.kinds) {
      const [group, version, kind] = parseKindSelector(String(selector))
      const apiVersion = group === '*' || group === '' ? version : `${group}/${version}`
      for (const source of cluster.list(apiVersion, kind, namespace, p.cloneList.selector)) {
        const spec = {
          apiVersion: text(source.apiVersion),
          kind: text(source.kind),
          namespace: target.namespace,
          name: text(metaOf(source).name)
        }
        if (text(metaOf(source).namespace) === spec.namespace) continue
        create(cloneOf(source, spec.namespace), spec)
      }
    }
  } else if (p.data !== undefined && p.data !== null) {
    if (!isJsonObject(p.data)) return []
    create(p.data, target)
  }
  return created
}

/** The clone of a source (manageClone). */
function cloneOf(source: JsonMap, targetNamespace: string): JsonMap {
  const copy = structuredClone(source)
  const meta = { ...metaOf(copy) }
  delete meta.uid
  delete meta.selfLink
  delete meta.creationTimestamp
  delete meta.managedFields
  delete meta.resourceVersion
  if (text(meta.namespace) !== targetNamespace) delete meta.ownerReferences
  copy.metadata = meta
  return copy
}

/** The fake dynamic client the generate controller writes to. */
class GenerateCluster {
  private readonly objects: JsonMap[]
  constructor(objects: readonly JsonMap[]) {
    this.objects = [...objects]
  }
  get(apiVersion: string, kind: string, namespace: string, name: string): JsonMap | undefined {
    return this.objects.find(
      (o) =>
        text(o.apiVersion) === apiVersion &&
        text(o.kind) === kind &&
        text(metaOf(o).namespace) === namespace &&
        text(metaOf(o).name) === name
    )
  }
  list(
    apiVersion: string,
    kind: string,
    namespace: string,
    selector: LabelSelector | undefined
  ): JsonMap[] {
    return this.objects.filter((o) => {
      if (text(o.kind) !== kind) return false
      if (apiVersion !== '' && apiVersion !== '*' && text(o.apiVersion) !== apiVersion) return false
      if (namespace !== '' && text(metaOf(o).namespace) !== namespace) return false
      if (selector === undefined || selector === null) return true
      try {
        return selectorMatches(selector, stringMap(metaOf(o).labels))
      } catch {
        return false
      }
    })
  }
  add(object: JsonMap): void {
    this.objects.push(object)
  }
  replace(existing: JsonMap, object: JsonMap): void {
    const i = this.objects.indexOf(existing)
    if (i >= 0) this.objects[i] = object
  }
}
