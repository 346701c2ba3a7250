/**
 * The resource validation handler (Kyverno pkg/engine/handlers/validation/validate_resource.go;
 * policy-dryrun-spec.md §2.3–§2.7): policy exceptions, then per rule (and per foreach level)
 * context → preconditions → deny | pattern/anyPattern | foreach, the pre-existing-violation
 * check of Enforce rules on UPDATE, and Kyverno's exact messages.
 */
import { evaluateConditions, joinNonEmpty } from './conditions/evaluate.js'
import { isJsonObject } from '../common/json.js'
import type { MatchRequest } from './match.js'
import { ruleSelects } from './match.js'
import { matchPattern } from './pattern/match-pattern.js'
import type { PatternError } from './pattern/anchor.js'
import type { PolicyContext } from './policy-context.js'
import { messageOf } from './policy-context.js'
import { failureActionOf } from './failure-action.js'
import type {
  ContextEntry,
  Deny,
  ForEachValidation,
  JsonMap,
  Rule,
  RuleResult,
  RuleStatus
} from './types.js'
import { substituteAll } from './variables.js'

/** An internal response; `undefined` where Kyverno produces no response. */
type Response = RuleResult | undefined

/** A rule's result; `properties` set, not spread in (one per rule and resource). */
function result(rule: Rule, status: RuleStatus, message: string): RuleResult {
  const out: { -readonly [K in keyof RuleResult]: RuleResult[K] } = {
    rule: rule.name,
    status,
    message
  }
  if (rule.reportProperties !== undefined) out.properties = rule.reportProperties
  return out
}

/** engineapi.RuleError: `<msg>: <err>`. */
export const ruleError = (rule: Rule, message: string, error?: unknown): RuleResult =>
  result(rule, 'error', error === undefined ? message : `${message}: ${messageOf(error)}`)

interface ValidatorSpec {
  contextEntries?: readonly ContextEntry[]
  conditions: unknown
  pattern?: unknown
  anyPattern?: unknown
  deny?: Deny
  foreach?: readonly ForEachValidation[]
  nesting: number
}

/** The root validator of a rule. */
export function validateRule(context: PolicyContext, rule: Rule): Response {
  return validate(context, rule, validatorSpec(rule.validate ?? {}, rule.preconditions, 0))
}

/** What a validator checks: the handlers `source` sets (null and absent alike are unset). */
function validatorSpec(
  source: Pick<ForEachValidation, 'pattern' | 'anyPattern' | 'deny' | 'foreach'>,
  conditions: unknown,
  nesting: number,
  contextEntries?: readonly ContextEntry[]
): ValidatorSpec {
  // Fields assigned one by one, not spread in: this runs for every rule and foreach element.
  const spec: ValidatorSpec = { conditions, nesting }
  if (contextEntries !== undefined) spec.contextEntries = contextEntries
  if (source.pattern !== undefined && source.pattern !== null) spec.pattern = source.pattern
  if (source.anyPattern !== undefined && source.anyPattern !== null)
    spec.anyPattern = source.anyPattern
  if (source.deny !== undefined && source.deny !== null) spec.deny = source.deny
  if (source.foreach !== undefined && source.foreach !== null) spec.foreach = source.foreach
  return spec
}

function validate(context: PolicyContext, rule: Rule, spec: ValidatorSpec): Response {
  try {
    context.loadContext(rule.name, spec.contextEntries)
  } catch (error) {
    return ruleError(rule, 'failed to load context', error)
  }
  let preconditions
  try {
    preconditions = evaluateConditions(context.json, spec.conditions)
  } catch (error) {
    return ruleError(rule, 'failed to evaluate preconditions', error)
  }
  if (!preconditions.passed) {
    return result(
      rule,
      'skip',
      joinNonEmpty(['preconditions not met', preconditions.message], '; ')
    )
  }

  let response: Response
  if (spec.deny !== undefined) {
    response = validateDeny(context, rule, spec.deny)
  } else if (spec.pattern !== undefined || spec.anyPattern !== undefined) {
    let pattern: unknown
    let anyPattern: unknown
    try {
      if (spec.pattern !== undefined) pattern = substituteAll(context.json, spec.pattern)
      else anyPattern = substituteAll(context.json, spec.anyPattern)
    } catch (error) {
      return ruleError(rule, 'variable substitution failed', error)
    }
    response = validateResourceWithRule(context, rule, pattern, anyPattern)
  } else if (spec.foreach !== undefined) {
    response = validateForEach(context, rule, spec.foreach, spec.nesting)
  }

  // Enforce + UPDATE: a violation the old object already had is allowed (§2.1 step 3g).
  if (failureActionOf(context, rule) === 'Enforce') {
    const allowExisting = rule.validate?.allowExistingViolations ?? true
    const isUpdate =
      (context.oldResource !== undefined && context.newResource !== undefined) ||
      context.operation === 'UPDATE'
    if (isUpdate && allowExisting && spec.nesting === 0) {
      const prior = validateOldObject(context, rule, spec)
      if (prior === 'error') {
        return {
          ...result(rule, 'skip', 'failed to validate old object'),
          ...propertiesOf(response)
        }
      }
      if (
        prior !== undefined &&
        response !== undefined &&
        response.status === 'fail' &&
        prior.status === 'fail'
      ) {
        return result(
          rule,
          'skip',
          'skipping the rule evaluation as pre-existing violations are allowed'
        )
      }
    }
  }
  return response
}

const propertiesOf = (r: Response): Partial<RuleResult> =>
  r?.properties !== undefined ? { properties: r.properties } : {}

function validateOldObject(
  context: PolicyContext,
  rule: Rule,
  spec: ValidatorSpec
): Response | 'error' {
  if (context.operation !== 'UPDATE') return 'error'
  const newResource = context.newResource
  const oldResource = context.oldResource
  context.setResources(undefined, oldResource)
  context.setOperation('CREATE')
  try {
    const request: MatchRequest = {
      resource: oldResource ?? {},
      kind: context.inputs.kind,
      operation: 'CREATE',
      namespaceLabels: context.inputs.namespaceLabels,
      ...(context.inputs.userInfo !== undefined ? { userInfo: context.inputs.userInfo } : {})
    }
    const policyNamespace =
      context.policy.kind === 'Policy' ? (context.policy.metadata?.namespace ?? '') : ''
    if (
      oldResource === undefined ||
      !ruleSelects(rule.match, rule.exclude, request, policyNamespace)
    ) {
      return result(rule, 'skip', 'resource not matched')
    }
    return validate(context, rule, spec)
  } finally {
    context.setResources(oldResource, newResource)
    context.setOperation('UPDATE')
  }
}

// ---------------------------------------------------------------------------------------------
// deny

function validateDeny(context: PolicyContext, rule: Rule, deny: Deny): RuleResult {
  let outcome
  try {
    outcome = evaluateConditions(context.json, deny.conditions)
  } catch (error) {
    return ruleError(rule, 'failed to check deny conditions', error)
  }
  if (!outcome.passed) return result(rule, 'pass', `validation rule '${rule.name}' passed.`)
  return result(rule, 'fail', denyMessage(context, rule, outcome.message))
}

function denyMessage(context: PolicyContext, rule: Rule, conditionMessage: string): string {
  const message = rule.validate?.message ?? ''
  if (message === '' && conditionMessage === '') return `validation error: rule ${rule.name} failed`
  const joined = joinNonEmpty([message, conditionMessage], '; ')
  let raw: unknown
  try {
    raw = substituteAll(context.json, joined)
  } catch {
    return conditionMessage
  }
  return typeof raw === 'string'
    ? raw
    : "the produced message didn't resolve to a string, check your policy definition."
}

// ---------------------------------------------------------------------------------------------
// pattern / anyPattern

function validateResourceWithRule(
  context: PolicyContext,
  rule: Rule,
  pattern: unknown,
  anyPattern: unknown
): Response {
  if (context.element !== undefined)
    return validatePatterns(context, rule, context.element, pattern, anyPattern)
  if (
    context.operation === 'DELETE' ||
    (context.operation === '' && context.newResource === undefined)
  ) {
    return undefined
  }
  return validatePatterns(context, rule, context.newResource ?? null, pattern, anyPattern)
}

function validatePatterns(
  context: PolicyContext,
  rule: Rule,
  resource: JsonMap | null,
  pattern: unknown,
  anyPattern: unknown
): RuleResult {
  if (pattern !== undefined) {
    const error = matchPattern(resource, pattern)
    if (error === undefined) return result(rule, 'pass', `validation rule '${rule.name}' passed.`)
    if (error.skip) return result(rule, 'skip', error.message)
    if (error.path === '') return result(rule, 'error', buildErrorMessage(context, rule, error, ''))
    return result(rule, 'fail', buildErrorMessage(context, rule, error, error.path))
  }
  if (!Array.isArray(anyPattern)) {
    return ruleError(
      rule,
      'failed to deserialize anyPattern, expected type array',
      'json: cannot unmarshal object into Go value of type []interface {}'
    )
  }
  const failed: string[] = []
  const skipped: string[] = []
  for (let i = 0; i < anyPattern.length; i++) {
    const error = matchPattern(resource, anyPattern[i])
    if (error === undefined) {
      return result(rule, 'pass', `validation rule '${rule.name}' anyPattern[${i}] passed.`)
    }
    if (error.skip) skipped.push(`rule ${rule.name}[${i}] skipped: ${error.message}`)
    else if (error.path === '') failed.push(`rule ${rule.name}[${i}] failed: ${error.message}`)
    else failed.push(`rule ${rule.name}[${i}] failed at path ${error.path}`)
  }
  if (skipped.length > 0 && failed.length === 0) return result(rule, 'skip', skipped.join(' '))
  if (failed.length > 0) return result(rule, 'fail', buildAnyPatternMessage(context, rule, failed))
  return result(rule, 'pass', rule.validate?.message ?? '')
}

/** The rule's message with variables substituted, or undefined when substitution fails. */
function substitutedMessage(context: PolicyContext, rule: Rule): string | undefined {
  try {
    const raw = substituteAll(context.json, rule.validate?.message ?? '')
    return typeof raw === 'string' ? raw : JSON.stringify(raw)
  } catch {
    return undefined
  }
}

function buildErrorMessage(
  context: PolicyContext,
  rule: Rule,
  error: PatternError,
  path: string
): string {
  if (!rule.validate?.message) {
    if (path !== '') return `validation error: rule ${rule.name} failed at path ${path}`
    return `validation error: rule ${rule.name} execution error: ${error.message}`
  }
  let message = substitutedMessage(context, rule)
  if (message === undefined) {
    return `validation error: variables substitution error in rule ${rule.name} execution error: ${error.message}`
  }
  if (!message.endsWith('.')) message += '.'
  if (path !== '') return `validation error: ${message} rule ${rule.name} failed at path ${path}`
  return `validation error: ${message} rule ${rule.name} execution error: ${error.message}`
}

function buildAnyPatternMessage(
  context: PolicyContext,
  rule: Rule,
  errors: readonly string[]
): string {
  const joined = errors.join(' ')
  if (!rule.validate?.message) return `validation error: ${joined}`
  const message = substitutedMessage(context, rule)
  if (message === undefined) {
    return `validation error: variables substitution error in rule ${rule.name} execution error: ${joined}`
  }
  return message.endsWith('.')
    ? `validation error: ${message} ${joined}`
    : `validation error: ${message}. ${joined}`
}

// ---------------------------------------------------------------------------------------------
// foreach

function validateForEach(
  context: PolicyContext,
  rule: Rule,
  foreachList: readonly ForEachValidation[],
  nesting: number
): Response {
  let applied = 0
  let listError: unknown
  for (const foreach of foreachList) {
    let elements: unknown[]
    try {
      elements = evaluateList(context, foreach.list ?? '')
    } catch (error) {
      if (messageOf(error).includes('Unknown key')) continue
      listError = error
      continue
    }
    const [response, count] = validateElements(context, rule, foreach, elements, nesting)
    if (response.status !== 'pass') return response
    applied += count
  }
  if (applied === 0) {
    if (listError !== undefined) return ruleError(rule, 'failed to evaluate list', listError)
    return undefined
  }
  return result(rule, 'pass', 'rule passed')
}

/** EvaluateList: the list's elements (a non-list result is a one-element list). */
function evaluateList(context: PolicyContext, list: string): unknown[] {
  const value = context.json.query(list)
  return Array.isArray(value) ? value : [value]
}

function validateElements(
  context: PolicyContext,
  rule: Rule,
  foreach: ForEachValidation,
  elements: readonly unknown[],
  nesting: number
): [RuleResult, number] {
  context.json.checkpoint()
  let applied = 0
  try {
    for (let index = 0; index < elements.length; index++) {
      const element = elements[index]
      if (element === null || element === undefined) continue
      context.json.resetToCheckpoint()
      const elementContext = context.copy()
      const data = element
      context.json.addElement(data, index, nesting)
      const scoped = foreach.elementScope ?? isJsonObject(data)
      if (foreach.elementScope === true && !isJsonObject(data)) {
        return [
          ruleError(
            rule,
            'failed to process foreach',
            `cannot use elementScope=true foreach rules for elements that are not maps, expected type=map got type=${Array.isArray(data) ? '[]interface {}' : typeof data === 'string' ? 'string' : typeof data === 'boolean' ? 'bool' : 'float64'}`
          ),
          applied
        ]
      }
      if (scoped && isJsonObject(data)) elementContext.element = data
      const r = validate(
        elementContext,
        rule,
        validatorSpec(foreach, foreach.preconditions, nesting + 1, foreach.context)
      )
      if (r === undefined || r.status === 'skip') continue
      if (r.status !== 'pass') {
        if (r.status === 'error' && r.message.includes('failed to evaluate preconditions')) continue
        return [result(rule, r.status, `validation failure: ${r.message}`), applied]
      }
      applied++
    }
    return [result(rule, 'pass', ''), applied]
  } finally {
    context.json.restore()
  }
}
