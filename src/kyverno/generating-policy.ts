/**
 * Kyverno GeneratingPolicy (policies.kyverno.io; Kyverno pkg/cel/policies/gpol): on a trigger
 * its matchConstraints select, CEL PolicyExceptions, matchConditions and variables, then each
 * `generate` entry — an expression calling `generator.Apply(namespace, [objects])`, or a YAML
 * `template` (with `interpolate: cel`, `(( expr ))` placeholders: a whole value takes the
 * expression's value, embedded ones its text). The resources land in the namespace given;
 * lists (`{items: […]}`) are expanded.
 *
 * Result (rule name = policy name): `pass` "policy evaluated successfully" with the generated
 * resources, `error` "failed to evaluate policy: <err>"; none when the policy does not apply.
 */
import { parseAllDocuments } from 'yaml'
import type { KyvernoCelData } from './cel-libraries.js'
import { CelEvaluator, kyvernoCelRelease, matchConditions } from './cel.js'
import { celExceptionsFor, evaluateCelExceptions } from './cel-exceptions.js'
import { admissionCelInputs } from './admission-request.js'
import type { EvaluationOptions } from './engine.js'
import { stringField } from './go/format.js'
import { isJsonObject } from '../common/json.js'
import { resourceKindOf } from './match.js'
import type { JsonMap, RuleResult } from './types.js'
import { constraintsMatch } from './validating-policy.js'

export interface GeneratingPolicyResult extends RuleResult {
  readonly generated?: readonly JsonMap[]
}

export function evaluateGeneratingPolicy(
  policy: JsonMap,
  resource: JsonMap,
  options: EvaluationOptions = {}
): GeneratingPolicyResult[] {
  const name = isJsonObject(policy.metadata) ? stringField(policy.metadata.name) : ''
  const spec = isJsonObject(policy.spec) ? policy.spec : {}
  const operation = options.operation ?? 'CREATE'
  const kind = options.kind ?? resourceKindOf(resource)
  if (!constraintsMatch(policy, kind, operation, resource, options.namespaceLabels ?? {})) return []
  const generated: JsonMap[] = []
  const data: KyvernoCelData = {
    ...(options.celData ?? {}),
    generate: (namespace, resources) => {
      for (const r of resources) {
        const items = Array.isArray(r.items) ? r.items.filter(isJsonObject) : [r]
        for (const item of items) {
          const copy = structuredClone(item)
          copy.metadata = { ...(isJsonObject(copy.metadata) ? copy.metadata : {}), namespace }
          if (namespace === '') delete (copy.metadata as JsonMap).namespace
          generated.push(copy)
        }
      }
    }
  }
  const evaluator = new CelEvaluator({
    ...admissionCelInputs(resource, kind, operation, {
      ...(options.userInfo !== undefined ? { userInfo: options.userInfo } : {}),
      ...(options.namespaces !== undefined ? { namespaces: options.namespaces } : {})
    }),
    data,
    celRelease: kyvernoCelRelease(options.kyvernoVersion)
  })
  const error = (message: string): GeneratingPolicyResult[] => [
    { rule: name, status: 'error', message: `failed to evaluate policy: ${message}` }
  ]
  const exceptions = celExceptionsFor(policy, options.celExceptions ?? [])
  if (exceptions.length > 0) {
    const outcome = evaluateCelExceptions(evaluator, exceptions)
    if (outcome.kind === 'error') return error(outcome.message)
    if (outcome.kind === 'exempt') return [outcome.result]
  }
  const conditions = matchConditions(
    evaluator,
    (Array.isArray(spec.matchConditions) ? spec.matchConditions : []) as Array<{
      name?: string
      expression: string
    }>
  )
  if (conditions.error !== undefined) return error(conditions.error)
  if (!conditions.matches) return []
  for (const v of Array.isArray(spec.variables) ? spec.variables : [])
    if (isJsonObject(v) && typeof v.name === 'string' && typeof v.expression === 'string')
      evaluator.defineVariable(v.name, v.expression)
  for (const generation of Array.isArray(spec.generate) ? spec.generate : []) {
    if (!isJsonObject(generation)) continue
    if (isJsonObject(generation.template)) {
      const rendered = renderTemplate(generation.template, evaluator)
      if ('error' in rendered) return error(rendered.error)
      const byNamespace = new Map<string, JsonMap[]>()
      for (const r of rendered.resources) {
        const ns =
          isJsonObject(r.metadata) && typeof r.metadata.namespace === 'string'
            ? r.metadata.namespace
            : ''
        byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), r])
      }
      for (const [ns, list] of byNamespace) data.generate!(ns, list)
      continue
    }
    if (typeof generation.expression !== 'string') continue
    const outcome = evaluator.evaluate(generation.expression)
    if ('error' in outcome) return error(outcome.error)
  }
  return [
    {
      rule: name,
      status: 'pass',
      message: 'policy evaluated successfully',
      ...(generated.length > 0 ? { generated } : {})
    }
  ]
}

const PLACEHOLDER = /\(\((.*?)\)\)/gs

/** template.Render: the documents of the template with their placeholders evaluated. */
function renderTemplate(
  template: JsonMap,
  evaluator: CelEvaluator
): { resources: JsonMap[] } | { error: string } {
  const interpolate = template.interpolate === 'cel'
  const resources: JsonMap[] = []
  let docs
  try {
    docs = parseAllDocuments(typeof template.value === 'string' ? template.value : '')
  } catch (e) {
    return { error: `failed to parse YAML: ${e instanceof Error ? e.message : String(e)}` }
  }
  for (const doc of Array.isArray(docs) ? docs : []) {
    const value = doc.toJS() as unknown
    if (value === null || value === undefined) continue
    try {
      const rendered = interpolate ? render(value, evaluator) : value
      if (!isJsonObject(rendered)) return { error: 'expected a mapping describing a resource' }
      resources.push(rendered)
    } catch (e) {
      return {
        error: `failed to render generation template: ${e instanceof Error ? e.message : String(e)}`
      }
    }
  }
  return { resources }
}

function render(value: unknown, evaluator: CelEvaluator): unknown {
  if (Array.isArray(value)) return value.map((v) => render(v, evaluator))
  if (isJsonObject(value)) {
    const out: JsonMap = {}
    for (const [k, v] of Object.entries(value)) out[k] = render(v, evaluator)
    return out
  }
  if (typeof value !== 'string' || !value.includes('((')) return value
  const whole = /^\(\((.*)\)\)$/s.exec(value.trim())
  if (whole !== null && !whole[1]!.includes('((')) {
    const outcome = evaluator.evaluate(whole[1]!.trim())
    if ('error' in outcome)
      throw new Error(`failed to evaluate placeholder "${whole[1]!.trim()}": ${outcome.error}`)
    return outcome.value
  }
  return value.replace(PLACEHOLDER, (_m, expression: string) => {
    const outcome = evaluator.evaluate(expression.trim())
    if ('error' in outcome)
      throw new Error(`failed to evaluate placeholder "${expression.trim()}": ${outcome.error}`)
    const v = outcome.value
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v)
    throw new Error(
      `placeholder "${expression.trim()}" embedded in a string must evaluate to a scalar`
    )
  })
}
