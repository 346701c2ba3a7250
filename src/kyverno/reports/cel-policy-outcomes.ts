/**
 * The report results of Kyverno's CEL policy kinds besides ValidatingPolicy (whose results the
 * Kyverno dry-run already has): MutatingPolicy, GeneratingPolicy and ImageValidatingPolicy, and
 * the `auditAnnotations` of each kind that Kyverno turns into result properties (the CEL
 * policies' reportProperties), evaluated on the resource (versions.ts `reports` says which release
 * reports which).
 *
 * - MutatingPolicy (kyverno pkg/cel/policies/mpol/engine handlePolicy, the mpol webhook's
 *   BuildMutationReport and the scanner): `pass` "success" with the audit annotations, `skip`
 *   "skip", `error`; with admission off, the background scan finds the object unmutated and
 *   reports `fail` "mutation is not applied" where the mutation would change it.
 * - GeneratingPolicy (pkg/cel/policies/gpol/engine, BuildGenerateReport): `pass` "policy
 *   evaluated successfully" with `generated-resources` (getResourceInfo of each, `; `-joined)
 *   and the audit annotations.
 * - ImageValidatingPolicy: only what needs no registry — an exception's skip, a match-condition
 *   error; a policy that would verify images gets no entry (celgate does not reach registries).
 */
import { deepEqualJson, isJsonObject } from '../../common/json.js'
import { admissionCelInputs } from '../admission-request.js'
import { CelEvaluator, kyvernoCelRelease } from '../cel.js'
import type { EvaluationOptions } from '../engine.js'
import { evaluateGeneratingPolicy } from '../generating-policy.js'
import { precheckImageValidatingPolicy } from '../image-validating-policy.js'
import { resourceKindOf } from '../match.js'
import { evaluateMutatingPolicy } from '../mutating-policy.js'
import type { PolicyOutcome } from '../admission.js'
import type { JsonMap, RuleResult } from '../types.js'
import type { KyvernoVersion, ReportEntryFeatures, ReportedCelKind } from '../versions.js'
import { reportedCelKind } from './entry-features.js'

export interface CelPolicySet {
  /** (Namespaced)MutatingPolicies, GeneratingPolicies and ImageValidatingPolicies. */
  readonly policies: readonly JsonMap[]
  /** policies.kyverno.io PolicyExceptions in force. */
  readonly celExceptions: readonly JsonMap[]
  /** Namespace objects by name (`namespaceObject`). */
  readonly namespaces: Readonly<Record<string, JsonMap>>
  readonly kyvernoVersion: KyvernoVersion
  readonly features: ReportEntryFeatures
}

const specOf = (o: JsonMap): JsonMap => (isJsonObject(o.spec) ? o.spec : {})
const metaOf = (o: JsonMap): JsonMap => (isJsonObject(o.metadata) ? o.metadata : {})

/** spec.evaluation.<phase>.enabled (default on), as BackgroundEnabled/AdmissionEnabled read it. */
function phaseEnabled(policy: JsonMap, phase: 'admission' | 'background'): boolean {
  const evaluation = specOf(policy).evaluation
  const entry = isJsonObject(evaluation) ? evaluation[phase] : undefined
  return !(isJsonObject(entry) && entry.enabled === false)
}

/** A Namespaced policy kind applies in its own namespace only (the policy cache's lookup). */
function inScope(policy: JsonMap, resource: JsonMap): boolean {
  if (typeof policy.kind !== 'string' || !policy.kind.startsWith('Namespaced')) return true
  return (metaOf(policy).namespace ?? 'default') === (metaOf(resource).namespace ?? '')
}

/** Go's schema.GroupVersionKind String and getResourceInfo (pkg/utils/report/results.go). */
function resourceInfo(r: JsonMap): string {
  const apiVersion = typeof r.apiVersion === 'string' ? r.apiVersion : ''
  const slash = apiVersion.indexOf('/')
  const group = slash < 0 ? '' : apiVersion.slice(0, slash)
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1)
  const meta = metaOf(r)
  const name = typeof meta.name === 'string' ? meta.name : ''
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : ''
  const info = `${group}/${version}, Kind=${typeof r.kind === 'string' ? r.kind : ''} Name=${name}`
  return namespace !== '' ? `${info} Namespace=${namespace}` : info
}

/** What evaluating a policy's auditAnnotations gave: properties, or Kyverno's error text. */
type Annotations = { properties: Record<string, string> } | { error: string }

/** How the engines quote the key in that text: `'%s'` (vpol) or `%q` (mpol, gpol). */
type KeyQuote = (key: string) => string
const singleQuoted: KeyQuote = (key) => `'${key}'`
const goQuoted: KeyQuote = (key) => JSON.stringify(key)

export class CelPolicyOutcomes {
  constructor(private readonly set: CelPolicySet) {}

  private options(namespaceLabels: Readonly<Record<string, string>>): EvaluationOptions {
    return {
      operation: 'CREATE',
      namespaceLabels: { ...namespaceLabels },
      namespaces: { ...this.set.namespaces },
      celExceptions: this.set.celExceptions,
      kyvernoVersion: this.set.kyvernoVersion
    }
  }

  /** The outcomes of the set's policies on a resource (policies that do not apply: none). */
  outcomes(resource: JsonMap, namespaceLabels: Readonly<Record<string, string>>): PolicyOutcome[] {
    const out: PolicyOutcome[] = []
    const options = this.options(namespaceLabels)
    for (const policy of this.set.policies) {
      const kind = reportedCelKind(
        typeof policy.kind === 'string' ? policy.kind : undefined,
        this.set.features
      )
      if (kind === undefined || !inScope(policy, resource)) continue
      const rules =
        kind === 'MutatingPolicy'
          ? this.mutate(policy, resource, options)
          : kind === 'GeneratingPolicy'
            ? this.generate(policy, resource, options)
            : kind === 'ImageValidatingPolicy'
              ? this.verifyImages(policy, resource, options)
              : []
      if (rules.length > 0) out.push({ policy, rules })
    }
    return out
  }

  /** A ValidatingPolicy's outcome with its auditAnnotations as properties, where the release adds them. */
  withAuditAnnotations(
    outcome: PolicyOutcome,
    resource: JsonMap,
    namespaceLabels: Readonly<Record<string, string>>
  ): PolicyOutcome {
    const policy = outcome.policy as JsonMap
    const when = this.set.features.auditAnnotations.ValidatingPolicy
    if (when === undefined || !hasAuditAnnotations(policy)) return outcome
    const options = this.options(namespaceLabels)
    const rules = outcome.rules.map((rule) => {
      if (rule.status !== 'fail' && (rule.status !== 'pass' || when !== 'pass-and-fail'))
        return rule
      // Exceptions' results carry no annotations (they are decided before the validations).
      if (rule.rule === 'exception') return rule
      const annotations = this.auditAnnotations(policy, resource, resource, options, {
        mutating: false,
        quote: singleQuoted
      })
      if ('error' in annotations)
        return { rule: rule.rule, status: 'error' as const, message: `error: ${annotations.error}` }
      return withProperties(rule, annotations.properties)
    })
    return { policy: outcome.policy, rules }
  }

  private annotationsApply(kind: ReportedCelKind): boolean {
    return this.set.features.auditAnnotations[kind] !== undefined
  }

  private mutate(policy: JsonMap, resource: JsonMap, options: EvaluationOptions): RuleResult[] {
    const evaluation = evaluateMutatingPolicy(policy, resource, options)
    return evaluation.rules.map((rule) => {
      if (rule.status !== 'pass' || rule.rule !== '') return rule
      if (!phaseEnabled(policy, 'admission') && phaseEnabled(policy, 'background')) {
        // Only the background scan sees the object, as it was stored: unmutated.
        if (!deepEqualJson(evaluation.patchedResource, resource))
          return { rule: '', status: 'fail', message: 'mutation is not applied' }
      }
      if (!this.annotationsApply('MutatingPolicy') || !hasAuditAnnotations(policy)) return rule
      const annotations = this.auditAnnotations(
        policy,
        resource,
        evaluation.patchedResource,
        options,
        { mutating: true, quote: goQuoted }
      )
      if ('error' in annotations)
        return {
          rule: 'evaluation',
          status: 'error',
          message: `failed to evaluate policy: ${annotations.error}`
        }
      return withProperties(rule, annotations.properties)
    })
  }

  private generate(policy: JsonMap, resource: JsonMap, options: EvaluationOptions): RuleResult[] {
    return evaluateGeneratingPolicy(policy, resource, options).map((result) => {
      const { generated, ...rule } = result
      if (rule.status !== 'pass') return rule
      let properties: Record<string, string> = {}
      if (this.annotationsApply('GeneratingPolicy') && hasAuditAnnotations(policy)) {
        const annotations = this.auditAnnotations(policy, resource, resource, options, {
          mutating: false,
          quote: goQuoted
        })
        if ('error' in annotations)
          return {
            rule: rule.rule,
            status: 'error' as const,
            message: `failed to evaluate policy: ${annotations.error}`
          }
        properties = annotations.properties
      }
      if (generated !== undefined && generated.length > 0)
        properties['generated-resources'] = generated.map(resourceInfo).join('; ')
      return withProperties(rule, properties)
    })
  }

  private verifyImages(
    policy: JsonMap,
    resource: JsonMap,
    options: EvaluationOptions
  ): RuleResult[] {
    const precheck = precheckImageValidatingPolicy(policy, resource, options)
    return precheck.kind === 'decided' ? [precheck.result] : []
  }

  /**
   * evaluateAuditAnnotations: each valueExpression on the policy's variables and `object` (the
   * patched object for a MutatingPolicy); a string, omitted when empty; anything else an error.
   */
  private auditAnnotations(
    policy: JsonMap,
    resource: JsonMap,
    object: JsonMap,
    options: EvaluationOptions,
    { mutating, quote }: { mutating: boolean; quote: KeyQuote }
  ): Annotations {
    const evaluator = new CelEvaluator({
      ...admissionCelInputs(resource, resourceKindOf(resource), 'CREATE', options),
      mutating,
      celRelease: kyvernoCelRelease(this.set.kyvernoVersion)
    })
    const spec = specOf(policy)
    for (const v of Array.isArray(spec.variables) ? spec.variables : [])
      if (isJsonObject(v) && typeof v.name === 'string' && typeof v.expression === 'string')
        evaluator.defineVariable(v.name, v.expression)
    if (object !== resource) evaluator.setObject(object)
    const properties: Record<string, string> = {}
    for (const a of Array.isArray(spec.auditAnnotations) ? spec.auditAnnotations : []) {
      if (!isJsonObject(a) || typeof a.key !== 'string' || typeof a.valueExpression !== 'string')
        continue
      const outcome = evaluator.evaluate(a.valueExpression)
      if ('error' in outcome)
        return { error: `failed to evaluate auditAnnotation ${quote(a.key)}: ${outcome.error}` }
      if (typeof outcome.value !== 'string')
        return {
          error: `failed to convert auditAnnotation ${quote(a.key)} expression: type conversion error`
        }
      if (outcome.value !== '') properties[a.key] = outcome.value
    }
    return { properties }
  }
}

const hasAuditAnnotations = (policy: JsonMap): boolean => {
  const list = specOf(policy).auditAnnotations
  return Array.isArray(list) && list.length > 0
}

function withProperties(rule: RuleResult, properties: Record<string, string>): RuleResult {
  if (Object.keys(properties).length === 0) return rule
  return { ...rule, properties: { ...(rule.properties ?? {}), ...properties } }
}
