/**
 * Findings as one line each, the view the job summary and the PR comment share: a reviewer
 * reads severity, place, rule and the first sentence of the message without scrolling
 * sideways (lists wrap to the comment column; table cells with long text do not). Identical
 * findings in many places fold into one line with a count; the full messages, fixes and places
 * go into a `<details>` the reader opens on demand.
 */
import { shortenMiddle } from '../common/shorten-middle.js'
import { foldRepeats } from '../findings/fold.js'
import { pushAll } from '../common/arrays.js'
import type { Finding, Location, Severity } from '../findings/model.js'
import { kubernetesVersionLabel } from '../kube/versions.js'
import { codeSpan, escapeMarkdownInline } from './escape.js'
import { formatInteger } from './markdown.js'
import { isQuietFinding } from './quiet-rules.js'

export const SEVERITY_ICON: Record<Severity, string> = {
  error: '❌',
  warning: '⚠️',
  notice: 'ℹ️'
}

/** Where the links of a report point; without them places are shown, not linked. */
export interface ReportLinks {
  /**
   * The blob URL of the reviewed commit, `https://github.com/OWNER/REPO/blob/HEAD_SHA`:
   * `file:line` links open the file at the line the finding is about, in the PR's head.
   */
  blobBase?: string
  /** The run's page, where the job summary (the full report) is shown. */
  runUrl?: string
}

/** Characters of a first sentence shown in a line; a longer one loses its middle. */
const FIRST_SENTENCE_CHARS = 200

/** Characters of a full message (and of a fix) in the details, as many as an annotation shows. */
export const MAX_DETAIL_MESSAGE = 4096

/** Places listed for one folded line in the details; the rest are counted. */
const DETAIL_PLACES = 10

/** How far a cut may move to the nearest space. */
const WORD_SLACK = 24

/**
 * The first sentence of a message: up to the first `.`, `!` or `?` that a space and a capital
 * (or a quote, backtick or bracket) follow, and never past the first line (or the second, when
 * the first ends in a colon). Dots inside value
 * paths and numbers (`spec.a`, `1.5 MiB`) are not followed by a space, so they do not end it.
 */
export function firstSentence(message: string): string {
  const lines = message.trim().split(/\r\n?|\n/, 2)
  // kubectl's YAML errors put their substance on the second line (`yaml: unmarshal errors:` then
  // `line 7: key "mode" already set in map`): a first line ending in a colon takes the next.
  const firstLine =
    lines[0]!.trimEnd().endsWith(':') && lines[1] !== undefined
      ? `${lines[0]!.trim()} ${lines[1].trim()}`
      : lines[0]!.trim()
  const end = /[.!?](?=\s+[A-Z"'`(<[])/.exec(firstLine)
  const sentence = end ? firstLine.slice(0, end.index + 1) : firstLine
  if (sentence.length <= FIRST_SENTENCE_CHARS) return sentence
  // Shortened in the middle: an apiserver message ends with its reason (`…: must be …`). The
  // details hold the whole message; here a plain ellipsis keeps the line quiet.
  // Both cuts fall between words where a space is near, so no word is left in pieces.
  let head = codePointBoundary(sentence, Math.round(FIRST_SENTENCE_CHARS * 0.6))
  const headSpace = sentence.lastIndexOf(' ', head)
  if (headSpace > head - WORD_SLACK) head = headSpace
  let tail = codePointBoundary(sentence, sentence.length - (FIRST_SENTENCE_CHARS - head - 3))
  const tailSpace = sentence.indexOf(' ', tail)
  if (tailSpace !== -1 && tailSpace < tail + WORD_SLACK) tail = tailSpace
  return `${sentence.slice(0, head).trimEnd()} … ${sentence.slice(tail).trimStart()}`
}

/** `index`, moved back by one when it would split a surrogate pair. */
function codePointBoundary(text: string, index: number): number {
  const code = text.charCodeAt(index - 1)
  return code >= 0xd800 && code <= 0xdbff ? index - 1 : index
}

/** `file:line`, `file (document 2)` or `file`: the place as a reader looks it up. */
export function placeText(location: Location): string {
  if (location.range) return `${location.file}:${location.range.startLine}`
  if (location.document !== undefined) return `${location.file} (document ${location.document + 1})`
  return location.file
}

/**
 * The place as inline code, linked to the line in the reviewed commit when the links are
 * known. File names come from the pull request: every path segment is percent-encoded, and
 * so are the parentheses that could end a markdown link destination early.
 */
export function placeLink(location: Location, links: ReportLinks | undefined): string {
  const text = codeSpan(placeText(location))
  if (links?.blobBase === undefined) return text
  const path = location.file
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[()'*!]/g,
        (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`
      )
    )
    .join('/')
  const line = location.range ? `#L${location.range.startLine}` : ''
  return `[${text}](${links.blobBase}/${path}${line})`
}

/** One finding on one line: severity, linked place, rule, first sentence. */
export function findingLine(f: Finding, links: ReportLinks | undefined, marker = ''): string {
  return (
    `- ${SEVERITY_ICON[f.severity]} ${f.severity}${marker} ${placeLink(f.location, links)} ` +
    `${codeSpan(f.ruleId)} — ${escapeMarkdownInline(firstSentence(f.message))}`
  )
}

/** Findings that say the same thing in different places, shown as one line. */
export interface FindingGroup {
  ruleId: string
  severity: Severity
  /** In report order (most severe, then by file and line). */
  findings: Finding[]
  /** Set when the rule folds per CRD (see FOLD_PER_CRD). */
  crd?: string
}

/**
 * Rules whose findings are folded per CRD rather than per message: each finding is one field
 * a schema default fills, a fact about the CRD that a team rarely acts on field by field. The
 * summary shows one line per CRD; the JSON report keeps every field.
 */
const FOLD_PER_CRD = new Set(['cr/defaulted-field'])

/** Folds identical findings (same rule, severity and message; per CRD for FOLD_PER_CRD rules). */
export function groupAlikeFindings(findings: readonly Finding[]): FindingGroup[] {
  const crdOf = (f: Finding): string | undefined =>
    FOLD_PER_CRD.has(f.ruleId) ? String(f.data?.['crd'] ?? '') : undefined
  // Every member is kept (the summary lists their places), so no limit on the others.
  return foldRepeats(
    findings,
    (f) => {
      const crd = crdOf(f)
      return `${f.ruleId}\u0000${f.severity}\u0000${crd === undefined ? `m${f.message}` : `c${crd}`}`
    },
    (f) => f,
    Number.POSITIVE_INFINITY
  ).map(({ first, others }) => {
    const crd = crdOf(first)
    const members = [first]
    pushAll(members, others)
    return {
      ruleId: first.ruleId,
      severity: first.severity,
      findings: members,
      ...(crd !== undefined ? { crd } : {})
    }
  })
}

/** One line for a group: the count, the first place and the first sentence. */
export function groupLine(group: FindingGroup, links: ReportLinks | undefined): string {
  const first = group.findings[0]!
  const n = group.findings.length
  const count = n > 1 ? ` ×${formatInteger(n)}` : ''
  const more = n > 1 ? ` and ${formatInteger(n - 1)} more` : ''
  const head = `- ${SEVERITY_ICON[group.severity]} ${codeSpan(group.ruleId)}${count}`
  if (group.crd !== undefined) {
    const crd = group.crd === '' ? 'an unnamed CRD' : codeSpan(group.crd)
    return (
      `${head} — schema defaults of ${crd} set ${formatInteger(n)} ${n === 1 ? 'field' : 'fields'}, ` +
      `first at ${placeLink(first.location, links)}; each field is in the JSON report.`
    )
  }
  return `${head} ${placeLink(first.location, links)}${more} — ${escapeMarkdownInline(firstSentence(first.message))}`
}

/** Whether a group has more to say than its line: the rest of the message, a fix, more places. */
export function hasDetails(group: FindingGroup): boolean {
  if (group.crd !== undefined) return false
  const f = group.findings[0]!
  return (
    group.findings.length > 1 ||
    f.fix !== undefined ||
    (f.location.path ?? '') !== '' ||
    (f.kubernetesVersions?.length ?? 0) > 0 ||
    firstSentence(f.message) !== f.message.trim()
  )
}

/** The details entry of a group: every place (bounded), the whole message, the fix. */
export function groupDetails(group: FindingGroup, links: ReportLinks | undefined): string {
  const f = group.findings[0]!
  const places = group.findings.slice(0, DETAIL_PLACES).map((g) => {
    const path = g.location.path ? ` ${codeSpan(g.location.path)}` : ''
    return `${placeLink(g.location, links)}${path}`
  })
  const rest = group.findings.length - places.length
  let text = `- ${codeSpan(group.ruleId)} at ${places.join(', ')}`
  // Notices of rules off by default are not in SARIF (report/quiet-rules.ts).
  const reports = isQuietFinding(f) ? 'the JSON report' : 'the JSON and SARIF reports'
  if (rest > 0) text += ` and ${formatInteger(rest)} more (all in ${reports})`
  text += `:<br>${escapeMarkdownInline(shortenMiddle(f.message, MAX_DETAIL_MESSAGE))}`
  if (f.kubernetesVersions && f.kubernetesVersions.length > 0)
    text += ` <sub>(Kubernetes ${escapeMarkdownInline(f.kubernetesVersions.map(kubernetesVersionLabel).join(', '))})</sub>`
  if (f.fix) text += `<br>💡 ${escapeMarkdownInline(shortenMiddle(f.fix.text, MAX_DETAIL_MESSAGE))}`
  return text
}

/** A collapsed list of group details, or nothing when no group has more to say. */
export function detailsBlock(
  summary: string,
  groups: readonly FindingGroup[],
  links: ReportLinks | undefined
): string | undefined {
  const entries = groups.filter(hasDetails).map((g) => groupDetails(g, links))
  if (entries.length === 0) return undefined
  return [`<details><summary>${summary}</summary>`, '', ...entries, '', '</details>'].join('\n')
}
