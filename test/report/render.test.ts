/**
 * The job summary and the PR comment as a reader gets them: their markdown is parsed by a GFM
 * renderer (marked, as GitHub's is GFM) and the structure checked, for the demo repository, a
 * large synthetic run and, where the corpus is present, gateway-api's CRD folder: the first
 * finding that blocks the merge comes before any table; no table is wider than the comment
 * column even at its narrowest (its long texts wrap, none is in a cell it widens); the comment
 * stays within GitHub's limit and its closing line counts exactly what it leaves out.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { marked } from 'marked'
import type { Token, Tokens } from 'marked'
import { check } from '../../src/core/check.js'
import { silentLogger } from '../../src/core/logger.js'
import { resolveOptions } from '../../src/core/options.js'
import type { CheckResult } from '../../src/core/result.js'
import type { Finding, Severity } from '../../src/findings/model.js'
import { countBySeverity } from '../../src/findings/model.js'
import { GITHUB_COMMENT_LIMIT } from '../../src/report/comment.js'
import { renderCheckRunSummary, renderCommentBody } from '../../src/report/comment-view.js'
import { renderSummary, topFindings } from '../../src/report/summary.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const links = {
  blobBase: 'https://github.com/octo-org/demo/blob/0123456789abcdef0123456789abcdef01234567',
  runUrl: 'https://github.com/octo-org/demo/actions/runs/42/attempts/1'
}

/**
 * The comment column of a pull request on github.com at 1280 px, and what a character and a
 * cell's padding take there (14 px text, code at 85%; 13 px padding each side).
 */
const COLUMN_PX = 780
const CHAR_PX = 7.5
const CELL_PADDING_PX = 27

function tokens(md: string): Token[] {
  return marked.lexer(md, { gfm: true })
}

/** Every token in document order, depth first (lists hold their items' tokens). */
function walk(list: readonly Token[], out: Token[] = []): Token[] {
  for (const t of list) {
    out.push(t)
    const children = (t as { tokens?: Token[] }).tokens
    if (children) walk(children, out)
    if (t.type === 'list') walk((t as Tokens.List).items, out)
  }
  return out
}

/** The text a cell shows, with a space where a line may break (`<br>`, `<wbr>`, spaces). */
function cellText(cell: Tokens.TableCell): string {
  return cell.text
    .replace(/<(br|wbr)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(
      /&(amp|lt|gt|quot);/g,
      (_, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[n]!
    )
}

/** Characters of the longest run a browser cannot break: a cell is never narrower. */
function longestWord(cell: Tokens.TableCell): number {
  return Math.max(
    0,
    ...cellText(cell)
      .split(/\s+/)
      .map((w) => Array.from(w).length)
  )
}

/**
 * Tables wider than the comment column, which GitHub shows with a horizontal scroll bar: the
 * narrowest a table can be is the sum of its columns' longest unbreakable words.
 */
function wideTables(md: string): string[] {
  return walk(tokens(md))
    .filter((t): t is Tokens.Table => t.type === 'table')
    .filter((t) => {
      let width = 0
      for (let c = 0; c < t.header.length; c++) {
        const words = [t.header, ...t.rows].map((row) => {
          const cell = row[c]
          return cell ? longestWord(cell) : 0
        })
        width += Math.max(...words) * CHAR_PX + CELL_PADDING_PX
      }
      return width > COLUMN_PX
    })
    .map((t) => t.raw.split('\n')[0]!)
}

/** Where, in document order, the first table and the first mention of `needle` are. */
function positions(md: string, needle: string): { table: number; finding: number } {
  const all = walk(tokens(md))
  const table = all.findIndex((t) => t.type === 'table')
  const finding = all.findIndex(
    (t) => (t.type === 'list_item' || t.type === 'paragraph') && t.raw.includes(needle)
  )
  return { table: table < 0 ? Infinity : table, finding }
}

/** `<code>file:line</code>` of a finding as the one-line views write it. */
function placeOf(f: Finding): string {
  const where = f.location.range
    ? `${f.location.file}:${f.location.range.startLine}`
    : f.location.file
  return `<code>${where}</code>`
}

/** Findings the comment's lines stand for (`×N` folds N) and the count its closing line gives. */
function commentCounts(body: string): { shown: number; hidden: number; total: number | undefined } {
  let shown = 0
  for (const t of walk(tokens(body)))
    if (t.type === 'list_item' && /^- (❌|⚠️|ℹ️)/.test(t.raw)) {
      const folded = /<\/code> ×([\d,]+)/.exec(t.raw)
      shown += folded ? Number(folded[1]!.replace(/,/g, '')) : 1
    }
  const closing = /\*\*([\d,]+) of ([\d,]+) findings are not shown here\*\*/.exec(body)
  const hidden = closing ? Number(closing[1]!.replace(/,/g, '')) : 0
  const total = closing ? Number(closing[2]!.replace(/,/g, '')) : undefined
  return { shown, hidden, total }
}

/** The Checks API's limit of `output.summary`, in UTF-8 bytes. */
const CHECK_RUN_SUMMARY_BYTES = 65_535

function expectReadable(result: CheckResult): {
  summary: string
  comment: string
  checkRun: string
} {
  const summary = renderSummary(result, { links })
  const comment = renderCommentBody(result, { links })
  const checkRun = renderCheckRunSummary(result, { links, maxBytes: CHECK_RUN_SUMMARY_BYTES })
  const top = topFindings(result)
  if (top.length > 0) {
    for (const md of [summary, comment, checkRun]) {
      const { table, finding } = positions(md, placeOf(top[0]!))
      expect(finding).toBeGreaterThanOrEqual(0)
      expect(finding).toBeLessThan(table)
    }
  }
  expect(wideTables(summary)).toEqual([])
  expect(wideTables(comment)).toEqual([])
  expect(wideTables(checkRun)).toEqual([])
  expect(comment.length).toBeLessThan(GITHUB_COMMENT_LIMIT)
  expect(Buffer.byteLength(checkRun, 'utf8')).toBeLessThanOrEqual(CHECK_RUN_SUMMARY_BYTES)
  // The check run links to the job summary for the rest.
  expect(checkRun).toContain(`[job summary](${links.runUrl})`)
  // The closing line is true: what the lines show and what it counts make the whole.
  for (const view of [comment, checkRun]) {
    const { shown, hidden, total } = commentCounts(view)
    expect(shown + hidden).toBe(total ?? result.findings.length)
    if (total !== undefined) expect(total).toBe(result.findings.length)
  }
  return { summary, comment, checkRun }
}

async function checkFolder(folder: string): Promise<CheckResult> {
  return (await check(resolveOptions(folder, {}, {}).check, silentLogger)).result
}

describe('the rendered reports of the demo repository', () => {
  it('show the first blocking finding before any table, and no wide table', async () => {
    const result = await checkFolder(path.join(repo, 'fixtures/demo'))
    expect(result.gate.failed).toBe(true)
    const { summary, comment } = expectReadable(result)
    // The links point at the reviewed commit's lines, and the comment at the run's summary.
    expect(summary).toContain(`](${links.blobBase}/`)
    expect(comment).toContain(links.runUrl)
    // Statistics come last, collapsed.
    expect(summary.indexOf('<details><summary>Overview')).toBeGreaterThan(
      summary.indexOf('### CEL rule costs')
    )
  })
})

function finding(
  ruleId: string,
  severity: Severity,
  file: string,
  line: number,
  message: string,
  data?: Finding['data']
): Finding {
  return {
    ruleId,
    severity,
    title: ruleId,
    message,
    location: { file, range: { startLine: line, startColumn: 1, endLine: line, endColumn: 2 } },
    ...(data ? { data } : {})
  }
}

/** A run the size of a big repository: thousands of findings, many alike, long messages. */
function largeRun(): CheckResult {
  const findings: Finding[] = []
  const long = (i: number): string =>
    `The value of spec.listeners[${i}].hostname does not match the pattern. ${'The apiserver rejects it with a long explanation that goes on and on. '.repeat(8)}`
  for (let i = 0; i < 180; i++)
    findings.push(finding('cr/invalid', 'error', `samples/app-${i}.yaml`, 3 + i, long(i)))
  for (let i = 0; i < 900; i++)
    findings.push(
      finding(
        'cr/pruned-field',
        'warning',
        `samples/team-${i % 300}/routes.yaml`,
        10 + i,
        'spec.rules[0].backendRef is not in the schema of HTTPRoute (CRD httproutes.gateway.networking.k8s.io): the apiserver drops it.'
      )
    )
  for (let i = 0; i < 2400; i++)
    findings.push(
      finding(
        'cr/defaulted-field',
        'notice',
        `samples/gw-${i % 40}.yaml`,
        5 + (i % 90),
        `The schema default sets spec.f${i % 60} = 1.`,
        { crd: `crd${i % 12}.example.com`, field: `spec.f${i % 60}` }
      )
    )
  for (let i = 0; i < 400; i++)
    findings.push(
      finding(
        'yaml/crlf-line-endings',
        'notice',
        `config/${i}.yaml`,
        1,
        `config/${i}.yaml uses CRLF line endings.`
      )
    )
  const counts = countBySeverity(findings)
  return {
    tool: { name: 'celgate', version: '0.1.0' },
    summary: {
      root: '.',
      files: 2000,
      bytes: 12_000_000,
      documents: 4000,
      skipped: { 'Helm template': 12 },
      celRules: 0,
      kinds: { resource: 4000 },
      findings: counts,
      timings: [{ phase: 'parse', ms: 900 }]
    },
    gate: { failOn: 'error', failed: true, reason: `${counts.error} errors at or above fail-on` },
    findings,
    crds: [],
    worstBudgetRatio: 0,
    kubernetesVersions: ['1.36'],
    costGate: { warnRatio: 0.5, failRatio: 1 },
    policies: []
  }
}

describe('the rendered reports of a large run', () => {
  const result = largeRun()

  it('keep their structure, fold alike findings and stay within the comment limit', () => {
    const { summary, comment } = expectReadable(result)
    // 900 identical warnings are one line with a count, the 2,400 defaults one line per CRD.
    expect(summary).toMatch(/<code>cr\/pruned-field<\/code> ×900 /)
    expect(summary.match(/<code>cr\/defaulted-field<\/code> ×/g)).toHaveLength(12)
    expect(comment).toContain('**')
    expect(comment).toMatch(/findings are not shown here\*\*; the \[job summary\]\(/)
  })
})

/**
 * A run whose messages and file names are three-byte characters (a team that writes its CRDs in
 * Japanese): the comment view keeps to its line limits and 65,000 characters, yet its UTF-8 is
 * far over the 65,535 bytes a check run's summary may hold.
 */
function multibyteRun(): CheckResult {
  const base = largeRun()
  const sentence = (i: number): string =>
    `値${i}は無効です${'この値はスキーマの規則に一致しないため拒否されます'.repeat(10)}`
  const findings: Finding[] = []
  for (let i = 0; i < 60; i++)
    findings.push(finding('cr/invalid', 'error', `サンプル/アプリ-${i}.yaml`, 3, sentence(i)))
  const families = ['cr', 'crd', 'builtin', 'yaml', 'workspace', 'admission', 'kyverno', 'test']
  for (const family of families)
    for (let i = 0; i < 20; i++)
      findings.push(
        finding(`${family}/警告`, 'warning', `チーム-${family}/経路-${i}.yaml`, 10, sentence(i))
      )
  const counts = countBySeverity(findings)
  return {
    ...base,
    summary: { ...base.summary, findings: counts },
    gate: { failOn: 'error', failed: true, reason: `${counts.error} errors at or above fail-on` },
    findings
  }
}

describe('the check-run summary of a run in three-byte characters', () => {
  it('fits the Checks API by bytes, not characters, and counts what it leaves out', () => {
    const result = multibyteRun()
    const { comment, checkRun } = expectReadable(result)
    // The comment's view would not fit a check run: the check run's is built to its bytes.
    expect(comment.length).toBeLessThan(CHECK_RUN_SUMMARY_BYTES)
    expect(Buffer.byteLength(comment, 'utf8')).toBeGreaterThan(CHECK_RUN_SUMMARY_BYTES)
    expect(Buffer.byteLength(checkRun, 'utf8')).toBeGreaterThan(CHECK_RUN_SUMMARY_BYTES - 2_000)
    expect(checkRun).toMatch(/^## ❌ celgate: failed\n/)
    expect(checkRun).toMatch(/findings are not shown here\*\*; the \[job summary\]\(/)
  })
})

const gatewayApi = path.join(repo, '../shared/corpus/crds/gateway-api')

describe.each(existsSync(gatewayApi) ? [gatewayApi] : [])(
  'the rendered reports of %s',
  (folder) => {
    it('keep their structure', async () => {
      const { comment } = expectReadable(await checkFolder(folder))
      expect(comment.length).toBeGreaterThan(0)
    })
  }
)
