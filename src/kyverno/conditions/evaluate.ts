/**
 * Condition blocks (policy-dryrun-spec.md §2.6.1, Kyverno pkg/engine/variables/evaluate.go):
 * `{any: [...], all: [...]}` or the legacy plain list (all must hold). Key and value are
 * substituted first; the first substitution error aborts the whole block.
 */
import type { JsonContext } from '../context.js'
import { isJsonObject } from '../../common/json.js'
import { substituteAll } from '../variables.js'
import { evaluateOperator } from './operators.js'
import { StacklessError } from '../stackless-error.js'

export interface Condition {
  key?: unknown
  operator?: string
  value?: unknown
  message?: string
}

/** The outcome of a block: whether it holds and the messages Kyverno joins for it. */
export interface ConditionsOutcome {
  readonly passed: boolean
  readonly message: string
}

/** A condition that cannot be evaluated (substitution failure, unknown operator). */
export class ConditionError extends StacklessError {}

const joinNonEmpty = (parts: readonly (string | undefined)[], separator: string): string =>
  parts.filter((p): p is string => p !== undefined && p !== '').join(separator)

/** variables.Evaluate: one condition. Throws ConditionError. */
export function evaluateCondition(context: JsonContext, condition: Condition): boolean {
  const key = substitute(context, condition.key ?? null, 'key')
  const value = substitute(context, condition.value ?? null, 'value')
  const result = evaluateOperator(key, condition.operator ?? '', value, {
    // Substituted values come from the resource, whose integers are int64.
    keyInts: typeof condition.key === 'string',
    valueInts: typeof condition.value === 'string'
  })
  if (result === undefined) {
    throw new ConditionError('failed to create handler for condition operator: %!w(<nil>)')
  }
  return result
}

function substitute(context: JsonContext, document: unknown, what: 'key' | 'value'): unknown {
  try {
    return substituteAll(context, document)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new ConditionError(`failed to substitute variables in condition ${what}: ${message}`)
  }
}

/**
 * EvaluateConditions: an any/all block or a legacy list; an absent block holds. Throws
 * ConditionError (the first error aborts, and `any` is evaluated before `all`).
 */
export function evaluateConditions(context: JsonContext, conditions: unknown): ConditionsOutcome {
  if (conditions === undefined || conditions === null) return { passed: true, message: '' }
  if (Array.isArray(conditions)) return evaluateLegacy(context, conditions as Condition[])
  if (!isJsonObject(conditions)) throw new ConditionError('invalid condition')
  const anyConditions = conditions.any as Condition[] | undefined | null
  const allConditions = (conditions.all ?? []) as Condition[]
  const trueMessages: (string | undefined)[] = []
  const falseMessages: (string | undefined)[] = []
  let anyResult = true
  if (Array.isArray(anyConditions)) {
    anyResult = false
    for (const condition of anyConditions) {
      if (evaluateCondition(context, condition)) {
        anyResult = true
        trueMessages.push(condition.message)
        break
      }
      falseMessages.push(condition.message)
    }
  }
  let allResult = true
  for (const condition of Array.isArray(allConditions) ? allConditions : []) {
    if (!evaluateCondition(context, condition)) {
      allResult = false
      falseMessages.push(condition.message)
      break
    }
    trueMessages.push(condition.message)
  }
  const passed = anyResult && allResult
  return { passed, message: joinNonEmpty(passed ? trueMessages : falseMessages, '; ') }
}

function evaluateLegacy(context: JsonContext, conditions: readonly Condition[]): ConditionsOutcome {
  const trueMessages: (string | undefined)[] = []
  for (const condition of conditions) {
    if (!evaluateCondition(context, condition)) {
      return { passed: false, message: condition.message ?? '' }
    }
    trueMessages.push(condition.message)
  }
  return { passed: true, message: joinNonEmpty(trueMessages, ';') }
}

export { joinNonEmpty }
