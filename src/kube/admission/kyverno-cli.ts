/**
 * How the Kyverno CLI (`kyverno apply` / `kyverno test`) evaluates a ValidatingAdmissionPolicy,
 * which differs from the apiserver (kyverno `pkg/admissionpolicy/validate.go`;
 * policy-dryrun-spec.md §1.9): the request is always a CREATE without old object, there is no
 * authorizer, a policy without bindings is evaluated through its matchConstraints alone, with
 * bindings only the bindings' matchResources are checked and the last matching binding's result
 * wins, params come from the test's resources, and validationActions are ignored: any deny
 * fails, any evaluation error is an error even under failurePolicy Ignore.
 */
import type { UserInfo } from '../cel/index.js'
import type { KubernetesVersion } from '../versions.js'
import { DEFAULT_VERSIONS } from '../versions.js'
import {
  readBinding,
  readPolicy,
  type AdmissionPolicy,
  type MatchResources,
  type NamedRule,
  type ParamRef
} from './api.js'
import { compilePolicy } from './compile.js'
import {
  labelsOf,
  parseLabelSelector,
  selectorMatches,
  isEmptySelector
} from '../apimachinery/label-selector.js'
import { ruleMatches, type AdmissionAttributes } from './matching.js'
import { admissionAttributes, celNamespaceObject, celRequest } from './request.js'
import { ResourceCatalog } from './resources.js'
import { validatePolicy } from './validator.js'
import { isJsonObject } from '../../common/json.js'

type Json = Record<string, unknown>

export type KyvernoResult = 'pass' | 'fail' | 'skip' | 'error'

export interface KyvernoVapOutcome {
  /** Absent when no binding (or, without bindings, the policy) matched: Kyverno reports nothing. */
  result?: KyvernoResult
  message?: string
  /** The binding whose evaluation gave the result. */
  binding?: string
}

export interface KyvernoVapInput {
  policy: unknown
  bindings?: readonly unknown[]
  resource: unknown
  /** The test's parameter resources. */
  params?: readonly unknown[]
  /** Namespace labels from the values file (`namespaceSelector` entries), by namespace name. */
  namespaceLabels?: Readonly<Record<string, Record<string, string>>>
  /** The test's user info (`--userinfo`). */
  userInfo?: Partial<UserInfo>
  crds?: readonly unknown[]
  kubernetesVersion?: KubernetesVersion
}

/** The identity Kyverno fills in for requests without a user (ResolveUser). */
export const KYVERNO_BACKGROUND_USER = 'system:kyverno:background-scan'

/** Kyverno's default for nil selectors: `{}` (it patches them before matching). */
export function withEmptySelectors(m: MatchResources): MatchResources {
  return {
    ...m,
    namespaceSelector: m.namespaceSelector ?? {},
    objectSelector: m.objectSelector ?? {}
  }
}

export function evaluateVapAsKyverno(input: KyvernoVapInput): KyvernoVapOutcome {
  const policy = readPolicy(input.policy)
  const bindings = (input.bindings ?? []).map(readBinding)
  const resource = isJsonObject(input.resource) ? input.resource : {}
  const catalog = new ResourceCatalog({ crds: input.crds ?? [] })
  const user = resolveUser(input.userInfo)
  const attrs = admissionAttributes(
    { operation: 'CREATE', object: resource, namespace: namespaceOfObject(resource) },
    catalog
  )
  const isNamespaceKind =
    attrs.kind.group === '' && attrs.kind.version === 'v1' && attrs.kind.kind === 'Namespace'
  const namespaceName = isNamespaceKind ? '' : attrs.namespace
  const namespace: Json =
    namespaceName !== ''
      ? {
          metadata: {
            name: namespaceName,
            ...(input.namespaceLabels?.[namespaceName]
              ? { labels: input.namespaceLabels[namespaceName] }
              : {})
          }
        }
      : { metadata: {} }
  const context: KyvernoContext = {
    attrs,
    namespace,
    user,
    version: input.kubernetesVersion ?? DEFAULT_VERSIONS[DEFAULT_VERSIONS.length - 1]!
  }

  if (bindings.length === 0) {
    if (!policy.matchConstraints) return {}
    if (!kyvernoMatches(withEmptySelectors(policy.matchConstraints), attrs, namespace)) return {}
    return validateAsKyverno(policy, null, context)
  }
  let outcome: KyvernoVapOutcome = {}
  for (const binding of bindings) {
    if (binding.matchResources) {
      const m = withEmptySelectors(binding.matchResources)
      if (!kyvernoMatches(m, attrs, namespace)) continue
    }
    const params = binding.paramRef ? matchedParams(input.params ?? [], binding.paramRef) : null
    // Each matching binding replaces the previous result.
    outcome = { ...validateAsKyverno(policy, params, context), binding: binding.name }
  }
  return outcome
}

interface KyvernoContext {
  attrs: AdmissionAttributes
  namespace: Json
  user: UserInfo
  version: KubernetesVersion
}

function validateAsKyverno(
  policy: AdmissionPolicy,
  params: Json | null,
  context: KyvernoContext
): KyvernoVapOutcome {
  const compiled = compilePolicy(
    { ...policy, failurePolicy: policy.failurePolicy ?? 'Fail' },
    { kubernetesVersion: context.version, purpose: 'admission', noAuthorizer: true }
  )
  const { attrs } = context
  const result = validatePolicy(compiled, {
    attributes: attrs,
    request: celRequest(
      attrs,
      { resource: attrs.resource, kind: attrs.kind },
      { userInfo: context.user }
    ),
    params,
    namespace: celNamespaceObject(context.namespace),
    userInfo: context.user
  })
  if (result.decisions.length === 0 && result.auditAnnotations.length === 0)
    return { result: 'skip', message: "match conditions aren't met" }
  for (const d of result.decisions) {
    if (d.evaluation === 'error') return { result: 'error', message: d.message }
    if (d.action === 'deny') return { result: 'fail', message: d.message }
  }
  return { result: 'pass', message: '' }
}

/** Kyverno's matcher: selectors, excludes and rules, no equivalent resources, generateName prefixes. */
export function kyvernoMatches(
  match: MatchResources,
  attrs: AdmissionAttributes,
  namespace: Json
): boolean {
  if (!namespaceSelectorMatches(match, attrs, namespace)) return false
  const objectSelector = parseLabelSelector(match.objectSelector)
  if ('error' in objectSelector) return false
  if (!isEmptySelector(objectSelector)) {
    const labels = attrs.object ? labelsOf(attrs.object) : undefined
    if (labels === undefined || !selectorMatches(objectSelector, labels)) return false
  }
  if (rulesMatch(match.excludeResourceRules, attrs)) return false
  return match.resourceRules.length === 0 || rulesMatch(match.resourceRules, attrs)
}

function namespaceSelectorMatches(
  match: MatchResources,
  attrs: AdmissionAttributes,
  namespace: Json
): boolean {
  if (attrs.namespace === '' && attrs.resource.resource !== 'namespaces') return true
  const selector = parseLabelSelector(match.namespaceSelector)
  if ('error' in selector) return false
  if (isEmptySelector(selector)) return true
  if (attrs.resource.resource === 'namespaces' && attrs.subResource === '')
    return selectorMatches(selector, labelsOf(attrs.object) ?? {})
  const meta = isJsonObject(namespace.metadata) ? namespace.metadata : {}
  // Any other namespace than the resource's own is not found.
  if (meta.name !== attrs.namespace) return false
  return selectorMatches(selector, labelsOf(namespace) ?? {})
}

function rulesMatch(rules: readonly NamedRule[], attrs: AdmissionAttributes): boolean {
  for (const rule of rules) {
    if (!ruleMatches(rule, attrs)) continue
    if (rule.resourceNames.length === 0) return true
    if (attrs.name === '') {
      const meta = attrs.object && isJsonObject(attrs.object.metadata) ? attrs.object.metadata : {}
      const generateName = typeof meta.generateName === 'string' ? meta.generateName : ''
      if (rule.resourceNames.some((n) => generateName.startsWith(n))) return true
      continue
    }
    if (rule.resourceNames.includes(attrs.name)) return true
  }
  return false
}

/** The test's params a paramRef picks: the first named one, or all selected (as a list). */
export function matchedParams(params: readonly unknown[], ref: ParamRef): Json | null {
  const picked: Json[] = []
  for (const p of params) {
    if (!isJsonObject(p)) continue
    if (!paramMatches(p, ref)) continue
    if (ref.selector === undefined) return p
    picked.push(p)
  }
  return picked.length > 0 ? { apiVersion: 'v1', kind: 'List', items: picked } : null
}

function paramMatches(obj: Json, ref: ParamRef): boolean {
  const meta = isJsonObject(obj.metadata) ? obj.metadata : {}
  if (ref.selector !== undefined) {
    const selector = parseLabelSelector(ref.selector)
    return !('error' in selector) && selectorMatches(selector, labelsOf(obj) ?? {})
  }
  let matches = false
  if (ref.namespace) matches = meta.namespace === ref.namespace
  if (ref.name) matches = meta.name === ref.name
  return matches
}

export function resolveUser(user: Partial<UserInfo> | undefined): UserInfo {
  return {
    username: user?.username || KYVERNO_BACKGROUND_USER,
    uid: user?.uid || KYVERNO_BACKGROUND_USER,
    groups: user?.groups && user.groups.length > 0 ? user.groups : [KYVERNO_BACKGROUND_USER],
    ...(user?.extra ? { extra: user.extra } : {})
  }
}

function namespaceOfObject(obj: Json): string {
  const meta = isJsonObject(obj.metadata) ? obj.metadata : {}
  return typeof meta.namespace === 'string' ? meta.namespace : ''
}
