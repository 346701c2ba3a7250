/**
 * Label selectors as Kubernetes evaluates them (metav1.LabelSelectorAsSelector, labels.Selector)
 * with Kyverno's wildcard expansion of `matchLabels` (pkg/utils/match/labels.go).
 */
import { isQualifiedName, isValidLabelValue } from '../kube/cel/go/apimachinery-validation.js'
import { isJsonObject } from './go/format.js'
import { expandSelectorLabels } from './pattern/wildcard-keys.js'

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
  const expanded: LabelSelector = {
    ...selector,
    ...(selector.matchLabels !== undefined
      ? { matchLabels: expandSelectorLabels(selector.matchLabels, labels) }
      : {})
  }
  return requirementsOf(expanded).every((r) => r(labels))
}

/** The string-valued entries of a labels / annotations map. */
export function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!isJsonObject(value)) return out
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v
  return out
}
