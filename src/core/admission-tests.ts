/**
 * Admission policy tests in kaptest's format (pfnet/kaptest `internal/tester`), which is also
 * celgate's own compact format for ValidatingAdmissionPolicies:
 *
 *   validatingAdmissionPolicies: [../policy.yaml]   # policies (and, for `binding`, bindings)
 *   resources: [resources.yaml]                     # objects, old objects, params, namespaces
 *   testSuites:
 *   - policy: replicas-limit
 *     binding: replicas-limit-binding               # celgate: evaluate as the apiserver does
 *     tests:
 *     - object: {kind: Deployment, name: bad}       # object only: CREATE
 *       oldObject: {kind: Deployment, name: ok}     # both: UPDATE; oldObject only: DELETE
 *       param: {name: limits, namespace: default}
 *       userInfo: {name: alice, groups: [dev]}
 *       expect: deny                                # admit | deny | skip | error (+ warn | audit)
 *       message: "replicas must be …"               # celgate: the decision's message
 *
 * Without `binding` a case runs as kaptest runs it: the policy's matchConstraints are not
 * consulted, matchConditions false → `skip`, an error in a matchCondition or validation →
 * `error`, any validation false → `deny`, else `admit`; failurePolicy and validationActions do
 * not change the outcome. With `binding`, the request goes through the apiserver's dispatcher
 * with that binding (matching, paramRef, namespaces, validationActions): `deny` is a rejected
 * request, `warn` an admitted one with a warning, `audit` one with an audit annotation, `skip`
 * when the policy does not apply, `admit` otherwise; `message` is then the apiserver's text.
 */
import path from 'node:path'
import {
  ResourceCatalog,
  compilePolicy,
  evaluateAdmission,
  readPolicy,
  validatePolicy
} from '../kube/admission/index.js'
import type { AdmissionResponse } from '../kube/admission/index.js'
import { admissionAttributes, celNamespaceObject, celRequest } from '../kube/admission/request.js'
import type { KubernetesVersion } from '../kube/versions.js'
import type { SourceDocument, TestFileSource } from '../kyverno/cli-test/inputs.js'
import type { PathSegment } from '../workspace/value-path.js'
import { isJsonObject } from '../common/json.js'

type Json = Record<string, unknown>
const text = (v: unknown): string => (typeof v === 'string' ? v : '')

/** Whether a document is a kaptest-format manifest (no apiVersion/kind; these three keys). */
export function isAdmissionTestManifest(value: unknown): value is Json {
  return (
    isJsonObject(value) &&
    value.apiVersion === undefined &&
    value.kind === undefined &&
    Array.isArray(value.testSuites) &&
    (Array.isArray(value.validatingAdmissionPolicies) || Array.isArray(value.resources))
  )
}
const EXPECTATIONS: ReadonlySet<string> = new Set([
  'admit',
  'deny',
  'skip',
  'error',
  'warn',
  'audit'
])

export interface AdmissionCaseOutcome {
  /** Where the case is written (value path inside the manifest). */
  path: PathSegment[]
  policy: string
  binding?: string
  /** `CREATE Deployment:ok`, `UPDATE Deployment:mutable -> ok`, `DELETE Deployment:x`. */
  request: string
  param?: string
  expected: string
  /** admit | deny | skip | error | warn | audit, or `setup error` / `policy not found`. */
  actual: string
  passed: boolean
  /** Messages of the decisions (deny/error reasons, warnings), or why the case could not run. */
  messages: string[]
  expectedMessage?: string
}

export interface AdmissionTestOutcome {
  /** Problems of the manifest itself (kaptest: "invalid manifest"), with their paths. */
  problems: Array<{ path: PathSegment[]; message: string }>
  cases: AdmissionCaseOutcome[]
}

interface ObjectRef {
  group: string
  version: string
  kind: string
  namespace: string
  name: string
}

const refOf = (v: unknown): ObjectRef | undefined => {
  if (!isJsonObject(v)) return undefined
  const ref = {
    group: text(v.group),
    version: text(v.version),
    kind: text(v.kind),
    namespace: text(v.namespace),
    name: text(v.name)
  }
  return ref.name !== '' || ref.kind !== '' ? ref : undefined
}

const isValidRef = (r: ObjectRef | undefined): r is ObjectRef =>
  r !== undefined && r.name !== '' && r.kind !== ''

const showRef = (r: ObjectRef): string =>
  `${r.kind}:${r.namespace !== '' ? `${r.namespace}/` : ''}${r.name}`

function gvkOf(o: Json): { group: string; version: string; kind: string } {
  const apiVersion = text(o.apiVersion)
  const slash = apiVersion.indexOf('/')
  return {
    group: slash < 0 ? '' : apiVersion.slice(0, slash),
    version: slash < 0 ? apiVersion : apiVersion.slice(slash + 1),
    kind: text(o.kind)
  }
}

/** NameWithGVK.Match: kind and name; namespace, group, version only when the query gives them. */
function refMatches(query: ObjectRef, o: Json): boolean {
  const meta = isJsonObject(o.metadata) ? o.metadata : {}
  const gvk = gvkOf(o)
  if (query.name !== text(meta.name) || query.kind !== gvk.kind) return false
  if (query.namespace !== '' && query.namespace !== text(meta.namespace)) return false
  if (query.group === '') return true
  if (query.group !== gvk.group) return false
  return query.version === '' || query.version === gvk.version
}

export interface AdmissionTestOptions {
  kubernetesVersion: KubernetesVersion
}

/** Runs one manifest (`value`, read from `file`, absolute). */
export function runAdmissionTest(
  value: Json,
  file: string,
  source: TestFileSource,
  options: AdmissionTestOptions
): AdmissionTestOutcome {
  const outcome: AdmissionTestOutcome = { problems: [], cases: [] }
  const policyFiles = stringList(value.validatingAdmissionPolicies)
  const resourceFiles = stringList(value.resources)
  const suites = Array.isArray(value.testSuites) ? value.testSuites : []
  // TestManifests.IsValid.
  if (policyFiles.length === 0)
    outcome.problems.push({
      path: [],
      message: 'invalid manifest: at least one validatingAdmissionPolicies is required'
    })
  else if (resourceFiles.length === 0)
    outcome.problems.push({
      path: [],
      message: 'invalid manifest: at least one resources is required'
    })
  else if (suites.length === 0)
    outcome.problems.push({
      path: [],
      message: 'invalid manifest: at least one testSuites is required'
    })
  if (outcome.problems.length > 0) return outcome

  const dir = path.dirname(file)
  const load = (relative: string): SourceDocument[] => {
    const loaded = source.load(path.resolve(dir, relative))
    return loaded.error === undefined ? loaded.documents : []
  }
  const policies = new Map<string, Json>()
  const bindings = new Map<string, Json>()
  for (const f of policyFiles) {
    for (const d of load(f)) {
      const name = isJsonObject(d.value.metadata) ? text(d.value.metadata.name) : ''
      if (d.value.kind === 'ValidatingAdmissionPolicy') policies.set(name, d.value)
      else if (d.value.kind === 'ValidatingAdmissionPolicyBinding') bindings.set(name, d.value)
    }
  }
  const resources: Json[] = []
  for (const f of resourceFiles) for (const d of load(f)) resources.push(d.value)

  suites.forEach((suite, s) => {
    if (!isJsonObject(suite)) return
    const policyName = text(suite.policy)
    const bindingName = text(suite.binding)
    const tests = Array.isArray(suite.tests) ? suite.tests : []
    const policy = policies.get(policyName)
    const binding = bindingName !== '' ? bindings.get(bindingName) : undefined
    if (policy === undefined || (bindingName !== '' && binding === undefined)) {
      const missing =
        policy === undefined ? `policy ${policyName} not found` : `binding ${bindingName} not found`
      outcome.cases.push({
        path: ['testSuites', s, 'policy'],
        policy: policyName,
        ...(bindingName !== '' ? { binding: bindingName } : {}),
        request: '',
        expected: '',
        actual: 'policy not found',
        passed: false,
        messages: [missing]
      })
      return
    }
    tests.forEach((test, t) => {
      if (!isJsonObject(test)) return
      outcome.cases.push(
        runCase(
          test,
          ['testSuites', s, 'tests', t],
          policyName,
          policy,
          binding,
          resources,
          options
        )
      )
    })
  })
  return outcome
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

function runCase(
  test: Json,
  at: PathSegment[],
  policyName: string,
  policy: Json,
  binding: Json | undefined,
  resources: readonly Json[],
  options: AdmissionTestOptions
): AdmissionCaseOutcome {
  const objectRef = refOf(test.object)
  const oldRef = refOf(test.oldObject)
  const paramRef = isJsonObject(test.param) ? test.param : undefined
  const expected = text(test.expect)
  const expectedMessage = typeof test.message === 'string' ? test.message : undefined
  const operation =
    isValidRef(objectRef) && isValidRef(oldRef)
      ? 'UPDATE'
      : isValidRef(objectRef)
        ? 'CREATE'
        : 'DELETE'
  const request =
    operation === 'UPDATE'
      ? `UPDATE ${showRef(oldRef!)} -> ${objectRef!.namespace !== '' ? `${objectRef!.namespace}/` : ''}${objectRef!.name}`
      : operation === 'CREATE'
        ? `CREATE ${showRef(objectRef!)}`
        : isValidRef(oldRef)
          ? `DELETE ${showRef(oldRef)}`
          : ''
  const base = {
    path: at,
    policy: policyName,
    ...(binding !== undefined
      ? { binding: text((binding.metadata as Json | undefined)?.name) }
      : {}),
    request,
    ...(paramRef !== undefined
      ? {
          param: `${text(paramRef.namespace) !== '' ? `${text(paramRef.namespace)}/` : ''}${text(paramRef.name)}`
        }
      : {}),
    expected,
    ...(expectedMessage !== undefined ? { expectedMessage } : {})
  }
  const setupError = (messages: string[]): AdmissionCaseOutcome => ({
    ...base,
    actual: 'setup error',
    passed: false,
    messages
  })
  if (!EXPECTATIONS.has(expected))
    return setupError([
      `expect must be one of admit, deny, skip, error, warn, audit (got '${expected}')`
    ])

  // newValidationParams.
  const errors: string[] = []
  const find = (ref: ObjectRef | undefined, what: string): Json | null => {
    if (!isValidRef(ref)) return null
    const found = resources.filter((r) => refMatches(ref, r))
    if (found.length > 1)
      errors.push(`get ${what}: multiple target resource found: ${showRef(ref)}`)
    return found[0] ?? null
  }
  let object: Json | null = null
  let oldObject: Json | null = null
  if (!isValidRef(objectRef) && !isValidRef(oldRef)) {
    errors.push('object or oldObject must be given and valid')
  } else {
    object = find(objectRef, 'object')
    oldObject = find(oldRef, 'oldObject')
    if (object === null && oldObject === null) errors.push('neither object nor oldObject found')
  }
  const vap = readPolicy(policy)
  let param: Json | null = null
  if (vap.paramKind !== undefined && binding === undefined) {
    const name = paramRef !== undefined ? text(paramRef.name) : ''
    if (name === '') errors.push('get param: param name is empty')
    else {
      const [group, version] = splitApiVersion(vap.paramKind.apiVersion ?? '')
      param = find(
        {
          group,
          version,
          kind: vap.paramKind.kind ?? '',
          namespace: text(paramRef?.namespace),
          name
        },
        'param'
      )
      if (param === null) errors.push('get param: param not found')
    }
  }
  const nsName = (o: Json | null): string =>
    o !== null && isJsonObject(o.metadata) ? text(o.metadata.namespace) : ''
  if (object !== null && oldObject !== null && nsName(object) !== nsName(oldObject))
    errors.push(
      'get namespace: extract namespace: namespace is different between object and oldObject'
    )
  if (errors.length > 0) return setupError(errors)

  const userInfo = isJsonObject(test.userInfo) ? test.userInfo : {}
  const user = {
    username: text(userInfo.name) || text(userInfo.username),
    ...(Array.isArray(userInfo.groups) ? { groups: stringList(userInfo.groups) } : {}),
    ...(isJsonObject(userInfo.extra) ? { extra: userInfo.extra as Record<string, string[]> } : {})
  }
  const namespaceName = nsName(object ?? oldObject)
  const namespaceObject =
    namespaceName === ''
      ? null
      : (resources.find((r) =>
          refMatches(
            { group: '', version: 'v1', kind: 'Namespace', namespace: '', name: namespaceName },
            r
          )
        ) ?? { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespaceName } })

  const result =
    binding === undefined
      ? evaluateAsKaptest(
          policy,
          { operation, object, oldObject, param, namespaceObject, user },
          options
        )
      : evaluateWithBinding(
          policy,
          binding,
          resources,
          { operation, object, oldObject, user },
          options
        )
  let passed = result.actual === expected
  if (passed && expectedMessage !== undefined) passed = result.messages.includes(expectedMessage)
  return { ...base, actual: result.actual, passed, messages: result.messages }
}

function splitApiVersion(apiVersion: string): [string, string] {
  const slash = apiVersion.indexOf('/')
  return slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)]
}

interface CaseRequest {
  operation: 'CREATE' | 'UPDATE' | 'DELETE'
  object: Json | null
  oldObject: Json | null
  param?: Json | null
  namespaceObject?: Json | null
  user: { username: string; groups?: string[]; extra?: Record<string, string[]> }
}

let catalog: ResourceCatalog | undefined

/** kaptest's Validator: matchConditions, then validations; matchConstraints never consulted. */
function evaluateAsKaptest(
  policy: Json,
  request: CaseRequest,
  options: AdmissionTestOptions
): { actual: string; messages: string[] } {
  const compiled = compilePolicy(readPolicy(policy), {
    kubernetesVersion: options.kubernetesVersion,
    purpose: 'admission'
  })
  catalog ??= new ResourceCatalog()
  const attributes = admissionAttributes(
    {
      operation: request.operation,
      object: request.object ?? undefined,
      oldObject: request.oldObject ?? undefined,
      userInfo: request.user,
      dryRun: true
    },
    catalog
  )
  const result = validatePolicy(compiled, {
    attributes,
    request: celRequest(
      attributes,
      { resource: attributes.resource, kind: attributes.kind },
      { userInfo: request.user, dryRun: true }
    ),
    params: request.param ?? null,
    namespace: celNamespaceObject(request.namespaceObject ?? null),
    userInfo: request.user
  })
  if (result.failedMatchCondition !== undefined)
    return {
      actual: 'skip',
      messages:
        result.failedMatchCondition !== ''
          ? [`not matched: condition-name "${result.failedMatchCondition}"`]
          : []
    }
  // newPolicyEvalResult: deny if any validation denies, error at the first error.
  let actual = 'admit'
  const messages: string[] = []
  for (const d of result.decisions) {
    if (d.evaluation === 'deny') {
      actual = 'deny'
      messages.push(d.message)
    } else if (d.evaluation === 'error') {
      actual = 'error'
      messages.push(d.message)
      break
    }
  }
  return { actual, messages }
}

const VALIDATION_FAILURE_ANNOTATION = 'validation.policy.admission.k8s.io/validation_failure'

/** The apiserver's dispatch of the request through one binding. */
function evaluateWithBinding(
  policy: Json,
  binding: Json,
  resources: readonly Json[],
  request: CaseRequest,
  options: AdmissionTestOptions
): { actual: string; messages: string[] } {
  const response: AdmissionResponse = evaluateAdmission(
    {
      policies: [policy],
      bindings: [binding],
      params: resources,
      namespaces: resources.filter((r) => r.kind === 'Namespace' && text(r.apiVersion) === 'v1')
    },
    {
      operation: request.operation,
      ...(request.object !== null ? { object: request.object } : {}),
      ...(request.oldObject !== null ? { oldObject: request.oldObject } : {}),
      userInfo: request.user
    },
    { kubernetesVersion: options.kubernetesVersion }
  )
  if (!response.allowed) return { actual: 'deny', messages: [response.error ?? ''] }
  if (response.warnings.length > 0) return { actual: 'warn', messages: response.warnings }
  const failure = response.auditAnnotations[VALIDATION_FAILURE_ANNOTATION]
  const ran = response.evaluations.some(
    (e) => e.result !== undefined && e.result.failedMatchCondition === undefined
  )
  if (!ran) return { actual: 'skip', messages: [] }
  if (failure !== undefined) return { actual: 'audit', messages: [failure] }
  return { actual: 'admit', messages: [] }
}
