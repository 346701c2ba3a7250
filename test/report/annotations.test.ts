import { describe, expect, it } from '@jest/globals'
import type { Finding, Severity } from '../../src/findings/model.js'
import { omittedNotice, planAnnotations, workflowCommand } from '../../src/report/annotations.js'

function finding(severity: Severity, line: number, extra: Partial<Finding> = {}): Finding {
  return {
    ruleId: 'yaml/syntax-error',
    severity,
    title: 'YAML syntax error',
    message: `problem on line ${line}`,
    location: {
      file: 'a.yaml',
      range: { startLine: line, startColumn: 3, endLine: line, endColumn: 7 }
    },
    ...extra
  }
}

describe('planAnnotations', () => {
  it('keeps the most severe first within the per-type limit and reserves slots', () => {
    const findings = [
      ...Array.from({ length: 12 }, (_, i) => finding('error', 100 - i)),
      ...Array.from({ length: 3 }, (_, i) => finding('warning', i + 1)),
      ...Array.from({ length: 12 }, (_, i) => finding('notice', i + 1))
    ]
    const plan = planAnnotations(findings, { maxPerType: 10, reservedErrorSlots: 1 })
    const count = (s: Severity) => plan.annotations.filter((a) => a.level === s).length
    expect([count('error'), count('warning'), count('notice')]).toEqual([9, 3, 9])
    // Within a severity, by file and line: the lowest lines win.
    expect(plan.annotations.filter((a) => a.level === 'error').map((a) => a.startLine)[0]).toBe(89)
    expect(plan.omitted).toBe(27 - 21)
    expect(omittedNotice(plan)).toMatch(/^6 more findings are not shown/)
  })

  it('needs no overflow notice when everything fits', () => {
    const plan = planAnnotations([finding('notice', 1)], { maxPerType: 10 })
    expect(plan.omitted).toBe(0)
    expect(omittedNotice(plan)).toBeUndefined()
  })

  it('drops columns on multi-line ranges, as GitHub ignores them there', () => {
    const multi = finding('error', 1, {
      location: {
        file: 'a.yaml',
        range: { startLine: 1, startColumn: 2, endLine: 3, endColumn: 4 }
      }
    })
    const [a] = planAnnotations([multi], { maxPerType: 10 }).annotations
    expect(a).toMatchObject({ startLine: 1, endLine: 3 })
    expect(a!.startColumn).toBeUndefined()
  })

  it('puts whole-file findings on line 1 and shortens huge messages to the runner limit', () => {
    const f = finding('warning', 1, { location: { file: 'b.yaml' }, message: 'x'.repeat(10_000) })
    const [a] = planAnnotations([f], { maxPerType: 10 }).annotations
    expect(a!.startLine).toBe(1)
    expect(a!.message.length).toBeLessThanOrEqual(4096)
    expect(a!.message.length).toBeGreaterThan(4090)
  })
})

describe('workflowCommand', () => {
  it('escapes data and properties so user text cannot break out of the command', () => {
    // A lone CR would overwrite the line in the log: it is shown as `\r`; `\n` stays a line break.
    const f = finding('error', 5, {
      title: 'Title: with, commas',
      message: '50% done\nsecond line\r::error::forged',
      location: {
        file: 'dir/we,ird:name.yaml',
        range: { startLine: 5, startColumn: 1, endLine: 5, endColumn: 3 }
      }
    })
    const [a] = planAnnotations([f], { maxPerType: 10 }).annotations
    const line = workflowCommand(a!)
    expect(line).toBe(
      '::error title=Title%3A with%2C commas (yaml/syntax-error),file=dir/we%2Cird%3Aname.yaml,line=5,endLine=5,col=1,endColumn=3::50%25 done%0Asecond line\\r::error::forged'
    )
    expect(line.split('\n')).toHaveLength(1)
  })
})
