/**
 * Notices a team cannot act on where they are found (issue 32: "notices that a team cannot act
 * on are off by default"): the catalogue marks their rules `quietByDefault`, and their findings
 * stay out of the annotations (workflow commands, check run) and SARIF. They are still findings:
 * counted, folded in the summary and the PR comment, each one in the JSON report. A team that
 * wants them annotated names the rule under `rules:` in `.celgate.yaml` with a severity
 * (`cr/defaulted-field: notice`), as it would to change the severity.
 */
import type { RuleSetting } from '../core/options.js'
import { RULES } from '../findings/catalogue.js'
import type { Finding } from '../findings/model.js'

/** The team's `rules:` settings: a rule named there with a severity is annotated. */
export type RuleSettings = Readonly<Record<string, RuleSetting>>

/**
 * Whether the finding is left out of annotations and SARIF: a notice of a quiet rule the team
 * did not name. A quiet rule raised to a warning or an error is named, so it is never quiet.
 */
export function isQuietFinding(finding: Finding, rules: RuleSettings = {}): boolean {
  return (
    finding.severity === 'notice' &&
    !Object.hasOwn(rules, finding.ruleId) &&
    RULES.get(finding.ruleId)?.quietByDefault !== undefined
  )
}

/** The findings annotations and SARIF carry, in their order, and how many were left out. */
export function annotatedFindings<F extends Finding>(
  findings: readonly F[],
  rules: RuleSettings = {}
): { findings: F[]; quiet: QuietCounts } {
  const kept: F[] = []
  const quiet = new Map<string, number>()
  for (const f of findings) {
    if (isQuietFinding(f, rules)) quiet.set(f.ruleId, (quiet.get(f.ruleId) ?? 0) + 1)
    else kept.push(f)
  }
  return { findings: kept, quiet: [...quiet].sort((a, b) => (a[0] < b[0] ? -1 : 1)) }
}

/** Per quiet rule id, how many of its findings were left out, by rule id. */
export type QuietCounts = ReadonlyArray<readonly [ruleId: string, count: number]>

/** `1,532 notices (cr/defaulted-field 1,530, admission/mutated 2)`, or undefined for none. */
export function describeQuiet(quiet: QuietCounts): string | undefined {
  if (quiet.length === 0) return undefined
  const total = quiet.reduce((sum, [, n]) => sum + n, 0)
  const each = quiet.map(([id, n]) => `${id} ${n.toLocaleString('en-US')}`).join(', ')
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'notice' : 'notices'} (${each})`
}
