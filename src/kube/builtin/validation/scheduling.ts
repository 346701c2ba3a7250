/**
 * PriorityClasses on create (kubernetes pkg/apis/scheduling/validation/validation.go:
 * ValidatePriorityClass; pkg/apis/scheduling/v1/helpers.go: IsKnownSystemPriorityClass), after
 * v1 defaulting (preemptionPolicy PreemptLowerPriority). A name starting `system-` must be one of
 * the two classes the apiserver creates, with their value and globalDefault; any other class
 * may not exceed 1000000000. A `system-` name made from generateName is not checked (its random
 * suffix cannot be known; it is never a system class name).
 */
import { FieldPath, forbidden, notSupported, required } from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import type { JsonObject } from '../../../common/json.js'
import { fieldOf, intOf, objectOf, stringOf } from './json.js'

/** scheduling.HighestUserDefinablePriority. */
const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000
/** scheduling.SystemCriticalPriority. */
const SYSTEM_CRITICAL_PRIORITY = 2 * HIGHEST_USER_DEFINABLE_PRIORITY
const SYSTEM_PREFIX = 'system-'

/** The classes the apiserver creates at bootstrap (neither is the global default). */
const SYSTEM_PRIORITY_CLASSES: ReadonlyArray<readonly [string, number]> = [
  ['system-node-critical', SYSTEM_CRITICAL_PRIORITY + 1000],
  ['system-cluster-critical', SYSTEM_CRITICAL_PRIORITY]
]

/** `IsKnownSystemPriorityClass`: undefined when known, else the error text. */
function unknownSystemClass(
  name: string,
  value: number,
  globalDefault: boolean
): string | undefined {
  for (const [known, knownValue] of SYSTEM_PRIORITY_CLASSES) {
    if (known !== name) continue
    if (value !== knownValue) return `value of ${known} PriorityClass must be ${knownValue}`
    if (globalDefault) return `globalDefault of ${known} PriorityClass must be false`
    return undefined
  }
  return `${name} is not a known system priority class`
}

const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never']

export function validatePriorityClass(pc: JsonObject): FieldError[] {
  const errs: FieldError[] = []
  const name = stringOf(objectOf(pc, 'metadata'), 'name')
  const value = intOf(pc, 'value') ?? 0
  if (name.startsWith(SYSTEM_PREFIX)) {
    const problem = unknownSystemClass(name, value, fieldOf(pc, 'globalDefault') === true)
    if (problem !== undefined)
      errs.push(
        forbidden(
          FieldPath.of('metadata', 'name'),
          `priority class names with '${SYSTEM_PREFIX}' prefix are reserved for system use only. error: ${problem}`
        )
      )
  } else if (value > HIGHEST_USER_DEFINABLE_PRIORITY)
    errs.push(
      forbidden(
        FieldPath.of('value'),
        `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`
      )
    )
  // ValidatePreemptionPolicy; a left-out policy is defaulted to PreemptLowerPriority.
  const policy = fieldOf(pc, 'preemptionPolicy')
  if (typeof policy === 'string') {
    if (policy === '') errs.push(required(FieldPath.of('preemptionPolicy')))
    else if (!PREEMPTION_POLICIES.includes(policy))
      errs.push(notSupported(FieldPath.of('preemptionPolicy'), policy, PREEMPTION_POLICIES))
  }
  return errs
}
