/**
 * Which requests a MatchResources selects (apiserver `policy/matching`, `webhook/predicates`;
 * policy-dryrun-spec.md §1.3): namespaceSelector, objectSelector, excludeResourceRules,
 * resourceRules with wildcards and subresources, resourceNames, and matchPolicy Equivalent with
 * the matched resource and kind it reports. Selector errors surface only when the rules match.
 */
import type {
  GroupVersionKind,
  GroupVersionResource,
  LabelSelector,
  MatchResources,
  NamedRule
} from './api.js'
import { formatGvr } from './api.js'
import {
  isEmptySelector,
  labelsOf,
  parseLabelSelector,
  selectorMatches,
  type ParsedSelector
} from './label-selector.js'
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

/**
 * Parsed selectors by selector object: a dry-run matches every request against the same
 * policies and bindings. Selectors are read-only data of those objects.
 */
const parsedSelectors = new WeakMap<object, ParsedSelector>()

function parsedSelector(selector: LabelSelector | undefined): ParsedSelector {
  if (typeof selector !== 'object' || selector === null) return parseLabelSelector(selector)
  let parsed = parsedSelectors.get(selector)
  if (parsed === undefined) {
    parsed = parseLabelSelector(selector)
    parsedSelectors.set(selector, parsed)
  }
  return parsed
}

const NAMESPACES: GroupVersionResource = { group: '', version: 'v1', resource: 'namespaces' }
const sameGvr = (a: GroupVersionResource, b: GroupVersionResource): boolean =>
  a.group === b.group && a.version === b.version && a.resource === b.resource

/** One rule against the request's (or an equivalent) resource (webhook/predicates/rules). */
export function ruleMatches(
  rule: NamedRule,
  attrs: Pick<AdmissionAttributes, 'operation' | 'resource' | 'subResource' | 'namespace'>
): boolean {
  return (
    scopeMatches(rule.scope, attrs) &&
    exactOrWildcard(rule.operations, attrs.operation) &&
    exactOrWildcard(rule.apiGroups, attrs.resource.group) &&
    exactOrWildcard(rule.apiVersions, attrs.resource.version) &&
    resourceMatches(rule.resources, attrs.resource.resource, attrs.subResource)
  )
}

const exactOrWildcard = (items: readonly string[], requested: string): boolean =>
  items.some((i) => i === '*' || i === requested)

/** Namespaces count as cluster-scoped even though their requests carry a namespace. */
export function scopeMatches(
  scope: string | undefined,
  attrs: Pick<AdmissionAttributes, 'resource' | 'namespace'>
): boolean {
  if (scope === undefined || scope === '*') return true
  const isNamespace = sameGvr(attrs.resource, NAMESPACES)
  if (scope === 'Namespaced') return !isNamespace && attrs.namespace !== ''
  if (scope === 'Cluster') return isNamespace || attrs.namespace === ''
  return false
}

/** `*` is every resource without a subresource; `r/*` is r and all its subresources. */
export function resourceMatches(
  resources: readonly string[],
  resource: string,
  subResource: string
): boolean {
  return resources.some((entry) => {
    const slash = entry.indexOf('/')
    const res = slash < 0 ? entry : entry.slice(0, slash)
    const sub = slash < 0 ? '' : entry.slice(slash + 1)
    return (res === '*' || res === resource) && (sub === '*' || sub === subResource)
  })
}

/** Matches one MatchResources (policy matchConstraints or binding matchResources). */
export function matchResources(
  match: MatchResources,
  attrs: AdmissionAttributes,
  env: MatchEnvironment
): MatchResult {
  const ns = matchNamespaceSelector(match, attrs, env)
  if (!ns.matches && ns.error === undefined) return NO_MATCH
  const obj = matchObjectSelector(match, attrs)
  if (!obj.matches && obj.error === undefined) return NO_MATCH

  const excluded = matchRules(match.excludeResourceRules, match.matchPolicy, attrs, env)
  if (excluded.matches || excluded.error !== undefined)
    return excluded.error !== undefined ? { matches: false, error: excluded.error } : NO_MATCH

  const included =
    match.resourceRules.length === 0
      ? { matches: true, resource: attrs.resource, kind: attrs.kind }
      : matchRules(match.resourceRules, match.matchPolicy, attrs, env)
  if (included.error !== undefined) return { matches: false, error: included.error }
  if (!included.matches) return NO_MATCH
  // Selector errors only count for requests the rules select (matching_test.go).
  if (ns.error !== undefined) return { matches: false, error: ns.error }
  if (obj.error !== undefined) return { matches: false, error: obj.error }
  return included
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

function nameMatches(rule: NamedRule, name: string): boolean {
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
  env: MatchEnvironment
): MatchResult {
  for (const rule of rules) {
    if (!ruleMatches(rule, attrs)) continue
    if (nameMatches(rule, attrs.name))
      return { matches: true, resource: attrs.resource, kind: attrs.kind }
  }
  if (matchPolicy === undefined || matchPolicy === 'Exact') return NO_MATCH

  const equivalents =
    env.catalog.equivalents(attrs.resource, attrs.subResource) ?? guessedEquivalents(rules, attrs)
  for (const rule of rules) {
    for (const equivalent of equivalents) {
      if (sameGvr(equivalent, attrs.resource)) continue
      if (!ruleMatches(rule, { ...attrs, resource: equivalent })) continue
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
