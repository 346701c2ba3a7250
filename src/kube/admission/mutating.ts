/**
 * MutatingAdmissionPolicy, applied offline (apiserver `policy/mutating/dispatcher.go`,
 * `mutating/patch`; policy-dryrun-spec.md §1.8): for each policy × binding × param whose
 * matchConditions hold, the mutations in order — ApplyConfiguration merged as server-side apply
 * merges, JSONPatch applied as RFC 6902 — each on the object the previous one produced, with a
 * fresh runtime budget. Failures are policy errors: under failurePolicy Fail the first one
 * rejects the request with `policy '<p>' with binding '<b>' denied request: <error>`.
 */
import { ListValue, toJs, type Value } from '../../cel/interpreter/index.js'
import type { AdmissionPolicy, PolicyBinding } from './api.js'
import {
  CompositionContext,
  admissionActivation,
  evaluateFilter,
  type EvaluationInput
} from './activation.js'
import { jsonChanges, mergeApplyConfiguration, type JsonChange } from './apply-configuration.js'
import type { CompiledPolicy } from './compile.js'
import { TestFailed, applyJsonPatch, type PatchOperation } from './json-patch.js'
import { JsonPatchValue, ObjectLiteralValue } from './patch-values.js'
import { evaluateMatchConditions } from './validator.js'
import { pushAll } from '../../common/arrays.js'
import { RUNTIME_CEL_COST_BUDGET } from '../limits.js'

type Json = Record<string, unknown>

/** One policy × binding × param that applies to the request. */
export interface MutationInvocation {
  compiled: CompiledPolicy
  binding: PolicyBinding
  param: Json | null
  paramName?: string
}

/** What one invocation did. */
export interface MutationRecord {
  policy: string
  binding: string
  param?: string
  /** How the object changed. */
  changes: JsonChange[]
  /** The first matchCondition that was false: the policy did not apply. */
  skippedByCondition?: string
  /** Errors of this invocation (before the failure policy decides). */
  errors: string[]
}

/** A policy error (generic.PolicyError) before the failure policy filters it. */
export interface MutationPolicyError {
  policy: AdmissionPolicy
  binding?: PolicyBinding
  message: string
  /** `Invalid` for evaluation errors; absent (Forbidden) for configuration errors. */
  reason?: string
}

/** `policy '<p>' with binding '<b>' denied request: <message>` (PolicyError.Error()). */
export function policyErrorMessage(e: MutationPolicyError): string {
  return e.binding
    ? `policy '${e.policy.name}' with binding '${e.binding.name}' denied request: ${e.message}`
    : `policy ${JSON.stringify(e.policy.name)} denied request: ${e.message}`
}

/**
 * Runs the invocations in order on `object`. `inputFor` builds each evaluation's inputs for the
 * current object (the request, params, namespace).
 */
export function applyMutations(
  invocations: readonly MutationInvocation[],
  object: Json,
  inputFor: (object: Json, invocation: MutationInvocation) => EvaluationInput,
  crdSchemaOf?: (object: Json) => Json | undefined
): { object: Json; records: MutationRecord[]; errors: MutationPolicyError[] } {
  let current = object
  const records: MutationRecord[] = []
  const errors: MutationPolicyError[] = []
  for (const invocation of invocations) {
    const { compiled, binding } = invocation
    const record: MutationRecord = invocation.paramName
      ? {
          policy: compiled.policy.name,
          binding: binding.name,
          param: invocation.paramName,
          changes: [],
          errors: []
        }
      : { policy: compiled.policy.name, binding: binding.name, changes: [], errors: [] }
    records.push(record)
    const fail = (message: string): void => {
      record.errors.push(message)
      errors.push({ policy: compiled.policy, binding, message, reason: 'Invalid' })
    }
    const conditions = evaluateMatchConditions(compiled, inputFor(current, invocation))
    if (conditions.error !== undefined) {
      fail(conditions.error)
      continue
    }
    if (!conditions.matches) {
      record.skippedByCondition = conditions.failedCondition ?? ''
      continue
    }
    const before = current
    compiled.policy.mutations.forEach((mutation, i) => {
      const expression = compiled.mutations[i]
      if (!expression) return
      if (expression.error) {
        fail(expression.error.detail)
        return
      }
      const input = inputFor(current, invocation)
      const context = new CompositionContext()
      const activation = admissionActivation(input, {
        authorizer: true,
        params: compiled.policy.paramKind !== undefined,
        namespace: input.namespace,
        composition: { variables: compiled.variables, context },
        environment: compiled.environment
      })
      const run = evaluateFilter([expression], activation, context, RUNTIME_CEL_COST_BUDGET)
      if ('fatal' in run) {
        fail(run.fatal)
        return
      }
      const outcome = run.outcomes[0]!
      if (outcome.error !== undefined) {
        fail(outcome.error)
        return
      }
      const patched =
        mutation.patchType === 'JSONPatch'
          ? applyJsonPatchValue(current, outcome.value ?? null)
          : applyConfigurationValue(current, outcome.value ?? null, crdSchemaOf?.(current))
      if ('error' in patched) fail(patched.error)
      // A patch that changes nothing keeps the object it was given: later evaluations of the
      // request then reuse that object's CEL value instead of converting an equal copy.
      else if (!identicalJson(patched.object, current)) current = patched.object
    })
    record.changes = jsonChanges(before, current)
  }
  return { object: current, records, errors }
}

export function applyConfigurationValue(
  object: Json,
  value: Value,
  schema: Json | undefined
): { object: Json } | { error: string } {
  if (!(value instanceof ObjectLiteralValue))
    return { error: 'unsupported return type from ApplyConfiguration expression' }
  const mismatches = typeNameMismatches(value, [value.typeName])
  if (mismatches.length > 0) return { error: `type mismatch: ${mismatches.join('\n')}` }
  const patch = celToJson(value)
  if ('error' in patch) return { error: `error applying patch: ${patch.error}` }
  return { object: mergeApplyConfiguration(object, patch.json, schema) as Json }
}

export function applyJsonPatchValue(
  object: Json,
  value: Value
): { object: Json } | { error: string } {
  if (!(value instanceof ListValue))
    return { error: 'type mismatch: JSONPatchType.expression should evaluate to array' }
  const operations: PatchOperation[] = []
  for (const item of value.items) {
    if (!(item instanceof JsonPatchValue))
      return {
        error: 'type mismatch: JSONPatchType.expression should evaluate to array of JSONPatch'
      }
    const field = (name: string): Value | undefined => item.find(name)
    const text = (name: string): string => {
      const v = field(name)
      return typeof v === 'string' ? v : ''
    }
    const op: PatchOperation = { op: text('op'), path: text('path') }
    const from = field('from')
    if (typeof from === 'string' && from !== '') op.from = from
    const v = field('value')
    if (v !== undefined) {
      if (v instanceof ObjectLiteralValue) {
        const mismatches = typeNameMismatches(v, [v.typeName])
        if (mismatches.length > 0) return { error: `type mismatch: ${mismatches.join('\n')}` }
      }
      const json = celToJson(v)
      if ('error' in json)
        return {
          error: `JSONPath valueExpression evaluated to a type that could not marshal to JSON: ${json.error}`
        }
      op.value = json.json
    }
    operations.push(op)
  }
  try {
    return { object: applyJsonPatch(object, operations) as Json }
  } catch (err) {
    // A failed test operation leaves the object as it was.
    if (err instanceof TestFailed) return { object }
    // The apiserver's prefix, as written (mutating/patch/json_patch.go: "JSONPath: %w").
    return { error: `JSONPath: ${err instanceof Error ? err.message : String(err)}` }
  }
}

/**
 * CheckTypeNamesMatchFieldPathNames: an `Object.a.b{}` literal must sit at field path a.b
 * below the root `Object{}`.
 */
function typeNameMismatches(v: Value, path: readonly string[]): string[] {
  const out: string[] = []
  if (v instanceof ObjectLiteralValue) {
    const expected = path.join('.')
    if (v.typeName !== expected)
      out.push(
        `unexpected type name "${v.typeName}", expected "${expected}", which matches field name path from root Object type`
      )
    for (const [k, child] of v.entries())
      if (typeof k === 'string') pushAll(out, typeNameMismatches(child, [...path, k]))
  } else if (v instanceof ListValue) {
    for (const item of v.items) pushAll(out, typeNameMismatches(item, path))
  }
  return out
}

function celToJson(v: Value): { json: unknown } | { error: string } {
  try {
    return { json: toJs(v, { integers: 'number' }) }
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) }
  }
}

/** Same JSON with keys in the same order (what CEL iteration and messages could observe). */
function identicalJson(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b)
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!identicalJson(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  if (
    Object.getPrototypeOf(a) !== Object.prototype ||
    Object.getPrototypeOf(b) !== Object.prototype
  )
    return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i]!
    if (key !== keysB[i]) return false
    if (!identicalJson((a as Json)[key], (b as Json)[key])) return false
  }
  return true
}
