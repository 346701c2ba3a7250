/**
 * A finding with a huge message (an apiserver error quoting a whole value, say) keeps its
 * beginning and the reason at its end in annotations and in the job summary, and its row.
 */
import { describe, expect, it } from '@jest/globals'
import type { CheckResult } from '../../src/core/result.js'
import type { Finding } from '../../src/findings/model.js'
import { countBySeverity } from '../../src/findings/model.js'
import { planAnnotations } from '../../src/report/annotations.js'
import { renderSummary } from '../../src/report/summary.js'

const REASON = 'must be no more than 63 characters'

function finding(line: number, message: string): Finding {
  return {
    ruleId: 'cr/validation',
    severity: 'error',
    title: 'Invalid custom resource',
    message,
    location: {
      file: 'deploy/app.yaml',
      range: { startLine: line, startColumn: 3, endLine: line, endColumn: 9 }
    }
  }
}

/** `spec.name: Invalid value: "xxxx…": must be …`, as the apiserver words it. */
const longMessage = (valueLength: number): string =>
  `spec.name: Invalid value: "${'x'.repeat(valueLength)}": ${REASON}`

function checkResult(findings: Finding[]): CheckResult {
  const counts = countBySeverity(findings)
  return {
    tool: { name: 'celgate', version: '0.1.0' },
    summary: {
      root: '.',
      files: 1,
      bytes: 1,
      documents: 1,
      skipped: {},
      celRules: 0,
      kinds: {},
      findings: counts,
      timings: []
    },
    gate: { failOn: 'error', failed: true, reason: `${counts.error} errors at or above fail-on` },
    findings,
    crds: [],
    worstBudgetRatio: 0,
    kubernetesVersions: ['1.35'],
    costGate: { warnRatio: 0.5, failRatio: 1 },
    policies: []
  }
}

describe('a long finding', () => {
  it('is annotated with its beginning and its reason, within the runner limit', () => {
    const [a] = planAnnotations([finding(1, longMessage(10_000))], { maxPerType: 10 }).annotations
    expect(a!.message.length).toBeLessThanOrEqual(4096)
    expect(a!.message.startsWith('spec.name: Invalid value: "xxx')).toBe(true)
    expect(a!.message.endsWith(`": ${REASON}`)).toBe(true)
    expect(a!.message).toMatch(/ … \[6,\d{3} characters left out\] … /)
  })

  it('keeps its line in the job summary, with its reason, and the lines after it', () => {
    const findings = [finding(1, longMessage(2_000_000)), finding(2, 'a short one')]
    const md = renderSummary(checkResult(findings))
    expect(md).not.toContain('Truncated')
    const rows = md.split('\n').filter((l) => l.startsWith('- ❌ error'))
    expect(rows).toHaveLength(2)
    // The line keeps the reason at the end of the first sentence, and stays short.
    expect(rows[0]).toMatch(
      new RegExp(
        `^- ❌ error <code>deploy/app.yaml:1</code> <code>cr/validation</code> — spec.name: Invalid value: &quot;x+ … x+&quot;: ${REASON}$`
      )
    )
    expect(rows[0]!.length).toBeLessThan(400)
    expect(rows[1]).toContain('a short one')
    // The collapsed details give as much of the message as an annotation does.
    const details = md.split('\n').find((l) => l.startsWith('- <code>cr/validation</code> at'))
    expect(details).toContain(REASON)
    expect(details!.length).toBeLessThan(5_000)
    expect(details!.length).toBeGreaterThan(4_000)
  })
})
