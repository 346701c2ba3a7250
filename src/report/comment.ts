/**
 * The body of the sticky pull request comment: the report markdown, a visible note when it had
 * to be cut, and a hidden marker that lets the next run find and update the same comment
 * (action-conventions.md §3.1). Pure: the GitHub calls live in src/action/pr-comment.ts.
 */

/** Every marker starts with this, whatever its key. */
export const COMMENT_MARKER_PREFIX = '<!-- celgate:sticky-comment'

/** GitHub rejects comment bodies of this many characters or more. */
export const GITHUB_COMMENT_LIMIT = 65_536

/** Our default cap: a margin below GitHub's limit. */
export const DEFAULT_MAX_COMMENT_CHARS = 65_000

/**
 * The hidden HTML comment that identifies our comment. The key lets several independent
 * comments (say, one per job) live on one pull request. It is percent-encoded so that no key
 * can end the HTML comment early or make one marker a prefix of another.
 */
export function commentMarker(key = 'default'): string {
  return `${COMMENT_MARKER_PREFIX} key=${encodeURIComponent(key === '' ? 'default' : key)} -->`
}

export interface CommentBodyOptions {
  key?: string
  /** Upper bound on the body length; clamped below GitHub's 65,536. Default 65,000. */
  maxChars?: number
  /** Where the full report is (the job summary of the run); linked from the truncation note. */
  detailsUrl?: string
}

/** `markdown` plus the marker, cut at a line boundary if the whole would be too long. */
export function buildCommentBody(markdown: string, options: CommentBodyOptions = {}): string {
  const marker = commentMarker(options.key)
  const limit = Math.min(options.maxChars ?? DEFAULT_MAX_COMMENT_CHARS, GITHUB_COMMENT_LIMIT - 1)
  const text = markdown.replace(/\r\n?/g, '\n').trimEnd()

  const whole = `${text}\n\n${marker}`
  if (whole.length <= limit) return whole

  const tail = `\n\n${truncationNote(options.detailsUrl)}\n\n${marker}`
  if (tail.length + 1 > limit) {
    throw new RangeError(
      `maxChars ${limit} leaves no room for the comment text (min ${tail.length + 1})`
    )
  }
  const { prefix, closing } = cutToFit(text, limit - tail.length)
  return prefix === '' ? tail.trimStart() : `${prefix}${closing}${tail}`
}

function truncationNote(detailsUrl: string | undefined): string {
  const where = detailsUrl === undefined ? 'the job summary' : `the [job summary](${detailsUrl})`
  return `**… truncated; see ${where} for the full report.**`
}

/**
 * The longest prefix of `text` ending at a line boundary, outside any HTML tag or comment,
 * that fits in `budget` together with the lines that close what it left open (a code fence,
 * `<details>`, an HTML table…).
 */
function cutToFit(text: string, budget: number): { prefix: string; closing: string } {
  const scanner = new BlockScanner()
  let best: { prefix: string; closing: string } | undefined
  let end = 0
  for (const line of text.split('\n')) {
    const lineEnd = end + line.length
    if (lineEnd > budget) break
    scanner.feed(line)
    end = lineEnd + 1
    if (!scanner.atSafeCut()) continue
    const closing = scanner.closing()
    if (lineEnd + closing.length <= budget) {
      best = { prefix: text.slice(0, lineEnd).trimEnd(), closing }
    }
  }
  return best ?? hardCut(text, budget)
}

/** When not even the first line fits: cut inside it, but not inside a tag or a surrogate pair. */
function hardCut(text: string, budget: number): { prefix: string; closing: string } {
  let prefix = text.slice(0, budget)
  for (;;) {
    const openTag = UNFINISHED_TAG.exec(prefix)
    if (openTag !== null) prefix = prefix.slice(0, openTag.index)
    if (/[\uD800-\uDBFF]$/.test(prefix)) prefix = prefix.slice(0, -1)
    const scanner = new BlockScanner()
    for (const line of prefix.split('\n')) scanner.feed(line)
    const closing = scanner.closing()
    const over = prefix.length + closing.length - budget
    if (over <= 0) return { prefix: prefix.trimEnd(), closing }
    prefix = prefix.slice(0, Math.max(0, prefix.length - over))
  }
}

/** HTML elements whose open end would swallow or misplace the truncation note. */
const BLOCK_ELEMENTS = new Set([
  'details',
  'summary',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'div',
  'pre'
])

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const TAG_OR_COMMENT = /<!--[\s\S]*?-->|<(\/?)([A-Za-z][A-Za-z0-9-]*)\b[^>]*>/g
/** A tag or HTML comment still open at the end of the text (`<`, `</`, `<!-` count too). */
const UNFINISHED_TAG = /<(?:!--(?:(?!-->)[\s\S])*|!-?|\/?(?:[A-Za-z][^>]*)?)$/

/**
 * Follows, line by line, what is open at the end of the text seen so far: a fenced code block,
 * HTML block elements, and a tag or HTML comment that spans lines. Enough for the markdown our
 * reporters write; not a CommonMark parser.
 */
class BlockScanner {
  private fence: string | undefined
  private readonly open: string[] = []
  private pending = ''

  feed(line: string): void {
    if (this.fence !== undefined) {
      const close = FENCE.exec(line)
      const marker = close?.[1]
      if (
        marker !== undefined &&
        marker[0] === this.fence[0] &&
        marker.length >= this.fence.length &&
        line.trim() === marker
      ) {
        this.fence = undefined
      }
      return
    }
    if (this.pending === '') {
      const open = FENCE.exec(line)?.[1]
      if (open !== undefined) {
        this.fence = open
        return
      }
    }
    // Inline code spans show tags literally; leave them out of the element stack.
    const html = `${this.pending}${line.replace(/`[^`\n]*`/g, '')}\n`
    let consumed = 0
    for (const match of html.matchAll(TAG_OR_COMMENT)) {
      consumed = match.index + match[0].length
      const name = match[2]?.toLowerCase()
      if (name === undefined || !BLOCK_ELEMENTS.has(name) || match[0].endsWith('/>')) continue
      if (match[1] === '/') {
        const at = this.open.lastIndexOf(name)
        if (at >= 0) this.open.splice(at)
      } else {
        this.open.push(name)
      }
    }
    const rest = html.slice(consumed)
    const unfinished = UNFINISHED_TAG.exec(rest)
    this.pending = unfinished === null ? '' : rest.slice(unfinished.index)
  }

  /** False inside a tag or HTML comment that spans lines: a cut there would break the markup. */
  atSafeCut(): boolean {
    return this.pending === ''
  }

  /**
   * Text that closes what is open, innermost first: the fence right away, the HTML elements
   * after a blank line (so that a markdown table cannot take `</details>` for one more row).
   */
  closing(): string {
    const fence = this.fence === undefined ? '' : `\n${this.fence}`
    if (this.open.length === 0) return fence
    return `${fence}\n\n${this.open
      .map((name) => `</${name}>`)
      .reverse()
      .join('\n')}`
  }
}
