import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  changedLinesSince,
  parseUnifiedDiff,
  touchesChangedLines
} from '../../src/core/changed-lines.js'
import type { Finding } from '../../src/findings/model.js'
import { planAnnotations } from '../../src/report/annotations.js'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-changed-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.invalid'
    }
  })
}

describe('parseUnifiedDiff', () => {
  it('collects the new-side lines of each hunk, skipping deleted files', () => {
    const diff = [
      'diff --git a/crds/a.yaml b/crds/a.yaml',
      '--- a/crds/a.yaml',
      '+++ b/crds/a.yaml',
      '@@ -3 +3,2 @@ spec:',
      '@@ -10,2 +12 @@',
      '@@ -20,3 +20,0 @@',
      'diff --git a/gone.yaml b/gone.yaml',
      '--- a/gone.yaml',
      '+++ /dev/null',
      '@@ -1,4 +0,0 @@',
      '--- a/"na\\303\\257ve.yaml"',
      '+++ "b/na\\303\\257ve.yaml"',
      '@@ -0,0 +1 @@'
    ].join('\n')
    const changed = parseUnifiedDiff(diff)
    expect([...changed.keys()]).toEqual(['crds/a.yaml', 'naïve.yaml'])
    expect([...changed.get('crds/a.yaml')!]).toEqual([3, 4, 12])
    expect(touchesChangedLines(changed, 'crds/a.yaml', { startLine: 5, endLine: 12 })).toBe(true)
    expect(touchesChangedLines(changed, 'crds/a.yaml', { startLine: 5, endLine: 11 })).toBe(false)
    expect(touchesChangedLines(changed, 'other.yaml', undefined)).toBe(false)
  })
})

describe('changedLinesSince in a git repository', () => {
  it('diffs the working tree against the merge base of the base branch', () => {
    const repo = path.join(tmp, 'repo')
    mkdirSync(path.join(repo, 'crds'), { recursive: true })
    git(repo, 'init', '-q', '-b', 'main')
    writeFileSync(path.join(repo, 'crds/a.yaml'), 'a: 1\nb: 2\nc: 3\n')
    git(repo, 'add', '.')
    git(repo, 'commit', '-q', '-m', 'base')
    git(repo, 'checkout', '-q', '-b', 'feature')
    writeFileSync(path.join(repo, 'crds/a.yaml'), 'a: 1\nb: 20\nc: 3\nd: 4\n')
    git(repo, 'commit', '-q', '-am', 'change')
    const changed = changedLinesSince(repo, 'main')
    expect([...(changed?.get('crds/a.yaml') ?? [])]).toEqual([2, 4])
    expect(changedLinesSince(repo, 'no-such-ref')).toBeUndefined()
  })
})

describe('planAnnotations with changed lines', () => {
  const finding = (line: number, severity: Finding['severity'] = 'warning'): Finding => ({
    ruleId: 'crd/cel-rule-cost',
    severity,
    title: 'Rule cost',
    message: `at ${line}`,
    location: {
      file: 'crds/a.yaml',
      range: { startLine: line, startColumn: 1, endLine: line, endColumn: 2 }
    }
  })

  it('gives the slots to findings on lines the pull request changed first', () => {
    const findings = [1, 2, 3, 4, 5, 40, 41].map((n) => finding(n))
    const changedLines = new Map([['crds/a.yaml', new Set([40, 41])]])
    const plan = planAnnotations(findings, { maxPerType: 3, changedLines })
    expect(plan.annotations.map((a) => a.startLine)).toEqual([40, 41, 1])
    const unordered = planAnnotations(findings, { maxPerType: 3 })
    expect(unordered.annotations.map((a) => a.startLine)).toEqual([1, 2, 3])
  })
})
