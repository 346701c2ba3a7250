/**
 * Roles, ClusterRoles and their bindings on create (kubernetes pkg/apis/rbac/validation/
 * validation.go at 1dc8b4f2: ValidateRole, ValidateClusterRole, ValidatePolicyRule,
 * ValidateRoleBinding, ValidateClusterRoleBinding, ValidateRoleBindingSubject), after rbac/v1
 * defaulting (pkg/apis/rbac/v1/defaults.go: an empty `roleRef.apiGroup` becomes
 * `rbac.authorization.k8s.io`; an empty subject `apiGroup` becomes `""` for a ServiceAccount and
 * `rbac.authorization.k8s.io` for a User or Group). ObjectMeta (names are path segments) is
 * checked in ../object-meta.ts. Everything these validators check is modelled.
 */
import {
  FieldPath,
  GoTypedSlice,
  invalid,
  notSupported,
  required
} from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import { parseLabelSelector } from '../../apimachinery/label-selector.js'
import { isPathSegmentName, nameIsDNSSubdomain } from '../../apimachinery/names.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { itemsOf, listOf, objectOf, stringOf } from './json.js'
import { readLabelSelector, validateLabelSelector } from './labels.js'

const RBAC_GROUP = 'rbac.authorization.k8s.io'

const strings = (o: JsonObject, key: string): string[] =>
  listOf(o, key).map((v) => (typeof v === 'string' ? v : ''))

/** ValidatePolicyRule: verbs, and either resource rules or (cluster-wide only) non-resource URLs. */
function validatePolicyRule(
  rule: JsonObject,
  namespaced: boolean,
  path: FieldPath,
  errs: FieldError[]
): void {
  if (listOf(rule, 'verbs').length === 0)
    errs.push(required(path.child('verbs'), 'verbs must contain at least one value'))
  const urls = strings(rule, 'nonResourceURLs')
  const apiGroups = listOf(rule, 'apiGroups').length
  const resources = listOf(rule, 'resources').length
  if (urls.length > 0) {
    // The value is the []string: `[]string{"/*"}` up to 1.33, `["/*"]` from 1.34.
    const value = new GoTypedSlice('string', urls)
    if (namespaced)
      errs.push(
        invalid(
          path.child('nonResourceURLs'),
          value,
          'namespaced rules cannot apply to non-resource URLs'
        )
      )
    if (apiGroups > 0 || resources > 0 || listOf(rule, 'resourceNames').length > 0)
      errs.push(
        invalid(
          path.child('nonResourceURLs'),
          value,
          'rules cannot apply to both regular resources and non-resource URLs'
        )
      )
    return
  }
  if (apiGroups === 0)
    errs.push(
      required(path.child('apiGroups'), 'resource rules must supply at least one api group')
    )
  if (resources === 0)
    errs.push(required(path.child('resources'), 'resource rules must supply at least one resource'))
}

function validateRules(object: JsonObject, namespaced: boolean): FieldError[] {
  const errs: FieldError[] = []
  for (const [i, rule] of itemsOf(object, 'rules'))
    validatePolicyRule(rule, namespaced, FieldPath.of('rules').index(i), errs)
  return errs
}

export const validateRole = (role: JsonObject): FieldError[] => validateRules(role, true)

/** ValidateClusterRole: its rules, and an aggregation rule's selectors (strict label values on create). */
export function validateClusterRole(role: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs = validateRules(role, false)
  const aggregation = objectOf(role, 'aggregationRule')
  if (aggregation === undefined) return errs
  const at = FieldPath.of('aggregationRule', 'clusterRoleSelectors')
  const selectors = itemsOf(aggregation, 'clusterRoleSelectors')
  if (selectors.length === 0)
    errs.push(
      required(at, 'at least one clusterRoleSelector required if aggregationRule is non-nil')
    )
  for (const [i, selector] of selectors) {
    for (const e of validateLabelSelector(selector, at.index(i), ctx)) errs.push(e)
    // The value is the nil labels.Selector LabelSelectorAsSelector returned with its error.
    if ('error' in parseLabelSelector(readLabelSelector(selector)))
      errs.push(invalid(at.index(i), null, 'invalid label selector.'))
  }
  return errs
}

/** The roleRef checks both binding kinds share; `kinds` are the role kinds it may name. */
function validateRoleRef(binding: JsonObject, kinds: readonly string[], errs: FieldError[]) {
  const ref = objectOf(binding, 'roleRef')
  const at = FieldPath.of('roleRef')
  const apiGroup = stringOf(ref, 'apiGroup') || RBAC_GROUP
  if (apiGroup !== RBAC_GROUP) errs.push(notSupported(at.child('apiGroup'), apiGroup, [RBAC_GROUP]))
  const kind = stringOf(ref, 'kind')
  if (!kinds.includes(kind)) errs.push(notSupported(at.child('kind'), kind, kinds))
  const name = stringOf(ref, 'name')
  if (name === '') errs.push(required(at.child('name')))
  else for (const msg of isPathSegmentName(name)) errs.push(invalid(at.child('name'), name, msg))
}

/** ValidateRoleBindingSubject, after SetDefaults_Subject. */
function validateSubject(
  subject: JsonObject,
  namespaced: boolean,
  path: FieldPath,
  errs: FieldError[]
): void {
  const name = stringOf(subject, 'name')
  const kind = stringOf(subject, 'kind')
  const written = stringOf(subject, 'apiGroup')
  if (name === '') errs.push(required(path.child('name')))
  switch (kind) {
    case 'ServiceAccount':
      // ValidateServiceAccountName: a DNS-1123 subdomain.
      if (name !== '')
        for (const msg of nameIsDNSSubdomain(name, false))
          errs.push(invalid(path.child('name'), name, msg))
      if (written !== '') errs.push(notSupported(path.child('apiGroup'), written, ['']))
      if (!namespaced && stringOf(subject, 'namespace') === '')
        errs.push(required(path.child('namespace')))
      break
    case 'User':
    case 'Group': {
      const apiGroup = written || RBAC_GROUP
      if (apiGroup !== RBAC_GROUP)
        errs.push(notSupported(path.child('apiGroup'), apiGroup, [RBAC_GROUP]))
      break
    }
    default:
      errs.push(notSupported(path.child('kind'), kind, ['ServiceAccount', 'User', 'Group']))
  }
}

function validateBinding(
  binding: JsonObject,
  namespaced: boolean,
  roleKinds: readonly string[]
): FieldError[] {
  const errs: FieldError[] = []
  validateRoleRef(binding, roleKinds, errs)
  for (const [i, subject] of itemsOf(binding, 'subjects'))
    validateSubject(subject, namespaced, FieldPath.of('subjects').index(i), errs)
  return errs
}

export const validateRoleBinding = (binding: JsonObject): FieldError[] =>
  validateBinding(binding, true, ['Role', 'ClusterRole'])

export const validateClusterRoleBinding = (binding: JsonObject): FieldError[] =>
  validateBinding(binding, false, ['ClusterRole'])
