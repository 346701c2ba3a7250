/**
 * The gate of a pull request (issue 9 item 2), on top of the plain fail-on gate:
 * - `fail-on-new-only`: only new or worsened findings at or above fail-on fail; the ones already
 *   at the base are still reported, and only warn (the reason says how many);
 * - `max-cost-increase`: fail when any CEL rule's estimated cost grew by more than N percent.
 * Without a comparison (no base ref, a shallow clone), every finding counts and the cost gate
 * is not applied; the reason says so.
 */
import { countBySeverity } from '../findings/model.js'
import type { Finding, Severity } from '../findings/model.js'
import { gate } from './check.js'
import { costGrowthPercent, formatChange } from './delta.js'
import type { Comparison, RuleCostDelta } from './delta.js'
import type { FailOn, GateResult } from './result.js'

export interface PullRequestGateOptions {
  failOn: FailOn
  failOnNewOnly?: boolean
  /** Percent. */
  maxCostIncrease?: number
}

export interface PullRequestGate extends GateResult {
  /** Present when fail-on-new-only was asked for. */
  failOnNewOnly?: boolean
  /** Findings at or above fail-on that were already at the base and only warn. */
  existingFailing?: number
  /** Present when max-cost-increase was asked for (percent). */
  maxCostIncrease?: number
  /** Rules whose cost grew by more than max-cost-increase. */
  costIncreases?: RuleCostDelta[]
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`

function atOrAbove(failOn: FailOn, counts: Record<Severity, number>): number {
  if (failOn === 'never') return 0
  return failOn === 'error' ? counts.error : counts.error + counts.warning
}

export function gateWithDelta(
  findings: readonly Finding[],
  comparison: Comparison | undefined,
  options: PullRequestGateOptions
): PullRequestGate {
  const delta = comparison?.available ? comparison : undefined
  const reasons: string[] = []
  let failed = false
  const out: PullRequestGate = { failOn: options.failOn, failed: false, reason: '' }

  if (options.failOnNewOnly && delta && options.failOn !== 'never') {
    const changed = [...delta.findings.new, ...delta.findings.worsened.map((w) => w.finding)]
    const changedIds = new Set(changed)
    const verdict = gate(options.failOn, countBySeverity(changed))
    const existing = atOrAbove(
      options.failOn,
      countBySeverity(findings.filter((f) => !changedIds.has(f)))
    )
    failed ||= verdict.failed
    reasons.push(
      `${verdict.failed ? `new or worsened: ${verdict.reason}` : `no new or worsened findings at fail-on: ${options.failOn}`}` +
        (existing > 0
          ? `; ${plural(existing, 'finding')} already at the base only warn (fail-on-new-only)`
          : '')
    )
    out.failOnNewOnly = true
    out.existingFailing = existing
  } else {
    const verdict = gate(options.failOn, countBySeverity(findings))
    failed ||= verdict.failed
    reasons.push(verdict.reason)
    if (options.failOnNewOnly) {
      out.failOnNewOnly = true
      if (!delta)
        reasons.push('fail-on-new-only needs a base to compare with, so every finding counts')
    }
  }

  if (options.maxCostIncrease !== undefined) {
    out.maxCostIncrease = options.maxCostIncrease
    if (!delta) {
      reasons.push('max-cost-increase needs a base to compare with and was not applied')
    } else {
      const limit = options.maxCostIncrease
      const over = delta.rules.filter((r) => (costGrowthPercent(r) ?? 0) > limit)
      out.costIncreases = over
      if (over.length > 0) {
        failed = true
        const first = over[0]!
        const growth = costGrowthPercent(first)!
        reasons.push(
          `the cost of ${first.label} (${first.crd} ${first.version}) grew by ` +
            `${Number.isFinite(growth) ? formatChange(growth) : 'more than any percentage (from 0)'}` +
            `${over.length > 1 ? ` and ${plural(over.length - 1, 'more rule')} grew` : ''}` +
            `, over max-cost-increase: ${limit}%`
        )
      } else {
        reasons.push(`no rule's cost grew by more than ${limit}%`)
      }
    }
  }
  out.failed = failed
  out.reason = reasons.join('; ')
  return out
}

/**
 * The findings as annotations should show them under fail-on-new-only: the ones already at the
 * base that would fail the gate are shown as warnings ("existing ones warn"), their message
 * saying so; everything else as found. Without that option or a comparison, `findings` as is.
 */
export function findingsForAnnotations(
  findings: readonly Finding[],
  comparison: Comparison | undefined,
  options: PullRequestGateOptions
): Finding[] {
  if (!options.failOnNewOnly || !comparison?.available || options.failOn === 'never')
    return [...findings]
  const unchanged = new Set(comparison.findings.unchanged)
  const fails = (f: Finding): boolean =>
    f.severity === 'error' || (options.failOn === 'warning' && f.severity === 'warning')
  return findings.map((f) =>
    unchanged.has(f) && fails(f)
      ? {
          ...f,
          severity: 'warning',
          message: `[${f.severity}, already at the base: fail-on-new-only lets it pass] ${f.message}`
        }
      : f
  )
}
