/**
 * `celgate test --format junit|tap`: the same JUnit and TAP writers as `celgate check`
 * (report/junit.ts, tap.ts), with one case per test case of the suites.
 */
import { describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { runCliCaptured } from '../support/run-cli.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const cli = (args: string[]) => runCliCaptured(args, repo)
const suiteFile = 'fixtures/custom-resources/tests/gadgets.example.com/AAA_ungated.yaml'

describe('celgate test reports for CI systems', () => {
  it('writes JUnit XML: a case per test case, the failing one with its finding', async () => {
    const r = await cli(['test', 'fixtures/custom-resources', '--format', 'junit', '--quiet'])
    expect(r.code).toBe(1)
    expect(r.out).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="celgate" tests="7" failures="1" errors="0" skipped="0">\n/
    )
    expect(r.out).toContain(
      `<testsuite name="${suiteFile}" tests="7" failures="1" errors="0" skipped="0">`
    )
    const failing =
      /<testcase name="([^"]*)" classname="[^"]*">\n {6}<failure message="([^"]*)" type="test\/case-failed">/.exec(
        r.out
      )
    expect(failing?.[1]).toMatch(/onCreate Fails on purpose: the color pattern rejects upper case$/)
    expect(r.out.match(/<testcase /g)).toHaveLength(7)
  })

  it('writes TAP: a test point per test case, not ok for the failing one', async () => {
    const r = await cli(['test', 'fixtures/custom-resources', '-o', 'tap', '--quiet'])
    expect(r.code).toBe(1)
    const lines = r.out.split('\n')
    expect(lines.slice(0, 2)).toEqual(['TAP version 13', '1..7'])
    expect(lines.filter((l) => /^ok \d+ - /.test(l))).toHaveLength(6)
    const notOk = lines.filter((l) => /^not ok \d+ - /.test(l))
    expect(notOk).toHaveLength(1)
    expect(notOk[0]).toContain(`${suiteFile}: `)
    expect(notOk[0]).toContain('Fails on purpose')
    expect(r.out).toContain('      rule: "test/case-failed"')
    expect(lines.at(-2)).toBe('# 7 cases, 6 passed, 1 failed; failed')
  })
})
