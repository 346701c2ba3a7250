/**
 * ValidatingAdmissionPolicy cases (vap-cases.json; policy-dryrun-spec.md §1): whole requests
 * through the apiserver dispatcher, the matcher and rule predicates, the validator's decision
 * rules on given outcomes, variable composition and matchConditions, and the Kyverno CLI's
 * evaluation. Cases are recognised by their keys, never by id or name.
 */
import type { Value } from '../../../src/cel/interpreter/index.js'
import {
  ResourceCatalog,
  auditAnnotationResult,
  compilePolicy,
  evaluateAdmission,
  matchConditionsResult,
  matchResources,
  readMatchResources,
  readPolicy,
  ruleMatches,
  validatePolicy,
  validationDecision,
  withPolicyDefaults,
  type AdmissionAttributes,
  type ExpressionOutcome,
  type GroupVersionKind,
  type GroupVersionResource,
  type NamedRule,
  type ResourceEntry
} from '../../../src/kube/admission/index.js'
import { typeCheckPolicy } from '../../../src/kube/admission/type-check.js'
import { evaluateVapAsKyverno } from '../../../src/kube/admission/kyverno-cli.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler } from '../handlers.js'
import type { HandlerOutcome } from '../handlers.js'

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)
const input = (c: ConformanceCase): Json => c.input
const expected = (c: ConformanceCase): Json => (isObject(c.input.expected) ? c.input.expected : {})
const inner = (c: ConformanceCase): Json => (isObject(c.input.input) ? c.input.input : {})
const show = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x))

const fail = (detail: string): HandlerOutcome => ({ pass: false, detail })
const PASS: HandlerOutcome = { pass: true }

// ---------------------------------------------------------------------------------------------
// Whole requests through the dispatcher.

function runRequest(c: ConformanceCase): HandlerOutcome {
  const i = input(c)
  const request = i.request as Json
  const response = evaluateAdmission(
    {
      policies: [i.policy],
      bindings: Array.isArray(i.bindings) ? i.bindings : [],
      params: Array.isArray(i.params) ? i.params : []
    },
    {
      operation: request.operation as 'CREATE',
      kind: request.kind as GroupVersionKind,
      resource: request.resource as GroupVersionResource,
      ...(typeof request.subResource === 'string' ? { subResource: request.subResource } : {}),
      ...(typeof request.name === 'string' ? { name: request.name } : {}),
      ...(typeof request.namespace === 'string' ? { namespace: request.namespace } : {}),
      ...(request.object !== undefined ? { object: request.object } : {}),
      ...(request.oldObject !== undefined ? { oldObject: request.oldObject } : {})
    }
  )
  const e = expected(c)
  const actual = `allowed=${response.allowed} error=${show(response.error)} reason=${response.reason} code=${response.code} warnings=${show(response.warnings)} audit=${show(response.auditAnnotations)}`
  if (e.allowed !== response.allowed) return fail(`expected allowed=${show(e.allowed)}; ${actual}`)
  if (typeof e.error === 'string' && e.error !== response.error)
    return fail(`expected error ${show(e.error)}; ${actual}`)
  if (typeof e.errorContains === 'string' && !(response.error ?? '').includes(e.errorContains))
    return fail(`expected error containing ${show(e.errorContains)}; ${actual}`)
  if (typeof e.statusReason === 'string' && e.statusReason !== response.reason)
    return fail(`expected reason ${e.statusReason}; ${actual}`)
  if (typeof e.httpCode === 'number' && e.httpCode !== response.code)
    return fail(`expected code ${e.httpCode}; ${actual}`)
  if (Array.isArray(e.warnings) && show(e.warnings) !== show(response.warnings))
    return fail(`expected warnings ${show(e.warnings)}; ${actual}`)
  if (isObject(e.auditAnnotations) && show(e.auditAnnotations) !== show(response.auditAnnotations))
    return fail(`expected audit annotations ${show(e.auditAnnotations)}; ${actual}`)
  return PASS
}

// ---------------------------------------------------------------------------------------------
// Type checking (the status warnings of a policy, not admission).

function runTypeChecking(c: ConformanceCase): HandlerOutcome {
  const want = expected(c)['status.typeChecking.expressionWarnings']
  if (!Array.isArray(want)) return fail('no expected warnings')
  const warnings = typeCheckPolicy(readPolicy(input(c).policy))
  for (const w of want as Json[]) {
    const found = warnings.find(
      (a) => a.fieldRef === w.fieldRef && a.warning.includes(String(w.warningContains))
    )
    if (!found) return fail(`missing warning ${show(w)}; got ${show(warnings)}`)
  }
  return PASS
}

// ---------------------------------------------------------------------------------------------
// The matcher, with the equivalent-resource registry a case's note describes.

/** `deployments in extensions/v1beta1, apps/v1 are equivalent; scale subresource kinds: a/v->g/v Scale`. */
function registryFromNote(note: unknown): ResourceCatalog | undefined {
  if (typeof note !== 'string') return undefined
  const equivalent = /registry used by the test: (\S+) in ([^;]+?) are equivalent/.exec(note)
  if (!equivalent) return undefined
  const resource = equivalent[1]!
  const scaleKinds = new Map<string, GroupVersionKind>()
  for (const m of note.matchAll(/(\S+?\/\S+?)->(\S+?)\/(\S+?) (\w+)/g))
    scaleKinds.set(m[1]!, { group: m[2]!, version: m[3]!, kind: m[4]! })
  const kind = resource.charAt(0).toUpperCase() + resource.slice(1, -1)
  const entries: ResourceEntry[] = equivalent[2]!.split(/,\s*/).map((gv) => {
    const [group, version] = gv.split('/') as [string, string]
    const scale = scaleKinds.get(gv)
    return {
      group,
      version,
      resource,
      kind,
      namespaced: true,
      storage: resource,
      ...(scale ? { subresources: { scale } } : {})
    }
  })
  return new ResourceCatalog({ entries })
}

/** `apps/v1 deployments`, `apps/v1, Resource=deployments`, `autoscaling/v1, Kind=Scale`. */
function parseGroupVersionName(text: unknown): [string, string, string] | undefined {
  if (typeof text !== 'string') return undefined
  const m = /^(.*)\/([^/,\s]+),? (?:Resource=|Kind=)?(\S+)$/.exec(text)
  return m ? [m[1]!, m[2]!, m[3]!] : undefined
}

function attributesOf(request: Json): AdmissionAttributes {
  const kind = (request.kind ?? { group: '', version: '', kind: '' }) as GroupVersionKind
  const resource = (request.resource ?? {
    group: '',
    version: '',
    resource: ''
  }) as GroupVersionResource
  return {
    operation: typeof request.operation === 'string' ? request.operation : 'CREATE',
    kind,
    resource,
    subResource: typeof request.subResource === 'string' ? request.subResource : '',
    name: typeof request.name === 'string' ? request.name : '',
    namespace: typeof request.namespace === 'string' ? request.namespace : '',
    object: isObject(request.object) ? request.object : null,
    oldObject: isObject(request.oldObject) ? request.oldObject : null
  }
}

function runMatcher(c: ConformanceCase): HandlerOutcome {
  const i = inner(c)
  const match = readMatchResources(i.matchResources)!
  const catalog = registryFromNote(input(c).note) ?? new ResourceCatalog()
  const result = matchResources(match, attributesOf(i.request as Json), {
    catalog,
    namespaceLabels: (name) => ({ 'kubernetes.io/metadata.name': name })
  })
  const e = expected(c)
  const actual = show(result)
  if (e.matches !== result.matches)
    return fail(`expected matches=${show(e.matches)}; got ${actual}`)
  if (e.error === null && result.error !== undefined)
    return fail(`expected no error; got ${actual}`)
  if (typeof e.errorContains === 'string' && !(result.error ?? '').includes(e.errorContains))
    return fail(`expected error containing ${show(e.errorContains)}; got ${actual}`)
  const resource = parseGroupVersionName(e.matchResource)
  if (
    resource &&
    show(resource) !==
      show([result.resource?.group, result.resource?.version, result.resource?.resource])
  )
    return fail(`expected resource ${show(e.matchResource)}; got ${actual}`)
  const kind = parseGroupVersionName(e.matchKind)
  if (kind && show(kind) !== show([result.kind?.group, result.kind?.version, result.kind?.kind]))
    return fail(`expected kind ${show(e.matchKind)}; got ${actual}`)
  return PASS
}

// ---------------------------------------------------------------------------------------------
// Rule predicates: the fields a case leaves out are wildcards, so only the tested one decides.

function runRule(c: ConformanceCase): HandlerOutcome {
  const i = inner(c)
  const r = isObject(i.rule) ? i.rule : {}
  const q = isObject(i.request) ? i.request : {}
  const strings = (v: unknown, fallback: string[]): string[] =>
    Array.isArray(v) ? v.map(String) : fallback
  const rule: NamedRule = {
    operations: strings(r.operations, ['*']),
    apiGroups: strings(r.apiGroups, ['*']),
    apiVersions: strings(r.apiVersions, ['*']),
    resources: strings(r.resources, ['*/*']),
    ...(typeof r.scope === 'string' ? { scope: r.scope } : {}),
    resourceNames: []
  }
  const resourceName = typeof q.resource === 'string' ? q.resource : 'r'
  const isNamespaces = resourceName === 'namespaces'
  const scope = typeof q.scope === 'string' ? q.scope : 'namespaced'
  const matches = ruleMatches(rule, {
    operation: typeof q.operation === 'string' ? q.operation : 'CREATE',
    resource: {
      group: typeof q.group === 'string' ? q.group : isNamespaces ? '' : 'g',
      version: isNamespaces ? 'v1' : 'v',
      resource: resourceName
    },
    subResource: typeof q.subResource === 'string' ? q.subResource : '',
    namespace: scope.startsWith('namespaced') ? 'ns' : ''
  })
  return matches === expected(c).matches
    ? PASS
    : fail(`expected matches=${show(expected(c).matches)}, got ${matches}`)
}

// ---------------------------------------------------------------------------------------------
// The validator's decision rules on given expression outcomes.

function outcomeOf(o: Json): ExpressionOutcome {
  if (o.error === true) return { error: 'expression evaluation error' }
  if ('result' in o) return { value: o.result as Value }
  if ('value' in o) return { value: (o.value ?? null) as Value }
  return {}
}

function subsetMatches(expectedItems: Json[], actual: readonly object[]): string | undefined {
  if (expectedItems.length !== actual.length)
    return `expected ${expectedItems.length} results, got ${show(actual)}`
  for (let k = 0; k < expectedItems.length; k++) {
    const a = actual[k] as Json
    for (const [key, value] of Object.entries(expectedItems[k]!))
      if (show(a[key]) !== show(value))
        return `expected ${show(expectedItems)}, got ${show(actual)}`
  }
  return undefined
}

function runDecisions(c: ConformanceCase): HandlerOutcome {
  const i = inner(c)
  const failurePolicy = typeof i.failurePolicy === 'string' ? i.failurePolicy : undefined
  const messages = Array.isArray(i.messageExpressionOutcomes)
    ? (i.messageExpressionOutcomes as Json[])
    : []
  const decisions = (i.validationOutcomes as Json[]).map((o, k) =>
    validationDecision(
      {
        expression: typeof o.expression === 'string' ? o.expression : '',
        ...(typeof o.message === 'string' ? { message: o.message } : {}),
        ...(typeof o.reason === 'string' ? { reason: o.reason } : {})
      },
      outcomeOf(o),
      messages[k] ? outcomeOf(messages[k]) : undefined,
      undefined,
      failurePolicy
    )
  )
  const problem = subsetMatches(expected(c).decisions as Json[], decisions)
  return problem === undefined ? PASS : fail(problem)
}

function runAuditAnnotations(c: ConformanceCase): HandlerOutcome {
  const i = inner(c)
  const failurePolicy = typeof i.failurePolicy === 'string' ? i.failurePolicy : undefined
  const results = (i.auditAnnotationOutcomes as Json[]).map((o) =>
    auditAnnotationResult(
      {
        key: 'key',
        valueExpression: typeof o.valueExpression === 'string' ? o.valueExpression : ''
      },
      outcomeOf(o),
      failurePolicy
    )
  )
  const problem = subsetMatches(expected(c).auditAnnotations as Json[], results)
  return problem === undefined ? PASS : fail(problem)
}

function runMatchConditions(c: ConformanceCase): HandlerOutcome {
  const i = inner(c)
  const failurePolicy = typeof i.failurePolicy === 'string' ? i.failurePolicy : undefined
  const outcomes = (i.conditionOutcomes as string[]).map((o, k) => ({
    name: `condition-${k}`,
    outcome: o === 'error' ? { error: 'evaluation error' } : { value: o === 'true' }
  }))
  const result = matchConditionsResult(outcomes, failurePolicy)
  const e = expected(c)
  if (e.error === true)
    return result.error !== undefined ? PASS : fail(`expected an error, got ${show(result)}`)
  return result.matches === e.matches && result.error === undefined
    ? PASS
    : fail(`expected matches=${show(e.matches)}, got ${show(result)}`)
}

// ---------------------------------------------------------------------------------------------
// Variable composition: one validation over a described object, with a given budget.

function runVariables(c: ConformanceCase): HandlerOutcome {
  const i = inner(c)
  // "Endpoints object named endpoints1 (CREATE)"
  const described = /^(\w+) object named (\S+) \((\w+)\)$/.exec(String(i.object))
  if (!described) return fail(`cannot read the object description ${show(i.object)}`)
  const [, kind, name, operation] = described as unknown as [string, string, string, string]
  const policy = withPolicyDefaults(
    readPolicy({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name: 'policy' },
      spec: {
        matchConstraints: { resourceRules: [] },
        variables: i.variables,
        validations: [{ expression: i.expression }]
      }
    })
  )
  const compiled = compilePolicy(policy, { kubernetesVersion: '1.35', purpose: 'admission' })
  // The object these upstream tests describe is built by their endpointCreateAttributes()
  // helper (apiserver pkg/admission/plugin/cel tests): an Endpoints with one subset holding one
  // address. Other kinds get the bare object.
  const object =
    kind === 'Endpoints'
      ? {
          apiVersion: 'v1',
          kind,
          metadata: { name, namespace: 'default' },
          subsets: [{ addresses: [{ ip: '127.0.0.1' }] }]
        }
      : { apiVersion: 'v1', kind, metadata: { name } }
  const attributes: AdmissionAttributes = {
    operation,
    kind: { group: '', version: 'v1', kind },
    resource: { group: '', version: 'v1', resource: `${kind.toLowerCase()}` },
    subResource: '',
    name,
    namespace: 'default',
    object,
    oldObject: null
  }
  const e = expected(c)
  const result = validatePolicy(
    compiled,
    { attributes, request: {}, params: null, namespace: null },
    typeof e.runtimeCostBudget === 'number' ? { budget: BigInt(e.runtimeCostBudget) } : {}
  )
  const decision = result.decisions[0]
  if (e.result === true)
    return decision?.action === 'admit' && decision.evaluation === 'admit'
      ? PASS
      : fail(`expected the validation to pass, got ${show(result.decisions)}`)
  if (typeof e.errorContains === 'string') {
    if (decision?.evaluation !== 'error' || !decision.message.includes(e.errorContains))
      return fail(
        `expected an error containing ${show(e.errorContains)}, got ${show(result.decisions)}`
      )
    if (e.phase === 'compile' && !decision.message.startsWith('compilation error:'))
      return fail(`expected a compile error, got ${show(decision.message)}`)
    return PASS
  }
  return fail('no expectation understood')
}

// ---------------------------------------------------------------------------------------------
// The Kyverno CLI's evaluation.

function runKyverno(c: ConformanceCase): HandlerOutcome {
  const i = input(c)
  const values = isObject(i.values) ? i.values : {}
  const namespaceLabels: Record<string, Record<string, string>> = {}
  for (const entry of Array.isArray(values.namespaceSelector)
    ? (values.namespaceSelector as Json[])
    : [])
    if (typeof entry.name === 'string' && isObject(entry.labels))
      namespaceLabels[entry.name] = entry.labels as Record<string, string>
  const userInfo =
    isObject(i.userinfo) && isObject(i.userinfo.userInfo) ? i.userinfo.userInfo : undefined
  const outcome = evaluateVapAsKyverno({
    policy: i.policy,
    bindings: Array.isArray(i.bindings) ? i.bindings : [],
    resource: i.resource,
    params: Array.isArray(i.paramResources) ? i.paramResources : [],
    namespaceLabels,
    ...(userInfo ? { userInfo } : {})
  })
  const e = expected(c)
  // No matching binding: Kyverno produces no result, which `kyverno test` counts as skip.
  const result = outcome.result ?? 'skip'
  if (result !== e.result) return fail(`expected ${show(e.result)}, got ${show(outcome)}`)
  if (typeof e.message === 'string' && outcome.message !== e.message)
    return fail(`expected message ${show(e.message)}, got ${show(outcome)}`)
  return PASS
}

// ---------------------------------------------------------------------------------------------

const group = (c: ConformanceCase): unknown => input(c).group
const innerHas = (c: ConformanceCase, key: string): boolean => Object.hasOwn(inner(c), key)

registerHandler(
  (c) => group(c) === 'apiserver-integration' && isObject(input(c).request),
  runRequest
)
registerHandler(
  (c) =>
    group(c) === 'apiserver-integration' &&
    input(c).request === null &&
    'status.typeChecking.expressionWarnings' in expected(c),
  runTypeChecking
)
registerHandler((c) => innerHas(c, 'matchResources') && innerHas(c, 'request'), runMatcher)
registerHandler((c) => innerHas(c, 'rule') && innerHas(c, 'request'), runRule)
registerHandler((c) => innerHas(c, 'validationOutcomes'), runDecisions)
registerHandler((c) => innerHas(c, 'auditAnnotationOutcomes'), runAuditAnnotations)
registerHandler((c) => innerHas(c, 'conditionOutcomes'), runMatchConditions)
registerHandler((c) => innerHas(c, 'variables') && innerHas(c, 'expression'), runVariables)
// kyverno-cases.json cases also carry a policy, a resource and an expected result: the Kyverno
// CLI's VAP cases are told apart by structure — a ValidatingAdmissionPolicy, its `bindings`
// key (null when the test has none) and no `rule` (VAP results have none).
registerHandler(
  (c) =>
    isObject(input(c).policy) &&
    (input(c).policy as Json).kind === 'ValidatingAdmissionPolicy' &&
    Object.hasOwn(input(c), 'bindings') &&
    !Object.hasOwn(input(c), 'rule') &&
    Object.hasOwn(input(c), 'resource') &&
    'result' in expected(c),
  runKyverno
)
