/**
 * Rule match / exclude (policy-dryrun-spec.md §2.2, Kyverno pkg/engine/utils/match.go and
 * pkg/utils/match): kinds with group/version/subresource and wildcards, names, namespaces,
 * annotations, selectors, namespaceSelector, operations and user info, combined by any / all /
 * the legacy single block.
 */
import type { RequestUserInfo } from './context.js'
import { isJsonObject } from '../common/json.js'
import { wildcardMatch } from './go/wildcard.js'
import { SelectorError, selectorMatches, stringMap } from './selector.js'
import type { LabelSelector } from './selector.js'
import type {
  JsonMap,
  MatchResources,
  ResourceDescription,
  ResourceFilter,
  Subject,
  UserInfoFilter
} from './types.js'
import { pushAll } from '../common/arrays.js'

/** The group/version/kind of the request and its subresource. */
export interface ResourceKind {
  readonly group: string
  readonly version: string
  readonly kind: string
  readonly subresource: string
}

/** What a match/exclude block is checked against. */
export interface MatchRequest {
  /** The resource (the old one for DELETE). */
  readonly resource: JsonMap
  readonly kind: ResourceKind
  readonly operation: string
  /** Admission user info; undefined when there is none (background scan, CLI without it). */
  readonly userInfo?: RequestUserInfo
  /** Labels of the resource's namespace (namespaceSelector). */
  readonly namespaceLabels: Readonly<Record<string, string>>
}

/** The group/version/kind of a resource from its apiVersion and kind. */
export function resourceKindOf(resource: JsonMap, subresource = ''): ResourceKind {
  const apiVersion = typeof resource.apiVersion === 'string' ? resource.apiVersion : ''
  const slash = apiVersion.indexOf('/')
  const [group, version] =
    slash >= 0 ? [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)] : ['', apiVersion]
  return {
    group,
    version,
    kind: typeof resource.kind === 'string' ? resource.kind : '',
    subresource
  }
}

const kindKeys = new WeakMap<ResourceKind, string>()

/**
 * A kind's fields as one string: the key of per-kind caches. Kept per kind object: the one
 * kind of a resource is looked up for every policy and rule evaluated on it.
 */
export function kindKey(kind: ResourceKind): string {
  let key = kindKeys.get(kind)
  if (key === undefined)
    kindKeys.set(
      kind,
      (key = JSON.stringify([kind.group, kind.version, kind.kind, kind.subresource]))
    )
  return key
}

const VERSION = /^(v[0-9]+((alpha|beta)[0-9]+)?|\*)$/

/** kube.ParseKindSelector: `Pod`, `v1/Pod`, `apps/v1/Deployment`, `Pod/status`, `*\/scale`… */
export function parseKindSelector(input: string): [string, string, string, string] {
  let parts = input.split('/')
  parts = [...parts.slice(0, -1), ...parts[parts.length - 1]!.split('.')]
  switch (parts.length) {
    case 1:
      return ['*', '*', parts[0]!, '']
    case 2: {
      const [a, b] = parts as [string, string]
      if (a === '*' && b === '*') return ['*', '*', '*', '*']
      if (a === '*' && b.toLowerCase() === b) return ['*', '*', a, b]
      if (VERSION.test(a)) return ['*', a, b, '']
      return ['*', '*', a, b]
    }
    case 3: {
      const [a, b, c] = parts as [string, string, string]
      if (VERSION.test(a)) return ['*', a, b, c]
      return [a, b, c, '']
    }
    case 4:
      return parts as [string, string, string, string]
    default:
      return ['', '', '', '']
  }
}

type KindSelector = [string, string, string, string]

/**
 * Parsed kind selectors per kinds list (a policy's, checked against every resource), each
 * parsed when first reached, as the loop below would.
 */
const parsedKinds = new WeakMap<readonly string[], Array<KindSelector | undefined>>()

function kindSelectorAt(kinds: readonly string[], index: number): KindSelector {
  let parsed = parsedKinds.get(kinds)
  if (parsed === undefined) parsedKinds.set(kinds, (parsed = []))
  return (parsed[index] ??= parseKindSelector(kinds[index]!))
}

/** CheckKind: some kind selector matches; Pod selectors also match pods/ephemeralcontainers. */
export function checkKind(
  kinds: readonly string[],
  gvk: ResourceKind,
  allowEphemeralContainers: boolean
): boolean {
  for (let i = 0; i < kinds.length; i++) {
    const [group, version, kind, sub] = kindSelectorAt(kinds, i)
    if (
      wildcardMatch(group, gvk.group) &&
      wildcardMatch(version, gvk.version) &&
      wildcardMatch(kind, gvk.kind)
    ) {
      if (wildcardMatch(sub, gvk.subresource)) return true
      if (
        allowEphemeralContainers &&
        gvk.group === '' &&
        gvk.version === 'v1' &&
        gvk.kind === 'Pod' &&
        gvk.subresource === 'ephemeralcontainers'
      )
        return true
    }
  }
  return false
}

const metadataOf = (resource: JsonMap): JsonMap =>
  isJsonObject(resource.metadata) ? resource.metadata : {}
const text = (v: unknown): string => (typeof v === 'string' ? v : '')

export function resourceName(resource: JsonMap): string {
  const meta = metadataOf(resource)
  return text(meta.name) || text(meta.generateName)
}

export const resourceNamespace = (resource: JsonMap): string => text(metadataOf(resource).namespace)

/** CheckNameSpace: a Namespace is matched by its own name. */
export function checkNamespaces(namespaces: readonly string[], resource: JsonMap): boolean {
  const namespace =
    resource.kind === 'Namespace' ? text(metadataOf(resource).name) : resourceNamespace(resource)
  return namespaces.some((n) => wildcardMatch(n, namespace))
}

/** CheckAnnotations: every expected key/value wildcard-matches some annotation. */
export function checkAnnotations(
  expected: Readonly<Record<string, string>>,
  actual: Readonly<Record<string, string>>
): boolean {
  return Object.entries(expected).every(([k, v]) =>
    Object.entries(actual).some(([k1, v1]) => wildcardMatch(k, k1) && wildcardMatch(v, v1))
  )
}

/** CheckSubjects: a user, group or service account subject matches the request's user. */
export function checkSubjects(
  subjects: readonly Subject[],
  info: RequestUserInfo | undefined
): boolean {
  const username = info?.userInfo?.username ?? ''
  const groups = info?.userInfo?.groups ?? []
  return subjects.some((subject) => {
    switch (subject.kind) {
      case 'ServiceAccount':
        return wildcardMatch(
          `system:serviceaccount:${subject.namespace ?? ''}:${subject.name ?? ''}`,
          username
        )
      case 'Group':
        return groups.some((g) => wildcardMatch(subject.name ?? '', g))
      case 'User':
        return wildcardMatch(subject.name ?? '', username)
      default:
        return false
    }
  })
}

const containsAny = (
  list: readonly string[] | undefined,
  values: readonly string[] | undefined
): boolean => (values ?? []).some((v) => (list ?? []).includes(v))

export const isUserInfoEmpty = (u: UserInfoFilter): boolean =>
  (u.roles ?? []).length === 0 &&
  (u.clusterRoles ?? []).length === 0 &&
  (u.subjects ?? []).length === 0

export function isDescriptionEmpty(r: ResourceDescription | undefined): boolean {
  if (r === undefined) return true
  return (
    (r.kinds ?? []).length === 0 &&
    !r.name &&
    (r.names ?? []).length === 0 &&
    (r.namespaces ?? []).length === 0 &&
    Object.keys(r.annotations ?? {}).length === 0 &&
    (r.selector === undefined || r.selector === null) &&
    (r.namespaceSelector === undefined || r.namespaceSelector === null) &&
    (r.operations ?? []).length === 0
  )
}

export const isFilterEmpty = (f: ResourceFilter): boolean =>
  isUserInfoEmpty(f) && isDescriptionEmpty(f.resources)

function checkSelectorText(
  selector: unknown,
  labels: Readonly<Record<string, string>>,
  what: 'selector' | 'namespace selector'
): string | undefined {
  try {
    return selectorMatches(selector as LabelSelector, labels) ? undefined : `${what} does not match`
  } catch (error) {
    if (error instanceof SelectorError) return `failed to parse ${what}: ${error.message}`
    throw error
  }
}

/**
 * doesResourceMatchConditionBlock: the reasons the block does not match (empty = match). Without
 * `describe` only their number counts: the same checks run, the kinds text is not built.
 */
function blockMismatches(
  description: ResourceDescription,
  userInfo: UserInfoFilter,
  request: MatchRequest,
  allowEphemeralContainers = true,
  describe = true
): string[] {
  const operations = description.operations ?? []
  if (operations.length > 0 && !operations.includes(request.operation)) {
    return ['operation does not match']
  }
  const reasons: string[] = []
  const kinds = description.kinds ?? []
  if (kinds.length > 0 && !checkKind(kinds, request.kind, allowEphemeralContainers)) {
    reasons.push(describe ? `kind does not match [${kinds.join(' ')}]` : 'kind does not match')
  }
  const name = resourceName(request.resource)
  if (description.name && !wildcardMatch(description.name, name))
    reasons.push('name does not match')
  const names = description.names ?? []
  if (names.length > 0 && !names.some((n) => wildcardMatch(n, name))) {
    reasons.push('none of the names match')
  }
  const namespaces = description.namespaces ?? []
  if (namespaces.length > 0 && !checkNamespaces(namespaces, request.resource)) {
    reasons.push('namespace does not match')
  }
  const annotations = description.annotations ?? {}
  if (
    Object.keys(annotations).length > 0 &&
    !checkAnnotations(annotations, stringMap(metadataOf(request.resource).annotations))
  ) {
    reasons.push('annotations does not match')
  }
  if (description.selector !== undefined && description.selector !== null) {
    const reason = checkSelectorText(
      description.selector,
      stringMap(metadataOf(request.resource).labels),
      'selector'
    )
    if (reason !== undefined) reasons.push(reason)
  }
  if (description.namespaceSelector !== undefined && description.namespaceSelector !== null) {
    const kind = text(request.resource.kind)
    if (kind === 'Namespace') {
      reasons.push('namespace selector is not applicable for namespace resource')
    } else if (kind !== '' || (kinds.includes('*') && wildcardMatch('*', kind))) {
      const reason = checkSelectorText(
        description.namespaceSelector,
        request.namespaceLabels,
        'namespace selector'
      )
      if (reason !== undefined)
        reasons.push(
          reason === 'namespace selector does not match'
            ? 'namespace selector does not match labels'
            : reason
        )
    }
  }
  if ((userInfo.roles ?? []).length > 0 && !containsAny(userInfo.roles, request.userInfo?.roles)) {
    reasons.push('user info does not match roles for the given conditionBlock')
  }
  if (
    (userInfo.clusterRoles ?? []).length > 0 &&
    !containsAny(userInfo.clusterRoles, request.userInfo?.clusterRoles)
  ) {
    reasons.push('user info does not match clustersRoles for the given conditionBlock')
  }
  if (
    (userInfo.subjects ?? []).length > 0 &&
    !checkSubjects(userInfo.subjects ?? [], request.userInfo)
  ) {
    reasons.push('user info does not match subject for the given conditionBlock')
  }
  return reasons
}

const hasNoAdmissionInfo = (info: RequestUserInfo | undefined): boolean =>
  info === undefined ||
  ((info.roles ?? []).length === 0 &&
    (info.clusterRoles ?? []).length === 0 &&
    !info.userInfo?.username &&
    !info.userInfo?.uid &&
    (info.userInfo?.groups ?? []).length === 0 &&
    Object.keys(info.userInfo?.extra ?? {}).length === 0)

function matchFilterMismatches(
  filter: ResourceFilter,
  request: MatchRequest,
  describe: boolean
): string[] {
  // Without admission info, user info is ignored in match blocks (not in exclude blocks).
  const userInfo: UserInfoFilter = hasNoAdmissionInfo(request.userInfo) ? {} : filter
  if (isDescriptionEmpty(filter.resources) && isUserInfoEmpty(userInfo))
    return ['match cannot be empty']
  return blockMismatches(filter.resources ?? {}, userInfo, request, true, describe)
}

/** Whether an exclude filter excludes the resource. */
function excludeFilterMatches(filter: ResourceFilter, request: MatchRequest): boolean {
  if (isDescriptionEmpty(filter.resources) && isUserInfoEmpty(filter)) return false
  return blockMismatches(filter.resources ?? {}, filter, request, true, false).length === 0
}

const legacyFilter = (m: MatchResources): ResourceFilter => ({
  ...(m.resources !== undefined ? { resources: m.resources } : {}),
  ...(m.roles !== undefined ? { roles: m.roles } : {}),
  ...(m.clusterRoles !== undefined ? { clusterRoles: m.clusterRoles } : {}),
  ...(m.subjects !== undefined ? { subjects: m.subjects } : {})
})

export function isMatchEmpty(m: MatchResources | undefined): boolean {
  if (m === undefined) return true
  return (m.any ?? []).length === 0 && (m.all ?? []).length === 0 && isFilterEmpty(legacyFilter(m))
}

/**
 * MatchesResourceDescription: undefined when the rule's match (and not its exclude) selects
 * the resource, else the reason text Kyverno logs.
 */
export function ruleMismatch(
  ruleName: string,
  match: MatchResources | undefined,
  exclude: MatchResources | undefined,
  request: MatchRequest,
  policyNamespace: string
): string | undefined {
  const reasons = mismatchReasons(match, exclude, request, policyNamespace, true)
  if (reasons.length === 0) return undefined
  return `rule ${ruleName} not matched:${reasons.map((r, i) => `\n ${i + 1}. ${r}`).join('')}`
}

/**
 * Whether the rule's match (and not its exclude) selects the resource: ruleMismatch's checks
 * without its text (rules are matched against every resource; most do not match).
 */
export function ruleSelects(
  match: MatchResources | undefined,
  exclude: MatchResources | undefined,
  request: MatchRequest,
  policyNamespace: string
): boolean {
  return mismatchReasons(match, exclude, request, policyNamespace, false).length === 0
}

/** The reasons of ruleMismatch (empty = match); `describe` false leaves some texts short. */
function mismatchReasons(
  match: MatchResources | undefined,
  exclude: MatchResources | undefined,
  request: MatchRequest,
  policyNamespace: string,
  describe: boolean
): string[] {
  if (policyNamespace !== '' && policyNamespace !== resourceNamespace(request.resource)) {
    return ['policy and resource namespaces mismatch']
  }
  const m = match ?? {}
  const reasons: string[] = []
  if ((m.any ?? []).length > 0) {
    if (!m.any!.some((f) => matchFilterMismatches(f, request, false).length === 0))
      reasons.push('no resource matched')
  } else if ((m.all ?? []).length > 0) {
    for (const f of m.all!) pushAll(reasons, matchFilterMismatches(f, request, describe))
  } else {
    pushAll(reasons, matchFilterMismatches(legacyFilter(m), request, describe))
  }
  if (reasons.length === 0 && exclude !== undefined && !isMatchEmpty(exclude)) {
    if ((exclude.any ?? []).length > 0) {
      if (exclude.any!.some((f) => excludeFilterMatches(f, request))) {
        reasons.push('resource excluded since one of the criteria excluded it')
      }
    } else if ((exclude.all ?? []).length > 0) {
      if (exclude.all!.every((f) => excludeFilterMatches(f, request))) {
        reasons.push('resource excluded since the combination of all criteria exclude it')
      }
    } else if (excludeFilterMatches(legacyFilter(exclude), request)) {
      reasons.push('resource excluded since one of the criteria excluded it')
    }
  }
  return reasons
}

/** CheckMatchesResources (PolicyException match): any / all of filters, statements required. */
export function exceptionMatches(
  match: MatchResources | undefined,
  request: MatchRequest
): boolean {
  const check = (f: ResourceFilter): boolean =>
    !isFilterEmpty(f) && blockMismatches(f.resources ?? {}, f, request, true, false).length === 0
  if ((match?.any ?? []).length > 0) return match!.any!.some(check)
  if ((match?.all ?? []).length > 0) return match!.all!.every(check)
  return false
}

/** MatchResources.GetKinds: kinds of the legacy block, then all, then any. */
export function kindsOf(m: MatchResources | undefined): string[] {
  if (m === undefined) return []
  return [
    ...(m.resources?.kinds ?? []),
    ...(m.all ?? []).flatMap((f) => f.resources?.kinds ?? []),
    ...(m.any ?? []).flatMap((f) => f.resources?.kinds ?? [])
  ]
}

/**
 * Whether a rule's match block can select no resource of `kind`, whatever the resource,
 * operation, user or namespace: a filter it requires names kinds none of which is `kind`. Only
 * blocks whose every filter ruleSelects evaluates is well-formed count (typed as Kyverno's API
 * has them, no selectors): for those ruleSelects is then false and does not throw, so a caller
 * may skip it. Anything else is `false` (not proven), and left to ruleSelects.
 */
export function cannotSelectKind(match: unknown, kind: ResourceKind): boolean {
  if (match === undefined || match === null) return false
  if (!isJsonObject(match)) return false
  const m = match as MatchResources
  const any: unknown = m.any
  if (any !== undefined && any !== null) {
    if (!Array.isArray(any)) return false
    // ruleSelects reads `any` when it is non-empty: every filter must fail.
    if (any.length > 0) return any.every((f) => filterCannotSelect(f, kind))
  }
  const all: unknown = m.all
  if (all !== undefined && all !== null) {
    if (!Array.isArray(all)) return false
    // Every filter is evaluated: all must be well-formed, one failing is enough.
    if (all.length > 0)
      return all.every(isWellFormedFilter) && all.some((f) => filterCannotSelect(f, kind))
  }
  return filterCannotSelect(
    { resources: m.resources, roles: m.roles, clusterRoles: m.clusterRoles, subjects: m.subjects },
    kind
  )
}

function filterCannotSelect(filter: unknown, kind: ResourceKind): boolean {
  if (!isWellFormedFilter(filter)) return false
  const kinds = (filter as ResourceFilter).resources?.kinds
  return Array.isArray(kinds) && kinds.length > 0 && !checkKind(kinds, kind, true)
}

const isAbsent = (v: unknown): boolean => v === undefined || v === null

const isStringList = (v: unknown): boolean => {
  if (isAbsent(v)) return true
  if (!Array.isArray(v)) return false
  // By index: `every` would skip holes, which the matcher reads as undefined.
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false
  return true
}

const isEmptyList = (v: unknown): boolean => isAbsent(v) || (Array.isArray(v) && v.length === 0)

const isStringRecord = (v: unknown): boolean =>
  isAbsent(v) || (isJsonObject(v) && Object.values(v).every((x) => typeof x === 'string'))

const isOptionalString = (v: unknown): boolean => isAbsent(v) || typeof v === 'string'

/**
 * A filter blockMismatches and matchFilterMismatches read without throwing, whatever the
 * request: typed fields, no selectors, and no user info (whose checks read the request's).
 */
function isWellFormedFilter(filter: unknown): boolean {
  if (!isJsonObject(filter)) return false
  if (!isEmptyList(filter.roles) || !isEmptyList(filter.clusterRoles)) return false
  if (!isEmptyList(filter.subjects)) return false
  const resources = filter.resources
  if (resources === undefined) return true
  return (
    isJsonObject(resources) &&
    isStringList(resources.operations) &&
    isStringList(resources.kinds) &&
    isOptionalString(resources.name) &&
    isStringList(resources.names) &&
    isStringList(resources.namespaces) &&
    isStringRecord(resources.annotations) &&
    isAbsent(resources.selector) &&
    isAbsent(resources.namespaceSelector)
  )
}
