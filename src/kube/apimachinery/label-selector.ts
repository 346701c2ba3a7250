/**
 * Label selectors as the apiserver parses and applies them (apimachinery
 * `metav1.LabelSelectorAsSelector`, `labels.NewRequirement`; pkg/apis/meta/v1/helpers.go and
 * pkg/labels/selector.go). The one port in celgate: admission matching, policy parameters and
 * Kyverno's selectors all use it. A nil selector matches nothing,
 * `{}` everything; `matchLabels` and `matchExpressions` (In, NotIn, Exists, DoesNotExist) are
 * ANDed, and NotIn / DoesNotExist match objects without the key (policy-dryrun-spec.md §1.3.1).
 * Invalid keys, values and operators are parse errors with apimachinery's text.
 */
import { FieldPath, aggregateMessage, goQuote, invalid } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { isQualifiedName, isValidLabelValue } from './names.js'
import { isJsonObject } from '../../common/json.js'

/** `metav1.LabelSelectorRequirement`. */
export interface LabelSelectorRequirement {
  key: string
  operator: string
  values?: string[]
}

/** `metav1.LabelSelector`. */
export interface LabelSelector {
  matchLabels?: Record<string, string>
  matchExpressions?: LabelSelectorRequirement[]
}

type Operator = 'in' | 'notin' | 'exists' | '!'

interface Requirement {
  key: string
  operator: Operator
  values: readonly string[]
}

export type Selector =
  | { kind: 'nothing' }
  | { kind: 'everything' }
  | { kind: 'requirements'; requirements: readonly Requirement[] }

export type ParsedSelector = Selector | { error: string }

const NOTHING: Selector = { kind: 'nothing' }
const EVERYTHING: Selector = { kind: 'everything' }

const OPERATORS: Record<string, Operator> = {
  In: 'in',
  NotIn: 'notin',
  Exists: 'exists',
  DoesNotExist: '!'
}

/** LabelSelectorAsSelector: the selector, or the parse error apimachinery reports. */
export function parseLabelSelector(selector: LabelSelector | undefined | null): ParsedSelector {
  if (selector === undefined || selector === null) return NOTHING
  const labels = Object.entries(selector.matchLabels ?? {})
  const expressions = selector.matchExpressions ?? []
  if (labels.length + expressions.length === 0) return EVERYTHING
  const requirements: Requirement[] = []
  // Go ranges over the matchLabels map in random order; sorted keys make errors stable.
  for (const [key, value] of labels.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const error = requirementErrors(key, 'in', [value], true)
    if (error) return { error }
    requirements.push({ key, operator: 'in', values: [value] })
  }
  for (const e of expressions) {
    const operator = OPERATORS[e.operator]
    if (operator === undefined)
      return { error: `${goQuote(e.operator)} is not a valid label selector operator` }
    const values = e.values ?? []
    const error = requirementErrors(e.key, operator, values, false)
    if (error) return { error }
    requirements.push({ key: e.key, operator, values })
  }
  return { kind: 'requirements', requirements }
}

/**
 * Parsed selectors by selector object: a dry-run matches every request against the same
 * policies and bindings. Selectors are read-only data of those objects.
 */
const parsedSelectors = new WeakMap<object, ParsedSelector>()

/** parseLabelSelector, remembered per selector object. */
export function cachedLabelSelector(selector: LabelSelector | undefined | null): ParsedSelector {
  if (typeof selector !== 'object' || selector === null) return parseLabelSelector(selector)
  let parsed = parsedSelectors.get(selector)
  if (parsed === undefined) {
    parsed = parseLabelSelector(selector)
    parsedSelectors.set(selector, parsed)
  }
  return parsed
}

/** labels.NewRequirement's validation, aggregated as its error prints. */
function requirementErrors(
  key: string,
  operator: Operator,
  values: readonly string[],
  equals: boolean
): string | undefined {
  const errors: FieldError[] = []
  const keyErrors = isQualifiedName(key)
  if (keyErrors.length > 0) errors.push(invalid(FieldPath.of('key'), key, keyErrors.join('; ')))
  const valuePath = FieldPath.of('values')
  if (equals) {
    if (values.length !== 1)
      errors.push(invalid(valuePath, values, 'exact-match compatibility requires one single value'))
  } else if (operator === 'in' || operator === 'notin') {
    // LabelSelectorAsSelector passes append([]string(nil), values...): nil when empty, which
    // the error prints as JSON null.
    if (values.length === 0)
      errors.push(
        invalid(valuePath, null, "for 'in', 'notin' operators, values set can't be empty")
      )
  } else if (values.length !== 0) {
    errors.push(
      invalid(valuePath, values, 'values set must be empty for exists and does not exist')
    )
  }
  values.forEach((v, i) => {
    const valueErrors = isValidLabelValue(v)
    if (valueErrors.length > 0)
      errors.push(invalid(valuePath.index(i).key(key), v, valueErrors.join('; ')))
  })
  return aggregateMessage(errors)
}

/** Whether the selector has no requirements (`{}`): it matches everything. */
export function isEmptySelector(selector: Selector): boolean {
  return selector.kind === 'everything'
}

export function selectorMatches(
  selector: Selector,
  labels: Readonly<Record<string, string>> | undefined
): boolean {
  switch (selector.kind) {
    case 'nothing':
      return false
    case 'everything':
      return true
    case 'requirements':
      return selector.requirements.every((r) => requirementMatches(r, labels ?? {}))
  }
}

function requirementMatches(r: Requirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key)
  switch (r.operator) {
    case 'in':
      return has && r.values.includes(labels[r.key]!)
    case 'notin':
      return !has || !r.values.includes(labels[r.key]!)
    case 'exists':
      return has
    case '!':
      return !has
  }
}

/** The labels of a JSON object (`metadata.labels`), or undefined when it has no metadata. */
export function labelsOf(obj: unknown): Record<string, string> | undefined {
  if (!isJsonObject(obj)) return undefined
  const metadata = obj.metadata
  if (!isJsonObject(metadata)) return undefined
  const labels = metadata.labels
  const out: Record<string, string> = {}
  if (isJsonObject(labels)) {
    for (const [k, v] of Object.entries(labels)) out[k] = typeof v === 'string' ? v : String(v)
  }
  return out
}
