/**
 * GitHub annotations. A step shows at most 10 annotations of each type and silently drops the
 * rest, so the plan keeps the most severe first and says how many were left out.
 */
import type { Finding, Severity } from '../findings/model.js'
import { compareFindings } from '../findings/model.js'
import { touchesChangedLines } from '../core/changed-lines.js'
import type { ChangedLines } from '../core/changed-lines.js'

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
  total: number
}

/** The runner truncates annotation messages at 4,096 characters. */
const MAX_MESSAGE = 4096

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
}

export function planAnnotations(
  findings: readonly Finding[],
  options: PlanOptions
): AnnotationPlan {
  const limits: Record<Severity, number> = {
    error: Math.max(0, options.maxPerType - (options.reservedErrorSlots ?? 0)),
    warning: options.maxPerType,
    notice: options.maxPerType
  }
  const changed = options.changedLines
  const touched = (f: Finding): number =>
    changed && touchesChangedLines(changed, f.location.file, f.location.range) ? 0 : 1
  const sorted = [...findings].sort((a, b) => touched(a) - touched(b) || compareFindings(a, b))
  let annotations = pick(sorted, limits)
  if (annotations.length < findings.length && limits.notice > 0) {
    // The "N more findings" notice needs a notice slot of its own.
    limits.notice--
    annotations = pick(sorted, limits)
  }
  return { annotations, omitted: findings.length - annotations.length, total: findings.length }
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
    message: body.length > MAX_MESSAGE ? `${body.slice(0, MAX_MESSAGE - 1)}…` : body,
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

// Workflow-command escaping, as the runner decodes it (and as @actions/core encodes it).
const escapeData = (s: string): string =>
  s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (s: string): string =>
  escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')

/** `::error file=…,line=…,col=…::message` lines, for `--format github` inside `run:` steps. */
export function workflowCommand(a: Annotation): string {
  const props: Array<[string, string | number | undefined]> = [
    ['title', a.title],
    ['file', a.file],
    ['line', a.startLine],
    ['endLine', a.endLine],
    ['col', a.startColumn],
    ['endColumn', a.endColumn]
  ]
  const rendered = props
    .filter((p): p is [string, string | number] => p[1] !== undefined)
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(',')
  return `::${a.level} ${rendered}::${escapeData(a.message)}`
}

export function renderWorkflowCommands(plan: AnnotationPlan): string {
  const lines = plan.annotations.map(workflowCommand)
  const notice = omittedNotice(plan)
  if (notice) lines.push(`::notice title=celgate::${escapeData(notice)}`)
  return lines.join('\n') + (lines.length > 0 ? '\n' : '')
}
