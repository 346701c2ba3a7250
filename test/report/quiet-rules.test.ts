/**
 * Notices a team cannot act on are off by default in annotations and SARIF (issue 32): on a
 * real CRD folder they are nearly all the notices. They stay findings (counted, folded in the
 * summary, each in the JSON report), and a team that names the rule under `rules:` gets them
 * annotated again.
 */
import { describe, expect, it } from '@jest/globals'
import path from 'node:path'
import type { Log } from 'sarif'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { CheckResult } from '../../src/core/result.js'
import { RULES } from '../../src/findings/catalogue.js'
import type { Finding } from '../../src/findings/model.js'
import { planAnnotations, renderWorkflowCommands } from '../../src/report/annotations.js'
import { jsonReportText } from '../../src/report/json.js'
import { annotatedFindings, isQuietFinding } from '../../src/report/quiet-rules.js'
import { toSarif } from '../../src/report/sarif.js'
import { renderSummary } from '../../src/report/summary.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)

async function checkFolder(
  folder: string,
  rules: Record<string, 'error' | 'warning' | 'notice'> = {}
): Promise<CheckResult> {
  const options = resolveOptions(path.join(repo, folder), { rules }, {}).check
  return (await check({ ...options, kubernetesVersions: ['1.36'] }, silentLogger)).result
}

const ofRule = (findings: readonly Finding[], id: string): Finding[] =>
  findings.filter((f) => f.ruleId === id)

const sarifResults = (log: Log): Array<{ ruleId?: string }> => log.runs[0]?.results ?? []

describe('the rules off by default in annotations and SARIF', () => {
  it('are notices, each with the reason docs/rules.md gives', () => {
    const quiet = [...RULES.values()].filter((r) => r.quietByDefault !== undefined)
    expect(quiet.map((r) => r.id).sort()).toEqual([
      'admission/cel-cost-estimate',
      'admission/mutated',
      'cr/defaulted-field'
    ])
    for (const rule of quiet) {
      expect(rule.defaultSeverity).toBe('notice')
      expect(rule.quietByDefault!.length).toBeGreaterThan(40)
    }
  })

  it('leave a quiet notice out unless the team names its rule, at any severity', () => {
    const defaulted: Finding = {
      ruleId: 'cr/defaulted-field',
      severity: 'notice',
      title: 'Field set by a schema default',
      message: 'The schema default sets spec.minReplicas = 1.',
      location: { file: 'samples/a.yaml' }
    }
    const crlf: Finding = { ...defaulted, ruleId: 'yaml/crlf-line-endings' }
    expect(isQuietFinding(defaulted)).toBe(true)
    expect(isQuietFinding(crlf)).toBe(false)
    expect(isQuietFinding(defaulted, { 'cr/defaulted-field': 'notice' })).toBe(false)
    // Raised by the team: a warning is named in `rules:`, and never quiet whatever the settings.
    expect(isQuietFinding({ ...defaulted, severity: 'warning' })).toBe(false)
    // `rules:` comes from the repository: an inherited key is not a setting.
    const inherited = Object.create({ 'cr/defaulted-field': 'notice' }) as Record<string, 'notice'>
    expect(isQuietFinding(defaulted, inherited)).toBe(true)
    expect(annotatedFindings([defaulted, crlf, defaulted])).toEqual({
      findings: [crlf],
      quiet: [['cr/defaulted-field', 2]]
    })
  })
})

describe('fixtures/custom-resources, whose samples a schema default fills', () => {
  it('annotates no defaulted field and gives SARIF no result for one, by default', async () => {
    const result = await checkFolder('fixtures/custom-resources')
    const defaulted = ofRule(result.findings, 'cr/defaulted-field')
    expect(defaulted.length).toBeGreaterThanOrEqual(3)

    const plan = planAnnotations(result.findings, { maxPerType: 50 })
    expect(plan.annotations.filter((a) => a.title.includes('(cr/defaulted-field)'))).toEqual([])
    expect(plan.quiet).toEqual([['cr/defaulted-field', defaulted.length]])
    expect(plan.total).toBe(result.findings.length - defaulted.length)
    expect(renderWorkflowCommands(plan)).not.toContain('cr/defaulted-field')

    const sarif = toSarif(result)
    expect(sarifResults(sarif).filter((r) => r.ruleId === 'cr/defaulted-field')).toEqual([])
    expect(sarifResults(sarif)).toHaveLength(result.findings.length - defaulted.length)
    expect(sarif.runs[0]?.properties?.['quietByDefault']).toEqual({
      'cr/defaulted-field': defaulted.length
    })
    expect(sarif.runs[0]?.invocations?.[0]?.toolExecutionNotifications?.[0]?.message.text).toMatch(
      /^\d+ notices \(cr\/defaulted-field \d+\) of rules that are off by default/
    )

    // Still findings: counted, one line per CRD in the summary, each field in the JSON report.
    expect(result.summary.findings.notice).toBeGreaterThanOrEqual(defaulted.length)
    const summary = renderSummary(result, {
      annotations: { shown: plan.annotations.length, total: plan.total, quiet: plan.quiet }
    })
    expect(summary.match(/<code>cr\/defaulted-field<\/code> ×\d+ — schema defaults of/g)).toEqual([
      `<code>cr/defaulted-field</code> ×${defaulted.length} — schema defaults of`
    ])
    expect(summary).toContain(
      `Not annotated: ${defaulted.length} notices (cr/defaulted-field ${defaulted.length}), of rules off by default`
    )
    // The JSON report folds a field defaulted alike in several samples into one entry with a count.
    const json = JSON.parse([...jsonReportText(result)].join('')) as {
      findings: Array<{ ruleId: string; count: number; data: { field: string } }>
    }
    const fields = json.findings.filter((f) => f.ruleId === 'cr/defaulted-field')
    expect(fields.reduce((sum, f) => sum + f.count, 0)).toBe(defaulted.length)
    expect(fields.map((f) => f.data.field).sort()).toEqual(
      [...new Set(defaulted.map((f) => String(f.data?.['field'])))].sort()
    )
  })

  it('annotates them again, and puts them in SARIF, when `rules:` names the rule', async () => {
    const rules = { 'cr/defaulted-field': 'notice' } as const
    const result = await checkFolder('fixtures/custom-resources', rules)
    const defaulted = ofRule(result.findings, 'cr/defaulted-field')
    const plan = planAnnotations(result.findings, { maxPerType: 50, rules })
    expect(plan.annotations.filter((a) => a.title.includes('(cr/defaulted-field)'))).toHaveLength(
      defaulted.length
    )
    expect(plan.quiet).toEqual([])
    const sarif = toSarif(result, { rules })
    expect(sarifResults(sarif).filter((r) => r.ruleId === 'cr/defaulted-field')).toHaveLength(
      defaulted.length
    )
    expect(sarif.runs[0]?.invocations?.[0]?.toolExecutionNotifications).toBeUndefined()
  })
})
