/**
 * `helm template` writes each rendered document as `---`, then `# Source: chart/templates/x.yaml`
 * (helm/pkg/action/action.go, renderResources), so a finding at a line of such a stream can
 * name the template the user edits, beside the stream's own line.
 */
import type { Finding } from '../findings/model.js'

/** The message of the related location a finding gets. */
export const HELM_SOURCE_MESSAGE =
  'the Helm template this object was rendered from (its `# Source:` comment)'

const SOURCE_COMMENT = /^# Source: (.+?)\s*$/
const DOCUMENT_MARKER = /^---(?:\s|$)/

interface SourceSpan {
  /** 1-based lines [from, to) the template's output covers. */
  from: number
  to: number
  template: string
}

/** The spans of a stream's text each `# Source:` comment names, in line order. */
export function helmSourceSpans(text: string): SourceSpan[] {
  const spans: SourceSpan[] = []
  let open: SourceSpan | undefined
  let line = 0
  for (let start = 0; start <= text.length;) {
    const end = text.indexOf('\n', start)
    const content = text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '')
    line++
    if (DOCUMENT_MARKER.test(content)) {
      if (open) open.to = line
      open = undefined
    } else {
      const source = SOURCE_COMMENT.exec(content)
      if (source) {
        if (open) open.to = line
        open = { from: line, to: Number.MAX_SAFE_INTEGER, template: source[1]! }
        spans.push(open)
      }
    }
    if (end < 0) break
    start = end + 1
  }
  return spans
}

/** The template of the span holding `line`, if any (binary search over ordered spans). */
export function templateAt(spans: readonly SourceSpan[], line: number): string | undefined {
  let lo = 0
  let hi = spans.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const span = spans[mid]!
    if (line < span.from) hi = mid - 1
    else if (line >= span.to) lo = mid + 1
    else return span.template
  }
  return undefined
}

/**
 * Adds to each finding located in the stream `file` the template its line was rendered from, as
 * a related location (SARIF relatedLocations, `related` in the JSON report).
 */
export function addHelmSources(findings: readonly Finding[], file: string, text: string): void {
  if (!text.includes('# Source: ')) return
  const spans = helmSourceSpans(text)
  if (spans.length === 0) return
  for (const finding of findings) {
    const line = finding.location.range?.startLine
    if (finding.location.file !== file || line === undefined) continue
    const template = templateAt(spans, line)
    if (template === undefined) continue
    const related: NonNullable<Finding['related']>[number] = {
      file: template,
      message: HELM_SOURCE_MESSAGE
    }
    // A new list: findings may share theirs (a Kyverno policy's findings share its location).
    finding.related = finding.related ? [related].concat(finding.related) : [related]
  }
}
