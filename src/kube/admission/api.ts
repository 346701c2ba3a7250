/**
 * The admission policy API objects (admissionregistration.k8s.io v1, v1beta1, v1alpha1) as
 * celgate reads them from YAML, and the defaults the apiserver applies on write
 * (policy-dryrun-spec.md §1.1). Reading never throws: a field of the wrong shape reads as
 * absent, and the API-level validation (api-validation.ts) reports it.
 *
 * Defaults matter for the dry-run: the matcher treats a nil selector as "match nothing", and
 * only defaulting turns it into `{}` (§1.3.6).
 */
import type { LabelSelector } from '../apimachinery/label-selector.js'
import { isJsonObject } from '../../common/json.js'

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT'

export interface GroupVersionKind {
  group: string
  version: string
  kind: string
}

export interface GroupVersionResource {
  group: string
  version: string
  resource: string
}

export type { LabelSelector, LabelSelectorRequirement } from '../apimachinery/label-selector.js'

/** A NamedRuleWithOperations (`resourceRules[]`, `excludeResourceRules[]`). */
export interface NamedRule {
  operations: string[]
  apiGroups: string[]
  apiVersions: string[]
  resources: string[]
  /** Absent means `*` (all scopes). */
  scope?: string
  resourceNames: string[]
}

export interface MatchResources {
  /** Absent (nil) matches nothing; `{}` matches everything. */
  namespaceSelector?: LabelSelector
  objectSelector?: LabelSelector
  resourceRules: NamedRule[]
  excludeResourceRules: NamedRule[]
  /** `Exact` or `Equivalent`; absent behaves as `Exact` in the matcher. */
  matchPolicy?: string
}

export interface ParamKind {
  apiVersion?: string
  kind?: string
}

export interface Validation {
  expression: string
  message?: string
  messageExpression?: string
  reason?: string
}

export interface AuditAnnotation {
  key: string
  valueExpression: string
}

export interface MatchCondition {
  name: string
  expression: string
}

export interface Variable {
  name: string
  expression: string
}

export interface Mutation {
  patchType: string
  /** The expression of `applyConfiguration` or `jsonPatch`, whichever the patch type uses. */
  expression?: string
}

export type PolicyKind = 'ValidatingAdmissionPolicy' | 'MutatingAdmissionPolicy'
export type BindingKind = 'ValidatingAdmissionPolicyBinding' | 'MutatingAdmissionPolicyBinding'

export interface AdmissionPolicy {
  kind: PolicyKind
  apiVersion: string
  name: string
  paramKind?: ParamKind
  /** Absent when the policy has none (a configuration error at dispatch). */
  matchConstraints?: MatchResources
  validations: Validation[]
  auditAnnotations: AuditAnnotation[]
  matchConditions: MatchCondition[]
  variables: Variable[]
  mutations: Mutation[]
  /** `Fail` or `Ignore` once defaulted. */
  failurePolicy?: string
  reinvocationPolicy?: string
}

export interface ParamRef {
  name?: string
  namespace?: string
  selector?: LabelSelector
  parameterNotFoundAction?: string
}

export interface PolicyBinding {
  kind: BindingKind
  apiVersion: string
  name: string
  policyName: string
  paramRef?: ParamRef
  matchResources?: MatchResources
  /** `Deny`, `Warn`, `Audit` (validating bindings only), as written. */
  validationActions: string[]
}

// Reading.

type Json = Record<string, unknown>

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []
const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isJsonObject) : [])

export function readLabelSelector(v: unknown): LabelSelector | undefined {
  if (!isJsonObject(v)) return undefined
  const selector: LabelSelector = {}
  if (isJsonObject(v.matchLabels)) {
    const labels: Record<string, string> = {}
    for (const [k, value] of Object.entries(v.matchLabels)) labels[k] = labelText(value)
    selector.matchLabels = labels
  }
  if (Array.isArray(v.matchExpressions)) {
    selector.matchExpressions = objects(v.matchExpressions).map((e) => ({
      key: str(e.key) ?? '',
      operator: str(e.operator) ?? '',
      ...(Array.isArray(e.values) ? { values: e.values.map(labelText) } : {})
    }))
  }
  return selector
}

/** YAML reads `true` or `1` where the API has strings; the apiserver would see their text. */
function labelText(v: unknown): string {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v)
  return ''
}

function readRule(v: Json): NamedRule {
  return {
    operations: strings(v.operations),
    apiGroups: strings(v.apiGroups),
    apiVersions: strings(v.apiVersions),
    resources: strings(v.resources),
    ...(str(v.scope) !== undefined ? { scope: str(v.scope) } : {}),
    resourceNames: strings(v.resourceNames)
  }
}

export function readMatchResources(v: unknown): MatchResources | undefined {
  if (!isJsonObject(v)) return undefined
  const namespaceSelector = readLabelSelector(v.namespaceSelector)
  const objectSelector = readLabelSelector(v.objectSelector)
  return {
    ...(namespaceSelector ? { namespaceSelector } : {}),
    ...(objectSelector ? { objectSelector } : {}),
    resourceRules: objects(v.resourceRules).map(readRule),
    excludeResourceRules: objects(v.excludeResourceRules).map(readRule),
    ...(str(v.matchPolicy) !== undefined ? { matchPolicy: str(v.matchPolicy) } : {})
  }
}

function readParamRef(v: unknown): ParamRef | undefined {
  if (!isJsonObject(v)) return undefined
  const selector = readLabelSelector(v.selector)
  return {
    ...(str(v.name) !== undefined ? { name: str(v.name) } : {}),
    ...(str(v.namespace) !== undefined ? { namespace: str(v.namespace) } : {}),
    ...(selector ? { selector } : {}),
    ...(str(v.parameterNotFoundAction) !== undefined
      ? { parameterNotFoundAction: str(v.parameterNotFoundAction) }
      : {})
  }
}

function readMutation(v: Json): Mutation {
  const patchType = str(v.patchType) ?? ''
  const source = patchType === 'JSONPatch' ? v.jsonPatch : v.applyConfiguration
  const expression = isJsonObject(source) ? str(source.expression) : undefined
  return { patchType, ...(expression !== undefined ? { expression } : {}) }
}

/** Reads a ValidatingAdmissionPolicy or MutatingAdmissionPolicy object as written. */
export function readPolicy(raw: unknown): AdmissionPolicy {
  const obj = isJsonObject(raw) ? raw : {}
  const spec = isJsonObject(obj.spec) ? obj.spec : {}
  const metadata = isJsonObject(obj.metadata) ? obj.metadata : {}
  const paramKind = isJsonObject(spec.paramKind)
    ? {
        ...(str(spec.paramKind.apiVersion) !== undefined
          ? { apiVersion: str(spec.paramKind.apiVersion) }
          : {}),
        ...(str(spec.paramKind.kind) !== undefined ? { kind: str(spec.paramKind.kind) } : {})
      }
    : undefined
  const matchConstraints = readMatchResources(spec.matchConstraints)
  return {
    kind:
      obj.kind === 'MutatingAdmissionPolicy'
        ? 'MutatingAdmissionPolicy'
        : 'ValidatingAdmissionPolicy',
    apiVersion: str(obj.apiVersion) ?? '',
    name: str(metadata.name) ?? '',
    ...(paramKind ? { paramKind } : {}),
    ...(matchConstraints ? { matchConstraints } : {}),
    validations: objects(spec.validations).map((v) => ({
      expression: str(v.expression) ?? '',
      ...(str(v.message) !== undefined ? { message: str(v.message) } : {}),
      ...(str(v.messageExpression) !== undefined
        ? { messageExpression: str(v.messageExpression) }
        : {}),
      ...(str(v.reason) !== undefined ? { reason: str(v.reason) } : {})
    })),
    auditAnnotations: objects(spec.auditAnnotations).map((a) => ({
      key: str(a.key) ?? '',
      valueExpression: str(a.valueExpression) ?? ''
    })),
    matchConditions: objects(spec.matchConditions).map((m) => ({
      name: str(m.name) ?? '',
      expression: str(m.expression) ?? ''
    })),
    variables: objects(spec.variables).map((m) => ({
      name: str(m.name) ?? '',
      expression: str(m.expression) ?? ''
    })),
    mutations: objects(spec.mutations).map(readMutation),
    ...(str(spec.failurePolicy) !== undefined ? { failurePolicy: str(spec.failurePolicy) } : {}),
    ...(str(spec.reinvocationPolicy) !== undefined
      ? { reinvocationPolicy: str(spec.reinvocationPolicy) }
      : {})
  }
}

/** Reads a ValidatingAdmissionPolicyBinding or MutatingAdmissionPolicyBinding as written. */
export function readBinding(raw: unknown): PolicyBinding {
  const obj = isJsonObject(raw) ? raw : {}
  const spec = isJsonObject(obj.spec) ? obj.spec : {}
  const metadata = isJsonObject(obj.metadata) ? obj.metadata : {}
  const paramRef = readParamRef(spec.paramRef)
  const matchResources = readMatchResources(spec.matchResources)
  return {
    kind:
      obj.kind === 'MutatingAdmissionPolicyBinding'
        ? 'MutatingAdmissionPolicyBinding'
        : 'ValidatingAdmissionPolicyBinding',
    apiVersion: str(obj.apiVersion) ?? '',
    name: str(metadata.name) ?? '',
    policyName: str(spec.policyName) ?? '',
    ...(paramRef ? { paramRef } : {}),
    ...(matchResources ? { matchResources } : {}),
    validationActions: strings(spec.validationActions)
  }
}

// Defaults (kubernetes pkg/apis/admissionregistration/*/defaults.go).

function defaultMatchResources(m: MatchResources): MatchResources {
  return {
    ...m,
    matchPolicy: m.matchPolicy ?? 'Equivalent',
    namespaceSelector: m.namespaceSelector ?? {},
    objectSelector: m.objectSelector ?? {},
    resourceRules: m.resourceRules.map(defaultRule),
    excludeResourceRules: m.excludeResourceRules.map(defaultRule)
  }
}

const defaultRule = (r: NamedRule): NamedRule => ({ ...r, scope: r.scope ?? '*' })

/** The policy as the apiserver stores it: failurePolicy Fail, matchPolicy Equivalent, `{}` selectors, scope `*`. */
export function withPolicyDefaults(p: AdmissionPolicy): AdmissionPolicy {
  return {
    ...p,
    failurePolicy: p.failurePolicy ?? 'Fail',
    ...(p.kind === 'MutatingAdmissionPolicy'
      ? { reinvocationPolicy: p.reinvocationPolicy ?? 'Never' }
      : {}),
    ...(p.matchConstraints ? { matchConstraints: defaultMatchResources(p.matchConstraints) } : {})
  }
}

/** The binding as stored: matchResources defaulted like a policy's, parameterNotFoundAction Deny. */
export function withBindingDefaults(b: PolicyBinding): PolicyBinding {
  return {
    ...b,
    ...(b.matchResources ? { matchResources: defaultMatchResources(b.matchResources) } : {}),
    ...(b.paramRef
      ? {
          paramRef: {
            ...b.paramRef,
            parameterNotFoundAction: b.paramRef.parameterNotFoundAction ?? 'Deny'
          }
        }
      : {})
  }
}

/** `apps/v1` → {group: 'apps', version: 'v1'}; `v1` → core. */
export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/')
  return slash < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) }
}

/** Go's GroupVersionKind.String(): `apps/v1, Kind=Deployment` (`/v1, Kind=Pod` for core). */
export function formatGvk(gvk: GroupVersionKind): string {
  return `${gvk.group}/${gvk.version}, Kind=${gvk.kind}`
}

/** Go's GroupVersionResource.String(): `apps/v1, Resource=deployments`. */
export function formatGvr(gvr: GroupVersionResource): string {
  return `${gvr.group}/${gvr.version}, Resource=${gvr.resource}`
}
