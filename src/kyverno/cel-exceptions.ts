/**
 * PolicyExceptions of Kyverno's CEL policies (policies.kyverno.io PolicyException; Kyverno
 * pkg/cel/policies/{vpol,mpol}/compiler and engine): an exception names policies by `policyRefs` (name and
 * kind) and applies when all of its `matchConditions` hold. One that exempts fully (no `images`,
 * no `allowedValues`) replaces the policy's result by an `exception` rule: `skip` "rule is
 * skipped due to policy exception: <keys>", or `pass` when the chosen exception (the one with
 * the highest `kyverno.io/exception-priority` label) says `reportResult: pass`.
 */
import type { CelEvaluator } from './cel.js'
import { objectKey } from './exceptions.js'
import { stringField } from './go/format.js'
import { isJsonObject } from '../common/json.js'
import type { JsonMap, RuleResult } from './types.js'

const PRIORITY_LABEL = 'kyverno.io/exception-priority'

/** The exceptions whose policyRefs name this policy (by name and kind). */
export function celExceptionsFor(policy: JsonMap, exceptions: readonly JsonMap[]): JsonMap[] {
  const name = isJsonObject(policy.metadata) ? policy.metadata.name : undefined
  return exceptions.filter((e) => {
    const spec = isJsonObject(e.spec) ? e.spec : {}
    const refs = Array.isArray(spec.policyRefs) ? spec.policyRefs : []
    return refs.some((r) => isJsonObject(r) && r.name === name && r.kind === policy.kind)
  })
}

/**
 * The exceptions that have not expired at `now`: from 1.19 the admission controller lists only
 * those (pkg/cel/engine/exception.go ListExceptions skips `exception.IsExpired()`, an
 * `expiresAt` before now). One without a readable `expiresAt` never expires.
 */
export function unexpiredCelExceptions(exceptions: readonly JsonMap[], now: Date): JsonMap[] {
  return exceptions.filter((e) => {
    const expiresAt = isJsonObject(e.spec) ? e.spec.expiresAt : undefined
    if (typeof expiresAt !== 'string') return true
    const at = Date.parse(expiresAt)
    return Number.isNaN(at) || now.getTime() <= at
  })
}

export type ExceptionOutcome =
  { kind: 'none' } | { kind: 'error'; message: string } | { kind: 'exempt'; result: RuleResult }

/** Evaluates the exceptions' conditions; a full exemption gives the `exception` rule. */
export function evaluateCelExceptions(
  evaluator: CelEvaluator,
  exceptions: readonly JsonMap[]
): ExceptionOutcome {
  const matched: JsonMap[] = []
  let full = false
  for (const exception of exceptions) {
    const spec = isJsonObject(exception.spec) ? exception.spec : {}
    const conditions = Array.isArray(spec.matchConditions) ? spec.matchConditions : []
    let matches = true
    const errors: string[] = []
    for (const c of conditions) {
      if (!isJsonObject(c) || typeof c.expression !== 'string') continue
      const outcome = evaluator.evaluate(c.expression)
      if ('error' in outcome) {
        errors.push(outcome.error)
        continue
      }
      if (outcome.value !== true) {
        matches = false
        break
      }
    }
    if (matches && errors.length > 0) {
      if (full) continue
      return { kind: 'error', message: errors.join('; ') }
    }
    if (!matches) continue
    matched.push(exception)
    const images = Array.isArray(spec.images) ? spec.images : []
    const values = Array.isArray(spec.allowedValues) ? spec.allowedValues : []
    if (images.length === 0 && values.length === 0) full = true
  }
  if (!full) return { kind: 'none' }
  let selected = matched[0]!
  let highest = 0
  for (const e of matched) {
    const labels =
      isJsonObject(e.metadata) && isJsonObject(e.metadata.labels) ? e.metadata.labels : {}
    const priority = Number.parseInt(stringField(labels[PRIORITY_LABEL]), 10)
    if (Number.isFinite(priority) && priority > highest) {
      highest = priority
      selected = e
    }
  }
  const keys = matched.map((e) =>
    objectKey(e as { metadata?: { name?: string; namespace?: string } })
  )
  const spec = isJsonObject(selected.spec) ? selected.spec : {}
  const status = spec.reportResult === 'pass' ? 'pass' : 'skip'
  return {
    kind: 'exempt',
    result: {
      rule: 'exception',
      status,
      message: `rule is ${status === 'pass' ? 'passed' : 'skipped'} due to policy exception: ${keys.join(', ')}`,
      exceptions: keys
    }
  }
}
