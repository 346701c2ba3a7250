/**
 * Scalar value patterns: Kyverno's `pattern.Validate(value, pattern)` (policy-dryrun-spec.md
 * §2.3.4). The resource value is compared with one pattern leaf: booleans, numbers and null by
 * type; strings as `|`-separated alternatives of `&`-joined conditions, each an optional
 * operator (`>=`, `<=`, `>`, `<`, `!`, ranges `a-b` / `a!-b`) followed by an operand compared
 * as a duration, then as a quantity, then as a wildcard string.
 *
 * Numbers in the resource that are integral are int64 (Kubernetes' unstructured decoding);
 * numbers in the pattern are float64 (the policy is decoded by encoding/json).
 */
import { wildcardMatch } from '../go/wildcard.js'
import { formatFloatE, formatFloatF6, isGoInt, parseGoFloat } from '../go/format.js'
import { isJsonObject } from '../../common/json.js'
import { compareBigints, parseGoDuration, parseQuantity } from '../go/parse.js'

/** Operators of a string pattern condition (Kyverno pkg/engine/operator). */
export type PatternOperator = '' | '>=' | '<=' | '!' | '>' | '<' | '-' | '!-'

const RANGE_OPERAND = String.raw`[-|+]?[0-9]+(?:\.[0-9]+)?[A-Za-z]*`
export const IN_RANGE = new RegExp(`^(${RANGE_OPERAND})-(${RANGE_OPERAND})$`)
export const NOT_IN_RANGE = new RegExp(`^(${RANGE_OPERAND})!-(${RANGE_OPERAND})$`)

/** operator.GetOperatorFromStringPattern: the operator a condition starts with. */
export function operatorOf(pattern: string): PatternOperator {
  if (pattern.length < 2) return ''
  for (const op of ['>=', '<=', '>', '<', '!'] as const) {
    if (pattern.startsWith(op)) return op
  }
  if (NOT_IN_RANGE.test(pattern)) return '!-'
  if (IN_RANGE.test(pattern)) return '-'
  return ''
}

/** pattern.Validate: whether the resource value satisfies one pattern leaf. */
export function validateValue(value: unknown, pattern: unknown): boolean {
  if (typeof pattern === 'boolean') return typeof value === 'boolean' && value === pattern
  if (typeof pattern === 'number') return validateNumberPattern(value, pattern)
  if (pattern === null || pattern === undefined) return validateNullPattern(value)
  if (typeof pattern === 'string') return validateStringPatterns(value, pattern)
  if (Array.isArray(pattern)) return false
  // A map pattern only checks that the value is a map (the element walk checks the content).
  if (isJsonObject(pattern)) return isJsonObject(value)
  return false
}

function validateNumberPattern(value: unknown, pattern: number): boolean {
  if (typeof value === 'number') return value === pattern
  if (typeof value === 'string') return parseGoFloat(value) === pattern
  return false
}

function validateNullPattern(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (typeof value === 'number') return value === 0
  if (typeof value === 'string') return value === ''
  if (typeof value === 'boolean') return !value
  return false
}

function validateStringPatterns(value: unknown, pattern: string): boolean {
  // Go compares the interface values: equal only when the value is this very string.
  if (value === pattern) return true
  return pattern.split('|').some((alternative) =>
    alternative
      .trim()
      .split('&')
      .every((condition) => validateStringPattern(value, condition.trim()))
  )
}

function validateStringPattern(value: unknown, pattern: string): boolean {
  const op = operatorOf(pattern)
  if (op === '-') {
    const m = IN_RANGE.exec(pattern)
    if (!m) return false
    return (
      validateStringPattern(value, `>= ${m[1]!}`) && validateStringPattern(value, `<= ${m[2]!}`)
    )
  }
  if (op === '!-') {
    const m = NOT_IN_RANGE.exec(pattern)
    if (!m) return false
    return validateStringPattern(value, `< ${m[1]!}`) || validateStringPattern(value, `> ${m[2]!}`)
  }
  return compareWithOperand(value, pattern.slice(op.length).trim(), op)
}

type ComparisonOperator = Exclude<PatternOperator, '-' | '!-'>

/** validateString: duration, then quantity, then wildcard string comparison. */
export function compareWithOperand(
  value: unknown,
  operand: string,
  op: ComparisonOperator
): boolean {
  const duration = compareDurations(value, operand, op)
  if (duration !== undefined) return duration
  const quantity = compareQuantities(value, operand, op)
  if (quantity !== undefined) return quantity
  return compareStrings(value, operand, op)
}

/** convertNumberToString: how a value reads as a duration or quantity (missing reads as 0). */
function numberText(value: unknown): string | undefined {
  if (value === null || value === undefined) return '0'
  if (typeof value === 'string') return value
  if (typeof value === 'number') {
    return isGoInt(value, true) ? BigInt(value).toString() : formatFloatF6(value)
  }
  return undefined
}

function byOperator(order: -1 | 0 | 1, op: ComparisonOperator): boolean {
  switch (op) {
    case '':
      return order === 0
    case '!':
      return order !== 0
    case '>':
      return order > 0
    case '<':
      return order < 0
    case '>=':
      return order >= 0
    case '<=':
      return order <= 0
  }
}

function compareDurations(
  value: unknown,
  operand: string,
  op: ComparisonOperator
): boolean | undefined {
  const expected = parseGoDuration(operand)
  if (expected === undefined) return undefined
  const text = numberText(value)
  if (text === undefined) return undefined
  const actual = parseGoDuration(text)
  if (actual === undefined) return undefined
  return byOperator(compareBigints(actual, expected), op)
}

function compareQuantities(
  value: unknown,
  operand: string,
  op: ComparisonOperator
): boolean | undefined {
  const expected = parseQuantity(operand)
  if (expected === undefined) return undefined
  const text = numberText(value)
  if (text === undefined) return undefined
  const actual = parseQuantity(text)
  if (actual === undefined) return undefined
  return byOperator(actual.cmp(expected), op)
}

function compareStrings(value: unknown, operand: string, op: ComparisonOperator): boolean {
  if (op !== '' && op !== '!') return false
  let text: string
  if (typeof value === 'string') text = value
  else if (typeof value === 'boolean') text = value ? 'true' : 'false'
  else if (typeof value === 'number')
    text = isGoInt(value, true) ? BigInt(value).toString() : formatFloatE(value)
  else return false
  const matched = wildcardMatch(operand, text)
  return op === '!' ? !matched : matched
}
