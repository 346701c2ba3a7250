/**
 * Kyverno's label selectors: Kubernetes' (src/kube/apimachinery/label-selector.ts) after
 * Kyverno's wildcard expansion of `matchLabels` (pkg/utils/match/labels.go).
 */
import {
  parseLabelSelector,
  selectorMatches as apimachinerySelectorMatches,
  type LabelSelector,
  type Selector
} from '../kube/apimachinery/label-selector.js'
import { isJsonObject } from '../common/json.js'
import { expandSelectorLabels } from './pattern/wildcard-keys.js'
import { hasWildcard } from './go/wildcard.js'

export type { LabelSelector }

/** A selector that cannot be built, with the apimachinery message. */
export class SelectorError extends Error {}

/** LabelSelectorAsSelector (apimachinery's parser); throws SelectorError. */
function selectorOf(selector: LabelSelector): Selector {
  const parsed = parseLabelSelector(selector)
  if ('error' in parsed) throw new SelectorError(parsed.error)
  return parsed
}

/**
 * CheckSelector: whether `labels` satisfy the selector (after wildcard expansion of
 * matchLabels). Throws SelectorError for an invalid selector.
 */
export function selectorMatches(
  selector: LabelSelector,
  labels: Readonly<Record<string, string>>
): boolean {
  const parsed = labelIndependentSelector(selector)
  if (parsed !== undefined) {
    if (parsed instanceof SelectorError) throw parsed
    return apimachinerySelectorMatches(parsed, labels)
  }
  const expanded: LabelSelector = {
    ...selector,
    ...(selector.matchLabels !== undefined
      ? { matchLabels: expandSelectorLabels(selector.matchLabels, labels) }
      : {})
  }
  return apimachinerySelectorMatches(selectorOf(expanded), labels)
}

/** The parsed selector (or the error parsing it) of selectors whose matchLabels have no wildcard. */
const selectorsBySelector = new WeakMap<object, Selector | SelectorError>()

/**
 * A selector that wildcard expansion leaves as it is (matchLabels of plain string keys and
 * values), parsed once per selector object: policies' selectors are checked against every
 * resource. Undefined for the others, whose requirements depend on the labels.
 */
function labelIndependentSelector(selector: LabelSelector): Selector | SelectorError | undefined {
  if (!isJsonObject(selector)) return undefined
  let parsed = selectorsBySelector.get(selector)
  if (parsed === undefined) {
    if (!hasPlainMatchLabels(selector.matchLabels)) return undefined
    try {
      parsed = selectorOf(selector)
    } catch (error) {
      if (!(error instanceof SelectorError)) throw error
      parsed = error
    }
    selectorsBySelector.set(selector, parsed)
  }
  return parsed
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
