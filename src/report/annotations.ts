/**
 * GitHub annotations. A step shows at most 10 annotations of each type and silently drops the
 * rest, so the plan keeps the most severe first and says how many were left out.
 */
import type { Finding, Severity } from '../findings/model.js'
import { compareFindings } from '../findings/model.js'
import { isGateRelaxation } from '../findings/gate-relaxed.js'
import { touchesChangedLines } from '../core/changed-lines.js'
import type { ChangedLines } from '../core/changed-lines.js'
import { formatCommand } from './workflow-commands.js'
import { shortenMiddle } from '../common/shorten-middle.js'
import { annotatedFindings } from './quiet-rules.js'
import type { QuietCounts, RuleSettings } from './quiet-rules.js'

export interface Annotation {
  level: Severity
  title: string
  message: string
  file: string
  startLine: number
  endLine: number
  /** Only for single-line ranges: GitHub ignores columns otherwise. */
  startColumn?: number
  endColumn?: number
}

export interface AnnotationPlan {
  annotations: Annotation[]
  /** Findings not emitted as annotations (they are in the summary and reports). */
  omitted: number
  /** The findings that could be annotated: all but the quiet ones. */
  total: number
  /** Notices of rules off by default in annotations (report/quiet-rules.ts), per rule. */
  quiet: QuietCounts
}

/**
 * The runner truncates annotation messages at 4,096 characters; celgate shortens longer ones in
 * the middle, so the reason at the end of an apiserver message stays.
 */
export const MAX_ANNOTATION_MESSAGE = 4096

export interface PlanOptions {
  /** Per annotation type; GitHub shows 10. */
  maxPerType: number
  /** Error slots kept free for the step's own failure message (core.setFailed spends one). */
  reservedErrorSlots?: number
  /**
   * The lines the pull request changed: findings on them take the slots first, since they are
   * what the author can act on in this pull request.
   */
  changedLines?: ChangedLines
  /** The team's `rules:`: a quiet rule named there is annotated (report/quiet-rules.ts). */
  rules?: RuleSettings
}

export function planAnnotations(given: readonly Finding[], options: PlanOptions): AnnotationPlan {
  const { findings, quiet } = annotatedFindings(given, options.rules)
  const limits: Record<Severity, number> = {
    error: Math.max(0, options.maxPerType - (options.reservedErrorSlots ?? 0)),
    warning: options.maxPerType,
    notice: options.maxPerType
  }
  const changed = options.changedLines
  const touched = (f: Finding): number =>
    changed && touchesChangedLines(changed, f.location.file, f.location.range) ? 0 : 1
  // A change that relaxes the gate takes a slot before anything else: the reviewer must see it.
  const first = (f: Finding): number => (isGateRelaxation(f) ? 0 : 1)
  const sorted = [...findings].sort(
    (a, b) => first(a) - first(b) || touched(a) - touched(b) || compareFindings(a, b)
  )
  let annotations = pick(sorted, limits)
  if (annotations.length < findings.length && limits.notice > 0) {
    // The "N more findings" notice needs a notice slot of its own.
    limits.notice--
    annotations = pick(sorted, limits)
  }
  return {
    annotations,
    omitted: findings.length - annotations.length,
    total: findings.length,
    quiet
  }
}

function pick(sorted: readonly Finding[], limits: Record<Severity, number>): Annotation[] {
  const used: Record<Severity, number> = { error: 0, warning: 0, notice: 0 }
  const annotations: Annotation[] = []
  for (const f of sorted) {
    if (used[f.severity] >= limits[f.severity]) continue
    used[f.severity]++
    annotations.push(toAnnotation(f))
  }
  return annotations
}

/** The closing notice when findings were left out, or undefined. */
export function omittedNotice(plan: AnnotationPlan): string | undefined {
  if (plan.omitted === 0) return undefined
  return `${plan.omitted} more findings are not shown as annotations (GitHub shows 10 of each type per step); see the job summary or the JSON/SARIF report.`
}

export function toAnnotation(f: Finding): Annotation {
  const r = f.location.range
  const startLine = r?.startLine ?? 1
  const endLine = r?.endLine ?? startLine
  const body = f.fix ? `${f.message}\nFix: ${f.fix.text}` : f.message
  const annotation: Annotation = {
    level: f.severity,
    title: `${f.title} (${f.ruleId})`,
    message: shortenMiddle(body, MAX_ANNOTATION_MESSAGE),
    file: f.location.file,
    startLine,
    endLine
  }
  if (r && r.startLine === r.endLine) {
    annotation.startColumn = r.startColumn
    annotation.endColumn = Math.max(r.endColumn, r.startColumn)
  }
  return annotation
}

/** `::error title=…,file=…,line=…::message`: one annotation as the runner reads it. */
export function workflowCommand(a: Annotation): string {
  return formatCommand(a.level, a.message, {
    title: a.title,
    file: a.file,
    line: a.startLine,
    endLine: a.endLine,
    col: a.startColumn,
    endColumn: a.endColumn
  })
}

/** The annotations and the closing notice, for `--format github` inside `run:` steps. */
export function renderWorkflowCommands(plan: AnnotationPlan): string {
  const lines = plan.annotations.map(workflowCommand)
  const notice = omittedNotice(plan)
  if (notice) lines.push(formatCommand('notice', notice, { title: 'celgate' }))
  return lines.join('\n') + (lines.length > 0 ? '\n' : '')
}
