/**
 * The PR comment and the check run's summary: a compact view of the report for the reviewer of
 * the pull request. The verdict, then what blocks the merge one line each, then the other
 * findings folded, one line per group, as many as fit; everything else (CEL costs, storage,
 * policies, overview, timings) is in the job summary it links to. The text is built line by line
 * under GitHub's limit (characters for a comment, bytes for a check run), so nothing is cut
 * afterwards: no table or list is ever split, and the closing line counts exactly what is not
 * shown.
 */
import { displayRef } from '../core/delta.js'
import type { CheckResult } from '../core/result.js'
import type { Finding } from '../findings/model.js'
import { DEFAULT_MAX_COMMENT_CHARS, GITHUB_COMMENT_LIMIT, commentMarker } from './comment.js'
import { codeSpan } from './escape.js'
import { SEVERITY_ICON, findingLine, groupLine } from './finding-lines.js'
import type { ReportLinks } from './finding-lines.js'
import { formatInteger } from './markdown.js'
import {
  topHeading,
  countSeverities,
  groupFamilies,
  listedFindings,
  relaxationBlock,
  severityCounts,
  topFindings,
  verdictBlock
} from './summary.js'
import type { SummaryReviewFacts } from './summary.js'

export interface CommentViewOptions {
  title?: string
  links?: ReportLinks
  /** The comment key: its marker is part of the body, so its length counts. */
  key?: string
  /** Upper bound of the whole body, marker included; clamped below 65,536. Default 65,000. */
  maxChars?: number
}

/**
 * The whole comment body, marker included, at most `maxChars` characters (UTF-16 units, which
 * are never fewer than the characters GitHub counts).
 */
export function renderCommentBody(
  result: CheckResult & SummaryReviewFacts,
  options: CommentViewOptions = {}
): string {
  const marker = commentMarker(options.key)
  const limit = Math.min(options.maxChars ?? DEFAULT_MAX_COMMENT_CHARS, GITHUB_COMMENT_LIMIT - 1)
  const view = renderCompactView(
    result,
    options.title,
    options.links,
    new BoundedText(limit - marker.length - 2, utf16Length)
  )
  return `${view}\n\n${marker}`
}

export interface CheckRunSummaryOptions {
  title?: string
  links?: ReportLinks
  /** Upper bound of the text in UTF-8 bytes, which is how the Checks API counts its 65,535. */
  maxBytes: number
}

/** The check run's `output.summary`: the comment's view, at most `maxBytes` UTF-8 bytes. */
export function renderCheckRunSummary(
  result: CheckResult & SummaryReviewFacts,
  options: CheckRunSummaryOptions
): string {
  return renderCompactView(
    result,
    options.title,
    options.links,
    new BoundedText(options.maxBytes, utf8Length)
  )
}

/** UTF-16 units, never fewer than the characters GitHub counts in a comment. */
const utf16Length = (text: string): number => text.length
const utf8Length = (text: string): number => Buffer.byteLength(text, 'utf8')

/** Lines of the blocking list, and of each family, before the rest is only counted. */
const TOP_LINES = 50
const FAMILY_LINES = 15

function renderCompactView(
  result: CheckResult & SummaryReviewFacts,
  title: string | undefined,
  links: ReportLinks | undefined,
  out: BoundedText
): string {
  const delta = result.delta?.available ? result.delta : undefined
  const listed = listedFindings(result)
  const top = topFindings(result)
  const inTop = new Set(top)
  const rest = listed.filter((f) => !inTop.has(f))

  // The closing line's room is kept from the start; the verdict always stays, preceded (as in
  // the summary) by the gate relaxations of the pull request when they fit.
  out.reserve(
    out.measure(closingLine(links, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)) +
      out.measure(verdictBlock(result, title ?? 'celgate')) +
      4
  )
  const relaxed = relaxationBlock(result.findings)
  if (relaxed) out.tryBlock(relaxed)
  out.release()
  out.block(verdictBlock(result, title ?? 'celgate'))
  out.reserve(out.measure(closingLine(links, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)) + 2)
  if (result.delta) {
    const line = result.delta.available
      ? `Compared with ${codeSpan(displayRef(result.delta.mergeBase))}: ` +
        `${formatInteger(result.delta.findings.new.length)} new, ` +
        `${formatInteger(result.delta.findings.worsened.length)} worsened, ` +
        `${formatInteger(result.delta.findings.fixed.length)} fixed, ` +
        `${formatInteger(result.delta.findings.unchanged.length)} unchanged.`
      : `No comparison with ${codeSpan(displayRef(result.delta.baseRef))}: every finding is listed as found.`
    out.tryBlock(line)
  }

  let hidden = 0
  const isNew = new Set(delta?.findings.new ?? [])
  const worsened = new Set(delta?.findings.worsened.map((w) => w.finding) ?? [])
  const marker = (f: Finding): string => (isNew.has(f) ? ' 🆕' : worsened.has(f) ? ' 📈' : '')
  if (top.length > 0) {
    const shown = out.list(
      topHeading(result, top),
      top.slice(0, TOP_LINES).map((f) => findingLine(f, links, marker(f)))
    )
    hidden += top.length - shown
  }
  if (rest.length > 0) {
    out.tryBlock(top.length > 0 ? '### Other findings' : '### Findings')
    for (const family of groupFamilies(rest)) {
      const heading = `**${SEVERITY_ICON[family.findings[0]!.severity]} ${family.heading}** (${severityCounts(countSeverities(family.findings), true)})`
      const groups = family.groups.slice(0, FAMILY_LINES)
      const shown = out.list(
        heading,
        groups.map((g) => groupLine(g, links))
      )
      hidden +=
        family.findings.length -
        groups.slice(0, shown).reduce((sum, g) => sum + g.findings.length, 0)
    }
  } else if (top.length === 0) {
    out.tryBlock(delta ? 'No new or worsened findings. ✅' : 'No findings. ✅')
  }
  out.release()
  out.block(closingLine(links, hidden, listed.length + top.length - inTopAndListed(top, listed)))
  return out.text()
}

/** How many findings are both in the top list and in the listed ones (not to count them twice). */
function inTopAndListed(top: readonly Finding[], listed: readonly Finding[]): number {
  const set = new Set(listed)
  return top.filter((f) => set.has(f)).length
}

/** The last line: where the full report is, and how many findings this view leaves out. */
function closingLine(links: ReportLinks | undefined, hidden: number, total: number): string {
  const summary =
    links?.runUrl === undefined ? 'the job summary' : `the [job summary](${links.runUrl})`
  if (hidden === 0)
    return `CEL rule costs, storage, policies, the overview and timings are in ${summary}.`
  return (
    `**${formatInteger(hidden)} of ${formatInteger(total)} findings are not shown here**; ` +
    `${summary} lists them with CEL rule costs, storage, policies, the overview and timings, ` +
    'and the JSON report holds every one.'
  )
}

/**
 * Markdown assembled block by block under a budget, in the unit `measure` counts (UTF-16 units
 * for a comment, UTF-8 bytes for a check run; the separators are ASCII, one unit a character).
 * A list (a heading and its lines) is added line by line while the lines fit; a block that does
 * not fit whole is left out, so the text is never cut inside a block.
 */
class BoundedText {
  private readonly blocks: string[] = []
  private used = 0
  private reserved = 0

  constructor(
    private readonly budget: number,
    readonly measure: (text: string) => number
  ) {}

  /** Adds a block whatever its size (the verdict, the closing line). */
  block(text: string): void {
    // The first block has no separator before it; counting one anyway keeps the sum an upper bound.
    this.blocks.push(text)
    this.used += this.measure(text) + 2
  }

  /** Adds the block if it fits in what is left, and says whether it did. */
  tryBlock(text: string): boolean {
    if (this.used + this.measure(text) + 2 > this.budget - this.reserved) return false
    this.block(text)
    return true
  }

  /** A heading and as many of `lines` as fit after it; returns how many lines were added. */
  list(heading: string, lines: readonly string[]): number {
    let size = this.measure(heading) + 2
    let taken = 0
    for (const line of lines) {
      const cost = this.measure(line) + 1
      if (this.used + size + cost > this.budget - this.reserved) break
      size += cost
      taken++
    }
    if (taken === 0) return 0
    this.block([heading, '', ...lines.slice(0, taken)].join('\n'))
    return taken
  }

  reserve(chars: number): void {
    this.reserved = chars
  }

  release(): void {
    this.reserved = 0
  }

  text(): string {
    return this.blocks.join('\n\n')
  }
}
