/**
 * Autogen for Pod controllers (policy-dryrun-spec.md §2.8, Kyverno pkg/autogen/v1): rules
 * written for Pods are also generated for DaemonSet, Deployment, Job, StatefulSet, ReplicaSet,
 * ReplicationController (`autogen-<rule>`) and CronJob (`autogen-cronjob-<rule>`), with their
 * patterns wrapped under `spec.template` / `spec.jobTemplate.spec.template` and
 * `request.object.spec|metadata` rewritten textually everywhere in the rule.
 */
import { kindsOf } from './match.js'
import type {
  KyvernoPolicy,
  MatchResources,
  ResourceDescription,
  ResourceFilter,
  Rule,
  Validation
} from './types.js'

export const POD_CONTROLLERS = [
  'DaemonSet',
  'Deployment',
  'Job',
  'StatefulSet',
  'ReplicaSet',
  'ReplicationController',
  'CronJob'
] as const

const POD_CONTROLLERS_AND_POD = new Set<string>([...POD_CONTROLLERS, 'Pod'])

/** The annotation that overrides the controllers (`none` disables autogen). */
export const AUTOGEN_CONTROLLERS_ANNOTATION = 'pod-policies.kyverno.io/autogen-controllers'

const GVK_OF_CONTROLLER: Readonly<Record<string, string>> = {
  DaemonSet: 'apps/v1/DaemonSet',
  Deployment: 'apps/v1/Deployment',
  Job: 'batch/v1/Job',
  StatefulSet: 'apps/v1/StatefulSet',
  ReplicaSet: 'apps/v1/ReplicaSet',
  ReplicationController: 'v1/ReplicationController',
  CronJob: 'batch/v1/CronJob',
  Pod: 'v1/Pod'
}

const toGvks = (kinds: readonly string[]): string[] => kinds.map((k) => GVK_OF_CONTROLLER[k] ?? k)

/** GetKindFromGVK + SplitSubresource: the bare kind of a kind selector. */
function bareKind(selector: string): string {
  const parts = selector.split('/')
  let kind: string
  switch (parts.length) {
    case 1:
      kind = selector.replace('.', '/')
      break
    case 2:
      kind =
        parts[0] === '*' && parts[1] === '*'
          ? '*/*'
          : /^(v[0-9]+((alpha|beta)[0-9]+)?|\*)$/.test(parts[0]!)
            ? parts[1]!.replace('.', '/')
            : `${parts[0]}/${parts[1]}`
      break
    case 3:
      kind = /^(v[0-9]+((alpha|beta)[0-9]+)?|\*)$/.test(parts[0]!)
        ? `${parts[1]}/${parts[2]}`
        : parts[2]!.replace('.', '/')
      break
    case 4:
      kind = `${parts[2]}/${parts[3]}`
      break
    default:
      kind = ''
  }
  const sub = kind.split('/')
  return sub.length === 2 ? sub[0]! : kind
}

/** kube.ContainsKind. */
const containsKind = (kinds: readonly string[], kind: string): boolean =>
  kinds.some((k) => bareKind(k) === kind)

function supportsAutogen(
  description: ResourceDescription | undefined,
  needed: { value: boolean }
): boolean {
  if (description === undefined) return true
  const kinds = description.kinds ?? []
  if (
    description.name ||
    (description.names ?? []).length > 0 ||
    (description.selector !== undefined && description.selector !== null) ||
    (description.annotations !== undefined && description.annotations !== null) ||
    (kinds.length > 1 && containsKind(kinds, 'Pod'))
  ) {
    return false
  }
  needed.value ||= kinds.some((k) => POD_CONTROLLERS_AND_POD.has(k))
  return true
}

function matchSupportsAutogen(m: MatchResources | undefined, needed: { value: boolean }): boolean {
  if (m === undefined) return true
  return (
    supportsAutogen(m.resources, needed) &&
    (m.any ?? []).every((f) => supportsAutogen(f.resources, needed)) &&
    (m.all ?? []).every((f) => supportsAutogen(f.resources, needed))
  )
}

/** CanAutoGen: whether the policy's rules can be generated for Pod controllers at all. */
export function canAutogen(rules: readonly Rule[]): boolean {
  const needed = { value: false }
  for (const rule of rules) {
    if (rule.generate !== undefined && rule.generate !== null) return false
    const mutate = rule.mutate as
      { patchesJson6902?: string; foreach?: Array<{ patchesJson6902?: string }> } | undefined
    if (mutate?.patchesJson6902) return false
    if ((mutate?.foreach ?? []).some((f) => f.patchesJson6902)) return false
    if (!matchSupportsAutogen(rule.match, needed)) return false
    if (!matchSupportsAutogen(rule.exclude, needed)) return false
  }
  return needed.value
}

const isAutogenRuleName = (name: string): boolean => name.startsWith('autogen-')

const autogenName = (prefix: string, name: string): string => {
  const full = `${prefix}-${name}`
  return full.length > 63 ? full.slice(0, 63) : full
}

/**
 * ComputeRules: the rules the engine runs for a resource of `kind` (all controllers when kind
 * is empty): the policy's own rules plus the autogen rules for that kind, if any.
 */
export function computeRules(policy: KyvernoPolicy, kind = ''): Rule[] {
  // Policies are evaluated against many resources: compute once per policy object and kind.
  let byKind = computed.get(policy)
  if (byKind === undefined) {
    byKind = new Map()
    computed.set(policy, byKind)
  }
  let rules = byKind.get(kind)
  if (rules === undefined) {
    rules = computeRulesUncached(policy, kind)
    byKind.set(kind, rules)
  }
  return rules
}

const computed = new WeakMap<KyvernoPolicy, Map<string, Rule[]>>()

/** The controllers a policy's rules are generated for (`none`: no autogen), per policy object. */
const controllersByPolicy = new WeakMap<KyvernoPolicy, ReadonlySet<string>>()

function autogenControllers(policy: KyvernoPolicy): ReadonlySet<string> {
  let controllers = controllersByPolicy.get(policy)
  if (controllers === undefined) {
    const applies = canAutogen(policy.spec?.rules ?? [])
    const annotation = policy.metadata?.annotations?.[AUTOGEN_CONTROLLERS_ANNOTATION]
    controllers = !applies
      ? new Set(['none'])
      : annotation !== undefined
        ? new Set(annotation.split(','))
        : new Set(POD_CONTROLLERS)
    controllersByPolicy.set(policy, controllers)
  }
  return controllers
}

function computeRulesUncached(policy: KyvernoPolicy, kind: string): Rule[] {
  const rules = policy.spec?.rules ?? []
  // Asked for every kind of a repository: the kind-independent part is computed once.
  if (ownRulesOnly(policy, kind)) return rules
  const wanted = kind !== '' ? kind : [...autogenControllers(policy)].join(',')
  if (wanted === 'none') return rules
  const generated = generateRules(rules, wanted)
  if (generated.length === 0) return rules
  return [...rules.filter((r) => !isAutogenRuleName(r.name)), ...generated]
}

/**
 * Whether computeRules(policy, kind) is just the policy's own rules: no autogen for the kind
 * (it is not one of the policy's controllers).
 */
export function ownRulesOnly(policy: KyvernoPolicy, kind: string): boolean {
  return kind !== '' && !autogenControllers(policy).has(kind)
}

/** The autogen rules alone (status.autogen.rules). */
export function autogenRules(policy: KyvernoPolicy): Rule[] {
  return computeRules(policy).filter((r) => isAutogenRuleName(r.name))
}

function generateRules(rules: readonly Rule[], controllers: string): Rule[] {
  const out: Rule[] = []
  for (const rule of rules) {
    const forControllers = ruleForControllers(rule, stripCronJob(controllers))
    if (forControllers) out.push(convertRule(forControllers, 'Pod'))
    const forCronJob = cronJobRule(rule, controllers)
    if (forCronJob) out.push(convertRule(forCronJob, 'Cronjob'))
  }
  return out
}

const splitKinds = (controllers: string): string[] => controllers.split(',').sort()

function stripCronJob(controllers: string): string {
  return splitKinds(controllers)
    .filter((c) => c !== 'CronJob')
    .join(',')
}

const VALIDATED_CONTROLLERS = new Set([
  'DaemonSet',
  'Deployment',
  'Job',
  'StatefulSet',
  'ReplicaSet',
  'ReplicationController'
])

/** generateRuleForControllers: the `autogen-<rule>` rule (before the text rewrite). */
function ruleForControllers(rule: Rule, controllers: string): Rule | undefined {
  if (isAutogenRuleName(rule.name) || controllers === '') return undefined
  const matchKinds = kindsOf(rule.match)
  const excludeKinds = kindsOf(rule.exclude)
  if (
    !containsKind(matchKinds, 'Pod') ||
    (excludeKinds.length > 0 && !containsKind(excludeKinds, 'Pod'))
  ) {
    return undefined
  }
  let kinds = controllers
  if (controllers === 'all') {
    kinds = 'DaemonSet,Deployment,Job,StatefulSet,ReplicaSet,ReplicationController'
  } else if (controllers !== 'none') {
    const validated = splitKinds(controllers).filter((c) => VALIDATED_CONTROLLERS.has(c))
    if (validated.length > 0) kinds = validated.join(',')
  }
  return generateRule(
    autogenName('autogen', rule.name),
    rule,
    'template',
    splitKinds(kinds),
    (filters, k) =>
      filters.map((f) =>
        containsKind(f.resources?.kinds ?? [], 'Pod') ? withKinds(f, toGvks(k)) : f
      )
  )
}

function cronJobRule(rule: Rule, controllers: string): Rule | undefined {
  if (!controllers.includes('CronJob') && !controllers.includes('all')) return undefined
  const base = ruleForControllers(rule, controllers)
  if (base === undefined) return undefined
  return generateRule(
    autogenName('autogen-cronjob', rule.name),
    base,
    'jobTemplate',
    ['CronJob'],
    (filters, k) => filters.map((f) => withKinds(f, toGvks(k)))
  )
}

const withKinds = (f: ResourceFilter, kinds: string[]): ResourceFilter => ({
  ...f,
  resources: { ...(f.resources ?? {}), kinds }
})

type FilterRewrite = (
  filters: readonly ResourceFilter[],
  kinds: readonly string[]
) => ResourceFilter[]

function rewriteMatch(
  m: MatchResources,
  kinds: readonly string[],
  rewrite: FilterRewrite,
  isExclude: boolean
): MatchResources {
  if ((m.any ?? []).length > 0) return { ...m, any: rewrite(m.any!, kinds) }
  if ((m.all ?? []).length > 0) return { ...m, all: rewrite(m.all!, kinds) }
  if (isExclude && (m.resources?.kinds ?? []).length === 0) return m
  return { ...m, resources: { ...(m.resources ?? {}), kinds: toGvks(kinds) } }
}

const wrap = (key: string, pattern: unknown): unknown => ({ spec: { [key]: pattern } })

/** generateRule: kinds replaced, validate bodies wrapped under spec.<template key>. */
function generateRule(
  name: string,
  rule: Rule,
  templateKey: string,
  kinds: readonly string[],
  rewrite: FilterRewrite
): Rule | undefined {
  // Only top-level fields are replaced here, and convertRule's JSON round trip copies the rest:
  // a deep copy per policy and kind was wasted.
  const out: Rule = { ...rule }
  out.name = name
  out.match = rewriteMatch(out.match ?? {}, kinds, rewrite, false)
  if (out.exclude !== undefined) out.exclude = rewriteMatch(out.exclude, kinds, rewrite, true)
  const v = out.validate
  if (v === undefined) return out.verifyImages !== undefined ? out : undefined
  const common: Validation = {
    ...(v.message !== undefined ? { message: v.message } : {}),
    ...(v.failureAction !== undefined ? { failureAction: v.failureAction } : {}),
    ...(v.failureActionOverrides !== undefined
      ? { failureActionOverrides: v.failureActionOverrides }
      : {}),
    ...(v.allowExistingViolations !== undefined
      ? { allowExistingViolations: v.allowExistingViolations }
      : {})
  }
  if (v.pattern !== undefined && v.pattern !== null) {
    out.validate = { ...common, pattern: wrap(templateKey, v.pattern) }
  } else if (v.deny !== undefined && v.deny !== null) {
    out.validate = { ...common, deny: v.deny }
  } else if (v.podSecurity !== undefined && v.podSecurity !== null) {
    out.validate = { ...common, podSecurity: v.podSecurity }
  } else if (v.anyPattern !== undefined && v.anyPattern !== null) {
    const patterns = Array.isArray(v.anyPattern) ? v.anyPattern : []
    out.validate = { ...common, anyPattern: patterns.map((p) => wrap(templateKey, p)) }
  } else if ((v.foreach ?? []).length > 0) {
    out.validate = { ...common, foreach: v.foreach! }
  } else if (v.cel === undefined) {
    return out.verifyImages !== undefined ? out : undefined
  }
  return out
}

const POD_REPLACEMENTS: ReadonlyArray<[string, string]> = [
  ['request.object.spec', 'request.object.spec.template.spec'],
  ['request.oldObject.spec', 'request.oldObject.spec.template.spec'],
  ['request.object.metadata', 'request.object.spec.template.metadata'],
  ['request.oldObject.metadata', 'request.oldObject.spec.template.metadata']
]
const POD_CEL_REPLACEMENTS: ReadonlyArray<[string, string]> = [
  ['object.spec', 'object.spec.template.spec'],
  ['oldObject.spec', 'oldObject.spec.template.spec'],
  ['object.metadata', 'object.spec.template.metadata'],
  ['oldObject.metadata', 'oldObject.spec.template.metadata']
]
const CRONJOB_REPLACEMENTS: ReadonlyArray<[string, string]> = [
  ['request.object.spec', 'request.object.spec.jobTemplate.spec.template.spec'],
  ['request.oldObject.spec', 'request.oldObject.spec.jobTemplate.spec.template.spec'],
  ['request.object.metadata', 'request.object.spec.jobTemplate.spec.template.metadata'],
  ['request.oldObject.metadata', 'request.oldObject.spec.jobTemplate.spec.template.metadata']
]
const CRONJOB_CEL_REPLACEMENTS: ReadonlyArray<[string, string]> = [
  ['object.spec', 'object.spec.jobTemplate.spec.template.spec'],
  ['oldObject.spec', 'oldObject.spec.jobTemplate.spec.template.spec'],
  ['object.metadata', 'object.spec.jobTemplate.spec.template.metadata'],
  ['oldObject.metadata', 'oldObject.spec.jobTemplate.spec.template.metadata']
]

/** convertRule: the textual rewrite over the whole rule's JSON. */
function convertRule(rule: Rule, kind: 'Pod' | 'Cronjob'): Rule {
  const cel = rule.validate?.cel !== undefined
  const replacements =
    kind === 'Pod'
      ? cel
        ? POD_CEL_REPLACEMENTS
        : POD_REPLACEMENTS
      : cel
        ? CRONJOB_CEL_REPLACEMENTS
        : CRONJOB_REPLACEMENTS
  let json = JSON.stringify(rule)
  for (const [from, to] of replacements) json = json.replaceAll(from, to)
  return JSON.parse(json) as Rule
}
