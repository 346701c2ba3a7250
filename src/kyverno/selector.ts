/**
 * Label selectors as Kubernetes evaluates them (metav1.LabelSelectorAsSelector, labels.Selector)
 * with Kyverno's wildcard expansion of `matchLabels` (pkg/utils/match/labels.go).
 */
import { isQualifiedName, isValidLabelValue } from '../kube/apimachinery/names.js'
import { isJsonObject } from './go/format.js'
import { expandSelectorLabels } from './pattern/wildcard-keys.js'
import { hasWildcard } from './go/wildcard.js'

export interface LabelSelector {
  matchLabels?: Record<string, string>
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>
}

type Requirement = (labels: Readonly<Record<string, string>>) => boolean

/** A selector that cannot be built, with the apimachinery message. */
export class SelectorError extends Error {}

function validateKey(key: string): void {
  const errors = isQualifiedName(key)
  if (errors.length > 0) {
    throw new SelectorError(`key: Invalid value: "${key}": ${errors.join('; ')}`)
  }
}

function validateValue(value: string): void {
  const errors = isValidLabelValue(value)
  if (errors.length > 0) {
    throw new SelectorError(`values[0][${value}]: Invalid value: "${value}": ${errors.join('; ')}`)
  }
}

/** LabelSelectorAsSelector: the requirements of a selector; throws SelectorError. */
function requirementsOf(selector: LabelSelector): Requirement[] {
  const requirements: Requirement[] = []
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    validateKey(key)
    validateValue(String(value))
    requirements.push((labels) => Object.hasOwn(labels, key) && labels[key] === String(value))
  }
  for (const expression of selector.matchExpressions ?? []) {
    const { key, operator } = expression
    const values = expression.values ?? []
    validateKey(key)
    switch (operator) {
      case 'In':
      case 'NotIn': {
        if (values.length === 0) {
          throw new SelectorError(
            "values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty"
          )
        }
        values.forEach(validateValue)
        const set = new Set(values)
        requirements.push(
          operator === 'In'
            ? (labels) => Object.hasOwn(labels, key) && set.has(labels[key]!)
            : (labels) => !Object.hasOwn(labels, key) || !set.has(labels[key]!)
        )
        break
      }
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) {
          throw new SelectorError(
            'values: Invalid value: []: values set must be empty for exists and does not exist'
          )
        }
        requirements.push(
          operator === 'Exists'
            ? (labels) => Object.hasOwn(labels, key)
            : (labels) => !Object.hasOwn(labels, key)
        )
        break
      default:
        throw new SelectorError(`"${operator}" is not a valid label selector operator`)
    }
  }
  return requirements
}

/**
 * CheckSelector: whether `labels` satisfy the selector (after wildcard expansion of
 * matchLabels). Throws SelectorError for an invalid selector.
 */
export function selectorMatches(
  selector: LabelSelector,
  labels: Readonly<Record<string, string>>
): boolean {
  const requirements = labelIndependentRequirements(selector)
  if (requirements !== undefined) {
    if (requirements instanceof SelectorError) throw requirements
    return requirements.every((r) => r(labels))
  }
  const expanded: LabelSelector = {
    ...selector,
    ...(selector.matchLabels !== undefined
      ? { matchLabels: expandSelectorLabels(selector.matchLabels, labels) }
      : {})
  }
  return requirementsOf(expanded).every((r) => r(labels))
}

/** Requirements (or the error building them) of selectors whose matchLabels have no wildcard. */
const requirementsBySelector = new WeakMap<object, Requirement[] | SelectorError>()

/**
 * The requirements of a selector that wildcard expansion leaves as it is (matchLabels of plain
 * string keys and values), built once per selector object: policies' selectors are checked
 * against every resource. Undefined for the others, whose requirements depend on the labels.
 */
function labelIndependentRequirements(
  selector: LabelSelector
): Requirement[] | SelectorError | undefined {
  if (!isJsonObject(selector)) return undefined
  let requirements = requirementsBySelector.get(selector)
  if (requirements === undefined) {
    if (!hasPlainMatchLabels(selector.matchLabels)) return undefined
    try {
      requirements = requirementsOf(selector)
    } catch (error) {
      if (!(error instanceof SelectorError)) throw error
      requirements = error
    }
    requirementsBySelector.set(selector, requirements)
  }
  return requirements
}

/** Absent, or a map of strings without `*`/`?` (expandSelectorLabels copies it unchanged). */
function hasPlainMatchLabels(matchLabels: unknown): boolean {
  if (matchLabels === undefined) return true
  if (!isJsonObject(matchLabels)) return false
  for (const [key, value] of Object.entries(matchLabels))
    if (typeof value !== 'string' || hasWildcard(key) || hasWildcard(value)) return false
  return true
}

/** The string-valued entries of a labels / annotations map. */
export function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!isJsonObject(value)) return out
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v
  return out
}
