/**
 * What the apiserver checks when a policy or binding is created (kubernetes
 * `pkg/apis/admissionregistration/validation/validation.go`; policy-dryrun-spec.md §1.1), on
 * the defaulted object: required fields, `message` without line breaks, `reason` values,
 * `paramRef` name/selector exclusivity, `*` alone in rule lists, audit annotation keys and
 * sizes, Deny with Warn, label selectors — and every CEL expression compiled in the
 * NewExpressions environment of the Kubernetes version. Each problem carries the apiserver's
 * field error and where it is in the YAML.
 */
import type { PathSegment } from '../../workspace/value-path.js'
import {
  FieldPath,
  duplicate,
  forbidden,
  internalError,
  invalid,
  notSupported,
  required,
  tooMany,
  type FieldError
} from '../fielderrors/index.js'
import {
  isDNS1035Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  nameIsDNSSubdomain
} from '../apimachinery/names.js'
import { trimSpace, utf8Length } from '../../cel/interpreter/text.js'
import { celBehaviourKey, type KubernetesVersion } from '../versions.js'
import {
  parseApiVersion,
  readPolicy,
  withPolicyDefaults,
  type AdmissionPolicy,
  type LabelSelector,
  type MatchResources,
  type NamedRule,
  type ParamRef,
  type PolicyBinding
} from './api.js'
import { compilePolicy, type CompiledPolicy } from './compile.js'
import type { CompiledExpression } from './environment.js'

export interface PolicyProblem {
  error: FieldError
  /** Where the offending value is, inside the object. */
  path: PathSegment[]
  /** For CEL errors: the compiled expression (its errors carry offsets)… */
  compiled?: CompiledExpression
  /** …and how many UTF-16 units were trimmed off the YAML value before compiling. */
  trimmedPrefix?: number
}

interface Collector {
  problems: PolicyProblem[]
  add(error: FieldError, path: PathSegment[], compiled?: CompiledExpression, trimmed?: number): void
}

function collector(): Collector {
  const problems: PolicyProblem[] = []
  return {
    problems,
    add(error, path, compiled, trimmed) {
      problems.push({
        error,
        path,
        ...(compiled ? { compiled } : {}),
        ...(trimmed ? { trimmedPrefix: trimmed } : {})
      })
    }
  }
}

const MAX_AUDIT_ANNOTATIONS = 20
const MAX_AUDIT_ANNOTATION_VALUE_EXPRESSION_LENGTH = 5 * 1024
const MAX_MATCH_CONDITIONS = 64
const SUPPORTED_FAILURE_POLICIES = ['Fail', 'Ignore']
const SUPPORTED_MATCH_POLICIES = ['Equivalent', 'Exact']
const SUPPORTED_OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE']
const SUPPORTED_SCOPES = ['*', 'Cluster', 'Namespaced']
const SUPPORTED_REASONS = ['Forbidden', 'Invalid', 'RequestEntityTooLarge']
const SUPPORTED_ACTIONS = ['Audit', 'Deny', 'Warn']
const SUPPORTED_PATCH_TYPES = ['ApplyConfiguration', 'JSONPatch']
const SUPPORTED_REINVOCATION = ['IfNeeded', 'Never']
const CEL_RESERVED = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while'
])

export interface PolicyValidation {
  problems: PolicyProblem[]
  /** The expressions as compiled for creation (for cost estimates). */
  compiled: CompiledPolicy
}

/** Validations of policy documents by document value, then CEL behaviour (celBehaviourKey). */
const documentValidations = new WeakMap<object, Map<string, PolicyValidation>>()

/**
 * validateAdmissionPolicy of a policy document as written (defaults applied), remembered per
 * document value and per group of releases that compile alike: the static checks and the
 * dry-run both validate every policy of the repository.
 */
export function validatePolicyDocument(
  value: Record<string, unknown>,
  kubernetesVersion: KubernetesVersion
): PolicyValidation {
  let byBehaviour = documentValidations.get(value)
  if (!byBehaviour)
    documentValidations.set(value, (byBehaviour = new Map<string, PolicyValidation>()))
  const key = celBehaviourKey(kubernetesVersion, 'NewExpressions')
  let validation = byBehaviour.get(key)
  if (!validation) {
    validation = validateAdmissionPolicy(withPolicyDefaults(readPolicy(value)), kubernetesVersion)
    byBehaviour.set(key, validation)
  }
  return validation
}

/** ValidateValidatingAdmissionPolicy / ValidateMutatingAdmissionPolicy of a defaulted policy. */
export function validateAdmissionPolicy(
  policy: AdmissionPolicy,
  kubernetesVersion: KubernetesVersion
): PolicyValidation {
  const c = collector()
  const compiled = compilePolicy(policy, { kubernetesVersion, purpose: 'validation' })
  validateName(policy.name, c)
  const spec = FieldPath.of('spec')
  const at = (...segments: PathSegment[]): PathSegment[] => ['spec', ...segments]

  if (policy.failurePolicy === undefined)
    c.add(required(spec.child('failurePolicy')), at('failurePolicy'))
  else if (!SUPPORTED_FAILURE_POLICIES.includes(policy.failurePolicy))
    c.add(
      notSupported(spec.child('failurePolicy'), policy.failurePolicy, SUPPORTED_FAILURE_POLICIES),
      at('failurePolicy')
    )
  if (policy.paramKind) validateParamKind(policy.paramKind, c)
  if (!policy.matchConstraints)
    c.add(required(spec.child('matchConstraints')), at('matchConstraints'))
  else {
    validateMatchResources(
      policy.matchConstraints,
      spec.child('matchConstraints'),
      at('matchConstraints'),
      c
    )
    if (policy.matchConstraints.resourceRules.length === 0)
      c.add(
        required(spec.child('matchConstraints', 'resourceRules')),
        at('matchConstraints', 'resourceRules')
      )
  }

  // matchConditions
  const conditions = spec.child('matchConditions')
  if (policy.matchConditions.length > MAX_MATCH_CONDITIONS)
    c.add(
      tooMany(conditions, policy.matchConditions.length, MAX_MATCH_CONDITIONS),
      at('matchConditions')
    )
  const conditionNames = new Set<string>()
  policy.matchConditions.forEach((m, i) => {
    const path = conditions.index(i)
    if (trimSpace(m.expression) === '')
      c.add(required(path.child('expression')), at('matchConditions', i, 'expression'))
    else
      celError(
        c,
        compiled.matchConditions[i]!,
        path.child('expression'),
        m.expression,
        at('matchConditions', i, 'expression'),
        leadingTrim(m.expression)
      )
    if (m.name === '') c.add(required(path.child('name')), at('matchConditions', i, 'name'))
    else
      for (const msg of isQualifiedName(m.name))
        c.add(invalid(path.child('name'), m.name, msg), at('matchConditions', i, 'name'))
    if (m.name !== '') {
      if (conditionNames.has(m.name))
        c.add(duplicate(path.child('name'), m.name), at('matchConditions', i, 'name'))
      conditionNames.add(m.name)
    }
  })

  // variables
  policy.variables.forEach((v, i) => {
    const path = spec.child('variables').index(i)
    if (trimSpace(v.name) === '')
      c.add(required(path.child('name'), 'name is not specified'), at('variables', i, 'name'))
    else if (!isCelIdentifier(v.name))
      c.add(
        invalid(path.child('name'), v.name, 'name is not a valid CEL identifier'),
        at('variables', i, 'name')
      )
    if (trimSpace(v.expression) === '')
      c.add(
        required(path.child('expression'), 'expression is not specified'),
        at('variables', i, 'expression')
      )
    else
      celError(
        c,
        compiled.variables[i]!.compiled,
        path.child('expression'),
        v.expression,
        at('variables', i, 'expression')
      )
  })

  if (policy.kind === 'MutatingAdmissionPolicy') validateMutations(policy, compiled, c)
  else validateValidationsAndAnnotations(policy, compiled, c)
  return { problems: c.problems, compiled }
}

function validateValidationsAndAnnotations(
  policy: AdmissionPolicy,
  compiled: CompiledPolicy,
  c: Collector
): void {
  const spec = FieldPath.of('spec')
  if (policy.validations.length === 0 && policy.auditAnnotations.length === 0) {
    const detail = 'validations or auditAnnotations must contain at least one item'
    c.add(required(spec.child('validations'), detail), ['spec', 'validations'])
    c.add(required(spec.child('auditAnnotations'), detail), ['spec', 'auditAnnotations'])
    return
  }
  policy.validations.forEach((v, i) => {
    const path = spec.child('validations').index(i)
    const at = (field: string): PathSegment[] => ['spec', 'validations', i, field]
    if (trimSpace(v.expression) === '')
      c.add(required(path.child('expression'), 'expression is not specified'), at('expression'))
    else
      celError(
        c,
        compiled.validations[i]!,
        path.child('expression'),
        v.expression,
        at('expression')
      )
    const messageExpression = v.messageExpression ?? ''
    if (messageExpression.length > 0 && trimSpace(messageExpression) === '')
      c.add(
        invalid(
          path.child('messageExpression'),
          messageExpression,
          'must be non-empty if specified'
        ),
        at('messageExpression')
      )
    else if (messageExpression.length > 0)
      celError(
        c,
        compiled.messageExpressions[i]!,
        path.child('messageExpression'),
        messageExpression,
        at('messageExpression')
      )
    const message = v.message ?? ''
    if (message.length > 0 && trimSpace(message) === '')
      c.add(
        invalid(path.child('message'), message, 'message must be non-empty if specified'),
        at('message')
      )
    else if (/[\n\r]/.test(trimSpace(message)))
      c.add(
        invalid(path.child('message'), message, 'message must not contain line breaks'),
        at('message')
      )
    if (v.reason !== undefined && !SUPPORTED_REASONS.includes(v.reason))
      c.add(notSupported(path.child('reason'), v.reason, SUPPORTED_REASONS), at('reason'))
  })
  const annotations = spec.child('auditAnnotations')
  if (policy.auditAnnotations.length > MAX_AUDIT_ANNOTATIONS)
    c.add(
      invalid(
        annotations,
        policy.auditAnnotations,
        `must not have more than ${MAX_AUDIT_ANNOTATIONS} auditAnnotations`
      ),
      ['spec', 'auditAnnotations']
    )
  const keys = new Set<string>()
  policy.auditAnnotations.forEach((a, i) => {
    const path = annotations.index(i)
    const at = (field: string): PathSegment[] => ['spec', 'auditAnnotations', i, field]
    if (policy.name !== '')
      for (const msg of isQualifiedName(`${policy.name}/${a.key}`))
        c.add(invalid(path.child('key'), `${policy.name}/${a.key}`, msg), at('key'))
    else c.add(invalid(path.child('key'), a.key, 'requires metadata.name be non-empty'), at('key'))
    const trimmed = trimSpace(a.valueExpression)
    if (trimmed === '')
      c.add(
        required(path.child('valueExpression'), 'valueExpression is not specified'),
        at('valueExpression')
      )
    else if (utf8Length(trimmed) > MAX_AUDIT_ANNOTATION_VALUE_EXPRESSION_LENGTH)
      c.add(
        required(
          path.child('valueExpression'),
          `must not exceed ${MAX_AUDIT_ANNOTATION_VALUE_EXPRESSION_LENGTH} bytes in length`
        ),
        at('valueExpression')
      )
    else
      celError(
        c,
        compiled.auditAnnotations[i]!,
        path.child('valueExpression'),
        a.valueExpression,
        at('valueExpression'),
        leadingTrim(a.valueExpression)
      )
    if (keys.has(a.key)) c.add(duplicate(path.child('key'), a.key), at('key'))
    keys.add(a.key)
  })
}

function validateMutations(policy: AdmissionPolicy, compiled: CompiledPolicy, c: Collector): void {
  const spec = FieldPath.of('spec')
  if (policy.mutations.length === 0)
    c.add(required(spec.child('mutations'), 'mutations must contain at least one item'), [
      'spec',
      'mutations'
    ])
  policy.mutations.forEach((m, i) => {
    const path = spec.child('mutations').index(i)
    const at = (...segments: PathSegment[]): PathSegment[] => ['spec', 'mutations', i, ...segments]
    if (m.patchType === '') {
      c.add(required(path.child('patchType')), at('patchType'))
      return
    }
    if (!SUPPORTED_PATCH_TYPES.includes(m.patchType)) {
      c.add(
        notSupported(path.child('patchType'), m.patchType, SUPPORTED_PATCH_TYPES),
        at('patchType')
      )
      return
    }
    const field = m.patchType === 'JSONPatch' ? 'jsonPatch' : 'applyConfiguration'
    if (m.expression === undefined || trimSpace(m.expression) === '') {
      c.add(required(path.child(field, 'expression')), at(field, 'expression'))
      return
    }
    celError(
      c,
      compiled.mutations[i]!,
      path.child(field, 'expression'),
      m.expression,
      at(field, 'expression')
    )
  })
  if (
    policy.reinvocationPolicy !== undefined &&
    !SUPPORTED_REINVOCATION.includes(policy.reinvocationPolicy)
  )
    c.add(
      notSupported(
        spec.child('reinvocationPolicy'),
        policy.reinvocationPolicy,
        SUPPORTED_REINVOCATION
      ),
      ['spec', 'reinvocationPolicy']
    )
}

/** convertCELErrorToValidationError: Invalid with the expression as the value, or an internal error. */
function celError(
  c: Collector,
  compiled: CompiledExpression,
  path: FieldPath,
  expression: string,
  yamlPath: PathSegment[],
  trimmed = 0
): void {
  const error = compiled.error
  if (!error) return
  const fieldError =
    error.type === 'Invalid'
      ? invalid(path, expression, error.detail)
      : internalError(path, error.detail)
  c.add(fieldError, yamlPath, compiled, trimmed)
}

/** UTF-16 units of leading white space that trimming removes (the YAML offset of the CEL text). */
function leadingTrim(s: string): number {
  const trimmed = trimSpace(s)
  return trimmed === '' ? 0 : s.indexOf(trimmed)
}

function isCelIdentifier(name: string): boolean {
  return /^[_a-zA-Z][_a-zA-Z0-9]*$/.test(name) && !CEL_RESERVED.has(name)
}

function validateName(name: string, c: Collector): void {
  const path = FieldPath.of('metadata', 'name')
  if (name === '') {
    c.add(required(path, 'name or generateName is required'), ['metadata', 'name'])
    return
  }
  for (const msg of nameIsDNSSubdomain(name, false))
    c.add(invalid(path, name, msg), ['metadata', 'name'])
}

function validateParamKind(paramKind: { apiVersion?: string; kind?: string }, c: Collector): void {
  const path = FieldPath.of('spec', 'paramKind')
  const at = (f: string): PathSegment[] => ['spec', 'paramKind', f]
  const apiVersion = paramKind.apiVersion ?? ''
  if (apiVersion === '') c.add(required(path.child('apiVersion')), at('apiVersion'))
  else if ((apiVersion.match(/\//g) ?? []).length > 1)
    c.add(
      invalid(
        path.child('apiVersion'),
        apiVersion,
        `unexpected GroupVersion string: ${apiVersion}`
      ),
      at('apiVersion')
    )
  else {
    const gv = apiVersion === '/' ? { group: '', version: '' } : parseApiVersion(apiVersion)
    if (gv.group !== '') {
      const errs = isDNS1123Subdomain(gv.group)
      if (errs.length > 0)
        c.add(invalid(path.child('apiVersion'), gv.group, errs.join(',')), at('apiVersion'))
    }
    if (gv.version === '')
      c.add(
        invalid(path.child('apiVersion'), apiVersion, 'version must be specified'),
        at('apiVersion')
      )
    else {
      const errs = isDNS1035Label(gv.version)
      if (errs.length > 0)
        c.add(invalid(path.child('apiVersion'), gv.version, errs.join(',')), at('apiVersion'))
    }
  }
  const kind = paramKind.kind ?? ''
  if (kind === '') c.add(required(path.child('kind')), at('kind'))
  else {
    const errs = isDNS1035Label(kind.toLowerCase())
    if (errs.length > 0)
      c.add(
        invalid(
          path.child('kind'),
          kind,
          `may have mixed case, but should otherwise match: ${errs.join(',')}`
        ),
        at('kind')
      )
  }
}

function validateMatchResources(
  m: MatchResources,
  path: FieldPath,
  at: PathSegment[],
  c: Collector
): void {
  if (m.matchPolicy === undefined)
    c.add(required(path.child('matchPolicy')), [...at, 'matchPolicy'])
  else if (!SUPPORTED_MATCH_POLICIES.includes(m.matchPolicy))
    c.add(notSupported(path.child('matchPolicy'), m.matchPolicy, SUPPORTED_MATCH_POLICIES), [
      ...at,
      'matchPolicy'
    ])
  for (const key of ['namespaceSelector', 'objectSelector'] as const) {
    const selector = m[key]
    if (selector === undefined) c.add(required(path.child(key)), [...at, key])
    else validateLabelSelector(selector, path.child(key), [...at, key], c)
  }
  m.resourceRules.forEach((r, i) =>
    validateNamedRule(r, path.child('resourceRules').index(i), [...at, 'resourceRules', i], c)
  )
  m.excludeResourceRules.forEach((r, i) =>
    validateNamedRule(
      r,
      path.child('excludeResourceRules').index(i),
      [...at, 'excludeResourceRules', i],
      c
    )
  )
}

/** metav1validation.ValidateLabelSelector (strict label values). */
function validateLabelSelector(
  s: LabelSelector,
  path: FieldPath,
  at: PathSegment[],
  c: Collector
): void {
  ;(s.matchExpressions ?? []).forEach((e, i) => {
    const p = path.child('matchExpressions').index(i)
    const where = [...at, 'matchExpressions', i]
    const values = e.values ?? []
    if (e.operator === 'In' || e.operator === 'NotIn') {
      if (values.length === 0)
        c.add(required(p.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"), [
          ...where,
          'values'
        ])
    } else if (e.operator === 'Exists' || e.operator === 'DoesNotExist') {
      if (values.length > 0)
        c.add(
          forbidden(
            p.child('values'),
            "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"
          ),
          [...where, 'values']
        )
    } else
      c.add(invalid(p.child('operator'), e.operator, 'not a valid selector operator'), [
        ...where,
        'operator'
      ])
    for (const msg of isQualifiedName(e.key))
      c.add(invalid(p.child('key'), e.key, msg), [...where, 'key'])
    values.forEach((v, j) => {
      for (const msg of isValidLabelValue(v))
        c.add(invalid(p.child('values').index(j), v, msg), [...where, 'values', j])
    })
  })
  for (const [k, v] of Object.entries(s.matchLabels ?? {})) {
    const p = path.child('matchLabels')
    for (const msg of isQualifiedName(k)) c.add(invalid(p, k, msg), [...at, 'matchLabels', k])
    for (const msg of isValidLabelValue(v)) c.add(invalid(p, v, msg), [...at, 'matchLabels', k])
  }
}

function validateNamedRule(r: NamedRule, path: FieldPath, at: PathSegment[], c: Collector): void {
  const names = new Set<string>()
  r.resourceNames.forEach((name, i) => {
    for (const msg of pathSegmentNameErrors(name))
      c.add(invalid(path.child('resourceNames').index(i), name, msg), [...at, 'resourceNames', i])
    if (names.has(name))
      c.add(duplicate(path.child('resourceNames').index(i), name), [...at, 'resourceNames', i])
    names.add(name)
  })
  if (r.operations.length === 0) c.add(required(path.child('operations')), [...at, 'operations'])
  if (r.operations.length > 1 && r.operations.includes('*'))
    c.add(
      invalid(
        path.child('operations'),
        r.operations,
        "if '*' is present, must not specify other operations"
      ),
      [...at, 'operations']
    )
  r.operations.forEach((op, i) => {
    if (!SUPPORTED_OPERATIONS.includes(op))
      c.add(notSupported(path.child('operations').index(i), op, SUPPORTED_OPERATIONS), [
        ...at,
        'operations',
        i
      ])
  })
  if (r.apiGroups.length === 0) c.add(required(path.child('apiGroups')), [...at, 'apiGroups'])
  if (r.apiGroups.length > 1 && r.apiGroups.includes('*'))
    c.add(
      invalid(
        path.child('apiGroups'),
        r.apiGroups,
        "if '*' is present, must not specify other API groups"
      ),
      [...at, 'apiGroups']
    )
  if (r.apiVersions.length === 0) c.add(required(path.child('apiVersions')), [...at, 'apiVersions'])
  if (r.apiVersions.length > 1 && r.apiVersions.includes('*'))
    c.add(
      invalid(
        path.child('apiVersions'),
        r.apiVersions,
        "if '*' is present, must not specify other API versions"
      ),
      [...at, 'apiVersions']
    )
  r.apiVersions.forEach((v, i) => {
    if (v === '') c.add(required(path.child('apiVersions').index(i)), [...at, 'apiVersions', i])
  })
  validateResources(r.resources, path.child('resources'), [...at, 'resources'], c)
  if (r.scope !== undefined && !SUPPORTED_SCOPES.includes(r.scope))
    c.add(notSupported(path.child('scope'), r.scope, SUPPORTED_SCOPES), [...at, 'scope'])
}

function validateResources(
  resources: readonly string[],
  path: FieldPath,
  at: PathSegment[],
  c: Collector
): void {
  if (resources.length === 0) c.add(required(path), at)
  const withWildcardSub = new Set<string>()
  const withWildcardRes = new Set<string>()
  let doubleWildcard = false
  let singleWildcard = false
  let withoutSubresource = false
  resources.forEach((resSub, i) => {
    if (resSub === '') {
      c.add(required(path.index(i)), [...at, i])
      return
    }
    if (resSub === '*/*') doubleWildcard = true
    if (resSub === '*') singleWildcard = true
    const slash = resSub.indexOf('/')
    if (slash < 0) {
      withoutSubresource = resSub !== '*'
      return
    }
    const res = resSub.slice(0, slash)
    const sub = resSub.slice(slash + 1)
    if (withWildcardSub.has(res))
      c.add(
        invalid(path.index(i), resSub, `if '${res}/*' is present, must not specify ${resSub}`),
        [...at, i]
      )
    if (withWildcardRes.has(sub))
      c.add(
        invalid(path.index(i), resSub, `if '*/${sub}' is present, must not specify ${resSub}`),
        [...at, i]
      )
    if (sub === '*') withWildcardSub.add(res)
    if (res === '*') withWildcardRes.add(sub)
  })
  if (resources.length > 1 && doubleWildcard)
    c.add(invalid(path, resources, "if '*/*' is present, must not specify other resources"), at)
  if (singleWildcard && withoutSubresource)
    c.add(
      invalid(
        path,
        resources,
        "if '*' is present, must not specify other resources without subresources"
      ),
      at
    )
}

/** path.ValidatePathSegmentName. */
function pathSegmentNameErrors(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`]
  const errs: string[] = []
  for (const illegal of ['/', '%'])
    if (name.includes(illegal)) errs.push(`may not contain '${illegal}'`)
  return errs
}

/** ValidateValidatingAdmissionPolicyBinding / ValidateMutatingAdmissionPolicyBinding. */
export function validatePolicyBinding(binding: PolicyBinding): PolicyProblem[] {
  const c = collector()
  validateName(binding.name, c)
  const spec = FieldPath.of('spec')
  if (binding.policyName === '') c.add(required(spec.child('policyName')), ['spec', 'policyName'])
  else
    for (const msg of nameIsDNSSubdomain(binding.policyName, false))
      c.add(invalid(spec.child('policyName'), binding.policyName, msg), ['spec', 'policyName'])
  if (binding.paramRef) validateParamRef(binding.paramRef, c)
  if (binding.matchResources)
    // The apiserver names the field "matchResouces" in these errors.
    validateMatchResources(
      binding.matchResources,
      spec.child('matchResouces'),
      ['spec', 'matchResources'],
      c
    )
  if (binding.kind === 'ValidatingAdmissionPolicyBinding')
    validateActions(binding.validationActions, c)
  return c.problems
}

function validateParamRef(ref: ParamRef, c: Collector): void {
  const path = FieldPath.of('spec', 'paramRef')
  const at = (...s: PathSegment[]): PathSegment[] => ['spec', 'paramRef', ...s]
  if (ref.name) {
    for (const msg of pathSegmentNameErrors(ref.name))
      c.add(invalid(path.child('name'), ref.name, msg), at('name'))
    if (ref.selector !== undefined)
      c.add(forbidden(path.child('name'), 'name and selector are mutually exclusive'), at('name'))
  }
  if (ref.selector !== undefined) {
    validateLabelSelector(ref.selector, path.child('selector'), at('selector'), c)
    if (ref.name)
      c.add(
        forbidden(path.child('selector'), 'name and selector are mutually exclusive'),
        at('selector')
      )
  }
  if (!ref.name && ref.selector === undefined)
    c.add(required(path, 'one of name or selector must be specified'), at())
  const action = ref.parameterNotFoundAction ?? ''
  if (action === '')
    c.add(required(path.child('parameterNotFoundAction')), at('parameterNotFoundAction'))
  else if (action !== 'Deny' && action !== 'Allow')
    c.add(
      notSupported(path.child('parameterNotFoundAction'), action, ['Deny', 'Allow']),
      at('parameterNotFoundAction')
    )
}

function validateActions(actions: readonly string[], c: Collector): void {
  const path = FieldPath.of('spec', 'validationActions')
  const seen = new Set<string>()
  actions.forEach((a, i) => {
    if (!SUPPORTED_ACTIONS.includes(a))
      c.add(notSupported(path.index(i), a, SUPPORTED_ACTIONS), ['spec', 'validationActions', i])
    if (seen.has(a)) c.add(duplicate(path.index(i), a), ['spec', 'validationActions', i])
    seen.add(a)
  })
  if (seen.has('Deny') && seen.has('Warn'))
    c.add(
      invalid(
        path,
        actions,
        'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)'
      ),
      ['spec', 'validationActions']
    )
  if (seen.size === 0)
    c.add(required(path, 'at least one validation action is required'), [
      'spec',
      'validationActions'
    ])
}
