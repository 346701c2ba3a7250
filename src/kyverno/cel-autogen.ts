/**
 * Autogen for Kyverno's CEL policies (Kyverno pkg/cel/autogen, pkg/cel/policies/vpol/autogen):
 * a policy whose matchConstraints are exactly one rule for core/v1 `pods` (no object selector,
 * no excludes, no resource names) also runs on the Pod controllers. Each controller family gets
 * a copy of the spec with matchConstraints for its targets (grouped by group/version) and every
 * `object.spec` / `object.metadata` (and `oldObject.…`) rewritten to the pod template's path,
 * textually, in the whole spec — `….metadata.namespace` excepted.
 *
 * The copies keep the policy's name: `kyverno test` reads their responses as the policy's.
 */
import { isJsonObject } from '../common/json.js'
import type { JsonMap } from './types.js'

interface Target {
  group: string
  version: string
  resource: string
  kind: string
}

const DEFAULTS = 'defaults'
const CRONJOBS = 'cronjobs'

const REPLACEMENTS: Readonly<Record<string, ReadonlyArray<[string, string]>>> = {
  [DEFAULTS]: [
    ['spec', 'spec.template.spec'],
    ['metadata', 'spec.template.metadata']
  ],
  [CRONJOBS]: [
    ['spec', 'spec.jobTemplate.spec.template.spec'],
    ['metadata', 'spec.jobTemplate.spec.template.metadata']
  ]
}

const CONFIGS: Readonly<Record<string, { target: Target; replacements: string }>> = {
  daemonsets: {
    target: { group: 'apps', version: 'v1', resource: 'daemonsets', kind: 'DaemonSet' },
    replacements: DEFAULTS
  },
  deployments: {
    target: { group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment' },
    replacements: DEFAULTS
  },
  replicasets: {
    target: { group: 'apps', version: 'v1', resource: 'replicasets', kind: 'ReplicaSet' },
    replacements: DEFAULTS
  },
  statefulsets: {
    target: { group: 'apps', version: 'v1', resource: 'statefulsets', kind: 'StatefulSet' },
    replacements: DEFAULTS
  },
  jobs: {
    target: { group: 'batch', version: 'v1', resource: 'jobs', kind: 'Job' },
    replacements: DEFAULTS
  },
  cronjobs: {
    target: { group: 'batch', version: 'v1', resource: 'cronjobs', kind: 'CronJob' },
    replacements: CRONJOBS
  }
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const hasTerms = (selector: unknown): boolean =>
  isJsonObject(selector) &&
  ((isJsonObject(selector.matchLabels) && Object.keys(selector.matchLabels).length > 0) ||
    list(selector.matchExpressions).length > 0)

/** CanAutoGen: one `""/v1/pods` rule, no object selector terms, no excludes, no names. */
export function canAutogenCelPolicy(matchConstraints: unknown): boolean {
  if (!isJsonObject(matchConstraints)) return false
  if (hasTerms(matchConstraints.objectSelector)) return false
  if (list(matchConstraints.excludeResourceRules).length > 0) return false
  const rules = list(matchConstraints.resourceRules)
  if (rules.length !== 1 || !isJsonObject(rules[0])) return false
  const rule = rules[0]
  if (list(rule.resourceNames).length > 0) return false
  const only = (v: unknown, value: string): boolean => {
    const l = list(v)
    return l.length === 1 && l[0] === value
  }
  return only(rule.apiGroups, '') && only(rule.apiVersions, 'v1') && only(rule.resources, 'pods')
}

const variantsCache = new WeakMap<JsonMap, JsonMap[]>()

/** The autogen copies of a policy (none when it cannot autogen or names no controllers). */
export function celAutogenVariants(policy: JsonMap): JsonMap[] {
  let variants = variantsCache.get(policy)
  if (variants === undefined) {
    variants = computeVariants(policy)
    variantsCache.set(policy, variants)
  }
  return variants
}

function computeVariants(policy: JsonMap): JsonMap[] {
  const spec = isJsonObject(policy.spec) ? policy.spec : undefined
  if (spec === undefined || !canAutogenCelPolicy(spec.matchConstraints)) return []
  let controllers = Object.keys(CONFIGS)
  const autogen = isJsonObject(spec.autogen) ? spec.autogen : {}
  const podControllers = isJsonObject(autogen.podControllers) ? autogen.podControllers : undefined
  if (podControllers !== undefined && Array.isArray(podControllers.controllers))
    controllers = podControllers.controllers.filter((c): c is string => typeof c === 'string')
  const byReplacements = new Map<string, Target[]>()
  for (const c of new Set(controllers)) {
    const config = CONFIGS[c]
    if (config === undefined) continue
    byReplacements.set(config.replacements, [
      ...(byReplacements.get(config.replacements) ?? []),
      config.target
    ])
  }
  const constraints = spec.matchConstraints as JsonMap
  const operations = list((list(constraints.resourceRules)[0] as JsonMap).operations)
  const variants: JsonMap[] = []
  for (const config of [...byReplacements.keys()].sort()) {
    const targets = byReplacements.get(config)!
    const matchConstraints = createMatchConstraints(
      targets,
      operations,
      constraints.namespaceSelector
    )
    if (matchConstraints === undefined) continue
    let text = JSON.stringify({ ...spec, matchConstraints })
    for (const [from, to] of REPLACEMENTS[config]!) {
      text = replaceProtected(text, `object.${from}`, `object.${to}`)
      text = replaceProtected(text, `oldObject.${from}`, `oldObject.${to}`)
    }
    variants.push({ ...policy, spec: JSON.parse(text) as JsonMap })
  }
  return variants
}

/** CreateMatchConstraints: one rule per group/version (sorted), resources sorted. */
function createMatchConstraints(
  targets: readonly Target[],
  operations: readonly unknown[],
  namespaceSelector: unknown
): JsonMap | undefined {
  if (targets.length === 0 || operations.length === 0) return undefined
  const byGroupVersion = new Map<
    string,
    { group: string; version: string; resources: Set<string> }
  >()
  for (const t of targets) {
    const key = `${t.group}\u0000${t.version}`
    const entry = byGroupVersion.get(key) ?? {
      group: t.group,
      version: t.version,
      resources: new Set()
    }
    entry.resources.add(t.resource)
    byGroupVersion.set(key, entry)
  }
  const resourceRules = [...byGroupVersion.values()]
    .sort((a, b) =>
      a.group !== b.group
        ? a.group < b.group
          ? -1
          : 1
        : a.version < b.version
          ? -1
          : a.version > b.version
            ? 1
            : 0
    )
    .map((gv) => ({
      apiGroups: [gv.group],
      apiVersions: [gv.version],
      resources: [...gv.resources].sort(),
      operations: [...operations]
    }))
  return {
    resourceRules,
    ...(namespaceSelector !== undefined && namespaceSelector !== null
      ? { namespaceSelector: structuredClone(namespaceSelector) }
      : {})
  }
}

/** replace(): every `from` becomes `to`, except where `.namespace` (a whole word) follows. */
function replaceProtected(text: string, from: string, to: string): string {
  let out = ''
  let rest = text
  for (;;) {
    const at = rest.indexOf(from)
    if (at < 0) return out + rest
    out += rest.slice(0, at)
    rest = rest.slice(at + from.length)
    const protectedSuffix =
      rest.startsWith('.namespace') && !/^[A-Za-z0-9_]/.test(rest.slice('.namespace'.length))
    out += protectedSuffix ? from : to
  }
}
