/**
 * Which requests a MatchResources selects (apiserver `policy/matching`, `webhook/predicates`;
 * policy-dryrun-spec.md §1.3): namespaceSelector, objectSelector, excludeResourceRules,
 * resourceRules with wildcards and subresources, resourceNames, and matchPolicy Equivalent with
 * the matched resource and kind it reports. Selector errors surface only when the rules match.
 */
import type { GroupVersionKind, GroupVersionResource, MatchResources, NamedRule } from './api.js'
import { formatGvr } from './api.js'
import {
  cachedLabelSelector as parsedSelector,
  isEmptySelector,
  labelsOf,
  selectorMatches
} from '../apimachinery/label-selector.js'
import type { ResourceCatalog } from './resources.js'
import { goQuote } from '../fielderrors/index.js'

/** What the matcher and the CEL variables know of one admission request (admission.Attributes). */
export interface AdmissionAttributes {
  /** CREATE, UPDATE, DELETE or CONNECT (any string: tests use others). */
  operation: string
  kind: GroupVersionKind
  resource: GroupVersionResource
  subResource: string
  /** The object's name ('' on a CREATE with generateName). */
  name: string
  /** '' for cluster-scoped resources; the namespace's own name for namespace requests. */
  namespace: string
  object: Record<string, unknown> | null
  oldObject: Record<string, unknown> | null
}

export interface MatchEnvironment {
  catalog: ResourceCatalog
  /** The labels of a namespace, or undefined when it does not exist. */
  namespaceLabels(name: string): Readonly<Record<string, string>> | undefined
}

export interface MatchResult {
  matches: boolean
  /** The resource and kind the rule matched (an equivalent one under matchPolicy Equivalent). */
  resource?: GroupVersionResource
  kind?: GroupVersionKind
  /** A configuration error (bad selector, missing namespace, unknown equivalent kind). */
  error?: string
}

const NO_MATCH: MatchResult = { matches: false }

const NAMESPACES: GroupVersionResource = { group: '', version: 'v1', resource: 'namespaces' }
const sameGvr = (a: GroupVersionResource, b: GroupVersionResource): boolean =>
  a.group === b.group && a.version === b.version && a.resource === b.resource

/** One rule against the request's (or an equivalent) resource (webhook/predicates/rules). */
export function ruleMatches(
  rule: NamedRule,
  attrs: Pick<AdmissionAttributes, 'operation' | 'resource' | 'subResource' | 'namespace'>
): boolean {
  return ruleMatchesResource(rule, attrs, attrs.resource)
}

/** ruleMatches with `resource` in place of the request's own (an equivalent resource). */
function ruleMatchesResource(
  rule: NamedRule,
  attrs: Pick<AdmissionAttributes, 'operation' | 'subResource' | 'namespace'>,
  resource: GroupVersionResource
): boolean {
  return (
    scopeMatchesResource(rule.scope, resource, attrs.namespace) &&
    exactOrWildcard(rule.operations, attrs.operation) &&
    exactOrWildcard(rule.apiGroups, resource.group) &&
    exactOrWildcard(rule.apiVersions, resource.version) &&
    resourceMatches(rule.resources, resource.resource, attrs.subResource)
  )
}

function exactOrWildcard(items: readonly string[], requested: string): boolean {
  for (const item of items) if (item === '*' || item === requested) return true
  return false
}

/** Namespaces count as cluster-scoped even though their requests carry a namespace. */
export function scopeMatches(
  scope: string | undefined,
  attrs: Pick<AdmissionAttributes, 'resource' | 'namespace'>
): boolean {
  return scopeMatchesResource(scope, attrs.resource, attrs.namespace)
}

function scopeMatchesResource(
  scope: string | undefined,
  resource: GroupVersionResource,
  namespace: string
): boolean {
  if (scope === undefined || scope === '*') return true
  const isNamespace = sameGvr(resource, NAMESPACES)
  if (scope === 'Namespaced') return !isNamespace && namespace !== ''
  if (scope === 'Cluster') return isNamespace || namespace === ''
  return false
}

/** `*` is every resource without a subresource; `r/*` is r and all its subresources. */
export function resourceMatches(
  resources: readonly string[],
  resource: string,
  subResource: string
): boolean {
  for (const entry of resources) {
    const slash = entry.indexOf('/')
    if (slash < 0) {
      if (subResource === '' && (entry === '*' || entry === resource)) return true
      continue
    }
    const res = entry.slice(0, slash)
    const sub = entry.slice(slash + 1)
    if ((res === '*' || res === resource) && (sub === '*' || sub === subResource)) return true
  }
  return false
}

/**
 * Matches one MatchResources (policy matchConstraints or binding matchResources). `rules`:
 * ruleOutcomes of `match` for this request, when the caller has them already.
 */
export function matchResources(
  match: MatchResources,
  attrs: AdmissionAttributes,
  env: MatchEnvironment,
  rules?: RuleOutcomes
): MatchResult {
  const ns = matchNamespaceSelector(match, attrs, env)
  if (!ns.matches && ns.error === undefined) return NO_MATCH
  const obj = matchObjectSelector(match, attrs)
  if (!obj.matches && obj.error === undefined) return NO_MATCH

  const { excluded, included } = rules ?? ruleOutcomes(match, attrs, env)
  if (excluded.matches || excluded.error !== undefined)
    return excluded.error !== undefined ? { matches: false, error: excluded.error } : NO_MATCH
  if (included === undefined) return NO_MATCH
  if (included.error !== undefined) return { matches: false, error: included.error }
  if (!included.matches) return NO_MATCH
  // Selector errors only count for requests the rules select (matching_test.go).
  if (ns.error !== undefined) return { matches: false, error: ns.error }
  if (obj.error !== undefined) return { matches: false, error: obj.error }
  return included
}

/** What a MatchResources' rules say of a request; `included` is not looked at once excluded. */
export interface RuleOutcomes {
  excluded: MatchResult
  included?: MatchResult
}

/**
 * The outcomes of the excludeResourceRules and resourceRules of `match`. They read only what
 * ruleShape keys (and the name when usesResourceNames), so requests of one shape share them.
 */
export function ruleOutcomes(
  match: MatchResources,
  attrs: AdmissionAttributes,
  env: MatchEnvironment
): RuleOutcomes {
  const excluded = matchRules(match.excludeResourceRules, match.matchPolicy, attrs, env)
  if (excluded.matches || excluded.error !== undefined) return { excluded }
  const included =
    match.resourceRules.length === 0
      ? { matches: true, resource: attrs.resource, kind: attrs.kind }
      : matchRules(match.resourceRules, match.matchPolicy, attrs, env)
  return { excluded, included }
}

/**
 * The fields of a request that resource rules read, but the name, as one key: the operation,
 * kind, resource, subresource and whether there is a namespace.
 */
export function ruleShape(attrs: AdmissionAttributes): string {
  const { kind, resource } = attrs
  return [
    attrs.operation,
    kind.group,
    kind.version,
    kind.kind,
    resource.group,
    resource.version,
    resource.resource,
    attrs.subResource,
    attrs.namespace === '' ? '' : 'namespaced'
  ].join('\u0000')
}

/** Whether some rule of `match` names resources: then its rules read the request's name too. */
export function usesResourceNames(match: MatchResources): boolean {
  const named = (r: NamedRule): boolean => r.resourceNames.length > 0
  return match.resourceRules.some(named) || match.excludeResourceRules.some(named)
}

/**
 * Whether the rules of `match` leave out requests of this shape whatever their name: neither
 * its exclude nor its include rules select the resource (or an equivalent) with the names set
 * aside. Then matchResources answers no match for every name.
 */
export function rulesExcludeAnyName(
  match: MatchResources,
  attrs: AdmissionAttributes,
  env: MatchEnvironment
): boolean {
  const excluded = matchRules(match.excludeResourceRules, match.matchPolicy, attrs, env, true)
  if (excluded.matches || excluded.error !== undefined) return false
  if (match.resourceRules.length === 0) return false
  const included = matchRules(match.resourceRules, match.matchPolicy, attrs, env, true)
  return !included.matches && included.error === undefined
}

/**
 * Whether rule outcomes leave the request out on their own: matchResources then answers no
 * match whatever the selectors say (their errors count only for requests the rules select).
 */
export function rulesExclude({ excluded, included }: RuleOutcomes): boolean {
  if (excluded.error !== undefined) return false
  if (excluded.matches) return true
  return included !== undefined && included.error === undefined && !included.matches
}

interface SelectorMatch {
  matches: boolean
  error?: string
}

function matchNamespaceSelector(
  match: MatchResources,
  attrs: AdmissionAttributes,
  env: MatchEnvironment
): SelectorMatch {
  // A cluster-scoped resource other than a namespace is never exempted.
  if (attrs.namespace === '' && attrs.resource.resource !== 'namespaces') return { matches: true }
  const selector = parsedSelector(match.namespaceSelector)
  if ('error' in selector)
    return { matches: false, error: `Internal error occurred: ${selector.error}` }
  if (isEmptySelector(selector)) return { matches: true }
  let labels: Readonly<Record<string, string>> | undefined
  if (
    attrs.resource.resource === 'namespaces' &&
    attrs.subResource === '' &&
    (attrs.operation === 'CREATE' || attrs.operation === 'UPDATE')
  ) {
    // The namespace being written: its own labels (the lister does not have it yet).
    labels = labelsOf(attrs.object) ?? {}
  } else {
    labels = env.namespaceLabels(attrs.namespace)
    if (labels === undefined)
      return { matches: false, error: `namespaces ${goQuote(attrs.namespace)} not found` }
  }
  return { matches: selectorMatches(selector, labels) }
}

function matchObjectSelector(match: MatchResources, attrs: AdmissionAttributes): SelectorMatch {
  const selector = parsedSelector(match.objectSelector)
  if ('error' in selector)
    return { matches: false, error: `Internal error occurred: ${selector.error}` }
  if (isEmptySelector(selector)) return { matches: true }
  const matchesObject = (obj: Record<string, unknown> | null): boolean => {
    const labels = obj === null ? undefined : labelsOf(obj)
    return labels !== undefined && selectorMatches(selector, labels)
  }
  // Either the new or the old object may carry the labels (a DELETE has only the old one).
  return { matches: matchesObject(attrs.object) || matchesObject(attrs.oldObject) }
}

function namedMatches(rule: NamedRule, name: string): boolean {
  // An empty list matches every name; a CREATE with generateName has no name to match.
  return rule.resourceNames.length === 0 || rule.resourceNames.includes(name)
}

/**
 * matchesResourceRules: the request's own resource against every rule first; then, under
 * Equivalent, each rule against each equivalent resource, the first hit deciding the matched
 * resource and kind.
 */
function matchRules(
  rules: readonly NamedRule[],
  matchPolicy: string | undefined,
  attrs: AdmissionAttributes,
  env: MatchEnvironment,
  anyName = false
): MatchResult {
  const nameMatches = anyName ? (): boolean => true : namedMatches
  for (const rule of rules) {
    if (!ruleMatchesResource(rule, attrs, attrs.resource)) continue
    if (nameMatches(rule, attrs.name))
      return { matches: true, resource: attrs.resource, kind: attrs.kind }
  }
  if (matchPolicy === undefined || matchPolicy === 'Exact') return NO_MATCH

  const equivalents =
    env.catalog.equivalents(attrs.resource, attrs.subResource) ?? guessedEquivalents(rules, attrs)
  for (const rule of rules) {
    for (const equivalent of equivalents) {
      if (sameGvr(equivalent, attrs.resource)) continue
      if (!ruleMatchesResource(rule, attrs, equivalent)) continue
      const kind =
        env.catalog.kindFor(equivalent, attrs.subResource) ?? guessedKind(equivalent, attrs)
      if (kind === undefined)
        return {
          matches: false,
          error: `unable to convert to ${formatGvr(equivalent)}: unknown kind`
        }
      if (nameMatches(rule, attrs.name)) return { matches: true, resource: equivalent, kind }
    }
  }
  return NO_MATCH
}

/**
 * A resource neither built in nor defined by a CRD of the repository is a custom resource of a
 * CRD celgate does not see. All versions of one CRD are equivalent, so the versions the rules
 * name for the same group and resource are taken as its other served versions.
 */
function guessedEquivalents(
  rules: readonly NamedRule[],
  attrs: AdmissionAttributes
): GroupVersionResource[] {
  const versions = new Set<string>([attrs.resource.version])
  for (const rule of rules) {
    if (!rule.apiGroups.includes(attrs.resource.group)) continue
    if (!resourceMatches(rule.resources, attrs.resource.resource, attrs.subResource)) continue
    for (const v of rule.apiVersions) if (v !== '*') versions.add(v)
  }
  return [...versions].map((version) => ({ ...attrs.resource, version }))
}

/** The kind of a guessed equivalent: the request's kind in that version. */
function guessedKind(
  gvr: GroupVersionResource,
  attrs: AdmissionAttributes
): GroupVersionKind | undefined {
  if (attrs.subResource === '' || attrs.subResource === 'status')
    return { group: gvr.group, version: gvr.version, kind: attrs.kind.kind }
  if (attrs.subResource === 'scale') return { group: 'autoscaling', version: 'v1', kind: 'Scale' }
  return undefined
}

/**
 * Requests for the admission configuration itself are never evaluated by API-created policies
 * (IsExemptAdmissionConfigurationResource).
 */
export function isExemptAdmissionConfiguration(kind: GroupVersionKind): boolean {
  return (
    kind.group === 'admissionregistration.k8s.io' &&
    [
      'ValidatingWebhookConfiguration',
      'MutatingWebhookConfiguration',
      'ValidatingAdmissionPolicy',
      'ValidatingAdmissionPolicyBinding',
      'MutatingAdmissionPolicy',
      'MutatingAdmissionPolicyBinding'
    ].includes(kind.kind)
  )
}
