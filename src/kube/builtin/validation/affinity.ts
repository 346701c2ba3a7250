/**
 * A PodSpec's `affinity` and `topologySpreadConstraints` (kubernetes pkg/apis/core/validation/
 * validation.go at 000f26050b9b: validateAffinity, validateNodeAffinity, ValidateNodeSelector,
 * ValidateNodeSelectorTerm, ValidateNodeSelectorRequirement, ValidateNodeFieldSelectorRequirement,
 * ValidatePreferredSchedulingTerms, validatePodAffinity, validatePodAntiAffinity,
 * validatePodAffinityTerm(s), validateWeightedPodAffinityTerms,
 * validateMatchLabelKeysAndMismatchLabelKeys, validateTopologySpreadConstraints,
 * validateMatchLabelKeysInTopologySpread; pkg/api/v1/validation ValidatePodAffinityTermSelector),
 * with the options a create gets (label values in selectors checked). A Pod's create first merges
 * its own labels into its affinity terms' selectors for their `matchLabelKeys` and
 * `mismatchLabelKeys` (pkg/registry/core/pod/strategy.go mutatePodAffinity). Not modelled: the
 * same merge into a Pod's spread constraints (mutateTopologySpreadConstraints), whose terms are
 * checked as written.
 */
import {
  GoPointer,
  duplicate,
  forbidden,
  invalid,
  notSupported,
  required
} from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import {
  isQualifiedName,
  isValidLabelValue,
  nameIsDNSLabel,
  nameIsDNSSubdomain
} from '../../apimachinery/names.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { fieldOf, intOf, itemsOf, listOf, objectOf, stringMapOf, stringOf } from './json.js'
import { messageStyle, validateLabelSelector } from './labels.js'

const texts = (o: JsonObject | undefined, key: string): string[] =>
  listOf(o, key).map((v) => (typeof v === 'string' ? v : ''))

/** `ValidateLabelName`. */
function validateLabelName(
  name: string,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  for (const msg of isQualifiedName(name, messageStyle(ctx))) errs.push(invalid(path, name, msg))
}

// ---------------------------------------------------------------------------------------------
// Node affinity

/** `ValidateNodeSelectorRequirement`; values are label values only where `checkValues`. */
function validateNodeSelectorRequirement(
  req: JsonObject,
  path: FieldPath,
  checkValues: boolean,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const operator = stringOf(req, 'operator')
  const values = texts(req, 'values')
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0)
        errs.push(
          required(path.child('values'), "must be specified when `operator` is 'In' or 'NotIn'")
        )
      break
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0)
        errs.push(
          forbidden(
            path.child('values'),
            "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"
          )
        )
      break
    case 'Gt':
    case 'Lt':
      if (values.length !== 1)
        errs.push(
          required(
            path.child('values'),
            "must be specified single value when `operator` is 'Lt' or 'Gt'"
          )
        )
      break
    default:
      errs.push(invalid(path.child('operator'), operator, 'not a valid selector operator'))
  }
  validateLabelName(stringOf(req, 'key'), path.child('key'), ctx, errs)
  if (!checkValues) return
  values.forEach((value, i) => {
    for (const msg of isValidLabelValue(value, messageStyle(ctx)))
      errs.push(invalid(path.child('values').index(i), value, msg))
  })
}

/** `ValidateNodeFieldSelectorRequirement`: only `metadata.name`, with one value. */
function validateNodeFieldSelectorRequirement(
  req: JsonObject,
  path: FieldPath,
  errs: FieldError[]
): void {
  const operator = stringOf(req, 'operator')
  const values = texts(req, 'values')
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length !== 1)
      errs.push(
        required(
          path.child('values'),
          "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"
        )
      )
  } else errs.push(invalid(path.child('operator'), operator, 'not a valid selector operator'))
  const key = stringOf(req, 'key')
  if (key !== 'metadata.name')
    errs.push(invalid(path.child('key'), key, 'not a valid field selector key'))
  else
    values.forEach((value, i) => {
      for (const msg of nameIsDNSSubdomain(value, false))
        errs.push(invalid(path.child('values').index(i), value, msg))
    })
}

/** `ValidateNodeSelectorTerm`. */
function validateNodeSelectorTerm(
  term: JsonObject,
  path: FieldPath,
  checkValues: boolean,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  for (const [j, req] of itemsOf(term, 'matchExpressions'))
    validateNodeSelectorRequirement(
      req,
      path.child('matchExpressions').index(j),
      checkValues,
      ctx,
      errs
    )
  for (const [j, req] of itemsOf(term, 'matchFields'))
    validateNodeFieldSelectorRequirement(req, path.child('matchFields').index(j), errs)
}

const WEIGHT_RANGE = 'must be in the range 1-100'

function validateWeight(item: JsonObject, path: FieldPath, errs: FieldError[]): void {
  const weight = intOf(item, 'weight') ?? 0
  if (weight <= 0 || weight > 100) errs.push(invalid(path.child('weight'), weight, WEIGHT_RANGE))
}

function validateNodeAffinity(
  affinity: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const requiredTerms = objectOf(affinity, 'requiredDuringSchedulingIgnoredDuringExecution')
  if (requiredTerms !== undefined) {
    const at = path.child('requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms')
    const terms = itemsOf(requiredTerms, 'nodeSelectorTerms')
    if (terms.length === 0) errs.push(required(at, 'must have at least one node selector term'))
    for (const [i, term] of terms)
      validateNodeSelectorTerm(
        term,
        at.index(i),
        ctx.release.requiredNodeAffinityValuesValidated,
        ctx,
        errs
      )
  }
  const preferredPath = path.child('preferredDuringSchedulingIgnoredDuringExecution')
  for (const [i, term] of itemsOf(affinity, 'preferredDuringSchedulingIgnoredDuringExecution')) {
    validateWeight(term, preferredPath.index(i), errs)
    // Invalid label values are always allowed in preferred terms.
    validateNodeSelectorTerm(
      objectOf(term, 'preference') ?? {},
      preferredPath.index(i).child('preference'),
      false,
      ctx,
      errs
    )
  }
}

// ---------------------------------------------------------------------------------------------
// Pod affinity and anti-affinity

/** The keys a label selector names, matchLabels first (their order does not matter). */
function selectorKeys(selector: JsonObject): string[] {
  const keys = Object.keys(stringMapOf(selector, 'matchLabels') ?? {})
  for (const [, e] of itemsOf(selector, 'matchExpressions')) keys.push(stringOf(e, 'key'))
  return keys
}

/** `validateLabelKeys`: matchLabelKeys or mismatchLabelKeys need a selector and label names. */
function validateLabelKeys(
  keys: string[],
  selector: JsonObject | undefined,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  if (keys.length === 0) return
  if (selector === undefined) {
    errs.push(forbidden(path, 'must not be specified when labelSelector is not set'))
    return
  }
  keys.forEach((key, i) => validateLabelName(key, path.index(i), ctx, errs))
}

/** `validateMatchLabelKeysAndMismatchLabelKeys` (the index path is upstream's, on the term). */
function validateMatchLabelKeys(
  term: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const selector = objectOf(term, 'labelSelector')
  const matchKeys = texts(term, 'matchLabelKeys')
  const mismatchKeys = texts(term, 'mismatchLabelKeys')
  validateLabelKeys(matchKeys, selector, path.child('matchLabelKeys'), ctx, errs)
  validateLabelKeys(mismatchKeys, selector, path.child('mismatchLabelKeys'), ctx, errs)
  if (selector !== undefined) {
    const index = new Map<string, number>()
    matchKeys.forEach((key, i) => index.set(key, i))
    const seen = new Set(Object.keys(stringMapOf(selector, 'matchLabels') ?? {}))
    for (const [, e] of itemsOf(selector, 'matchExpressions')) {
      const key = stringOf(e, 'key')
      const i = index.get(key)
      if (i !== undefined && seen.has(key))
        errs.push(invalid(path.index(i), key, 'exists in both matchLabelKeys and labelSelector'))
      seen.add(key)
    }
  }
  const mismatch = new Set(mismatchKeys)
  matchKeys.forEach((key, i) => {
    if (mismatch.has(key))
      errs.push(
        invalid(
          path.child('matchLabelKeys').index(i),
          key,
          'exists in both matchLabelKeys and mismatchLabelKeys'
        )
      )
  })
}

/** The labels of the Pod being created, which its affinity terms' label keys pick from. */
export type PodLabels = Readonly<Record<string, string>>

/**
 * The term as a Pod's create leaves it (strategy.go applyMatchLabelKeysAndMismatchLabelKeys):
 * `key In [value]` for each matchLabelKeys key and `key NotIn [value]` for each
 * mismatchLabelKeys key the Pod has a label for, appended to a set labelSelector's
 * matchExpressions in that order.
 */
function withLabelKeysApplied(term: JsonObject, podLabels: PodLabels): JsonObject {
  const selector = objectOf(term, 'labelSelector')
  const matchKeys = texts(term, 'matchLabelKeys')
  const mismatchKeys = texts(term, 'mismatchLabelKeys')
  if (selector === undefined || (matchKeys.length === 0 && mismatchKeys.length === 0)) return term
  const expressions = listOf(selector, 'matchExpressions').slice()
  const append = (keys: string[], operator: string): void => {
    for (const key of keys)
      if (Object.hasOwn(podLabels, key))
        expressions.push({ key, operator, values: [podLabels[key]!] })
  }
  append(matchKeys, 'In')
  append(mismatchKeys, 'NotIn')
  return { ...term, labelSelector: { ...selector, matchExpressions: expressions } }
}

/** `validatePodAffinityTerm`; a Pod's own labels are merged in first when given. */
function validatePodAffinityTerm(
  written: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  podLabels: PodLabels | undefined,
  errs: FieldError[]
): void {
  // The merge runs only where the terms keep their label keys (MatchLabelKeysInPodAffinity).
  const term =
    podLabels !== undefined && ctx.release.podAffinityMatchLabelKeys
      ? withLabelKeysApplied(written, podLabels)
      : written
  for (const key of ['labelSelector', 'namespaceSelector'])
    for (const e of validateLabelSelector(objectOf(term, key), path.child(key), ctx)) errs.push(e)
  // Upstream names the path `namespace`, not `namespaces`.
  for (const name of texts(term, 'namespaces'))
    for (const msg of nameIsDNSLabel(name, false))
      errs.push(invalid(path.child('namespace'), name, msg))
  if (ctx.release.podAffinityMatchLabelKeys) validateMatchLabelKeys(term, path, ctx, errs)
  const topologyKey = stringOf(term, 'topologyKey')
  if (topologyKey === '') errs.push(required(path.child('topologyKey'), 'can not be empty'))
  validateLabelName(topologyKey, path.child('topologyKey'), ctx, errs)
}

function validatePodAffinityKind(
  affinity: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  podLabels: PodLabels | undefined,
  errs: FieldError[]
): void {
  const requiredPath = path.child('requiredDuringSchedulingIgnoredDuringExecution')
  for (const [i, term] of itemsOf(affinity, 'requiredDuringSchedulingIgnoredDuringExecution'))
    validatePodAffinityTerm(term, requiredPath.index(i), ctx, podLabels, errs)
  const preferredPath = path.child('preferredDuringSchedulingIgnoredDuringExecution')
  for (const [i, weighted] of itemsOf(
    affinity,
    'preferredDuringSchedulingIgnoredDuringExecution'
  )) {
    validateWeight(weighted, preferredPath.index(i), errs)
    validatePodAffinityTerm(
      objectOf(weighted, 'podAffinityTerm') ?? {},
      preferredPath.index(i).child('podAffinityTerm'),
      ctx,
      podLabels,
      errs
    )
  }
}

/**
 * `validateAffinity` for the PodSpec's `affinity` at `path`; `podLabels` are the labels of a Pod
 * being created (undefined for a template, whose terms are stored as written).
 */
export function validateAffinity(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  podLabels: PodLabels | undefined,
  errs: FieldError[]
): void {
  const affinity = objectOf(spec, 'affinity')
  if (affinity === undefined) return
  const node = objectOf(affinity, 'nodeAffinity')
  if (node !== undefined) validateNodeAffinity(node, path.child('nodeAffinity'), ctx, errs)
  for (const kind of ['podAffinity', 'podAntiAffinity']) {
    const pod = objectOf(affinity, kind)
    if (pod !== undefined) validatePodAffinityKind(pod, path.child(kind), ctx, podLabels, errs)
  }
}

// ---------------------------------------------------------------------------------------------
// Topology spread constraints

const SCHEDULE_ACTIONS = ['DoNotSchedule', 'ScheduleAnyway'] // sets.List order
const NODE_INCLUSION_POLICIES = ['Honor', 'Ignore'] // sets.List order
const NOT_POSITIVE = 'must be greater than zero'

/** `validateMatchLabelKeysInTopologySpread`. */
function validateSpreadMatchLabelKeys(
  constraint: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const keys = texts(constraint, 'matchLabelKeys')
  if (keys.length === 0) return
  const selector = objectOf(constraint, 'labelSelector')
  if (selector === undefined)
    errs.push(forbidden(path, 'must not be specified when labelSelector is not set'))
  const selected = new Set(selector === undefined ? [] : selectorKeys(selector))
  keys.forEach((key, i) => {
    validateLabelName(key, path.index(i), ctx, errs)
    if (selected.has(key))
      errs.push(invalid(path.index(i), key, 'exists in both matchLabelKeys and labelSelector'))
  })
}

/** `validateTopologySpreadConstraints` for the PodSpec's constraints at `path`. */
export function validateTopologySpreadConstraints(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const constraints = itemsOf(spec, 'topologySpreadConstraints')
  constraints.forEach(([i, constraint], n) => {
    const at = path.index(i)
    const maxSkew = intOf(constraint, 'maxSkew') ?? 0
    if (maxSkew <= 0) errs.push(invalid(at.child('maxSkew'), maxSkew, NOT_POSITIVE))
    const topologyKey = stringOf(constraint, 'topologyKey')
    if (topologyKey === '') errs.push(required(at.child('topologyKey'), 'can not be empty'))
    const action = stringOf(constraint, 'whenUnsatisfiable')
    if (!SCHEDULE_ACTIONS.includes(action))
      errs.push(notSupported(at.child('whenUnsatisfiable'), action, SCHEDULE_ACTIONS))
    // A {topologyKey, whenUnsatisfiable} pair once: reported at the first of each repeat.
    const repeated = constraints
      .slice(n + 1)
      .some(
        ([, other]) =>
          stringOf(other, 'topologyKey') === topologyKey &&
          stringOf(other, 'whenUnsatisfiable') === action
      )
    if (repeated)
      errs.push(
        duplicate(at.child('{topologyKey, whenUnsatisfiable}'), `{${topologyKey}, ${action}}`)
      )
    const minDomains = intOf(constraint, 'minDomains')
    if (minDomains !== undefined) {
      const value = new GoPointer('int32', minDomains)
      if (minDomains <= 0) errs.push(invalid(at.child('minDomains'), value, NOT_POSITIVE))
      if (action !== 'DoNotSchedule')
        errs.push(
          invalid(
            at.child('minDomains'),
            value,
            `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${action}`
          )
        )
    }
    for (const key of ['nodeAffinityPolicy', 'nodeTaintsPolicy']) {
      const policy = fieldOf(constraint, key)
      if (typeof policy === 'string' && !NODE_INCLUSION_POLICIES.includes(policy))
        errs.push(
          notSupported(
            at.child(key),
            new GoPointer('core.NodeInclusionPolicy', policy),
            NODE_INCLUSION_POLICIES
          )
        )
    }
    validateSpreadMatchLabelKeys(constraint, at.child('matchLabelKeys'), ctx, errs)
    for (const e of validateLabelSelector(
      objectOf(constraint, 'labelSelector'),
      at.child('labelSelector'),
      ctx
    ))
      errs.push(e)
  })
}
