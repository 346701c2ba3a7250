/**
 * Accepting a known problem explicitly (issue 9 item 3), in two ways:
 * - inline, in the YAML: `# celgate-ignore <rule-id>: <reason>` on the finding's line or in the
 *   comment lines directly above it silences that rule there, and only there;
 * - a baseline file (`celgate baseline` writes it): findings recorded in it are silenced
 *   wherever they still occur, matched by rule, file and value path (not line numbers, which
 *   move with every edit above them).
 * A suppression without a reason still applies but is itself a warning: the next reader needs
 * to know why. Suppressed findings are not dropped: they are returned for the counts and the
 * JSON report.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { compareFindings, countBySeverity } from '../findings/model.js'
import type { Finding } from '../findings/model.js'
import { IGNORE_DIRECTIVE } from '../findings/ignore-directive.js'
import { lineRange, makeFinding } from '../findings/make.js'
import { manifestText } from '../workspace/text-encoding.js'
import type { Workspace } from '../workspace/workspace.js'
import { gate } from './check.js'
import { ConfigError } from './options.js'
import type { CheckResult } from './result.js'

export interface InlineSuppression {
  file: string
  /** 1-based line of the comment. */
  line: number
  column: number
  ruleId: string
  reason: string
  /** The lines whose findings it silences: its own, or the next non-comment line. */
  targets: number[]
}

export interface BaselineEntry {
  ruleId: string
  file: string
  /** The value path of the finding inside its document, when it has one. */
  path?: string
  /** The message, for findings without a value path (and for people reading the file). */
  message: string
  reason?: string
}

export interface Baseline {
  version: 1
  findings: BaselineEntry[]
}

export interface SuppressedFinding {
  finding: Finding
  by: 'inline' | 'baseline'
  reason: string
}

export interface SuppressionOutcome {
  /** The findings left, plus warnings about suppressions without a reason. */
  findings: Finding[]
  suppressed: SuppressedFinding[]
}

const DIRECTIVE = new RegExp(`#\\s*${IGNORE_DIRECTIVE}\\b(.*)$`)
const RULE_AND_REASON = /^\s+([A-Za-z0-9][\w./-]*)\s*(?::\s*(.*))?$/

/** The `celgate-ignore` comments of one file (a cheap scan: most files have none). */
export function findInlineSuppressions(file: string, text: string): InlineSuppression[] {
  if (!text.includes(IGNORE_DIRECTIVE)) return []
  const lines = text.split(/\r?\n/)
  const found: InlineSuppression[] = []
  lines.forEach((content, index) => {
    const match = DIRECTIVE.exec(content)
    if (!match || !isComment(content, match.index)) return
    const parsed = RULE_AND_REASON.exec(match[1] ?? '')
    const line = index + 1
    const ownLine = content.slice(0, match.index).trim() === ''
    found.push({
      file,
      line,
      column: match.index + 1,
      ruleId: parsed?.[1] ?? '',
      reason: (parsed?.[2] ?? '').trim(),
      targets: ownLine ? [nextContentLine(lines, index)] : [line]
    })
  })
  return found
}

/** A `#` starts a YAML comment at the line start or after whitespace, outside quotes. */
function isComment(line: string, hashIndex: number): boolean {
  if (hashIndex > 0 && !/\s/.test(line[hashIndex - 1] ?? '')) return false
  let single = false
  let double = false
  for (let i = 0; i < hashIndex; i++) {
    const c = line[i]
    if (c === "'" && !double) single = !single
    else if (c === '"' && !single && line[i - 1] !== '\\') double = !double
  }
  return !single && !double
}

/** The 1-based number of the first line after `index` that is not blank or a comment. */
function nextContentLine(lines: readonly string[], index: number): number {
  for (let i = index + 1; i < lines.length; i++) {
    const trimmed = lines[i]!.trim()
    if (trimmed !== '' && !trimmed.startsWith('#')) return i + 1
  }
  return index + 2
}

/** The baseline that accepts all of `findings` as they are now. */
export function baselineOf(findings: readonly Finding[]): Baseline {
  return {
    version: 1,
    findings: findings.map((f) => ({
      ruleId: f.ruleId,
      file: f.location.file,
      ...(f.location.path !== undefined ? { path: f.location.path } : {}),
      message: f.message
    }))
  }
}

export interface SuppressionSources {
  /** The text of a file the findings point at, or undefined when it cannot be read. */
  readFile: (file: string) => string | undefined
  baseline?: Baseline
}

/** Splits findings into the ones still reported and the ones an inline comment or the baseline accepts. */
export function applySuppressions(
  findings: readonly Finding[],
  sources: SuppressionSources
): SuppressionOutcome {
  const inlineByFile = new Map<string, InlineSuppression[]>()
  const inlineFor = (file: string): InlineSuppression[] => {
    let list = inlineByFile.get(file)
    if (!list) {
      const text = sources.readFile(file)
      list = text === undefined ? [] : findInlineSuppressions(file, text)
      inlineByFile.set(file, list)
    }
    return list
  }
  const baseline = baselineIndex(sources.baseline)

  const kept: Finding[] = []
  const suppressed: SuppressedFinding[] = []
  const usedInline = new Set<InlineSuppression>()
  for (const finding of findings) {
    const line = finding.location.range?.startLine
    const inline =
      line === undefined
        ? undefined
        : inlineFor(finding.location.file).find(
            (s) => s.ruleId === finding.ruleId && s.targets.includes(line)
          )
    if (inline) {
      usedInline.add(inline)
      suppressed.push({ finding, by: 'inline', reason: inline.reason })
      continue
    }
    const entry = takeBaselineEntry(baseline, finding)
    if (entry) {
      suppressed.push({ finding, by: 'baseline', reason: entry.reason ?? 'in the baseline' })
      continue
    }
    kept.push(finding)
  }
  for (const s of usedInline) if (s.reason === '') kept.push(missingReason(s))
  return { findings: kept, suppressed }
}

function missingReason(s: InlineSuppression): Finding {
  return makeFinding(
    'suppression/missing-reason',
    { file: s.file, range: lineRange(s.line, s.column, '# celgate-ignore'.length) },
    `\`celgate-ignore ${s.ruleId}\` gives no reason. The finding stays suppressed, but say why, so the next reader can judge whether it still holds: \`# celgate-ignore ${s.ruleId}: <reason>\`.`
  )
}

/** Baseline entries by their match key; each entry silences one finding. */
type BaselineIndex = Map<string, BaselineEntry[]>

const keyOf = (ruleId: string, file: string, path: string | undefined, message: string): string =>
  JSON.stringify([ruleId, file, path ?? null, path === undefined ? message : null])

/**
 * What makes two findings "the same problem" across edits: rule, file and value path (the
 * message for findings without one). Lines are left out on purpose: they move with every edit
 * above them. The baseline and the comparison with the base (delta.ts) both use it.
 */
export function findingIdentity(f: Finding): string {
  return keyOf(f.ruleId, f.location.file, f.location.path, f.message)
}

function baselineIndex(baseline: Baseline | undefined): BaselineIndex {
  const index: BaselineIndex = new Map()
  for (const e of baseline?.findings ?? []) {
    const key = keyOf(e.ruleId, e.file, e.path, e.message)
    const list = index.get(key)
    if (list) list.push(e)
    else index.set(key, [e])
  }
  return index
}

function takeBaselineEntry(index: BaselineIndex, f: Finding): BaselineEntry | undefined {
  // Without a baseline, no identity is worth building (a large repository has 70k findings).
  return index.size === 0 ? undefined : index.get(findingIdentity(f))?.shift()
}

/** Reads a baseline file's JSON; throws with a message naming the problem. */
export function parseBaseline(text: string): Baseline {
  const data: unknown = JSON.parse(text)
  const entries = (data as { findings?: unknown } | null)?.findings
  if ((data as { version?: unknown } | null)?.version !== 1 || !Array.isArray(entries))
    throw new Error(
      'a baseline is {"version": 1, "findings": [...]}, as `celgate baseline` writes it'
    )
  for (const [i, e] of entries.entries()) {
    const entry = e as Partial<BaselineEntry> | null
    if (
      typeof entry?.ruleId !== 'string' ||
      typeof entry.file !== 'string' ||
      typeof entry.message !== 'string'
    )
      throw new Error(`findings[${i}] needs string ruleId, file and message`)
  }
  return data as Baseline
}

/** Reads and checks the baseline file; a missing or malformed file is a ConfigError. */
export function loadBaseline(file: string): Baseline {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    const code = (err as { code?: unknown }).code
    throw new ConfigError(
      code === 'ENOENT'
        ? `baseline file ${file} does not exist; write it with \`celgate baseline\``
        : `cannot read the baseline file ${file}: ${err instanceof Error ? err.message : String(err)}`
    )
  }
  try {
    return parseBaseline(text)
  } catch (err) {
    throw new ConfigError(
      `baseline file ${file}: ${err instanceof Error ? err.message : String(err)}`
    )
  }
}

/** Reads repository-relative files under `root` for the inline comments (undefined when unreadable). */
function filesUnder(root: string): (file: string) => string | undefined {
  return (file) => {
    try {
      return manifestText(readFileSync(path.join(root, file)))
    } catch {
      return undefined
    }
  }
}

/**
 * filesUnder(root) for the findings of a check of `ws`: a file the check read without a
 * `celgate-ignore` in it holds no suppression, so it is not read again (most files with
 * findings).
 */
export function checkedFilesUnder(
  root: string,
  ws: Workspace
): (file: string) => string | undefined {
  const read = filesUnder(root)
  return (file) => {
    if (!ws.mayMentionIgnoreDirective(file)) return undefined
    // The standard input's text is in memory; a file of its name on disk is another file.
    const inMemory = ws.inMemory(file)
    return inMemory ? manifestText(inMemory) : read(file)
  }
}

/**
 * The result with suppressed findings taken out: counts and the gate recomputed from the
 * findings left (so a suppressed error no longer fails the run), the suppressed ones returned
 * for the summary and the JSON report.
 */
export function applySuppressionsToResult(
  result: CheckResult,
  sources: SuppressionSources
): { result: CheckResult; suppressed: SuppressedFinding[] } {
  const outcome = applySuppressions(result.findings, sources)
  const findings = outcome.findings.sort(compareFindings)
  const counts = countBySeverity(findings)
  return {
    result: {
      ...result,
      summary: { ...result.summary, findings: counts },
      gate: gate(result.gate.failOn, counts),
      findings
    },
    suppressed: outcome.suppressed
  }
}

/**
 * The baseline `celgate baseline` writes: the findings as they are now, in a stable order (file,
 * path, rule) so that the file diffs well, keeping the reasons of entries already in `previous`.
 * Warnings about suppressions without a reason are not recorded: baselining them would silence
 * the very warning that asks for the reason.
 */
export function baselineToWrite(findings: readonly Finding[], previous?: Baseline): Baseline {
  const recorded = findings.filter((f) => f.ruleId !== 'suppression/missing-reason')
  const reasons = baselineIndex(previous)
  const entries = baselineOf(recorded).findings.map((entry, i) => {
    const reason = takeBaselineEntry(reasons, recorded[i]!)?.reason
    return reason !== undefined ? { ...entry, reason } : entry
  })
  const text = (v: string | undefined): string => v ?? ''
  entries.sort(
    (a, b) =>
      compareText(a.file, b.file) ||
      compareText(text(a.path), text(b.path)) ||
      compareText(a.ruleId, b.ruleId) ||
      compareText(a.message, b.message)
  )
  return { version: 1, findings: entries }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
