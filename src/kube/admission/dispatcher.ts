/**
 * The ValidatingAdmissionPolicy dry-run of one request, as the apiserver's dispatcher runs it
 * (apiserver `policy/validating/dispatcher.go`, `policy/generic`; policy-dryrun-spec.md §1.2):
 * every policy that has bindings, its matchConstraints, each binding's matchResources and
 * params, one evaluation per param, then the validation actions (Deny, Warn, Audit), audit
 * annotations and configuration errors under the failure policy. The first denied decision
 * becomes the Forbidden status, with the apiserver's message, reason and code.
 *
 * Where Go iterates a map (policies), celgate sorts by name so results are stable.
 */
import type { OfflineAuthorizer } from '../cel/index.js'
import { GoStruct, goJson } from '../fielderrors/index.js'
import { DEFAULT_VERSIONS, type KubernetesVersion } from '../versions.js'
import {
  readBinding,
  readPolicy,
  withBindingDefaults,
  withPolicyDefaults,
  type AdmissionPolicy,
  type GroupVersionKind,
  type GroupVersionResource,
  type MatchResources,
  type PolicyBinding
} from './api.js'
import { compilePolicy, type CompiledPolicy } from './compile.js'
import {
  isExemptAdmissionConfiguration,
  matchResources,
  ruleOutcomes,
  ruleShape,
  rulesExclude,
  rulesExcludeAnyName,
  usesResourceNames,
  type RuleOutcomes,
  type AdmissionAttributes,
  type MatchEnvironment
} from './matching.js'
import { NO_PARAMS, collectParams, objectsOfKind, paramKindScope } from './params.js'
import {
  NAMESPACE_NAME_LABEL,
  admissionAttributes,
  celNamespaceObject,
  celRequests,
  convertToKind,
  forbiddenMessage,
  reasonToCode,
  type AdmissionRequestInput
} from './request.js'
import { ResourceCatalog } from './resources.js'
import {
  applyMutations,
  policyErrorMessage,
  type MutationInvocation,
  type MutationPolicyError,
  type MutationRecord
} from './mutating.js'
import { versionSchemas } from '../crd/schema-walk.js'
import {
  validatePolicy,
  type PolicyDecision,
  type ValidateOptions,
  type ValidateResult
} from './validator.js'
import type { EvaluationInput } from './activation.js'
import { JsonValueCache } from './value-cache.js'
import { isJsonObject } from '../../common/json.js'

type Json = Record<string, unknown>

/** The objects a dry-run knows: policies, bindings, params, namespaces and CRDs. */
export interface AdmissionObjects {
  /** ValidatingAdmissionPolicy (and MutatingAdmissionPolicy) objects, as written. */
  policies: readonly unknown[]
  bindings: readonly unknown[]
  /** Objects bindings may use as params (ConfigMaps, custom resources, …). */
  params?: readonly unknown[]
  /** Namespace objects (their labels drive namespaceSelectors). */
  namespaces?: readonly unknown[]
  /** CRDs: resource names, scopes and equivalent versions of custom resources. */
  crds?: readonly unknown[]
}

export interface AdmissionOptions {
  /** The release whose CEL environment evaluates (default: the newest supported by default). */
  kubernetesVersion?: KubernetesVersion
  /** Decides `authorizer…check()`; default: every check denied ("no authorizer configured"). */
  authorizer?: OfflineAuthorizer
  /**
   * A namespace not among the objects is taken to exist with only its
   * `kubernetes.io/metadata.name` label (default true); false makes it NotFound, as the
   * apiserver would answer.
   */
  assumeNamespaces?: boolean
  /** The REST mapping and equivalent resources (default: built-ins plus the CRDs given). */
  catalog?: ResourceCatalog
  /** Runtime budget per evaluation (tests shrink it). */
  budget?: bigint
}

/** What one binding (and param) of a policy did to the request. */
export interface BindingEvaluation {
  policy: string
  binding?: string
  /** The param object's `namespace/name`, when the binding uses params. */
  param?: string
  /** A `failed to configure policy/binding: …` error (before failure policy). */
  configurationError?: string
  /** The validation outcome; absent for configuration errors. */
  result?: ValidateResult
  /** The binding's validationActions (as written). */
  validationActions?: string[]
}

export interface AdmissionResponse {
  allowed: boolean
  /** The Status message of a rejection, e.g. `configmaps "x" is forbidden: …`. */
  error?: string
  /** Status reason and HTTP code of a rejection. */
  reason?: string
  code?: number
  /** Warnings (HTTP 299) returned to the client. */
  warnings: string[]
  /** Audit annotations added to the request's audit event. */
  auditAnnotations: Record<string, string>
  /** Every policy × binding × param evaluation that ran, in dispatch order. */
  evaluations: BindingEvaluation[]
  /** What MutatingAdmissionPolicies did, in order (validation saw their result). */
  mutations: MutationRecord[]
  /** The object after the mutations, when they changed it. */
  mutatedObject?: Record<string, unknown>
}

interface DeniedDecision {
  policy: string
  binding?: string
  decision: Pick<PolicyDecision, 'message' | 'reason'>
}

interface ValidationFailure {
  message: string
  policy: string
  binding: string
  expressionIndex: number
  validationActions: string[]
}

/** One Audit failure as the validation_failure annotation lists it. */
export interface AuditedFailure {
  message: string
  policy: string
  binding: string
  expressionIndex: number
}

/** The failures behind each response's validation_failure annotation (see auditedFailures). */
const auditedFailuresOf = new WeakMap<AdmissionResponse, readonly AuditedFailure[]>()

/**
 * The entries of `response`'s `validation.policy.admission.k8s.io/validation_failure` audit
 * annotation as JSON.parse would read them back (at most 50; invalid UTF-16 as U+FFFD), without
 * parsing the text; undefined when the dispatcher did not write that annotation.
 */
export function auditedFailures(
  response: AdmissionResponse
): readonly AuditedFailure[] | undefined {
  return auditedFailuresOf.get(response)
}

/** Lone surrogates as U+FFFD, as goJson writes them (so text read back from it). */
const wellFormed = (s: string): string =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')

const MAX_VALIDATION_FAILURES = 50
const MAX_AUDIT_ANNOTATION_VALUE_LENGTH = 10 * 1024
const VALIDATION_FAILURE_KEY = 'validation.policy.admission.k8s.io/validation_failure'

const byName = <T extends { name: string }>(a: T, b: T): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0

/** Policies, bindings and params prepared once, evaluated against any number of requests. */
export class AdmissionEvaluator {
  readonly kubernetesVersion: KubernetesVersion
  readonly catalog: ResourceCatalog
  /** Policies with their bindings, by name; a policy without bindings is never evaluated. */
  private readonly validating: readonly BoundPolicy[]
  private readonly mutating: readonly BoundPolicy[]
  private readonly crds: readonly unknown[]
  private readonly params: readonly unknown[]
  /** Namespaces by name: the given ones, then those namespace() assumed (one object each). */
  private readonly namespaces = new Map<string, Json>()
  private readonly compiled = new Map<AdmissionPolicy, CompiledPolicy>()
  private readonly crdSchemas = new Map<string, Json | undefined>()
  /** celNamespaceObject of each namespace object: one object, so one CEL value per request. */
  private readonly celNamespaces = new WeakMap<Json, Json>()
  /** paramKindError of each policy: it depends on the params and the catalog only. */
  private readonly paramKindErrors = new Map<AdmissionPolicy, string | undefined>()
  /** The options of every validatePolicy call. */
  private readonly validateOptions: ValidateOptions
  /** The policies whose rules may select requests of a shape (see candidates()). */
  private readonly candidatesByShape = new Map<string, Candidates>()

  constructor(
    objects: AdmissionObjects,
    private readonly options: AdmissionOptions = {}
  ) {
    this.kubernetesVersion =
      options.kubernetesVersion ?? DEFAULT_VERSIONS[DEFAULT_VERSIONS.length - 1]!
    this.catalog = options.catalog ?? new ResourceCatalog({ crds: objects.crds ?? [] })
    this.validateOptions = options.budget !== undefined ? { budget: options.budget } : {}
    const policies = objects.policies.map((p) => withPolicyDefaults(readPolicy(p))).sort(byName)
    const bindings = objects.bindings.map((b) => withBindingDefaults(readBinding(b))).sort(byName)
    this.validating = bound(
      policies.filter((p) => p.kind === 'ValidatingAdmissionPolicy'),
      bindings.filter((b) => b.kind === 'ValidatingAdmissionPolicyBinding')
    )
    this.mutating = bound(
      policies.filter((p) => p.kind === 'MutatingAdmissionPolicy'),
      bindings.filter((b) => b.kind === 'MutatingAdmissionPolicyBinding')
    )
    this.crds = objects.crds ?? []
    this.params = objects.params ?? []
    for (const ns of objects.namespaces ?? []) {
      if (!isJsonObject(ns) || !isJsonObject(ns.metadata) || typeof ns.metadata.name !== 'string')
        continue
      this.namespaces.set(ns.metadata.name, withNameLabel(ns))
    }
  }

  /** The policy compiled for admission (StoredExpressions), cached. */
  compiledPolicy(policy: AdmissionPolicy): CompiledPolicy {
    let c = this.compiled.get(policy)
    if (!c) {
      c = compilePolicy(policy, {
        kubernetesVersion: this.kubernetesVersion,
        purpose: 'admission',
        ...(this.options.authorizer ? { authorizer: this.options.authorizer } : {})
      })
      this.compiled.set(policy, c)
    }
    return c
  }

  /**
   * The namespace object of `name`, or undefined when it does not exist. The same object for
   * every call (read only): its CEL value is then made once per request.
   */
  namespace(name: string): Json | undefined {
    const known = this.namespaces.get(name)
    if (known || this.options.assumeNamespaces === false) return known
    const assumed: Json = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name, labels: { [NAMESPACE_NAME_LABEL]: name } }
    }
    this.namespaces.set(name, assumed)
    return assumed
  }

  /** celNamespaceObject(namespace), one object per namespace. */
  private celNamespace(namespace: Json | null): Json | null {
    if (namespace === null) return null
    let cel = this.celNamespaces.get(namespace)
    if (cel === undefined) {
      cel = celNamespaceObject(namespace)!
      this.celNamespaces.set(namespace, cel)
    }
    return cel
  }

  private paramKindError(policy: AdmissionPolicy): string | undefined {
    if (!this.paramKindErrors.has(policy))
      this.paramKindErrors.set(policy, paramKindError(policy, this.params, this.catalog))
    return this.paramKindErrors.get(policy)
  }

  /**
   * The validating and mutating policies that may apply to requests shaped like `attrs`
   * (matching.ruleShape), in order, with their rules' outcomes for that shape. Policies whose
   * matchConstraints' rules alone leave the request out answer no match whatever else the
   * request holds, so they are skipped. Rules naming resources read the name too: those are
   * skipped only when they leave out every name, else matched per request.
   */
  private candidates(attrs: AdmissionAttributes, env: MatchEnvironment): Candidates {
    const shape = ruleShape(attrs)
    let found = this.candidatesByShape.get(shape)
    if (!found) {
      const outcomes = (match: MatchResources | undefined): RuleOutcomes | undefined =>
        match && !usesResourceNames(match) ? ruleOutcomes(match, attrs, env) : undefined
      const candidatesOf = (policies: readonly BoundPolicy[]): Candidate[] => {
        const out: Candidate[] = []
        for (const { policy, bindings } of policies) {
          const c = policy.matchConstraints
          const valid =
            c !== undefined && c.namespaceSelector !== undefined && c.objectSelector !== undefined
          const rules = valid ? outcomes(c) : undefined
          if (rules && rulesExclude(rules)) continue
          if (valid && !rules && rulesExcludeAnyName(c, attrs, env)) continue
          out.push({
            policy,
            bindings,
            ...(rules ? { rules } : {}),
            bindingRules: bindings.map((b) => outcomes(b.matchResources))
          })
        }
        return out
      }
      found = { validating: candidatesOf(this.validating), mutating: candidatesOf(this.mutating) }
      this.candidatesByShape.set(shape, found)
    }
    return found
  }

  private matchEnvironment(): MatchEnvironment {
    return {
      catalog: this.catalog,
      namespaceLabels: (name) => {
        const ns = this.namespace(name)
        if (!ns) return undefined
        const meta = isJsonObject(ns.metadata) ? ns.metadata : {}
        return isJsonObject(meta.labels) ? (meta.labels as Record<string, string>) : {}
      }
    }
  }

  evaluate(input: AdmissionRequestInput): AdmissionResponse {
    let attrs = admissionAttributes(input, this.catalog)
    const response: AdmissionResponse = {
      allowed: true,
      warnings: [],
      auditAnnotations: {},
      evaluations: [],
      mutations: []
    }
    if (isExemptAdmissionConfiguration(attrs.kind)) return response
    const env = this.matchEnvironment()
    const candidates = this.candidates(attrs, env)
    // Every policy of this request sees the same objects: their CEL values are made once.
    const values = new JsonValueCache()
    const requestFor = celRequests(attrs, input)

    // Mutating policies run first; validating policies see what they produced.
    const mutated = this.mutate(attrs, input, env, candidates.mutating, { values, requestFor })
    response.mutations = mutated.records
    if (mutated.denial) return { ...response, ...mutated.denial, allowed: false }
    if (mutated.object !== attrs.object && mutated.object !== null) {
      response.mutatedObject = mutated.object
      attrs = { ...attrs, object: mutated.object }
    }
    const denied: DeniedDecision[] = []
    const failures: ValidationFailure[] = []
    // The request's attributes with object and oldObject in each matched version, made once
    // per version so that every policy matching it the same way shares their CEL values.
    const versions = new Map<string, AdmissionAttributes>()
    const versionedFor = (kind: GroupVersionKind): AdmissionAttributes => {
      const key = `${kind.group}\u0000${kind.version}\u0000${kind.kind}`
      let versioned = versions.get(key)
      if (!versioned) {
        // Object.assign: fields added after a spread are slow on Node 20 (attrs has our keys only).
        versioned = Object.assign({}, attrs, {
          object: convertToKind(attrs.object, kind),
          oldObject: convertToKind(attrs.oldObject, kind)
        })
        versions.set(key, versioned)
      }
      return versioned
    }

    for (const { policy, bindings, rules, bindingRules } of candidates.validating) {
      const configError = (message: string, binding?: PolicyBinding): void => {
        response.evaluations.push({
          policy: policy.name,
          ...(binding ? { binding: binding.name } : {}),
          configurationError: message
        })
        if (policy.failurePolicy === 'Ignore') return
        const prefix = binding ? 'failed to configure binding' : 'failed to configure policy'
        denied.push({
          policy: policy.name,
          ...(binding ? { binding: binding.name } : {}),
          decision: {
            message:
              policy.failurePolicy === 'Fail'
                ? `${prefix}: ${message}`
                : `unrecognized failure policy: '${policy.failurePolicy}'`
          }
        })
      }

      const definition = definitionMatches(policy, attrs, env, rules)
      if ('error' in definition) {
        configError(definition.error)
        continue
      }
      if (!definition.matches) continue
      const paramError = this.paramKindError(policy)
      if (paramError !== undefined) {
        configError(paramError)
        continue
      }

      const versioned = versionedFor(definition.kind)
      const request = requestFor(definition)
      const collector = new AuditAnnotationCollector()
      for (const [b, binding] of bindings.entries()) {
        if (binding.matchResources) {
          const m = matchResources(binding.matchResources, attrs, env, bindingRules[b])
          if (m.error !== undefined) {
            configError(m.error, binding)
            continue
          }
          if (!m.matches) continue
        }
        const collected = collectParams(
          policy.paramKind,
          binding.paramRef,
          attrs.namespace,
          this.params,
          this.catalog
        )
        if ('error' in collected) {
          configError(collected.error, binding)
          continue
        }
        // The namespace object, except for a Namespace request itself.
        const isNamespaceKind =
          attrs.kind.group === '' && attrs.kind.version === 'v1' && attrs.kind.kind === 'Namespace'
        const namespaceName = isNamespaceKind ? '' : attrs.namespace
        let namespace: Json | null = null
        if (namespaceName !== '') {
          const ns = this.namespace(namespaceName)
          if (!ns) {
            // A failed namespace lookup aborts the whole admission call.
            return {
              ...response,
              allowed: false,
              error: `namespaces "${namespaceName}" not found`,
              reason: 'NotFound',
              code: 404
            }
          }
          namespace = ns
        }
        for (const param of collected.params) {
          const evaluationInput: EvaluationInput = {
            attributes: versioned,
            request,
            params: param === NO_PARAMS ? null : param,
            namespace: this.celNamespace(namespace),
            values
          }
          if (input.userInfo) evaluationInput.userInfo = input.userInfo
          const result = validatePolicy(
            this.compiledPolicy(policy),
            evaluationInput,
            this.validateOptions
          )
          response.evaluations.push(
            param !== NO_PARAMS && param !== null
              ? {
                  policy: policy.name,
                  binding: binding.name,
                  param: paramName(param),
                  result,
                  validationActions: binding.validationActions
                }
              : {
                  policy: policy.name,
                  binding: binding.name,
                  result,
                  validationActions: binding.validationActions
                }
          )
          this.applyActions(policy, binding, result, denied, failures, response.warnings, collector)
        }
      }
      collector.publish(policy.name, response.auditAnnotations)
    }

    if (failures.length > 0) {
      const kept = failures.slice(0, MAX_VALIDATION_FAILURES)
      auditedFailuresOf.set(
        response,
        kept.map((f) => ({
          message: wellFormed(f.message),
          policy: wellFormed(f.policy),
          binding: wellFormed(f.binding),
          expressionIndex: f.expressionIndex
        }))
      )
      response.auditAnnotations[VALIDATION_FAILURE_KEY] =
        goJson(
          kept.map(
            (f) =>
              new GoStruct('ValidationFailureValue', [
                ['message', f.message],
                ['policy', f.policy],
                ['binding', f.binding],
                ['expressionIndex', BigInt(f.expressionIndex)],
                ['validationActions', f.validationActions]
              ])
          )
        ) ?? ''
    }
    const first = denied[0]
    if (first) {
      const message = first.binding
        ? `ValidatingAdmissionPolicy '${first.policy}' with binding '${first.binding}' denied request: ${first.decision.message}`
        : `ValidatingAdmissionPolicy '${first.policy}' denied request: ${first.decision.message}`
      const reason = first.decision.reason || 'Invalid'
      response.allowed = false
      response.error = forbiddenMessage(attrs, message)
      response.reason = reason
      response.code = reasonToCode(reason)
    }
    return response
  }

  /** MutatingAdmissionPolicies on the request's object (the generic dispatcher + mutating delegate). */
  private mutate(
    attrs: AdmissionAttributes,
    input: AdmissionRequestInput,
    env: MatchEnvironment,
    policies: readonly Candidate[],
    shared: { values: JsonValueCache; requestFor: ReturnType<typeof celRequests> }
  ): {
    object: Json | null
    records: MutationRecord[]
    denial?: Pick<AdmissionResponse, 'error' | 'reason' | 'code'>
  } {
    const none = { object: attrs.object, records: [] }
    if (policies.length === 0 || attrs.object === null) return none
    // The mutating plugin handles CREATE, UPDATE and CONNECT only.
    if (!['CREATE', 'UPDATE', 'CONNECT'].includes(attrs.operation)) return none
    const errors: MutationPolicyError[] = []
    const invocations: Array<
      MutationInvocation & { kind: GroupVersionKind; resource: GroupVersionResource }
    > = []
    for (const { policy, bindings, rules, bindingRules } of policies) {
      const definition = definitionMatches(policy, attrs, env, rules)
      if ('error' in definition) {
        errors.push({ policy, message: `failed to configure policy: ${definition.error}` })
        continue
      }
      if (!definition.matches) continue
      const paramError = this.paramKindError(policy)
      if (paramError !== undefined) {
        errors.push({ policy, message: `failed to configure policy: ${paramError}` })
        continue
      }
      for (const [b, binding] of bindings.entries()) {
        if (binding.matchResources) {
          const m = matchResources(binding.matchResources, attrs, env, bindingRules[b])
          if (m.error !== undefined) {
            errors.push({ policy, binding, message: `failed to configure binding: ${m.error}` })
            continue
          }
          if (!m.matches) continue
        }
        const collected = collectParams(
          policy.paramKind,
          binding.paramRef,
          attrs.namespace,
          this.params,
          this.catalog
        )
        if ('error' in collected) {
          errors.push({
            policy,
            binding,
            message: `failed to configure binding: ${collected.error}`
          })
          continue
        }
        for (const param of collected.params) {
          const invocation: (typeof invocations)[number] = {
            compiled: this.compiledPolicy(policy),
            binding,
            param: param === NO_PARAMS ? null : param,
            kind: definition.kind,
            resource: definition.resource
          }
          if (param !== NO_PARAMS && param !== null) invocation.paramName = paramName(param)
          invocations.push(invocation)
        }
      }
    }
    let result: ReturnType<typeof applyMutations> = {
      object: attrs.object,
      records: [],
      errors: []
    }
    if (invocations.length > 0) {
      const isNamespaceKind =
        attrs.kind.group === '' && attrs.kind.version === 'v1' && attrs.kind.kind === 'Namespace'
      const namespaceName = isNamespaceKind ? '' : attrs.namespace
      const namespace = namespaceName === '' ? null : (this.namespace(namespaceName) ?? null)
      if (namespaceName !== '' && namespace === null)
        return {
          ...none,
          denial: {
            error: `namespaces "${namespaceName}" not found`,
            reason: 'NotFound',
            code: 404
          }
        }
      result = applyMutations(
        invocations,
        attrs.object,
        (object, invocation) => {
          const inv = invocation as (typeof invocations)[number]
          const evaluationInput: EvaluationInput = {
            attributes: object === attrs.object ? attrs : Object.assign({}, attrs, { object }),
            request: shared.requestFor(inv),
            params: invocation.param,
            namespace: this.celNamespace(namespace),
            values: shared.values
          }
          if (input.userInfo) evaluationInput.userInfo = input.userInfo
          return evaluationInput
        },
        (object) => this.crdSchemaOf(object)
      )
    }
    const failing = [...errors, ...result.errors].filter((e) => e.policy.failurePolicy !== 'Ignore')
    const first = failing[0]
    if (!first) return { object: result.object, records: result.records }
    const reason = first.reason ?? 'Forbidden'
    return {
      object: result.object,
      records: result.records,
      denial: { error: policyErrorMessage(first), reason, code: reasonToCode(reason) }
    }
  }

  /**
   * The schema of a custom resource's version (list semantics for apply merges), looked up once
   * per apiVersion and kind: every mutation of every request asks.
   */
  private crdSchemaOf(object: Json): Json | undefined {
    if (typeof object.kind !== 'string') return this.findCrdSchema(object)
    const key = JSON.stringify([object.apiVersion, object.kind])
    if (!this.crdSchemas.has(key)) this.crdSchemas.set(key, this.findCrdSchema(object))
    return this.crdSchemas.get(key)
  }

  private findCrdSchema(object: Json): Json | undefined {
    const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : ''
    const slash = apiVersion.indexOf('/')
    const group = slash < 0 ? '' : apiVersion.slice(0, slash)
    const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1)
    for (const crd of this.crds) {
      if (!isJsonObject(crd) || !isJsonObject(crd.spec) || crd.spec.group !== group) continue
      const names = isJsonObject(crd.spec.names) ? crd.spec.names : {}
      if (names.kind !== object.kind) continue
      const found = versionSchemas(crd).find((vs) => vs.versions.includes(version))
      if (found) return found.root
    }
    return undefined
  }

  private applyActions(
    policy: AdmissionPolicy,
    binding: PolicyBinding,
    result: ValidateResult,
    denied: DeniedDecision[],
    failures: ValidationFailure[],
    warnings: string[],
    collector: AuditAnnotationCollector
  ): void {
    result.decisions.forEach((decision, index) => {
      if (decision.action !== 'deny') return
      for (const action of binding.validationActions) {
        if (action === 'Deny') denied.push({ policy: policy.name, binding: binding.name, decision })
        else if (action === 'Audit')
          failures.push({
            message: decision.message,
            policy: binding.policyName,
            binding: binding.name,
            expressionIndex: index,
            validationActions: binding.validationActions
          })
        else if (action === 'Warn')
          warnings.push(
            `Validation failed for ValidatingAdmissionPolicy '${policy.name}' with binding '${binding.name}': ${decision.message}`
          )
      }
    })
    for (const annotation of result.auditAnnotations) {
      if (annotation.action === 'publish')
        collector.add(
          annotation.key,
          (annotation.value ?? '').slice(0, MAX_AUDIT_ANNOTATION_VALUE_LENGTH)
        )
      else if (annotation.action === 'error')
        // Audit annotation errors deny whatever the validation actions say.
        denied.push({
          policy: policy.name,
          binding: binding.name,
          decision: { message: annotation.error ?? '' }
        })
    }
  }
}

interface BoundPolicy {
  policy: AdmissionPolicy
  bindings: PolicyBinding[]
}

/** A policy that may apply to requests of one shape, with its rules' outcomes for it. */
interface Candidate extends BoundPolicy {
  /** Of matchConstraints; absent when they must be matched per request. */
  rules?: RuleOutcomes
  /** Of each binding's matchResources, likewise. */
  bindingRules: Array<RuleOutcomes | undefined>
}

interface Candidates {
  validating: readonly Candidate[]
  mutating: readonly Candidate[]
}

/**
 * Each policy with the bindings naming it (both in name order), policies without bindings left
 * out: grouped once instead of for every policy of every request.
 */
function bound(
  policies: readonly AdmissionPolicy[],
  bindings: readonly PolicyBinding[]
): BoundPolicy[] {
  const byPolicy = new Map<string, PolicyBinding[]>()
  for (const b of bindings) {
    const list = byPolicy.get(b.policyName)
    if (list) list.push(b)
    else byPolicy.set(b.policyName, [b])
  }
  return policies
    .map((policy) => ({ policy, bindings: byPolicy.get(policy.name) ?? [] }))
    .filter((p) => p.bindings.length > 0)
}

/** Identical values of several bindings are kept once; distinct ones joined with `, `. */
class AuditAnnotationCollector {
  private readonly values = new Map<string, string[]>()

  add(key: string, value: string): void {
    const list = this.values.get(key) ?? []
    if (!list.includes(value)) list.push(value)
    this.values.set(key, list)
  }

  publish(policyName: string, into: Record<string, string>): void {
    for (const [key, values] of this.values) into[`${policyName}/${key}`] = values.join(', ')
  }
}

type DefinitionMatch =
  | { error: string }
  | { matches: false }
  | { matches: true; resource: GroupVersionResource; kind: GroupVersionKind }

/** DefinitionMatches: the policy's matchConstraints, nil parts being configuration errors. */
function definitionMatches(
  policy: AdmissionPolicy,
  attrs: AdmissionAttributes,
  env: MatchEnvironment,
  rules?: RuleOutcomes
): DefinitionMatch {
  const constraints = policy.matchConstraints
  if (!constraints) return { error: 'policy contained no match constraints, a required field' }
  if (constraints.namespaceSelector === undefined)
    return {
      error: 'a nil namespace selector was passed, please ensure selectors are initialized properly'
    }
  if (constraints.objectSelector === undefined)
    return {
      error: 'a nil object selector was passed, please ensure selectors are initialized properly'
    }
  const m = matchResources(constraints, attrs, env, rules)
  if (m.error !== undefined) return { error: m.error }
  if (!m.matches) return { matches: false }
  return { matches: true, resource: m.resource ?? attrs.resource, kind: m.kind ?? attrs.kind }
}

/** An unresolvable paramKind is a configuration error of the whole policy. */
function paramKindError(
  policy: AdmissionPolicy,
  params: readonly unknown[],
  catalog: ResourceCatalog
): string | undefined {
  if (!policy.paramKind) return undefined
  const objects = objectsOfKind(params, policy.paramKind)
  if (paramKindScope(policy.paramKind, objects, catalog) !== undefined) return undefined
  const apiVersion = policy.paramKind.apiVersion ?? ''
  const gv = apiVersion.includes('/') ? apiVersion : `/${apiVersion}`
  return `failed to find resource referenced by paramKind: '${gv}, Kind=${policy.paramKind.kind ?? ''}'`
}

function paramName(param: Json): string {
  const meta = isJsonObject(param.metadata) ? param.metadata : {}
  const name = typeof meta.name === 'string' ? meta.name : ''
  return typeof meta.namespace === 'string' && meta.namespace !== ''
    ? `${meta.namespace}/${name}`
    : name
}

/** Namespaces always carry `kubernetes.io/metadata.name` (the apiserver sets it). */
function withNameLabel(ns: Json): Json {
  const meta = isJsonObject(ns.metadata) ? ns.metadata : {}
  const labels = isJsonObject(meta.labels) ? meta.labels : {}
  if (labels[NAMESPACE_NAME_LABEL] === meta.name) return ns
  return { ...ns, metadata: { ...meta, labels: { ...labels, [NAMESPACE_NAME_LABEL]: meta.name } } }
}

/** The dry-run of one request (a one-off AdmissionEvaluator). */
export function evaluateAdmission(
  objects: AdmissionObjects,
  request: AdmissionRequestInput,
  options: AdmissionOptions = {}
): AdmissionResponse {
  return new AdmissionEvaluator(objects, options).evaluate(request)
}

export type { AdmissionRequestInput }
