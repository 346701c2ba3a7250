/**
 * Condition operators of preconditions, deny conditions and foreach preconditions
 * (policy-dryrun-spec.md §2.6.2, Kyverno pkg/engine/variables/operator): one key, one operator,
 * one value, already substituted, to a boolean. Operator names are case-insensitive; an
 * unknown operator is an error (undefined here).
 *
 * `ints` says whether integral numbers in the key / value are Go int64 (values read from the
 * resource) rather than float64 (literals in the policy); it only changes how numbers are
 * stringified (`fmt.Sprint`) and parsed from strings.
 */
import { goSprint, isGoInt, parseGoFloat, parseGoInt } from '../go/format.js'
import { isJsonObject } from '../../common/json.js'
import { parseGoDuration, parseQuantity } from '../go/parse.js'
import { wildcardMatch } from '../go/wildcard.js'
import { operatorOf, validateValue } from '../pattern/value.js'
import { parseSemver, compareSemver } from '../../kube/cel/go/semver.js'
import type { SemverVersion } from '../../kube/cel/go/semver.js'
import { deepEqualJson } from '../../common/json.js'

export interface NumberKinds {
  readonly keyInts: boolean
  readonly valueInts: boolean
}

const FLOATS: NumberKinds = { keyInts: false, valueInts: false }

type Handler = (key: unknown, value: unknown, kinds: NumberKinds) => boolean

const HANDLERS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
  ['equal', equals],
  ['equals', equals],
  ['notequal', notEquals],
  ['notequals', notEquals],
  ['in', (k, v, n) => legacyIn(k, v, n, false)],
  ['notin', (k, v, n) => legacyIn(k, v, n, true)],
  ['anyin', (k, v, n) => anyIn(k, v, n, false)],
  ['anynotin', (k, v, n) => anyIn(k, v, n, true)],
  ['allin', (k, v, n) => allIn(k, v, n, false)],
  ['allnotin', (k, v, n) => allIn(k, v, n, true)],
  ['greaterthan', numeric((o) => o > 0)],
  ['greaterthanorequals', numeric((o) => o >= 0)],
  ['lessthan', numeric((o) => o < 0)],
  ['lessthanorequals', numeric((o) => o <= 0)],
  ['durationgreaterthan', durationCompare((o) => o > 0)],
  ['durationgreaterthanorequals', durationCompare((o) => o >= 0)],
  ['durationlessthan', durationCompare((o) => o < 0)],
  ['durationlessthanorequals', durationCompare((o) => o <= 0)]
])

/** Whether `operator` names a known condition operator. */
export function isKnownOperator(operator: string): boolean {
  return HANDLERS.has(operator.toLowerCase())
}

/** The condition's truth value, or undefined for an unknown operator. */
export function evaluateOperator(
  key: unknown,
  operator: string,
  value: unknown,
  kinds: NumberKinds = FLOATS
): boolean | undefined {
  const handler = HANDLERS.get(operator.toLowerCase())
  return handler === undefined ? undefined : handler(key, value, kinds)
}

// ---------------------------------------------------------------------------------------------
// Equals / NotEquals

/**
 * parseDuration: when key or value is a duration string (other than "0"), both as durations in
 * seconds (numbers count as seconds); undefined when neither is a duration or one side cannot be.
 */
function durationPair(key: unknown, value: unknown): [number, number] | undefined {
  const keyDuration = typeof key === 'string' && key !== '0' ? parseGoDuration(key) : undefined
  const valueDuration =
    typeof value === 'string' && value !== '0' ? parseGoDuration(value) : undefined
  if (keyDuration === undefined && valueDuration === undefined) return undefined
  const k = keyDuration !== undefined ? seconds(keyDuration) : secondsOfNumber(key)
  const v = valueDuration !== undefined ? seconds(valueDuration) : secondsOfNumber(value)
  if (k === undefined || v === undefined) return undefined
  return [k, v]
}

const seconds = (nanos: bigint): number => Number(nanos) / 1e9

/** time.Duration(n) * time.Second: the number truncated to whole seconds. */
function secondsOfNumber(n: unknown): number | undefined {
  if (typeof n !== 'number') return undefined
  return Math.trunc(n)
}

function equals(key: unknown, value: unknown, kinds: NumberKinds): boolean {
  if (typeof key === 'boolean') return typeof value === 'boolean' && key === value
  if (typeof key === 'number') return numberEquals(key, value, kinds.keyInts) ?? false
  if (typeof key === 'string') return stringEquals(key, value) ?? false
  if (Array.isArray(key)) return Array.isArray(value) && deepEqualJson(key, value)
  if (isJsonObject(key)) return isJsonObject(value) && deepEqualJson(key, value)
  return false
}

function notEquals(key: unknown, value: unknown, kinds: NumberKinds): boolean {
  if (typeof key === 'boolean') return typeof value !== 'boolean' || key !== value
  if (typeof key === 'number') {
    const eq = numberEquals(key, value, kinds.keyInts)
    return eq === undefined ? true : !eq
  }
  if (typeof key === 'string') {
    const eq = stringEquals(key, value, true)
    return eq === undefined ? true : !eq
  }
  if (Array.isArray(key)) return !Array.isArray(value) || !deepEqualJson(key, value)
  if (isJsonObject(key)) return !isJsonObject(value) || !deepEqualJson(key, value)
  return false
}

/** Equality of a numeric key; undefined where Go's handler falls through to its default. */
function numberEquals(key: number, value: unknown, keyIsInt: boolean): boolean | undefined {
  if (typeof value === 'number') return key === value
  if (typeof value === 'string') {
    if (isGoInt(key, keyIsInt)) {
      const parsed = parseGoInt(value)
      return parsed === undefined ? undefined : parsed === BigInt(key)
    }
    const parsed = parseGoFloat(value)
    return parsed === undefined ? undefined : parsed === key
  }
  return undefined
}

/**
 * Equality of a string key: durations first, then quantities, then the value as a wildcard
 * pattern. Undefined where Go's handler gives up (type mismatch, unparsable quantity).
 */
function stringEquals(key: string, value: unknown, negated = false): boolean | undefined {
  const durations = durationPair(key, value)
  if (durations) return durations[0] === durations[1]
  const keyQuantity = parseQuantity(key)
  if (keyQuantity !== undefined && typeof value === 'string') {
    // NotEquals compares an empty value as a string; Equals fails to parse it.
    if (!(negated && value === '')) {
      const valueQuantity = parseQuantity(value)
      return valueQuantity === undefined ? undefined : keyQuantity.equal(valueQuantity)
    }
  }
  if (typeof value === 'string') return wildcardMatch(value, key)
  return undefined
}

// ---------------------------------------------------------------------------------------------
// GreaterThan family

type Order = (order: number) => boolean

const compareNumbers = (a: number, b: number): number => (a < b ? -1 : a > b ? 1 : 0)

function numeric(test: Order): Handler {
  const handler = (key: unknown, value: unknown): boolean => {
    if (typeof key === 'number') return numericNumberKey(key, value, test)
    if (typeof key !== 'string') return false
    const durations = durationPair(key, value)
    if (durations) return test(compareNumbers(durations[0], durations[1]))
    const keyQuantity = parseQuantity(key)
    if (keyQuantity !== undefined && typeof value === 'string') {
      const valueQuantity = parseQuantity(value)
      if (valueQuantity !== undefined) return test(keyQuantity.cmp(valueQuantity))
    }
    const asFloat = parseGoFloat(key)
    if (asFloat !== undefined) return numericNumberKey(asFloat, value, test)
    const asInt = parseGoInt(key)
    if (asInt !== undefined) return numericNumberKey(Number(asInt), value, test)
    const version = semverOf(key)
    if (version !== undefined) {
      if (typeof value !== 'string') return false
      const other = semverOf(value)
      return other !== undefined && test(compareSemver(version, other))
    }
    return false
  }
  return handler
}

function numericNumberKey(key: number, value: unknown, test: Order): boolean {
  if (typeof value === 'number') return test(compareNumbers(key, value))
  if (typeof value !== 'string') return false
  const durations = durationPair(key, value)
  if (durations) return test(compareNumbers(durations[0], durations[1]))
  const asFloat = parseGoFloat(value)
  if (asFloat !== undefined) return test(compareNumbers(key, asFloat))
  const asInt = parseGoInt(value)
  if (asInt !== undefined) return test(compareNumbers(key, Number(asInt)))
  return false
}

function semverOf(text: string): SemverVersion | undefined {
  try {
    return parseSemver(text)
  } catch {
    return undefined
  }
}

// ---------------------------------------------------------------------------------------------
// Deprecated Duration* operators

function durationCompare(test: Order): Handler {
  return (key, value) => {
    const k = durationOperand(key)
    const v = durationOperand(value)
    if (k === undefined || v === undefined) return false
    // A string key must be a duration; numbers are seconds.
    return test(compareNumbers(k, v))
  }
}

function durationOperand(x: unknown): number | undefined {
  if (typeof x === 'number') return Math.trunc(x)
  if (typeof x === 'string') {
    const d = parseGoDuration(x)
    return d === undefined ? undefined : seconds(d)
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// Set operators

/** fmt.Sprint of a scalar key or list item. */
const sprint = (v: unknown, ints: boolean): string => goSprint(v, ints)

const isScalarKey = (k: unknown): boolean =>
  typeof k === 'string' || typeof k === 'number' || typeof k === 'boolean'

const bothWays = (a: string, b: string): boolean => wildcardMatch(a, b) || wildcardMatch(b, a)

/** A JSON string array, or undefined when the text is not one (Go's Unmarshal into []string). */
function jsonStringArray(text: string): string[] | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  if (parsed === null) return []
  if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === 'string' || x === null))
    return undefined
  return parsed.map((x) => (x === null ? '' : (x as string)))
}

const isJsonText = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * anyKeyExistsInArray / allKeyExistsInArray (the same for a scalar key): whether the key is a
 * member of the value; undefined for a value of the wrong type.
 */
function scalarMember(key: string, value: unknown, kinds: NumberKinds): boolean | undefined {
  if (Array.isArray(value))
    return value.some((item) => bothWays(sprint(item, kinds.valueInts), key))
  if (typeof value === 'string') {
    if (wildcardMatch(value, key)) return true
    if (operatorOf(value) === '-') return validateValue(key, value)
    let items: string[]
    if (isJsonText(value)) {
      const parsed = jsonStringArray(value)
      if (parsed === undefined) return undefined
      items = parsed
    } else items = [value]
    return items.includes(key)
  }
  return undefined
}

function anyIn(key: unknown, value: unknown, kinds: NumberKinds, negated: boolean): boolean {
  if (isScalarKey(key)) {
    const member = scalarMember(sprint(key, kinds.keyInts), value, kinds)
    if (member === undefined) return false
    return negated ? !member : member
  }
  if (!Array.isArray(key)) return false
  const keys = key.map((k) => sprint(k, kinds.keyInts))
  const values = setValues(keys, value, kinds, negated ? 'anyNotIn' : 'anyIn')
  if (typeof values === 'boolean') return values
  if (values === undefined) return false
  const isMember = (k: string): boolean => values.some((v) => bothWays(k, v))
  return negated ? keys.some((k) => !isMember(k)) : keys.some(isMember)
}

function allIn(key: unknown, value: unknown, kinds: NumberKinds, negated: boolean): boolean {
  if (isScalarKey(key)) {
    const member = scalarMember(sprint(key, kinds.keyInts), value, kinds)
    if (member === undefined) return false
    return negated ? !member : member
  }
  if (!Array.isArray(key)) return false
  const keys = key.map((k) => sprint(k, kinds.keyInts))
  const values = setValues(keys, value, kinds, negated ? 'allNotIn' : 'allIn')
  if (typeof values === 'boolean') return values
  if (values === undefined) return false
  const isMember = (k: string): boolean => values.some((v) => bothWays(k, v))
  return negated ? !keys.some(isMember) : keys.every(isMember)
}

type SetOperator = 'anyIn' | 'anyNotIn' | 'allIn' | 'allNotIn'

/**
 * The value side of a list key: the list of member strings, a decided boolean (single-key
 * equality shortcut, ranges), or undefined for a value of the wrong type.
 */
function setValues(
  keys: readonly string[],
  value: unknown,
  kinds: NumberKinds,
  op: SetOperator
): string[] | boolean | undefined {
  if (Array.isArray(value)) return value.map((v) => sprint(v, kinds.valueInts))
  if (typeof value === 'number' || typeof value === 'boolean') {
    // Only AnyIn/AnyNotIn accept a scalar number or boolean as a one-element list.
    return op === 'anyIn' || op === 'anyNotIn' ? [sprint(value, kinds.valueInts)] : undefined
  }
  if (typeof value !== 'string') return undefined
  const negated = op === 'anyNotIn' || op === 'allNotIn'
  if (keys.length === 1 && keys[0] === value) return !negated
  if (operatorOf(value) === '-') {
    switch (op) {
      case 'anyIn':
        return keys.some((k) => validateValue(k, value))
      case 'anyNotIn': {
        const outside = value.replace('-', '!-')
        return keys.some((k) => validateValue(k, outside))
      }
      case 'allIn':
        return keys.every((k) => validateValue(k, value))
      case 'allNotIn':
        return !keys.some((k) => validateValue(k, value))
    }
  }
  if (isJsonText(value)) return jsonStringArray(value)
  return [value]
}

/** Deprecated In / NotIn: exact membership, value lists must hold strings. */
function legacyIn(key: unknown, value: unknown, kinds: NumberKinds, negated: boolean): boolean {
  if (isScalarKey(key)) {
    const k = sprint(key, kinds.keyInts)
    let member: boolean | undefined
    if (Array.isArray(value))
      member = value.some((item) => bothWays(sprint(item, kinds.valueInts), k))
    else if (typeof value === 'string') {
      if (wildcardMatch(value, k)) member = true
      else {
        const items = jsonStringArray(value)
        member = items === undefined ? undefined : items.includes(k)
      }
    }
    if (member === undefined) return false
    return negated ? !member : member
  }
  if (!Array.isArray(key)) return false
  // Go asserts every key item is a string (a non-string panics); treat that as false.
  if (!key.every((k) => typeof k === 'string')) return false
  const keys = key
  let values: string[] | undefined
  if (Array.isArray(value)) {
    if (!value.every((v) => typeof v === 'string')) return false
    values = value
  } else if (typeof value === 'string') {
    // Go reports membership here for NotIn too.
    if (keys.length === 1 && keys[0] === value) return true
    values = jsonStringArray(value)
  }
  if (values === undefined) return false
  const set = new Set(values)
  return negated ? keys.some((k) => !set.has(k)) : keys.every((k) => set.has(k))
}
